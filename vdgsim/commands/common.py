"""Shared pieces of the command line: the one usage-error path, the options several commands
take (declared once here, with their parsing), and the status line shown while the engine
compiles.

An option that several commands take means one thing and is parsed one way: it is declared
here and reused, and ``tests/test_cli_options.py`` fails when two commands declare one option
name differently, unless :data:`PER_COMMAND_OPTIONS` says why that name is the command's own.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path, PureWindowsPath
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from vdgsim.core import _numba_cache, plug
from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.games.vasco.components import ComponentError, Components, load_components
from vdgsim.games.vasco.game import MAX_SEED

INTERRUPT_EXIT = 130  # 128 + SIGINT, as a shell reports a program Ctrl-C stopped
COMPILING = "Compiling the engine for this machine (once; about 3 minutes)…"
USAGE_EXIT = 2


class InputError(Exception):
    """Bad input from the user: printed as one line by :func:`usage_error`, exit code 2."""


def usage_error(message: str) -> typer.Exit:
    """The one error path of the command line: print ``vdg: error: MESSAGE`` on stderr and
    return the exit (code 2) for the caller to raise. `cli.py` sends every :class:`InputError`
    and every parsing error here too, so each usage error is one line in one format."""
    typer.echo(f"vdg: error: {message}", err=True)
    return typer.Exit(USAGE_EXIT)


def note(message: str) -> None:
    """One informational line on stderr (stdout stays the command's output)."""
    typer.echo(f"vdg: note: {message}", err=True)


@contextmanager
def stop_on_interrupt(kept: str | Callable[[], str]) -> Iterator[None]:
    """Ctrl-C inside (also while compiled code runs) ends the command with one line on stderr,
    ``vdg: interrupted; KEPT``, and exit code 130. ``kept`` says what was kept, or is called
    then to say it."""
    try:
        with compiled_interrupts():
            yield
    except KeyboardInterrupt:
        typer.echo(f"vdg: interrupted; {kept if isinstance(kept, str) else kept()}", err=True)
        raise typer.Exit(INTERRUPT_EXIT) from None


# --- one check per kind of value --------------------------------------------------------------


def in_range(option: str, value: int, lo: int, hi: int, span: str | None = None) -> int:
    """``value`` if it is in ``lo .. hi`` (``span`` spells the range for people), else an
    :class:`InputError` naming the option."""
    if not lo <= value <= hi:
        raise InputError(f"{option} must be in {span or f'{lo:,} .. {hi:,}'}, got {value:,}")
    return value


@functools.cache
def int_range(lo: int, hi: int, span: str | None = None) -> Callable[..., int | None]:
    """The validation callback of an integer option in ``lo .. hi``. Cached, so options with
    one range share one check object, which the declaration test compares."""

    def check(param: typer.CallbackParam, value: int | None) -> int | None:
        if value is None:
            return None
        try:
            return in_range(param.opts[0], value, lo, hi, span)
        except InputError as e:
            raise usage_error(str(e)) from None

    return check


# Every seed of the command line: the engine takes a seed as a non-negative int64, so one range
# for all keeps a seed that one command takes valid in every other.
SEED_RANGE = int_range(0, MAX_SEED, "0 .. 2**63-1")


def parse_names(text: str, option: str) -> list[str]:
    """The names of a comma-separated option, in order; an empty name (``a,,b``) is refused
    because it is always a typo, never a name."""
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise InputError(f"{option} has an empty name in {text!r}")
    return names


def _nearest_existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_out_file(out: Path, force: bool, option: str = "--out") -> None:
    """Refuse now, before any work, an output file that could not be written at the end: a
    directory, an existing file without ``--force``, or a place where no file can be made (a
    parent that is a file, or a directory that refuses new files)."""
    if out.is_dir():
        raise InputError(f"{option} {out} is a directory; give a file name")
    if out.exists() and not force:
        raise InputError(f"{out} exists; use --force to replace it")
    base = _nearest_existing(out.parent)
    if not base.is_dir():
        raise InputError(f"cannot write {out}: {base} is a file, not a directory")
    try:
        # a trial file, because permission bits do not tell (root, read-only mounts, ACLs)
        fd, trial = tempfile.mkstemp(prefix=".vdg-write-check.", dir=base)
    except OSError as e:
        raise InputError(f"cannot write {out}: {e.strerror or e} ({base})") from None
    os.close(fd)
    os.unlink(trial)


def check_resume_target(folder: Path | None, resume: bool, force: bool = False) -> None:
    """Refuse ``--resume`` of a folder that does not exist: nothing was started there (most
    often a typo in the path), and starting afresh would hide that. With ``force`` too, the
    command's own error (the two contradict each other) is the one to show."""
    if resume and not force and folder is not None and not folder.exists():
        raise InputError(
            f"--resume: {folder} does not exist, so there is nothing to finish; "
            "leave out --resume to start there"
        )


# --- options several commands share ------------------------------------------------------------

# Option names whose meaning is the command's own: their help (and bounds) differ per command,
# their value type does not. Every other option name that two commands take is declared once.
PER_COMMAND_OPTIONS: dict[str, str] = {
    "--seed": "one game (play), a batch (simulate, tournament, tune) or the bootstrap (ladder)",
    "--games": "games of a run, a line-up, a measurement or a tuning candidate",
    "--jobs": "worker processes of a run, an experiment or the --scale benchmark",
    "--out": "what is written: a run directory, a preset file, a ladder table or a report",
    "--force": "what is replaced: a run, experiment or report directory, or a preset file",
    "--resume": "what is finished: a run, an experiment or a report",
    "--progress": "what is shown: a progress bar, one line per generation, experiment progress",
    "--json": "what is printed as JSON: a game, a summary, a ladder or benchmark rows",
    "--quick": "a quick report or experiment, or a size-only check",
    "--presets": "presets to combine (tournament, ladder) or to measure (bench)",
    "--player-counts": "player counts to play (tournament, ladder) or to measure (bench)",
    "--players": "one game's player count (play, simulate), the old spelling of --player-counts "
    "(bench), or the counts one preset is tuned for (tune)",
}

DataOption = Annotated[
    str | None,
    typer.Option(
        "--data",
        help="Component data file (TOML) to use instead of the default, partly reconstructed one.",
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Override one component value, e.g. --set landings.calicut.completion_vp=6 "
        "(repeatable; list elements by index: vdg_tiles.tiles.3.variation=-1).",
    ),
]
ToleranceOption = Annotated[
    float | None,
    typer.Option(
        "--tolerance",
        help="How far from the fair share, in percentage points, every seat's (Goa: turn "
        "position's) win share may be in a balanced game (default 3; vdg report: the seats "
        "spec's tolerance_pp).",
        min=0.0,
        max=100.0,
    ),
]
ProgressBarOption = Annotated[
    bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
]
DEFAULT_GAME = plug.implicit_key()


def check_game(param: typer.CallbackParam, value: str) -> str:
    """``--game``: the key of a registered game (:mod:`vdgsim.core.plug`), else a one-line usage
    error naming them."""
    if value not in plug.game_keys():
        raise usage_error(f"--game must be one of {', '.join(plug.game_keys())}, got {value!r}")
    return value


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        metavar="GAME",
        help="The game, "
        + "; ".join(f"{g.key}: {g.blurb or g.title}" for g in plug.games().values())
        + ".",
        callback=check_game,
    ),
]
PlayersOption = Annotated[
    str | None,
    typer.Option(
        "--players",
        metavar="N",
        help="Number of players, 2 to 4 (default: the number of --lineup names, "
        "or 4 when it names one preset).",
        show_default=False,
    ),
]


def lineup_option(default: str) -> Any:
    """``--lineup``; only its default differs between the commands that take it."""
    return typer.Option(
        "--lineup",
        metavar="NAMES",
        help="Player preset per seat, comma separated (one name plays every seat): presets, "
        f"preset files, restrictions, e.g. default,random,random,random. [default: {default}]",
        show_default=False,
    )


def seed_option(help: str) -> Any:
    """A seed option (``--seed``, or another name): 0 .. 2**63-1 in every command."""
    return typer.Option(help=help, callback=SEED_RANGE)


def components_from_options(data: str | None, overrides: list[str] | None) -> Components:
    """Load component data for a command, turning data errors into usage failures."""
    try:
        return load_components(data, overrides or None)
    except ComponentError as e:
        raise InputError(str(e)) from None


def game_components(game: str, data: str | None, overrides: list[str] | None) -> Any:
    """``game``'s component data from ``--data`` and ``--set``; a data error is a usage error
    in the loader's own words."""
    try:
        return plug.game_of(game).load_components(data, overrides or [])
    except ValueError as e:
        raise InputError(str(e)) from None


def display_names(names: list[str]) -> list[str]:
    """Player names as shown to a reader: a preset file ``my_players/cautious.toml+x=y`` shows
    as ``cautious+x=y``; if two different files would then look alike, their paths stay."""

    def short(name: str) -> str:
        base, plus, terms = name.partition("+")
        base = base.strip()
        # a search player's options use "/" too (decisions=bid/place_marker): not a path
        path = ("/" in base or "\\" in base) and "=" not in base
        if base.endswith(".toml") or path:
            base = PureWindowsPath(base).stem  # either separator
        return base + plus + terms

    short_names = [short(n) for n in names]
    sources: dict[str, set[str]] = {}
    for n, s in zip(names, short_names, strict=True):
        sources.setdefault(s, set()).add(n)
    return [n if len(sources[s]) > 1 else s for n, s in zip(names, short_names, strict=True)]


def parse_player_counts(
    text: str, option: str = "--player-counts", game: str | None = None
) -> list[int]:
    """The player counts of a comma-separated option (each one the game is for), in the order
    given."""
    g = plug.game_of(game)
    words = [x.strip() for x in text.split(",")]
    if not any(words):
        raise InputError(f"{option} is empty: it names no player count")
    if not all(words):
        # "2,,3" is a typo for some count, never a way to write "2,3"
        raise InputError(f"{option} has an empty entry in {text!r}")
    try:
        counts = [int(x) for x in words]
    except ValueError:
        raise InputError(f"{option} must be comma-separated numbers, got {text!r}") from None
    for p in counts:
        if p not in g.player_counts:
            raise InputError(
                f"{option} must be {_choices(g.player_counts)} ({g.title} is for "
                f"{g.counts_text()} players), got {p}"
            )
    return counts


def player_lineup(
    lineup: str | None, players: str | None, notes: list[str], default: str, game: str | None = None
) -> list[str]:
    """The preset of each seat from ``--lineup`` (``default`` if not given) and ``--players``
    (a count, 2 to 4).

    ``--players`` with a non-number is the old spelling of the line-up: it still works, with
    a note added to ``notes`` (printed after every check, so an error stays one line).
    """
    count: int | None = None
    if players is not None:
        try:
            count = int(players)
        except ValueError:
            if all(x.strip().isdigit() for x in players.split(",")):
                raise InputError(
                    f"--players is one count (2 to 4), got {players!r}; to play several "
                    "player counts use vdg tournament --player-counts"
                ) from None
            if lineup is not None:
                raise InputError(
                    f"--players is a count (2 to 4), got {players!r}; the line-up goes in --lineup"
                ) from None
            notes.append(f"--players is now a count; use --lineup {players}")
            lineup = players
    return seat_lineup(lineup if lineup is not None else default, count, game=game)


def check_player_count(players: int, game: str | None = None) -> int:
    g = plug.game_of(game)
    if players not in g.player_counts:
        raise InputError(
            f"--players must be {_choices(g.player_counts)} ({g.title} is for "
            f"{g.counts_text()} players), got {players}"
        )
    return players


def _choices(counts: tuple[int, ...]) -> str:
    c = [str(n) for n in sorted(counts)]
    return c[0] if len(c) == 1 else ", ".join(c[:-1]) + " or " + c[-1]


def seat_lineup(
    lineup: str, players: int | None, option: str = "--lineup", game: str | None = None
) -> list[str]:
    """One player name per seat: one name fills every seat (``players`` of them, else the
    game's largest count); k names make a k-player game, and ``players`` must then be k."""
    g = plug.game_of(game)
    names = [n.strip() for n in lineup.split(",")]
    if not all(names):
        raise InputError(f"{option} has an empty name in {lineup!r}")
    if players is not None:
        check_player_count(players, game)
    if len(names) == 1:
        return names * (players if players is not None else max(g.player_counts))
    if players is not None and len(names) != players:
        raise InputError(
            f"{option} names {len(names)} players but --players is {players} "
            "(give one name for every seat, or one name per seat)"
        )
    if len(names) not in g.player_counts:
        raise InputError(
            f"{option} names {len(names)} players; {g.title} is for "
            f"{_choices(g.player_counts)} players"
        )
    return names


class _Elapsed:
    """Status text whose seconds count up each time rich redraws it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.start = time.monotonic()

    def __rich__(self) -> Text:
        return Text(f"{self.text} {time.monotonic() - self.start:.0f} s")


@contextmanager
def compile_status(console: Console | None = None) -> Iterator[None]:
    """Around code that compiles the engine: when the compiled cache is cold, say so on stderr
    with the seconds elapsed (a live status line on a terminal, one line before and one after
    otherwise). On a warm cache, or with compilation off, it shows nothing.

    Put only the compiling work inside, not the whole batch; :func:`ensure_compiled` is the
    usual way (it also marks the cache warm, which this does not).
    """
    if _numba_cache.jit_disabled() or _numba_cache.is_warm():
        yield
        return
    console = console or Console(stderr=True)
    elapsed = _Elapsed(COMPILING)
    if console.is_terminal:
        with console.status(elapsed):
            yield
    else:
        console.print(f"vdg: {COMPILING}", highlight=False, soft_wrap=True)
        yield
    console.print(
        f"vdg: compiled in {time.monotonic() - elapsed.start:.0f} s "
        f"(cached in {_numba_cache.cache_dir()})",
        highlight=False,
        soft_wrap=True,
    )


_WARM_UP = "from vdgsim.core.plug import game_of; game_of({key!r}).compile()"


def _start_warm_up(key: str) -> subprocess.Popen[bytes] | None:
    """A game's entry points compiled by a child process into the same cache while this one
    compiles another game's: the games share no compiled function, so a second core shortens
    the first compilation. None where there is nothing to compile."""
    if _numba_cache.jit_disabled():
        return None
    env = dict(os.environ, NUMBA_CACHE_DIR=str(_numba_cache.cache_dir()), VDGSIM_JIT="always")
    package_root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    try:
        return subprocess.Popen(
            [sys.executable, "-c", _WARM_UP.format(key=key)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None


def warm_up() -> None:
    """Compile (or load from the cache) every compiled entry point of every registered game
    (:attr:`vdgsim.core.plug.Game.compile`): the implicit game's here, the others' in child
    processes meanwhile; then mark the cache warm."""
    compiled = [(g, g.compile) for g in plug.games().values() if g.compile is not None]
    here = [c for c in compiled if c[0].implicit] or compiled[:1]
    children = [(run, _start_warm_up(g.key)) for g, run in compiled if (g, run) not in here]
    try:
        for _, run in here:
            run()
    except BaseException:  # Ctrl-C or a failure here: no child left compiling on its own
        for _, child in children:
            if child is not None:
                child.kill()
                child.wait()
        raise
    for run, child in children:
        if child is None or child.wait() != 0:
            run()  # here, so that a failure shows its traceback
    _numba_cache.mark_warm()


def prepare(game: str, components: Any, console: Console | None = None) -> None:
    """Before a batch command's timed play: every compiled entry point (once, on a cold
    cache), then the game's chunk loop on its component data, under :func:`compile_status`."""
    from vdgsim.runner.run import warm_up as warm_up_runner

    ensure_compiled(console)
    with compile_status(console):
        warm_up_runner(components, game)


@contextmanager
def positions_progress(label: str, games: int, enabled: bool = True) -> Iterator[Any]:
    """A bar of games done and positions seen (``vdg regret``, ``vdg distill``) on stderr;
    yields ``update(completed=..., positions=...)`` (either keyword may be left out)."""
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games · {task.fields[positions]} positions"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=not enabled,
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=games, positions=0)
        yield lambda **fields: bar.update(task, **fields)


def ensure_compiled(console: Console | None = None) -> None:
    """Compile (or load) every compiled entry point now, under :func:`compile_status`, so a
    batch command's own progress display starts after compilation and worker processes load
    the cache instead of each compiling. Does nothing on a warm cache (each function then loads
    from it when first called)."""
    if _numba_cache.jit_disabled() or _numba_cache.is_warm():
        return
    with compile_status(console):
        warm_up()
