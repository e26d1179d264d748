"""`vdg tune`: tune a heuristic preset's parameters against a field of opponents (CMA-ES),
for Vasco da Gama or (``--game goa``) Goa.

Usage errors (unknown preset or parameter, bad numbers, existing output without --force, bad
data file) print one line to stderr and exit with code 2 before any game is played.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    SetOption,
    check_out_file,
    game_components,
    in_range,
    int_range,
    note,
    parse_names,
    parse_player_counts,
    prepare,
    seed_option,
    stop_on_interrupt,
)
from vdgsim.core import tuning
from vdgsim.core.plug import game_of
from vdgsim.core.tuning import Generation, TuneKit, TuneResult, coordinates

MAX_GENERATIONS = 10_000
MAX_POPSIZE = 1_000
MAX_GAMES = 10_000_000
MAX_WORKERS = 1024
SHOWN_CHANGES = 8  # parameters listed in the summary


def _kit(game: str) -> TuneKit:
    """The game's tuning kit (:attr:`vdgsim.core.plug.Game.tuning_kit`)."""
    g = game_of(game)
    if g.tuning_kit is None:
        raise InputError(f"vdg tune does not know {g.title}'s players (its plug has no kit)")
    return g.tuning_kit()


@contextmanager
def _generation_display(generations: int, enabled: bool) -> Iterator[Callable[[Generation], None]]:
    console = Console(stderr=True)

    def share(g: Generation, x: float) -> str:
        return f"{x:.3f}" if g.relative else f"{100 * x:.1f}%"

    def line(g: Generation) -> str:
        what = "relative win share (1 = fair)" if g.relative else "win share"
        return (
            f"generation {g.index}/{g.generations}: best {what} so far "
            f"{share(g, g.best_share)}, this generation {share(g, g.generation_best)}, "
            f"{g.dropped}/{g.candidates} dropped by racing, step {g.sigma:.3f}"
        )

    if not enabled:
        yield lambda g: None
        return
    if not console.is_terminal:
        # a log gets one line per generation instead of a redrawn bar
        yield lambda g: typer.echo(f"vdg: {line(g)}", err=True)
        return
    with Progress(
        TextColumn("tuning"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("generations"),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("", total=generations)

        def update(g: Generation) -> None:
            short = f"best {share(g, g.best_share)}, dropped {g.dropped}/{g.candidates}"
            bar.update(task, completed=g.index, description=short)
            bar.console.print(f"vdg: {line(g)}", highlight=False)

        yield update


def _pct(e_mean: float, low: float, high: float, signed: bool = False) -> str:
    fmt = "+.1f" if signed else ".1f"
    return f"{100 * e_mean:{fmt}}% [{100 * low:{fmt}}, {100 * high:{fmt}}]"


def _summary(result: TuneResult, out: Path, seconds: float) -> None:
    field = ", ".join(result.field)
    typer.echo(
        f"tuned {result.base} for {result.players_text} players against {field}: wrote {out} "
        f"({result.games_played:,} games in {seconds:.0f} s)"
    )
    for k, (t, b, d) in result.by_count.items():
        typer.echo(f"fresh deals: {t.deals:,} deals x {k} seats ({t.deals * k:,} games)")
        typer.echo(f"  tuned win share vs field: {_pct(t.mean, t.low, t.high)}")
        typer.echo(f"  base on the same deals:   {_pct(b.mean, b.low, b.high)}")
        typer.echo(f"  paired difference:        {_pct(d.mean, d.low, d.high, signed=True)}")
        typer.echo(f"  (a fair share against this field is {100 / k:.1f}% when all play alike)")
    changes = result.changes()[:SHOWN_CHANGES]
    typer.echo("parameters that changed most (old -> new):")
    width = max(len(name) for name, _, _ in changes)
    for name, old, new in changes:
        typer.echo(f"  {name:<{width}}  {old:g} -> {new:g}")


@stop_on_interrupt("nothing is written (the preset file is written when tuning ends)")
def tune(
    base: Annotated[
        str,
        typer.Argument(
            metavar="BASE",
            help="Preset to start from: a shipped name (default, frugal, ...; with --game goa "
            "Goa's: default, colonies, ...) or a preset .toml file. It must be an unrestricted "
            "heuristic preset.",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Preset file to write (TOML, loadable as a player name), e.g. "
            "my_players/tuned.toml.",
            show_default=False,
        ),
    ],
    field: Annotated[
        str,
        typer.Option(
            "--field",
            metavar="NAMES",
            help="Opponents, comma separated; each opponent seat of each deal draws one of them "
            "(seeded).",
        ),
    ] = "default",
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="Players per game, 2 to 4 (the tuned one included); several, comma separated "
            "(2,3,4), tune one preset for all of them together.",
        ),
    ] = "4",
    generations: Annotated[
        int,
        typer.Option(
            "--generations",
            help="CMA-ES generations (1 .. 10,000).",
            callback=int_range(1, MAX_GENERATIONS),
        ),
    ] = 20,
    popsize: Annotated[
        int | None,
        typer.Option(
            "--popsize",
            help="Candidates per generation (2 .. 1,000). [default: CMA-ES's 4 + 3 ln(dimension)]",
            show_default=False,
            callback=int_range(2, MAX_POPSIZE),
        ),
    ] = None,
    sigma: Annotated[
        float,
        typer.Option(
            "--sigma",
            help="Initial CMA-ES step size, as a share of each parameter's range (0 .. 0.5].",
        ),
    ] = tuning.SIGMA0,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            help="Games per candidate and generation, rounded up to whole deals of one game "
            "per seat (racing stops weak candidates earlier).",
            callback=int_range(1, MAX_GAMES),
        ),
    ] = 400,
    eval_games: Annotated[
        int | None,
        typer.Option(
            "--eval-games",
            help="Games on fresh deals to measure the tuned preset and the base at the end. "
            "[default: 4 x --games]",
            show_default=False,
        ),
    ] = None,
    params: Annotated[
        str | None,
        typer.Option(
            "--params",
            metavar="NAMES",
            help="Parameters to tune, comma separated; a per-Area/landing/character parameter "
            "(Goa: per development column or spice) tunes every entry, name.entry one (e.g. "
            "contest.navigation; Goa: column_weight.taxes). [default: all]",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, seed_option("Root seed (0 .. 2**63-1): same seed, same file.")] = 0,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists.")] = False,
    name: Annotated[
        str | None,
        typer.Option(
            "--name", help="The preset's name. [default: the --out file's name]", show_default=False
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help="Worker processes (1 .. 1024); the result does not depend on it.",
            callback=int_range(1, MAX_WORKERS),
        ),
    ] = 1,
    progress: Annotated[
        bool,
        typer.Option(
            "--progress/--no-progress",
            help="Show one line per generation (best win share, candidates dropped) on stderr.",
        ),
    ] = True,
    data: DataOption = None,
    set_: SetOption = None,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """Tune BASE's behaviour parameters with CMA-ES so it wins more often against --field,
    and write the result as a preset file with a [provenance] table. Every generation plays
    all candidates on the same deals (common random numbers) and stops clearly weaker ones
    early (paired racing); the tuned preset and BASE are then measured on fresh deals.

    With --game goa, the same for Goa's presets (and Goa's --data/--set)."""
    kit = _kit(game)
    counts = sorted(set(parse_player_counts(players, "--players", game)))
    if not 0.0 < sigma <= 0.5:
        raise InputError(f"--sigma must be in (0, 0.5], got {sigma}")
    if eval_games is not None:
        # its least depends on --players, so it is checked here rather than while parsing
        in_range("--eval-games", eval_games, 2 * sum(counts), MAX_GAMES)
    check_out_file(out, force)
    if out.suffix != ".toml":
        note(f"{out} does not end in .toml; a player name needs .toml or a / to be read as a file")
    field_names = parse_names(field, "--field")
    param_names = None if params is None else parse_names(params, "--params")
    components = game_components(game, data, set_)
    _check_players(kit, base, field_names, param_names, counts)
    command = "vdg " + shlex.join(sys.argv[1:])
    console = None if progress else Console(stderr=True, quiet=True)
    prepare(game, components, console)
    start = time.monotonic()
    try:
        with _generation_display(generations, progress) as show:
            result = tuning.tune(
                kit,
                base,
                field_names,
                counts[0] if len(counts) == 1 else counts,
                params=param_names,
                generations=generations,
                popsize=popsize,
                games=games,
                seed=seed,
                components=components,
                workers=workers,
                progress=show,
                eval_games=eval_games,
                sigma=sigma,
            )
    except ValueError as e:  # a TuneError, or the game's unknown-player error
        raise InputError(str(e)) from None
    _write(result, out, force, name or out.stem, command, time.monotonic() - start)


def _check_players(
    kit: TuneKit, base: str, field: list[str], params: list[str] | None, counts: list[int]
) -> None:
    """The tuned parameters' names and every player name, checked before compiling and
    playing; an unknown one is an :class:`InputError` naming the known ones."""
    try:
        coordinates(kit, params)
        tuning.start_row(kit, base, counts)
        for n in field:
            kit.resolve(n, counts[0])
    except tuning.TuneError as e:
        raise InputError(f"--params: {e}" if "parameter" in str(e) else str(e)) from None
    except ValueError as e:  # the game's unknown-player error, naming the known ones
        raise InputError(str(e)) from None


def _write(
    result: TuneResult, out: Path, force: bool, name: str, command: str, seconds: float
) -> None:
    """Write the tuned preset, print its summary, and say when it is not measurably better
    than its base on fresh deals."""
    try:
        result.write(out, force=force, name=name, command=command)
    except FileExistsError:
        raise InputError(f"{out} appeared while tuning; use --force to replace it") from None
    except OSError as e:
        raise InputError(f"cannot write {out}: {e.strerror or e}") from None
    _summary(result, out, seconds)
    d = result.difference
    if not d.low > 0:
        # the tuning-time "best so far" is the luckiest of many noisy estimates; only the
        # fresh deals say whether the file is worth using
        note(
            f"the tuned preset is not measurably better than {result.base} on fresh deals "
            f"(paired difference in {result.measure} {result.signed(d.mean)} "
            f"[{result.signed(d.low)}, {result.signed(d.high)}]); "
            "more --games or --generations, or other --params, may help"
        )
