"""`vdg ladder DIR`: Bradley–Terry ratings (Elo scale) with bootstrap intervals per player count.

Reads a tournament directory written by ``vdg tournament`` (the analysis never replays
games). With ``--play`` it first plays the tournament into ``DIR`` through the runner API
(``--resume`` finishes one an interrupted ``--play`` left). Bad input (not a tournament
directory, unknown anchor or preset, an output file of another kind) prints one line on
stderr and exits with code 2.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shlex
import time
import warnings
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer

from vdgsim.analysis.ladder import DEFAULT_BOOTSTRAP, DEFAULT_PRIOR, Ladder
from vdgsim.commands.common import (
    DEFAULT_GAME,
    INTERRUPT_EXIT,
    GameOption,
    InputError,
    check_out_file,
    check_resume_target,
    display_names,
    note,
    parse_names,
    parse_player_counts,
    prepare,
    seed_option,
)
from vdgsim.commands.simulate import progress_bar
from vdgsim.commands.tables import Cell, Col, fit_table, stdout_console
from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.core.plug import game_of
from vdgsim.runner.run import UnfinishedRunWarning

OUT_SUFFIXES = (".csv", ".parquet")


def _title(player_count: int | None) -> str:
    return "pooled over player counts" if player_count is None else f"{player_count} players"


def _fmt_rating(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:+.0f}"


_LADDER_COLUMNS = (
    Col("#"),
    Col("player", "left"),
    Col("rating", "right", "[95%]"),
    Col("games"),
    Col("win share", "right", "[95%]"),
    Col("score vs anchor", "right", "[95%]"),
)


def _ladder_row(k: int, name: str, r: dict[str, Any]) -> list[Cell]:
    no_interval = math.isnan(r["lo"])  # --bootstrap 0
    return [
        str(k),
        name,
        (
            _fmt_rating(r["rating"]),
            "n/a" if no_interval else f"[{_fmt_rating(r['lo'])}, {_fmt_rating(r['hi'])}]",
        ),
        f"{r['games']:,}",
        (f"{100 * r['win_share']:.1f}%", f"[{100 * r['ws_lo']:.1f}, {100 * r['ws_hi']:.1f}]"),
        (
            f"{r['expected_vs_anchor']:.3f}",
            "" if no_interval else f"[{r['ev_lo']:.3f}, {r['ev_hi']:.3f}]",
        ),
    ]


def _print_tables(result: Ladder) -> None:
    console = stdout_console()
    table = result.table
    names = table["player"].unique(maintain_order=True).to_list()
    shown = dict(zip(names, display_names(names), strict=True))
    counts = table["player_count"].unique(maintain_order=True).to_list()
    for count in counts:
        rows = table.filter(
            pl.col("player_count").is_null() if count is None else pl.col("player_count") == count
        )
        anchor = rows["anchor"][0]
        title = (
            f"{_title(count)} · anchor {shown.get(anchor, anchor)} = 0 · {rows['deals'][0]:,} deals"
        )
        cells = [
            _ladder_row(k, shown[r["player"]], r)
            for k, r in enumerate(rows.iter_rows(named=True), start=1)
        ]
        console.print(fit_table(title, _LADDER_COLUMNS, cells, console.width))


def _provenance(result: Ladder) -> dict[str, Any]:
    info = result.info
    return {
        "tournament": str(result.source),
        "components_digest": info.digest if info else None,
        "games": info.games if info else None,
        "tournament_seeds": list(info.seeds) if info else [],
        "vdgsim_version": info.version if info else None,
        "anchor": result.anchor,
        "bootstrap": result.bootstrap,
        "bootstrap_seed": result.seed,
    }


def _unfinished_note(directory: Path) -> str | None:
    """None for a finished tournament; else what its ladder rates, and the command that
    finishes it."""
    from vdgsim.commands.check import tournament_command
    from vdgsim.runner.output import MANIFEST
    from vdgsim.runner.tournament import TOURNAMENT_MANIFEST

    try:
        meta = json.loads((directory / TOURNAMENT_MANIFEST).read_text(encoding="utf-8"))
        paths = [directory / e["name"] / MANIFEST for e in meta["runs"]]
        runs = [json.loads(p.read_text(encoding="utf-8")) for p in paths if p.exists()]
    except (OSError, ValueError, KeyError, TypeError):
        return None  # the ladder itself has read what it could
    done = sum(1 for r in runs if r.get("complete"))
    if done == len(paths):
        return None
    text = (
        f"{directory} is an unfinished tournament ({done} of {len(paths)} line-ups finished): "
        "these ratings are of the games played so far"
    )
    if not runs:
        return text
    return f"{text}; finish it with: {tournament_command(directory, meta, runs[0])}"


def _json_value(v: Any) -> Any:
    # JSON has no NaN: an interval without bootstrap draws is null
    return None if isinstance(v, float) and math.isnan(v) else v


def _command_line(ctx: typer.Context) -> list[str]:
    """``vdg ladder`` with the arguments and options given on this command line, as given."""
    argv = ["vdg", "ladder"]
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name)
        if source is None or source.name != "COMMANDLINE":
            continue
        value = ctx.params[param.name]
        if param.param_type_name == "argument":
            argv.append(str(value))
        elif getattr(param, "is_flag", False):
            argv.append(param.opts[0] if value else param.secondary_opts[0])
        else:
            argv += [param.opts[0], str(value)]
    return argv


def _play(
    out_dir: Path,
    presets: str | None,
    player_counts: str,
    games: int,
    seed: int,
    jobs: int,
    game: str,
    resume: bool,
    force: bool,
    again: list[str],
) -> None:
    from vdgsim import runner
    from vdgsim.runner import RunDirError
    from vdgsim.runner.tournament import check_tournament_dir, tournament_plan

    if not presets:
        raise InputError("--play needs --presets, e.g. --presets default,random,frugal")
    if resume and force:
        raise InputError(
            "--resume and --force contradict each other: --resume keeps the games played, "
            "--force deletes them"
        )
    names = list(dict.fromkeys(parse_names(presets, "--presets")))
    counts = list(dict.fromkeys(parse_player_counts(player_counts, game=game)))
    try:
        if len(names) < 2:
            raise ValueError("--presets must name at least two players to rank")
        # checks presets and counts before compiling
        plan = tournament_plan(names, counts, games, game=game)
        check_resume_target(out_dir, resume)
        check_tournament_dir(out_dir, resume=resume, force=force)
    except (RunDirError, ValueError) as e:  # ValueError: also each game's unknown preset
        raise InputError(str(e)) from None
    try:
        with compiled_interrupts():
            prepare(game, game_of(game).default_components())
            t0 = time.perf_counter()
            with progress_bar(sum(e["games"] for e in plan), True) as advance:
                runner.tournament(
                    names,
                    counts,
                    games,
                    seed,
                    out=out_dir,
                    jobs=jobs,
                    game=game,
                    progress=advance,
                    resume=resume,
                    force=force,
                )
    except (RunDirError, ValueError) as e:
        raise InputError(str(e)) from None
    except KeyboardInterrupt:
        if out_dir.exists():
            kept = f"the games played so far are kept in {out_dir}"
            then = [a for a in again if a != "--force"] + ([] if resume else ["--resume"])
        else:  # stopped while compiling, before the folder was made
            kept = f"nothing is saved yet in {out_dir}"
            then = again
        typer.echo(
            f"vdg: interrupted; {kept} - continue with: {shlex.join(then)}",
            err=True,
        )
        raise typer.Exit(INTERRUPT_EXIT) from None
    typer.echo(
        f"vdg: played the tournament into {out_dir} in {time.perf_counter() - t0:.1f} s",
        err=True,
    )


def ladder(
    ctx: typer.Context,
    directory: Annotated[
        Path | None,
        typer.Argument(
            metavar="DIR",
            help="Tournament directory written by vdg tournament (or, with --play, to write).",
            show_default=False,
        ),
    ] = None,
    anchor: Annotated[
        str | None,
        typer.Option(
            "--anchor",
            help="Player rated 0 (default: baseline_v1, else default, else the first preset).",
        ),
    ] = None,
    bootstrap: Annotated[
        int,
        typer.Option(
            "--bootstrap", help="Bootstrap resamples of whole deals for the intervals.", min=0
        ),
    ] = DEFAULT_BOOTSTRAP,
    seed: Annotated[int, seed_option("Seed of the bootstrap generator.")] = 0,
    prior: Annotated[
        float,
        typer.Option(
            "--prior",
            help="Virtual tied comparisons per pair of players (keeps ratings finite).",
            min=0.0,
        ),
    ] = DEFAULT_PRIOR,
    pooled: Annotated[
        bool,
        typer.Option("--pooled/--no-pooled", help="Also rate over every player count together."),
    ] = True,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Also write the ladder table to FILE.csv or FILE.parquet."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON lines (provenance, then one per row).")
    ] = False,
    play: Annotated[
        bool,
        typer.Option("--play", help="First play the tournament into DIR (or --out-dir)."),
    ] = False,
    presets: Annotated[
        str | None, typer.Option("--presets", help="With --play: presets, comma separated.")
    ] = None,
    player_counts: Annotated[
        str, typer.Option("--player-counts", help="With --play: player counts, e.g. 2,3,4.")
    ] = "2,3,4",
    games: Annotated[
        int, typer.Option("--games", help="With --play: games per line-up.", min=1)
    ] = 1000,
    tournament_seed: Annotated[int, seed_option("With --play: root seed of the games.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="With --play: worker processes.", min=1)
    ] = 1,
    out_dir: Annotated[
        Path | None, typer.Option("--out-dir", help="With --play: the tournament directory.")
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="With --play: finish the tournament an interrupted --play left in DIR "
            "(the same options), then rate it.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="With --play: replace the tournament in DIR (not with --resume)."
        ),
    ] = False,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """Rate the players of a tournament: Bradley–Terry on the Elo scale, per player count.
    DIR may hold a tournament of either game; --game (vdg or goa) says which game --play
    plays."""
    from vdgsim.analysis.ladder import ladder as fit
    from vdgsim.runner import RunDirError

    if out_dir is not None and directory is not None and out_dir != directory:
        raise InputError(f"give the tournament directory once: {directory} or --out-dir {out_dir}")
    directory = directory if directory is not None else out_dir
    if directory is None:
        raise InputError("name the tournament directory: vdg ladder DIR")
    if out_dir is not None and not play:
        raise InputError("--out-dir is for --play; name the tournament directory as DIR")
    if out is not None:
        if out.suffix.lower() not in OUT_SUFFIXES:
            raise InputError(f"--out must end in .csv or .parquet, got {out}")
        check_out_file(out, force=True)  # the table is rewritten on every call
    if play:
        named = parse_names(presets, "--presets") if presets else []
        if anchor is not None and named and anchor not in named:
            # checked before playing: a typo must not cost a whole tournament
            raise InputError(f"--anchor {anchor!r} is not among --presets ({', '.join(named)})")
        _play(
            directory,
            presets,
            player_counts,
            games,
            tournament_seed,
            jobs,
            game,
            resume,
            force,
            _command_line(ctx),
        )
    elif presets is not None:
        raise InputError("--presets is for --play; vdg ladder DIR reads a finished tournament")
    elif resume or force:
        option = "--resume" if resume else "--force"
        raise InputError(f"{option} is for --play; vdg ladder DIR reads a tournament as it is")
    t0 = time.perf_counter()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnfinishedRunWarning)
            result = fit(
                directory, anchor=anchor, bootstrap=bootstrap, seed=seed, prior=prior, pooled=pooled
            )
    except (RunDirError, ValueError) as e:
        raise InputError(str(e)) from None
    for w in caught:
        # one note for the tournament below, rather than a warning per run with a run's command
        if not issubclass(w.category, UnfinishedRunWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    unfinished = _unfinished_note(directory)
    if unfinished is not None:
        note(unfinished)
    wall = time.perf_counter() - t0
    if out is not None:
        # written to a temporary file and renamed, so an interrupted write leaves no half table
        tmp = out.with_name(f".{out.name}.tmp")
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            if out.suffix.lower() == ".csv":
                result.table.write_csv(tmp)
            else:
                result.table.write_parquet(tmp)
            os.replace(tmp, out)
        except OSError as e:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            raise InputError(f"cannot write {out}: {e.strerror or e}") from None
    prov = _provenance(result)
    if as_json:
        typer.echo(json.dumps({"table": "provenance", **prov, "seconds": round(wall, 2)}))
        for r in result.table.iter_rows(named=True):
            typer.echo(json.dumps({"table": "ladder", **{k: _json_value(v) for k, v in r.items()}}))
        return
    seeds = ", ".join(str(s) for s in prov["tournament_seeds"])
    typer.echo(
        f"tournament {prov['tournament']} · component data {prov['components_digest']} · "
        f"{prov['games']:,} games · seed {seeds} · bootstrap {bootstrap} over deals, "
        f"seed {seed} · {wall:.1f} s"
    )
    _print_tables(result)
    if out is not None:
        typer.echo(f"wrote {out}")
