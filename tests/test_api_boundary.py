"""The public/internal boundary of docs/api.md, for each game's engine: Vasco da Gama's
players (``strategies/``) and the runner (``vdgsim/runner/``); Goa's players, chunk loop,
bench, random play and conformance runs, and the runner again for Goa's engine. Each uses only
its engine's public names, or an exception listed here."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ALL = "*"
Names = set[str] | str


@dataclass(frozen=True)
class Boundary:
    """One game's engine and the code that must stay outside it.

    ``package`` is the engine's package; ``modules`` maps any other module that belongs to the
    engine (its dotted name) to the short name the tables use. ``public`` is engine module ->
    names code outside the engine may use (docs/api.md, "Public"); ``exceptions`` is
    (importing file, engine module) -> internal names it uses on purpose ("Known
    exceptions"). ``scope`` lists the folders and files checked."""

    package: str
    scope: tuple[str, ...]
    public: dict[str, Names]
    exceptions: dict[tuple[str, str], Names]
    modules: dict[str, str] = field(default_factory=dict)

    def dotted(self, module: str) -> str:
        """The dotted name of the engine module the tables call ``module``."""
        outside = {short: name for name, short in self.modules.items()}
        return outside.get(module, f"{self.package}.{module}")


VDG = Boundary(
    package="vdgsim.games.vasco.engine",
    scope=("strategies", "vdgsim/runner"),
    public={
        "flow": {"new_game_state", "legal_actions", "apply", "sending_merchant"},
        "actions": ALL,
        "rng": {"randint", "next_u32", "next_u63", "seed_stream", "shuffle"},
        "scoring": {"ranks_and_shares"},
        "state": {"fields", "comp"},
    },
    exceptions={
        ("strategies/vasco/heuristic/values.py", "landings"): {"merchant_tile"},
        ("strategies/vasco/heuristic/values.py", "common"): {"tiles_owned_at"},
        ("strategies/vasco/learned/features.py", "common"): {"tiles_owned_at"},
        ("strategies/vasco/learned/features.py", "recruiting"): {"recruit_cost"},
        ("strategies/vasco/sanity.py", "events"): ALL,
        ("vdgsim/runner/batch.py", "events"): ALL,
    },
)

# Goa's state views (vdgsim.games.goa.state) sit beside its engine package but are the engine's
# state module, as vdgsim.games.vasco.engine.state is Vasco da Gama's; its layout constants and
# action codec (vdgsim.games.goa.layout, vdgsim.games.goa.actions) are public as a whole, like
# vdgsim.games.vasco.layout.
GOA_HEURISTIC = "strategies/goa/heuristic"
GOA = Boundary(
    package="vdgsim.games.goa.engine",
    modules={"vdgsim.games.goa.state": "state"},
    scope=(
        "strategies/goa",
        "vdgsim/games/goa/batch.py",
        "vdgsim/games/goa/bench.py",
        "vdgsim/games/goa/random_play.py",
        "vdgsim/games/goa/conformance.py",
        "vdgsim/runner",
    ),
    public={
        "flow": {"new_game_state", "legal_actions", "apply"},
        "scoring": {"ranks_and_shares"},
        "state": {"fields", "comp"},
    },
    exceptions={
        (f"{GOA_HEURISTIC}/acting.py", "colonies"): {"shortfall"},
        (f"{GOA_HEURISTIC}/acting.py", "common"): {
            "hand_limit",
            "level",
            "single_spice",
            "space_free",
            "spice_total",
        },
        (f"{GOA_HEURISTIC}/acting.py", "expedition"): {"cards_left", "has_effect"},
        (f"{GOA_HEURISTIC}/values.py", "common"): {"lowest_row", "space_free", "spice_total"},
        (f"{GOA_HEURISTIC}/lots.py", "common"): {"lowest_row"},
        (f"{GOA_HEURISTIC}/lots.py", "scoring"): {"holds_kind", "small_plantations"},
        (f"{GOA_HEURISTIC}/bidding.py", "markers"): {"placer"},
        ("strategies/goa/learned/features.py", "markers"): {"placer"},
        ("vdgsim/games/goa/batch.py", "common"): {"EV_DECISION", "EV_SP", "EV_TILE"},
    },
)
BOUNDARIES = {"vdg": VDG, "goa": GOA}
EACH_GAME = pytest.mark.parametrize("boundary", BOUNDARIES.values(), ids=BOUNDARIES.keys())


def engine_uses(source: str, boundary: Boundary = VDG) -> set[tuple[str, str]]:
    """(engine module, name) pairs a source uses: ``from <engine>.m import name`` and
    ``from <engine> import m [as alias]`` followed by ``alias.name``; a bare module
    reference counts as the name ``*``."""
    package, modules = boundary.package, boundary.modules
    tree = ast.parse(source)
    uses: set[tuple[str, str]] = set()
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == package:
                for a in node.names:
                    aliases[a.asname or a.name] = a.name
            elif node.module.startswith(package + "."):
                module = node.module.removeprefix(package + ".")
                uses.update((module, a.name) for a in node.names)
            elif node.module in modules:
                uses.update((modules[node.module], a.name) for a in node.names)
            else:
                for a in node.names:
                    if f"{node.module}.{a.name}" in modules:
                        aliases[a.asname or a.name] = modules[f"{node.module}.{a.name}"]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == package or a.name.startswith(package + "."):
                    uses.add((a.name.removeprefix(package).lstrip(".") or "*", ALL))
                elif a.name in modules:
                    uses.add((modules[a.name], ALL))
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


def _allowed(names: Names | None, name: str) -> bool:
    return names is not None and (names == ALL or name in names)


def _sources(boundary: Boundary) -> list[Path]:
    paths: list[Path] = []
    for top in boundary.scope:
        path = ROOT / top
        paths.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return paths


def _offences(
    boundary: Boundary, sources: dict[str, str]
) -> tuple[list[str], set[tuple[str, str, str]]]:
    """Internal names each source (relative path -> text) uses outside its exceptions, and
    the exceptions it does use."""
    offences = []
    used_exceptions: set[tuple[str, str, str]] = set()
    for rel, text in sources.items():
        for module, name in sorted(engine_uses(text, boundary)):
            if _allowed(boundary.public.get(module), name):
                continue
            if _allowed(boundary.exceptions.get((rel, module)), name):
                used_exceptions.add((rel, module, name))
                continue
            offences.append(f"{rel}: {boundary.dotted(module)}.{name}")
    return offences, used_exceptions


def _scope_offences(boundary: Boundary) -> tuple[list[str], set[tuple[str, str, str]]]:
    sources = {p.relative_to(ROOT).as_posix(): p.read_text() for p in _sources(boundary)}
    return _offences(boundary, sources)


@EACH_GAME
def test_players_and_the_runner_use_only_public_engine_names(boundary: Boundary) -> None:
    offences, _ = _scope_offences(boundary)
    assert offences == [], "internal engine names (see docs/api.md):\n" + "\n".join(offences)


@EACH_GAME
def test_every_listed_exception_is_still_used(boundary: Boundary) -> None:
    _, used = _scope_offences(boundary)
    for (rel, module), names in boundary.exceptions.items():
        wanted = {ALL} if names == ALL else names
        for name in wanted:
            assert any(
                u[0] == rel and u[1] == module and (name == ALL or u[2] == name) for u in used
            ), f"stale exception: {rel} no longer uses {boundary.dotted(module)}.{name}"


@pytest.mark.parametrize(
    ("boundary", "source", "expected"),
    [
        (
            VDG,
            "from vdgsim.games.vasco.engine import purchase as PU\nPU.pair_spaces(3)\n",
            {("purchase", "pair_spaces")},
        ),
        (VDG, "from vdgsim.games.vasco.engine.recruiting import pack\n", {("recruiting", "pack")}),
        (VDG, "from vdgsim.games.vasco.engine import flow\nf(flow)\n", {("flow", "*")}),
        (VDG, "import vdgsim.games.vasco.engine.setup\n", {("setup", "*")}),
        (VDG, "from vdgsim.games.goa.engine import flow\nflow.advance()\n", set()),
        (
            GOA,
            "from vdgsim.games.goa.engine import tiles as TI\nTI.resolve(1)\n",
            {("tiles", "resolve")},
        ),
        (GOA, "from vdgsim.games.goa.engine.spices import sell\n", {("spices", "sell")}),
        (
            GOA,
            "from vdgsim.games.goa import state as S\nS.STATE_DTYPE\n",
            {("state", "STATE_DTYPE")},
        ),
        (GOA, "from vdgsim.games.goa.state import PlainStateView\n", {("state", "PlainStateView")}),
        (GOA, "import vdgsim.games.goa.state\n", {("state", "*")}),
        (GOA, "import vdgsim.games.goa.engine.setup\n", {("setup", "*")}),
        (GOA, "from vdgsim.games.vasco.engine import flow\nflow.advance()\n", set()),
    ],
)
def test_the_check_sees_every_way_of_importing(
    boundary: Boundary, source: str, expected: set[tuple[str, str]]
) -> None:
    assert engine_uses(source, boundary) == expected


@pytest.mark.parametrize(
    ("boundary", "source", "offence"),
    [
        (
            VDG,
            "from vdgsim.games.vasco.engine import flow\nflow.advance(c, s, log)\n",
            "vdgsim.games.vasco.engine.flow.advance",
        ),
        (
            GOA,
            "from vdgsim.games.goa.engine import flow\nflow.advance(c, s, log)\n",
            "vdgsim.games.goa.engine.flow.advance",
        ),
        # an exception holds for its own file only
        (
            GOA,
            "from vdgsim.games.goa.engine import markers as MK\nMK.placer(s)\n",
            "vdgsim.games.goa.engine.markers.placer",
        ),
    ],
    ids=["vdg", "goa", "goa-exception-of-another-file"],
)
def test_an_internal_name_is_caught(boundary: Boundary, source: str, offence: str) -> None:
    offences, _ = _offences(boundary, {"made_up.py": source})
    assert offences == [f"made_up.py: {offence}"]


GOA_DOCS = "## Goa's engine"  # docs/api.md: Vasco da Gama's tables above it, Goa's below


@EACH_GAME
def test_the_docs_list_the_same_public_names(boundary: Boundary) -> None:
    vdg_doc, goa_doc = (ROOT / "docs/api.md").read_text().split(GOA_DOCS)
    doc = goa_doc if boundary is GOA else vdg_doc
    for module, names in boundary.public.items():
        assert f"`{boundary.dotted(module)}`" in doc
        if names != ALL:
            for name in names:
                assert f"`{name}`" in doc, name
    for (rel, module), names in boundary.exceptions.items():
        assert f"`{rel}`" in doc and module in doc
        if names != ALL:
            for name in names:
                assert f"{module}.{name}" in doc, f"{module}.{name}"
