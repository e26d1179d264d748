"""G6.10 the Expedition action's draw and G7 expedition cards: which cards may be played,
benefit effects, and the hand limit."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import development as DV
from vdgsim.games.goa.engine import spices as SP


@njit(cache=True, _nrt=False)
def can_play_now(s, p, card):
    """G7.2: one card per action turn, from one's hand."""
    st = S.fields(s)
    return st.card_location[card] == p and not st.card_played


@njit(cache=True, _nrt=False)
def legal_benefit_plays(c, s, p, out, n):
    """G7.3, G7.4: benefit cards may be played at any moment of the turn; a buy-progress
    card names a column not on row 5 whose price the player can pay."""
    cf = S.comp(c)
    st = S.fields(s)
    if st.card_played:
        return n
    for card in range(L.N_CARDS):
        if st.card_location[card] != p:
            continue
        e = cf.card_effect[card]
        if e >= L.N_BENEFIT_EFFECTS:
            continue
        if e == L.CE_BUY_PROGRESS:
            for col in range(L.N_COLS):
                r = st.row[p, col]
                if r < L.N_ROWS and st.ducats[p] >= cf.progress_price[r - 1]:
                    out[n] = A.play(card, col)
                    n += 1
        else:
            out[n] = A.play(card, 0)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def spend_card(s, p, card):
    """A played card goes to the discard pile (G7.2)."""
    st = S.fields(s)
    C.discard_card(s, card)
    st.card_played = 1


@njit(cache=True, _nrt=False)
def play_benefit(c, s, log, p, card, col):
    """G7.4 benefit effects; returns the next step (a sub-step for spices)."""
    cf = S.comp(c)
    st = S.fields(s)
    spend_card(s, p, card)
    e = cf.card_effect[card]
    amount = cf.card_amount[card]
    if e == L.CE_SHIPS:
        st.ships[p] += amount
    elif e == L.CE_COLONISTS:
        st.colonists[p] += amount
    elif e == L.CE_DUCATS:
        st.ducats[p] += amount
    elif e == L.CE_SPICES:
        return SP.start_gain(s, p, amount, -1, 0, L.ST_TURN)
    elif e == L.CE_SELL:
        st.spices_to_sell = amount
        return L.ST_SELL
    elif e == L.CE_BUY_PROGRESS:
        st.ducats[p] -= cf.progress_price[st.row[p, col] - 1]
        DV.advance_marker(c, s, log, p, col, DV.HOW_CARD)
    return L.ST_TURN


@njit(cache=True, _nrt=False)
def first_card_with(c, s, p, effect, out, n):
    """Every card of ``effect`` in seat ``p``'s hand (each may differ by symbol)."""
    cf = S.comp(c)
    st = S.fields(s)
    for card in range(L.N_CARDS):
        if st.card_location[card] == p and cf.card_effect[card] == effect:
            out[n] = card
            n += 1
    return n


@njit(cache=True, _nrt=False)
def has_effect(c, s, p, effect):
    cf = S.comp(c)
    st = S.fields(s)
    for card in range(L.N_CARDS):
        if st.card_location[card] == p and cf.card_effect[card] == effect:
            return True
    return False


@njit(cache=True, _nrt=False)
def start_expedition(c, s, p):
    """G6.10, A31: the player may draw up to min(d, max(0, L - H)) cards, one at a time."""
    st = S.fields(s)
    d = C.level(c, s, p, L.COL_EXPEDITION)
    room = C.hand_limit(c, s, p) - st.hand_size[p]
    if room < 0:
        room = 0
    st.cards_to_draw = d if d < room else room
    return L.ST_DRAW


@njit(cache=True, _nrt=False)
def cards_left(s):
    st = S.fields(s)
    return st.deck_size + st.discard_size


@njit(cache=True, _nrt=False)
def over_limit_seat(c, s):
    """G9.3 (option): the first seat, from the SP clockwise, holding more than his limit."""
    st = S.fields(s)
    n = st.players
    for i in range(n):
        p = (st.start_player + i) % n
        if st.hand_size[p] > C.hand_limit(c, s, p):
            return p
    return -1


@njit(cache=True, _nrt=False)
def legal_discards(s, p, out, n):
    st = S.fields(s)
    for card in range(L.N_CARDS):
        if st.card_location[card] == p:
            out[n] = card
            n += 1
    return n
