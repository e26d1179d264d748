"""The public/internal boundary of docs/api.md: players (``strategies/``) and the runner
(``vdgsim/runner/``) use only the engine's public names, or an exception listed here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCOPE = ("strategies", "vdgsim/runner")

ALL = "*"
# engine module -> the names code outside the engine may use (docs/api.md, "Public")
PUBLIC: dict[str, set[str] | str] = {
    "flow": {"new_game_state", "legal_actions", "apply", "sending_merchant"},
    "actions": ALL,
    "rng": {"randint", "next_u32", "next_u63", "seed_stream", "shuffle"},
    "scoring": {"ranks_and_shares"},
    "state": {"fields"},
}
# (importing file, engine module) -> internal names it uses on purpose (docs/api.md,
# "Known exceptions")
EXCEPTIONS: dict[tuple[str, str], set[str] | str] = {
    ("strategies/heuristic/values.py", "landings"): {"merchant_tile"},
    ("strategies/heuristic/values.py", "common"): {"tiles_owned_at"},
    ("strategies/sanity.py", "events"): ALL,
    ("vdgsim/runner/batch.py", "events"): ALL,
}


def engine_uses(source: str) -> set[tuple[str, str]]:
    """(engine module, name) pairs a source uses: ``from vdgsim.engine.m import name`` and
    ``from vdgsim.engine import m [as alias]`` followed by ``alias.name``; a bare module
    reference counts as the name ``*``."""
    tree = ast.parse(source)
    uses: set[tuple[str, str]] = set()
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "vdgsim.engine":
                for a in node.names:
                    aliases[a.asname or a.name] = a.name
            elif node.module.startswith("vdgsim.engine."):
                module = node.module.removeprefix("vdgsim.engine.")
                uses.update((module, a.name) for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("vdgsim.engine"):
                    uses.add((a.name.removeprefix("vdgsim.engine").lstrip(".") or "*", ALL))
    attributed: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            uses.add((aliases[node.value.id], node.attr))
            attributed.add(id(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in aliases and id(node) not in attributed:
            uses.add((aliases[node.id], ALL))  # the module itself passed around
    return uses


def _allowed(names: set[str] | str | None, name: str) -> bool:
    return names is not None and (names == ALL or name in names)


def _offences() -> tuple[list[str], set[tuple[str, str, str]]]:
    offences = []
    used_exceptions: set[tuple[str, str, str]] = set()
    for top in SCOPE:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for module, name in sorted(engine_uses(path.read_text())):
                if _allowed(PUBLIC.get(module), name):
                    continue
                if _allowed(EXCEPTIONS.get((rel, module)), name):
                    used_exceptions.add((rel, module, name))
                    continue
                offences.append(f"{rel}: vdgsim.engine.{module}.{name}")
    return offences, used_exceptions


def test_players_and_the_runner_use_only_public_engine_names() -> None:
    offences, _ = _offences()
    assert offences == [], "internal engine names (see docs/api.md):\n" + "\n".join(offences)


def test_every_listed_exception_is_still_used() -> None:
    _, used = _offences()
    for (rel, module), names in EXCEPTIONS.items():
        wanted = {ALL} if names == ALL else names
        for name in wanted:
            assert any(
                u[0] == rel and u[1] == module and (name == ALL or u[2] == name) for u in used
            ), f"stale exception: {rel} no longer uses vdgsim.engine.{module}.{name}"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "from vdgsim.engine import purchase as PU\nPU.pair_spaces(3)\n",
            {("purchase", "pair_spaces")},
        ),
        ("from vdgsim.engine.recruiting import pack\n", {("recruiting", "pack")}),
        ("from vdgsim.engine import flow\nf(flow)\n", {("flow", "*")}),
        ("import vdgsim.engine.setup\n", {("setup", "*")}),
    ],
)
def test_the_check_sees_every_way_of_importing(source: str, expected: set[tuple[str, str]]) -> None:
    assert engine_uses(source) == expected


def test_the_docs_list_the_same_public_names() -> None:
    doc = (ROOT / "docs/api.md").read_text()
    for module, names in PUBLIC.items():
        assert f"`vdgsim.engine.{module}`" in doc
        if names != ALL:
            for name in names:
                assert f"`{name}`" in doc, name
    for (rel, module), _names in EXCEPTIONS.items():
        assert f"`{rel}`" in doc and module in doc
