"""Goa: the rulebook's worked examples (RULES EX1-EX37), each rebuilt number by number.

EX14-EX30 are the rulebook's sample round, played once (:func:`sample_round`) with a snapshot
after every step; each example's test checks its own step.
"""

from __future__ import annotations

import functools

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
    ctype,
    game,
    give_card,
    put_on_grid,
    resume,
    set_deck,
    start_turn,
    store,
    tile,
    view,
)

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import legal_actions, result

ALL = (1 << 5) - 1


def _snap(g):
    st = view(g)
    return {
        "ducats": st.ducats.copy(),
        "ships": st.ships.copy(),
        "colonists": st.colonists.copy(),
        "extra": st.extra_actions.copy(),
        "row": st.row.copy(),
        "spices": st.spices.copy(),
        "space_tile": st.space_tile.copy(),
        "hand": st.hand_size.copy(),
        "sp": int(st.start_player),
        "decision": g.decision,
        "player": g.current_player,
        "first_to": st.first_to.copy(),
    }


def _pass_bids(g):
    while g.decision == L.D_BID:
        act(g, A.PASS)


@functools.cache
def sample_round():
    """The rulebook's sample round (round 1, 4 players), with a snapshot after each step."""
    g = game(4, seed=3)
    st = view(g)
    snaps = {}
    st.start_player = YELLOW
    st.ducats[:4] = [5, 10, 10, 10]
    # the grid: Colonists instant (0,1), ginger 1-slot (0,0), red Colonist (1,0), clove 2-slot (2,0)
    put_on_grid(g, tile(g, "A-CO"), 1)
    put_on_grid(g, tile(g, "A-P1-ginger"), 0)
    put_on_grid(g, tile(g, "A-RC"), 5)
    put_on_grid(g, tile(g, "A-P2-clove"), 10)
    # the deck in the order the round uses it (reveals 1+1, 2+3, Green's draw, 3+3, 3+3, Red's draw)
    set_deck(
        g,
        [
            card(g, x)
            for x in ("X04", "X15", "X13", "X22", "X18", "X11", "X14", "X06", "X25", "X01")
        ],
    )
    resume(g, L.ST_ROUND_START)
    snaps["EX1"] = _snap(g)
    # EX14: Flag on the frame cell (-1, 2), markers 2..5
    assert g.current_player == YELLOW and g.decision == L.D_FLAG
    act(g, A.flag_cell(-1, 2))
    snaps["flag_legal_marker2"] = legal_actions(g)
    act(g, 1)  # Red, marker 2 on (0,1): corner contact with the Flag's cell
    act(g, 0)  # Green, marker 3 on (0,0)
    act(g, 5)  # Blue, marker 4 on (1,0)
    act(g, 10)  # Yellow, marker 5 on (2,0)
    snaps["EX14"] = (view(g).item_owner.copy(), view(g).item_cell.copy())
    # EX15: the Flag
    assert g.current_player == RED
    act(g, 4)
    assert g.current_player == GREEN
    act(g, A.PASS)
    assert g.current_player == BLUE
    act(g, 6)
    assert g.current_player == YELLOW and g.decision == L.D_OWNER
    act(g, A.OWNER_SELL)
    snaps["EX15"] = _snap(g)
    # EX16: the four tiles, each taken free by its owner
    for _ in range(4):
        _pass_bids(g)
    snaps["EX16"] = _snap(g)
    # EX17/EX18: pass 1, Blue
    snaps["EX17"] = g.current_player
    act(g, A.turn(A.T_USE_TILE, tile(g, "A-RC")))
    snaps["EX18_tile"] = _snap(g)
    act(g, A.turn(A.T_COLONY, QUILON))
    snaps["EX18"] = _snap(g)
    snaps["EX18_legal_after"] = legal_actions(g)
    act(g, A.turn(A.T_END, 0))
    # EX19: Yellow develops Colonists 1 -> 2
    act(g, A.develop(COLONISTS, -1))
    snaps["EX19"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX20: Red founds Cochin paying 3 colonists, cinnamon in its slot
    act(g, A.turn(A.T_COLONY, COCHIN))
    assert g.decision == L.D_COLONY_PAY
    act(g, A.PAY)
    assert g.decision == L.D_GAIN_SPICE
    act(g, A.slot(4 + COCHIN, CI))
    snaps["EX20"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX21: Green's Expedition draws 1
    act(g, A.turn(A.T_EXPEDITION, 0))
    assert g.decision == L.D_DRAW
    act(g, A.DRAW_ONE)
    snaps["EX21"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX22: pass 2, Blue founds Quilon with the pepper/nutmeg tile and 1 nutmeg
    snaps["pass2_first"] = g.current_player
    act(g, A.turn(A.T_COLONY, QUILON))
    act(g, ctype(g, QUILON, (P, N)))
    act(g, A.slot(4 + QUILON, N))
    snaps["EX22"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX23: Yellow founds Quilon with the ginger/cinnamon tile and 1 ginger
    act(g, A.turn(A.T_COLONY, QUILON))
    act(g, ctype(g, QUILON, (G, CI)))
    act(g, A.slot(4 + QUILON, G))
    snaps["EX23"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX24: Red's Expedition draws 1
    act(g, A.turn(A.T_EXPEDITION, 0))
    act(g, A.DRAW_ONE)
    snaps["EX24"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX25: Green develops Ships 1 -> 2
    act(g, A.develop(SHIPS, -1))
    snaps["EX25"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX26: pass 3, Blue Taxes
    act(g, A.turn(A.T_TAXES, 0))
    snaps["EX26"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX27: Yellow develops Colonists 2 -> 3
    act(g, A.develop(COLONISTS, -1))
    snaps["EX27"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX28: Red develops Harvest 1 -> 2 and plays "take 2 ships"
    act(g, A.develop(HARVEST, -1))
    snaps["EX28_develop"] = _snap(g)
    act(g, A.play(card(g, "X01"), 0))
    snaps["EX28"] = _snap(g)
    snaps["EX28_legal_after"] = legal_actions(g)
    act(g, A.turn(A.T_END, 0))
    # EX29: Green develops Ships 2 -> 3 with the ships-only card
    snaps["EX29_legal"] = legal_actions(g)
    act(g, A.develop(SHIPS, card(g, "X18")))
    snaps["EX29"] = _snap(g)
    act(g, A.turn(A.T_END, 0))
    # EX30: the extra-action phase: Blue passes and keeps his card
    snaps["EX30_decision"] = (g.decision, g.current_player)
    act(g, A.EXTRA_PASS)
    snaps["EX30"] = _snap(g)
    snaps["EX30_round"] = int(view(g).round)
    return g, snaps


def test_ex1_start_markers_ships_colonists_ducats():
    _, snaps = sample_round()
    s = snaps["EX1"]
    assert list(s["ducats"]) == [5, 10, 10, 10]
    assert list(s["ships"]) == [4, 4, 4, 4] and list(s["colonists"]) == [2, 2, 2, 2]
    for players, markers in ((2, 3), (3, 4), (4, 5)):
        g = game(players, seed=5)
        st = view(g)
        sp = int(st.start_player)
        assert sum(st.ducats) == 5 + 10 * (players - 1) and st.ducats[sp] == 5
        act(g, legal_actions(g)[0])
        placed = 1
        while g.decision == L.D_MARKER:
            act(g, legal_actions(g)[0])
            placed += 1
        assert placed == markers  # the Flag's marker 1 and markers 2..N+1


def test_ex2_ships_and_colonists_are_counts():
    g = game()
    f = {x.name: x for x in L.STATE_FIELDS}
    assert f["ships"].shape == (L.MAX_PLAYERS,) and f["colonists"].shape == (L.MAX_PLAYERS,)
    st = view(g)
    st.ships[0] = 3
    st.ships[0] += 3
    assert st.ships[0] == 6


def _auction_position(g, owner_high_bid):
    """Item 2 owned by seat 1; seat 2 has bid ``owner_high_bid``; the owner decides."""
    st = view(g)
    st.auction_item = 2
    st.item_owner[2] = 1
    st.item_cell[2] = 12
    st.auction_high_bid = owner_high_bid
    st.auction_high_bidder = 2
    st.auction_speaker = st.players - 1
    resume(g, L.ST_AUCTION_OWNER)


def test_ex3_owner_buys_for_highest_bid_minus_one():
    g = game(4, seed=2)
    st = view(g)
    st.ducats[:4] = [10, 10, 10, 10]
    t = int(st.grid[12])
    _auction_position(g, 5)
    assert g.decision == L.D_OWNER and g.current_player == 1
    act(g, A.OWNER_BUY)
    assert list(st.ducats[:4]) == [10, 6, 10, 10]  # 4 to the bank, nothing to the bidder
    assert st.tile_owner[t] == 1 or st.tile_location[t] != L.LOC_GRID


def _turn_with(g, p, rows=None, ships=10, spaces=()):
    st = view(g)
    if rows:
        st.row[p, :] = rows
    st.ships[p] = ships
    for space, slots, mask, sp in spaces:
        store(g, p, space, slots, mask, sp)
    start_turn(g, p)


def test_ex4_taxes_2_to_3_returns_pepper_nutmeg_two_ships():
    g = game()
    _turn_with(
        g,
        RED,
        rows=[1, 1, 2, 1, 1],
        ships=4,
        spaces=[(4 + COCHIN, 1, ALL, {P: 1}), (4 + CALICUT, 2, ALL, {N: 1})],
    )
    act(g, A.develop(TAXES, -1))
    st = view(g)
    assert st.row[RED, TAXES] == 3 and st.ships[RED] == 2
    assert st.spices[RED].sum() == 0


def test_ex5_first_to_row_4_and_row_5_draw_one_card():
    g = game()
    st = view(g)
    st.row[RED, SHIPS] = 3
    _turn_with(
        g,
        RED,
        ships=10,
        spaces=[(4 + CALICUT, 2, ALL, {G: 1, CI: 1}), (4 + COCHIN, 1, ALL, {P: 1})],
    )
    act(g, A.develop(SHIPS, -1))
    assert st.hand_size[RED] == 1 and st.first_to[SHIPS, 0] == RED
    st.row[BLUE, HARVEST] = 4
    _turn_with(
        g,
        BLUE,
        ships=10,
        spaces=[(4 + CALICUT, 2, ALL, {CI: 1, P: 1}), (4 + MADRAS, 2, ALL, {N: 1, CL: 1})],
    )
    act(g, A.develop(HARVEST, -1))
    assert st.hand_size[BLUE] == 1 and st.first_to[HARVEST, 1] == BLUE
    # later arrivals draw nothing
    st.row[GREEN, SHIPS] = 3
    st.row[GREEN, HARVEST] = 4
    _turn_with(
        g,
        GREEN,
        ships=20,
        spaces=[(4 + CALICUT, 2, ALL, {G: 1, CI: 1}), (4 + COCHIN, 1, ALL, {P: 1})],
    )
    act(g, A.develop(SHIPS, -1))
    assert st.hand_size[GREEN] == 0


def test_ex6_last_marker_leaves_row_1_extra_action_card():
    g = game()
    st = view(g)
    _turn_with(g, RED, rows=[2, 1, 2, 2, 2], ships=4, spaces=[(4 + COCHIN, 1, ALL, {CI: 1})])
    before = int(st.extra_actions[RED])
    act(g, A.develop(HARVEST, -1))
    assert st.extra_actions[RED] == before + 1


def test_ex7_build_ships_row_2_gives_2():
    g = game()
    _turn_with(g, RED, rows=[2, 1, 1, 1, 1], ships=0)
    act(g, A.turn(A.T_SHIPS, 0))
    assert view(g).ships[RED] == 2


def test_ex8_harvest_4_with_3_slots_takes_3():
    g = game()
    st = view(g)
    _turn_with(g, RED, rows=[1, 3, 1, 1, 1])
    plant = tile(g, "A-P2-clove")
    from goa_scenario import give_tile

    give_tile(g, RED, plant)
    give_tile(g, RED, tile(g, "A-P1-ginger"))
    sp_clove = int(np.nonzero(st.space_tile[RED] == plant)[0][0])
    st.spices[RED, sp_clove, CL] = 0  # 2 empty clove slots + 1 empty ginger slot
    sp_ginger = int(np.nonzero(st.space_tile[RED] == tile(g, "A-P1-ginger"))[0][0])
    st.spices[RED, sp_ginger, G] = 0
    act(g, A.harvest(-1))
    while g.decision == L.D_GAIN_SPICE:
        act(g, legal_actions(g)[0])
    assert st.spices[RED].sum() == 3


def test_ex9_taxes_picture_value_6():
    g = game()
    _turn_with(g, RED, rows=[1, 1, 3, 1, 1])
    before = int(view(g).ducats[RED])
    act(g, A.turn(A.T_TAXES, 0))
    assert view(g).ducats[RED] == before + 6


def _expedition_turn(g, p, row, cards):
    st = view(g)
    st.row[p, EXPEDITION] = row
    for k in cards:
        give_card(g, p, k)
    start_turn(g, p)


def test_ex10_row_4_one_card_draws_2_keeps_3():
    g = game()
    _expedition_turn(g, RED, 4, [0])
    act(g, A.turn(A.T_EXPEDITION, 0))
    act(g, A.DRAW_ONE)
    act(g, A.DRAW_ONE)
    assert view(g).hand_size[RED] == 3 and g.decision == L.D_TURN


def test_ex11_row_4_three_cards_draws_1_or_discards_then_2():
    g = game()
    _expedition_turn(g, RED, 4, [0, 1, 2])
    act(g, A.turn(A.T_EXPEDITION, 0))
    act(g, A.DRAW_ONE)
    assert g.decision == L.D_TURN and view(g).hand_size[RED] == 4
    g = game()
    _expedition_turn(g, RED, 4, [0, 1, 2])
    act(g, A.turn(A.T_DISCARD, 0))
    act(g, A.turn(A.T_EXPEDITION, 0))
    act(g, A.DRAW_ONE)
    act(g, A.DRAW_ONE)
    assert g.decision == L.D_TURN and view(g).hand_size[RED] == 4


def test_ex12_madras_population_4_cards_1_3_pays_2():
    g = game()
    st = view(g)
    st.row[RED, COLONISTS] = 3
    st.colonists[RED] = 5
    set_deck(g, [card(g, "X01"), card(g, "X03")])  # colonists 1 and 3
    start_turn(g, RED)
    act(g, A.turn(A.T_COLONY, MADRAS))
    assert g.decision == L.D_COLONY_PAY
    act(g, A.PAY)
    act(g, ctype(g, MADRAS, (P, N)))
    while g.decision == L.D_GAIN_SPICE:
        act(g, legal_actions(g)[0])
    assert st.colonists[RED] == 3 and st.space_tile[RED, 4 + MADRAS] >= 0
    assert st.discard_size >= 2 and st.revealed_count == 0


def test_ex13_final_score_42():
    g = game(4, seed=9)
    st = view(g)
    st.row[RED, :] = [4, 5, 3, 4, 4]
    st.space_tile[:, :] = -1
    store(g, RED, 4 + QUILON, 1, 1 << G, {})
    store(g, RED, 4 + COCHIN, 1, ALL, {})
    for k in range(L.N_CARDS):
        if st.card_location[k] < L.MAX_PLAYERS and st.card_location[k] >= 0:
            give_card(g, 3, k)
    give_card(g, RED, card(g, "X01"))  # elephant
    give_card(g, RED, card(g, "X16"))  # palm
    give_card(g, RED, card(g, "X17"))  # palm
    st.ducats[:4] = [5, 30, 10, 10]
    small = tile(g, "A-P1-pepper")
    st.tile_owner[small] = RED
    st.tile_location[small] = L.LOC_REMOVED_SMALL
    st.round = L.N_ROUNDS
    resume(g, L.ST_ROUND_END)
    r = result(g)
    assert r.vp_by_source[RED] == {
        "development": 31,
        "colonies": 3,
        "expedition cards": 4,
        "most ducats": 3,
        "small plantations": 1,
        "poll tax": 0,
        "missions": 0,
    }
    assert r.vp[RED] == 42


def test_ex14_flag_on_frame_marker_2_corner_contact():
    _g, snaps = sample_round()
    assert 1 in snaps["flag_legal_marker2"]  # (0,1): corner contact with (-1,2)
    owners, cells = snaps["EX14"]
    assert list(owners[1:6]) == [YELLOW, RED, GREEN, BLUE, YELLOW]
    assert list(cells[2:6]) == [1, 0, 5, 10]


def test_ex15_flag_auction_blue_pays_yellow_6():
    _, snaps = sample_round()
    s = snaps["EX15"]
    assert list(s["ducats"]) == [11, 10, 10, 4]
    assert s["sp"] == BLUE and list(s["extra"]) == [0, 0, 0, 1]


def test_ex16_tiles_taken_and_resolved():
    g, snaps = sample_round()
    s = snaps["EX16"]
    assert s["colonists"][RED] == 6  # 2 + 4, the instant tile discarded
    clove = tile(g, "A-P2-clove")
    ginger = tile(g, "A-P1-ginger")
    assert clove in list(s["space_tile"][YELLOW]) and ginger in list(s["space_tile"][GREEN])
    assert s["spices"][YELLOW].sum() == 2 and s["spices"][GREEN].sum() == 1
    assert view(g).tile_owner[tile(g, "A-RC")] == BLUE


def test_ex17_action_order_blue_yellow_red_green():
    _, snaps = sample_round()
    assert snaps["EX17"] == BLUE and snaps["pass2_first"] == BLUE


def test_ex18_blue_red_colonist_then_failed_quilon():
    g, snaps = sample_round()
    assert snaps["EX18_tile"]["colonists"][BLUE] == 3
    assert snaps["EX18"]["colonists"][BLUE] == 4
    assert snaps["EX18"]["space_tile"][BLUE, 4 + QUILON] < 0
    assert A.turn(A.T_USE_TILE, tile(g, "A-RC")) not in snaps["EX18_legal_after"]


def test_ex19_yellow_develops_colonists():
    _, s = sample_round()
    s = s["EX19"]
    assert s["row"][YELLOW, COLONISTS] == 2 and s["ships"][YELLOW] == 3
    assert s["spices"][YELLOW].sum() == 1


def test_ex20_red_founds_cochin_paying_3():
    _, s = sample_round()
    s = s["EX20"]
    assert s["colonists"][RED] == 3
    assert s["space_tile"][RED, 4 + COCHIN] >= 0 and s["spices"][RED, 4 + COCHIN, CI] == 1


def test_ex21_green_expedition_row_1_draws_1():
    _, s = sample_round()
    assert s["EX21"]["hand"][GREEN] == 1


def test_ex22_blue_founds_quilon_pepper_nutmeg():
    g, s = sample_round()
    s = s["EX22"]
    assert s["space_tile"][BLUE, 4 + QUILON] == ctype(g, QUILON, (P, N))
    assert s["spices"][BLUE, 4 + QUILON, N] == 1


def test_ex23_yellow_founds_quilon_ginger_cinnamon():
    g, s = sample_round()
    s = s["EX23"]
    assert s["space_tile"][YELLOW, 4 + QUILON] == ctype(g, QUILON, (G, CI))
    assert s["spices"][YELLOW, 4 + QUILON, G] == 1


def test_ex24_red_expedition_draws_1():
    _, s = sample_round()
    assert s["EX24"]["hand"][RED] == 1


def test_ex25_green_develops_ships():
    _, s = sample_round()
    s = s["EX25"]
    assert s["row"][GREEN, SHIPS] == 2 and s["ships"][GREEN] == 3
    assert s["spices"][GREEN].sum() == 0


def test_ex26_blue_taxes_4():
    _, s = sample_round()
    assert s["EX26"]["ducats"][BLUE] == s["EX25"]["ducats"][BLUE] + 4


def test_ex27_yellow_colonists_2_to_3():
    _, s = sample_round()
    s = s["EX27"]
    assert s["row"][YELLOW, COLONISTS] == 3 and s["ships"][YELLOW] == 1
    assert s["spices"][YELLOW].sum() == 0


def test_ex28_red_harvest_then_card_two_ships():
    _, s = sample_round()
    assert s["EX28_develop"]["ships"][RED] == 3 and s["EX28_develop"]["row"][RED, HARVEST] == 2
    assert s["EX28"]["ships"][RED] == 5 and s["EX28"]["hand"][RED] == 0
    assert not any(A.turn_kind(a) == A.T_PLAY for a in s["EX28_legal_after"])


def test_ex29_green_ships_only_card():
    _g, s = sample_round()
    assert A.develop(SHIPS, -1) not in s["EX29_legal"]  # no ginger, no cinnamon
    s = s["EX29"]
    assert s["row"][GREEN, SHIPS] == 3 and s["ships"][GREEN] == 1 and s["hand"][GREEN] == 0


def test_ex30_extra_action_phase_and_state_after_the_round():
    _g, s = sample_round()
    assert s["EX30_decision"] == (L.D_EXTRA, BLUE)
    e = s["EX30"]
    assert s["EX30_round"] == 2 and e["decision"] == L.D_FLAG and e["player"] == BLUE
    assert list(e["ships"]) == [1, 5, 1, 4] and e["colonists"][RED] == 3
    assert e["extra"][BLUE] == 1
    rows = np.ones((4, 5), dtype=np.int64)
    rows[YELLOW, COLONISTS] = 3
    rows[RED, HARVEST] = 2
    rows[GREEN, SHIPS] = 3
    assert (e["row"][:4] == rows).all()
    assert (e["first_to"] == -1).all()
    assert e["spices"][BLUE, 4 + QUILON, N] == 1 and e["spices"][YELLOW].sum() == 0
    assert e["spices"][RED].sum() == 0 and e["spices"][GREEN].sum() == 0
    assert list(e["hand"]) == [0, 0, 0, 0]
    assert e["ducats"][BLUE] == s["EX16"]["ducats"][BLUE] + 4


def test_ex31_flag_cells_and_marker_2():
    g = game()
    st = view(g)
    resume(g, L.ST_ROUND_START)
    legal = legal_actions(g)
    assert A.flag_cell(-1, 2) in legal and A.flag_cell(-1, -1) not in legal
    act(g, A.flag_cell(-1, 2))
    assert sorted(legal_actions(g)) == [1, 2, 3]
    g = game()
    st = view(g)
    st.grid[2] = -1  # (0,2) empty: (-1, 2) is no flag cell any more
    st.grid[12] = -1  # (2,2) empty, its neighbours hold tiles
    resume(g, L.ST_ROUND_START)
    legal = legal_actions(g)
    assert A.flag_cell(-1, 2) not in legal and A.flag_cell(2, 2) in legal


def test_ex32_two_players_speaking_order():
    g = game(2, seed=4)
    st = view(g)
    st.start_player = 0
    resume(g, L.ST_ROUND_START)
    assert g.current_player == 0
    act(g, legal_actions(g)[0])
    assert g.current_player == 1
    act(g, legal_actions(g)[0])
    assert g.current_player == 0
    act(g, legal_actions(g)[0])
    st.ducats[:2] = [10, 10]
    assert (g.decision, g.current_player) == (L.D_BID, 1)  # Flag: seat 1 bids, seat 0 decides
    act(g, A.PASS)
    assert (g.decision, g.current_player) == (L.D_BID, 0)  # tile 2 (seat 1's): seat 0 bids
    act(g, 1)
    assert (g.decision, g.current_player) == (L.D_OWNER, 1)
    act(g, A.OWNER_SELL)
    while g.decision != L.D_BID:
        act(g, legal_actions(g)[0])
    assert g.current_player == 1  # tile 3 (seat 0's): seat 1 bids


def test_ex33_three_extra_cards_must_play_down_to_one():
    g = game()
    st = view(g)
    st.extra_actions[:4] = [3, 0, 0, 0]
    st.start_player = 0
    st.extra_phase = 1
    st.extra_passed[:] = 0
    st.extra_pointer = 0
    resume(g, L.ST_EXTRA_NEXT)
    turns = 0
    while g.decision == L.D_TURN:
        turns += 1
        act(g, A.turn(A.T_TAXES, 0))
        act(g, A.turn(A.T_END, 0))
    assert turns == 2 and st.extra_actions[0] == 1
    assert g.decision == L.D_EXTRA and g.current_player == 0
    act(g, A.EXTRA_PASS)
    assert st.extra_actions[0] == 1 and g.decision == L.D_FLAG


def test_ex34_row_2_four_cards_draws_nothing_discards_to_2():
    g = game()
    _expedition_turn(g, RED, 2, [0, 1, 2, 3])
    act(g, A.turn(A.T_EXPEDITION, 0))
    assert g.decision == L.D_DISCARD_DOWN
    act(g, legal_actions(g)[0])
    act(g, legal_actions(g)[0])
    assert view(g).hand_size[RED] == 2 and g.decision == L.D_TURN


def test_ex35_row_1_to_5_costs_10_spices_10_ships():
    g = game()
    a = g.components.array
    spices = int(a[L.C_STEP_COST : L.C_STEP_COST + 5 * 4 * 5].reshape(5, 4, 5)[TAXES].sum())
    ships = int(a[L.C_STEP_SHIPS : L.C_STEP_SHIPS + 20].reshape(5, 4)[TAXES].sum())
    assert spices == ships == 10 == int(a[L.C_ROW_VP + 4])
    st = view(g)
    _turn_with(g, RED, ships=10, spaces=[(4 + CALICUT, 2, ALL, {}), (4 + COCHIN, 1, ALL, {})])
    for _ in range(4):
        st.spices[RED, :, :] = 0
        st.space_slots[RED, 0] = 3
        st.space_accept[RED, 0] = ALL
        st.space_slots[RED, 1] = 3
        st.space_accept[RED, 1] = ALL
        st.spices[RED, 0, :3] = 1
        st.spices[RED, 1, 3:] = 1
        before = int(st.spices[RED].sum())
        ships = int(st.ships[RED])
        step = int(st.row[RED, TAXES])
        st.action_done = 0
        act(g, A.develop(TAXES, -1))
        while g.decision == L.D_PAY_SPICE:
            act(g, legal_actions(g)[0])
        assert before - st.spices[RED].sum() == step and ships - st.ships[RED] == step
    assert st.row[RED, TAXES] == 5


@pytest.mark.parametrize("which", ["spices_only", "ships_only"])
def test_ex36_taxes_step_with_modifier_card(which):
    g = game()
    k = card(g, "X02") if which == "spices_only" else card(g, "X09")
    give_card(g, RED, k)
    _turn_with(
        g,
        RED,
        rows=[1, 1, 2, 1, 1],
        ships=4,
        spaces=[(4 + COCHIN, 1, ALL, {P: 1}), (4 + CALICUT, 2, ALL, {N: 1})],
    )
    act(g, A.develop(TAXES, k))
    st = view(g)
    if which == "spices_only":
        assert st.ships[RED] == 4 and st.spices[RED].sum() == 0
    else:
        assert st.ships[RED] == 2 and st.spices[RED].sum() == 2
    assert st.row[RED, TAXES] == 3


def test_ex37_may_draw_0_1_or_2_one_at_a_time():
    for draws in (0, 1, 2):
        g = game()
        _expedition_turn(g, RED, 4, [0])
        act(g, A.turn(A.T_EXPEDITION, 0))
        for _ in range(draws):
            act(g, A.DRAW_ONE)
        if draws < 2:
            act(g, A.DRAW_STOP)
        assert view(g).hand_size[RED] == 1 + draws and g.decision == L.D_TURN
