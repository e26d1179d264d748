"""R7 end of rounds 1-4, R8 end of game, R9 engine semantics."""

from __future__ import annotations

import random

import numpy as np
import pytest
from scenario import (
    BLACK,
    BLUE,
    CHARACTERS,
    MALINDI,
    MANUEL,
    NATAL,
    PURCHASE,
    RECRUITING,
    RED,
    TERRA,
    YELLOW,
    act,
    actions_phase,
    call_next,
    captains,
    give,
    give_project,
    give_ship,
    host_code,
    launch_code,
    missionaries,
    no_merchant_ship,
    place_code,
    position,
    put_ship,
    reals,
    run_phase3,
    section,
    set_characters,
    set_section,
    skip_launches,
    vp,
    vp_from,
)

from vdgsim import apply_action, clone, is_over, legal_actions, log_rows, new_game, result
from vdgsim.games.vasco import layout as L


def _end_round(g) -> None:
    no_merchant_ship(g)
    run_phase3(g)


# --- R7 --------------------------------------------------------------------------------------
def test_r7_1_unbought_projects_discarded_seven_dealt() -> None:
    g = position(players=3, seed=4)
    old = [int(x) for x in g.s[L.S_UPPER : L.S_UPPER + 6]]
    bought = old[0]
    give_project(g, RED, g.components.tile_names[bought])
    old_sg = int(g.s[L.S_SAO_GABRIEL])
    nxt = int(g.s[L.S_PROJ_NEXT])
    order = [int(x) for x in g.s[L.S_PROJ_ORDER : L.S_PROJ_ORDER + 35]]
    _end_round(g)
    for t in [*old[1:], old_sg]:
        assert int(g.s[L.S_PROJ_LOC + t]) == L.LOC_DISCARDED
    assert int(g.s[L.S_PROJ_LOC + bought]) == L.LOC_PROJECT
    assert int(g.s[L.S_SAO_GABRIEL]) == order[nxt]
    assert [int(x) for x in g.s[L.S_UPPER : L.S_UPPER + 6]] == order[nxt + 1 : nxt + 7]


def test_r7_2_next_merchant_ship_face_up() -> None:
    g = position(players=4, seed=4)
    second = int(g.s[L.S_MERCH_ORDER + 2])
    _end_round(g)
    assert int(g.s[L.S_MERCH_LOC + second]) == L.M_FACE_UP
    assert int(g.s[L.S_MERCH_SENT]) == 0


def test_r7_3_unclaimed_money_returns_to_bank() -> None:
    # Round 1: Initial 11 (9 and 4 Reals); round 2: Initial 5 (3 and 1 Reals), COMPONENTS C6.
    g = position(players=4, seed=4, vdg=[11, 5])
    before = [reals(g, p) for p in range(4)]
    _end_round(g)
    assert [int(g.s[L.S_MONEY]), int(g.s[L.S_MONEY + 1])] == [3, 1]
    assert [reals(g, p) for p in range(4)] == before


def test_r7_4_refill_from_rightmost_section_until_bag_empty() -> None:
    g = position(players=4, seed=4)
    set_section(g, 0, [2, 1, 1, 1])  # full
    set_section(g, 1, [1, 1, 1, 0])  # 3
    set_section(g, 2, [0, 0, 0, 0])  # 0
    set_section(g, 3, [0, 4, 0, 0])  # 4
    g.s[L.S_BAG : L.S_BAG + 4] = [0, 0, 4, 0]  # four grey sailors left
    _end_round(g)
    assert section(g, 3) == [0, 4, 1, 0]  # only 1 place left (max 5)
    assert section(g, 2) == [0, 0, 3, 0]  # 3 sailors
    assert section(g, 1) == [1, 1, 1, 0]  # the bag ran out
    assert section(g, 0) == [2, 1, 1, 1]


def test_r7_4_refill_three_per_active_section() -> None:
    g = position(players=2, seed=4)
    set_section(g, 0, [0, 0, 0, 0])
    set_section(g, 1, [1, 0, 0, 0])
    g.s[L.S_BAG : L.S_BAG + 4] = [8, 8, 8, 8]
    _end_round(g)
    assert sum(section(g, 0)) == 3 and sum(section(g, 1)) == 4
    assert sum(section(g, 2)) == 0 and sum(section(g, 3)) == 0  # inactive with 2 players


def test_r7_5_alvares_missionary_dias_vp_and_first_player() -> None:
    g = position(players=4, seed=4)
    set_characters(g, dias=BLACK, alvares=BLUE)
    give(g, BLUE, missionaries=0)
    give(g, BLACK, vp=0)
    _end_round(g)
    assert missionaries(g, BLUE) == 1
    assert vp(g, BLACK) == 2
    assert int(g.s[L.S_FIRST_PLAYER]) == BLACK
    assert g.current_player == BLACK  # he places first in round 2
    # No missionary in the Characters Area: none is gained (and none is owed later).
    g.s[L.S_MISS_AREA] = 0
    _end_round(g)
    assert missionaries(g, BLUE) == 1


def test_r7_6_discs_return_and_manuel_loser_returns_disc() -> None:
    g = position(players=4, seed=4)
    set_characters(g, manuel=RED)
    g.s[L.S_EXTRA_DISC + RED] = 1
    g.s[L.S_MANUEL_START] = RED
    no_merchant_ship(g)
    actions_phase(g, 8, [(YELLOW, 9, CHARACTERS), (RED, 21, PURCHASE)])
    call_next(g)
    act(g, host_code(MANUEL))
    act(g, place_code(22, RECRUITING))
    assert int(g.s[L.S_CHAR_HOSTED + MANUEL]) == YELLOW
    while g.phase == L.PH_ACTIONS and g.round == 1:
        skip_launches(g)
        if g.decision == L.D_ACT:
            act(g, L.GIVE_UP)
    assert g.round == 2
    assert int(g.s[L.S_CHAR_HOSTED + MANUEL]) == -1
    assert int(g.s[L.S_EXTRA_DISC + RED]) == 0
    assert int(g.s[L.S_EXTRA_DISC + YELLOW]) == 1


# --- R8 --------------------------------------------------------------------------------------
def _last_round(players=4, seed=0):
    g = position(players=players, seed=seed)
    g.s[L.S_ROUND] = 5
    set_characters(g, dias=-1, alvares=-1, sernigi=-1, manuel=-1)
    for p in range(players):
        give(g, p, reals=0, vp=0, sailors=[0, 0, 0, 0], missionaries=0)
    return g


def test_r8_1_alvares_and_dias_at_end_of_game() -> None:
    g = _last_round()
    set_characters(g, dias=RED, alvares=BLUE)
    run_phase3(g)
    assert is_over(g)
    assert vp(g, RED) == 2 and vp_from(g, RED, L.VP_DIAS) == 2
    assert missionaries(g, BLUE) == 1


def test_r8_2_last_launches_and_boarding() -> None:
    g = _last_round()
    give_project(g, BLACK, "I-3")
    give_ship(g, BLACK, "I-5")
    give(g, BLACK, sailors=[1, 0, 0, 1], captains=3)
    run_phase3(g)
    assert g.decision == L.D_LAUNCH and g.current_player == BLACK
    assert int(g.s[L.S_LAUNCH_CONTEXT]) == L.LC_END
    act(g, launch_code(g, "I-3", [0, 3]))  # no sailor left: no further launch is offered
    assert g.decision == L.D_END_BOARD
    # Two launched ships in front of him, three captains: he may board 0, 1 or 2.
    assert legal_actions(g) == [0, 1, 2]
    act(g, 2)
    assert is_over(g)
    assert captains(g, BLACK) == 1
    assert vp_from(g, BLACK, L.VP_END_SHIPS) == 6


@pytest.mark.parametrize(("money", "points"), [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3), (31, 10)])
def test_r8_3_one_vp_per_three_reals(money: int, points: int) -> None:
    g = _last_round()
    give(g, YELLOW, reals=money)
    run_phase3(g)
    assert vp(g, YELLOW) == points


def test_r8_3_three_vp_per_launched_ship_with_captain() -> None:
    g = _last_round()
    give_ship(g, BLUE, "I-7")
    give_ship(g, BLUE, "I-8")
    give_project(g, BLUE, "I-9")  # not launched: nothing
    g.s[L.S_PROJ_CAPTAIN + g.components.tile_index("I-7")] = 1  # already boarded
    give(g, BLUE, captains=0)
    put_ship(g, MALINDI, 0, "III-4", BLUE)  # in the Navigation Area: not "in front of him"
    run_phase3(g)
    assert vp_from(g, BLUE, L.VP_END_SHIPS) == 3


def test_r8_4_ties_broken_by_ships_then_sailors() -> None:
    g = _last_round()
    give(g, YELLOW, vp=10)
    give(g, RED, vp=10, sailors=[1, 1, 0, 0])
    give(g, BLACK, vp=10, sailors=[0, 0, 0, 3])
    give(g, BLUE, vp=11)
    # Ships in incomplete landings, tiles without income (COMPONENTS C2 I-1, I-3, I-5).
    put_ship(g, TERRA, 1, "I-1", RED)
    put_ship(g, MALINDI, 4, "I-5", BLACK)
    run_phase3(g)
    res = result(g)
    assert res.vp == (10, 10, 10, 11)
    # Blue wins on VP; Black beats Red on sailors (ships equal); Yellow has no ship.
    assert res.rank == (4, 3, 2, 1)
    assert res.win_share == (0.0, 0.0, 0.0, 1.0)


def test_r8_4_remaining_tie_shared() -> None:
    g = _last_round()
    give(g, YELLOW, vp=7, sailors=[0, 1, 0, 0])
    give(g, RED, vp=5)
    give(g, BLACK, vp=7, sailors=[1, 0, 0, 0])
    give(g, BLUE, vp=7, sailors=[0, 0, 0, 0])
    put_ship(g, NATAL, 0, "I-1", BLUE)  # Natal complete: the ship moves up to Terra
    run_phase3(g)
    res = result(g)
    # Blue: most ships -> first. Yellow and Black tie on everything: rank 2 both.
    assert res.rank == (2, 4, 2, 1)
    assert res.win_share == (0.0, 0.0, 0.0, 1.0)
    g2 = _last_round()
    give(g2, YELLOW, vp=7)
    give(g2, BLACK, vp=7)
    run_phase3(g2)
    assert result(g2).win_share == (0.5, 0.0, 0.5, 0.0)


# --- R9 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_r9_1_reals_never_negative(players: int) -> None:
    g = new_game(players=players, seed=100 + players)
    rng = random.Random(players)
    while not is_over(g):
        apply_action(g, rng.choice(legal_actions(g)))
        assert all(reals(g, p) >= 0 for p in range(players))


def test_r9_1_bank_is_unlimited() -> None:
    g = _last_round()
    give(g, RED, reals=10**6)
    run_phase3(g)
    assert vp(g, RED) == 10**6 // 3


def _play(seed: int, choices_seed: int) -> tuple[bytes, list[int]]:
    g = new_game(players=4, seed=seed)
    rng = random.Random(choices_seed)
    while not is_over(g):
        apply_action(g, rng.choice(legal_actions(g)))
    return log_rows(g).tobytes(), list(result(g).vp)


def test_r9_2_game_determined_by_seed_and_decisions() -> None:
    a = _play(seed=5, choices_seed=1)
    b = _play(seed=5, choices_seed=1)
    assert a == b
    # Another seed deals another game with the same decision stream.
    c = _play(seed=6, choices_seed=1)
    assert c[0] != a[0]


def test_r9_2_clone_continues_identically() -> None:
    g = new_game(players=3, seed=8)
    rng = random.Random(3)
    for _ in range(40):
        apply_action(g, rng.choice(legal_actions(g)))
    h = clone(g)
    picks = random.Random(4)
    seq = []
    while not is_over(g):
        a = picks.choice(legal_actions(g))
        seq.append(a)
        apply_action(g, a)
    for a in seq:
        apply_action(h, a)
    assert np.array_equal(log_rows(g), log_rows(h))


def test_r9_3_player_chooses_slot_colours_and_section() -> None:
    g = position(players=3, seed=0)
    give_project(g, RED, "I-6")  # crew 3
    give(g, RED, sailors=[1, 1, 1, 0], missionaries=1)
    actions_phase(g, 8, [(RED, 12, CHARACTERS)])
    call_next(g, skip_launch=False)
    # Four crew colours available for a crew of 3: C(4, 3) = 4 different crews.
    assert len(legal_actions(g)) == 1 + 4


def test_r9_4_hidden_information_does_not_change_choices() -> None:
    g = new_game(players=4, seed=12)
    rng = random.Random(12)
    for _ in range(30):
        apply_action(g, rng.choice(legal_actions(g)))
    h = clone(g)
    s = h.s
    # Reorder the face-down parts: the undealt projects below each deck's top tile, the
    # Vasco da Gama tiles below the face-up one, the merchant tiles below the face-up one.
    nxt = int(s[L.S_PROJ_NEXT])
    hidden = [int(x) for x in s[L.S_PROJ_ORDER + nxt + 1 : L.S_PROJ_ORDER + 35]]
    decks = [int(g.components.array[L.C_PROJ_DECK + t]) for t in hidden]
    for d in range(3):
        idx = [i for i, x in enumerate(decks) if x == d][1:]  # keep each deck's top tile
        vals = [hidden[i] for i in idx]
        vals.reverse()
        for i, v in zip(idx, vals, strict=True):
            hidden[i] = v
    s[L.S_PROJ_ORDER + nxt + 1 : L.S_PROJ_ORDER + 35] = hidden
    k = int(s[L.S_VDG_DISCARDED]) + 1
    s[L.S_VDG_ORDER + k : L.S_VDG_ORDER + 9] = s[L.S_VDG_ORDER + k : L.S_VDG_ORDER + 9][::-1]
    assert legal_actions(g) == legal_actions(h)
