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


def vdg(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple:
    """Run the `vdg` entry point in this process: (exit code, stderr lines)."""
    monkeypatch.setattr("sys.argv", ["vdg", *args])
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        cli.main()
    return ended.value.code, capsys.readouterr().err.strip().splitlines()


# Each command that takes a seed, with what else it needs to get as far as checking it.
SEEDED = [
    ["play"],
    ["simulate", "--no-progress"],
    ["tournament", "--presets", "random,default", "--no-progress"],
    ["tune", "default", "--out", "never-written.toml", "--no-progress"],
    ["ladder", "no-such-dir"],
]


@pytest.mark.parametrize("args", SEEDED, ids=[a[0] for a in SEEDED])
@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_every_seed_is_checked_alike(monkeypatch, capsys, args: list[str], seed: str) -> None:
    code, err = vdg(monkeypatch, capsys, *args, "--seed", seed)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("vdg: error: --seed must be in 0 .. 2**63-1, got "), err


# Each option that takes a comma-separated list of names, with what else its command needs.
NAMED = [
    ["simulate", "--lineup", "random,,random", "--no-progress"],
    ["play", "--lineup", "random,,random"],
    ["tournament", "--presets", "random,,default", "--no-progress"],
    ["bench", "--presets", "random,,default"],
    ["ladder", "no-such-dir", "--play", "--presets", "random,,default"],
    ["tune", "default", "--out", "never-written.toml", "--field", "random,,default"],
    ["tune", "default", "--out", "never-written.toml", "--params", "max_pay,,reserve"],
]


@pytest.mark.parametrize("args", NAMED, ids=[" ".join(a[:2]) for a in NAMED])
def test_an_empty_name_in_a_list_is_refused_alike(monkeypatch, capsys, args: list[str]) -> None:
    code, err = vdg(monkeypatch, capsys, *args)
    assert code == 2 and len(err) == 1, err
    assert err[0].startswith("vdg: error: --") and "has an empty name in" in err[0], err


def test_play_reads_names_in_players_as_the_old_spelling_of_lineup(monkeypatch, capsys) -> None:
    code, err = vdg(monkeypatch, capsys, "play", "--players", "random,,x")
    assert code == 2 and err == ["vdg: error: --lineup has an empty name in 'random,,x'"]
