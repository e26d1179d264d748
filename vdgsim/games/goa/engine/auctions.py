"""G4 Auctions: the items in marker order, bids clockwise from the owner's left, the owner's
choice, and handing the item over."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import setup as SU


@njit(cache=True, _nrt=False)
def start_item(s):
    """G4.1: the next item in marker order; False after the last one."""
    st = S.fields(s)
    m = st.auction_item + 1
    if m > st.players + 1:
        return False
    st.auction_item = m
    st.auction_speaker = 0
    st.auction_high_bid = 0
    st.auction_high_bidder = -1
    return True


@njit(cache=True, _nrt=False)
def next_bidder(s):
    """G4.2: the next non-owner who can outbid (a player who cannot has only "pass", which
    the engine takes for him); -1 when every non-owner has spoken."""
    st = S.fields(s)
    n = st.players
    owner = st.item_owner[st.auction_item]
    while st.auction_speaker < n - 1:
        p = (owner + 1 + st.auction_speaker) % n
        if st.ducats[p] > st.auction_high_bid:
            return p
        st.auction_speaker += 1
    return -1


@njit(cache=True, _nrt=False)
def legal_bids(s, p, out, n, cap):
    """Pass, or any whole bid above the highest so far up to the ducats held (A1)."""
    st = S.fields(s)
    out[n] = 0
    n += 1
    for b in range(st.auction_high_bid + 1, st.ducats[p] + 1):
        if n >= cap:
            break
        out[n] = b
        n += 1
    return n


@njit(cache=True, _nrt=False)
def bid(s, p, amount):
    st = S.fields(s)
    if amount > 0:
        st.auction_high_bid = amount
        st.auction_high_bidder = p
    st.auction_speaker += 1


@njit(cache=True, _nrt=False)
def owner_can_buy(s):
    """G4.3c: buying costs (highest bid - 1) ducats, which the owner must hold."""
    st = S.fields(s)
    owner = st.item_owner[st.auction_item]
    return st.ducats[owner] >= st.auction_high_bid - 1


@njit(cache=True, _nrt=False)
def settle(c, s, log, buy):
    """G4.3: (a) nobody bid: the owner takes it free; (b) sell: the highest bidder pays the
    owner; (c) buy: the owner pays (highest bid - 1) to the bank. Returns the taker and
    the price paid."""
    st = S.fields(s)
    owner = st.item_owner[st.auction_item]
    high = st.auction_high_bid
    if high == 0:
        return owner, 0
    if buy:
        st.ducats[owner] -= high - 1
        return owner, high - 1
    winner = st.auction_high_bidder
    st.ducats[winner] -= high
    st.ducats[owner] += high
    return winner, high


@njit(cache=True, _nrt=False)
def hand_over(c, s, log, taker, price):
    """G4.4, G4.5, G4.7: the Flag makes its taker the SP with 1 extra action card; a tile
    leaves its cell and goes to the resolve stack (with the Bonanza tile under a corner,
    G9.2). Returns True if something must be resolved."""
    cf = S.comp(c)
    st = S.fields(s)
    m = st.auction_item
    if m == 1:
        st.start_player = taker
        C.gain_extra(s, taker, cf.flag_extra_actions)  # A2: the owner too
        C.log_event(s, log, C.EV_SP, taker, taker, price, 1, 0)
        return False
    cell = st.item_cell[m]
    t = st.grid[cell]
    st.grid[cell] = -1
    st.cell_marker[cell] = 0
    C.log_event(s, log, C.EV_TILE, taker, t, 0, price, 0)
    st.resolve_seat = taker
    st.resolve_queue_length = 0
    k = SU.corner_index(cell)
    if k >= 0 and st.bonanza_under[k] >= 0:
        # the stack resolves the tile first, then its Bonanza tile
        push(s, L.N_TILES + st.bonanza_under[k])
        st.bonanza_under[k] = -1
    push(s, t)
    return True


@njit(cache=True, _nrt=False)
def push(s, item):
    st = S.fields(s)
    st.resolve_queue[st.resolve_queue_length] = item
    st.resolve_queue_length += 1
