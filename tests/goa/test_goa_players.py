"""Goa players: presets validated against PARAM_SPECS, compiled play equal to plain Python,
batches a pure function of their seeds, and a heuristic that beats random play."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies.goa import (
    N_PARAMS,
    P_KIND,
    PRESETS,
    PresetError,
    lineup_params,
    play_games,
    preset_row,
)
from strategies.goa.params import AXES, KIND_HEURISTIC, PARAM_SPECS, params_markdown
from strategies.goa.presets import default_row, preset_description, preset_file
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components

ROOT = Path(__file__).resolve().parents[2]
# a style is default with a few parameters changed; the learned player is default with weights
STYLES = tuple(p for p in PRESETS if p not in ("default", "random", "baseline_v1", "learned"))

# every preset in a 4-player and a 2-player game; two 3-player games with every variant on
# (quick start, Bonanza, strict hand limit: v = 7, bits as in test_goa_determinism)
SAMPLE = [([name, "default", "random", name], 4, 7 + i, 0) for i, name in enumerate(PRESETS)]
SAMPLE += [([name, "random"], 2, 31 + i, 0) for i, name in enumerate(PRESETS)]
SAMPLE += [(["default", "colonies", "flag_hunter"], 3, 41 + i, 7) for i in range(2)]

HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import flow
from strategies.goa import lineup_params, play_to_end
c = default_components().array
out = []
for names, players, seed, v in json.loads(sys.argv[1]):
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed, v & 1, (v >> 1) & 1, (v >> 2) & 1)
    play_to_end(c, s, log, lineup_params(names, players), np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def _hashes(env_extra: dict[str, str]) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **env_extra}
    proc = subprocess.run(
        [sys.executable, "-c", HASH_SCRIPT, json.dumps(SAMPLE)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def _compiled_hashes() -> list[str]:
    from strategies.goa import play_to_end
    from vdgsim.games.goa.engine import flow

    c = default_components().array
    out = []
    for names, players, seed, v in SAMPLE:
        s = np.zeros(L.S_SIZE, np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
        flow.new_game_state(c, s, log, players, seed, v & 1, (v >> 1) & 1, (v >> 2) & 1)
        play_to_end(c, s, log, lineup_params(names, players), np.zeros(L.MAX_LEGAL, np.int64))
        out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
    return out


def _write(tmp_path: Path, text: str, name: str = "p.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- presets and PARAM_SPECS --------------------------------------------------------------------
def test_shipped_presets_load_and_describe_themselves() -> None:
    assert {"random", "default"} <= set(PRESETS) and len(STYLES) >= 5
    base = preset_row("default")
    assert base[P_KIND] == KIND_HEURISTIC
    np.testing.assert_array_equal(base, default_row())
    for name in PRESETS:
        row = preset_row(name)
        assert row.shape == (N_PARAMS,) and row.dtype == np.float64
        text = preset_description(name)
        assert text and "\n" not in text
    for name in STYLES:
        changed = np.flatnonzero(preset_row(name) != base)
        assert 1 <= len(changed) <= 4, name  # a style is default with a few parameters changed


@pytest.mark.parametrize("spec", PARAM_SPECS, ids=[s.name for s in PARAM_SPECS])
def test_param_spec_row_is_validated(spec, tmp_path: Path) -> None:
    inside = (spec.lo + spec.hi) / 2
    if spec.axis is None:
        good, bad = f"{spec.name} = {inside}", f"{spec.name} = {spec.hi + 1}"
    else:
        key = AXES[spec.axis][-1]
        good = f"{spec.name} = {{ {key} = {inside} }}"
        bad = f"{spec.name} = {{ {key} = {spec.lo - 1} }}"
    row = preset_file(_write(tmp_path, f'inherit = "default"\n[params]\n{good}\n'))
    col = spec.column + (0 if spec.axis is None else len(AXES[spec.axis]) - 1)
    assert row[col] == inside
    path = _write(tmp_path, f'inherit = "default"\n[params]\n{bad}\n', "bad.toml")
    with pytest.raises(PresetError, match=rf"bad\.toml: params\.{spec.name}.*outside") as err:
        preset_file(path)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('inherit = "default"\n[params]\nbluff = 1\n', r"params\.bluff: unknown parameter"),
        ('inherit = "default"\n[params]\nship_value = "a"\n', r"ship_value: expected a number"),
        ('inherit = "default"\n[params]\nship_value = true\n', r"ship_value: expected a number"),
        ('inherit = "default"\n[params]\ncolumn_weight = 2\n', r"column_weight: expected a table"),
        (
            'inherit = "default"\n[params]\ncolumn_weight = { boats = 1 }\n',
            r"column_weight\.boats: unknown column",
        ),
        (
            'inherit = "default"\n[params]\nspice_value = { saffron = 1 }\n',
            r"spice_value\.saffron: unknown spice",
        ),
        ('inherit = "default"\ncolour = "red"\n', r"colour: unknown field"),
        ('policy = "genius"\n', r"policy: 'genius' is not one of"),
        ('description = "no policy"\n', r"policy: missing"),
        ('inherit = "nobody"\n', r"unknown Goa preset 'nobody'"),
        ('inherit = "p.toml"\n', r"inherit loop"),
        ("policy = \n", r"not valid TOML"),
        ('inherit = "default"\n[players.5]\nsell_bias = 1\n', r"players\.5: not a player count"),
        (
            'inherit = "default"\n[players.2]\nsell_bias = 99\n',
            r"players\.2: params\.sell_bias: .*outside",
        ),
    ],
)
def test_preset_errors_name_file_and_field(tmp_path: Path, text: str, match: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(PresetError, match=match) as err:
        preset_file(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_values_for_one_player_count_replace_params_at_that_count(tmp_path: Path) -> None:
    """``[players.N]``, as in Vasco da Gama's preset files: the count's row everywhere a
    line-up is made for a count, ``[params]`` at the other counts."""
    from strategies.goa.params import P_SELL_BIAS

    path = _write(
        tmp_path, 'inherit = "default"\n[params]\nsell_bias = 0.5\n[players.2]\nsell_bias = 2\n'
    )
    assert preset_file(path)[P_SELL_BIAS] == 0.5
    assert preset_file(path, 3)[P_SELL_BIAS] == 0.5
    assert preset_file(path, 2)[P_SELL_BIAS] == 2
    assert lineup_params([str(path), "default"], 2)[0, P_SELL_BIAS] == 2
    assert lineup_params([str(path), "default", "default"], 3)[0, P_SELL_BIAS] == 0.5
    # an inheriting file keeps the count's value unless it sets the parameter itself
    child = tmp_path / "child.toml"
    child.write_text(f'inherit = "{path.name}"\n[params]\nflag_value = 0\n')
    assert preset_file(child, 2)[P_SELL_BIAS] == 2
    assert preset_file(child, 4)[P_SELL_BIAS] == 0.5


def test_missing_preset_file(tmp_path: Path) -> None:
    with pytest.raises(PresetError, match="no such preset file"):
        preset_file(tmp_path / "absent.toml")


def test_lineup_params_table_and_errors() -> None:
    table = lineup_params(["default", "random", "flag_hunter"], 3)
    assert table.shape == (L.MAX_PLAYERS, N_PARAMS)
    np.testing.assert_array_equal(table[2], preset_row("flag_hunter"))
    assert not table[3].any()
    with pytest.raises(PresetError, match="needs 3 names, got 2"):
        lineup_params(["default", "random"], 3)
    with pytest.raises(PresetError, match="unknown Goa preset 'strong'"):
        lineup_params(["default", "strong"], 2)
    with pytest.raises(PresetError, match="2 to 4 players"):
        lineup_params(["default"] * 5, 5)


# --- compiled play ------------------------------------------------------------------------------
def test_g9_4_every_preset_compiled_equals_disable_jit() -> None:
    compiled = _compiled_hashes()
    assert len(set(compiled)) == len(compiled)
    assert _hashes({"NUMBA_DISABLE_JIT": "1"}) == compiled


def test_play_games_is_a_pure_function_of_the_seeds() -> None:
    comp = default_components()
    params = lineup_params(["default", "colonies", "random", "ships_first"], 4)
    seeds = np.array([5, 6, 7, 8, 9, 10])
    vp, share = play_games(comp, 4, seeds, params)
    again_vp, again_share = play_games(comp, 4, seeds, params)
    np.testing.assert_array_equal(vp, again_vp)
    np.testing.assert_array_equal(share, again_share)
    order = np.array([3, 0, 5, 1, 4, 2])
    perm_vp, perm_share = play_games(comp, 4, seeds[order], params)
    np.testing.assert_array_equal(perm_vp, vp[order])
    np.testing.assert_array_equal(perm_share, share[order])
    np.testing.assert_allclose(share.sum(axis=1), 1.0)
    assert len({tuple(r) for r in vp}) > 1


def test_default_beats_three_random_players() -> None:
    comp = default_components()
    wins = 0.0
    for seat in range(4):  # seats rotated: 10 games with default in each seat
        names = ["random"] * 4
        names[seat] = "default"
        seeds = np.arange(200 + 10 * seat, 210 + 10 * seat)
        _, share = play_games(comp, 4, seeds, lineup_params(names, 4))
        wins += share[:, seat].sum()
    assert wins >= 32, wins


def test_docs_list_every_preset_and_the_generated_parameter_table() -> None:
    text = (ROOT / "docs" / "goa-players.md").read_text(encoding="utf-8")
    assert params_markdown() in text
    for name in PRESETS:
        assert f"| `{name}` | {preset_description(name)} |" in text, name


def _bid_positions(games: int, decision: int = L.D_BID) -> list:
    """States at a ``decision`` with more than one legal action (a bid of a non-owner who may
    outbid, by default), from `default` games."""
    from strategies.goa import choose
    from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game

    comp = default_components()
    table = lineup_params(["default"] * 4, 4)
    out = []
    for seed in range(games):
        g = new_game(4, seed=seed, components=comp)
        while not is_over(g):
            legal = np.array(legal_actions(g), dtype=np.int64)
            if g.decision == decision and len(legal) > 1:
                out.append(g.s.copy())
            apply_action(g, int(choose(comp.array, g.s, legal, len(legal), table)))
    return out


def _bids_with_and_without(column: int, value: float, games: int = 3):
    """(state, seat, bid with default's parameters, bid with ``column`` set to ``value``) at
    the bid positions of ``games`` default games where the seat bids either way (a switch
    must never turn a pass into a bid or back)."""
    from strategies.goa.heuristic import bidding as BD
    from vdgsim.games.goa import actions as A

    c = default_components().array
    base = lineup_params(["default"] * 4, 4)
    other = base.copy()
    other[:, column] = value
    for s in _bid_positions(games):
        p = int(s[L.S_DEC_PLAYER])
        b0 = BD.choose_bid(c, s.copy(), p, base)
        b1 = BD.choose_bid(c, s.copy(), p, other)
        assert (b0 == A.PASS) == (b1 == A.PASS)
        if b1 != A.PASS:
            yield s, p, b0, b1


def test_g4_owner_floor_raises_bids_to_the_owners_selling_price() -> None:
    """With the same limit, a bid with the owner floor is never below the shaded opening
    and never above the limit; at some positions it is raised to what the owner sells at."""
    from strategies.goa.params import P_OWNER_FLOOR

    assert lineup_params(["default"] * 2, 2)[0, P_OWNER_FLOOR] > 0
    raised = 0
    for s, p, with_floor, without in _bids_with_and_without(P_OWNER_FLOOR, 0.0):
        assert without <= with_floor <= int(s[L.S_DUCATS + p])
        raised += with_floor > without
    assert raised >= 3


def test_g4_3_sell_bias_turns_some_buys_into_sales_and_no_sale_into_a_buy() -> None:
    """G4.3: the owner buys only when keeping the lot beats the sale by more than
    ``sell_bias``. `default` has a positive bias: against the same owner without it, some
    buys become sales and no sale becomes a buy; a bias far above any lot's value always
    sells, far below it always buys."""
    from strategies.goa.heuristic import bidding as BD
    from strategies.goa.params import P_SELL_BIAS
    from vdgsim.games.goa import actions as A

    c = default_components().array
    base = lineup_params(["default"] * 4, 4)
    assert base[0, P_SELL_BIAS] > 0
    table = {}
    for bias in (0.0, -100.0, 100.0):
        table[bias] = base.copy()
        table[bias][:, P_SELL_BIAS] = bias
    positions = _bid_positions(4, L.D_OWNER)
    assert len(positions) >= 20
    flipped = 0
    for s in positions:
        p = int(s[L.S_DEC_PLAYER])
        with_bias = BD.choose_owner(c, s.copy(), p, base)
        without = BD.choose_owner(c, s.copy(), p, table[0.0])
        assert not (without == A.OWNER_SELL and with_bias == A.OWNER_BUY)
        flipped += without == A.OWNER_BUY and with_bias == A.OWNER_SELL
        assert BD.choose_owner(c, s.copy(), p, table[100.0]) == A.OWNER_SELL
        assert BD.choose_owner(c, s.copy(), p, table[-100.0]) == A.OWNER_BUY
    assert flipped >= 3


def test_g4_2_preempt_bids_above_the_later_speakers_limit() -> None:
    """Each non-owner speaks once (G4.2): with ``preempt`` a bidder who is not the last to
    speak bids at least one above the highest limit it expects of those after it, within its
    own cap; the last speaker is never raised (nobody is left to pre-empt)."""
    from strategies.goa.heuristic import bidding as BD
    from strategies.goa.params import P_PREEMPT

    c = default_components().array
    on = lineup_params(["default"] * 4, 4)
    assert on[0, P_PREEMPT] == 0.0  # measured and left off (docs/goa-players.md)
    on[:, P_PREEMPT] = 1.0
    raised = 0
    for s, p, off_bid, on_bid in _bids_with_and_without(P_PREEMPT, 1.0):
        assert off_bid <= on_bid <= int(s[L.S_DUCATS + p])
        if on_bid > off_bid:
            raised += 1
            assert BD.later_limit(c, s.copy(), p, on, int(s[L.S_AUC_ITEM])) > 0
    assert raised >= 3


def test_g4_chase_deny_keeps_floor_and_preempt_within_the_own_value() -> None:
    """With ``chase_deny`` 0 the owner floor and the pre-emptive bid stop at what the lot is
    worth to the bidder itself; the deny share of its limit only sets the opening bid."""
    from strategies.goa.params import P_CHASE_DENY

    assert lineup_params(["default"] * 2, 2)[0, P_CHASE_DENY] == 0.0
    lowered = 0
    for _s, _p, low, full in _bids_with_and_without(P_CHASE_DENY, 1.0):
        assert low <= full
        lowered += low < full
    assert lowered >= 3


def _quiet_exhaustive(h: int, k: int, lims: list[int], sells: list[bool]) -> bool:
    """Every speaker from ``k`` on passes at high bid ``h``: speaker ``k`` bids when some bid
    in ``(h, lims[k]]`` wins for him (the rest quiet after it, the owner selling)."""
    if k == len(lims):
        return True
    for b in range(h + 1, lims[k] + 1):
        if sells[b] and _quiet_exhaustive(b, k + 1, lims, sells):
            return False
    return _quiet_exhaustive(h, k + 1, lims, sells)


def _first_winning(lims: list[int], sells: list[bool], high: int, cap: int) -> int:
    from strategies.goa.heuristic import bidding as BD

    m = len(lims)
    return int(
        BD.first_winning_bid(
            np.array(lims + [0] * (L.MAX_PLAYERS - m), np.int64),
            m,
            np.array(sells, np.bool_),
            high,
            cap,
        )
    )


@pytest.mark.parametrize(
    ("lims", "sells_from", "high", "cap", "expected"),
    [
        ([], 4, 0, 10, 4),  # last to speak: the owner's selling price
        ([5], 2, 0, 9, 5),  # the later speaker's limit: he may not bid above it
        ([5], 2, 0, 4, 0),  # ... which is beyond the cap
        ([7, 3], 1, 0, 6, 0),  # the first later speaker outbids anything up to 7
        ([7, 3], 1, 0, 7, 7),
        ([4, 6], 1, 0, 9, 6),  # at 5 the second later speaker still wins with 6
        ([5], 8, 0, 9, 8),  # the owner keeps it below 8, and he keeps it from the speaker too
        ([6, 9], 1, 0, 8, 0),  # the last speaker outbids every bid up to 9
        ([3], 1, 4, 9, 5),  # a high bid of 4 already: the least legal bid wins
    ],
)
def test_g4_2_first_winning_bid_hand_examples(
    lims: list[int], sells_from: int, high: int, cap: int, expected: int
) -> None:
    """G4.2 (each later non-owner speaks once) and G4.3 (the owner sells at ``sells_from``
    and above): the least bid that no later speaker can profitably top, worked by hand."""
    top = max([cap, *lims])
    sells = [b >= sells_from for b in range(top + 2)]
    assert _first_winning(lims, sells, high, cap) == expected


@settings(max_examples=300, deadline=None)
@given(
    lims=st.lists(st.integers(0, 12), max_size=3),
    sells_bits=st.lists(st.booleans(), min_size=14, max_size=14),
    high=st.integers(0, 8),
    cap=st.integers(0, 12),
)
def test_g4_2_first_winning_bid_matches_an_exhaustive_search(
    lims: list[int], sells_bits: list[bool], high: int, cap: int
) -> None:
    """The backward scan finds the same least winning bid as trying every bid sequence."""
    top = max([cap, *lims])
    sells = sells_bits[: top + 2]
    want = next(
        (b for b in range(high + 1, cap + 1) if sells[b] and _quiet_exhaustive(b, 0, lims, sells)),
        0,
    )
    assert _first_winning(lims, sells, high, cap) == want


def test_g4_2_solve_bid_bids_the_least_winning_bid_when_there_is_one() -> None:
    """With ``solve_bid`` 1 a bid is the least bid expected to win whenever there is one
    (within the cap and the seat's ducats); solving never turns a pass into a bid."""
    from strategies.goa.heuristic import bidding as BD
    from strategies.goa.params import P_SOLVE_BID
    from vdgsim.games.goa import actions as A

    c = default_components().array
    off = lineup_params(["default"] * 4, 4)
    assert off[0, P_SOLVE_BID] == 0.0  # measured and left off (docs/goa-players.md)
    on = off.copy()
    on[:, P_SOLVE_BID] = 1.0
    solved = 0
    for s in _bid_positions(3):
        p = int(s[L.S_DEC_PLAYER])
        item = int(s[L.S_AUC_ITEM])
        high = int(s[L.S_AUC_HIGH])
        bid = BD.choose_bid(c, s.copy(), p, on)
        assert (bid == A.PASS) == (BD.choose_bid(c, s.copy(), p, off) == A.PASS)
        if bid == A.PASS:
            continue
        assert high < bid <= int(s[L.S_DUCATS + p])
        w = BD.least_winning_bid(c, s.copy(), p, on, item, high, bid)
        if w > 0:
            solved += 1
            assert w == bid  # none below it wins either
    assert solved >= 10


def test_baseline_v1_plays_exactly_its_recorded_games() -> None:
    """baseline_v1 keeps the pre-emptive bid off and lets a raise chase the deny share
    (``preempt`` 0, ``chase_deny`` 1): its games match the recorded digests."""
    from strategies.goa import play_to_end
    from vdgsim.games.goa.engine import flow

    c = default_components().array
    out = []
    for names, players, seed in BASELINE_V1_GAMES:
        s = np.zeros(L.S_SIZE, np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
        flow.new_game_state(c, s, log, players, seed, 0, 0, 0)
        play_to_end(c, s, log, lineup_params(names, players), np.zeros(L.MAX_LEGAL, np.int64))
        out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
    assert out == BASELINE_V1_DIGESTS


BASELINE_V1_GAMES = [(["baseline_v1"] * 4, 4, 11), (["baseline_v1"] * 3, 3, 12)]
BASELINE_V1_DIGESTS = [
    "545d2e5e04bf4f6f11066cda3b5ed455a03561e3ed701c7ff086491c891609fd",
    "57754bae4e4083bd50e68c3ed84cb71ced665d928f333e6c6bbe3d7452f4f195",
]


def test_cash_curve_prices_a_payment_below_the_cash_target_in_full() -> None:
    """G4: paying past ``cash_target`` costs the ducats below it at full value (cash_curve
    1), not every ducat at the surplus value of the next one (cash_curve 0)."""
    from strategies.goa.heuristic import values as V
    from strategies.goa.params import P_CASH, P_CASH_CURVE, P_DUCAT_VP, P_SURPLUS
    from vdgsim.games.goa.game import new_game

    g = new_game(4, seed=3, components=default_components())
    params = lineup_params(["default"] * 4, 4)
    s = g.s.copy()
    target = int(params[0, P_CASH])
    s[L.S_DUCATS] = target + 5
    v = params[0, P_DUCAT_VP] * (0.5 + 0.5 * V.fade(s, 0, params))
    surplus = v * params[0, P_SURPLUS]
    params[0, P_CASH_CURVE] = 1.0
    assert V.pay_vp(s, 0, params, 10) == pytest.approx(5 * surplus + 5 * v)
    assert V.receive_vp(s, 0, params, 4) == pytest.approx(4 * surplus)
    assert V.affordable(s, 0, params, 5 * surplus + 2.5 * v, 100) == 7
    params[0, P_CASH_CURVE] = 0.0
    assert V.pay_vp(s, 0, params, 10) == pytest.approx(10 * surplus)


def test_the_heuristic_names_a_listed_action_when_given_part_of_the_legal_list() -> None:
    """A caller may list only some legal actions (a search trying the untried ones): the bid
    the heuristic computes is taken when listed, else the first listed action, never an
    unlisted one."""
    from strategies.goa import choose
    from strategies.goa.scripted import heuristic_action
    from vdgsim.games.goa.engine import flow

    comp = default_components()
    table = lineup_params(["default"] * 4, 4)
    states = _bid_positions(2)[:12]
    assert states
    for s in states:
        legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
        n = flow.legal_actions(comp.array, s.copy(), legal)
        own = int(heuristic_action(comp.array, s.copy(), legal, n, table))
        others = np.array([a for a in legal[:n] if a != own], dtype=np.int64)
        assert int(choose(comp.array, s.copy(), legal, n, table)) == own
        picked = int(heuristic_action(comp.array, s.copy(), others, len(others), table))
        assert picked == others[0]
        with_own = np.array([others[-1], own], dtype=np.int64)
        assert int(heuristic_action(comp.array, s.copy(), with_own, 2, table)) == own


# --- no peeking (G5.11, G9.5) --------------------------------------------------------------------


def _seen_as(g, seat: int, action: int) -> tuple[str, int]:
    """``action`` as ``seat`` can tell it apart: a Gift choice of a Mission it may not see is
    the k-th such Mission of the Gift pool (by id), since those look alike to it (G5.8)."""
    from vdgsim.games.goa.observation import unseen_missions

    unseen = unseen_missions(g, seat)
    if g.decision == L.D_GIFT and action in unseen:
        pool = [t for t in unseen if g.s[L.S_TILE_LOC + t] == L.LOC_ASIDE]
        return ("unseen mission", pool.index(action))
    return ("action", action)


def _missions_in_reach(g, h) -> bool:
    """Whether a Mission's printed VP on the grid or in the Gift pool differs between two
    versions of a position: where a reader of hidden Mission values would decide otherwise."""
    vp = g.components.array[L.C_TILE_VP : L.C_TILE_VP + L.N_TILES]
    kind = g.components.array[L.C_TILE_KIND : L.C_TILE_KIND + L.N_TILES]

    def seen(x) -> tuple[list[int], list[int]]:
        cells = x.s[L.S_GRID : L.S_GRID + L.N_CELLS]
        grid = [int(vp[t]) if t >= 0 and kind[t] == L.TK_MISSION else 0 for t in cells]
        pool = sorted(
            int(vp[t])
            for t in range(L.N_TILES)
            if kind[t] == L.TK_MISSION and x.s[L.S_TILE_LOC + t] == L.LOC_ASIDE
        )
        return grid, pool

    return seen(g) != seen(h)


def _changed_decisions(names: list[str], seeds, options, redeals: int = 2):
    """Play games of the line-up ``names``; at every decision with a choice, ask the deciding
    seat again in ``redeals`` copies of the position whose hidden part (as that seat cannot
    see it) is dealt anew. Returns (decisions changed per preset, decisions compared per
    preset, comparisons where a Mission's hidden value within reach changed)."""
    from strategies.goa import choose
    from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game
    from vdgsim.games.goa.observation import shuffle_hidden

    comp = default_components()
    c = comp.array
    players = len(names)
    table = lineup_params(names, players)
    changed = dict.fromkeys(names, 0)
    compared = dict.fromkeys(names, 0)
    in_reach = 0
    deal = 0
    for seed in seeds:
        g = new_game(players, seed=seed, components=comp, options=options)
        while not is_over(g):
            legal = np.array(legal_actions(g), dtype=np.int64)
            n = len(legal)
            seat = g.current_player
            if n > 1:
                base = _seen_as(g, seat, int(choose(c, g.s.copy(), legal, n, table)))
                for _ in range(redeals):
                    h = shuffle_hidden(g, seat, deal)
                    deal += 1
                    other = np.array(legal_actions(h), dtype=np.int64)
                    a = int(choose(c, h.s.copy(), other, len(other), table))
                    changed[names[seat]] += _seen_as(h, seat, a) != base
                    compared[names[seat]] += 1
                    in_reach += _missions_in_reach(g, h)
            apply_action(g, int(choose(c, g.s, legal, n, table)))
    return changed, compared, in_reach


def test_g5_11_default_does_not_read_hidden_mission_vp() -> None:
    """G5.11, G9.5: a Mission's printed VP is hidden from all but its holder. `default`'s
    decisions stay the same when the Missions it may not see swap values (with the rest of
    the hidden part dealt anew), at many positions where such a Mission is on the grid or in
    the Gift pool and its value did change."""
    from vdgsim.games.goa.game import Options

    for players in (4, 3, 2):
        changed, compared, in_reach = _changed_decisions(
            ["default"] * players, range(60, 63), Options(bonanza=players == 3)
        )
        assert changed["default"] == 0, (players, changed, compared)
        assert compared["default"] > 300 and in_reach > 50, (players, compared, in_reach)


def _preset_lineups() -> list[list[str]]:
    """Every Goa preset in a line-up of four (padded with `default`)."""
    names = list(PRESETS)
    lineups = [names[i : i + 4] for i in range(0, len(names), 4)]
    lineups[-1] += ["default"] * (4 - len(lineups[-1]))
    return lineups


@pytest.mark.parametrize("names", _preset_lineups(), ids=",".join)
def test_g9_5_no_preset_reads_hidden_information(names: list[str]) -> None:
    """G9.5: no preset's decision changes when what the deciding seat cannot see — the deck
    order, the other hands, the values of the Missions it does not hold, the Bonanza tiles
    under the corners, the chance generator — is dealt anew."""
    from vdgsim.games.goa.game import Options

    changed, compared, _ = _changed_decisions(names, (70, 71), Options(bonanza=True), 1)
    assert not any(changed.values()), (changed, compared)
    assert min(compared.values()) > 100, compared
