"""R1 Setup: one test per rule of RULES.md R1 (expected numbers from RULES.md / COMPONENTS.md)."""

from __future__ import annotations

import pytest
from scenario import (
    ALVARES,
    CHARACTERS,
    DIAS,
    MANUEL,
    MOMBASA,
    NATAL,
    SERNIGI,
    act,
    captains,
    captains_in_area,
    holder,
    merchant,
    merchant_code,
    missionaries,
    play_randomly,
    position,
    reals,
    section,
    slot,
    vp,
)

from vdgsim import legal_actions, load_components, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A

PLAYERS = (2, 3, 4)


@pytest.mark.parametrize("players", PLAYERS)
def test_r1_1_player_supplies(players: int) -> None:
    g = new_game(players=players, seed=3)
    for p in range(players):
        assert reals(g, p) == 10
        assert captains(g, p) == 1
        assert captains_in_area(g, p) == 6
        # Score 0, except the first player's 2 VP for Bartolomeu Dias (R1.3).
        assert vp(g, p) == (2 if p == 0 else 0)
    # 4 action discs each: the round's placement leaves 4 regular discs to every seat.
    g = position(players=players, seed=3)
    for p in range(players):
        assert int(g.s[L.S_DISCS_LEFT + p]) == 4


@pytest.mark.parametrize("players", PLAYERS)
def test_r1_2_sailors_bag_and_active_sections(players: int) -> None:
    g = new_game(players=players, seed=11)
    totals = [int(g.s[L.S_BAG + c]) for c in range(4)]
    for sec in range(4):
        counts = section(g, sec)
        # Active sections = player count, 5 sailors each; the others stay empty.
        assert sum(counts) == (5 if sec < players else 0)
        for c in range(4):
            totals[c] += counts[c]
    assert totals == [8, 8, 8, 8]


@pytest.mark.parametrize(
    ("players", "dealt"),
    [
        (2, {DIAS: 0, SERNIGI: 1, ALVARES: -1, MANUEL: -1}),
        (3, {DIAS: 0, ALVARES: 1, SERNIGI: 2, MANUEL: -1}),
        (4, {DIAS: 0, ALVARES: 1, SERNIGI: 2, MANUEL: 3}),
    ],
)
def test_r1_3_characters_dealt_by_table(players: int, dealt: dict[int, int]) -> None:
    g = new_game(players=players, seed=5)
    for ch, seat in dealt.items():
        assert holder(g, ch) == seat
    assert vp(g, 0) == 2
    assert int(g.s[L.S_FIRST_PLAYER]) == 0


# --- the random character deal: a variant, not a rule (setup.character_deal = random) ----------
RANDOM_DEAL = load_components(overrides={"setup.character_deal": "random"})
ALL_CHARACTERS = (DIAS, ALVARES, SERNIGI, MANUEL)
# the chance-stream parts of the deal, which the variant leaves as the rulebook deals them
DEAL_BLOCKS = (
    (L.S_BAG, L.N_COLOURS),
    (L.S_SECTION, L.N_SECTIONS * L.N_COLOURS),
    (L.S_MERCH_ORDER, L.N_MERCHANTS),
    (L.S_VDG_ORDER, L.N_VDG),
    (L.S_PROJ_ORDER, L.N_PROJECTS),
    (L.S_UPPER, L.N_UPPER),
    (L.S_RNG_CHANCE, 4),
    (L.S_RNG_PLAYER, 4),
)


@pytest.mark.parametrize("players", PLAYERS)
def test_r1_3_variant_random_deal_gives_the_rulebook_characters_to_random_seats(
    players: int,
) -> None:
    """Each character R1.3 deals lands on exactly one seat, the order varies with the seed, the
    holders get their R1.4/R1.5 items and Dias's 2 VP, and seat 0 still plays first."""
    dealt = {ch for ch in ALL_CHARACTERS if holder(new_game(players=players, seed=0), ch) >= 0}
    orders = set()
    for seed in range(24):
        g = new_game(players=players, seed=seed, components=RANDOM_DEAL)
        held = {ch: holder(g, ch) for ch in ALL_CHARACTERS}
        assert {ch for ch, h in held.items() if h >= 0} == dealt
        assert sorted(h for h in held.values() if h >= 0) == list(range(players))
        orders.add(tuple(held.values()))
        for p in range(players):
            assert vp(g, p) == (2 if p == held[DIAS] else 0)  # R1.3
            assert missionaries(g, p) == (1 if p == held[ALVARES] else 0)  # R1.4
            assert int(g.s[L.S_EXTRA_DISC + p]) == (1 if p == held[MANUEL] else 0)
        assert int(g.s[L.S_MANUEL_START]) == held[MANUEL]
        assert int(g.s[L.S_MISS_AREA]) == (5 if held[ALVARES] >= 0 else 6)
        # R1.5: the Sernigi holder sends the setup merchant ship; then seat 0 places first
        assert g.decision == L.D_SEND_MERCHANT and g.current_player == held[SERNIGI]
        assert int(g.s[L.S_FIRST_PLAYER]) == 0
        while g.phase == L.PH_SETUP:  # the send, and its landing bonus if that asks a choice
            act(g, legal_actions(g)[0])
        assert g.decision == L.D_PLACE_DISC and g.round == 1 and g.current_player == 0
        # the rest of the deal is the rulebook's of the same seed (its own random stream)
        rule = new_game(players=players, seed=seed)
        g2 = new_game(players=players, seed=seed, components=RANDOM_DEAL)
        for at, n in DEAL_BLOCKS:
            assert (g2.s[at : at + n] == rule.s[at : at + n]).all(), at
    assert len(orders) >= min(6, len(dealt) * (len(dealt) - 1))  # not one fixed order


def test_r1_3_variant_random_deal_is_uniform_over_seats() -> None:
    """Over many seeds each seat is dealt each character about equally often (chi-square)."""
    from scipy.stats import chisquare

    seeds = 1200
    for players in PLAYERS:
        counts = {}
        for seed in range(seeds):
            g = new_game(players=players, seed=seed, components=RANDOM_DEAL)
            for ch in ALL_CHARACTERS:
                if holder(g, ch) >= 0:
                    key = (holder(g, ch), ch)
                    counts[key] = counts.get(key, 0) + 1
        assert len(counts) == players * players  # every seat gets every dealt character
        observed = list(counts.values())
        assert sum(observed) == seeds * players
        # each cell expects seeds / players; p < 0.001 would flag a biased shuffle
        assert chisquare(observed).pvalue > 0.001, counts
        assert max(observed) < 1.25 * seeds / players


@pytest.mark.parametrize("players", PLAYERS)
def test_r1_4_alvares_missionary_and_manuel_disc(players: int) -> None:
    g = new_game(players=players, seed=5)
    alvares = holder(g, ALVARES)
    for p in range(players):
        assert missionaries(g, p) == (1 if p == alvares else 0)
    # 6 missionaries in all: the rest stay in the Characters Area.
    assert int(g.s[L.S_MISS_AREA]) == (5 if alvares >= 0 else 6)
    manuel = holder(g, MANUEL)
    for p in range(players):
        assert int(g.s[L.S_EXTRA_DISC + p]) == (1 if p == manuel else 0)


def test_r1_5_setup_merchant_ship_sent_by_sernigi_holder() -> None:
    g = new_game(players=4, seed=2)
    # The first decision of the game is the Sernigi holder's sending, before round 1.
    assert g.decision == L.D_SEND_MERCHANT
    assert g.current_player == holder(g, SERNIGI) == 2
    assert g.phase == L.PH_SETUP
    first = int(g.s[L.S_MERCH_ORDER])
    limit = int(g.components.array[L.C_MERCH_LIMIT + first])
    # Legal: every empty slot whose value is <= the ship's limit, at any landing.
    expected = {
        merchant_code(land, j)
        for land in range(6)
        for j, v in enumerate(g.components.landing_slots(land))
        if v <= limit
    }
    assert set(legal_actions(g)) == expected
    # Sending to Mombasa pays its bonus (2 Reals) but no slot VP.
    mombasa = [j for j, v in enumerate(g.components.landing_slots(MOMBASA)) if v <= limit]
    if mombasa:
        act(g, merchant_code(MOMBASA, mombasa[-1]))
        assert slot(g, MOMBASA, mombasa[-1]) == merchant(first)
        assert reals(g, 2) == 12
        assert vp(g, 2) == 0
    else:  # a 5-limit ship cannot reach Mombasa: Natal is always possible
        act(g, merchant_code(NATAL, 0))
    # The next tile is face up for round 1, and round 1 has started.
    assert int(g.s[L.S_MERCH_LOC + int(g.s[L.S_MERCH_ORDER + 1])]) == L.M_FACE_UP
    assert g.decision == L.D_PLACE_DISC and g.round == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_r1_5_all_six_merchant_ships_used(players: int) -> None:
    g = new_game(players=players, seed=21)
    play_randomly(g, seed=1)
    # 1 at setup + 1 per round: none remains in the deck or face up at the end.
    for m in range(6):
        assert int(g.s[L.S_MERCH_LOC + m]) not in (L.M_DECK, L.M_FACE_UP)


def test_r1_6_vdg_tiles_shuffled_top_face_up() -> None:
    orders = set()
    for seed in range(6):
        g = new_game(players=3, seed=seed)
        order = [int(x) for x in g.s[L.S_VDG_ORDER : L.S_VDG_ORDER + 9]]
        assert sorted(order) == list(range(9))
        assert int(g.s[L.S_VDG_FACE_UP]) == 1 and int(g.s[L.S_VDG_DISCARDED]) == 0
        orders.add(tuple(order))
    assert len(orders) > 1


def test_r1_7_projects_dealt_from_deck_one() -> None:
    c = None
    for seed in range(4):
        g = new_game(players=4, seed=seed)
        c = g.components.array
        order = [int(x) for x in g.s[L.S_PROJ_ORDER : L.S_PROJ_ORDER + 35]]
        decks = [int(c[L.C_PROJ_DECK + t]) for t in order]
        # Deck I, then II, then III (each shuffled on its own).
        assert decks == sorted(decks)
        assert decks.count(0) == 12 and decks.count(1) == 12 and decks.count(2) == 11
        sg = int(g.s[L.S_SAO_GABRIEL])
        upper = [int(x) for x in g.s[L.S_UPPER : L.S_UPPER + 6]]
        # The first tile to the Sao Gabriel space, the next six to the upper spaces.
        assert sg == order[0] and upper == order[1:7]
        assert all(int(c[L.C_PROJ_DECK + t]) == 0 for t in [sg, *upper])
    assert c is not None


def test_r1_7_deck_runs_out_continue_with_next() -> None:
    g = position(players=2, seed=4)
    # Round 2's deal takes the tiles after the first 7: 5 left in deck I, then deck II.
    play_randomly(g, seed=2, until=lambda g: g.round == 2)
    c = g.components.array
    upper = [int(x) for x in g.s[L.S_UPPER : L.S_UPPER + 6]]
    decks = [int(c[L.C_PROJ_DECK + int(g.s[L.S_SAO_GABRIEL])])] + [
        int(c[L.C_PROJ_DECK + t]) for t in upper
    ]
    assert decks == [0, 0, 0, 0, 0, 1, 1]


def test_r1_8_numbers_zone_and_characters_area() -> None:
    g = position(players=4, seed=1)
    # Seat 0 (no Manuel I) may place numbers 1..20 only; 21 and 22 wait in the Characters Area.
    numbers = {A.placement_number(a) for a in legal_actions(g)}
    assert numbers == set(range(1, 21))
    for n in range(1, 23):
        assert int(g.s[L.S_NUM_OWNER + n]) == -1
    # The Manuel I holder may also take 21 or 22 for his additional disc.
    while g.current_player != 3:
        act(g, legal_actions(g)[0])
    numbers = {A.placement_number(a) for a in legal_actions(g)}
    assert {21, 22} <= numbers
    assert CHARACTERS in {A.placement_area(a) for a in legal_actions(g)}


# --- R0 vocabulary -----------------------------------------------------------------------------
def test_r0_landings_bottom_to_top_with_slot_values() -> None:
    # COMPONENTS C1, slots left to right.
    g = new_game(players=2, seed=0)
    assert [g.components.landing_slots(i) for i in range(6)] == [
        [4],
        [5, 4],
        [6, 5, 4],
        [7, 7, 6, 5],
        [9, 9, 7, 7, 6],
        [11, 11, 9, 9, 7, 7],
    ]
    assert L.LANDING_NAMES == (
        "Natal",
        "Terra de Boa Gente",
        "Mozambique",
        "Mombasa",
        "Malindi",
        "Calicut",
    )


@pytest.mark.parametrize(("players", "slots"), [(2, 3), (3, 4), (4, 5)])
def test_r0_action_slots_per_area(players: int, slots: int) -> None:
    # COMPONENTS C4: every Area has 3 / 4 / 5 action slots with 2 / 3 / 4 players.
    for area in range(4):
        g = position(players=players, seed=0)
        placed = 0
        while g.decision == L.D_PLACE_DISC:
            mine = [
                a
                for a in legal_actions(g)
                if A.placement_area(a) == area and A.placement_number(a) <= 20
            ]
            act(g, mine[0] if mine else legal_actions(g)[0])
            placed += bool(mine)
        assert placed == slots
