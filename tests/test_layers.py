"""Dependencies point one way, for both games: rules <- players <- runner <- analysis <-
report/commands. Every import of every module (at the top or inside a function) is checked."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# the layer of a module, by its dotted name's prefix; ``*`` stands for any one game's name and
# the most specific prefix (the most parts) wins
LAYERS: dict[str, int] = {
    # each game's rules, forward model and what reads a game without playing it
    "vdgsim.games.*": 0,
    "vdgsim.core.fieldtable": 0,
    "vdgsim.core.positiontable": 0,
    # Ctrl-C in compiled code and in worker processes: any layer may stop on it
    "vdgsim.core.interrupts": 0,
    "strategies": 1,
    # the regret sampler both games' players share, each with its own compiled rollouts
    "vdgsim.core.regret_sampling": 1,
    # the learned players' weights and their fit, which both games' learned players share
    "vdgsim.core.linear_policy": 1,
    # a learned player's hidden layer: its fit and its preset table, beside the linear weights
    "vdgsim.core.hidden_layer": 1,
    "vdgsim.runner": 2,
    # a game's chunk loop for the runner and its bench
    "vdgsim.games.*.batch": 2,
    "vdgsim.games.*.bench": 2,
    "vdgsim.analysis": 3,
    # each game's own analyses
    "vdgsim.games.vasco.analysis": 3,
    "vdgsim.games.goa.lot_analysis": 3,
    # tuning plays candidates through the runner: above it, though each game's kit lives
    # beside its players
    "vdgsim.core.tuning": 3,
    "strategies.*.tuning": 3,
    # what a paired experiment reads of each game's play
    "vdgsim.games.*.behaviour": 3,
    # each game's plug gathers every layer of its game for the game-free ones
    # (vdgsim.core.plug), which find it by name; and each game's own report sections
    "vdgsim.games.*.plug": 4,
    "vdgsim.games.*.sections": 4,
    "vdgsim.games.*.seat_deal": 4,
    # a game's side of `vdg play` and of a seat played by hand
    "vdgsim.games.*.commands": 4,
    "vdgsim.games.*.human": 4,
    "vdgsim.report": 4,
    "vdgsim.commands": 4,
    "cli": 4,
}
NAMES = ("rules", "players", "runner", "analysis", "report/commands")
# third-party packages a layer may not use: the rules and the players never plot
FORBIDDEN_PACKAGES = {0: ("matplotlib", "seaborn", "polars"), 1: ("matplotlib", "seaborn")}


def _matches(module: str, prefix: str) -> bool:
    parts, want = module.split("."), prefix.split(".")
    return len(parts) >= len(want) and all(w in ("*", p) for w, p in zip(want, parts, strict=False))


def layer_of(module: str) -> int | None:
    best = None
    for prefix, layer in LAYERS.items():
        if _matches(module, prefix) and (best is None or prefix.count(".") > best[0].count(".")):
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


# the game-free kernels and search drivers any layer may use: they import no game and nothing
# above the rules; and the packages' public faces (``vdgsim`` gathers Vasco da Gama's forward
# model for users)
SHARED = ("vdgsim.core", "vdgsim.search", "vdgsim.games")
FACES = {"vdgsim"}
GAMES = ("vdgsim.games.*", "strategies.*")


def test_every_module_has_a_layer_or_is_a_shared_helper():
    """A new module must be placed in a layer, or be a shared helper that imports nothing
    above the rules."""
    for name, path in _modules():
        if layer_of(name) is not None or name in FACES:
            continue
        assert any(_matches(name, p) for p in SHARED), f"{name} has no layer: add it to LAYERS"
        for imported in imports_of(path.read_text(encoding="utf-8")):
            assert (layer_of(imported) or 0) == 0, f"shared helper {name} imports {imported}"


def _imports_a_game(imported: str) -> bool:
    return any(_matches(imported, p) for p in GAMES)


def test_the_kernels_and_search_drivers_import_no_game():
    """``vdgsim.core`` and ``vdgsim.search`` are game-free: a game reaches them through its
    plug and its search hooks, never the other way."""
    out = [
        f"{name} imports {imported}"
        for name, path in _modules()
        if name.startswith(("vdgsim.core", "vdgsim.search"))
        for imported in sorted(imports_of(path.read_text(encoding="utf-8")))
        if _imports_a_game(imported)
    ]
    assert out == [], "\n".join(out)


# shared modules that still import a game's package by name instead of reaching it through its
# plug: this list may shrink, never grow
NAMES_A_GAME = {
    "vdgsim.analysis.experiment.spec", "vdgsim.analysis.measures", "vdgsim.analysis.reconstructed",
    "vdgsim.analysis.seats", "vdgsim.analysis.sensitivity", "vdgsim.commands.bench",
    "vdgsim.commands.common", "vdgsim.commands.distill", "vdgsim.commands.experiment",
    "vdgsim.commands.human", "vdgsim.commands.human_views", "vdgsim.commands.play",
    "vdgsim.commands.regret", "vdgsim.commands.report", "vdgsim.commands.simulate",
    "vdgsim.runner.batch", "vdgsim.runner.bench", "vdgsim.runner.chunk",
}  # fmt: skip


def test_shared_layers_name_no_new_game():
    """The runner, analyses, reports and commands reach a game through the plug registry."""
    naming = {
        name
        for name, path in _modules()
        if name not in FACES
        and not name.startswith((*GAME_PACKAGES, "strategies"))
        and any(_imports_a_game(i) for i in imports_of(path.read_text(encoding="utf-8")))
    }
    assert naming <= NAMES_A_GAME, f"new shared modules naming a game: {naming - NAMES_A_GAME}"
    assert naming == NAMES_A_GAME, f"no longer naming a game: {NAMES_A_GAME - naming}"


@pytest.mark.parametrize(
    ("module", "source", "bad"),
    [
        ("vdgsim.games.vasco.engine.flow", "from strategies import registry\n", True),
        ("vdgsim.games.goa.engine.flow", "def f():\n    import matplotlib.pyplot\n", True),
        ("strategies.goa.lineup", "from vdgsim.runner.run import simulate\n", True),
        ("vdgsim.runner.run", "from vdgsim.analysis import seats\n", True),
        ("vdgsim.analysis.seats", "from vdgsim import report\n", True),
        ("vdgsim.report.build", "from vdgsim.analysis import seats\n", False),
        ("strategies.vasco.loop", "from vdgsim.games.vasco.engine import flow\n", False),
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


GAME_PACKAGES = ("vdgsim.games",)


def game_key_comparisons(source: str) -> list[str]:
    """Comparisons of a value with a string literal that is a registered game's key."""
    from vdgsim.core import plug

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
    (vdgsim.core.plug.Game) and never ask which game it is."""
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
