"""Determinizations: copies of a state whose hidden part is redrawn from public information.

Hidden (RULES R9.4, :mod:`vdgsim.games.vasco.observation`): the order of the face-down Vasco da Gama
tiles, merchant ships and project tiles, both random generators and the game's seed. A
determinization keeps everything public, puts each face-down pile in a canonical order (sorted, so
the true order cannot leak through) and shuffles it with its own generator, then reseeds the chance
generator (future bag draws and deals) and the player generator (the players' future random
picks). The same ``(seed, deal, stream)`` gives the same determinization on any machine.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.rng import next_u63, seed_stream, shuffle


@njit(cache=True, _nrt=False)
def draw_seed(s):
    """A non-negative 63-bit search seed from the game's player generator (the generator
    every policy draws its random picks from), so a search is a pure function of the game."""
    return next_u63(s, L.S_RNG_PLAYER)


@njit(cache=True, _nrt=False)
def _redraw(t, lo, hi):
    """Sort ``t[lo:hi]`` (what is public: which tiles) then shuffle it with the chance
    generator of ``t`` (a fresh stream, see :func:`determinize`)."""
    for i in range(lo + 1, hi):
        j = i
        while j > lo and t[j - 1] > t[j]:
            t[j - 1], t[j] = t[j], t[j - 1]
            j -= 1
    if hi - lo > 1:
        shuffle(t, L.S_RNG_CHANCE, t, lo, hi - lo)


@njit(cache=True, _nrt=False)
def determinize(c, s, t, seed, deal, stream):
    """``t`` := ``s`` with the face-down piles in the order of ``deal`` and both generators
    seeded for ``stream`` (the same ``deal`` gives the same piles whatever the stream). The
    three kinds of stream ids (deal shuffles, chance, players) never coincide."""
    st = S.fields(t)
    for i in range(s.shape[0]):
        t[i] = s[i]
    seed_stream(t, L.S_RNG_CHANCE, seed, 2 + 3 * deal)
    vdg_from = st.vdg_discarded + st.vdg_face_up
    _redraw(t, L.S_VDG_ORDER + vdg_from, L.S_VDG_ORDER + L.N_VDG)
    _redraw(t, L.S_MERCH_ORDER + st.merchant_top + 1, L.S_MERCH_ORDER + L.N_MERCHANTS)
    # project decks I, II, III are dealt in turn from one order; each shows its top tile
    start = 0
    for d in range(3):
        end = start
        for k in range(L.N_PROJECTS):
            if S.comp(c).proj_deck[k] == d:
                end += 1
        first = max(start, st.project_next)
        if end - first > 1:
            _redraw(t, L.S_PROJ_ORDER + first + 1, L.S_PROJ_ORDER + end)
        start = end
    seed_stream(t, L.S_RNG_CHANCE, seed, 3 + 3 * stream)
    seed_stream(t, L.S_RNG_PLAYER, seed, 4 + 3 * stream)
    st.seed = 0
