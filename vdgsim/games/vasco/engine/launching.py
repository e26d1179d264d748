"""R5.2 Launching: turning a project ship side up with a crew of different colours."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def available_colours(s, p):
    """Bit mask of crew colours seat ``p`` can use (bits 0..3 sailors, bit 4 a missionary)."""
    st = S.fields(s)
    mask = 0
    for col in range(L.N_COLOURS):
        if st.sailors[p, col] > 0:
            mask |= 1 << col
    if st.missionaries[p] > 0:
        mask |= L.MISSIONARY_BIT
    return mask


@njit(cache=True, _nrt=False)
def popcount5(m):
    k = 0
    for b in range(5):
        k += (m >> b) & 1
    return k


@njit(cache=True, _nrt=False)
def can_launch(c, s, p):
    """True if seat ``p`` has a project he can crew now."""
    n_avail = popcount5(available_colours(s, p))
    if n_avail == 0:
        return False
    st = S.fields(s)
    for t in range(L.N_PROJECTS):
        if (
            st.project_location[t] == L.LOC_PROJECT
            and st.project_owner[t] == p
            and S.comp(c).proj_crew[t] <= n_avail
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def legal_launches(c, s, p, out, n):
    """Append every (project, crew colours) launch of seat ``p`` to ``out``; returns the count."""
    st = S.fields(s)
    avail = available_colours(s, p)
    for t in range(L.N_PROJECTS):
        if st.project_location[t] != L.LOC_PROJECT or st.project_owner[t] != p:
            continue
        crew = S.comp(c).proj_crew[t]
        for m in range(1, 32):
            if (m & ~avail) == 0 and popcount5(m) == crew:
                out[n] = A.launch(t, m)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def launch(s, p, action):
    """Launch: the sailors return to the bag, the missionary to the Characters Area."""
    t = A.launch_tile(action)
    m = A.launch_crew(action)
    st = S.fields(s)
    for col in range(L.N_COLOURS):
        if (m >> col) & 1:
            st.sailors[p, col] -= 1
            st.bag[col] += 1
    if m & L.MISSIONARY_BIT:
        st.missionaries[p] -= 1
        st.missionaries_in_characters_area += 1
    st.project_location[t] = L.LOC_SHIP
