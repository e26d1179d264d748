"""Goa: one test per rule ID (RULES G0-G9), named after it; ambiguity readings (A1-A32)
are checked where their rule is."""

from __future__ import annotations

import numpy as np
import pytest
from goa_scenario import (
    BLUE,
    CALICUT,
    CI,
    CL,
    COCHIN,
    COLONISTS,
    EXPEDITION,
    GREEN,
    HARVEST,
    MADRAS,
    QUILON,
    RED,
    SHIPS,
    TAXES,
    YELLOW,
    G,
    N,
    P,
    act,
    card,
    game,
    give_card,
    give_tile,
    hand,
    put_on_grid,
    resume,
    set_deck,
    start_turn,
    store,
    tile,
    total_spices,
    view,
)

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import apply_action, clone, is_over, legal_actions, result

ALL = (1 << 5) - 1


def _random_game(players=4, seed=1, until=None, **opt):
    """Play a seeded random game; stop when ``until(g)`` is true."""
    g = game(players, seed, **opt)
    rnd = np.random.default_rng(seed)
    while not is_over(g) and not (until and until(g)):
        legal = legal_actions(g)
        apply_action(g, legal[int(rnd.integers(len(legal)))])
    return g


def _to_action_phase(g):
    """Place and auction with first legal choices until the first action turn."""
    while g.decision != L.D_TURN:
        legal = legal_actions(g)
        act(g, A.PASS if g.decision == L.D_BID else legal[0])


# --- G0, G1 ---------------------------------------------------------------------------------
def test_g0_next_player_is_clockwise_and_8_adjacency_includes_corners():
    g = game(3, seed=2)
    st = view(g)
    st.start_player = 1
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    assert g.current_player == 2  # marker 2: the next seat clockwise
    assert sorted(legal_actions(g)) == [1, 2, 3]  # (0,1) and (0,3) touch by a corner only


def test_g1_1_player_count_sets_markers_and_items():
    for players in (2, 3, 4):
        g = game(players, seed=players)
        act(g, legal_actions(g)[0])
        markers = 1
        while g.decision == L.D_MARKER:
            act(g, legal_actions(g)[0])
            markers += 1
        assert markers == players + 1
        items = 0
        while g.decision != L.D_TURN:
            if view(g).auction_item > items:
                items = int(view(g).auction_item)
            act(g, A.PASS if g.decision == L.D_BID else legal_actions(g)[0])
        assert items == players + 1


def test_g1_2_finite_cards_and_colony_tiles():
    g = game()
    a = g.components.array
    counts = a[L.C_CT_COUNT : L.C_CT_COUNT + int(a[L.C_N_CTYPES])]
    per_colony = [0] * 4
    for k, n in enumerate(counts):
        per_colony[int(a[L.C_CT_COLONY + k])] += int(n)
    assert per_colony == [5, 4, 5, 4] and sum(per_colony) == 18
    assert L.N_CARDS == 30


def test_g1_3_deck_shuffled_colony_supply_sorted():
    decks = set()
    for seed in range(5):
        st = view(game(4, seed))
        decks.add(tuple(int(x) for x in st.deck[: st.deck_size]))
        assert list(st.colony_tiles_left[:12]) == [1, 1, 1, 1, 1, 4, 1, 1, 1, 1, 1, 4]
    assert len(decks) == 5


def test_g1_4_players_start_with_boards_ships_colonists():
    st = view(game(4, seed=3))
    assert (st.row == 1).all() and list(st.ships) == [4] * 4 and list(st.colonists) == [2] * 4
    assert (st.space_tile == -1).all() and (st.hand_size == 0).all()


def test_g1_5_set_aside_four_at_most_two_plantations_rest_on_grid():
    for seed in range(30):
        g = game(4, seed)
        st = view(g)
        a = g.components.array
        aside = [t for t in range(L.N_TILES) if st.tile_location[t] == L.LOC_ASIDE]
        kinds = [int(a[L.C_TILE_KIND + t]) for t in aside]
        assert len(aside) == 4 and all(t < 29 for t in aside)
        assert sum(k in (L.TK_PLANTATION, L.TK_CROP_ROTATION) for k in kinds) <= 2
        assert (st.grid >= 0).all() and len(set(st.grid.tolist())) == 25


def test_g1_6_first_elephant_from_seat_0_picks_the_start_player():
    for seed in range(20):
        g = game(3, seed)
        st = view(g)
        sym = g.components.array[L.C_CARD_SYMBOL : L.C_CARD_SYMBOL + 30]
        revealed = [int(k) for k in st.discard_pile[: st.discard_size]]
        assert sym[revealed[-1]] == L.SYM_ELEPHANT
        assert all(sym[k] != L.SYM_ELEPHANT for k in revealed[:-1])
        assert st.start_player == (len(revealed) - 1) % 3
        assert st.deck_size == 30 - len(revealed)


def test_g1_7_start_player_5_ducats_others_10_no_extra_card():
    st = view(game(4, seed=8))
    sp = int(st.start_player)
    assert st.ducats[sp] == 5 and sum(st.ducats) == 35 and (st.extra_actions == 0).all()


def test_g1_8_variant_setup_follows_g1_7():
    g = game(4, seed=8, quick_start=True)
    st = view(g)
    assert g.decision == L.D_QUICK and g.current_player == st.start_player
    assert st.ducats[st.start_player] == 5


def test_g1_9_b_tiles_stay_aside_until_the_phase_change():
    st = view(game())
    assert all(st.tile_location[t] == L.LOC_OUT for t in range(29, 58))


# --- G2 ---------------------------------------------------------------------------------------
def test_g2_1_two_phases_of_four_rounds():
    seen = {}

    def watch(g):
        st = view(g)
        seen[int(st.round)] = int(st.phase)
        return False

    g = _random_game(4, 5, until=watch)
    assert seen == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 1, 7: 1, 8: 1} and is_over(g)


def test_g2_2_round_order_markers_auctions_actions_extra():
    g = game(4, seed=6)
    order = []
    while view(g).round == 1:
        d = g.decision
        if not order or order[-1] != d:
            order.append(d)
        legal = legal_actions(g)
        act(g, A.PASS if d == L.D_BID else legal[0])
    firsts = [order.index(k) for k in (L.D_FLAG, L.D_MARKER, L.D_BID, L.D_TURN)]
    assert firsts == sorted(firsts)


def test_g2_3_red_tiles_usable_again_next_round():
    g = game()
    st = view(g)
    t = tile(g, "A-RD")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    st.actor = RED
    resume(g, L.ST_TURN_START)
    act(g, A.turn(A.T_USE_TILE, t))
    assert A.turn(A.T_USE_TILE, t) not in legal_actions(g)
    resume(g, L.ST_ROUND_START)
    assert st.tile_used_this_round[t] == 0
    start_turn(g, RED)
    assert A.turn(A.T_USE_TILE, t) in legal_actions(g)


def test_g2_4_phase_change_lays_b_tiles_gift_pool_8_flag_stays():
    g = _random_game(4, 7, until=lambda g: view(g).round == 5)
    st = view(g)
    assert st.phase == 1
    on_grid = [int(t) for t in st.grid if t >= 0]
    assert len(on_grid) == 25 and all(t >= 29 for t in on_grid)
    pool = [t for t in range(L.N_TILES) if st.tile_location[t] == L.LOC_ASIDE]
    a_pool = [t for t in pool if t < 29]
    assert len([t for t in pool if t >= 29]) == 4 and len(a_pool) <= 4
    assert g.decision == L.D_FLAG and g.current_player == st.start_player


def test_g2_5_game_ends_after_round_8():
    g = _random_game(3, 9)
    assert is_over(g) and view(g).round == 8 and legal_actions(g) == []


# --- G3 ---------------------------------------------------------------------------------------
def test_g3_1_flag_needs_edge_contact():
    g = game()
    resume(g, L.ST_ROUND_START)
    legal = set(legal_actions(g))
    corners = {A.flag_cell(r, c) for r in (-1, 5) for c in (-1, 5)}
    assert not legal & corners
    assert len(legal) == 20  # the 20 edge frame cells of a full grid


def test_g3_2_sp_places_first_and_last():
    g = game(4, seed=11)
    sp = int(view(g).start_player)
    seats = [g.current_player]
    act(g, legal_actions(g)[0])
    while g.decision == L.D_MARKER:
        seats.append(g.current_player)
        act(g, legal_actions(g)[0])
    n = 4
    assert seats == [sp, (sp + 1) % n, (sp + 2) % n, (sp + 3) % n, sp]


def test_g3_3_marker_touches_the_previous_marker():
    g = game()
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    act(g, 2)  # (0,2)
    assert sorted(legal_actions(g)) == [1, 3, 6, 7, 8]


def test_g3_4_no_two_markers_on_a_tile():
    g = game()
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 0))
    act(g, 0)
    act(g, 1)
    assert 0 not in legal_actions(g)


def test_g3_5_no_free_neighbour_any_unoccupied_tile():
    g = game()
    st = view(g)
    for cell in (1, 5, 6):
        st.grid[cell] = -1  # (0,0) isolated
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 0))
    act(g, 0)
    legal = legal_actions(g)
    assert len(legal) == 21 and 0 not in legal


def test_g3_6_exactly_n_plus_1_markers():
    g = game(3, seed=2)
    act(g, legal_actions(g)[0])
    while g.decision == L.D_MARKER:
        act(g, legal_actions(g)[0])
    st = view(g)
    assert (st.cell_marker > 0).sum() == 3 and st.item_owner[1] == st.start_player


# --- G4 ---------------------------------------------------------------------------------------
def test_g4_1_items_in_marker_order():
    g = game(4, seed=12)
    act(g, legal_actions(g)[0])
    while g.decision == L.D_MARKER:
        act(g, legal_actions(g)[0])
    items = []
    while g.decision != L.D_TURN:
        m = int(view(g).auction_item)
        if not items or items[-1] != m:
            items.append(m)
        act(g, A.PASS if g.decision == L.D_BID else legal_actions(g)[0])
    assert items == [1, 2, 3, 4, 5]


def test_g4_2_bids_from_owners_left_above_high_within_ducats():
    g = game(4, seed=13)
    st = view(g)
    st.start_player = 0
    st.ducats[:4] = [10, 7, 10, 10]
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    for cell in (2, 3, 4, 9):
        act(g, cell)
    assert (g.decision, g.current_player) == (L.D_BID, 1)
    assert legal_actions(g) == [0, *range(1, 8)]
    act(g, 5)
    assert g.current_player == 2 and min(x for x in legal_actions(g) if x) == 6
    act(g, A.PASS)
    act(g, 6)
    assert g.decision == L.D_OWNER and g.current_player == 0


def test_g4_3_free_sell_or_buy():
    g = game(4, seed=14)
    st = view(g)
    st.start_player = 0
    st.ducats[:4] = [10, 10, 10, 10]
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    for cell in (2, 3, 4, 9):
        act(g, cell)
    # (b) the Flag: seat 1 bids 3, the owner sells
    act(g, 3)
    act(g, A.PASS)
    act(g, A.PASS)
    act(g, A.OWNER_SELL)
    assert list(st.ducats[:4]) == [13, 7, 10, 10] and st.start_player == 1
    # (c) item 2 (seat 1's): seat 2 bids 4; the owner buys for 3
    act(g, 4)
    act(g, A.PASS)
    act(g, A.PASS)
    act(g, A.OWNER_BUY)
    assert list(st.ducats[:4]) == [13, 4, 10, 10]
    # (a) item 3: nobody bids, the owner takes it free
    while g.decision == L.D_BID and st.auction_item == 3:
        act(g, A.PASS)
    assert st.ducats[2] == 10


def test_g4_4_item_resolved_before_the_next_auction():
    g = game(4, seed=1)
    st = view(g)
    t = tile(g, "A-CO")
    put_on_grid(g, t, 2)
    st.start_player = 0
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    for cell in (2, 3, 4, 9):
        act(g, cell)
    while st.auction_item < 3:
        act(g, A.PASS if g.decision == L.D_BID else A.OWNER_SELL)
    assert st.colonists[1] == 6 and st.tile_location[t] == L.LOC_USED


def test_g4_5_flag_kept_by_owner_gives_extra_card_a2():
    g = game(4, seed=15)
    sp = int(view(g).start_player)
    act(g, legal_actions(g)[0])
    while g.decision == L.D_MARKER:
        act(g, legal_actions(g)[0])
    while view(g).auction_item == 1:
        act(g, A.PASS)
    assert view(g).extra_actions[sp] == 1 and view(g).start_player == sp


def test_g4_6_a_player_may_win_several_items():
    g = game(4, seed=16)
    st = view(g)
    st.start_player = 0
    st.ducats[:4] = [5, 50, 0, 0]
    resume(g, L.ST_ROUND_START)
    act(g, A.flag_cell(-1, 2))
    for cell in (2, 3, 4, 9):
        act(g, cell)
    while g.decision != L.D_TURN:
        if g.decision == L.D_BID:
            act(g, min(a for a in legal_actions(g) if a) if g.current_player == 1 else A.PASS)
        elif g.decision == L.D_OWNER:
            act(g, A.OWNER_SELL)
        else:
            act(g, legal_actions(g)[0])
    owned = sum(1 for t in range(L.N_TILES) if st.tile_owner[t] == 1)
    assert owned >= 2


def test_g4_7_taken_tile_leaves_its_cell_empty():
    g = game(4, seed=17)
    _to_action_phase(g)
    st = view(g)
    assert (st.grid >= 0).sum() == 21 and (st.cell_marker == 0).all()


# --- G5 ---------------------------------------------------------------------------------------
def test_g5_1_tile_categories_and_counts():
    g = game()
    a = g.components.array
    kinds = [int(a[L.C_TILE_KIND + t]) for t in range(L.N_TILES)]
    assert sum(k == L.TK_PLANTATION for k in kinds[:29]) == 15
    assert sum(k == L.TK_PLANTATION for k in kinds[29:]) == 10
    assert kinds.count(L.TK_RED) == 5 and kinds.count(L.TK_MISSION) == 4
    assert kinds.count(L.TK_POLL_TAX) == 2 and kinds.count(L.TK_EXCHANGE) == 1


def test_g5_2_using_a_tile_is_not_an_action():
    g = game()
    t = tile(g, "A-RH")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    assert view(g).action_done == 0 and view(g).ships[RED] == 5
    assert A.turn(A.T_END, 0) not in legal_actions(g)


def test_g5_3_fifth_plantation_remove_one_a8_small_kept_face_down():
    g = game()
    st = view(g)
    start_turn(g, RED)
    names = ["A-P1-ginger", "A-P2-clove", "A-P2-pepper", "A-P2-nutmeg"]
    for name in names:
        give_tile(g, RED, tile(g, name))
    new = tile(g, "A-P1-clove")
    give_tile(g, RED, new)
    assert g.decision == L.D_REMOVE_PLANTATION and len(legal_actions(g)) == 5
    ginger = tile(g, "A-P1-ginger")
    space = int(np.nonzero(st.space_tile[RED] == ginger)[0][0])
    act(g, space)
    assert st.tile_location[ginger] == L.LOC_REMOVED_SMALL and st.spices[RED, space, CL] == 1
    assert st.space_tile[RED, space] == new
    # removing the new one instead
    give_tile(g, RED, tile(g, "A-P2-ginger"))
    act(g, A.REMOVE_NEW)
    assert st.tile_location[tile(g, "A-P2-ginger")] == L.LOC_USED


def test_g5_4_crop_rotation_one_spice_of_choice_scores_0_a7():
    g = game()
    st = view(g)
    start_turn(g, RED)
    cr = tile(g, "A-CR")
    give_tile(g, RED, cr)
    assert g.decision == L.D_GAIN_SPICE and len(legal_actions(g)) == 5
    act(g, A.slot(0, N))
    assert st.spices[RED, 0, N] == 1
    from vdgsim.games.goa.engine import scoring

    assert scoring.small_plantations(g.components.array, g.s, RED) == 0


@pytest.mark.parametrize(
    ("name", "field", "amount"),
    [("A-RD", "ducats", 3), ("A-RC", "colonists", 1), ("A-RH", "ships", 1)],
)
def test_g5_5_red_tiles_once_per_round(name, field, amount):
    g = game()
    t = tile(g, name)
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    before = int(getattr(view(g), field)[RED])
    act(g, A.turn(A.T_USE_TILE, t))
    assert getattr(view(g), field)[RED] == before + amount
    act(g, A.turn(A.T_TAXES, 0))
    assert A.turn(A.T_USE_TILE, t) not in legal_actions(g)


def test_g5_5_red_spice_needs_a_slot_red_expedition_draws():
    g = game()
    t = tile(g, "A-RS")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    assert A.turn(A.T_USE_TILE, t) not in legal_actions(g)
    store(g, RED, 4 + COCHIN, 1, ALL, {})
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    act(g, A.slot(4 + COCHIN, P))
    assert view(g).spices[RED, 4 + COCHIN, P] == 1
    e = tile(g, "B-RE")
    give_tile(g, RED, e)
    act(g, A.turn(A.T_USE_TILE, e))
    assert view(g).hand_size[RED] == 1


@pytest.mark.parametrize(
    ("name", "check"),
    [
        ("A-AA", lambda st: st.extra_actions[RED] == 2),
        ("A-CO", lambda st: st.colonists[RED] == 6),
        ("A-SE", lambda st: (st.ships[RED], st.extra_actions[RED], st.colonists[RED]) == (5, 1, 3)),
        ("A-EX", lambda st: st.hand_size[RED] == 2),
        ("B-EX", lambda st: st.hand_size[RED] == 3),
        ("A-SH", lambda st: st.ships[RED] == 8),
    ],
)
def test_g5_6_instant_tiles(name, check):
    g = game()
    start_turn(g, RED)
    t = tile(g, name)
    give_tile(g, RED, t)
    assert check(view(g)) and view(g).tile_location[t] == L.LOC_USED


def test_g5_6_ships_or_colonists_one_kind():
    g = game()
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "A-SC"))
    assert g.decision == L.D_SHIPS_OR_COLONISTS
    act(g, A.TAKE_COLONISTS)
    assert view(g).colonists[RED] == 5 and view(g).ships[RED] == 4


def test_g5_7_poll_tax_exactly_6_spices_scores_5():
    g = game()
    st = view(g)
    t = tile(g, "A-PT")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    store(g, RED, 4 + CALICUT, 2, ALL, {G: 2})
    store(g, RED, 4 + MADRAS, 2, ALL, {P: 2})
    store(g, RED, 4 + COCHIN, 1, ALL, {N: 1})
    start_turn(g, RED)
    assert A.turn(A.T_USE_TILE, t) not in legal_actions(g)  # 5 spices only
    store(g, RED, 4 + QUILON, 1, ALL, {CL: 1})
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    while g.decision == L.D_PAY_SPICE:
        act(g, legal_actions(g)[0])
    assert total_spices(g, RED) == 0 and st.tile_location[t] == L.LOC_POLL_TAX_USED


def test_g5_7_additional_harvest_fills_up_to_3_storage_tiles():
    g = game()
    st = view(g)
    start_turn(g, RED)
    for name in ("A-P2-clove", "A-P2-pepper", "A-P2-nutmeg", "A-P2-ginger"):
        give_tile(g, RED, tile(g, name))
    st.spices[RED, :4, :] = 0
    t = tile(g, "B-AH")
    give_tile(g, RED, t)
    act(g, A.turn(A.T_USE_TILE, t))
    for sp in (0, 1, 2):
        assert g.decision == L.D_AH_SPACE
        act(g, sp)
    assert g.decision == L.D_TURN and total_spices(g, RED) == 6


def test_g5_7_relief_reveals_2_and_gives_the_total():
    g = game()
    set_deck(g, [card(g, "X03"), card(g, "X02")])  # 3 + 2
    t = tile(g, "B-RL")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    assert g.decision == L.D_RELIEF
    act(g, A.TAKE_SHIPS)
    assert view(g).ships[RED] == 9 and view(g).revealed_count == 0


def test_g5_7_espionage_uses_the_other_players_level_a11():
    g = game()
    st = view(g)
    st.row[BLUE, TAXES] = 5
    t = tile(g, "B-ES")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    legal = legal_actions(g)
    assert all(A.espionage_target(a) != RED for a in legal)
    before = int(st.ducats[RED])
    act(g, A.espionage(BLUE, A.SPY_TAXES))
    assert st.ducats[RED] == before + 10 and st.action_done == 0


def test_g5_7_viceroy_advances_the_least_advanced_marker_a16():
    g = game()
    st = view(g)
    st.row[RED, :] = [2, 2, 1, 2, 2]
    t = tile(g, "B-VR")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    assert st.row[RED, TAXES] == 2 and st.extra_actions[RED] == 1  # G6.6 applies


def test_g5_8_gift_takes_one_tile_of_the_pool_a18():
    g = game()
    st = view(g)
    pool = [t for t in range(L.N_TILES) if st.tile_location[t] == L.LOC_ASIDE]
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "B-GI"))
    assert g.decision == L.D_GIFT and sorted(legal_actions(g)) == pool
    pick = pool[0]
    act(g, pick)
    while g.decision not in (L.D_TURN,):
        act(g, legal_actions(g)[0])
    assert st.tile_owner[pick] == RED and st.tile_location[pool[1]] == L.LOC_ASIDE


def test_g5_9_exchange_swaps_with_a_grid_tile():
    g = game()
    st = view(g)
    x = tile(g, "B-XC")
    give_tile(g, RED, x, then=L.ST_TURN_START)
    co = tile(g, "A-CO")
    put_on_grid(g, co, 7)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, x))
    assert g.decision == L.D_EXCHANGE
    act(g, 7)
    assert st.grid[7] == x and st.colonists[RED] == 6 and st.tile_owner[x] == -1
    assert g.decision == L.D_TURN and st.action_done == 0


def test_g5_10_plantation_manager_small_plantations_3_each():
    g = game()
    st = view(g)
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "A-P1-ginger"))
    give_tile(g, RED, tile(g, "A-P1-clove"))
    give_tile(g, RED, tile(g, "A-PM"))
    st.round = 8
    resume(g, L.ST_ROUND_END)
    assert result(g).vp_by_source[RED]["small plantations"] == 6


def test_g5_11_mission_scores_its_value():
    g = game()
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "B-MI3"))
    give_tile(g, RED, tile(g, "B-MI2"))
    view(g).round = 8
    resume(g, L.ST_ROUND_END)
    assert result(g).vp_by_source[RED]["missions"] == 5


# --- G6 ---------------------------------------------------------------------------------------
def test_g6_1_three_passes_from_the_sp():
    g = game(3, seed=21)
    _to_action_phase(g)
    sp = int(view(g).start_player)
    seats = []
    while view(g).extra_phase == 0 and g.decision == L.D_TURN:
        seats.append(g.current_player)
        act(g, A.turn(A.T_TAXES, 0))
        act(g, A.turn(A.T_END, 0))
    assert seats == [(sp + i) % 3 for i in range(3)] * 3


def test_g6_2_one_action_per_turn_end_only_after_it():
    g = game()
    start_turn(g, RED)
    assert A.turn(A.T_END, 0) not in legal_actions(g)
    act(g, A.turn(A.T_TAXES, 0))
    kinds = {A.turn_kind(a) for a in legal_actions(g)}
    assert A.T_END in kinds and not kinds & {A.T_TAXES, A.T_SHIPS, A.T_DEVELOP, A.T_COLONY}


def test_g6_3_develop_needs_payment_colony_needs_a_free_name():
    g = game()
    st = view(g)
    start_turn(g, RED)
    assert not any(A.turn_kind(a) == A.T_DEVELOP for a in legal_actions(g))
    store(g, RED, 4 + QUILON, 1, ALL, {G: 1})
    st.colony_tiles_left[st.colony_tiles_left > 0] = 0
    st.colony_tiles_left[5] = 1  # one Cochin left
    start_turn(g, RED)
    legal = legal_actions(g)
    assert A.develop(SHIPS, -1) in legal
    assert [a for a in legal if A.turn_kind(a) == A.T_COLONY] == [A.turn(A.T_COLONY, COCHIN)]
    assert {A.turn(k, 0) for k in (A.T_SHIPS, A.T_TAXES, A.T_EXPEDITION)} <= set(legal)


def test_g6_4_develop_pays_k_spices_and_k_ships():
    g = game()
    st = view(g)
    st.row[RED, COLONISTS] = 3
    store(g, RED, 4 + CALICUT, 2, ALL, {CL: 1, G: 1})
    store(g, RED, 4 + COCHIN, 1, ALL, {CI: 1})
    st.ships[RED] = 3
    start_turn(g, RED)
    act(g, A.develop(COLONISTS, -1))
    assert st.row[RED, COLONISTS] == 4 and st.ships[RED] == 0 and total_spices(g, RED) == 0


def test_g6_5_first_to_bonus_once_per_column_and_row():
    g = game()
    st = view(g)
    st.row[RED, TAXES] = 4
    st.row[BLUE, TAXES] = 3
    st.first_to[TAXES, 0] = BLUE
    store(g, RED, 4 + CALICUT, 2, ALL, {P: 1, N: 1})
    store(g, RED, 4 + MADRAS, 2, ALL, {CL: 1, G: 1})
    st.ships[RED] = 4
    start_turn(g, RED)
    act(g, A.develop(TAXES, -1))
    assert st.first_to[TAXES, 1] == RED and st.hand_size[RED] == 1


def test_g6_6_last_marker_bonus_at_most_4():
    g = game()
    st = view(g)
    st.row[RED, :] = [5, 5, 5, 5, 1]
    st.ducats[RED] = 100
    for k in ("X07", "X16", "X25"):
        give_card(g, RED, card(g, k))
    gained = 0
    for _ in range(3):
        before = int(st.extra_actions[RED])
        start_turn(g, RED)
        k = next(x for x in hand(g, RED))
        act(g, A.play(k, COLONISTS))
        gained += int(st.extra_actions[RED]) - before
    assert gained == 3 and st.row[RED, COLONISTS] == 4


def test_g6_6_last_marker_reaching_row_5_raises_the_lowest_row():
    """The last marker's move from row 4 to row 5 raises the lowest row (4 -> 5): one extra
    action card; the same move while another column is still on row 4 raises nothing."""
    for rows, expected in (([5, 5, 5, 5, 4], 1), ([5, 5, 5, 4, 4], 0)):
        g = game()
        st = view(g)
        st.row[RED, :] = rows
        st.ducats[RED] = 100
        give_card(g, RED, card(g, "X07"))
        before = int(st.extra_actions[RED])
        start_turn(g, RED)
        act(g, A.play(card(g, "X07"), COLONISTS))
        assert st.row[RED, COLONISTS] == 5
        assert int(st.extra_actions[RED]) - before == expected, rows


def test_g6_7_build_ships():
    g = game()
    view(g).row[RED, SHIPS] = 5
    start_turn(g, RED)
    act(g, A.turn(A.T_SHIPS, 0))
    assert view(g).ships[RED] == 9


def test_g6_8_harvest_into_suitable_slots_only():
    g = game()
    st = view(g)
    st.row[RED, HARVEST] = 5
    store(g, RED, 4 + QUILON, 1, (1 << G) | (1 << CI), {})
    start_turn(g, RED)
    act(g, A.harvest(-1))
    assert sorted(legal_actions(g)) == [A.slot(4, G), A.slot(4, CI)]
    act(g, A.slot(4, CI))
    assert g.decision == L.D_TURN and total_spices(g, RED) == 1


def test_g6_9_taxes():
    g = game()
    view(g).row[RED, TAXES] = 4
    start_turn(g, RED)
    before = int(view(g).ducats[RED])
    act(g, A.turn(A.T_TAXES, 0))
    assert view(g).ducats[RED] == before + 8


def test_g6_10_expedition_draw_limit_a31():
    g = game()
    view(g).row[RED, EXPEDITION] = 5
    start_turn(g, RED)
    act(g, A.turn(A.T_EXPEDITION, 0))
    for _ in range(3):
        assert g.decision == L.D_DRAW
        act(g, A.DRAW_ONE)
    assert g.decision == L.D_TURN and view(g).hand_size[RED] == 3


def test_g6_11_failed_colony_gives_one_colonist_cards_discarded_a5():
    g = game()
    st = view(g)
    set_deck(g, [card(g, "X01"), card(g, "X04")])  # 1 + 1
    st.colonists[RED] = 1
    start_turn(g, RED)
    discards = int(st.discard_size)
    act(g, A.turn(A.T_COLONY, CALICUT))
    assert st.colonists[RED] == 2 and st.discard_size == discards + 2
    assert st.space_tile[RED, 4 + CALICUT] < 0


def test_g6_11_decline_paying_the_shortfall_a9():
    g = game()
    st = view(g)
    set_deck(g, [card(g, "X03"), card(g, "X06")])  # 3 + 3
    st.colonists[RED] = 5
    start_turn(g, RED)
    act(g, A.turn(A.T_COLONY, MADRAS))
    act(g, A.DECLINE)
    assert st.colonists[RED] == 6 and st.space_tile[RED, 4 + MADRAS] < 0


def test_g6_11_colony_plus_card_reveals_a_third():
    g = game()
    st = view(g)
    set_deck(g, [card(g, "X03"), card(g, "X06"), card(g, "X09")])  # 3 + 3, then 3
    give_card(g, RED, card(g, "X12"))
    st.colonists[RED] = 0
    start_turn(g, RED)
    act(g, A.turn(A.T_COLONY, QUILON))
    assert g.decision == L.D_COLONY_PLUS
    act(g, A.NO_CARD)  # 3 + 3 >= 6: founded without the card, the Quilon tile is chosen
    assert g.decision == L.D_COLONY_TILE and st.hand_size[RED] == 1 and st.card_played == 0
    g = game()
    st = view(g)
    set_deck(g, [card(g, "X03"), card(g, "X06"), card(g, "X09")])
    give_card(g, RED, card(g, "X12"))
    st.colonists[RED] = 0
    start_turn(g, RED)
    act(g, A.turn(A.T_COLONY, COCHIN))
    act(g, card(g, "X12") + 1)  # 3 + 3 + 3 = 9 >= 8
    while g.decision == L.D_GAIN_SPICE:
        act(g, legal_actions(g)[0])
    assert st.space_tile[RED, 4 + COCHIN] >= 0 and st.card_played == 1


def test_g6_12_one_colony_per_name_tiles_finite():
    g = game()
    st = view(g)
    store(g, RED, 4 + COCHIN, 1, ALL, {})
    start_turn(g, RED)
    assert A.turn(A.T_COLONY, COCHIN) not in legal_actions(g)
    st.colony_tiles_left[:5] = 0
    start_turn(g, BLUE)
    assert A.turn(A.T_COLONY, QUILON) not in legal_actions(g)


def test_g6_13_spices_only_in_slots():
    g = game()
    st = view(g)
    st.row[RED, HARVEST] = 5
    start_turn(g, RED)
    act(g, A.harvest(-1))
    assert g.decision == L.D_TURN and total_spices(g, RED) == 0


# --- G7 ---------------------------------------------------------------------------------------
def test_g7_1_thirty_cards_six_symbols_five_each():
    a = game().components.array
    sym = a[L.C_CARD_SYMBOL : L.C_CARD_SYMBOL + 30]
    assert sorted(np.bincount(sym).tolist()) == [5] * 6
    assert set(a[L.C_CARD_COLONISTS : L.C_CARD_COLONISTS + 30].tolist()) == {1, 2, 3}


def test_g7_2_one_card_per_action_turn():
    g = game()
    give_card(g, RED, card(g, "X01"))
    give_card(g, RED, card(g, "X04"))
    start_turn(g, RED)
    act(g, A.play(card(g, "X01"), 0))
    assert not any(A.turn_kind(a) == A.T_PLAY for a in legal_actions(g))


def test_g7_3_modifier_only_with_its_action():
    g = game()
    give_card(g, RED, card(g, "X08"))  # harvest mix
    start_turn(g, RED)
    legal = legal_actions(g)
    assert A.harvest(card(g, "X08")) in legal
    assert not any(A.turn_kind(a) == A.T_PLAY for a in legal)


@pytest.mark.parametrize(
    ("name", "field", "amount"),
    [("X01", "ships", 2), ("X11", "colonists", 2), ("X04", "ducats", 5)],
)
def test_g7_4_benefit_cards(name, field, amount):
    g = game()
    give_card(g, RED, card(g, name))
    start_turn(g, RED)
    before = int(getattr(view(g), field)[RED])
    act(g, A.play(card(g, name), 0))
    assert getattr(view(g), field)[RED] == before + amount


def test_g7_4_sell_buy_progress_spices_and_harvest_mix():
    g = game()
    st = view(g)
    store(g, RED, 4 + CALICUT, 2, ALL, {G: 2})
    give_card(g, RED, card(g, "X06"))
    start_turn(g, RED)
    before = int(st.ducats[RED])
    act(g, A.play(card(g, "X06"), 0))
    act(g, A.slot(4 + CALICUT, G))
    act(g, A.SELL_STOP)
    assert st.ducats[RED] == before + 3 and total_spices(g, RED) == 1
    give_card(g, RED, card(g, "X07"))
    start_turn(g, RED)
    act(g, A.play(card(g, "X07"), TAXES))
    assert st.row[RED, TAXES] == 2 and st.ducats[RED] == before + 3 - 4
    give_card(g, RED, card(g, "X05"))
    start_turn(g, RED)
    act(g, A.play(card(g, "X05"), 0))
    act(g, A.slot(4 + CALICUT, P))
    assert total_spices(g, RED) == 2
    give_card(g, RED, card(g, "X08"))
    st.row[RED, HARVEST] = 3
    start_turn(g, RED)
    ships = int(st.ships[RED])
    act(g, A.harvest(card(g, "X08")))
    for _ in range(4):
        act(g, A.MIX_SHIP)
    assert st.ships[RED] == ships + 4


def test_g7_5_card_gained_in_the_turn_can_be_played():
    g = game()
    set_deck(g, [card(g, "X04")])
    t = tile(g, "B-RE")
    give_tile(g, RED, t, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, t))
    assert A.play(card(g, "X04"), 0) in legal_actions(g)


def test_g7_6_discard_only_in_own_turn():
    g = game()
    give_card(g, RED, card(g, "X04"))
    start_turn(g, BLUE)
    assert A.turn(A.T_DISCARD, card(g, "X04")) not in legal_actions(g)
    start_turn(g, RED)
    act(g, A.turn(A.T_DISCARD, card(g, "X04")))
    assert view(g).hand_size[RED] == 0


def test_g7_7_tiles_may_exceed_the_limit_a4():
    g = game()
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "B-EX"))
    assert view(g).hand_size[RED] == 3 and g.decision == L.D_TURN


def test_g7_8_empty_deck_reshuffles_discards_a22():
    g = game()
    st = view(g)
    for k in range(30):
        give_card(g, BLUE, k)
    for k in (0, 1):
        take = k
        from goa_scenario import take_card_out

        take_card_out(g, take)
        st.discard_pile[st.discard_size] = take
        st.discard_size += 1
        st.card_location[take] = L.CARD_DISCARD
    st.row[RED, EXPEDITION] = 5
    start_turn(g, RED)
    act(g, A.turn(A.T_EXPEDITION, 0))
    act(g, A.DRAW_ONE)
    act(g, A.DRAW_ONE)
    assert st.hand_size[RED] == 2 and st.deck_size == 0 and st.discard_size == 0
    assert g.decision == L.D_TURN  # nothing left to draw


# --- G8 ---------------------------------------------------------------------------------------
def test_g8_1_extra_phase_forced_play_and_pass():
    g = game()
    st = view(g)
    st.extra_actions[:4] = [0, 2, 1, 0]
    st.start_player = 0
    st.extra_phase = 1
    st.extra_passed[:] = 0
    st.extra_pointer = 0
    resume(g, L.ST_EXTRA_NEXT)
    assert (g.decision, g.current_player) == (L.D_TURN, 1)  # 2 cards: must play
    act(g, A.turn(A.T_TAXES, 0))
    act(g, A.turn(A.T_END, 0))
    assert (g.decision, g.current_player) == (L.D_EXTRA, 2)
    act(g, A.EXTRA_PASS)
    assert (g.decision, g.current_player) == (L.D_EXTRA, 1)
    act(g, A.EXTRA_PLAY)
    act(g, A.turn(A.T_TAXES, 0))
    act(g, A.turn(A.T_END, 0))
    assert g.decision == L.D_FLAG and list(st.extra_actions[:4]) == [0, 0, 1, 0]


def test_g8_2_extra_cards_gained_in_the_phase_can_be_played():
    g = game()
    st = view(g)
    st.extra_actions[:4] = [1, 0, 0, 0]
    st.start_player = 0
    st.extra_phase = 1
    st.extra_passed[:] = 0
    st.extra_pointer = 0
    resume(g, L.ST_EXTRA_NEXT)
    act(g, A.EXTRA_PLAY)
    give_tile(g, 0, tile(g, "A-AA"))
    act(g, A.turn(A.T_TAXES, 0))
    act(g, A.turn(A.T_END, 0))
    assert g.decision == L.D_TURN and g.current_player == 0  # 2 cards: must play again


def test_g8_3_flag_holder_starts_the_next_round():
    g = _random_game(4, 23, until=lambda g: view(g).round == 2)
    assert g.decision == L.D_FLAG and g.current_player == view(g).start_player


def test_g8_4_scoring_most_ducats_all_tied_a21():
    g = game(3, seed=4)
    st = view(g)
    st.ducats[:3] = [0, 0, 0]
    st.round = 8
    resume(g, L.ST_ROUND_END)
    assert [r["most ducats"] for r in result(g).vp_by_source] == [3, 3, 3]


def test_g8_5_ties_broken_by_ducats_then_shared_a20():
    g = game(3, seed=4)
    st = view(g)
    st.ducats[:3] = [7, 7, 5]
    st.round = 8
    resume(g, L.ST_ROUND_END)
    r = result(g)
    assert r.vp == (3, 3, 0) and r.rank == (1, 1, 3) and r.win_share == (0.5, 0.5, 0.0)


def test_g8_5_more_ducats_wins_a_vp_tie_in_either_seat():
    """Equal VP: the seat with more ducats ranks first, whichever seat it is; fewer VP rank
    below both whatever its ducats."""
    from vdgsim.games.goa.engine import scoring as SC

    for ducats, winner, second in (([3, 5, 9], 1, 0), ([5, 3, 9], 0, 1)):
        g = game(3, seed=4)
        st = view(g)
        st.vp[:3] = [10, 10, 8]
        st.ducats[:3] = ducats
        rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
        share = np.zeros(L.MAX_PLAYERS)
        SC.ranks_and_shares(g.s, rank, share)
        assert rank[winner] == 1 and rank[second] == 2 and rank[2] == 3, ducats
        assert share[winner] == 1.0 and share[second] == 0.0 and share[2] == 0.0


# --- G9 ---------------------------------------------------------------------------------------
def test_g9_1_quick_start_two_markers_no_bonus():
    g = game(4, seed=3, quick_start=True)
    st = view(g)
    sp = int(st.start_player)
    act(g, A.quick_markers(SHIPS, TAXES))
    assert st.row[sp, SHIPS] == 2 and st.row[sp, TAXES] == 2 and st.extra_actions[sp] == 0
    p2 = g.current_player
    before = int(st.ducats[p2])
    act(g, A.QUICK_DUCATS)
    assert st.ducats[p2] == before + 10
    while g.decision == L.D_QUICK:
        act(g, A.QUICK_DUCATS)
    assert g.decision == L.D_FLAG


def test_g9_2_bonanza_under_corners_taken_with_the_corner_tile():
    g = game(4, seed=3, bonanza=True)
    st = view(g)
    under = [int(b) for b in st.bonanza_under]
    assert len(set(under)) == 4 and all(0 <= b < 8 for b in under)
    st.bonanza_under[0] = 0  # BZ1: 2 ships
    put_on_grid(g, tile(g, "A-CO"), 0)
    x = tile(g, "B-XC")
    give_tile(g, RED, x, then=L.ST_TURN_START)
    start_turn(g, RED)
    act(g, A.turn(A.T_USE_TILE, x))
    act(g, 0)  # the corner (0,0) by Exchange: its Bonanza tile comes along (A12)
    assert st.bonanza_under[0] == -1 and st.ships[RED] == 6 and st.colonists[RED] == 6
    assert st.grid[0] == x  # the Exchange tile in the corner carries no Bonanza tile


def test_g9_3_strict_hand_limit_discards_at_once():
    g = game(4, seed=3, strict_hand_limit=True)
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "A-EX"))
    assert g.decision == L.D_DISCARD_DOWN and g.current_player == RED
    act(g, legal_actions(g)[0])
    assert view(g).hand_size[RED] == 1 and g.decision == L.D_TURN


def test_g9_4_seeded_randomness_same_game():
    a = _random_game(4, 31)
    b = _random_game(4, 31)
    assert (a.s == b.s).all()
    mid = _random_game(4, 31, until=lambda g: view(g).round == 3)
    c = clone(mid)
    rnd = np.random.default_rng(99)
    for g in (mid, c):
        r = np.random.default_rng(99)
        while not is_over(g):
            legal = legal_actions(g)
            apply_action(g, legal[int(r.integers(len(legal)))])
    assert (mid.s == c.s).all()
    del rnd


def test_g9_5_observation_hides_hidden_information():
    # the full check is tests/goa/test_goa_observation.py; here: the deck order is not in it
    from vdgsim.games.goa.observation import observation

    g = _random_game(4, 33, until=lambda g: view(g).round == 6)
    obs = observation(g, 0)
    assert "deck" not in obs and obs["deck_size"] == view(g).deck_size


def test_g9_6_composite_choices_are_sub_decisions():
    seen = set()

    def watch(g):
        seen.add(g.decision)
        return False

    for seed in range(6):
        _random_game(4, seed, until=watch)
    assert {L.D_FLAG, L.D_MARKER, L.D_BID, L.D_TURN, L.D_GAIN_SPICE, L.D_DRAW} <= seen


def test_g9_7_illegal_action_refused_state_unchanged():
    from vdgsim.games.goa.game import IllegalActionError

    g = game()
    before = g.s.copy()
    with pytest.raises(IllegalActionError):
        apply_action(g, 10_000)
    assert (g.s == before).all()


def test_g9_8_no_seat_wins_ties_by_seat_number():
    g = game(4, seed=4)
    st = view(g)
    st.ducats[:4] = [3, 3, 3, 3]
    st.round = 8
    resume(g, L.ST_ROUND_END)
    assert result(g).win_share == (0.25, 0.25, 0.25, 0.25)


def test_g9_9_second_edition_data_not_first():
    g = game()
    a = g.components.array
    assert int(a[L.C_START_DUCATS_SP]) == 5
    assert int(a[L.C_TILE_GAIN + 6 * tile(g, "A-RD") + 2]) == 3
    assert int(a[L.C_TILE_VP + tile(g, "A-PT")]) == 5
    assert "A-CR" in g.components.tile_names and "B-VR" in g.components.tile_names


def test_sample_seats_constants():
    assert (YELLOW, RED, GREEN, BLUE) == (0, 1, 2, 3)


def test_g7_8_a22_colony_with_deck_and_discard_empty_counts_nothing_revealed():
    g = game()
    st = view(g)
    for k in range(30):
        give_card(g, BLUE, k)
    st.colonists[RED] = 6
    start_turn(g, RED)
    act(g, A.turn(A.T_COLONY, QUILON))
    assert g.decision == L.D_COLONY_PAY and st.revealed_count == 0  # shortfall 6 - 0 - 0
    act(g, A.PAY)
    assert st.colonists[RED] == 0


def test_g4_3_a30_an_item_nobody_bid_on_is_taken_without_asking():
    g = game(3, seed=5)
    act(g, legal_actions(g)[0])
    while g.decision == L.D_MARKER:
        act(g, legal_actions(g)[0])
    asked = []
    while g.decision != L.D_TURN:
        asked.append(g.decision)
        act(g, A.PASS if g.decision == L.D_BID else legal_actions(g)[0])
    assert L.D_OWNER not in asked


def test_g1_2_a6_optional_cap_on_extra_action_cards():
    from vdgsim.games.goa.game import Options, new_game

    g = game(4, seed=3)
    st = view(g)
    st.extra_actions[BLUE] = 9
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "A-AA"))
    assert st.extra_actions[BLUE] + st.extra_actions[RED] == 11  # unlimited by default (A6)
    g = new_game(4, 3, options=Options(extra_action_cap=10))
    st = view(g)
    st.extra_actions[BLUE] = 7
    start_turn(g, RED)
    give_tile(g, RED, tile(g, "A-AA"))
    give_tile(g, RED, tile(g, "A-SE"))
    assert st.extra_actions[RED] == 3  # 2 + 1: the supply of 10 is now empty
    give_tile(g, RED, tile(g, "B-AA"))
    assert st.extra_actions[RED] == 3 and st.colonists[RED] == 3
