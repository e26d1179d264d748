"""Features of a marker placement, compiled: what Goa's learned player scores.

At a decision where to put an auction marker (``D_MARKER``, G3.3) every legal cell gets
:data:`N_FEATURES` numbers (their names and meaning: :data:`strategies.goa.learned.model.
FEATURES`, and docs/learned.md). The first is the heuristic's own value term (the tile's VP to
the seat times its ``lot_weight``, the same function the heuristic places with, so the
heuristic's rule is one weight vector); the others add what the heuristic does not weigh: what
the rivals would pay for the lot (the placer owns it and is paid the high bid, G4.3), the kind
of lot, and what the chain of markers leaves the next placer (the next marker goes next to this
one, G3.3). Rivals are valued as the heuristic's bids value them: with the seat's own weights,
every unit counted as short, from their public storage, rows and tiles. Nothing hidden is read
(the seat's own hand is its own): a Mission whose value the seat may not see (G5.11, G9.5) is
worth the mean of the Missions it may not see, as the heuristic values it
(:mod:`strategies.goa.heuristic.hidden`), so with the heuristic's weights the two place alike.

Every feature varies with the cell: a marker is always placed, so a feature that is the same
for every cell could not change the choice.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import lots as LO
from strategies.goa.heuristic import values as V
from strategies.goa.heuristic.bidding import as_seen_by, tile_weight
from strategies.goa.heuristic.pick import best_index
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import markers as MK

F_OWN = 0  # the tile's VP to the seat times its lot_weight: the heuristic's value
F_OWN_LATE = 1  # that times (round - 1) / 7
F_RIVAL_BEST = 2  # the best rival's VP of the tile
F_RIVAL_SECOND = 3  # the second-best rival's VP of the tile
F_RIVAL_PAY = 4  # the most VP a rival values it at and can pay for in ducats
F_SELL_GAIN = 5  # the best rival's VP beyond the seat's own (0 when not above)
F_KIND = 6  # [5 lot kinds] 1 for a lot of that kind (plantation, red, instant, scoring, special)
F_NEXT_RIVAL = 11  # a rival places next: his best VP among the tiles the chain leaves him
F_NEXT_OWN = 12  # the seat places next: its own best VP among those tiles
F_FREE_AROUND = 13  # unmarked tiles next to the cell, / 8
F_OWN_RICH = 14  # own value times the seat's ducats (at most 30) / 30
F_RIVAL_LATE = 15  # the best rival's VP times (round - 1) / 7
N_FEATURES = 16
N_KINDS = 5  # the lot kinds a tile can be (P.LOT_AXIS less the Flag)


@njit(cache=True)
def cell_values(c, s, p, params, own, rival):
    """Fill ``own[cell]`` with each grid tile's weighted VP to ``p`` and ``rival[q, cell]``
    with its VP to each other seat ``q`` as ``p`` sees it (0 for cells without a tile)."""
    st = S.fields(s)
    need = np.empty(V.NEED_SIZE, dtype=np.int64)
    V.plan_need(c, s, p, params, need)
    pr = as_seen_by(params, p)
    short = np.full(V.NEED_SIZE, 255, dtype=np.int64)
    for cell in range(L.N_CELLS):
        own[cell] = 0.0
        for q in range(L.MAX_PLAYERS):
            rival[q, cell] = 0.0
        t = st.grid[cell]
        if t < 0:
            continue
        w = tile_weight(c, p, params, t)
        own[cell] = LO.tile_vp(c, s, p, params, need, t) * w
        for q in range(st.players):
            if q != p:
                rival[q, cell] = LO.tile_vp(c, s, q, pr, short, t)


@njit(cache=True, _nrt=False)
def _free_tile(s, r, col, skip):
    """The cell at (r, col) when it holds an unmarked tile other than ``skip``, else -1."""
    st = S.fields(s)
    if r < 0 or r >= L.GRID or col < 0 or col >= L.GRID:
        return -1
    cell = r * L.GRID + col
    if cell == skip or st.grid[cell] < 0 or st.cell_marker[cell] != 0:
        return -1
    return cell


@njit(cache=True, _nrt=False)
def next_best(s, cell, values):
    """(the best of ``values`` over the unmarked tiles 8-adjacent to ``cell``, other than
    it, or over every unmarked tile when none is: G3.4; how many are adjacent)."""
    r0 = cell // L.GRID
    c0 = cell % L.GRID
    best = 0.0
    around = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            u = _free_tile(s, r0 + dr, c0 + dc, cell)
            if u >= 0:
                if around == 0 or values[u] > best:
                    best = values[u]
                around += 1
    if around == 0:
        st = S.fields(s)
        first = True
        for u in range(L.N_CELLS):
            if u != cell and st.grid[u] >= 0 and st.cell_marker[u] == 0:
                if first or values[u] > best:
                    best = values[u]
                first = False
    return best, around


@njit(cache=True)
def marker_features(c, s, params, legal, n, out):
    """Fill ``out[i, :N_FEATURES]`` with the features of legal cell ``legal[i]`` at the pending
    ``D_MARKER`` decision (``params``: the line-up table; the deciding seat's row gives the
    behaviour the values are computed with)."""
    cf = S.comp(c)
    st = S.fields(s)
    p = st.decision_player
    m = st.marker_to_place
    late = (st.round - 1) / (L.N_ROUNDS - 1.0)
    rich = min(st.ducats[p], 30) / 30.0
    own = np.zeros(L.N_CELLS)
    rival = np.zeros((L.MAX_PLAYERS, L.N_CELLS))
    cell_values(c, s, p, params, own, rival)
    # the next marker of this round (G3.2: markers 2..N+1) goes next to this one
    nxt = MK.placer(s, m + 1) if m + 1 <= st.players + 1 else -1
    pr = as_seen_by(params, p)
    dv = np.zeros(L.MAX_PLAYERS)
    for q in range(st.players):
        dv[q] = V.ducat_vp(s, q, pr)
    for i in range(n):
        for j in range(N_FEATURES):
            out[i, j] = 0.0
        cell = legal[i]
        t = st.grid[cell]
        v = own[cell]
        best = 0.0
        second = 0.0
        pay = 0.0
        for q in range(st.players):
            if q == p:
                continue
            w = rival[q, cell]
            if w > best:
                second = best
                best = w
            elif w > second:
                second = w
            afford = min(w, st.ducats[q] * dv[q])
            if afford > pay:
                pay = afford
        out[i, F_OWN] = v
        out[i, F_OWN_LATE] = v * late
        out[i, F_RIVAL_BEST] = best
        out[i, F_RIVAL_SECOND] = second
        out[i, F_RIVAL_PAY] = pay
        out[i, F_SELL_GAIN] = best - v if best > v else 0.0
        kind = P.LOT_OF_KIND[cf.tile_kind[t]]
        if kind < N_KINDS:
            out[i, F_KIND + kind] = 1.0
        if nxt >= 0:
            if nxt == p:
                nb, around = next_best(s, cell, own)
                out[i, F_NEXT_OWN] = nb
            else:
                nb, around = next_best(s, cell, rival[nxt])
                out[i, F_NEXT_RIVAL] = nb
        else:
            _, around = next_best(s, cell, own)
        out[i, F_FREE_AROUND] = around / 8.0
        out[i, F_OWN_RICH] = v * rich
        out[i, F_RIVAL_LATE] = best * late


@njit(cache=True)
def decide_marker(c, s, legal, n, params):
    """The learned player's cell at a ``D_MARKER`` decision: the legal cell whose features
    score highest under the deciding seat's weights (``LW_FIRST:LW_END``; a sum in feature
    order, so compiled and plain Python add alike); ties within the heuristic's tolerance are
    broken from the player generator, as the heuristic breaks them."""
    if n == 1:
        return legal[0]
    out = np.empty((n, N_FEATURES))
    marker_features(c, s, params, legal, n, out)
    return pick_scored(s, params[S.fields(s).decision_player], P.LW_FIRST, out, legal, n)


@njit(cache=True)
def pick_scored(s, pr, first, out, legal, n):
    """The legal action whose features ``out[i]`` score highest under the weights from column
    ``first`` of row ``pr`` (a sum in feature order, so compiled and plain Python add alike);
    ties are broken from the player generator, as the heuristic breaks them."""
    vals = np.empty(n)
    for i in range(n):
        v = 0.0
        for j in range(out.shape[1]):
            v += pr[first + j] * out[i, j]
        vals[i] = v
    return legal[best_index(s, vals, n)]
