"""R2 round structure, R3 Phase 1 (placing discs), R4 Phase 2 (taking actions)."""

from __future__ import annotations

import random

import pytest
from scenario import (
    BLACK,
    BLUE,
    CHARACTERS,
    DIAS,
    NAVIGATION,
    PURCHASE,
    RECRUITING,
    RED,
    YELLOW,
    act,
    actions_phase,
    buy_one_code,
    buy_two_code,
    call,
    call_next,
    give,
    host_code,
    no_merchant_ship,
    place_code,
    position,
    reals,
    run,
    set_upper,
    skip_launches,
)

from vdgsim import apply_action, is_over, legal_actions, load_components, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A


# --- R2 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_1_five_rounds_of_three_phases(players: int) -> None:
    g = new_game(players=players, seed=40 + players)
    seen: list[tuple[int, int]] = []
    rng = random.Random(players)
    while not is_over(g):
        key = (g.round, g.phase)
        if not seen or seen[-1] != key:
            seen.append(key)
        g_actions = legal_actions(g)
        apply_action(g, rng.choice(g_actions))
    # Rounds 1..5 in order; within a round, phases never go back.
    rounds = [r for r, _ in seen]
    assert rounds == sorted(rounds) and rounds[-1] == 5
    for r in range(1, 6):
        phases = [ph for rr, ph in seen if rr == r and ph != L.PH_SETUP]
        assert phases == sorted(phases)
        assert L.PH_PLACE in phases and L.PH_ACTIONS in phases
    assert g.round == 5


# --- R3 ------------------------------------------------------------------------------------
def test_r3_1_vdg_tile_gives_initial_number_and_money() -> None:
    # COMPONENTS C6: the Initial 11 tile carries 9 and 4 Reals.
    g = position(players=3, seed=0, vdg=[11, 12])
    assert int(g.s[L.S_INITIAL]) == 11
    assert [int(g.s[L.S_MONEY]), int(g.s[L.S_MONEY + 1])] == [9, 4]
    assert int(g.s[L.S_VDG_DISCARDED]) == 1


@pytest.mark.parametrize(("players", "first"), [(3, 1), (4, 0), (2, 1)])
def test_r3_2_one_disc_each_clockwise_from_first_player(players: int, first: int) -> None:
    g = new_game(players=players, seed=1)
    g.s[L.S_FIRST_PLAYER] = first
    # Start the round with the chosen first player (after the setup merchant ship).
    g.s[L.S_MERCH_LOC + int(g.s[L.S_MERCH_ORDER])] = L.M_DISCARDED
    g.s[L.S_STEP] = L.ST_ROUND_START
    run(g)
    order = []
    placed: dict[int, int] = {}
    while g.decision == L.D_PLACE_DISC:
        p = g.current_player
        order.append(p)
        a = legal_actions(g)[0]
        act(g, a)
        placed[A.placement_number(a)] = A.placement_area(a)
        # Placed discs never move.
        for n, area in placed.items():
            if g.phase == L.PH_PLACE:
                assert int(g.s[L.S_NUM_AREA + n]) == area
    extra = [3] if players == 4 else []
    expected = [(first + k) % players for k in range(4 * players)] + extra
    assert order == expected


def test_r3_2_players_without_discs_are_skipped() -> None:
    g = position(players=3, seed=2)
    g.s[L.S_DISCS_LEFT + 1] = 1  # seat 1 has a single disc this round
    order = []
    while g.decision == L.D_PLACE_DISC:
        order.append(g.current_player)
        act(g, legal_actions(g)[0])
    assert order == [0, 1, 2, 0, 2, 0, 2, 0, 2]


def test_r3_3_additional_disc_takes_21_or_22_at_any_turn() -> None:
    g = position(players=4, seed=3)
    # Seat 3 (Manuel I at the start of round 1): already at his first turn 21/22 are legal.
    while g.current_player != 3:
        act(g, legal_actions(g)[0])
    numbers = {A.placement_number(a) for a in legal_actions(g)}
    assert numbers == set(range(1, 23)) - {a for a in range(1, 23) if g.s[L.S_NUM_OWNER + a] >= 0}
    act(g, place_code(22, PURCHASE))
    # Once the additional disc is placed, 21 is no longer offered to him.
    while g.current_player != 3:
        act(g, legal_actions(g)[0])
    assert {A.placement_number(a) for a in legal_actions(g)} <= set(range(1, 21))
    # The others never get 21/22.
    g2 = position(players=4, seed=3)
    for _ in range(3):
        assert {A.placement_number(a) for a in legal_actions(g2)} <= set(range(1, 21))
        act(g2, legal_actions(g2)[0])


def test_r3_4_every_disc_is_placed() -> None:
    for players in (2, 3, 4):
        g = position(players=players, seed=7)
        k = 0
        while g.decision == L.D_PLACE_DISC:
            # No "pass": every legal action places a disc on an Area's slot.
            assert all(1 <= A.placement_number(a) <= 22 for a in legal_actions(g))
            act(g, legal_actions(g)[-1])
            k += 1
        assert k == 4 * players + (1 if players == 4 else 0)
        assert g.phase == L.PH_ACTIONS


def test_r3_4_full_area_is_not_offered() -> None:
    g = position(players=2, seed=0)
    # 2 players: 3 Characters slots (C4). After three discs there, no more.
    for _ in range(3):
        act(g, place_code(min(A.placement_number(a) for a in legal_actions(g)), CHARACTERS))
    assert all(A.placement_area(a) != CHARACTERS for a in legal_actions(g))


# --- R4 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tiles", "free"), [([11, 12], 8), ([4, 9], 6), ([12, 4], 15), ([5, 7], 3)]
)
def test_r4_1_first_free_number(tiles: list[int], free: int) -> None:
    # COMPONENTS C6 variations: Initial 12 tile -3, Initial 9 +2, Initial 4 +3, Initial 7 -2.
    g = position(players=2, seed=0, vdg=tiles)
    while g.decision == L.D_PLACE_DISC:
        act(g, legal_actions(g)[0])
    assert int(g.s[L.S_FREE]) == free
    # The turned tile's Initial Number belongs to the next round.
    assert int(g.s[L.S_INITIAL]) == tiles[0]


@pytest.mark.parametrize(("tiles", "variation", "free"), [([4, 5], -10, 1), ([12, 4], 19, 20)])
def test_r4_1_free_number_clamped_to_1_20(tiles: list[int], variation: int, free: int) -> None:
    # Tile index of the second tile: Initial Numbers 4..12 sit at indices 0..8.
    comp = load_components(overrides={f"vdg_tiles.tiles.{tiles[1] - 4}.variation": variation})
    g = position(players=2, seed=0, components=comp, vdg=tiles)
    while g.decision == L.D_PLACE_DISC:
        act(g, legal_actions(g)[0])
    assert int(g.s[L.S_FREE]) == free


def test_r4_2_numbers_called_lowest_first() -> None:
    g = position(players=4, seed=0)
    discs = [(BLUE, 17, RECRUITING), (YELLOW, 3, NAVIGATION), (BLACK, 9, CHARACTERS)]
    discs += [(RED, 21, PURCHASE), (RED, 12, PURCHASE)]
    actions_phase(g, 8, discs)
    called = []
    call_next(g)
    while g.decision == L.D_ACT:
        called.append((int(g.s[L.S_CURRENT]), g.current_player))
        act(g, L.GIVE_UP)
        skip_launches(g)
    assert called == [(3, YELLOW), (9, BLACK), (12, RED), (17, BLUE), (21, RED)]


@pytest.mark.parametrize(("number", "free", "cost"), [(5, 8, 3), (7, 8, 1), (8, 8, 0), (9, 8, 0)])
def test_r4_3_right_to_act_costs_f_minus_n(number: int, free: int, cost: int) -> None:
    g = position(players=4, seed=0)
    call(g, RED, number, CHARACTERS, free=free)
    act(g, host_code(DIAS))  # Dias gives VP, no Reals: the Reals change is the cost
    assert reals(g, RED) == 10 - cost


def test_r4_3_numbers_21_22_always_free() -> None:
    g = position(players=4, seed=0)
    call(g, RED, 21, CHARACTERS, free=20)
    act(g, host_code(DIAS))
    assert reals(g, RED) == 10


def test_r4_3_right_to_act_does_not_change_action_cost() -> None:
    g = position(players=4, seed=0)
    set_upper(g, ["I-1", "I-2", "I-3", "I-4", "I-5", "I-6"])
    call(g, YELLOW, 5, PURCHASE, free=8)
    act(g, buy_two_code(0, 1))  # 3 for the right to act + 4 for two projects
    assert reals(g, YELLOW) == 10 - 3 - 4


@pytest.mark.parametrize(
    ("number", "compensation"),
    [(1, 1), (3, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (20, 3), (21, 0), (22, 0)],
)
def test_r4_4_give_up_pays_compensation(number: int, compensation: int) -> None:
    # COMPONENTS C5; F = 1 so every number would have been free: compensation is still paid.
    g = position(players=4, seed=0)
    call(g, BLACK, number, RECRUITING, free=1)
    act(g, L.GIVE_UP)
    assert reals(g, BLACK) == 10 + compensation


def test_r4_5_unaffordable_right_to_act_only_give_up() -> None:
    g = position(players=4, seed=0)
    give(g, RED, reals=2)
    call(g, RED, 5, CHARACTERS, free=8)  # costs 3
    assert legal_actions(g) == [L.GIVE_UP]
    give(g, RED, reals=3)
    call(g, RED, 5, CHARACTERS, free=8)
    assert host_code(DIAS) in legal_actions(g)


def test_r4_5_action_must_be_possible_after_paying() -> None:
    g = position(players=4, seed=0)
    set_upper(g, ["I-1", "I-2", "I-3", None, None, None], sao_gabriel="I-12")
    give(g, RED, reals=4)
    call(g, RED, 5, PURCHASE, free=8)  # 3 to act leaves 1: one project, not two, not SG (5)
    legal = legal_actions(g)
    assert buy_one_code(0) in legal
    assert not any(A.is_buy_two(a) for a in legal)
    assert L.ACT_BUY_SAO_GABRIEL not in legal
    # Nothing left to buy: the only choice is to give up.
    set_upper(g, [None] * 6)
    give(g, RED, reals=10)
    call(g, RED, 9, PURCHASE, free=8)
    assert legal_actions(g) == [L.GIVE_UP]
    # No launched ship: an expedition is impossible, so the only choice is to give up.
    call(g, RED, 12, NAVIGATION, free=8)
    assert legal_actions(g) == [L.GIVE_UP]


def test_r4_6_number_returns_and_host_disc_stays() -> None:
    g = position(players=4, seed=0)
    no_merchant_ship(g)
    actions_phase(g, 1, [(RED, 4, CHARACTERS), (BLUE, 6, CHARACTERS), (BLACK, 20, RECRUITING)])
    call_next(g)
    act(g, host_code(DIAS))
    # The number is back in the Numbers Zone; the disc sits on Dias' space for the round.
    assert int(g.s[L.S_NUM_OWNER + 4]) == -1
    assert int(g.s[L.S_CHAR_HOSTED + DIAS]) == RED
    skip_launches(g)
    assert int(g.s[L.S_CURRENT]) == 6
    assert host_code(DIAS) not in legal_actions(g)
    act(g, L.GIVE_UP)
    skip_launches(g)
    act(g, L.GIVE_UP)
    # The round runs on through Phase 3 to round 2's placement: the disc has returned.
    assert g.round == 2 and g.decision == L.D_PLACE_DISC
    assert int(g.s[L.S_CHAR_HOSTED + DIAS]) == -1
