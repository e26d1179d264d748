"""G8.4, G8.5 Final scoring by source, and ranks with the ducats tie-break."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C


@njit(cache=True, _nrt=False)
def small_plantations(c, s, p):
    """Small plantations (1 slot, printed spice) on the board or face down (G5.3, G8.4e);
    the crop rotation is not one (A7)."""
    cf = S.comp(c)
    st = S.fields(s)
    n = 0
    for t in range(L.N_TILES):
        if st.tile_owner[t] != p:
            continue
        loc = st.tile_location[t]
        if (loc == L.LOC_PLANTED or loc == L.LOC_REMOVED_SMALL) and (
            cf.tile_kind[t] == L.TK_PLANTATION and cf.tile_slots[t] == 1
        ):
            n += 1
    return n


@njit(cache=True, _nrt=False)
def holds_kind(c, s, p, kind, loc):
    cf = S.comp(c)
    st = S.fields(s)
    for t in range(L.N_TILES):
        if st.tile_owner[t] == p and st.tile_location[t] == loc and cf.tile_kind[t] == kind:
            return True
    return False


@njit(cache=True, _nrt=False)
def score_player(c, s, p, out):
    """Fill ``out`` (one entry per VP source) for seat ``p`` except most ducats."""
    cf = S.comp(c)
    st = S.fields(s)
    dev = 0
    for col in range(L.N_COLS):
        dev += cf.row_vp[st.row[p, col] - 1]
    out[L.VP_DEV] = dev
    colonies = 0
    for k in range(L.N_COLONIES):
        if st.space_tile[p, L.N_PLANT_SPACES + k] >= 0:
            colonies += 1
    out[L.VP_COLONIES] = cf.colony_vp[colonies]
    cards = 0
    for sym in range(L.N_SYMBOLS):
        k = 0
        for card in range(L.N_CARDS):
            if st.card_location[card] == p and cf.card_symbol[card] == sym:
                k += 1
        cards += cf.symbol_vp[k if k < 5 else 5]
    out[L.VP_CARDS] = cards
    each = cf.small_plantation_vp
    if holds_kind(c, s, p, L.TK_MANAGER, L.LOC_HELD):
        each = cf.managed_small_plantation_vp
    out[L.VP_SMALL] = each * small_plantations(c, s, p)
    poll = 0
    mission = 0
    for t in range(L.N_TILES):
        if st.tile_owner[t] != p:
            continue
        if st.tile_location[t] == L.LOC_POLL_TAX_USED:
            poll += cf.tile_vp[t]
        elif st.tile_location[t] == L.LOC_HELD and cf.tile_kind[t] == L.TK_MISSION:
            mission += cf.tile_vp[t]
    out[L.VP_POLL] = poll
    out[L.VP_MISSION] = mission


@njit(cache=True, _nrt=False)
def final_scoring(c, s, log):
    """G8.4: every source for every player; A21: every player with the most ducats scores."""
    cf = S.comp(c)
    st = S.fields(s)
    n = st.players
    most = 0
    for p in range(n):
        if st.ducats[p] > most:
            most = st.ducats[p]
    for p in range(n):
        src = st.vp_by_source[p]
        score_player(c, s, p, src)
        src[L.VP_DUCATS] = cf.most_ducats_vp if st.ducats[p] == most else 0
        total = 0
        for k in range(L.N_VP_SOURCES):
            total += src[k]
            if src[k] != 0:
                C.log_event(s, log, C.EV_VP, p, k, src[k], 0, 0)
        st.vp[p] = total


@njit(cache=True, _nrt=False)
def ranks_and_shares(s, rank, share):
    """G8.5: most VP, then most ducats; a remaining tie is shared (1/k win each, A20)."""
    st = S.fields(s)
    n = st.players
    for p in range(n):
        better = 0
        for q in range(n):
            if st.vp[q] > st.vp[p] or (st.vp[q] == st.vp[p] and st.ducats[q] > st.ducats[p]):
                better += 1
        rank[p] = better + 1
    tied = 0
    for p in range(n):
        if rank[p] == 1:
            tied += 1
    for p in range(n):
        share[p] = 1.0 / tied if rank[p] == 1 else 0.0
