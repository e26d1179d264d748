"""``ismcts``: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

At each of its decisions with more than one legal action the player draws a search seed from
the game's player generator and runs ``iters`` iterations. Iteration ``i`` draws determinization
``i mod dets`` (:mod:`.determinize`: the hidden piles redrawn from public information, both
generators reseeded for stream ``i``) and descends one tree shared by all determinizations:
a node is a sequence of actions from the root, every seat's decision is a node (rivals'
too), and a child's statistics are from the point of view of the seat that chose it.

* Selection among the children legal in this determinization: UCB1 with availability counts,
  ``mean + uct_c * sqrt(ln(avail) / visits)``, where ``avail`` counts the visits of the parent
  in which the child was legal (not the parent's visits: a child that is seldom legal would
  otherwise be over-explored). ``ln`` is :func:`vdgsim.uct.ln_int`, computed with + - * / only.
* Expansion, one node per iteration, under progressive widening: a node visited ``v`` times may
  have ``1 + floor(widen * sqrt(v))`` children legal here; the next one is the rollout preset's
  own choice among the untried legal actions (a heuristic prior on which to try first).
* Rollout: the rollout preset plays every seat to the end (:mod:`.rollout`); every seat's
  reward (win share + ``margin`` * VP lead) is added along the path to the nodes it chose.

The move played is the most visited root child (ties: the first in legal order). Nodes live in
fixed arrays of ``iters + 1`` entries (root + one per iteration), children as first-child /
next-sibling links holding the action code. The game-free parts (the tree's arrays,
availability, widening, selection, backpropagation, the move played) are :mod:`vdgsim.uct`,
shared with Goa's ``ismcts``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.params import Q_DETS, Q_ITERS, Q_MARGIN, Q_UCT_C, Q_WIDEN
from strategies.restrictions import R_ANY, filter_legal
from strategies.scripted import choose_scripted
from strategies.search.determinize import determinize, draw_seed
from strategies.search.rollout import new_rollout_scratch, play_out, reward, rollout_table
from vdgsim import layout as L
from vdgsim.engine import flow
from vdgsim.engine import state as S
from vdgsim.search.tree import (
    add_child,
    backpropagate,
    mark_available,
    may_widen,
    most_visited,
    new_tree,
    select_child,
)


@njit(cache=True)
def decide_ismcts(c, s, legal, n, pr):
    """The action of the deciding seat by SO-ISMCTS (see the module docstring)."""
    if n == 1:
        return legal[0]
    tree = grow_tree(c, s, legal, n, pr)
    return most_visited(legal, n, tree[0], tree[2], tree[3], tree[4])


@njit(cache=True)
def grow_tree(c, s, legal, n, pr):
    """The search tree after ``iters`` iterations from ``s`` (draws the search seed from the
    player generator of ``s``): per node its action, the seat that chose it, first child, next
    sibling, visits, availability count and total reward, and the number of nodes (node 0 is
    the root)."""
    st = S.fields(s)
    me = st.decision_player
    seed = draw_seed(s)
    iters = max(1, int(pr[Q_ITERS]))
    dets = max(1, int(pr[Q_DETS]))
    uct_c = pr[Q_UCT_C]
    widen = pr[Q_WIDEN]
    margin = pr[Q_MARGIN]
    table = rollout_table(pr, me)
    players = st.players
    t, log0, buf, cache, wi, wf = new_rollout_scratch()
    ts = S.fields(t)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS)
    gain = np.zeros(L.MAX_PLAYERS)
    action, chooser, first, sibling, visits, avail, total, path = new_tree(iters)
    here = np.zeros(L.MAX_LEGAL, dtype=np.int64)  # the legal actions at the current node
    allowed = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    untried = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    tried = np.zeros(L.MAX_LEGAL, dtype=np.int64)  # 1 where here[i] already has a child
    nodes = 1
    for it in range(iters):
        determinize(c, s, t, seed, it % dets, it)
        for q in range(L.MAX_PLAYERS):
            cache[q, 0] = 0.0  # the heuristic's per-round cache belongs to one game
        v = 0
        depth = 0
        expanded = False
        while not expanded and ts.step != L.ST_OVER:
            if v == 0:
                m = n  # the root's candidates are given (restrictions already applied)
                for i in range(n):
                    here[i] = legal[i]
            else:
                m = flow.legal_actions(c, t, buf)
                seat = ts.decision_player
                if table[seat, R_ANY] > 0:
                    m = filter_legal(c, t, table[seat], buf, m, allowed)
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
                a = choose_scripted(c, t, untried, u, table, cache, wi, wf)
                k = add_child(
                    v, a, ts.decision_player, nodes, action, chooser, first, sibling, avail
                )
                nodes += 1
                expanded = True
            else:
                k = select_child(v, here, m, uct_c, action, first, sibling, visits, avail, total)
            flow.apply(c, t, log0, action[k])
            path[depth] = k
            depth += 1
            v = k
        if ts.step != L.ST_OVER:
            play_out(c, t, log0, table, buf, cache, wi, wf)
        for q in range(players):
            gain[q] = reward(t, q, margin, rank, share)
        backpropagate(path, depth, chooser, gain, visits, total)
    return action, chooser, first, sibling, visits, avail, total, nodes
