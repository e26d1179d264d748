"""``ismcts`` for Goa: the single-observer information-set Monte Carlo tree search (SO-ISMCTS)
of :mod:`vdgsim.search.tree` over Goa's determinizations (:mod:`.determinize`), rollouts and
engine (:func:`.rollout.search_hooks`).

At each of its decisions with more than one legal action the player draws a search seed from
the game's player generator and runs ``iters`` iterations over ``dets`` redraws of what the
deciding seat may not see (G9.5); the rollout preset is the prior of the expansions (where the
heuristic computes its choice instead of picking it, a bid, Draw, Extra, it takes the first
untried action when its choice was tried already) and plays every seat in the rollouts. A
reward is the win share (ties split, G8.5) + ``margin`` * VP lead over the best rival.

Action codes. The root's children hold the true state's codes (what the player will play) and
are played in a determinization through :func:`.determinize.action_in`: a Gift choice of an
unseen Mission is the k-th unseen Mission of the pool in both. Deeper nodes hold the codes of
the determinization they were made in, unmapped: only a Gift choice names a hidden thing by an
id that a redraw relabels (cards are named by card id, and a rival's hand is redealt in every
determinization, so a rival's card play is a node only where that card was dealt to him, as in
any SO-ISMCTS), and a Gift decision is rare below the root. Such a node is merely less often
legal (its availability count says so), never wrong: every code is checked against the legal
actions of the determinization at hand before it is followed.

A restricted search player's candidates are the actions its restrictions allow
(:func:`strategies.goa.policy.choose` filters the root); inside the tree and in the rollouts
its own seat plays restricted too (:func:`.rollout.rollout_table`).

``decisions``, as for ``mc``: a root decision of a kind left out is the rollout preset's choice;
inside the tree every decision is searched.
"""

from __future__ import annotations

from numba import njit

from strategies.goa.scripted import choose_scripted
from strategies.goa.search.determinize import draw_seed
from strategies.goa.search.params import (
    Q_DECISIONS,
    Q_DETS,
    Q_ITERS,
    Q_MARGIN,
    Q_UCT_C,
    Q_WIDEN,
)
from strategies.goa.search.rollout import search_hooks
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.search import tree


@njit(cache=True)
def decide_ismcts(c, s, legal, n, pr, table):
    """The action of the deciding seat by SO-ISMCTS (see the module docstring); ``table`` holds
    the rollout policies (:func:`.rollout.rollout_table`)."""
    if n == 1:
        return legal[0]
    kinds = int(pr[Q_DECISIONS])
    if kinds != 0 and not (kinds >> S.fields(s).decision) & 1:
        # a diagnostic: the other kinds are decided as the rollout preset would
        return choose_scripted(c, s, legal, n, table)
    grown = grow_tree(c, s, legal, n, pr, table)
    return tree.most_visited(legal, n, grown[0], grown[2], grown[3], grown[4])


@njit(cache=True)
def grow_tree(c, s, legal, n, pr, table):
    """The search tree of :func:`vdgsim.search.tree.grow_tree` after ``iters`` iterations from
    ``s`` (draws the search seed from the player generator of ``s``)."""
    st = S.fields(s)
    me = st.decision_player
    iters = max(1, int(pr[Q_ITERS]))
    dets = max(1, int(pr[Q_DETS]))
    return tree.grow_tree(
        c, s, legal, n, me, st.players, draw_seed(s), iters, dets, pr[Q_UCT_C], pr[Q_WIDEN],
        pr[Q_MARGIN], table, L.MAX_LEGAL, search_hooks(),
    )  # fmt: skip
