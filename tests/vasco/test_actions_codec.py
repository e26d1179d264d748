"""The action codec (vdgsim.games.vasco.engine.actions): every legal action of many random-game
positions decodes and re-encodes to itself, each encoder is inverted by its decoders over its whole
domain, and no module outside the codec does arithmetic on action codes."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest

from vdgsim import apply_action, is_over, legal_actions, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.game import GameState

ROOT = Path(__file__).resolve().parents[2]


# --- round trip of legal actions -------------------------------------------------------------
def _act_kind(g: GameState, a: int) -> str:
    """Re-encode a D_ACT code from its decoded fields, checking them against the position;
    returns the sub-kind."""
    s = g.s
    area = int(s[L.S_NUM_AREA + s[L.S_CURRENT]])
    if a == L.GIVE_UP:
        return "give up"
    if area == L.A_PURCHASE:
        if A.is_buy_sao_gabriel(a):
            assert s[L.S_SAO_GABRIEL] >= 0
            return "buy Sao Gabriel"
        if A.is_buy_two(a):
            i, j = A.bought_pair(a)
            assert i < j and s[L.S_UPPER + i] >= 0 and s[L.S_UPPER + j] >= 0
            assert A.buy_two(i, j) == a
            return "buy two"
        assert s[L.S_UPPER + A.bought_space(a)] >= 0
        assert A.buy_one(A.bought_space(a)) == a
        return "buy one"
    if area == L.A_RECRUITING:
        sec = A.recruit_section(a)
        counts = [A.recruit_count(a, col) for col in range(L.N_COLOURS)]
        captain = A.recruit_captain(a)
        assert A.recruit(sec, *counts, captain) == a
        if sec == L.RECRUIT_NO_SECTION:
            assert sum(counts) == 0 and captain == 1
            return "recruit a captain"
        for col, k in enumerate(counts):
            assert k <= s[L.S_SECTION + sec * L.N_COLOURS + col]
        assert sum(counts) > 0
        return "recruit with a captain" if captain else "recruit sailors"
    if area == L.A_NAVIGATION:
        landing = A.expedition_landing(a)
        assert 0 <= landing < L.N_LANDINGS
        assert A.expedition(landing) == a
        return "expedition"
    if A.is_host(a):
        ch = A.hosted_character(a)
        assert s[L.S_CHAR_HOSTED + ch] < 0
        assert A.host(ch) == a
        return "host"
    k = A.money_space(a)
    assert s[L.S_MONEY_TAKEN + k] == 0 and s[L.S_MONEY + k] > 0
    assert A.take_money(k) == a
    return "money"


def _round_trip(g: GameState, a: int) -> str:
    """Assert that ``a`` decodes to fields valid in ``g`` and encodes back to ``a``; returns
    the (sub-)kind for the coverage count."""
    s = g.s
    kind = int(s[L.S_DECISION])
    p = int(s[L.S_DEC_PLAYER])
    if kind in (L.D_PLACE_DISC, L.D_MANUEL_PLACE):
        num, area = A.placement_number(a), A.placement_area(a)
        assert 1 <= num < L.N_NUMBERS and 0 <= area < L.N_AREAS
        assert s[L.S_NUM_OWNER + num] < 0
        assert (num > 20) == (kind == L.D_MANUEL_PLACE) or kind == L.D_PLACE_DISC
        assert A.placement(num, area) == a
    elif kind == L.D_ACT:
        return "act: " + _act_kind(g, a)
    elif kind == L.D_LAUNCH:
        if a == L.LAUNCH_DONE:
            return "launch: done"
        t, crew = A.launch_tile(a), A.launch_crew(a)
        assert s[L.S_PROJ_LOC + t] == L.LOC_PROJECT and s[L.S_PROJ_OWNER + t] == p
        assert bin(crew).count("1") == g.components.array[L.C_PROJ_CREW + t]
        assert A.launch(t, crew) == a
    elif kind == L.D_EXPEDITION_SHIP:
        if a == L.EXPEDITION_DONE:
            return "expedition ship: done"
        t, j = A.ship_send_tile(a), A.ship_send_slot(a)
        assert s[L.S_PROJ_LOC + t] == L.LOC_SHIP and s[L.S_PROJ_OWNER + t] == p
        assert s[L.S_SLOT + s[L.S_EXP_LANDING] * L.MAX_SLOTS + j] < 0
        assert A.ship_send(t, j) == a
    elif kind == L.D_SEND_MERCHANT:
        landing, j = A.merchant_landing(a), A.merchant_slot(a)
        assert s[L.S_SLOT + landing * L.MAX_SLOTS + j] < 0
        assert A.merchant_send(landing, j) == a
        assert A.slot_code(landing, j) == a
    elif kind == L.D_SERNIGI_WHEN:
        assert a in (L.SERNIGI_NOW, L.SERNIGI_PHASE3)
    elif kind == L.D_PROJECT_BONUS:
        assert s[L.S_UPPER + A.project_bonus_space(a)] >= 0
        assert A.project_bonus(A.project_bonus_space(a)) == a
    elif kind == L.D_SAILOR_BONUS:
        if a == L.SAILOR_BAG_DRAW:
            return "sailor bonus: bag"
        sec, col = A.sailor_bonus_section(a), A.sailor_bonus_colour(a)
        assert s[L.S_SECTION + sec * L.N_COLOURS + col] > 0
        assert A.sailor_bonus(sec, col) == a
    elif kind == L.D_END_BOARD:
        assert 0 <= A.end_board_captains(a) <= s[L.S_CAPT_SUPPLY + p]
        assert A.end_board(A.end_board_captains(a)) == a
    else:
        raise AssertionError(f"legal actions for decision kind {kind}")
    return L.DECISION_NAMES[kind]


# every decision kind, and every way of each kind that has several
EXPECTED = {
    L.DECISION_NAMES[k]
    for k in (
        L.D_SEND_MERCHANT,
        L.D_SERNIGI_WHEN,
        L.D_PLACE_DISC,
        L.D_LAUNCH,
        L.D_EXPEDITION_SHIP,
        L.D_MANUEL_PLACE,
        L.D_PROJECT_BONUS,
        L.D_SAILOR_BONUS,
        L.D_END_BOARD,
    )
} | {
    "launch: done",
    "expedition ship: done",
    "sailor bonus: bag",
    "act: give up",
    "act: buy one",
    "act: buy two",
    "act: buy Sao Gabriel",
    "act: recruit a captain",
    "act: recruit sailors",
    "act: recruit with a captain",
    "act: expedition",
    "act: host",
    "act: money",
}


def test_every_legal_action_round_trips_and_every_kind_is_covered() -> None:
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        for seed in range(8):
            g = new_game(players=players, seed=seed)
            rng = random.Random(seed)
            while not is_over(g):
                legal = legal_actions(g)
                assert len(set(legal)) == len(legal)
                for a in legal:
                    seen[_round_trip(g, a)] += 1
                apply_action(g, rng.choice(legal))
    assert set(seen) >= EXPECTED, sorted(EXPECTED - set(seen))


# --- each encoder over its whole domain --------------------------------------------------------
def test_encoders_are_inverted_by_their_decoders() -> None:
    codes = set()
    for num in range(1, L.N_NUMBERS):
        for area in range(L.N_AREAS):
            a = A.placement(num, area)
            assert (A.placement_number(a), A.placement_area(a)) == (num, area)
            codes.add(a)
    assert len(codes) == (L.N_NUMBERS - 1) * L.N_AREAS
    pairs = [(i, j) for i in range(L.N_UPPER) for j in range(i + 1, L.N_UPPER)]
    buys = {A.buy_one(i) for i in range(L.N_UPPER)} | {L.ACT_BUY_SAO_GABRIEL}
    for i, j in pairs:
        a = A.buy_two(i, j)
        assert A.is_buy_two(a) and A.bought_pair(a) == (i, j)
        buys.add(a)
    assert len(buys) == L.N_UPPER + len(pairs) + 1 and L.GIVE_UP not in buys
    for i in range(L.N_UPPER):
        assert not A.is_buy_two(A.buy_one(i)) and A.bought_space(A.buy_one(i)) == i
    assert A.is_buy_sao_gabriel(L.ACT_BUY_SAO_GABRIEL) and not A.is_buy_two(L.ACT_BUY_SAO_GABRIEL)
    for sec in range(L.N_SECTIONS + 1):
        for counts in ((0, 0, 0, 0), (7, 0, 3, 1), (1, 2, 3, 4), (0, 7, 0, 7)):
            for captain in (0, 1):
                a = A.recruit(sec, *counts, captain)
                assert a != L.GIVE_UP
                assert A.recruit_section(a) == sec and A.recruit_captain(a) == captain
                assert [A.recruit_count(a, c) for c in range(L.N_COLOURS)] == list(counts)
    for landing in range(L.N_LANDINGS):
        assert A.expedition_landing(A.expedition(landing)) == landing
        for j in range(L.MAX_SLOTS):
            a = A.merchant_send(landing, j)
            assert (A.merchant_landing(a), A.merchant_slot(a)) == (landing, j)
            assert (A.slot_code_landing(a), A.slot_code_slot(a)) == (landing, j)
    money = {A.take_money(k) for k in range(2)}
    hosts = {A.host(ch) for ch in range(L.N_CHARACTERS)}
    assert not money & hosts and L.GIVE_UP not in money | hosts
    assert all(not A.is_host(a) for a in money) and all(A.is_host(a) for a in hosts)
    for ch in range(L.N_CHARACTERS):
        assert A.hosted_character(A.host(ch)) == ch
    for k in range(2):
        assert A.money_space(A.take_money(k)) == k
    for t in range(L.N_PROJECTS):
        for crew in range(1, 32):
            a = A.launch(t, crew)
            assert a != L.LAUNCH_DONE and (A.launch_tile(a), A.launch_crew(a)) == (t, crew)
        for j in range(L.MAX_SLOTS):
            a = A.ship_send(t, j)
            assert a != L.EXPEDITION_DONE and (A.ship_send_tile(a), A.ship_send_slot(a)) == (t, j)
    bonus = {A.sailor_bonus(sec, col) for sec in range(L.N_SECTIONS) for col in range(4)}
    assert len(bonus) == L.N_SECTIONS * L.N_COLOURS and L.SAILOR_BAG_DRAW not in bonus
    for sec in range(L.N_SECTIONS):
        for col in range(L.N_COLOURS):
            a = A.sailor_bonus(sec, col)
            assert (A.sailor_bonus_section(a), A.sailor_bonus_colour(a)) == (sec, col)


# --- nothing else does arithmetic on action codes --------------------------------------------
# Decoding: //, %, >>, & or divmod by a packing constant. Encoding: a sum with a term that is
# a variable times a packing constant, unless a constant offset term makes it an array index
# (``L.S_SLOT + landing * L.MAX_SLOTS + j``). Any use of an ACT_* offset but an equality test.
PACKING_LITERALS = {4, 8, 32}
PACKING_NAMES = {"MAX_SLOTS", "N_COLOURS", "N_AREAS"}
DECODE_OPS = (ast.FloorDiv, ast.Mod, ast.RShift, ast.BitAnd)
ORDER_OPS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)

SCOPE = ("vdgsim", "strategies", "tests", "cli.py")
# The codec itself; the random generators (bit mixing, no actions). The analyses decode
# columns through vdgsim.games.vasco.analysis.action_columns, which runs the codec's source.
EXEMPT = (
    "vdgsim/games/vasco/engine/actions.py",
    "vdgsim/games/vasco/engine/rng.py",
)
# Packing-constant arithmetic that is not about action codes.
ALLOWED = {
    "tests/test_analysis.py": {'["a"] * 10 + ["b"] * 4'},  # a column of group names
    "tests/test_findings.py": {"g % 4"},  # a player who wins three games in four
    "tests/test_notebook.py": {'e["n_games"] // 4'},  # the four rotations of a deal
    "tests/vasco/test_rules_navigation.py": {"j % 4"},  # a colour per ship
    "tests/vasco/test_rules_phases.py": {
        "4 * players + (1 if players == 4 else 0)"
    },  # discs placed
}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_packing_constant(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value in PACKING_LITERALS
    return _name(node) in PACKING_NAMES


def _is_act(node: ast.AST) -> bool:
    name = _name(node)
    return name is not None and name.startswith("ACT_")


def _sum_terms(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.BitOr):
        return _sum_terms(node.left) + _sum_terms(node.right)
    return [node]


def _is_constant(node: ast.AST) -> bool:
    """A literal or a module constant (``L.S_SLOT``, ``W.WF_MERCH``, ``B``): a product of
    two is an array size, a sum with a named one is an array index."""
    if isinstance(node, ast.Constant):
        return True
    name = _name(node)
    return name is not None and name.isupper()


def _is_scaled(node: ast.AST) -> bool:
    """A variable times a packing constant."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.LShift)):
        return False
    a, b = node.left, node.right
    return (_is_packing_constant(a) and not _is_constant(b)) or (
        _is_packing_constant(b) and not _is_constant(a)
    )


def action_arithmetic(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each place that packs or unpacks an action code."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []

    def flag(node: ast.AST) -> None:
        found.append((node.lineno, ast.get_source_segment(source, node) or ""))

    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp):
            if (
                isinstance(node.op, DECODE_OPS)
                and (_is_packing_constant(node.right) or _is_packing_constant(node.left))
            ) or (_is_act(node.left) or _is_act(node.right)):
                flag(node)
            elif isinstance(node.op, ast.Add | ast.BitOr) and not (
                isinstance(parents.get(node), ast.BinOp)
                and isinstance(parents[node].op, ast.Add | ast.BitOr)
            ):
                terms = _sum_terms(node)
                offset = any(_is_constant(t) and _name(t) and not _is_act(t) for t in terms)
                if any(_is_scaled(t) for t in terms) and not offset:
                    flag(node)
        elif isinstance(node, ast.Call) and _name(node.func) == "divmod":
            if any(_is_packing_constant(arg) for arg in node.args[1:]):
                flag(node)
        elif (
            isinstance(node, ast.Compare)
            and any(isinstance(op, ORDER_OPS) for op in node.ops)
            and any(_is_act(x) for x in [node.left, *node.comparators])
        ):
            flag(node)
    return found


def _scope_files() -> list[Path]:
    files = []
    for root in SCOPE:
        path = ROOT / root
        files.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return [f for f in files if not f.relative_to(ROOT).as_posix().startswith(EXEMPT)]


@pytest.mark.parametrize(
    "snippet",
    [
        "num = action // 4",
        "area = a % L.N_AREAS",
        "t, m = divmod(a, 32)",
        "landing = code // L.MAX_SLOTS",
        "k = (a - L.ACT_RECRUIT) >> 12",
        "ch = action - L.ACT_HOST",
        "ok = a >= L.ACT_BUY_TWO",
        "out[n] = num * 4 + area",
        "out[n] = (t + 1) * 32 + m",
        "out[n] = 1 + t * L.MAX_SLOTS + j",
        "out[n] = sec * L.N_COLOURS + col",
    ],
)
def test_the_static_check_catches_action_arithmetic(snippet: str) -> None:
    assert action_arithmetic(snippet), snippet


def test_the_static_check_passes_layout_indexing() -> None:
    ok = "x = s[L.S_SLOT + landing * L.MAX_SLOTS + j]\ny = a == L.ACT_BUY_SAO_GABRIEL\n"
    assert action_arithmetic(ok) == []
    codec = (ROOT / "vdgsim/games/vasco/engine/actions.py").read_text()
    assert len(action_arithmetic(codec)) >= 10  # the codec itself is what the check looks for


def test_no_action_arithmetic_outside_the_codec() -> None:
    offences = []
    unused = {path: set(exprs) for path, exprs in ALLOWED.items()}
    for path in _scope_files():
        rel = path.relative_to(ROOT).as_posix()
        for line, expr in action_arithmetic(path.read_text()):
            if expr in ALLOWED.get(rel, ()):
                unused[rel].discard(expr)
            else:
                offences.append(f"{rel}:{line}: {expr}")
    assert offences == [], "use vdgsim.games.vasco.engine.actions:\n" + "\n".join(offences)
    assert all(not exprs for exprs in unused.values()), f"stale ALLOWED entries: {unused}"
