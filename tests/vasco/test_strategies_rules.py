"""The players' manners: no peeking at hidden information, ties broken at random (not by
seat or index), and restricted play really restricts."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from scipy.stats import norm

from strategies.vasco import params as P
from strategies.vasco.policy import choose
from strategies.vasco.presets import shipped_presets
from strategies.vasco.registry import params_table, resolve
from vdgsim import default_components
from vdgsim.core.stats import wilson_interval
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import flow

try:  # the observation layer's own shuffle, when it exists
    from vdgsim.games.vasco.observation import shuffle_hidden
except ImportError:  # pragma: no cover - older checkouts
    shuffle_hidden = None


def _new(comp, players, seed):
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(comp.array, s, log, players, seed)
    return s, log


def _own_shuffle(comp, s, rng):
    """Reshuffle every hidden order of a position and reseed the chance generator."""
    t = s.copy()

    def shuffle(lo, hi):
        if hi - lo > 1:
            t[lo:hi] = rng.permutation(t[lo:hi])

    # VdG tiles after the discards and the face-up one; merchant ships after the face-up one
    shuffle(L.S_VDG_ORDER + int(s[L.S_VDG_DISCARDED]) + 1, L.S_VDG_ORDER + L.N_VDG)
    shuffle(L.S_MERCH_ORDER + int(s[L.S_MERCH_TOP]) + 1, L.S_MERCH_ORDER + L.N_MERCHANTS)
    # projects: within each deck, everything after the next tile
    decks = comp.array[L.C_PROJ_DECK : L.C_PROJ_DECK + L.N_PROJECTS]
    nxt = int(s[L.S_PROJ_NEXT])
    start = 0
    for d in range(3):
        end = start + int((decks == d).sum())
        shuffle(L.S_PROJ_ORDER + max(start, nxt + 1), L.S_PROJ_ORDER + end)
        start = end
    t[L.S_RNG_CHANCE : L.S_RNG_CHANCE + 4] = rng.integers(1, 2**32, size=4)
    return t


def _preset_lineups() -> list[list[str]]:
    """Every shipped preset in a line-up of four (padded with `default`)."""
    names = shipped_presets()
    lineups = [names[i : i + 4] for i in range(0, len(names), 4)]
    lineups[-1] += ["default"] * (4 - len(lineups[-1]))
    return lineups


@pytest.mark.parametrize("lineup", _preset_lineups(), ids=",".join)
def test_r9_4_no_preset_reads_the_hidden_orders(lineup):
    """No peeking (R9.4): no preset's decision changes when the face-down orders are
    reshuffled and the chance generator reseeded (by this file's own shuffle and by the
    observation layer's)."""
    comp = default_components()
    c = comp.array
    rng = np.random.default_rng(7)
    params = params_table(lineup)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    checked = 0
    for seed in range(6):
        s, log = _new(comp, 4, seed)
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            variants = [_own_shuffle(comp, s, rng)]
            if shuffle_hidden is not None:
                from vdgsim.games.vasco.game import GameState

                variants.append(shuffle_hidden(GameState(comp, s, log), int(rng.integers(9))).s)
            for t in variants:
                assert choose(c, t.copy(), legal, n, params) == choose(
                    c, s.copy(), legal, n, params
                )
            checked += 1
            flow.apply(c, s, log, choose(c, s, legal, n, params))
    assert checked > 1000


def _tied_placement(comp, params, rng):
    """The first placement decision of some 4-player default games whose choice depends on
    the player generator (a tie), with its legal actions."""
    c = comp.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for seed in range(20):
        s, log = _new(comp, 4, seed)
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            if s[L.S_DECISION] == L.D_PLACE_DISC:
                seen = set()
                for _ in range(12):
                    t = s.copy()
                    t[L.S_RNG_PLAYER : L.S_RNG_PLAYER + 4] = rng.integers(1, 2**32, size=4)
                    seen.add(int(choose(c, t, legal, n, params)))
                if len(seen) > 1:
                    return s, legal[:n].copy()
            flow.apply(c, s, log, int(choose(c, s, legal, n, params)))
    raise AssertionError("no tied placement found")


def test_ties_are_broken_at_random_not_by_index():
    """A placement where several (number, Area) choices are worth the same: over many
    player-generator states each tied choice is taken about 1/k of the time (a first-index
    rule would always take the same one, and favour low numbers, Areas and seats)."""
    comp = default_components()
    c = comp.array
    params = params_table(["default"] * 4)
    rng = np.random.default_rng(1)
    s, legal = _tied_placement(comp, params, rng)
    counts: dict[int, int] = {}
    reps = 1500
    for _ in range(reps):
        t = s.copy()
        t[L.S_RNG_PLAYER : L.S_RNG_PLAYER + 4] = rng.integers(1, 2**32, size=4)
        a = int(choose(c, t, legal, len(legal), params))
        counts[a] = counts.get(a, 0) + 1
    k = len(counts)
    assert k >= 2
    for a, m in counts.items():
        lo, hi = wilson_interval(m, reps, 0.999)
        assert lo <= 1 / k <= hi, (a, m, counts)


@njit(cache=True)
def _play_with_order(c, n_players, seeds, params, reverse, share_sum):
    """Play games, optionally presenting every legal list in reverse order."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, n_players, seeds[g])
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            if reverse:
                legal[:n] = legal[:n][::-1].copy()
            flow.apply(c, s, log, choose(c, s, legal, n, params))
        best = -1
        for p in range(n_players):
            best = max(best, s[L.S_VP + p])
        k = 0
        for p in range(n_players):
            if s[L.S_VP + p] == best:
                k += 1
        for p in range(n_players):
            if s[L.S_VP + p] == best:
                share_sum[p] += 1.0 / k


def test_seat_results_do_not_depend_on_the_order_of_the_legal_actions():
    """Four identical default players. The seats are not equal in this game (the characters
    are dealt by seat), but that asymmetry must come from the game: presenting every legal
    list in reverse order (which would move any first-index tie-break to the last index)
    leaves every seat's win rate the same, by a two-sample test at 1% over the four seats.

    The two orders play different games (the random tie-breaks fall differently), so the
    difference of two independent win rates is tested, with its own standard error; one
    sample's 99% interval around the other would be too narrow for that (it failed by chance
    on 1 in 4 such checks; 24,000 more games per order showed no order effect)."""
    comp = default_components()
    seeds = np.arange(1500, dtype=np.int64) + 77
    params = params_table(["default"] * 4)
    fwd = np.zeros(4)
    rev = np.zeros(4)
    _play_with_order(comp.array, 4, seeds, params, False, fwd)
    _play_with_order(comp.array, 4, seeds, params, True, rev)
    n = len(seeds)
    z = float(norm.ppf(1 - 0.01 / (2 * 4)))  # two-sided, Bonferroni over the four seats
    for seat in range(4):
        a, b = fwd[seat] / n, rev[seat] / n
        se = np.sqrt((a * (1 - a) + b * (1 - b)) / n)
        assert abs(a - b) <= z * se, (seat, fwd, rev)


def _replay_logs(lineup, players, seeds):
    comp = default_components()
    params = params_table(lineup)
    from strategies.vasco.loop import play_to_end

    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for seed in seeds:
        s, log = _new(comp, players, int(seed))
        play_to_end(comp.array, s, log, params, legal)
        yield s, log[: int(s[L.S_LOG_N])]


def test_never_host_never_pay_and_only_landings_never_appear_in_the_log():
    lineup = [
        "default+never_host=manuel+never_pay+only_landings=malindi/calicut",
        "default",
        "default",
        "default",
    ]
    hosted_by_others = 0
    paid_by_others = 0
    sent = 0
    for _, rows in _replay_logs(lineup, 4, range(150)):
        seat0 = rows[:, 3] == 0
        hosts = (rows[:, 0] == E.EV_GAIN) & (rows[:, 4] == E.G_CHARACTER) & (rows[:, 2] == 2)
        assert not (hosts & seat0 & (rows[:, 6] == L.CH_MANUEL)).any()
        hosted_by_others += int((hosts & ~seat0 & (rows[:, 6] == L.CH_MANUEL)).sum())
        pays = (rows[:, 0] == E.EV_PAY) & (rows[:, 4] == L.PAY_RIGHT_TO_ACT)
        assert not (pays & seat0).any()
        paid_by_others += int((pays & ~seat0).sum())
        slots = (rows[:, 0] == E.EV_VP) & (rows[:, 4] == L.VP_SLOT) & seat0
        assert set(rows[slots, 6].tolist()) <= {4, 5}
        sent += int(slots.sum())
    # the restricted behaviour is common for the unrestricted players, and seat 0 still sails
    assert hosted_by_others > 50 and paid_by_others > 100 and sent > 50


def _violates(action: int, area: int, at_least: int, below: int) -> bool:
    num, a = A.placement_number(action), A.placement_area(action)
    return a == area and (num < at_least if at_least else num >= below)


def test_number_ranges_restrict_placements():
    """Seat 0 places Navigation discs only on numbers >= 12 and Purchase discs only below 6,
    except when the rules leave nothing else (a disc must be placed)."""
    comp = default_components()
    c = comp.array
    params = params_table(["default+at_least=navigation:12+below=purchase:6", "random", "default"])
    rules = [(L.A_NAVIGATION, 12, 0), (L.A_PURCHASE, 0, 6)]
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    placed = forced = 0
    for seed in range(60):
        s, log = _new(comp, 3, seed)
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            a = int(choose(c, s, legal, n, params))
            if s[L.S_DEC_PLAYER] == 0 and s[L.S_DECISION] in (L.D_PLACE_DISC, L.D_MANUEL_PLACE):
                bad = any(_violates(a, *r) for r in rules)
                if bad:
                    options = legal[:n].tolist()
                    assert all(any(_violates(x, *r) for r in rules) for x in options)
                    forced += 1
                placed += A.placement_area(a) in (L.A_NAVIGATION, L.A_PURCHASE)
            flow.apply(c, s, log, a)
    assert placed > 100 and forced < placed / 20


def test_always_host_hosts_whenever_a_characters_action_allows_it():
    comp = default_components()
    c = comp.array
    params = params_table(["random+always_host=dias", "default", "default+always_host=sernigi"])
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    mandated = {0: A.host(L.CH_DIAS), 2: A.host(L.CH_SERNIGI)}
    seen = 0
    for seed in range(40):
        s, log = _new(comp, 3, seed)
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            a = int(choose(c, s, legal, n, params))
            p = int(s[L.S_DEC_PLAYER])
            if (
                s[L.S_DECISION] == L.D_ACT
                and s[L.S_NUM_AREA + s[L.S_CURRENT]] == L.A_CHARACTERS
                and p in mandated
                and mandated[p] in legal[:n].tolist()
            ):
                assert a == mandated[p]
                seen += 1
            flow.apply(c, s, log, a)
    assert seen > 20


def test_always_host_is_a_phase_2_mandate_that_leaves_every_placement_unchanged():
    """The arm measures hosting the character, not a different Phase 1 plan: at every disc
    placement the restricted player chooses what the unrestricted one would."""
    comp = default_components()
    c = comp.array
    restricted = params_table(["default+always_host=alvares", "default", "default"])
    free = params_table(["default"] * 3)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    compared = 0
    for seed in range(12):
        s, log = _new(comp, 3, seed)
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            if s[L.S_DEC_PLAYER] == 0 and s[L.S_DECISION] == L.D_PLACE_DISC:
                assert choose(c, s.copy(), legal, n, free) == choose(
                    c, s.copy(), legal, n, restricted
                )
                compared += 1
            flow.apply(c, s, log, int(choose(c, s, legal, n, restricted)))
    assert compared > 100


def test_a_parameter_change_in_a_name_reaches_play():
    """``default+max_pay=0``: the heuristic never pays more than ``max_pay`` for the right to
    act (it gives up instead), so its seat pays nothing while plain ``default`` seats pay."""
    paid_by_others = 0
    for _, rows in _replay_logs(["default+max_pay=0", "default", "default"], 3, range(60)):
        pays = (rows[:, 0] == E.EV_PAY) & (rows[:, 4] == L.PAY_RIGHT_TO_ACT)
        assert not (pays & (rows[:, 3] == 0)).any()
        paid_by_others += int((pays & (rows[:, 3] != 0)).sum())
    assert paid_by_others > 20


def test_restrictions_work_for_the_random_player_and_keep_the_game_legal():
    row = resolve("random+never_pay+only_landings=calicut")
    assert row[P.P_KIND] == P.KIND_RANDOM
    for _, rows in _replay_logs(["random+never_pay+only_landings=calicut", "random"], 2, range(60)):
        seat0 = rows[:, 3] == 0
        assert not ((rows[:, 0] == E.EV_PAY) & (rows[:, 4] == L.PAY_RIGHT_TO_ACT) & seat0).any()
        slots = (rows[:, 0] == E.EV_VP) & (rows[:, 4] == L.VP_SLOT) & seat0
        assert set(rows[slots, 6].tolist()) <= {5}


@pytest.mark.parametrize("search", ["mc:rollouts=8:dets=4", "ismcts:iters=8"])
def test_restrictions_bind_search_players_in_real_games(search):
    """A restricted search player never does what it is forbidden, though its rollouts are
    played by an unrestricted preset for the other seats (and search would often pay)."""
    name = f"{search}+never_pay+never_host=manuel"
    paid_by_others = 0
    for _, rows in _replay_logs([name, "default"], 2, range(6)):
        seat0 = rows[:, 3] == 0
        pays = (rows[:, 0] == E.EV_PAY) & (rows[:, 4] == L.PAY_RIGHT_TO_ACT)
        assert not (pays & seat0).any()
        paid_by_others += int((pays & ~seat0).sum())
        hosts = (rows[:, 0] == E.EV_GAIN) & (rows[:, 4] == E.G_CHARACTER) & (rows[:, 2] == 2)
        assert not (hosts & seat0 & (rows[:, 6] == L.CH_MANUEL)).any()
    assert paid_by_others > 0
