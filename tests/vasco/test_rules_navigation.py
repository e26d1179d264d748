"""R6 Phase 3: the unsent merchant ship, income, completion, movement (top down, left to right).

Completion VP per ship (COMPONENTS C1): Natal 0, Terra de Boa Gente 1, Mozambique 2, Mombasa 3,
Malindi 4, Calicut 5. Slots left to right: Natal [4], Terra [5, 4], Mozambique [6, 5, 4],
Mombasa [7, 7, 6, 5], Malindi [9, 9, 7, 7, 6], Calicut [11, 11, 9, 9, 7, 7].
"""

from __future__ import annotations

import pytest
from scenario import (
    BLACK,
    BLUE,
    CALICUT,
    MALINDI,
    MOMBASA,
    MOZAMBIQUE,
    NATAL,
    RED,
    TERRA,
    YELLOW,
    act,
    captains,
    face_up_merchant,
    fill_landing,
    give_ship,
    landing_ships,
    merchant,
    merchant_code,
    no_merchant_ship,
    position,
    put_ship,
    reals_from,
    run_phase3,
    set_characters,
    slot,
    tile,
    vp_from,
    where,
)

from vdgsim import legal_actions
from vdgsim.games.vasco import layout as L

COMPLETION = {NATAL: 0, TERRA: 1, MOZAMBIQUE: 2, MOMBASA: 3, MALINDI: 4, CALICUT: 5}


def _phase3(g) -> None:
    no_merchant_ship(g)
    run_phase3(g)


def test_r6_1_unsent_merchant_ship_sent_by_sernigi_holder() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 5)  # limit 11
    set_characters(g, sernigi=BLACK)
    run_phase3(g)
    assert g.decision == L.D_SEND_MERCHANT and g.current_player == BLACK
    # He must send it: every legal action places it (no "keep" choice).
    assert len(legal_actions(g)) == 21  # every empty slot, all 21 being <= 11
    act(g, merchant_code(MALINDI, 4))
    assert slot(g, MALINDI, 4) == merchant(5)
    assert reals_from(g, BLACK, L.R_LANDING_BONUS) == 1


def test_r6_1_no_sernigi_holder_merchant_discarded() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 5)
    set_characters(g, sernigi=-1)
    run_phase3(g)
    assert g.round == 2 and g.decision == L.D_PLACE_DISC
    assert int(g.s[L.S_MERCH_LOC + 5]) == L.M_DISCARDED
    assert all(c == -1 for land in range(6) for c in landing_ships(g, land))


def test_r6_2_income_of_ships_in_navigation() -> None:
    g = position(players=4, seed=0)
    # COMPONENTS C2: III-2 1 VP + 1 Real, I-9 2 Reals, III-9 3 VP, I-7 nothing.
    put_ship(g, TERRA, 1, "I-2", RED)  # 1 Real, landing incomplete
    put_ship(g, MALINDI, 0, "III-9", RED)
    put_ship(g, MOMBASA, 2, "I-9", BLUE)
    put_ship(g, CALICUT, 5, "III-2", BLUE)
    put_ship(g, MOZAMBIQUE, 0, "I-7", BLACK)
    give_ship(g, YELLOW, "III-10")  # launched but in supply: no income
    _phase3(g)
    assert vp_from(g, RED, L.VP_INCOME) == 3 and reals_from(g, RED, L.R_INCOME) == 1
    assert vp_from(g, BLUE, L.VP_INCOME) == 1 and reals_from(g, BLUE, L.R_INCOME) == 3
    assert vp_from(g, BLACK, L.VP_INCOME) == 0 and reals_from(g, BLACK, L.R_INCOME) == 0
    assert vp_from(g, YELLOW, L.VP_INCOME) == 0 and reals_from(g, YELLOW, L.R_INCOME) == 0


@pytest.mark.parametrize("landing", [TERRA, MOZAMBIQUE, MOMBASA, MALINDI, CALICUT, NATAL])
def test_r6_3_completion_vp_per_ship(landing: int) -> None:
    g = position(players=4, seed=0)
    # One ship of Red's (limit 11, no income) in slot 0, the rest merchant ships (their limits
    # do not matter for completion).
    put_ship(g, landing, 0, "III-4", RED)
    fill_landing(g, landing, merchants=range(6))
    _phase3(g)
    assert vp_from(g, RED, L.VP_COMPLETION) == COMPLETION[landing]


def test_r6_3_incomplete_landing_no_completion() -> None:
    g = position(players=4, seed=0)
    put_ship(g, CALICUT, 0, "III-4", RED)
    fill_landing(g, CALICUT, merchants=range(6), skip=[5])
    _phase3(g)
    assert vp_from(g, RED, L.VP_COMPLETION) == 0
    assert slot(g, CALICUT, 0) == tile(g, "III-4")  # incomplete: it stays


def test_r6_3_scored_before_any_ship_moves() -> None:
    g = position(players=4, seed=0)
    # Mozambique is complete; its ships move into Mombasa and fill it, but Mombasa's
    # completion is not scored this round (R6.5): completion is all scored before moving.
    put_ship(g, MOMBASA, 0, "III-4", RED)
    put_ship(g, MOMBASA, 1, "III-7", RED)
    put_ship(g, MOZAMBIQUE, 0, "I-5", BLUE)  # 6-limit -> Mombasa's 6
    put_ship(g, MOZAMBIQUE, 1, "II-1", BLUE)  # 5-limit -> Mombasa's 5
    put_ship(g, MOZAMBIQUE, 2, "I-1", BLUE)  # 4-limit: no slot
    _phase3(g)
    assert vp_from(g, BLUE, L.VP_COMPLETION) == 3 * 2
    assert vp_from(g, RED, L.VP_COMPLETION) == 0
    assert landing_ships(g, MOMBASA) == [tile(g, n) for n in ("III-4", "III-7", "I-5", "II-1")]


def test_r6_4_leftmost_slot() -> None:
    g = position(players=4, seed=0)
    # Terra complete: its ships move to Mozambique [6, 5, 4], each to the LEFTMOST fitting
    # empty slot: the 5-limit ship to the 5 slot, the 4-limit ship to the 4 slot.
    put_ship(g, TERRA, 0, "II-1", RED)  # limit 5
    put_ship(g, TERRA, 1, "I-1", BLUE)  # limit 4
    _phase3(g)
    assert landing_ships(g, MOZAMBIQUE) == [-1, tile(g, "II-1"), tile(g, "I-1")]
    assert landing_ships(g, TERRA) == [-1, -1]


def test_r6_4_left_to_right_order() -> None:
    g = position(players=4, seed=0)
    # Malindi complete, Calicut holds one free 7 slot: the leftmost Malindi ship gets it.
    fill_landing(g, CALICUT, merchants=range(5), skip=[5])
    put_ship(g, MALINDI, 0, "III-7", RED)
    put_ship(g, MALINDI, 1, "III-8", BLUE)
    put_ship(g, MALINDI, 2, "I-7", YELLOW)
    put_ship(g, MALINDI, 3, "I-8", BLACK)
    put_ship(g, MALINDI, 4, "I-10", BLACK)
    _phase3(g)
    assert slot(g, CALICUT, 5) == tile(g, "III-7")
    for name in ("III-8", "I-7", "I-8", "I-10"):
        assert where(g, name) == L.LOC_REMOVED
    assert landing_ships(g, MALINDI) == [-1] * 5


def test_r6_4_no_fitting_slot_removed_captain_returns() -> None:
    g = position(players=4, seed=0)
    put_ship(g, MOZAMBIQUE, 0, "I-5", BLUE)  # 6 -> Mombasa 6
    put_ship(g, MOZAMBIQUE, 1, "I-6", BLUE)  # 6 -> Mombasa... 6 slot taken, 5 free
    put_ship(g, MOZAMBIQUE, 2, "I-2", BLUE)  # 4: Mombasa has no slot <= 4
    before = captains(g, BLUE)
    _phase3(g)
    assert landing_ships(g, MOMBASA) == [-1, -1, tile(g, "I-5"), tile(g, "I-6")]
    assert where(g, "I-2") == L.LOC_REMOVED
    assert captains(g, BLUE) == before + 1


def test_r6_4_calicut_ships_leave_the_game() -> None:
    g = position(players=4, seed=0)
    names = ["III-4", "III-7", "III-5", "II-8", "I-7", "I-12"]
    for j, name in enumerate(names):
        put_ship(g, CALICUT, j, name, j % 4)
    before = [captains(g, p) for p in range(4)]
    _phase3(g)
    assert landing_ships(g, CALICUT) == [-1] * 6
    assert all(where(g, n) == L.LOC_REMOVED for n in names)
    assert [captains(g, p) - before[p] for p in range(4)] == [2, 2, 1, 1]


def test_r6_4_incomplete_landing_skipped_merchant_moves() -> None:
    g = position(players=4, seed=0)
    put_ship(g, NATAL, 0, merchant_tile=2)  # limit 7, Natal complete (1 slot)
    put_ship(g, TERRA, 0, "I-3", RED)  # Terra incomplete: stays
    _phase3(g)
    assert landing_ships(g, TERRA) == [tile(g, "I-3"), merchant(2)]
    assert landing_ships(g, NATAL) == [-1]


def test_r6_5_arrivals_do_not_move_again() -> None:
    g = position(players=4, seed=0)
    # Natal complete -> Terra; Terra was incomplete before, complete after the arrival:
    # its ships stay this round (checked top down) and score completion next round.
    put_ship(g, TERRA, 0, "II-1", RED)
    put_ship(g, NATAL, 0, "I-1", BLUE)
    _phase3(g)
    assert landing_ships(g, TERRA) == [tile(g, "II-1"), tile(g, "I-1")]
    assert vp_from(g, RED, L.VP_COMPLETION) == 0 and vp_from(g, BLUE, L.VP_COMPLETION) == 0
    # Next round's Phase 3: Terra is complete and scores 1 each, then moves on.
    _phase3(g)
    assert vp_from(g, RED, L.VP_COMPLETION) == 1 and vp_from(g, BLUE, L.VP_COMPLETION) == 1
    assert landing_ships(g, MOZAMBIQUE) == [-1, tile(g, "II-1"), tile(g, "I-1")]
