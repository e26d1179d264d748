"""R8 End of game: last launches and boardings, money and ships to VP, ranks and ties."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def unboarded_ships(s, p):
    st = S.fields(s)
    k = 0
    for t in range(L.N_PROJECTS):
        if (
            st.project_location[t] == L.LOC_SHIP
            and st.project_owner[t] == p
            and st.project_captain[t] == 0
        ):
            k += 1
    return k


@njit(cache=True, _nrt=False)
def board_captains(s, p, k):
    """R8.2: board ``k`` captains on launched ships in supply (which ships cannot matter)."""
    st = S.fields(s)
    for t in range(L.N_PROJECTS):
        if k == 0:
            return
        if (
            st.project_location[t] == L.LOC_SHIP
            and st.project_owner[t] == p
            and st.project_captain[t] == 0
        ):
            st.project_captain[t] = 1
            st.captains_supply[p] -= 1
            k -= 1


@njit(cache=True, _nrt=False)
def final_scoring(c, s, log):
    """R8.3: 1 VP per 3 Reals, 3 VP per launched ship in supply with a captain aboard."""
    st = S.fields(s)
    for p in range(st.players):
        C.gain_vp(s, log, p, st.reals[p] // S.comp(c).end_reals_per_vp, L.VP_END_REALS, 0, 0)
        boarded = 0
        for t in range(L.N_PROJECTS):
            if (
                st.project_location[t] == L.LOC_SHIP
                and st.project_owner[t] == p
                and st.project_captain[t] == 1
            ):
                boarded += 1
        C.gain_vp(s, log, p, boarded * S.comp(c).end_vp_per_ship, L.VP_END_SHIPS, boarded, 0)


@njit(cache=True, _nrt=False)
def sailors_in_supply(s, p):
    sailors = S.fields(s).sailors[p]
    k = 0
    for col in range(L.N_COLOURS):
        k += sailors[col]
    return k


@njit(cache=True, _nrt=False)
def tiebreak_key(s, p):
    """R8.4 order: VP, then ships in the Navigation Area, then sailors in supply."""
    at_sea = C.tiles_owned_at(s, p, L.LOC_NAVIGATION)
    return (S.fields(s).vp[p] * 1000 + at_sea) * 1000 + sailors_in_supply(s, p)


@njit(cache=True, _nrt=False)
def ranks_and_shares(s, rank, share):
    """Rank 1 = best; tied players share a rank and split the win (1/k each)."""
    np_ = S.fields(s).players
    best = -1
    for p in range(np_):
        key = tiebreak_key(s, p)
        r = 1
        for q in range(np_):
            if tiebreak_key(s, q) > key:
                r += 1
        rank[p] = r
        if key > best:
            best = key
    k = 0
    for p in range(np_):
        if tiebreak_key(s, p) == best:
            k += 1
    for p in range(np_):
        share[p] = 1.0 / k if tiebreak_key(s, p) == best else 0.0
