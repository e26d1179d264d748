"""Every worked example of the rulebook (rulebook-en.txt), rebuilt as a position and checked
number by number.

Colours are seats: Yellow 0, Red 1, Black 2, Blue 3. Where an example depends on printed tile
data the rulebook does not give (ship incomes, which 7-limit ship is which), the test picks
tiles from the default data (COMPONENTS C2) whose limit, crew and income match the example and
says so; the expected numbers are the rulebook's.
"""

from __future__ import annotations

from scenario import (
    ALVARES,
    BLACK,
    BLUE,
    CALICUT,
    CHARACTERS,
    DIAS,
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
    WHITE,
    YELLOW,
    act,
    actions_phase,
    bag,
    buy_one_code,
    buy_two_code,
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
    landing_ships,
    launch_code,
    merchant,
    merchant_code,
    missionaries,
    money_code,
    no_merchant_ship,
    place_code,
    position,
    projects_of,
    put_ship,
    reals,
    reals_from,
    recruit_code,
    run_phase3,
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
    vp_from,
    where,
)

from vdgsim import legal_actions, load_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A

UPPER = ["I-1", "I-2", "I-3", "I-4", "I-5", "I-6"]


def _red_holds_manuel(g) -> None:
    """Red holds Manuel I (and his additional disc) at the start of the round."""
    set_characters(g, manuel=RED)
    g.s[L.S_EXTRA_DISC + RED] = 1
    for p in range(L.MAX_PLAYERS):
        if p != RED:
            g.s[L.S_EXTRA_DISC + p] = 0


def _places(g) -> set[tuple[int, int]]:
    return {(A.placement_number(a), A.placement_area(a)) for a in legal_actions(g)}


def _give_up_until(g, seat: int, number: int) -> None:
    """Give up every call until ``number`` of ``seat`` is the one called."""
    skip_launches(g)
    while not (int(g.s[L.S_CURRENT]) == number and g.decision == L.D_ACT):
        act(g, L.GIVE_UP)
        skip_launches(g)
    assert g.current_player == seat


# --- Phase 1 and Phase 2 ---------------------------------------------------------------------
def _placement_example():
    # Two players (3 Characters slots, COMPONENTS C4): Yellow first (Dias), Red has Manuel I.
    # Initial Number 11 (tile 9 / 4 Reals), then the tile with Variation -3 (Initial 12).
    g = position(players=2, seed=0, vdg=[11, 12], before_round=_red_holds_manuel)
    assert int(g.s[L.S_INITIAL]) == 11
    assert [int(g.s[L.S_MONEY]), int(g.s[L.S_MONEY + 1])] == [9, 4]
    script = [
        (YELLOW, 8, CHARACTERS),
        (RED, 15, CHARACTERS),
        (YELLOW, 7, RECRUITING),
        (RED, 6, CHARACTERS),
        (YELLOW, 11, NAVIGATION),
        (RED, 13, PURCHASE),
        (YELLOW, 9, PURCHASE),
        (RED, 21, NAVIGATION),
        (RED, 5, RECRUITING),
    ]
    for k, (seat, number, area) in enumerate(script):
        assert g.decision == L.D_PLACE_DISC and g.current_player == seat
        if k >= 4:
            # After Red's 6 the Characters Area is full for both players.
            assert all(a != CHARACTERS for _, a in _places(g))
        act(g, place_code(number, area))
    return g


def test_example_phase1_placement() -> None:
    g = _placement_example()
    # Phase 1 is over when all discs are placed: Phase 2 begins.
    assert g.phase == L.PH_ACTIONS
    for number, seat, area in [(8, 0, 0), (15, 1, 0), (7, 0, 1), (6, 1, 0), (11, 0, 3)]:
        assert int(g.s[L.S_NUM_OWNER + number]) == seat
        assert int(g.s[L.S_NUM_AREA + number]) == area
    assert int(g.s[L.S_NUM_OWNER + 21]) == RED and int(g.s[L.S_NUM_AREA + 21]) == NAVIGATION


def test_example_free_number_cost_and_compensation() -> None:
    g = _placement_example()
    # F = 11 - 3 = 8.
    assert int(g.s[L.S_FREE]) == 8
    # Ships for the two expeditions of the example (any launched ship with a captain).
    give_ship(g, YELLOW, "I-7")
    give_ship(g, RED, "I-8")
    set_upper(g, UPPER)
    skip_launches(g)

    def called(number: int, seat: int, cost: int) -> None:
        skip_launches(g)
        assert int(g.s[L.S_CURRENT]) == number and g.current_player == seat
        assert int(g.s[L.S_RIGHT_COST]) == cost

    called(5, RED, 3)  # pays 3 (8 - 5) and recruits (a free captain: the cost is the right)
    act(g, recruit_code(None, captain=True))
    assert reals(g, RED) == 7
    called(6, RED, 2)  # would pay 2; gives up and receives 2
    act(g, L.GIVE_UP)
    assert reals(g, RED) == 9
    called(7, YELLOW, 1)  # pays 1 and recruits
    act(g, recruit_code(None, captain=True))
    assert reals(g, YELLOW) == 9
    called(8, YELLOW, 0)  # equal to F: free; Characters action
    act(g, host_code(DIAS))
    assert reals(g, YELLOW) == 9
    called(9, YELLOW, 0)  # free; Purchase Projects (1 Real for the project itself)
    act(g, buy_one_code(0))
    assert reals(g, YELLOW) == 8
    called(11, YELLOW, 0)  # free; Expedition
    act(g, landing_code(CALICUT))
    act(g, send_code(g, "I-7", 4))
    called(13, RED, 0)  # free; Purchase Projects
    act(g, buy_one_code(1))
    assert reals(g, RED) == 8
    called(15, RED, 0)  # free, but gives up: receives 3
    act(g, L.GIVE_UP)
    assert reals(g, RED) == 11
    called(21, RED, 0)  # free; Expedition with the additional disc
    act(g, landing_code(CALICUT))
    act(g, send_code(g, "I-8", 5))
    assert reals(g, RED) == 11 and reals(g, YELLOW) == 8
    assert slot(g, CALICUT, 4) == tile(g, "I-7") and slot(g, CALICUT, 5) == tile(g, "I-8")


# --- Purchase Projects and launching ---------------------------------------------------------
def test_example_purchase_projects() -> None:
    g = position(players=4, seed=0)
    # Blue's Sao Gabriel project needs a crew of 3: I-8 (limit 7, crew 3).
    set_upper(g, UPPER, sao_gabriel="I-8")
    actions_phase(g, 1, [(RED, 10, PURCHASE), (YELLOW, 11, PURCHASE), (BLUE, 12, PURCHASE)])
    call_next(g)
    act(g, buy_one_code(0))  # Red: 1 project for 1 Real, project side up
    assert reals(g, RED) == 9 and where(g, "I-1") == L.LOC_PROJECT
    skip_launches(g)
    act(g, buy_two_code(1, 2))  # Yellow: 2 projects for 4 Reals
    assert reals(g, YELLOW) == 6
    assert where(g, "I-2") == L.LOC_PROJECT and where(g, "I-3") == L.LOC_PROJECT
    skip_launches(g)
    act(g, L.ACT_BUY_SAO_GABRIEL)  # Blue: Sao Gabriel, crew 3: 3 Reals, ship side up
    assert reals(g, BLUE) == 7 and where(g, "I-8") == L.LOC_SHIP


def test_example_launching_with_a_missionary() -> None:
    g = position(players=4, seed=0)
    # Yellow bought a 3-crew (I-7) and a 4-crew (I-10) project; he has 1 missionary and
    # 1 violet sailor. He recruits 1 orange, 1 grey, 2 turquoise (3 colours: 6 Reals).
    give_project(g, YELLOW, "I-7")
    give_project(g, YELLOW, "I-10")
    give(g, YELLOW, sailors=[0, 1, 0, 0], missionaries=1)
    set_section(g, 0, [2, 0, 1, 1])
    actions_phase(g, 1, [(YELLOW, 10, RECRUITING), (BLUE, 20, CHARACTERS)])
    call_next(g)
    act(g, recruit_code(0, (2, 0, 1, 1)))
    assert reals(g, YELLOW) == 4
    assert g.decision == L.D_LAUNCH
    bag_before = bag(g)
    area_before = int(g.s[L.S_MISS_AREA])
    act(g, launch_code(g, "I-7", [ORANGE, TURQUOISE, WHITE]))
    assert where(g, "I-7") == L.LOC_SHIP and where(g, "I-10") == L.LOC_PROJECT
    assert sailors(g, YELLOW) == [1, 1, 1, 0] and missionaries(g, YELLOW) == 0
    assert bag(g)[ORANGE] == bag_before[ORANGE] + 1
    assert bag(g)[TURQUOISE] == bag_before[TURQUOISE] + 1
    assert int(g.s[L.S_MISS_AREA]) == area_before + 1


# --- Recruiting ------------------------------------------------------------------------------
def test_example_recruiting() -> None:
    g = position(players=4, seed=0)
    set_section(g, 0, [0, 4, 1, 0])  # 1st section
    set_section(g, 2, [2, 1, 0, 2])  # 3rd section
    set_section(g, 3, [3, 0, 1, 1])  # 4th section
    for p in range(4):
        give(g, p, sailors=[0, 0, 0, 0])
    discs = [(YELLOW, 10, RECRUITING), (RED, 11, RECRUITING), (BLUE, 12, RECRUITING)]
    discs += [(BLACK, 13, RECRUITING), (YELLOW, 20, CHARACTERS)]
    actions_phase(g, 1, discs)
    call_next(g)
    act(g, recruit_code(3, (3, 0, 0, 1)))  # Yellow: 4th section, 2 colours: 3 Reals
    assert reals(g, YELLOW) == 7 and sailors(g, YELLOW) == [3, 0, 0, 1]
    assert section(g, 3) == [0, 0, 1, 0]
    skip_launches(g)
    act(g, recruit_code(2, (2, 1, 0, 1), captain=True))  # Red: 3 colours 6 + captain 4
    assert reals(g, RED) == 10 - 6 - 4 and captains(g, RED) == 2
    assert sailors(g, RED) == [2, 1, 0, 1]
    skip_launches(g)
    act(g, recruit_code(0, (0, 3, 0, 0)))  # Blue: 1st section, 3 violet: 1 Real
    assert reals(g, BLUE) == 9 and sailors(g, BLUE) == [0, 3, 0, 0]
    skip_launches(g)
    act(g, recruit_code(None, captain=True))  # Black: just 1 captain, free
    assert reals(g, BLACK) == 10 and captains(g, BLACK) == 2
    assert captains_in_area(g, BLACK) == 5


# --- Expedition ------------------------------------------------------------------------------
def test_example_expeditions() -> None:
    g = position(players=4, seed=0)
    # Blue: 9-limit II-6, 7-limit I-7, 4-limit I-1, 3 captains. Red: two 7-limit ships
    # (I-8, II-4). Yellow: a 6-limit ship (I-5). Black: 11-limit III-4, 7-limit II-5, III-1.
    for name in ("II-6", "I-7", "I-1"):
        give_ship(g, BLUE, name)
    give(g, BLUE, captains=3)
    for name in ("I-8", "II-4"):
        give_ship(g, RED, name)
    give(g, RED, captains=2)
    give_ship(g, YELLOW, "I-5")
    for name in ("III-4", "II-5", "III-1"):
        give_ship(g, BLACK, name)
    give(g, BLACK, captains=3)
    for p in range(4):
        give(g, p, reals=10, vp=0)
    discs = [(BLUE, 10, NAVIGATION), (RED, 11, NAVIGATION), (YELLOW, 12, NAVIGATION)]
    discs += [(BLACK, 13, NAVIGATION), (YELLOW, 20, CHARACTERS)]
    actions_phase(g, 1, discs)
    call_next(g)

    # Blue: 9- and 7-limit ships to Malindi, the leftmost 9 and 7 slots: 16 VP, 2 Reals.
    act(g, landing_code(MALINDI))
    legal = legal_actions(g)
    assert all(A.ship_send_tile(a) != tile(g, "I-1") for a in legal)  # 4-limit: no slot
    act(g, send_code(g, "II-6", 0))
    act(g, send_code(g, "I-7", 2))
    # Nothing else fits Malindi: the expedition ends and the next number is called.
    assert vp(g, BLUE) == 16 and reals(g, BLUE) == 12
    assert captains(g, BLUE) == 1 and where(g, "I-1") == L.LOC_SHIP
    skip_launches(g)

    # Red: two 7-limit ships to Mozambique, his choice of the 6 and 5 slots: 11 VP, 2 captains.
    act(g, landing_code(MOZAMBIQUE))
    act(g, send_code(g, "I-8", 0))
    act(g, send_code(g, "II-4", 1))
    assert vp(g, RED) == 11 and captains(g, RED) == 2 and captains_in_area(g, RED) == 4
    skip_launches(g)

    # Yellow: a 6-limit ship to Terra de Boa Gente: 5 VP and a sailor drawn from the bag.
    act(g, landing_code(TERRA))
    act(g, send_code(g, "I-5", 0))
    assert g.decision == L.D_SAILOR_BONUS
    act(g, L.SAILOR_BAG_DRAW)
    assert vp(g, YELLOW) == 5 and sum(sailors(g, YELLOW)) == 1
    skip_launches(g)

    # Black: 11 + 7 + 7 into the remaining Malindi slots 9, 7, 6: 22 VP and 3 Reals.
    act(g, landing_code(MALINDI))
    act(g, send_code(g, "III-4", 1))
    act(g, send_code(g, "II-5", 3))
    act(g, send_code(g, "III-1", 4))
    assert vp(g, BLACK) == 22 and reals(g, BLACK) == 13
    # Malindi is now complete.
    assert all(c >= 0 for c in landing_ships(g, MALINDI))


# --- Characters ------------------------------------------------------------------------------
def _characters_distribution(g) -> None:
    set_characters(g, alvares=BLUE, sernigi=YELLOW, dias=BLACK, manuel=RED)
    for p in range(4):
        g.s[L.S_EXTRA_DISC + p] = int(p == RED)


def test_example_characters_round() -> None:
    # Initial Number 11: the money spaces hold 9 and 4 Reals.
    g = position(players=4, seed=0, vdg=[11, 12], before_round=_characters_distribution)
    set_upper(g, UPPER)
    face_up_merchant(g, 2)  # a 7-limit merchant ship
    for p in range(4):
        give(g, p, reals=10, vp=0, missionaries=0)
    discs = [(BLUE, 5, CHARACTERS), (RED, 6, CHARACTERS), (BLACK, 7, CHARACTERS)]
    discs += [(YELLOW, 8, CHARACTERS), (RED, 9, CHARACTERS), (RED, 21, PURCHASE)]
    actions_phase(g, 1, discs)
    call_next(g)
    act(g, money_code(0))  # Blue takes the 9 Reals of the upper space
    assert reals(g, BLUE) == 19
    skip_launches(g)
    act(g, host_code(ALVARES))  # Red takes Alvares from Blue: 1 missionary
    assert holder(g, ALVARES) == RED and missionaries(g, RED) == 1
    skip_launches(g)
    act(g, host_code(DIAS))  # Black keeps hosting Dias: 2 VP
    assert vp(g, BLACK) == 2
    skip_launches(g)
    act(g, host_code(MANUEL))  # Yellow takes Manuel I from Red: the yellow additional disc
    assert holder(g, MANUEL) == YELLOW and int(g.s[L.S_EXTRA_DISC + YELLOW]) == 1
    assert {A.placement_number(a) for a in legal_actions(g)} == {22}  # Red's 21 is on the board
    act(g, place_code(22, RECRUITING))
    skip_launches(g)
    act(g, host_code(SERNIGI))  # Red takes Sernigi from Yellow and sends the ship now
    assert holder(g, SERNIGI) == RED
    act(g, 0)
    # Sernigi example: he places it at Natal and takes a project of his choice, free.
    act(g, merchant_code(NATAL, 0))
    assert g.decision == L.D_PROJECT_BONUS
    act(g, 4)
    assert where(g, "I-5") == L.LOC_PROJECT and projects_of(g, RED) == [tile(g, "I-5")]
    assert reals(g, RED) == 10 and vp(g, RED) == 0  # no slot VP for a merchant ship
    assert slot(g, NATAL, 0) == merchant(2)
    # 21 (Red) and 22 (Yellow) are both used, then the round ends.
    _give_up_until(g, RED, 21)
    act(g, L.GIVE_UP)
    skip_launches(g)
    assert int(g.s[L.S_CURRENT]) == 22 and g.current_player == YELLOW
    act(g, L.GIVE_UP)
    skip_launches(g)
    while g.round == 1:
        act(g, legal_actions(g)[0])
    # Dias example: Black keeps Dias, 2 more VP at the end of the round, first player.
    assert vp(g, BLACK) == 4 and int(g.s[L.S_FIRST_PLAYER]) == BLACK
    # Alvares holder at the end of the round: 1 more missionary.
    assert missionaries(g, RED) == 2
    # Manuel I changed hands: Red returns his additional disc, Yellow keeps his.
    assert int(g.s[L.S_EXTRA_DISC + RED]) == 0 and int(g.s[L.S_EXTRA_DISC + YELLOW]) == 1


def test_example_manuel_changes_hands() -> None:
    g = position(players=4, seed=1, before_round=_red_holds_manuel)
    no_merchant_ship(g)
    set_characters(g, sernigi=-1)
    # Phase 1: Yellow puts a disc in the Characters Area, Red his additional disc with 21 in
    # the Purchase Projects Area; the other discs go elsewhere.
    while g.decision == L.D_PLACE_DISC:
        seat = g.current_player
        places = _places(g)
        if seat == YELLOW and (1, CHARACTERS) in places:
            act(g, place_code(1, CHARACTERS))
        elif seat == RED and (21, PURCHASE) in places:
            act(g, place_code(21, PURCHASE))
        else:
            # Fill Recruiting last so a slot is free there for Yellow's 22.
            pref = [NAVIGATION, PURCHASE, CHARACTERS, RECRUITING]
            regular = [(n, a) for n, a in places if n <= 20]
            n, a = min(regular, key=lambda na: (pref.index(na[1]), na[0]))
            act(g, place_code(n, a))
    set_upper(g, UPPER)
    _give_up_until(g, YELLOW, 1)
    act(g, host_code(MANUEL))
    # 21 is on the board: Yellow takes the 22, and puts it in the Recruiting Area.
    assert {A.placement_number(a) for a in legal_actions(g)} == {22}
    act(g, place_code(22, RECRUITING))
    _give_up_until(g, RED, 21)
    act(g, buy_one_code(0))  # Red performs his additional action
    assert projects_of(g, RED) == [tile(g, "I-1")]
    skip_launches(g)
    assert int(g.s[L.S_CURRENT]) == 22 and g.current_player == YELLOW
    act(g, recruit_code(None, captain=True))  # Yellow performs his
    assert captains(g, YELLOW) == 2
    skip_launches(g)
    assert g.round == 2 and g.decision == L.D_PLACE_DISC
    # End of round: Red returned his additional disc; Yellow uses his in Phase 1.
    assert int(g.s[L.S_EXTRA_DISC + RED]) == 0
    assert int(g.s[L.S_EXTRA_DISC + YELLOW]) == 1
    first = g.current_player
    while g.decision == L.D_PLACE_DISC:
        numbers = {n for n, _ in _places(g)}
        if g.current_player == YELLOW:
            assert {21, 22} <= numbers
        elif g.current_player == RED:
            assert not numbers & {21, 22}
        act(g, legal_actions(g)[0])
    assert first == int(g.s[L.S_FIRST_PLAYER])


def test_example_alvares_missionary_not_owed() -> None:
    g = position(players=4, seed=0)
    no_merchant_ship(g)
    set_characters(g, alvares=RED, dias=-1)
    # 6 missionaries in all: 1 in the Characters Area, 2 with Blue, 3 with Yellow.
    g.s[L.S_MISS_AREA] = 1
    give(g, RED, missionaries=0)
    give(g, BLUE, missionaries=2)
    give(g, YELLOW, missionaries=3)
    for p in range(4):
        give(g, p, sailors=[0, 0, 0, 0])
    run_phase3(g)
    assert missionaries(g, RED) == 1 and int(g.s[L.S_MISS_AREA]) == 0
    # Next round: Black hosts Alvares but no missionary is left.
    no_merchant_ship(g)
    give_project(g, BLUE, "I-1")  # crew 1
    give_project(g, BLUE, "I-2")  # crew 1
    actions_phase(g, 1, [(BLACK, 5, CHARACTERS), (BLUE, 6, CHARACTERS)])
    call_next(g)
    act(g, host_code(ALVARES))
    assert holder(g, ALVARES) == BLACK and missionaries(g, BLACK) == 0
    # Then 2 missionaries are put back in the Characters Area (Blue launches two ships).
    assert g.decision == L.D_LAUNCH and g.current_player == BLUE
    act(g, launch_code(g, "I-1", [WHITE]))
    act(g, launch_code(g, "I-2", [WHITE]))
    assert int(g.s[L.S_MISS_AREA]) == 2
    act(g, L.GIVE_UP)
    assert g.round == 3
    # End of round: Black receives 1 missionary, not the one he missed.
    assert missionaries(g, BLACK) == 1 and int(g.s[L.S_MISS_AREA]) == 1


# --- Merchant ships --------------------------------------------------------------------------
def test_example_merchant_ship_completes_mombasa() -> None:
    g = position(players=4, seed=0)
    # Yellow has two ships in Mombasa, Red one; the 7-limit merchant ship is not sent yet.
    put_ship(g, MOMBASA, 0, "III-4", YELLOW)
    put_ship(g, MOMBASA, 1, "II-6", YELLOW)
    put_ship(g, MOMBASA, 3, "I-3", RED)
    face_up_merchant(g, 3)
    set_characters(g, sernigi=YELLOW, dias=-1)
    give(g, YELLOW, reals=10, vp=0)
    run_phase3(g)
    assert g.decision == L.D_SEND_MERCHANT and g.current_player == YELLOW
    act(g, merchant_code(MOMBASA, 2))
    # 2 Reals for Mombasa; Mombasa is complete: his two ships score 3 VP each this Phase 3.
    assert reals_from(g, YELLOW, L.R_LANDING_BONUS) == 2
    assert vp_from(g, YELLOW, L.VP_COMPLETION) == 6 and vp_from(g, YELLOW, L.VP_SLOT) == 0
    assert vp_from(g, RED, L.VP_COMPLETION) == 3


def test_example_sernigi_setup_merchant_ship() -> None:
    from vdgsim import new_game

    g = new_game(players=3, seed=0)
    # The Sernigi holder received the tile at setup and must send the first merchant ship
    # before Phase 1 of round 1.
    assert g.decision == L.D_SEND_MERCHANT and g.current_player == holder(g, SERNIGI)
    assert g.round == 1 and g.phase == L.PH_SETUP
    act(g, merchant_code(NATAL, 0))
    act(g, legal_actions(g)[0])  # the Natal bonus: a project of his choice
    assert len(projects_of(g, holder(g, SERNIGI))) == 1
    assert g.phase == L.PH_PLACE


# --- The complete Phase 3 example ------------------------------------------------------------
def test_example_complete_phase3() -> None:
    # Tiles chosen to match the example's printed incomes (COMPONENTS C2). The example needs
    # two 4-limit ships earning 1 Real (Blue's in Mozambique, Red's in Terra de Boa Gente);
    # the default data has only one (I-2), so I-1 is given an income of 1 Real here.
    comp = load_components(overrides={"projects.I.0.income_reals": 1})
    g = position(players=4, seed=0, components=comp)
    no_merchant_ship(g)
    set_characters(g, dias=-1, alvares=-1, sernigi=-1, manuel=-1)
    for p in range(4):
        give(g, p, reals=0, vp=0, captains=0)
    # Calicut (complete): Red two ships with 1 VP + 1 Real between them (II-9: 1 VP + 1 Real;
    # II-10: nothing), Black 1 VP (III-7), Yellow 2 VP (III-10), Blue 2 VP (II-11). The
    # rulebook's picture has five ships; the default Calicut has six slots, so a merchant
    # ship fills the sixth (it earns nothing).
    put_ship(g, CALICUT, 0, "II-10", RED)
    put_ship(g, CALICUT, 1, "III-7", BLACK)
    put_ship(g, CALICUT, 2, "II-11", BLUE)
    put_ship(g, CALICUT, 3, merchant_tile=5)
    put_ship(g, CALICUT, 4, "II-9", RED)
    put_ship(g, CALICUT, 5, "III-10", YELLOW)
    # Malindi (not complete): Blue (I-11, nothing) and Red (III-6, 1 VP + 1 Real) in the 9s.
    put_ship(g, MALINDI, 0, "I-11", BLUE)
    put_ship(g, MALINDI, 1, "III-6", RED)
    # Mombasa (complete): Yellow's 11-limit and 9-limit ships (III-4, II-6: no income), the
    # 7-limit merchant ship, Red's 7-limit ship with 2 Reals (III-1).
    put_ship(g, MOMBASA, 0, "III-4", YELLOW)
    put_ship(g, MOMBASA, 1, "II-6", YELLOW)
    put_ship(g, MOMBASA, 2, merchant_tile=2)
    put_ship(g, MOMBASA, 3, "III-1", RED)
    # Mozambique (complete): Blue's 6-limit ship (I-9, 2 Reals), Black's 6-limit (I-5,
    # nothing), Blue's 4-limit (I-2, 1 Real).
    put_ship(g, MOZAMBIQUE, 0, "I-9", BLUE)
    put_ship(g, MOZAMBIQUE, 1, "I-5", BLACK)
    put_ship(g, MOZAMBIQUE, 2, "I-2", BLUE)
    # Terra de Boa Gente (not complete): Red's 4-limit ship with 1 Real. Natal empty.
    put_ship(g, TERRA, 1, "I-1", RED)

    run_phase3(g)

    def earned(seat: int) -> tuple[int, int]:
        points = vp_from(g, seat, L.VP_INCOME) + vp_from(g, seat, L.VP_COMPLETION)
        return points, reals_from(g, seat, L.R_INCOME)

    # Red: Calicut 11 VP + 1 Real; Malindi 1 VP + 1 Real; Mombasa 3 VP + 2 Reals; Terra
    # 1 Real.
    assert earned(RED) == (11 + 1 + 3, 1 + 1 + 2 + 1)
    # Black: Calicut 6 VP; Mozambique 2 VP.
    assert earned(BLACK) == (6 + 2, 0)
    # Yellow: Calicut 7 VP; Mombasa 3 VP for each of his two ships (no income on them).
    assert earned(YELLOW) == (7 + 3 + 3, 0)
    # Blue: Calicut 7 VP; Mozambique 4 VP and 3 Reals; Malindi nothing.
    assert earned(BLUE) == (7 + 4, 3)
    assert [vp(g, p) for p in range(4)] == [13, 15, 8, 11]
    assert [reals(g, p) for p in range(4)] == [0, 5, 0, 3]

    # Calicut's ships leave the game; Mombasa's advance left to right into Malindi: Yellow's
    # 11-limit to the leftmost 7, his 9-limit to the next 7, the merchant ship to the 6;
    # Red's ship is removed. Mozambique's 6-limit ships go to Mombasa's 6 and 5; Blue's
    # 4-limit ship is removed. Terra's ship stays.
    assert landing_ships(g, CALICUT) == [-1] * 6
    assert landing_ships(g, MALINDI) == [
        tile(g, "I-11"),
        tile(g, "III-6"),
        tile(g, "III-4"),
        tile(g, "II-6"),
        merchant(2),
    ]
    assert landing_ships(g, MOMBASA) == [-1, -1, tile(g, "I-9"), tile(g, "I-5")]
    assert landing_ships(g, MOZAMBIQUE) == [-1, -1, -1]
    assert landing_ships(g, TERRA) == [-1, tile(g, "I-1")]
    assert landing_ships(g, NATAL) == [-1]
    for name in ("II-10", "III-7", "II-11", "II-9", "III-10", "III-1", "I-2"):
        assert where(g, name) == L.LOC_REMOVED
    # Captains back to their owners' supplies: Red 2 (Calicut) + 1 (Mombasa), Black 1,
    # Yellow 1, Blue 1 (Calicut) + 1 (Mozambique).
    assert [captains(g, p) for p in range(4)] == [1, 3, 1, 2]
    # Malindi, complete because of the navigation, scores 4 VP per ship next round.
    before = {p: vp_from(g, p, L.VP_COMPLETION) for p in range(4)}
    no_merchant_ship(g)
    run_phase3(g)
    gained = {p: vp_from(g, p, L.VP_COMPLETION) - before[p] for p in range(4)}
    assert gained == {YELLOW: 8, RED: 4, BLACK: 0, BLUE: 4}
