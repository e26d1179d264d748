"""G3 Placing auction markers: the Flag's cell, then markers 2..N+1 in a chain of tiles."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S


@njit(cache=True, _nrt=False)
def has_tile(s, r, c):
    st = S.fields(s)
    if r < 0 or r >= L.GRID or c < 0 or c >= L.GRID:
        return False
    return st.grid[r * L.GRID + c] >= 0


@njit(cache=True, _nrt=False)
def is_flag_cell(s, r, c):
    """G3.1, A23: a cell without a tile (empty grid cell or frame cell) with a tile on at
    least one edge-adjacent grid cell; corner contact is not enough."""
    if has_tile(s, r, c):
        return False
    return (
        has_tile(s, r - 1, c)
        or has_tile(s, r + 1, c)
        or has_tile(s, r, c - 1)
        or has_tile(s, r, c + 1)
    )


@njit(cache=True, _nrt=False)
def legal_flag_cells(s, out, n):
    for r in range(-1, L.GRID + 1):
        for c in range(-1, L.GRID + 1):
            if is_flag_cell(s, r, c):
                out[n] = A.flag_cell(r, c)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def placer(s, m):
    """G3.2: marker m (2..N) belongs to the (m-1)-th player clockwise from the SP; the SP
    places markers 1 and N+1."""
    st = S.fields(s)
    n = st.players
    if m <= n:
        return (st.start_player + m - 1) % n
    return st.start_player


@njit(cache=True, _nrt=False)
def _anchor(s, m):
    """The (row, col) the marker must touch: the Flag's cell for marker 2, else the tile of
    marker m-1 (G3.3)."""
    st = S.fields(s)
    if m == 2:
        return A.flag_rc(st.flag_cell)
    cell = st.item_cell[m - 1]
    return cell // L.GRID, cell % L.GRID


@njit(cache=True, _nrt=False)
def legal_marker_cells(s, m, out, n):
    """G3.3-G3.5: unoccupied tiles 8-adjacent to the anchor; if there are none, any
    unoccupied tile."""
    st = S.fields(s)
    r0, c0 = _anchor(s, m)
    start = n
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if dr == 0 and dc == 0:
                continue
            r = r0 + dr
            c = c0 + dc
            if has_tile(s, r, c):
                cell = r * L.GRID + c
                if st.cell_marker[cell] == 0:
                    out[n] = cell
                    n += 1
    if n > start:
        return n
    for cell in range(L.N_CELLS):
        if st.grid[cell] >= 0 and st.cell_marker[cell] == 0:
            out[n] = cell
            n += 1
    return n


@njit(cache=True, _nrt=False)
def place_flag(s, action):
    """G3.1: the Flag and the SP's marker 1 on it."""
    st = S.fields(s)
    st.flag_cell = action
    st.item_owner[1] = st.start_player
    st.item_cell[1] = -1
    st.marker_to_place = 2


@njit(cache=True, _nrt=False)
def place_marker(s, p, cell):
    st = S.fields(s)
    m = st.marker_to_place
    st.cell_marker[cell] = m
    st.item_cell[m] = cell
    st.item_owner[m] = p
    st.marker_to_place = m + 1
