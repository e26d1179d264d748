"""Goa's forward model: what is legal now, applying a choice, and running the automatic steps
until the next decision.

The state's ``step`` field is the program counter (``layout.ST_*``). Each step has one handler
below, named after its rulebook step, that runs the step's automatic rules and returns the step
to go to; a step that needs a choice sets the decision (:func:`common.decide`) and returns the
step at which play waits. Each decision kind has one ``apply_<kind>`` returning the next step.
Only :func:`advance` and :func:`apply` write the step.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import auctions as AU
from vdgsim.games.goa.engine import colonies as CO
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import development as DV
from vdgsim.games.goa.engine import expedition as X
from vdgsim.games.goa.engine import markers as MK
from vdgsim.games.goa.engine import scoring as SC
from vdgsim.games.goa.engine import setup as SU
from vdgsim.games.goa.engine import spices as SP
from vdgsim.games.goa.engine import tiles as TI


# --- set-up and the start of a round ---------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def quick_start(c, s, log):
    """G9.1: from the SP clockwise, each player chooses two markers to row 2 or ducats."""
    st = S.fields(s)
    k = st.quick_start_turn
    if k >= st.players:
        return L.ST_ROUND_START
    C.decide(s, L.D_QUICK, (st.start_player + k) % st.players)
    return L.ST_QUICK


@njit(cache=True, _nrt=False, inline="always")
def round_start(c, s, log):
    """G2.2, G2.3: red tiles usable again; the SP places the Flag (G3.1)."""
    st = S.fields(s)
    for t in range(L.N_TILES):
        st.tile_used_this_round[t] = 0
    for cell in range(L.N_CELLS):
        st.cell_marker[cell] = 0
    for m in range(L.N_MARKERS + 1):
        st.item_cell[m] = -1
        st.item_owner[m] = -1
    st.auction_item = 0
    st.marker_to_place = 1
    st.flag_cell = -1
    C.decide(s, L.D_FLAG, st.start_player)
    return L.ST_PLACE_FLAG


@njit(cache=True, _nrt=False, inline="always")
def place_markers(c, s, log):
    """G3.2-G3.6: markers 2..N+1 in number order; then the auctions."""
    st = S.fields(s)
    m = st.marker_to_place
    if m > st.players + 1:
        return L.ST_AUCTION_NEXT
    C.decide(s, L.D_MARKER, MK.placer(s, m))
    return L.ST_PLACE_MARKER


# --- auctions (G4) ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def start_action_phase(s):
    """G6.1: three passes, each from the SP clockwise."""
    st = S.fields(s)
    st.pass_number = 0
    st.turn_in_pass = 0
    st.extra_phase = 0
    st.actor = st.start_player
    return L.ST_TURN_START


@njit(cache=True, _nrt=False, inline="always")
def auction_next(c, s, log):
    """G4.1: the next item in marker order, or the action phase after the last."""
    if not AU.start_item(s):
        return start_action_phase(s)
    return L.ST_AUCTION_BID


@njit(cache=True, _nrt=False, inline="always")
def auction_bid(c, s, log):
    """G4.2: each non-owner in turn from the owner's left bids or passes."""
    p = AU.next_bidder(s)
    if p < 0:
        return L.ST_AUCTION_OWNER
    C.decide(s, L.D_BID, p)
    return L.ST_AUCTION_BID


@njit(cache=True, _nrt=False, inline="always")
def finish_item(c, s, log, buy):
    st = S.fields(s)
    taker, price = AU.settle(c, s, log, buy)
    if AU.hand_over(c, s, log, taker, price):
        st.resolve_return = L.ST_AUCTION_NEXT
        return L.ST_RESOLVE
    return L.ST_AUCTION_NEXT


@njit(cache=True, _nrt=False, inline="always")
def auction_owner(c, s, log):
    """G4.3: nobody bid: the owner takes it free; else he sells or (if he can pay) buys."""
    st = S.fields(s)
    if st.auction_high_bid > 0 and AU.owner_can_buy(s):
        C.decide(s, L.D_OWNER, st.item_owner[st.auction_item])
        return L.ST_AUCTION_OWNER
    return finish_item(c, s, log, False)


@njit(cache=True, _nrt=False, inline="always")
def resolve(c, s, log):
    """G4.4, G5: resolve acquired tiles one by one; then play goes on where it was."""
    st = S.fields(s)
    if st.resolve_queue_length == 0:
        return st.resolve_return
    return TI.resolve_next(c, s, log)


# --- the action phase (G6) and the extra-action phase (G8.1) --------------------------------
@njit(cache=True, _nrt=False, inline="always")
def turn_start(c, s, log):
    """G6.2: an action turn: one action, free steps, at most one card."""
    st = S.fields(s)
    st.action_done = 0
    st.card_played = 0
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def action_turn(c, s, log):
    st = S.fields(s)
    C.decide(s, L.D_TURN, st.actor)
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def turn_next(c, s, log):
    """G6.1: the next player in the pass; after the third pass the extra-action phase."""
    st = S.fields(s)
    n = st.players
    st.turn_in_pass += 1
    if st.turn_in_pass >= n:
        st.turn_in_pass = 0
        st.pass_number += 1
        if st.pass_number >= L.PASSES:
            st.extra_phase = 1
            for p in range(L.MAX_PLAYERS):
                st.extra_passed[p] = 0
            st.extra_pointer = st.start_player
            return L.ST_EXTRA_NEXT
    st.actor = (st.start_player + st.turn_in_pass) % n
    return L.ST_TURN_START


@njit(cache=True, _nrt=False, inline="always")
def extra_next(c, s, log):
    """G8.1, A14: cycles from the SP; with 2+ cards a player must play one, with none he
    passes, with exactly 1 he chooses. The phase ends when everybody has passed."""
    st = S.fields(s)
    n = st.players
    for _ in range(n):
        p = st.extra_pointer
        if st.extra_passed[p]:
            st.extra_pointer = (p + 1) % n
            continue
        if st.extra_actions[p] == 0:
            st.extra_passed[p] = 1
            st.extra_pointer = (p + 1) % n
            continue
        if st.extra_actions[p] >= 2:
            return play_extra(s, p)
        C.decide(s, L.D_EXTRA, p)
        return L.ST_EXTRA_NEXT
    return L.ST_ROUND_END


@njit(cache=True, _nrt=False, inline="always")
def play_extra(s, p):
    st = S.fields(s)
    st.extra_actions[p] -= 1
    st.extra_pointer = (p + 1) % st.players
    st.actor = p
    return L.ST_TURN_START


@njit(cache=True, _nrt=False, inline="always")
def round_end(c, s, log):
    """G8.3, G2.4, G2.5: the next round; the phase change after round 4; scoring after 8."""
    st = S.fields(s)
    st.extra_phase = 0
    st.actor = -1
    if st.round >= L.N_ROUNDS:
        SC.final_scoring(c, s, log)
        return L.ST_OVER
    if st.round == L.ROUNDS_PER_PHASE:
        SU.change_phase(c, s, log)
    st.round += 1
    return L.ST_ROUND_START


# --- sub-steps of an action turn ---------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def gain_step(c, s, log):
    """G6.13: spices one at a time into slots of the player's choice; none if nothing fits."""
    st = S.fields(s)
    while st.spices_to_gain > 0:
        n, first = SP.gain_choices(s)
        if n == 0:
            break
        if n > 1:
            C.decide(s, L.D_GAIN_SPICE, st.gain_seat)
            return L.ST_GAIN
        SP.gain(s, first)
    st.spices_to_gain = 0
    return st.gain_return


@njit(cache=True, _nrt=False, inline="always")
def pay_step(c, s, log):
    st = S.fields(s)
    p = st.actor
    while SP.pay_left(s) > 0:
        n, first = SP.pay_choices(s, p)
        if n == 0:
            break  # unreachable: payments are checked before they start (G9.7)
        if n > 1:
            C.decide(s, L.D_PAY_SPICE, p)
            return L.ST_PAY
        SP.pay(s, p, first)
    return st.pay_return


@njit(cache=True, _nrt=False, inline="always")
def sell_step(c, s, log):
    st = S.fields(s)
    p = st.actor
    if st.spices_to_sell > 0 and C.all_spices(s, p) > 0:
        C.decide(s, L.D_SELL, p)
        return L.ST_SELL
    st.spices_to_sell = 0
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def develop_finish(c, s, log):
    st = S.fields(s)
    DV.advance_marker(c, s, log, st.actor, st.developing_column, DV.HOW_DEVELOP)
    st.developing_column = -1
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def draw_step(c, s, log):
    """G6.10, A31: draw one card at a time, stopping whenever the player likes."""
    st = S.fields(s)
    if st.cards_to_draw > 0 and X.cards_left(s) > 0:
        C.decide(s, L.D_DRAW, st.actor)
        return L.ST_DRAW
    st.cards_to_draw = 0
    return L.ST_DISCARD_DOWN


@njit(cache=True, _nrt=False, inline="always")
def discard_down(c, s, log):
    """G6.10, A4: after the Expedition action a hand above the limit L is cut to L."""
    st = S.fields(s)
    p = st.actor
    if st.hand_size[p] > C.hand_limit(c, s, p):
        C.decide(s, L.D_DISCARD_DOWN, p)
        return L.ST_DISCARD_DOWN
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def colony_reveal(c, s, log):
    """G6.11 steps 2-3: reveal 2 cards; then the colony +1 card may be played."""
    cf = S.comp(c)
    st = S.fields(s)
    CO.reveal(c, s, cf.colony_reveal)
    p = st.actor
    if (
        st.colony_modifier_allowed
        and not st.card_played
        and X.has_effect(c, s, p, L.CE_COLONY_PLUS)
    ):
        C.decide(s, L.D_COLONY_PLUS, p)
    return L.ST_COLONY_DECIDE


@njit(cache=True, _nrt=False, inline="always")
def colony_decide(c, s, log):
    """G6.11 step 4, A9: founded if P + R suffices; else he may pay the shortfall."""
    st = S.fields(s)
    p = st.actor
    short = CO.shortfall(c, s)
    if short == 0:
        C.discard_revealed(s)
        return L.ST_COLONY_TILE
    if st.colonists[p] >= short:
        C.decide(s, L.D_COLONY_PAY, p)
        return L.ST_COLONY_DECIDE
    return CO.fail(c, s, log, p)


@njit(cache=True, _nrt=False, inline="always")
def colony_tile(c, s, log):
    """G6.11 step 5: a tile of the colony, of his choice when the tiles differ."""
    cf = S.comp(c)
    st = S.fields(s)
    n = 0
    only = -1
    for k in range(cf.colony_types):
        if cf.ctype_colony[k] == st.colony_name and st.colony_tiles_left[k] > 0:
            n += 1
            only = k
    if n > 1:
        C.decide(s, L.D_COLONY_TILE, st.actor)
        return L.ST_COLONY_TILE
    return CO.take_tile(c, s, log, st.actor, only)


@njit(cache=True, _nrt=False, inline="always")
def additional_harvest(c, s, log):
    """G5.7: fill every empty slot of up to 3 storage tiles of the player's choice."""
    st = S.fields(s)
    p = st.actor
    if st.additional_harvest_spaces_left > 0:
        for sp in range(L.N_SPACES):
            if C.space_free(s, p, sp) > 0:
                C.decide(s, L.D_AH_SPACE, p)
                return L.ST_ADDITIONAL_HARVEST
    st.additional_harvest_spaces_left = 0
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def game_over(c, s, log):
    C.decide(s, L.D_NONE, -1)
    return L.ST_OVER


@njit(cache=True, _nrt=False, inline="always")
def _run_step(c, s, log, stp):
    if stp == L.ST_QUICK:
        return quick_start(c, s, log)
    if stp == L.ST_ROUND_START:
        return round_start(c, s, log)
    if stp == L.ST_PLACE_FLAG:
        st = S.fields(s)
        C.decide(s, L.D_FLAG, st.start_player)
        return L.ST_PLACE_FLAG
    if stp == L.ST_PLACE_MARKER:
        return place_markers(c, s, log)
    if stp == L.ST_AUCTION_NEXT:
        return auction_next(c, s, log)
    if stp == L.ST_AUCTION_BID:
        return auction_bid(c, s, log)
    if stp == L.ST_AUCTION_OWNER:
        return auction_owner(c, s, log)
    if stp == L.ST_RESOLVE:
        return resolve(c, s, log)
    if stp == L.ST_TURN_START:
        return turn_start(c, s, log)
    if stp == L.ST_TURN:
        return action_turn(c, s, log)
    if stp == L.ST_TURN_NEXT:
        return turn_next(c, s, log)
    if stp == L.ST_EXTRA_NEXT:
        return extra_next(c, s, log)
    if stp == L.ST_ROUND_END:
        return round_end(c, s, log)
    if stp == L.ST_GAIN:
        return gain_step(c, s, log)
    if stp == L.ST_PAY:
        return pay_step(c, s, log)
    if stp == L.ST_SELL:
        return sell_step(c, s, log)
    if stp == L.ST_DEVELOP_FINISH:
        return develop_finish(c, s, log)
    if stp == L.ST_DRAW:
        return draw_step(c, s, log)
    if stp == L.ST_DISCARD_DOWN:
        return discard_down(c, s, log)
    if stp == L.ST_COLONY_REVEAL:
        return colony_reveal(c, s, log)
    if stp == L.ST_COLONY_DECIDE:
        return colony_decide(c, s, log)
    if stp == L.ST_COLONY_TILE:
        return colony_tile(c, s, log)
    if stp == L.ST_ADDITIONAL_HARVEST:
        return additional_harvest(c, s, log)
    return game_over(c, s, log)


@njit(cache=True, _nrt=False)
def advance(c, s, log):
    """Run automatic steps until a decision is pending or the game is over."""
    st = S.fields(s)
    st.decision = L.D_NONE
    while True:
        stp = st.step
        if st.option_strict_hand_limit and stp != L.ST_OVER:
            p = X.over_limit_seat(c, s)
            if p >= 0:  # G9.3: discard down at once, then carry on where play was
                C.decide(s, L.D_DISCARD_DOWN, p)
                return
        st.step = _run_step(c, s, log, stp)
        if st.decision != L.D_NONE or stp == L.ST_OVER:
            return


# --- legal actions -----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _step_spices_ok(cf, col, step, t0, t1, t2, t3, t4):
    """The step's spice list is covered by the player's spice totals ``t0..t4``."""
    return (
        t0 >= cf.step_cost[col, step, 0]
        and t1 >= cf.step_cost[col, step, 1]
        and t2 >= cf.step_cost[col, step, 2]
        and t3 >= cf.step_cost[col, step, 3]
        and t4 >= cf.step_cost[col, step, 4]
    )


@njit(cache=True, _nrt=False)
def legal_turn(c, s, p, out, n):
    """G6.2, G6.3, G7.2-G7.6: the action (with a modifier card where one applies) until it is
    taken, then ending the turn; at any time the usable tiles, a benefit card (one card per
    turn) and discarding a card."""
    cf = S.comp(c)
    st = S.fields(s)
    has_cards = st.hand_size[p] > 0
    if not st.action_done:
        # which modifier cards the player could play with this action (one hand scan)
        ships_only = 0
        spices_only = 0
        mix = 0
        if has_cards and not st.card_played:
            for card in range(L.N_CARDS):
                if st.card_location[card] == p:
                    e = cf.card_effect[card]
                    ships_only += e == L.CE_SHIPS_ONLY
                    spices_only += e == L.CE_SPICES_ONLY
                    mix += e == L.CE_HARVEST_MIX
        t0 = C.spice_total(s, p, 0)
        t1 = C.spice_total(s, p, 1)
        t2 = C.spice_total(s, p, 2)
        t3 = C.spice_total(s, p, 3)
        t4 = C.spice_total(s, p, 4)
        ships = st.ships[p]
        for col in range(L.N_COLS):
            r = st.row[p, col]
            if r >= L.N_ROWS:
                continue
            step = r - 1
            ships_ok = ships >= cf.step_ships[col, step]
            spices_ok = _step_spices_ok(cf, col, step, t0, t1, t2, t3, t4)
            if ships_ok and spices_ok:
                out[n] = A.develop(col, -1)
                n += 1
            # ships-only pays no spices, spices-only no ships (G7.4)
            if (ships_only > 0 and ships_ok) or (spices_only > 0 and spices_ok):
                for card in range(L.N_CARDS):
                    if st.card_location[card] != p:
                        continue
                    e = cf.card_effect[card]
                    if (e == L.CE_SHIPS_ONLY and ships_ok) or (e == L.CE_SPICES_ONLY and spices_ok):
                        out[n] = A.develop(col, card)
                        n += 1
        out[n] = A.turn(A.T_SHIPS, 0)
        out[n + 1] = A.harvest(-1)
        out[n + 2] = A.turn(A.T_TAXES, 0)
        out[n + 3] = A.turn(A.T_EXPEDITION, 0)
        n += 4
        if mix > 0:
            for card in range(L.N_CARDS):
                if st.card_location[card] == p and cf.card_effect[card] == L.CE_HARVEST_MIX:
                    out[n] = A.harvest(card)
                    n += 1
        for name in range(L.N_COLONIES):
            if CO.can_found(c, s, p, name):
                out[n] = A.turn(A.T_COLONY, name)
                n += 1
    else:
        out[n] = A.turn(A.T_END, 0)
        n += 1
    n = TI.legal_uses(c, s, p, out, n, A.turn(A.T_USE_TILE, 0))
    if has_cards:
        n = X.legal_benefit_plays(c, s, p, out, n)
        for card in range(L.N_CARDS):
            if st.card_location[card] == p:
                out[n] = A.turn(A.T_DISCARD, card)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def legal_espionage(c, s, p, out, n):
    """G5.7: another player and one of Build ships, Harvest, Taxes, Found a colony (a name
    the spy could found); never Expedition."""
    st = S.fields(s)
    for q in range(st.players):
        if q == p:
            continue
        out[n] = A.espionage(q, A.SPY_SHIPS)
        out[n + 1] = A.espionage(q, A.SPY_HARVEST)
        out[n + 2] = A.espionage(q, A.SPY_TAXES)
        n += 3
        for name in range(L.N_COLONIES):
            if CO.can_found(c, s, p, name):
                out[n] = A.espionage(q, A.SPY_COLONY + name)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def legal_actions(c, s, out):
    """Fill ``out`` with the legal actions of the pending decision; returns how many."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
    n = 0
    if kind == L.D_TURN:
        n = legal_turn(c, s, p, out, 0)
    elif kind == L.D_BID:
        n = AU.legal_bids(s, p, out, 0, out.shape[0])
    elif kind == L.D_GAIN_SPICE:
        n = SP.legal_gains(s, out, 0)
    elif kind == L.D_PAY_SPICE:
        n = SP.legal_pays(s, p, out, 0)
    elif kind == L.D_MARKER:
        n = MK.legal_marker_cells(s, st.marker_to_place, out, 0)
    elif kind == L.D_FLAG:
        n = MK.legal_flag_cells(s, out, 0)
    elif kind == L.D_OWNER:
        out[0] = A.OWNER_SELL
        out[1] = A.OWNER_BUY
        n = 2
    elif kind == L.D_DRAW:
        out[0] = A.DRAW_STOP
        out[1] = A.DRAW_ONE
        n = 2
    elif kind == L.D_EXTRA:
        out[0] = A.EXTRA_PASS
        out[1] = A.EXTRA_PLAY
        n = 2
    elif kind == L.D_SELL:
        n = SP.legal_sells(s, p, out, 0)
    elif kind == L.D_DISCARD_DOWN:
        n = X.legal_discards(s, p, out, 0)
    elif kind == L.D_REMOVE_PLANTATION:
        for k in range(L.N_PLANT_SPACES + 1):
            out[k] = k
        n = L.N_PLANT_SPACES + 1
    elif kind == L.D_SHIPS_OR_COLONISTS:
        out[0] = A.TAKE_SHIPS
        out[1] = A.TAKE_COLONISTS
        n = 2
    elif kind == L.D_RELIEF:
        out[0] = A.TAKE_SHIPS
        out[1] = A.TAKE_COLONISTS
        out[2] = A.TAKE_SPICES
        n = 3
    elif kind == L.D_GIFT:
        n = TI.legal_gifts(s, out, 0)
    elif kind == L.D_COLONY_PLUS:
        out[0] = A.NO_CARD
        n = 1
        cf = S.comp(c)
        for card in range(L.N_CARDS):
            if st.card_location[card] == p and cf.card_effect[card] == L.CE_COLONY_PLUS:
                out[n] = card + 1
                n += 1
    elif kind == L.D_COLONY_PAY:
        out[0] = A.DECLINE
        out[1] = A.PAY
        n = 2
    elif kind == L.D_COLONY_TILE:
        n = CO.legal_tiles(c, s, out, 0)
    elif kind == L.D_ESPIONAGE:
        n = legal_espionage(c, s, p, out, 0)
    elif kind == L.D_VICEROY:
        n = TI.viceroy_columns(s, p, out, 0)
    elif kind == L.D_EXCHANGE:
        for cell in range(L.N_CELLS):
            if st.grid[cell] >= 0:
                out[n] = cell
                n += 1
    elif kind == L.D_AH_SPACE:
        out[0] = A.AH_DONE
        n = 1
        for sp in range(L.N_SPACES):
            if C.space_free(s, p, sp) > 0:
                out[n] = sp
                n += 1
    elif kind == L.D_QUICK:
        out[0] = A.QUICK_DUCATS
        n = 1
        for i in range(L.N_COLS):
            for j in range(i + 1, L.N_COLS):
                out[n] = A.quick_markers(i, j)
                n += 1
    return n


# --- applying each decision ---------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def apply_quick(c, s, log, p, action):
    """G9.1: 10 ducats, or two different markers to row 2 without bonuses."""
    cf = S.comp(c)
    st = S.fields(s)
    if action == A.QUICK_DUCATS:
        st.ducats[p] += cf.quick_start_ducats
    else:
        i, j = A.quick_columns(action)
        for col in (i, j):
            while st.row[p, col] < cf.quick_start_row:
                DV.advance_marker(c, s, log, p, col, DV.HOW_QUICK)
    st.quick_start_turn += 1
    return L.ST_QUICK


@njit(cache=True, _nrt=False, inline="always")
def use_tile(c, s, log, p, t):
    """G5.5, G5.7, G5.9: use a kept tile as a free step; returns the next step."""
    cf = S.comp(c)
    st = S.fields(s)
    kind = cf.tile_kind[t]
    if kind == L.TK_RED:
        st.tile_used_this_round[t] = 1
        return TI.tile_gains(c, s, log, p, t, L.ST_TURN)
    if kind == L.TK_POLL_TAX:
        st.tile_location[t] = L.LOC_POLL_TAX_USED
        return SP.start_pay(c, s, -1, 0, cf.tile_amount[t], L.ST_TURN)
    st.tile_location[t] = L.LOC_USED
    if kind == L.TK_ADDITIONAL_HARVEST:
        st.additional_harvest_spaces_left = cf.tile_amount[t]
        return L.ST_ADDITIONAL_HARVEST
    if kind == L.TK_RELIEF:
        st.revealed_count = 0
        total = 0
        for _ in range(cf.tile_amount[t]):
            card = C.reveal_card(s)
            if card >= 0:
                total += cf.card_colonists[card]
        C.discard_revealed(s)
        st.relief_total = total
        if total > 0:
            C.decide(s, L.D_RELIEF, p)
        return L.ST_TURN
    if kind == L.TK_ESPIONAGE:
        C.decide(s, L.D_ESPIONAGE, p)
        return L.ST_TURN
    if kind == L.TK_VICEROY:
        n = 0
        only = -1
        m = C.lowest_row(s, p)
        if m < L.N_ROWS:
            for col in range(L.N_COLS):
                if st.row[p, col] == m:
                    n += 1
                    only = col
        if n == 1:
            TI.viceroy(c, s, log, p, only)
        elif n > 1:
            C.decide(s, L.D_VICEROY, p)
        return L.ST_TURN
    # Exchange: it stays with the player until the cell is chosen
    st.tile_location[t] = L.LOC_HELD
    st.pending_tile = t
    C.decide(s, L.D_EXCHANGE, p)
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def apply_turn(c, s, log, p, action):
    """One step of an action turn (G6.2): the action, a free step, or the end of the turn."""
    cf = S.comp(c)
    st = S.fields(s)
    k = A.turn_kind(action)
    if k == A.T_END:
        return L.ST_EXTRA_NEXT if st.extra_phase else L.ST_TURN_NEXT
    if k == A.T_USE_TILE:
        return use_tile(c, s, log, p, A.turn_param(action))
    if k == A.T_PLAY:
        return X.play_benefit(c, s, log, p, A.play_card(action), A.play_column(action))
    if k == A.T_DISCARD:
        C.discard_card(s, A.turn_param(action))  # G7.6
        return L.ST_TURN
    st.action_done = 1
    if k == A.T_DEVELOP:  # G6.4, G7.4 ships-only / spices-only
        col = A.develop_column(action)
        card = A.develop_card(action)
        step = st.row[p, col] - 1
        effect = cf.card_effect[card] if card >= 0 else -1
        if card >= 0:
            X.spend_card(s, p, card)
        spices = effect != L.CE_SHIPS_ONLY
        if effect != L.CE_SPICES_ONLY:
            st.ships[p] -= cf.step_ships[col, step]
        st.developing_column = col
        if spices:
            return SP.start_pay(c, s, col, step, 0, L.ST_DEVELOP_FINISH)
        return L.ST_DEVELOP_FINISH
    if k == A.T_SHIPS:  # G6.7
        st.ships[p] += C.level(c, s, p, L.COL_SHIPS)
        return L.ST_TURN
    if k == A.T_HARVEST:  # G6.8, A13
        card = A.harvest_card(action)
        mix = 0
        if card >= 0:
            X.spend_card(s, p, card)
            mix = 1
        return SP.start_gain(s, p, C.level(c, s, p, L.COL_HARVEST), -1, mix, L.ST_TURN)
    if k == A.T_TAXES:  # G6.9
        st.ducats[p] += C.level(c, s, p, L.COL_TAXES)
        return L.ST_TURN
    if k == A.T_EXPEDITION:  # G6.10
        return X.start_expedition(c, s, p)
    # G6.11 Found a colony
    st.revealed_count = 0
    return CO.start(s, A.turn_param(action), C.level(c, s, p, L.COL_COLONISTS), 1)


@njit(cache=True, _nrt=False, inline="always")
def apply_espionage(c, s, log, p, action):
    """G5.7, A11: the chosen action at the other player's level; no modifier card."""
    cf = S.comp(c)
    st = S.fields(s)
    q = A.espionage_target(action)
    w = A.espionage_what(action)
    if w == A.SPY_SHIPS:
        st.ships[p] += C.level(c, s, q, L.COL_SHIPS)
        return L.ST_TURN
    if w == A.SPY_HARVEST:
        return SP.start_gain(s, p, C.level(c, s, q, L.COL_HARVEST), -1, 0, L.ST_TURN)
    if w == A.SPY_TAXES:
        st.ducats[p] += C.level(c, s, q, L.COL_TAXES)
        return L.ST_TURN
    st.revealed_count = 0
    name = w - A.SPY_COLONY
    return CO.start(s, name, cf.dev_value[L.COL_COLONISTS, st.row[q, L.COL_COLONISTS] - 1], 0)


@njit(cache=True, _nrt=False, inline="always")
def apply_relief(c, s, log, p, action):
    """G5.7 Relief: T ships, T colonists or up to T spices (slot-limited)."""
    st = S.fields(s)
    t = st.relief_total
    if action == A.TAKE_SHIPS:
        st.ships[p] += t
    elif action == A.TAKE_COLONISTS:
        st.colonists[p] += t
    else:
        return SP.start_gain(s, p, t, -1, 0, L.ST_TURN)
    return L.ST_TURN


@njit(cache=True, _nrt=False, inline="always")
def _apply_decision(c, s, log, kind, p, action):
    st = S.fields(s)
    if kind == L.D_TURN:
        return apply_turn(c, s, log, p, action)
    if kind == L.D_BID:
        AU.bid(s, p, action)
        return L.ST_AUCTION_BID
    if kind == L.D_OWNER:
        return finish_item(c, s, log, action == A.OWNER_BUY)
    if kind == L.D_FLAG:
        MK.place_flag(s, action)
        return L.ST_PLACE_MARKER
    if kind == L.D_MARKER:
        MK.place_marker(s, p, action)
        return L.ST_PLACE_MARKER
    if kind == L.D_GAIN_SPICE:
        SP.gain(s, action)
        return L.ST_GAIN
    if kind == L.D_PAY_SPICE:
        SP.pay(s, p, action)
        return L.ST_PAY
    if kind == L.D_SELL:  # G7.4: 3 ducats per spice sold
        if action == A.SELL_STOP:
            st.spices_to_sell = 0
            return L.ST_TURN
        st.spices[p, A.slot_space(action), A.slot_spice(action)] -= 1
        st.ducats[p] += S.comp(c).sell_price
        st.spices_to_sell -= 1
        return L.ST_SELL
    if kind == L.D_DRAW:
        if action == A.DRAW_ONE:
            C.draw_cards(s, p, 1)
            st.cards_to_draw -= 1
            return L.ST_DRAW
        st.cards_to_draw = 0
        return L.ST_DISCARD_DOWN
    if kind == L.D_DISCARD_DOWN:
        C.discard_card(s, action)
        return st.step
    if kind == L.D_EXTRA:
        if action == A.EXTRA_PLAY:
            return play_extra(s, p)
        st.extra_passed[p] = 1
        st.extra_pointer = (p + 1) % st.players
        return L.ST_EXTRA_NEXT
    if kind == L.D_REMOVE_PLANTATION:
        return TI.remove_plantation(c, s, log, p, action)
    if kind == L.D_SHIPS_OR_COLONISTS:
        TI.ships_or_colonists(c, s, p, action)
        return L.ST_RESOLVE
    if kind == L.D_GIFT:
        TI.take_gift(s, log, p, action)
        return L.ST_RESOLVE
    if kind == L.D_COLONY_PLUS:
        if action != A.NO_CARD:
            X.spend_card(s, p, action - 1)
            CO.reveal(c, s, 1)
        return L.ST_COLONY_DECIDE
    if kind == L.D_COLONY_PAY:
        if action == A.PAY:
            st.colonists[p] -= CO.shortfall(c, s)
            C.discard_revealed(s)
            return L.ST_COLONY_TILE
        return CO.fail(c, s, log, p)
    if kind == L.D_COLONY_TILE:
        return CO.take_tile(c, s, log, p, action)
    if kind == L.D_RELIEF:
        return apply_relief(c, s, log, p, action)
    if kind == L.D_ESPIONAGE:
        return apply_espionage(c, s, log, p, action)
    if kind == L.D_VICEROY:
        TI.viceroy(c, s, log, p, action)
        return L.ST_TURN
    if kind == L.D_EXCHANGE:
        t = st.pending_tile
        st.pending_tile = -1
        return TI.exchange(c, s, log, p, t, action)
    if kind == L.D_AH_SPACE:
        if action == A.AH_DONE:
            st.additional_harvest_spaces_left = 0
            return L.ST_TURN
        st.additional_harvest_spaces_left -= 1
        return SP.start_gain(s, p, C.space_free(s, p, action), action, 0, L.ST_ADDITIONAL_HARVEST)
    return apply_quick(c, s, log, p, action)


@njit(cache=True, _nrt=False)
def apply(c, s, log, action):
    """Take ``action`` for the pending decision (it must be legal) and advance."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
    row = C.log_event(s, log, C.EV_DECISION, p, kind, action, st.step, 0)
    st.decision_log_row = row
    st.decisions_taken += 1
    st.decision = L.D_NONE
    st.step = _apply_decision(c, s, log, kind, p, action)
    st.decision_log_row = -1
    if st.decision == L.D_NONE:
        advance(c, s, log)


@njit(cache=True, _nrt=False)
def new_game_state(c, s, log, n_players, seed, quick, bonanza, strict):
    """Set up a game (G1) and run it to its first decision."""
    SU.init_state(c, s, log, n_players, seed, quick, bonanza, strict)
    advance(c, s, log)
