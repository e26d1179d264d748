"""R5 The four actions: Purchase Projects, launching, Recruiting, Expedition, Characters."""

from __future__ import annotations

import pytest
from scenario import (
    ALVARES,
    BLACK,
    BLUE,
    CALICUT,
    CHARACTERS,
    DIAS,
    GREY,
    MALINDI,
    MANUEL,
    MOMBASA,
    MOZAMBIQUE,
    NATAL,
    NAVIGATION,
    ORANGE,
    PURCHASE,
    RECRUITING,
    RED,
    SERNIGI,
    TERRA,
    TURQUOISE,
    VIOLET,
    WHITE,
    YELLOW,
    act,
    actions_phase,
    bag,
    buy_one_code,
    buy_two_code,
    call,
    call_next,
    captains,
    captains_in_area,
    face_up_merchant,
    give,
    give_project,
    give_ship,
    holder,
    host_code,
    landing_code,
    launch_code,
    merchant,
    merchant_code,
    missionaries,
    money_code,
    place_code,
    position,
    projects_of,
    put_ship,
    reals,
    recruit_code,
    sailor_code,
    sailors,
    section,
    send_code,
    set_characters,
    set_section,
    set_upper,
    skip_launches,
    slot,
    tile,
    vp,
    where,
)

from vdgsim import legal_actions
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A

UPPER = ["I-1", "I-2", "I-3", "I-4", "I-5", "I-6"]


# --- R5.1 Purchase Projects ------------------------------------------------------------------
def test_r5_1_buy_one_project_for_1_real() -> None:
    g = position(players=4, seed=0)
    set_upper(g, UPPER, sao_gabriel="I-8")
    call(g, RED, 12, PURCHASE, free=8)
    act(g, buy_one_code(2))
    assert reals(g, RED) == 9
    assert where(g, "I-3") == L.LOC_PROJECT  # project side up, not launched
    assert projects_of(g, RED) == [tile(g, "I-3")]
    assert int(g.s[L.S_UPPER + 2]) == -1


def test_r5_1_buy_two_projects_for_4_reals() -> None:
    g = position(players=4, seed=0)
    set_upper(g, UPPER, sao_gabriel="I-8")
    call(g, RED, 12, PURCHASE, free=8)
    act(g, buy_two_code(1, 5))
    assert reals(g, RED) == 6
    assert sorted(projects_of(g, RED)) == sorted([tile(g, "I-2"), tile(g, "I-6")])


@pytest.mark.parametrize(("name", "crew"), [("I-8", 3), ("I-12", 5), ("I-1", 1)])
def test_r5_1_sao_gabriel_costs_crew_and_arrives_launched(name: str, crew: int) -> None:
    g = position(players=4, seed=0)
    set_upper(g, UPPER, sao_gabriel=name)
    give(g, BLUE, sailors=[0, 0, 0, 0], missionaries=0)
    call(g, BLUE, 12, PURCHASE, free=8)
    act(g, L.ACT_BUY_SAO_GABRIEL)
    assert reals(g, BLUE) == 10 - crew
    assert where(g, name) == L.LOC_SHIP  # ship side up, no crew needed
    assert sailors(g, BLUE) == [0, 0, 0, 0]


def test_r5_1_purchase_choices() -> None:
    g = position(players=4, seed=0)
    set_upper(g, ["I-1", None, "I-3", None, None, "I-6"], sao_gabriel="I-8")
    call(g, RED, 12, PURCHASE, free=8)
    legal = set(legal_actions(g))
    ones = {buy_one_code(i) for i in (0, 2, 5)}
    twos = {buy_two_code(0, 2), buy_two_code(0, 5), buy_two_code(2, 5)}
    assert legal == {L.GIVE_UP} | ones | twos | {L.ACT_BUY_SAO_GABRIEL}


# --- R5.2 Launching --------------------------------------------------------------------------
def _launch_position(sailor_counts, miss=0, project="I-3"):
    g = position(players=4, seed=0)
    give_project(g, RED, project)
    give(g, RED, sailors=sailor_counts, missionaries=miss, captains=0)
    call(g, RED, 12, CHARACTERS, free=8, skip_launch=False)
    return g


def test_r5_2_crew_of_different_colours() -> None:
    # I-3: crew 2 (COMPONENTS C2). Two turquoise sailors are not a crew.
    g = _launch_position([2, 0, 0, 0])
    assert g.decision == L.D_ACT
    g = _launch_position([1, 0, 1, 0])
    assert g.decision == L.D_LAUNCH
    assert set(legal_actions(g)) == {L.LAUNCH_DONE, launch_code(g, "I-3", [TURQUOISE, GREY])}


def test_r5_2_missionary_is_white_and_crew_of_5_needs_one() -> None:
    # I-12: crew 5. Four sailor colours alone cannot crew it.
    g = _launch_position([1, 1, 1, 1], miss=0, project="I-12")
    assert g.decision == L.D_ACT
    g = _launch_position([1, 1, 1, 1], miss=2, project="I-12")
    assert g.decision == L.D_LAUNCH
    crew = [TURQUOISE, VIOLET, GREY, ORANGE, WHITE]
    assert legal_actions(g) == [L.LAUNCH_DONE, launch_code(g, "I-12", crew)]
    bag_before = bag(g)
    area_before = int(g.s[L.S_MISS_AREA])
    act(g, launch_code(g, "I-12", crew))
    # Sailors back to the bag, the missionary to the Characters Area; no captain needed.
    assert bag(g) == [b + 1 for b in bag_before]
    assert int(g.s[L.S_MISS_AREA]) == area_before + 1
    assert missionaries(g, RED) == 1 and sailors(g, RED) == [0, 0, 0, 0]
    assert where(g, "I-12") == L.LOC_SHIP
    assert captains(g, RED) == 0


def test_r5_2_at_most_one_missionary_per_crew() -> None:
    # Crew 3 with one sailor and two missionaries: not a crew (two whites).
    g = _launch_position([0, 0, 1, 0], miss=2, project="I-8")
    assert g.decision == L.D_ACT


def test_r5_2_launch_moments_before_and_after_acting() -> None:
    g = position(players=4, seed=0)
    give_project(g, RED, "I-3")
    give_project(g, RED, "I-4")
    give(g, RED, sailors=[2, 2, 0, 0])
    call(g, RED, 12, CHARACTERS, free=8, skip_launch=False)
    assert g.decision == L.D_LAUNCH and int(g.s[L.S_LAUNCH_CONTEXT]) == L.LC_BEFORE
    act(g, launch_code(g, "I-3", [TURQUOISE, VIOLET]))
    assert g.decision == L.D_LAUNCH  # he may launch more before deciding
    act(g, L.LAUNCH_DONE)
    assert g.decision == L.D_ACT
    act(g, host_code(DIAS))
    assert g.decision == L.D_LAUNCH and int(g.s[L.S_LAUNCH_CONTEXT]) == L.LC_AFTER
    act(g, launch_code(g, "I-4", [TURQUOISE, VIOLET]))
    assert where(g, "I-3") == L.LOC_SHIP and where(g, "I-4") == L.LOC_SHIP


def test_r5_2_no_launch_on_other_players_calls() -> None:
    g = position(players=4, seed=0)
    give_project(g, RED, "I-3")
    give(g, RED, sailors=[1, 1, 0, 0])
    call(g, BLUE, 12, CHARACTERS, free=8, skip_launch=False)
    assert g.decision == L.D_ACT and g.current_player == BLUE


# --- R5.3 Recruiting -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("counts", "cost"),
    [
        ((3, 0, 0, 0), 1),
        ((1, 2, 0, 0), 3),
        ((1, 1, 1, 0), 6),
        ((1, 1, 1, 2), 10),
        ((0, 2, 0, 0), 1),
    ],
)
def test_r5_3_sailor_cost_by_colours(counts: tuple[int, ...], cost: int) -> None:
    g = position(players=4, seed=0)
    set_section(g, 2, [3, 2, 1, 2])
    give(g, YELLOW, sailors=[0, 0, 0, 0])
    call(g, YELLOW, 12, RECRUITING, free=8)
    act(g, recruit_code(2, counts))
    assert reals(g, YELLOW) == 10 - cost
    assert sailors(g, YELLOW) == list(counts)
    assert section(g, 2) == [a - b for a, b in zip([3, 2, 1, 2], counts, strict=True)]


def test_r5_3_captain_costs_one_per_sailor() -> None:
    g = position(players=4, seed=0)
    set_section(g, 0, [2, 1, 0, 0])
    call(g, BLACK, 12, RECRUITING, free=8)
    act(g, recruit_code(0, (2, 1, 0, 0), captain=True))
    assert reals(g, BLACK) == 10 - 3 - 3
    assert captains(g, BLACK) == 2 and captains_in_area(g, BLACK) == 5


def test_r5_3_captain_alone_is_free() -> None:
    g = position(players=4, seed=0)
    call(g, BLACK, 12, RECRUITING, free=8)
    act(g, recruit_code(None, captain=True))
    assert reals(g, BLACK) == 10 and captains(g, BLACK) == 2


def test_r5_3_one_active_section_and_something_taken() -> None:
    g = position(players=2, seed=0)
    for sec in range(4):
        set_section(g, sec, [1, 1, 0, 0])
    call(g, RED, 12, RECRUITING, free=8)
    sections = set()
    for a in legal_actions(g):
        if a == L.GIVE_UP:
            continue
        counts = [A.recruit_count(a, c) for c in range(4)]
        sec = A.recruit_section(a)
        captain = A.recruit_captain(a)
        assert sum(counts) > 0 or captain == 1
        if sum(counts):
            sections.add(sec)
    assert sections == {0, 1}  # 2 players: only 2 active sections
    # No captain left and empty sections: nothing can be recruited.
    g.s[L.S_CAPT_AREA + RED] = 0
    set_section(g, 0, [0, 0, 0, 0])
    set_section(g, 1, [0, 0, 0, 0])
    call(g, RED, 12, RECRUITING, free=8)
    assert legal_actions(g) == [L.GIVE_UP]


# --- R5.4 Expedition -------------------------------------------------------------------------
def _expedition(players=4):
    g = position(players=players, seed=0)
    return g


def test_r5_4_each_ship_needs_a_captain() -> None:
    g = _expedition()
    give_ship(g, BLUE, "II-6")
    give_ship(g, BLUE, "II-7")
    give(g, BLUE, captains=1)
    call(g, BLUE, 12, NAVIGATION, free=8)
    act(g, landing_code(MALINDI))
    act(g, send_code(g, "II-6", 0))
    # No captain for the second ship: the expedition ends, the next number is called.
    assert int(g.s[L.S_CURRENT]) == 20 and where(g, "II-7") == L.LOC_SHIP
    assert captains(g, BLUE) == 0
    assert int(g.s[L.S_PROJ_CAPTAIN + tile(g, "II-6")]) == 1
    # Without any captain no expedition is possible at all.
    g = _expedition()
    give_ship(g, BLUE, "II-6")
    give(g, BLUE, captains=0)
    call(g, BLUE, 12, NAVIGATION, free=8)
    assert legal_actions(g) == [L.GIVE_UP]


def test_r5_4_slot_value_at_most_navigation_limit() -> None:
    g = _expedition()
    give_ship(g, BLUE, "I-7")  # limit 7
    give_ship(g, BLUE, "I-1")  # limit 4
    call(g, BLUE, 12, NAVIGATION, free=8)
    # A 4-limit ship can reach Natal, Terra (4 slot) and Mozambique (4 slot) only;
    # the 7-limit one anything up to Calicut's 7 slots.
    assert set(legal_actions(g)) == {L.GIVE_UP} | {landing_code(x) for x in range(6)}
    act(g, landing_code(MALINDI))
    # Malindi [9, 9, 7, 7, 6]: the 7-limit ship may take slot 2, 3 or 4 (his choice).
    assert set(legal_actions(g)) == {send_code(g, "I-7", j) for j in (2, 3, 4)}
    act(g, send_code(g, "I-7", 4))
    assert slot(g, MALINDI, 4) == tile(g, "I-7")
    assert vp(g, BLUE) == 6  # the slot's value, not the ship's limit


def test_r5_4_one_landing_per_expedition() -> None:
    g = _expedition()
    give_ship(g, BLUE, "I-1")
    give_ship(g, BLUE, "I-2")
    give(g, BLUE, captains=2)
    call(g, BLUE, 12, NAVIGATION, free=8)
    act(g, landing_code(TERRA))
    act(g, send_code(g, "I-1", 1))
    if g.decision == L.D_SAILOR_BONUS:
        act(g, L.SAILOR_BAG_DRAW)
    # Terra is now full for 4-limit ships; he cannot switch to Natal in the same action.
    assert g.decision != L.D_EXPEDITION_SHIP
    assert where(g, "I-2") == L.LOC_SHIP


@pytest.mark.parametrize(
    ("landing", "index", "reals_gain", "captain_gain"),
    [(MOZAMBIQUE, 0, 0, 1), (MOMBASA, 0, 2, 0), (MALINDI, 0, 1, 0), (CALICUT, 0, 0, 0)],
)
def test_r5_4_vp_and_landing_bonus(landing, index, reals_gain, captain_gain) -> None:
    g = _expedition()
    give_ship(g, RED, "III-4")  # limit 11
    call(g, RED, 12, NAVIGATION, free=8)
    act(g, landing_code(landing))
    act(g, send_code(g, "III-4", index))
    value = g.components.landing_slots(landing)[index]
    assert vp(g, RED) == value
    assert reals(g, RED) == 10 + reals_gain
    # The captain boarded leaves the supply; Mozambique gives one back from the Area.
    assert captains(g, RED) == captain_gain
    assert captains_in_area(g, RED) == 6 - captain_gain


def test_r5_4_natal_bonus_is_a_project_of_his_choice() -> None:
    g = _expedition()
    set_upper(g, [None, "I-3", None, "I-9", None, None])
    give_ship(g, RED, "I-1")
    call(g, RED, 12, NAVIGATION, free=8)
    act(g, landing_code(NATAL))
    act(g, send_code(g, "I-1", 0))
    assert g.decision == L.D_PROJECT_BONUS
    assert set(legal_actions(g)) == {1, 3}
    act(g, 3)
    assert where(g, "I-9") == L.LOC_PROJECT and projects_of(g, RED) == [tile(g, "I-9")]
    assert reals(g, RED) == 10  # free of charge


def test_r5_4_terra_bonus_is_a_sailor_from_a_section_or_the_bag() -> None:
    g = _expedition(players=2)
    set_section(g, 0, [0, 2, 0, 0])
    set_section(g, 1, [1, 0, 0, 3])
    set_section(g, 3, [5, 0, 0, 0])  # not active with 2 players
    give_ship(g, RED, "I-5")
    call(g, RED, 12, NAVIGATION, free=8)
    act(g, landing_code(TERRA))
    act(g, send_code(g, "I-5", 0))
    assert vp(g, RED) == 5
    assert g.decision == L.D_SAILOR_BONUS
    expected = {sailor_code(0, VIOLET), sailor_code(1, TURQUOISE), sailor_code(1, ORANGE)}
    assert set(legal_actions(g)) == expected | {L.SAILOR_BAG_DRAW}
    act(g, sailor_code(1, ORANGE))
    assert sailors(g, RED)[ORANGE] == 1 and section(g, 1) == [1, 0, 0, 2]


def test_r5_4_unavailable_bonus_is_lost() -> None:
    g = _expedition()
    set_upper(g, [None] * 6)
    g.s[L.S_CAPT_AREA + RED] = 0
    give_ship(g, RED, "I-1")
    give_ship(g, RED, "I-7")
    give(g, RED, captains=2)
    call(g, RED, 12, NAVIGATION, free=8)
    act(g, landing_code(NATAL))
    act(g, send_code(g, "I-1", 0))
    # No project left in the upper spaces: no bonus decision, the expedition goes on.
    assert g.decision != L.D_PROJECT_BONUS
    assert projects_of(g, RED) == []
    call(g, RED, 13, NAVIGATION, free=8)
    act(g, landing_code(MOZAMBIQUE))
    act(g, send_code(g, "I-7", 0))
    assert captains(g, RED) == 0  # no captain of his colour left in the Recruiting Area


# --- R5.5 Characters -------------------------------------------------------------------------
def test_r5_5_vdg_money_each_amount_once() -> None:
    g = position(players=4, seed=0, vdg=[11, 12])
    actions_phase(g, 8, [(RED, 9, CHARACTERS), (BLUE, 10, CHARACTERS), (BLACK, 20, CHARACTERS)])
    call_next(g)
    act(g, money_code(0))
    assert reals(g, RED) == 19
    skip_launches(g)
    assert money_code(0) not in legal_actions(g)
    act(g, money_code(1))
    assert reals(g, BLUE) == 14
    skip_launches(g)
    assert not {money_code(0), money_code(1)} & set(legal_actions(g))


def test_r5_5_host_dias_2_vp() -> None:
    g = position(players=4, seed=0)
    call(g, RED, 12, CHARACTERS, free=8)
    act(g, host_code(DIAS))
    assert vp(g, RED) == 2 and holder(g, DIAS) == RED


def test_r5_5_host_alvares_missionary_if_any() -> None:
    g = position(players=4, seed=0)
    give(g, RED, missionaries=0)  # Red was dealt Alvares and his missionary (R1.4)
    call(g, RED, 12, CHARACTERS, free=8)
    act(g, host_code(ALVARES))
    assert missionaries(g, RED) == 1 and holder(g, ALVARES) == RED
    assert int(g.s[L.S_MISS_AREA]) == 4
    g.s[L.S_MISS_AREA] = 0
    g.s[L.S_CHAR_HOSTED + ALVARES] = -1  # a later round: the character is free to host
    call(g, BLUE, 13, CHARACTERS, free=8)
    act(g, host_code(ALVARES))
    assert missionaries(g, BLUE) == 0 and holder(g, ALVARES) == BLUE


def test_r5_5_host_sernigi_send_now() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 4)  # limit 9 (COMPONENTS C3)
    call(g, YELLOW, 12, CHARACTERS, free=8)
    act(g, host_code(SERNIGI))
    assert holder(g, SERNIGI) == YELLOW
    assert g.decision == L.D_SERNIGI_WHEN
    act(g, 0)
    assert g.decision == L.D_SEND_MERCHANT
    act(g, merchant_code(MOMBASA, 0))
    # The landing's bonus (2 Reals), not the slot's VP.
    assert reals(g, YELLOW) == 12 and vp(g, YELLOW) == 2  # 2 VP: Dias at setup
    assert slot(g, MOMBASA, 0) == merchant(4)
    # Hosted again later in the round (by someone else it cannot be; re-check the flag).
    assert int(g.s[L.S_MERCH_SENT]) == 1


def test_r5_5_host_sernigi_send_at_phase_3() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 0)  # limit 5
    actions_phase(g, 8, [(YELLOW, 12, CHARACTERS)])
    call_next(g)
    act(g, host_code(SERNIGI))
    act(g, 1)  # at the start of Phase 3
    assert g.decision == L.D_SEND_MERCHANT and g.current_player == YELLOW
    assert g.phase == L.PH_NAVIGATION
    legal = set(legal_actions(g))
    # A 5-limit ship: Natal (4), Terra (5, 4), Mozambique (5, 4), Mombasa's 5.
    assert legal == {
        merchant_code(NATAL, 0),
        merchant_code(TERRA, 0),
        merchant_code(TERRA, 1),
        merchant_code(MOZAMBIQUE, 1),
        merchant_code(MOZAMBIQUE, 2),
        merchant_code(MOMBASA, 3),
    }


def test_r5_5_sernigi_after_merchant_sent_gives_nothing_more() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 4)
    m = 4
    g.s[L.S_MERCH_LOC + m] = L.M_NAVIGATION
    put_ship(g, CALICUT, 0, merchant_tile=m)
    g.s[L.S_MERCH_SENT] = 1
    call(g, BLUE, 12, CHARACTERS, free=8)
    act(g, host_code(SERNIGI))
    assert holder(g, SERNIGI) == BLUE
    assert g.decision == L.D_ACT and g.current_player != BLUE  # straight on to the next call


def test_r5_5_merchant_ship_fits_nowhere_is_discarded() -> None:
    g = position(players=4, seed=0)
    face_up_merchant(g, 0)  # limit 5: only slots of value <= 5
    # Fill every slot of value <= 5 with other merchant ships... there are 6 such slots,
    # more than the other 5 tiles: use project tiles as blockers instead.
    blockers = iter(["I-1", "I-2", "I-3", "I-4", "II-1", "I-5"])
    for land in range(6):
        for j, v in enumerate(g.components.landing_slots(land)):
            if v <= 5:
                put_ship(g, land, j, next(blockers), BLACK)
    call(g, YELLOW, 12, CHARACTERS, free=8)
    act(g, host_code(SERNIGI))
    act(g, 0)
    assert int(g.s[L.S_MERCH_LOC]) == L.M_DISCARDED
    assert reals(g, YELLOW) == 10


def test_r5_5_host_manuel_places_additional_disc() -> None:
    g = position(players=4, seed=0)
    set_characters(g, manuel=RED)
    g.s[L.S_EXTRA_DISC + RED] = 1
    g.s[L.S_MANUEL_START] = RED
    actions_phase(g, 8, [(YELLOW, 10, CHARACTERS), (RED, 21, PURCHASE), (BLACK, 20, RECRUITING)])
    call_next(g)
    act(g, host_code(MANUEL))
    assert holder(g, MANUEL) == YELLOW
    assert g.decision == L.D_MANUEL_PLACE
    # Only 22 is still in the Characters Area; any Area with an empty slot.
    assert set(legal_actions(g)) == {place_code(22, a) for a in range(4)}
    act(g, place_code(22, RECRUITING))
    assert int(g.s[L.S_EXTRA_DISC + YELLOW]) == 1
    # Called in the normal order: 20, then 21 (Red), then 22 (Yellow).
    order = []
    skip_launches(g)
    while g.decision == L.D_ACT:
        order.append((int(g.s[L.S_CURRENT]), g.current_player))
        act(g, L.GIVE_UP)
        skip_launches(g)
        if g.phase != L.PH_ACTIONS:
            break
    assert order == [(20, BLACK), (21, RED), (22, YELLOW)]


def test_r5_5_manuel_choice_of_21_or_22() -> None:
    g = position(players=3, seed=0)
    call(g, BLACK, 12, CHARACTERS, free=8)
    act(g, host_code(MANUEL))
    assert {A.placement_number(a) for a in legal_actions(g)} == {21, 22}


def test_r5_5_manuel_no_empty_slot_no_extra_action() -> None:
    g = position(players=4, seed=0)
    call(g, YELLOW, 12, CHARACTERS, free=8)
    for a in range(4):  # every action slot taken
        g.s[L.S_AREA_USED + a] = 5
    act(g, host_code(MANUEL))
    assert holder(g, MANUEL) == YELLOW
    assert g.decision != L.D_MANUEL_PLACE
    assert int(g.s[L.S_NUM_OWNER + 21]) == -1 and int(g.s[L.S_NUM_OWNER + 22]) == -1


def test_r5_5_rehosting_own_character() -> None:
    g = position(players=4, seed=0)
    set_characters(g, dias=RED, alvares=RED, manuel=RED)
    g.s[L.S_EXTRA_DISC + RED] = 1
    give(g, RED, vp=0, missionaries=0)
    call(g, RED, 12, CHARACTERS, free=8)
    act(g, host_code(DIAS))
    assert vp(g, RED) == 2
    call(g, RED, 13, CHARACTERS, free=8)
    act(g, host_code(ALVARES))
    assert missionaries(g, RED) == 1
    call(g, RED, 14, CHARACTERS, free=8)
    act(g, host_code(MANUEL))
    # Manuel I gives no second extra disc to his own holder.
    assert g.decision != L.D_MANUEL_PLACE
    assert int(g.s[L.S_NUM_OWNER + 21]) == -1 and int(g.s[L.S_NUM_OWNER + 22]) == -1


def test_r5_5_no_limit_to_characters_held() -> None:
    g = position(players=4, seed=0)
    no = [DIAS, ALVARES, SERNIGI, MANUEL]
    for k, ch in enumerate(no):
        call(g, BLACK, 10 + k, CHARACTERS, free=8)
        act(g, host_code(ch))
        while g.decision in (L.D_SERNIGI_WHEN, L.D_MANUEL_PLACE):
            act(g, legal_actions(g)[-1])
    assert all(holder(g, ch) == BLACK for ch in no)
