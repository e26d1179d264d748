"""`vdg regret`: where a preset's decisions lose against one ply of search, for Vasco da Gama
or (``--game goa``) Goa.

Plays a line-up's games and, at sampled decisions, rolls out every legal action
(:mod:`vdgsim.core.regret_sampling` with the game's kit: :mod:`strategies.vasco.search.regret`,
:mod:`strategies.goa.search.regret`); prints the regret per decision kind and the
commonest disagreements (:mod:`vdgsim.analysis.regret`) and, with ``--out``, writes the table.
Bad input prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import polars as pl
import typer

from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    PlayersOption,
    ProgressBarOption,
    SetOption,
    display_names,
    game_components,
    lineup_option,
    player_lineup,
    positions_progress,
    prepare,
    seed_option,
    stop_on_interrupt,
)
from vdgsim.commands.tables import Cell, Col, fit_table, stdout_console
from vdgsim.core.plug import game_of

if TYPE_CHECKING:
    import numpy as np

    from vdgsim.core.regret_sampling import RegretKit


def _write(table: pl.DataFrame, out: Path) -> None:
    from vdgsim.runner.output import atomic_write_bytes

    data = io.BytesIO()
    table.write_parquet(data)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(out, data.getvalue())
    except OSError as e:
        raise InputError(f"cannot write {out}: {e.strerror or e}") from None


def _kit(game: str) -> RegretKit:
    """The game's regret kit (:attr:`vdgsim.core.plug.Game.regret_kit`)."""
    g = game_of(game)
    if g.regret_kit is None:
        raise InputError(f"vdg regret does not know {g.title}'s players (its plug has no kit)")
    return g.regret_kit()


def _table_and_components(
    game: str, names: list[str], data: str | None, overrides: list[str] | None
) -> tuple[np.ndarray, Any]:
    """The line-up's parameter table (an unknown preset is a usage error) and the game's
    component data from ``--data`` and ``--set``."""
    g = game_of(game)
    try:
        table = g.params_table(names)
    except ValueError as e:  # each game's unknown-preset error
        raise InputError(str(e)) from None
    return table, game_components(game, data, overrides)


def _cell(mean: float, low: float | None, high: float | None, digits: int) -> Cell:
    interval = "n/a" if low is None else f"[{low:+.{digits}f}, {high:+.{digits}f}]"
    return f"{mean:+.{digits}f}", interval


def _print(table: pl.DataFrame, top: int) -> None:
    from vdgsim.analysis.regret import disagreements, regret_summary

    console = stdout_console()
    summary = regret_summary(table)
    names = summary["preset"].unique(maintain_order=True).to_list()
    shown = dict(zip(names, display_names(names), strict=True))
    cols = [Col("players"), Col("preset", "left"), Col("decision", "left"), Col("positions")]
    cols += [Col("win share", "right", "[95%]"), Col("VP", "right", "[95%]")]
    cols.append(Col("best", "right", "differs"))
    rows: list[list[Cell]] = [
        [
            str(r["players"]),
            shown[r["preset"]],
            r["decision"],
            f"{r['positions']:,}",
            _cell(r["regret"], r["low"], r["high"], 3),
            _cell(r["regret_vp"], r["vp_low"], r["vp_high"], 2),
            f"{100 * r['differs']:.0f}%",
        ]
        for r in summary.iter_rows(named=True)
    ]
    title = "regret per decision: what the preset's choice loses against the best action"
    console.print(fit_table(title, cols, rows, console.width))
    cols = [Col("decision", "left"), Col("preset's", "left", "choice")]
    cols += [Col("rollouts'", "left", "best"), Col("positions"), Col("summed", "right", "regret")]
    rows = [
        [
            r["decision"],
            r["chosen_category"],
            r["best_category"],
            str(r["positions"]),
            f"{r['summed_regret']:+.2f}",
        ]
        for r in disagreements(table, top).iter_rows(named=True)
    ]
    title = f"commonest disagreements (top {top} per decision, by summed regret)"
    console.print(fit_table(title, cols, rows, console.width))


@stop_on_interrupt(
    "nothing is kept (the table is shown, and written with --out, when sampling ends)"
)
def regret(
    lineup: Annotated[str | None, lineup_option("default")] = None,
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("--games", help="Games to sample from.", min=1)] = 10,
    seed: Annotated[int, seed_option("Seed of the first game (game i uses seed + i).")] = 0,
    kinds_text: Annotated[
        str | None,
        typer.Option(
            "--kinds",
            help="Decision kinds to sample, comma separated (the names of a search player's "
            "decisions=): place_disc, act, launch, send_merchant, ...; with --game goa "
            "place_marker, bid, owners_choice, action_turn, ... [default: act,place_disc; "
            "with --game goa place_marker,bid,owners_choice,action_turn]",
            show_default=False,
        ),
    ] = None,
    every: Annotated[
        int,
        typer.Option("--every", help="Sample every N-th decision of those kinds.", min=1),
    ] = 1,
    rollouts: Annotated[
        int,
        typer.Option(
            "--rollouts",
            help="Rollouts per legal action, even (half pick the best action, half score it).",
            min=2,
        ),
    ] = 64,
    dets: Annotated[
        int, typer.Option("--dets", help="Distinct deals of the face-down piles.", min=1)
    ] = 32,
    top: Annotated[
        int, typer.Option("--top", help="Disagreements shown per decision kind.", min=1)
    ] = 8,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Write the table (one row per position and action) to .parquet."
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists.")] = False,
    progress: ProgressBarOption = True,
    data: DataOption = None,
    overrides: SetOption = None,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """Find where a preset's decisions lose against one ply of search: at sampled decisions
    of its games every legal action is rolled out (the line-up's presets playing on), and the
    regret of the preset's choice is the win share it gives up against the best action
    (picked on half the rollouts, scored on the other half).

    With --game goa, the same for Goa's presets, decision kinds and --data/--set."""
    from vdgsim.core.regret_sampling import RegretSettings
    from vdgsim.games.vasco.game import MAX_SEED

    kit = _kit(game)
    notes: list[str] = []
    names = player_lineup(lineup, players, notes, "default", game)
    if rollouts % 2:
        raise InputError(f"--rollouts must be even (two halves), got {rollouts}")
    if seed + games - 1 > MAX_SEED:
        raise InputError(f"--seed + --games - 1 must be at most {MAX_SEED} (game i uses seed + i)")
    if kinds_text is None:
        kinds_text = ",".join(kit.default_decisions)
    kinds = [k.strip() for k in kinds_text.split(",") if k.strip()]
    if not kinds:
        raise InputError("--kinds names no decision kind")
    if out is not None:
        if out.suffix.lower() != ".parquet":
            raise InputError(f"--out must end in .parquet, got {out}")
        if out.exists() and not force:
            raise InputError(f"{out} exists; add --force to replace it")
    settings = RegretSettings(tuple(names), games, seed, tuple(kinds), every, rollouts, dets)
    table, comp = _table_and_components(game, names, data, overrides)
    try:
        kit.check_settings(settings, table)
    except ValueError as e:
        raise InputError(str(e)) from None
    for n in notes:
        typer.echo(f"vdg: {n}", err=True)
    prepare(game, comp)
    t0 = time.perf_counter()
    with positions_progress("regret", games, progress) as update:
        try:
            result = kit.sample_positions(
                settings,
                table,
                comp,
                on_game=lambda done, pos: update(completed=done, positions=pos),
            )
        except ValueError as e:
            raise InputError(str(e)) from None
    wall = time.perf_counter() - t0
    if out is not None:
        _write(result, out)
    positions = result["position"].n_unique() if result.height else 0
    typer.echo(
        f"{games} game{'s' * (games != 1)} of {', '.join(display_names(names))} "
        f"(seeds {seed}..{seed + games - 1}) · "
        f"{positions:,} positions · {rollouts} rollouts per action · {wall:.1f} s"
    )
    if positions == 0:
        typer.echo("no decision of those kinds had more than one legal action")
        return
    _print(result, top)
    if out is not None:
        typer.echo(f"wrote {out}")
