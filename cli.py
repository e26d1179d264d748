"""The `vdg` command: play, simulate, tournament, ladder, experiment, report, bench, data, tune,
regret, distill, balance, compare, presets, summary.

Every usage error (bad option, unknown preset, wrong player count, bad data file) prints one
line to stderr and exits with code 2.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

if sys.argv[1:2] == ["play"]:
    # One game needs no compiled code: on a machine without a complete compiled cache, play it
    # as plain Python (the same game, in about a second) instead of compiling for about 3 minutes
    # first. vdgsim.core._numba_cache reads this when vdgsim is imported, before anything compiles.
    os.environ.setdefault("VDGSIM_JIT", "if-warm")

import typer
from typer.exceptions import TyperException

import vdgsim
from vdgsim.commands.balance import balance
from vdgsim.commands.bench import bench
from vdgsim.commands.check import check
from vdgsim.commands.common import InputError, usage_error
from vdgsim.commands.compare import compare
from vdgsim.commands.data import data_app
from vdgsim.commands.distill import distill
from vdgsim.commands.experiment import experiment_app
from vdgsim.commands.ladder import ladder
from vdgsim.commands.play import play
from vdgsim.commands.presets import presets
from vdgsim.commands.regret import regret
from vdgsim.commands.report import report
from vdgsim.commands.simulate import simulate, tournament
from vdgsim.commands.summary import summary
from vdgsim.commands.tune import tune
from vdgsim.core.interrupts import is_interrupt

app = typer.Typer(
    name="vdg",
    help="Strategy analysis of Vasco da Gama and Goa (--game goa), 2-4 players.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if not value:
        return
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


app.command("play")(play)
app.command("simulate")(simulate)
app.command("tournament")(tournament)
app.command("ladder")(ladder)
app.add_typer(experiment_app, name="experiment")
app.command("report")(report)
app.command("bench")(bench)
app.add_typer(data_app, name="data")
app.command("check")(check)
app.command("tune")(tune)
app.command("regret")(regret)
app.command("distill")(distill)
app.command("balance")(balance)
app.command("compare")(compare)
app.command("presets")(presets)
app.command("summary")(summary)


def main() -> None:
    """Entry point of the installed `vdg` command."""
    try:
        code = app(standalone_mode=False)
    except InputError as e:
        sys.exit(usage_error(str(e)).exit_code)
    except typer.Abort:
        typer.echo("vdg: aborted", err=True)
        sys.exit(130)
    except SystemError as e:
        # Ctrl-C while compiled code ran, where no command says what it kept
        if not is_interrupt(e):
            raise
        typer.echo("vdg: interrupted", err=True)
        sys.exit(130)
    except TyperException as e:
        # typer's (vendored) click errors: usage errors carry exit code 2
        message = e.format_message()
        if type(e).__name__ == "NoArgsIsHelpError":  # `vdg` alone: the help is the message
            typer.echo(message)
            sys.exit(0)
        usage_error(message)
        sys.exit(getattr(e, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
