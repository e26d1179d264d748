"""Dependencies point one way, for both games: rules <- players <- runner <- analysis <-
report/commands. Every import of every module (at the top or inside a function) is checked."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# the layer of a module, by its dotted name's prefix (the longest prefix wins)
LAYERS: dict[str, int] = {
    "vdgsim.engine": 0,
    "vdgsim.goa.engine": 0,
    "vdgsim.layout": 0,
    "vdgsim.goa.layout": 0,
    "vdgsim.goa.state": 0,
    "vdgsim.components": 0,
    "vdgsim.goa.components": 0,
    "vdgsim.vocabulary": 0,
    "vdgsim.fieldtable": 0,
    "vdgsim.positiontable": 0,
    # Ctrl-C in compiled code and in worker processes: any layer may stop on it
    "vdgsim.interrupts": 0,
    # the forward models and what reads a game without playing it
    "vdgsim.game": 0,
    "vdgsim.observation": 0,
    "vdgsim.positions": 0,
    "vdgsim.describe": 0,
    "vdgsim.account": 0,
    "vdgsim.goa.game": 0,
    "vdgsim.goa.actions": 0,
    "vdgsim.goa.observation": 0,
    "vdgsim.goa.positions": 0,
    "vdgsim.goa.account": 0,
    "vdgsim.goa.invariants": 0,
    "vdgsim.goa.random_play": 0,
    "vdgsim.goa.conformance": 0,
    "strategies": 1,
    "vdgsim.goa.players": 1,
    # the regret sampler both games' players share, each with its own compiled rollouts
    "vdgsim.regret_sampling": 1,
    # the learned players' weights and their fit, which both games' learned players share
    "vdgsim.linear_policy": 1,
    "vdgsim.runner": 2,
    "vdgsim.goa.batch": 2,
    "vdgsim.bench": 2,
    "vdgsim.goa.bench": 2,
    "vdgsim.analysis": 3,
    # each game's own analyses
    "vdgsim.vasco.analysis": 3,
    "vdgsim.goa.lot_analysis": 3,
    # tuning plays candidates through the runner: above it, though each game's kit lives
    # beside its players
    "vdgsim.tuning": 3,
    "strategies.tuning": 3,
    "vdgsim.goa.players.tuning": 3,
    # what a paired experiment reads of each game's play
    "vdgsim.vasco.behaviour": 3,
    "vdgsim.goa.behaviour": 3,
    # each game's plug gathers every layer of its game for the game-free ones (vdgsim.plug),
    # which find it by name
    "vdgsim.vasco.plug": 4,
    # each game's own report sections
    "vdgsim.vasco.sections": 4,
    "vdgsim.vasco.seat_deal": 4,
    "vdgsim.goa.sections": 4,
    "vdgsim.goa.plug": 4,
    "vdgsim.report": 4,
    "vdgsim.commands": 4,
    "cli": 4,
}
NAMES = ("rules", "players", "runner", "analysis", "report/commands")
# third-party packages a layer may not use: the rules and the players never plot
FORBIDDEN_PACKAGES = {0: ("matplotlib", "seaborn", "polars"), 1: ("matplotlib", "seaborn")}


def layer_of(module: str) -> int | None:
    best = None
    for prefix, layer in LAYERS.items():
        if (module == prefix or module.startswith(prefix + ".")) and (
            best is None or len(prefix) > len(best[0])
        ):
            best = (prefix, layer)
    return None if best is None else best[1]


def imports_of(source: str) -> set[str]:
    """Every absolute module a source imports (``from a.b import c`` counts ``a.b`` and
    ``a.b.c``, so that importing a module from its package is seen)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def _modules() -> list[tuple[str, Path]]:
    found = [("cli", ROOT / "cli.py")]
    for top in ("vdgsim", "strategies"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(p for p in parts if p != "__init__")
            found.append((name, path))
    return found


def offences() -> list[str]:
    out = []
    for name, path in _modules():
        mine = layer_of(name)
        if mine is None:
            continue
        for imported in sorted(imports_of(path.read_text(encoding="utf-8"))):
            theirs = layer_of(imported)
            if theirs is not None and theirs > mine:
                out.append(f"{name} ({NAMES[mine]}) imports {imported} ({NAMES[theirs]})")
            top = imported.split(".")[0]
            if top in FORBIDDEN_PACKAGES.get(mine, ()):
                out.append(f"{name} ({NAMES[mine]}) imports {imported}")
    return out


def test_dependencies_point_one_way():
    assert offences() == [], "\n".join(offences())


# modules below every layer: helpers any layer may use (they import only the rules), and the
# packages' public faces (``vdgsim``, ``vdgsim.goa``), which gather every layer for users
SHARED = {"vdgsim._numba_cache", "vdgsim.fastcall", "vdgsim.stats", "vdgsim.paramtable",
          "vdgsim.search", "vdgsim.search.hooks", "vdgsim.search.flat", "vdgsim.search.tree",
          "vdgsim.search.names",
          "vdgsim.plug", "vdgsim.stepapi"}  # fmt: skip
FACES = {"vdgsim", "vdgsim.goa", "vdgsim.vasco"}


def test_every_module_has_a_layer_or_is_a_shared_helper():
    """A new module must be placed in a layer, or be a shared helper that imports nothing
    above the rules."""
    for name, path in _modules():
        if layer_of(name) is not None or name in FACES:
            continue
        assert name in SHARED, f"{name} has no layer: add it to LAYERS or SHARED"
        for imported in imports_of(path.read_text(encoding="utf-8")):
            assert (layer_of(imported) or 0) == 0, f"shared helper {name} imports {imported}"


@pytest.mark.parametrize(
    ("module", "source", "bad"),
    [
        ("vdgsim.engine.flow", "from strategies import registry\n", True),
        ("vdgsim.goa.engine.flow", "def f():\n    import matplotlib.pyplot\n", True),
        ("vdgsim.goa.players.lineup", "from vdgsim.runner.run import simulate\n", True),
        ("vdgsim.runner.run", "from vdgsim.analysis import seats\n", True),
        ("vdgsim.analysis.seats", "from vdgsim import report\n", True),
        ("vdgsim.report.build", "from vdgsim.analysis import seats\n", False),
        ("strategies.loop", "from vdgsim.engine import flow\n", False),
    ],
)
def test_the_check_sees_an_upward_import(module, source, bad):
    mine = layer_of(module)
    ups = [
        i
        for i in imports_of(source)
        if (layer_of(i) or 0) > mine or i.split(".")[0] in FORBIDDEN_PACKAGES.get(mine, ())
    ]
    assert bool(ups) == bad


GAME_PACKAGES = ("vdgsim.goa", "vdgsim.vasco")


def game_key_comparisons(source: str) -> list[str]:
    """Comparisons of a value with a string literal that is a registered game's key."""
    from vdgsim import plug

    keys = set(plug.game_keys())
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                items = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                if any(isinstance(x, ast.Constant) and x.value in keys for x in items):
                    found.append(ast.unparse(node))
                    break
    return found


def test_shared_modules_never_compare_game_keys():
    """The runner, analyses, reports and commands reach a game through its plug
    (vdgsim.plug.Game) and never ask which game it is."""
    out = [
        f"{name}: {c}"
        for name, path in _modules()
        if not name.startswith(GAME_PACKAGES)
        for c in game_key_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert out == [], "\n".join(out)


def test_the_comparison_check_sees_one():
    assert game_key_comparisons('if game == "goa":\n    pass\n') == ["game == 'goa'"]
    assert game_key_comparisons('if k in ("vdg", "goa"):\n    pass\n') == ["k in ('vdg', 'goa')"]
    assert game_key_comparisons('x = {"goa": 1}\nif k == "chess":\n    pass\n') == []
