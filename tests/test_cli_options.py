"""Every option of the `vdg` command line is declared once: an option name that several
commands take has one help text and one parsing, unless ``PER_COMMAND_OPTIONS`` says why the
name is each command's own; and every usage error goes through one error function."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.core import TyperOption

import cli
from vdgsim.commands.common import PER_COMMAND_OPTIONS

ROOT = Path(__file__).resolve().parents[1]
# A default named in the help text may differ between commands; the meaning may not.
DEFAULT_NOTE = re.compile(r"\s*\[default: [^]]*\]$")


def _leaf_commands(command: Any, path: str = "") -> list[tuple[str, Any]]:
    subs = getattr(command, "commands", None)
    if not subs:
        return [(path, command)]
    return [
        leaf for name, sub in subs.items() for leaf in _leaf_commands(sub, f"{path} {name}".strip())
    ]


def _declaration(p: TyperOption) -> dict[str, Any]:
    """What a reader sees (help) and how the value is parsed, for one option."""
    callback = p.callback
    return {
        "help": DEFAULT_NOTE.sub("", p.help or ""),
        "type": p.type_descriptor.annotation,
        # typer wraps the declared callback; the wrapped one is the option's own validation
        "validation": getattr(callback, "__wrapped__", callback),
        "min": p.min,
        "max": p.max,
        "flag": (p.is_flag, tuple(p.secondary_opts)),
        "multiple": p.multiple,
        "metavar": p.metavar,
        "hidden": p.hidden,
    }


def declarations(app: typer.Typer) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Each long option name: the commands that take it, with its declaration in each."""
    found: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
    for path, command in _leaf_commands(typer.main.get_command(app)):
        for p in command.params:
            if isinstance(p, TyperOption):
                name = next(o for o in p.opts if o.startswith("--"))
                found[name].append((path, _declaration(p)))
    return found


def differences(found: dict[str, list[tuple[str, dict[str, Any]]]]) -> list[str]:
    """Option names declared differently by two commands, and the field that differs."""
    problems = []
    for name, uses in sorted(found.items()):
        fields = ["type"] if name in PER_COMMAND_OPTIONS else list(uses[0][1])
        for field in fields:
            seen = {repr(d[field]): path for path, d in uses}
            if len(seen) > 1:
                problems.append(f"{name}: {field} differs between {', '.join(seen.values())}")
    return problems


def test_an_option_name_means_one_thing_in_every_command() -> None:
    assert differences(declarations(cli.app)) == []


def test_every_per_command_option_is_taken_by_several_commands_and_says_why() -> None:
    found = declarations(cli.app)
    for name, why in PER_COMMAND_OPTIONS.items():
        assert why.strip(), name
        assert len(found.get(name, [])) > 1, f"{name} is no longer shared: drop it from the list"


def test_the_check_notices_an_option_declared_twice_differently() -> None:
    app = typer.Typer()

    @app.command("one")
    def one(data: str = typer.Option(None, "--data", help="A file.")) -> None: ...

    @app.command("two")
    def two(data: str = typer.Option(None, "--data", help="Another file.")) -> None: ...

    @app.command("three")
    def three(seed: int = typer.Option(0, "--seed", help="A seed.", min=0)) -> None: ...

    @app.command("four")
    def four(seed: str = typer.Option("0", "--seed", help="A seed.")) -> None: ...

    assert differences(declarations(app)) == [
        "--data: help differs between one, two",
        "--seed: type differs between three, four",
    ]


@pytest.mark.parametrize(
    "path", [*sorted((ROOT / "vdgsim" / "commands").glob("*.py")), ROOT / "cli.py"]
)
def test_usage_errors_are_printed_by_one_function(path: Path) -> None:
    if path.name == "common.py":
        return
    assert "vdg: error:" not in path.read_text(encoding="utf-8"), (
        f"{path.name} prints its own usage error; raise InputError or usage_error()"
    )
