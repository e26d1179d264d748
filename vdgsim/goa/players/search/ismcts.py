"""``ismcts`` for Goa: the single-observer information-set Monte Carlo tree search (SO-ISMCTS) of
Vasco da Gama's :mod:`strategies.search.ismcts` over Goa's determinizations
(:mod:`.determinize`), rollouts (:mod:`.rollout`) and engine; the game-free parts are
:mod:`vdgsim.uct`.

At each of its decisions with more than one legal action the player draws a search seed from
the game's player generator and runs ``iters`` iterations. Iteration ``i`` draws determinization
``i mod dets`` (the hidden part redrawn from what the deciding seat may see, G9.5, both
generators reseeded for stream ``i``) and descends one tree shared by all determinizations: a
node is a sequence of actions from the root, every seat's decision is a node (rivals' too), and
a child's statistics are from the point of view of the seat that chose it.

* Selection among the children legal in this determinization: UCB1 with availability counts
  (:func:`vdgsim.uct.select_child`).
* Expansion, one node per iteration, under progressive widening (``1 + floor(widen *
  sqrt(visits))`` children legal here); the next child is the rollout preset's own choice among
  the untried legal actions (where the heuristic computes its choice instead of picking it, a
  bid, Draw, Extra, it takes the first untried action when its choice was tried already).
* Rollout: the rollout preset plays every seat to the end; every seat's reward (win share, ties
  split, G8.5, + ``margin`` * VP lead over the best rival) is added along the path to the nodes
  it chose.

The move played is the most visited root child (ties: the first in legal order).

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
(:func:`vdgsim.goa.players.policy.choose` filters the root); inside the tree and in the rollouts
its own seat plays restricted too (:func:`.rollout.rollout_table`).

``decisions``, as for ``mc``: a root decision of a kind left out is the rollout preset's choice;
inside the tree every decision is searched.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.engine import flow
from vdgsim.goa.players.params import R_ANY
from vdgsim.goa.players.restrictions import filter_legal
from vdgsim.goa.players.scripted import choose_scripted
from vdgsim.goa.players.search.determinize import action_in, determinize, draw_seed
from vdgsim.goa.players.search.params import (
    Q_DECISIONS,
    Q_DETS,
    Q_ITERS,
    Q_MARGIN,
    Q_UCT_C,
    Q_WIDEN,
)
from vdgsim.goa.players.search.rollout import play_out, reward
from vdgsim.search.tree import (
    add_child,
    backpropagate,
    index_of,
    mark_available,
    may_widen,
    most_visited,
    new_tree,
    select_child,
)


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
    tree = grow_tree(c, s, legal, n, pr, table)
    return most_visited(legal, n, tree[0], tree[2], tree[3], tree[4])


@njit(cache=True)
def grow_tree(c, s, legal, n, pr, table):
    """The search tree after ``iters`` iterations from ``s`` (draws the search seed from the
    player generator of ``s``): per node its action, the seat that chose it, first child, next
    sibling, visits, availability count and total reward, and the number of nodes (node 0 is
    the root, whose children hold codes of ``legal``)."""
    st = S.fields(s)
    me = st.decision_player
    seed = draw_seed(s)
    iters = max(1, int(pr[Q_ITERS]))
    dets = max(1, int(pr[Q_DETS]))
    uct_c = pr[Q_UCT_C]
    widen = pr[Q_WIDEN]
    margin = pr[Q_MARGIN]
    players = st.players
    t = np.zeros(L.S_SIZE, dtype=np.int64)
    ts = S.fields(t)
    log0 = np.zeros((0, L.LOG_WIDTH), dtype=np.int64)
    buf = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    allowed = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS)
    gain = np.zeros(L.MAX_PLAYERS)
    action, chooser, first, sibling, visits, avail, total, path = new_tree(iters)
    here = np.zeros(L.MAX_LEGAL, dtype=np.int64)  # the legal actions at the current node
    untried = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    mapped = np.zeros(L.MAX_LEGAL, dtype=np.int64)  # untried root codes as the determinization
    tried = np.zeros(L.MAX_LEGAL, dtype=np.int64)  # 1 where here[i] already has a child
    nodes = 1
    for it in range(iters):
        determinize(c, s, t, seed, it % dets, it, me)
        v = 0
        depth = 0
        expanded = False
        while not expanded and ts.step != L.ST_OVER:
            if v == 0:
                m = n
                for i in range(n):
                    here[i] = legal[i]
            else:
                m = flow.legal_actions(c, t, buf)
                if table[ts.decision_player, R_ANY] > 0:
                    # the searching seat's restricted play, as in its rollouts
                    m = filter_legal(c, t, table[ts.decision_player], buf, m, allowed)
                    for i in range(m):
                        here[i] = allowed[i]
                else:
                    for i in range(m):
                        here[i] = buf[i]
            compatible = mark_available(v, here, m, tried, action, first, sibling, avail)
            if may_widen(compatible, m, widen, visits[v]):
                u = 0
                for i in range(m):
                    if tried[i] == 0:
                        untried[u] = here[i]
                        u += 1
                for i in range(u):
                    # the prior judges the root's codes as they stand in this determinization
                    mapped[i] = action_in(c, s, t, me, untried[i]) if v == 0 else untried[i]
                # a scripted player always names one of the listed actions
                a = untried[index_of(choose_scripted(c, t, mapped, u, table), mapped, u)]
                k = add_child(
                    v, a, ts.decision_player, nodes, action, chooser, first, sibling, avail
                )
                nodes += 1
                expanded = True
            else:
                k = select_child(v, here, m, uct_c, action, first, sibling, visits, avail, total)
            flow.apply(c, t, log0, action_in(c, s, t, me, action[k]) if v == 0 else action[k])
            path[depth] = k
            depth += 1
            v = k
        if ts.step != L.ST_OVER:
            play_out(c, t, log0, table, buf)
        for q in range(players):
            gain[q] = reward(t, q, margin, rank, share)
        backpropagate(path, depth, chooser, gain, visits, total)
    return action, chooser, first, sibling, visits, avail, total, nodes
