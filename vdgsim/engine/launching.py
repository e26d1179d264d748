"""R5.2 Launching: turning a project ship side up with a crew of different colours."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import actions as A


@njit(cache=True, _nrt=False)
def available_colours(s, p):
    """Bit mask of crew colours seat ``p`` can use (bits 0..3 sailors, bit 4 a missionary)."""
    mask = 0
    for col in range(L.N_COLOURS):
        if s[L.S_SAILORS + p * L.N_COLOURS + col] > 0:
            mask |= 1 << col
    if s[L.S_MISSIONARIES + p] > 0:
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
    for t in range(L.N_PROJECTS):
        if (
            s[L.S_PROJ_LOC + t] == L.LOC_PROJECT
            and s[L.S_PROJ_OWNER + t] == p
            and c[L.C_PROJ_CREW + t] <= n_avail
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def legal_launches(c, s, p, out, n):
    """Append every (project, crew colours) launch of seat ``p`` to ``out``; returns the count."""
    avail = available_colours(s, p)
    for t in range(L.N_PROJECTS):
        if s[L.S_PROJ_LOC + t] != L.LOC_PROJECT or s[L.S_PROJ_OWNER + t] != p:
            continue
        crew = c[L.C_PROJ_CREW + t]
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
    for col in range(L.N_COLOURS):
        if (m >> col) & 1:
            s[L.S_SAILORS + p * L.N_COLOURS + col] -= 1
            s[L.S_BAG + col] += 1
    if m & L.MISSIONARY_BIT:
        s[L.S_MISSIONARIES + p] -= 1
        s[L.S_MISS_AREA] += 1
    s[L.S_PROJ_LOC + t] = L.LOC_SHIP
