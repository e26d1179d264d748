"""The `vdg` command: play, simulate, tournament, ladder, experiment, report, bench, data, tune,
regret, distill, balance, compare, presets, summary.

Every usage error (bad option, unknown preset, wrong player count, bad data file) prints one
line to stderr and exits with code 2.

Each command's module is imported only when that command runs (or its help is shown): they
import numba, polars, matplotlib and the engines, which take seconds, and ``vdg --help`` needs
none of them. The list of commands below therefore carries each command's one-line summary;
``tests/test_cli.py`` checks that it is the one the command's own help opens with.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Mapping
from typing import Annotated, Any

if sys.argv[1:2] == ["play"]:
    # One game needs no compiled code: on a machine without a complete compiled cache, play it
    # as plain Python (the same game, in about a second) instead of compiling for about 3 minutes
    # first. vdgsim.core._numba_cache reads this when vdgsim is imported, before anything compiles.
    os.environ.setdefault("VDGSIM_JIT", "if-warm")

import typer
from typer.core import TyperGroup
from typer.exceptions import TyperException

# name: (module, attribute, the first sentence of its help); the attribute is a command
# function or a typer.Typer of subcommands
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": (
        "vdgsim.commands.play",
        "play",
        "Play one game and print a round-by-round account: placements with numbers and Areas,"
        " the free number, each action or give-up with its cost, the landings after Phase 3, "
        "and the final scores with their sources.",
    ),
    "simulate": (
        "vdgsim.commands.simulate",
        "simulate",
        "Simulate many games of one table and summarise win shares and VP by strategy and seat.",
    ),
    "tournament": (
        "vdgsim.commands.simulate",
        "tournament",
        "Play every combination of the presets for 2, 3 and 4 players with seats rotated.",
    ),
    "ladder": (
        "vdgsim.commands.ladder",
        "ladder",
        "Rate the players of a tournament: Bradley–Terry on the Elo scale, per player count.",
    ),
    "report": (
        "vdgsim.commands.report",
        "report",
        "Run the experiments and write index.html (self-contained), report.md, charts, tables.",
    ),
    "bench": (
        "vdgsim.commands.bench",
        "bench",
        "Measure games per second on one core: the compiled whole-game loop and the Python "
        "step-by-step loop over the same engine, for each player count and preset, and their "
        "ratio.",
    ),
    "check": (
        "vdgsim.commands.check",
        "check",
        "Check a run directory: its manifest and every chunk file's size and sha256.",
    ),
    "tune": (
        "vdgsim.commands.tune",
        "tune",
        "Tune BASE's behaviour parameters with CMA-ES so it wins more often against --field, "
        "and write the result as a preset file with a [provenance] table.",
    ),
    "regret": (
        "vdgsim.commands.regret",
        "regret",
        "Find where a preset's decisions lose against one ply of search: at sampled decisions"
        " of its games every legal action is rolled out (the line-up's presets playing on), "
        "and the regret of the preset's choice is the win share it gives up against the best "
        "action (picked on half the rollouts, scored on the other half).",
    ),
    "distill": (
        "vdgsim.commands.distill",
        "distill",
        "Distil search into the learned player (expert iteration): collect its Phase 2 "
        "decisions against the opponent, label every legal action with rollouts, fit the "
        "weights, score them on held-out games, play them against the opponents, write them; "
        "repeat with the new player.",
    ),
    "balance": (
        "vdgsim.commands.balance",
        "balance",
        "Search component values (--vary) that bring the win shares by seat (or turn "
        "position) of the chosen player counts within --tolerance of fair, with the same "
        "player in every seat: exhaustively when the ranges are small, else by CMA-ES; the "
        "best candidates are played again on fresh seeds and optionally at a stronger level.",
    ),
    "compare": (
        "vdgsim.commands.compare",
        "compare",
        "Put a what-if variant's report (vdg report --data/--set) beside its base: each "
        "finding's effect and each key number in both, their difference with a 95% interval "
        "(paired deal by deal where both reports' runs are on disk), and every finding whose "
        "verdict changed.",
    ),
    "presets": (
        "vdgsim.commands.presets",
        "presets",
        "List the shipped player presets with their descriptions, and the search players; any"
        " of them names a seat of --lineup (a preset may take restrictions and parameter "
        "changes, a search player its budget).",
    ),
    "summary": (
        "vdgsim.commands.summary",
        "summary",
        "Print the summary tables of a recorded run (win share and mean VP by strategy and by"
        " seat, with intervals) as vdg simulate printed them, without playing anything.",
    ),
    "experiment": (
        "vdgsim.commands.experiment",
        "experiment_app",
        "Run experiment specs (one per question) into run directories.",
    ),
    "data": (
        "vdgsim.commands.data",
        "data_app",
        "Component data: show the default file, check a file (--game goa: Goa's data).",
    ),
}


def load_command(name: str) -> Any:
    """The click command (or group) of ``name``, its module imported now."""
    module, attribute, _ = COMMANDS[name]
    target = getattr(importlib.import_module(module), attribute)
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)
    else:
        # a command made as the app would make it: plain help text, no rich markup
        one = typer.Typer(add_completion=False, rich_markup_mode=None)
        one.command(name)(target)
        command = typer.main.get_command(one)
    command.name = name
    return command


class _Commands(Mapping[str, Any]):
    """The commands by name, each loaded when first looked up."""

    def __init__(self) -> None:
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in COMMANDS:
            raise KeyError(name)
        if name not in self._loaded:
            self._loaded[name] = load_command(name)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class LazyGroup(TyperGroup):
    """The `vdg` group: its commands are loaded when run, and its help lists them from
    :data:`COMMANDS` without loading any."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Commands()

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        from typer._click.utils import make_default_short_help

        # as click lays the list out: room for the longest name and 3 times the spacing
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, make_default_short_help(s, limit)) for name, (_, _, s) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


app = typer.Typer(
    name="vdg",
    cls=LazyGroup,
    help="Strategy analysis of Vasco da Gama and Goa (--game goa), 2-4 players.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if not value:
        return
    import vdgsim
    from vdgsim.runner.output import git_commit

    commit = git_commit()  # "<sha>" or "<sha>-dirty"; None outside a git checkout
    if commit:
        sha, _, dirty = commit.partition("-")
        commit = sha[:12] + (f", {dirty}" if dirty else "")
    typer.echo(f"vdg {vdgsim.__version__}" + (f" (git {commit})" if commit else ""))
    raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print the package version (and the git commit of a source checkout) and exit.",
        ),
    ] = False,
) -> None:
    """Strategy analysis of Vasco da Gama and Goa (--game goa), 2-4 players."""


def _usage_error(message: str) -> None:
    from vdgsim.commands.common import usage_error

    usage_error(message)


def main() -> None:
    """Entry point of the installed `vdg` command."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        typer.echo("vdg: aborted", err=True)
        sys.exit(130)
    except TyperException as e:
        # typer's (vendored) click errors: usage errors carry exit code 2
        message = e.format_message()
        if type(e).__name__ == "NoArgsIsHelpError":  # `vdg` alone: the help is the message
            typer.echo(message)
            sys.exit(0)
        _usage_error(message)
        sys.exit(getattr(e, "exit_code", 2))
    except Exception as e:
        # a command's errors: its modules are loaded by now, so these look-ups cost nothing
        from vdgsim.commands.common import InputError, usage_error
        from vdgsim.core.interrupts import is_interrupt

        if isinstance(e, InputError):
            sys.exit(usage_error(str(e)).exit_code)
        if isinstance(e, SystemError) and is_interrupt(e):
            # Ctrl-C while compiled code ran, where no command says what it kept
            typer.echo("vdg: interrupted", err=True)
            sys.exit(130)
        raise
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
