"""The vocabulary is the one place for codes and names: everything else must agree with it.

These tests tie the copies together: the layout's plain ints and counts, the event log's
codes, the preset axes and the run-table columns are checked against
:mod:`vdgsim.games.vasco.vocabulary`, and analysis and report code is checked statically for codes
re-declared as literals.
"""

from __future__ import annotations

import ast
import itertools
import subprocess
import sys
from enum import IntEnum
from pathlib import Path

import pytest

from strategies.vasco import params as P
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco import vocabulary as V
from vdgsim.games.vasco.engine import events as E
from vdgsim.runner import batch as B

ROOT = Path(__file__).resolve().parents[2]

# (enum, its names or keys, the layout count its length must have)
NAME_LISTS: list[tuple[type[IntEnum], tuple[str, ...], int]] = [
    (V.Area, V.AREA_NAMES, L.N_AREAS),
    (V.Area, V.AREA_KEYS, L.N_AREAS),
    (V.Landing, V.LANDING_NAMES, L.N_LANDINGS),
    (V.Landing, V.LANDING_KEYS, L.N_LANDINGS),
    (V.Character, V.CHARACTER_NAMES, L.N_CHARACTERS),
    (V.Character, V.CHARACTER_KEYS, L.N_CHARACTERS),
    (V.Colour, V.COLOUR_NAMES, L.N_COLOURS),
    (V.Phase, V.PHASE_NAMES, len(V.Phase)),
    (V.Decision, V.DECISION_NAMES, len(V.Decision)),
    (V.LandingBonus, V.LANDING_BONUS_KEYS, len(V.LandingBonus)),
    (V.Gain, V.GAIN_NAMES, len(V.Gain)),
    (V.VpSource, V.VP_SOURCE_NAMES, len(V.VpSource)),
    (V.RealsSource, V.REALS_SOURCE_NAMES, len(V.RealsSource)),
    (V.PayReason, V.PAY_REASON_NAMES, len(V.PayReason)),
    (V.CharacterDeal, V.CHARACTER_DEAL_KEYS, len(V.CharacterDeal)),
]

# layout (or events) constant prefix -> the enum its constants come from
PREFIXES: list[tuple[object, str, type[IntEnum]]] = [
    (L, "A_", V.Area),
    (L, "CH_", V.Character),
    (L, "BONUS_", V.LandingBonus),
    (L, "PH_", V.Phase),
    (L, "D_", V.Decision),
    (L, "VP_", V.VpSource),
    (L, "R_", V.RealsSource),
    (L, "PAY_", V.PayReason),
    (L, "DEAL_", V.CharacterDeal),
    (E, "EV_", V.Event),
    (E, "G_", V.Gain),
]


@pytest.mark.parametrize(("codes", "names", "count"), NAME_LISTS, ids=lambda x: str(x)[:30])
def test_name_lists_have_the_layout_count(
    codes: type[IntEnum], names: tuple[str, ...], count: int
) -> None:
    assert len(names) == count == len(codes)
    # codes are consecutive from 0, so NAMES[code] names a code
    assert [int(m) for m in codes] == list(range(count))
    assert all(names) and len(set(names)) == count


def test_event_kinds_start_at_one_and_zero_is_nameless() -> None:
    # a zero row is an empty log row, never an event
    assert [int(m) for m in V.Event] == list(range(1, len(V.EVENT_NAMES)))
    assert V.EVENT_NAMES[0] == "" and all(V.EVENT_NAMES[1:])


def test_sources_fit_the_state_tables() -> None:
    for codes in (V.VpSource, V.RealsSource, V.PayReason):
        assert len(codes) <= L.N_SOURCES
    assert len(V.PLAYER_COLOURS) == L.MAX_PLAYERS
    assert len(V.CHARACTER_COLUMNS) == L.N_ROUNDS


@pytest.mark.parametrize(("module", "prefix", "codes"), PREFIXES, ids=lambda x: str(x)[:20])
def test_layout_codes_are_plain_ints_equal_to_the_vocabulary(
    module: object, prefix: str, codes: type[IntEnum]
) -> None:
    found = {
        name[len(prefix) :]: value
        for name, value in vars(module).items()
        if name.startswith(prefix) and isinstance(value, int)
    }
    assert found == {m.name: int(m) for m in codes}
    # numba folds plain ints into the machine code; an IntEnum member would be typed apart
    assert all(type(v) is int for v in found.values())


def test_action_offsets_and_sizes_come_from_the_vocabulary() -> None:
    names = ["GIVE_UP", "LAUNCH_DONE", "MAX_SLOTS", "N_ROUNDS"]
    names += [n for n in vars(V) if n.startswith("ACT_")]
    assert len(names) > 10
    for name in names:
        assert getattr(L, name) == getattr(V, name), name
        assert type(getattr(L, name)) is int, name


def test_preset_axes_are_the_vocabulary_keys() -> None:
    assert P.AXES == {
        "area": V.AREA_KEYS,
        "landing": V.LANDING_KEYS,
        "character": V.CHARACTER_KEYS,
    }
    assert (P.AREA_AXIS, P.LANDING_AXIS, P.CHARACTER_AXIS) == (
        V.AREA_AXIS,
        V.LANDING_AXIS,
        V.CHARACTER_AXIS,
    )


def test_component_data_uses_the_vocabulary_keys() -> None:
    from vdgsim.games.vasco.components import default_components

    data = default_components().data
    assert tuple(data["landings"]) == V.LANDING_KEYS
    assert {d["bonus"] for d in data["landings"].values()} <= set(V.LANDING_BONUS_KEYS)


def test_run_table_columns_follow_the_codes() -> None:
    assert B.PLAYER_COLUMNS == V.PLAYER_COLUMNS
    assert B.GAME_COLUMNS == V.GAME_COLUMNS
    assert B.DECISION_COLUMNS == V.DECISION_COLUMNS
    # the summary copies the state's by-source tables in code order
    cols = V.PLAYER_COLUMNS
    for codes, prefix, first in (
        (V.VpSource, "vp_", B.P_VP_SRC),
        (V.RealsSource, "reals_", B.P_REALS_SRC),
        (V.PayReason, "paid_", B.P_PAID),
    ):
        assert [cols[first + int(m)] for m in codes] == [prefix + m.name.lower() for m in codes]
    assert [cols[B.P_SENT + int(m)] for m in V.Landing] == ["sent_" + k for k in V.LANDING_KEYS]


# --- the engine's event codes -------------------------------------------------------------------
# call -> (index of the code argument, module alias, prefix of the constant it must be)
_CODE_ARGS = {
    "log_event": (2, "E", "EV_"),
    "gain_vp": (4, "L", "VP_"),
    "gain_reals": (4, "L", "R_"),
    "pay": (4, "L", "PAY_"),
    "log_gain": (3, "E", "G_"),
}
_NAMES_OF = {
    "EV_": V.EVENT_NAMES,
    "VP_": V.VP_SOURCE_NAMES,
    "R_": V.REALS_SOURCE_NAMES,
    "PAY_": V.PAY_REASON_NAMES,
    "G_": V.GAIN_NAMES,
}


def _engine_code_arguments() -> list[tuple[str, int, ast.expr]]:
    """(file, line, code argument) of every call that logs a source or event code."""
    out = []
    for path in sorted((ROOT / "vdgsim" / "games" / "vasco" / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in _CODE_ARGS and len(node.args) > _CODE_ARGS[name][0]:
                out.append((f"{path.name}:{node.lineno} {name}", *_CODE_ARGS[name][1:], node))
    return out


def test_every_logged_source_code_is_a_named_constant() -> None:
    calls = _engine_code_arguments()
    assert len(calls) >= 20  # the scan sees the engine's logging calls
    used = set()
    for where, alias, prefix, call in calls:
        fname = call.func.attr if isinstance(call.func, ast.Attribute) else call.func.id
        arg = call.args[_CODE_ARGS[fname][0]]
        if fname == "log_event" and isinstance(arg, ast.Name):
            continue  # log_event's own helpers pass their ev through
        if fname in ("gain_vp", "gain_reals", "pay", "log_gain") and isinstance(arg, ast.Name):
            continue  # a helper passing its caller's code through (checked at the caller)
        assert isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name), where
        assert arg.value.id == alias and arg.attr.startswith(prefix), where
        module = L if alias == "L" else E
        code = getattr(module, arg.attr)
        names = _NAMES_OF[prefix]
        assert 0 <= code < len(names) and names[code], f"{where}: {arg.attr} has no name"
        used.add(arg.attr)
    assert {"EV_VP", "VP_SLOT", "R_INCOME", "PAY_RIGHT_TO_ACT", "G_CHARACTER"} <= used


# --- the vocabulary needs nothing compiled -----------------------------------------------------
def test_vocabulary_imports_neither_numba_nor_numpy() -> None:
    # Loaded from its file: ``import vdgsim.games.vasco.vocabulary`` would run the package's
    # __init__, which loads the engine; the module itself must need only the standard library.
    code = (
        "import importlib.util, sys\n"
        "spec = importlib.util.spec_from_file_location('vocabulary', sys.argv[1])\n"
        "m = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(m)\n"
        "assert m.Area.NAVIGATION == 3\n"
        "bad = sorted(k for k in sys.modules if k.split('.')[0] in ('numba', 'numpy', 'vdgsim'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "vdgsim" / "games" / "vasco" / "vocabulary.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    )
    assert out.stdout.strip() == ""


# --- no copies: analysis and reports name codes, never re-declare them -------------------------
_CODE_NAME_PREFIXES = ("D_", "A_", "L_", "ACT_", "EV_", "VP_", "R_", "G_", "PAY_", "CH_", "PH_")
_CODED_COLUMNS = {"area", "kind", "landing", "character", "event", "source", "phase"}


def _is_int_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_is_int_literal(e) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _is_int_literal(node.operand)
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") == "range"


def _coded_column(node: ast.expr) -> str | None:
    """The column name of ``pl.col("area")`` or ``row["area"]``, if it is a coded column."""
    key = None
    if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "col" and node.args:
        key = node.args[0]
    elif isinstance(node, ast.Subscript):
        key = node.slice
    if isinstance(key, ast.Constant) and key.value in _CODED_COLUMNS:
        return str(key.value)
    return None


def literal_codes(source: str) -> list[str]:
    """Codes re-declared or compared as literal ints in ``source`` (one line each)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and _is_int_literal(node.value):
            targets = []
            for t in node.targets:
                targets += t.elts if isinstance(t, ast.Tuple) else [t]
            for t in targets:
                if isinstance(t, ast.Name) and t.id.startswith(_CODE_NAME_PREFIXES):
                    found.append(f"{node.lineno}: {t.id} = literal")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for a, b in itertools.pairwise(sides):
                for col, other in ((_coded_column(a), b), (_coded_column(b), a)):
                    if col and _is_int_literal(other):
                        found.append(f"{node.lineno}: {col} compared with a literal")
    return found


def test_the_literal_check_can_fail() -> None:
    bad = (
        "D_ACT = 5\nEV_DECISION, EV_VP = 1, 2\n"
        "x = df.filter(pl.col('area') == 3)\ny = r['area'] in (1, 2)\n"
    )
    assert len(literal_codes(bad)) == 5
    assert literal_codes("x = df.filter(pl.col('area') == Area.NAVIGATION)\n") == []


@pytest.mark.parametrize("package", ["analysis", "report"])
def test_analysis_and_reports_declare_no_literal_codes(package: str) -> None:
    paths = sorted((ROOT / "vdgsim" / package).glob("*.py"))
    assert paths
    found = {p.name: literal_codes(p.read_text()) for p in paths}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_module_copies_a_vocabulary_name_list() -> None:
    lists = {
        v: k
        for k, v in vars(V).items()
        if isinstance(v, tuple) and len(v) > 1 and all(isinstance(x, str) for x in v)
    }
    copies = []
    for path in sorted([*(ROOT / "vdgsim").rglob("*.py"), *(ROOT / "strategies").rglob("*.py")]):
        if path.name == "vocabulary.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Tuple) and node.elts:
                try:
                    value = ast.literal_eval(node)
                    copied = value in lists
                except (ValueError, TypeError):
                    continue  # not a literal, or not hashable: not a name list
                if copied:
                    copies.append(f"{path.relative_to(ROOT)}:{node.lineno} {lists[value]}")
    assert copies == []
