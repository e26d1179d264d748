"""``ismcts``: single-observer information-set Monte Carlo tree search (SO-ISMCTS) of
:mod:`vdgsim.search.tree` over Vasco da Gama's determinizations and rollouts
(:func:`.rollout.search_hooks`).

At each of its decisions with more than one legal action the player draws a search seed from
the game's player generator and runs ``iters`` iterations over ``dets`` determinizations
(:mod:`.determinize`: the hidden piles redrawn from public information, RULES R9.4); the
rollout preset is the prior of the expansions and plays every seat in the rollouts
(:mod:`.rollout`). The move played is the most visited root child.
"""

from __future__ import annotations

from numba import njit

from strategies.vasco.params import Q_DETS, Q_ITERS, Q_MARGIN, Q_UCT_C, Q_WIDEN
from strategies.vasco.search.determinize import draw_seed
from strategies.vasco.search.rollout import rollout_table, search_hooks
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import state as S
from vdgsim.search import tree


@njit(cache=True)
def decide_ismcts(c, s, legal, n, pr):
    """The action of the deciding seat by SO-ISMCTS (see the module docstring)."""
    if n == 1:
        return legal[0]
    grown = grow_tree(c, s, legal, n, pr)
    return tree.most_visited(legal, n, grown[0], grown[2], grown[3], grown[4])


@njit(cache=True)
def grow_tree(c, s, legal, n, pr):
    """The search tree of :func:`vdgsim.search.tree.grow_tree` after ``iters`` iterations from
    ``s`` (draws the search seed from the player generator of ``s``)."""
    st = S.fields(s)
    me = st.decision_player
    iters = max(1, int(pr[Q_ITERS]))
    dets = max(1, int(pr[Q_DETS]))
    return tree.grow_tree(
        c, s, legal, n, me, st.players, draw_seed(s), iters, dets, pr[Q_UCT_C], pr[Q_WIDEN],
        pr[Q_MARGIN], rollout_table(pr, me), L.MAX_LEGAL, search_hooks(),
    )  # fmt: skip
