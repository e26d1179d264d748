"""Single-observer information-set MCTS (SO-ISMCTS) for any game (its side is a
:class:`vdgsim.search.hooks.SearchHooks`): the tree's arrays, availability counts, progressive
widening, UCB1 selection, backpropagation, the move played, and the iterations that grow it.

Iteration ``i`` draws determinization ``i mod dets`` (both generators reseeded for stream
``i``) and descends one tree shared by all determinizations: a node is a sequence of actions
from the root, every seat's decision is a node (rivals' too), and a child's statistics are from
the point of view of the seat that chose it.

* Selection among the children legal in this determinization: UCB1 with availability counts,
  ``mean + uct_c * sqrt(ln(avail) / visits)``, where ``avail`` counts the visits of the parent
  in which the child was legal (not the parent's visits: a child that is seldom legal would
  otherwise be over-explored). ``ln`` is :func:`ln_int`, computed with + - * / only.
* Expansion, one node per iteration, under progressive widening: a node visited ``v`` times may
  have ``1 + floor(widen * sqrt(v))`` children legal here; the next one is the rollout policy's
  own choice among the untried legal actions (a heuristic prior on which to try first).
* Rollout: the rollout policies play every seat to the end; every seat's reward (win share +
  ``margin`` * VP lead) is added along the path to the nodes it chose.

The move played is the most visited root child (ties: the first in legal order).

A tree of at most ``iters + 1`` nodes lives in fixed arrays indexed by node (node 0 is the
root): the action code that leads to it, the seat that chose it, its first child and next
sibling (children are linked newest first), its visits, availability count and total reward.
The root's children hold the true state's codes (the game's ``play`` and ``prior`` hooks map
them into a determinization); deeper nodes hold the codes of the determinization they were
made in, and every code is checked against the legal actions at hand before it is followed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

LN2 = 0.6931471805599453
ATANH_TERMS = 14  # (m-1)/(m+1) < 1/3 for m in [1, 2): 14 odd terms leave an error below 1e-13


@njit(cache=True, _nrt=False)
def ln_int(x):
    """Natural log of an integer ``x >= 1`` by arithmetic alone (no libm, so every machine
    rounds alike): ``x = m * 2**k`` with ``m`` in [1, 2), ``ln x = k ln 2 + 2 atanh(z)``,
    ``z = (m - 1) / (m + 1)``, the series summed over a fixed number of terms in a fixed order."""
    m = float(x)
    k = 0
    while m >= 2.0:
        m = m * 0.5  # exact: a power-of-two scale
        k += 1
    z = (m - 1.0) / (m + 1.0)
    z2 = z * z
    term = z
    acc = 0.0
    for j in range(ATANH_TERMS):
        acc = acc + term / (2 * j + 1)
        term = term * z2
    return k * LN2 + 2.0 * acc


@njit(cache=True, _nrt=False)
def index_of(code, legal, m):
    """Position of ``code`` in ``legal[:m]``, or -1."""
    for i in range(m):
        if legal[i] == code:
            return i
    return -1


@njit(cache=True)
def new_tree(iters):
    """Empty arrays for a tree of ``iters`` iterations (one node each, plus the root): action,
    chooser, first child, next sibling, visits, availability, total reward, and a path of node
    indices from the root."""
    cap = iters + 1
    action = np.zeros(cap, dtype=np.int64)
    chooser = np.zeros(cap, dtype=np.int64)
    first = np.full(cap, -1, dtype=np.int64)
    sibling = np.full(cap, -1, dtype=np.int64)
    visits = np.zeros(cap, dtype=np.int64)
    avail = np.zeros(cap, dtype=np.int64)
    total = np.zeros(cap)
    path = np.zeros(cap, dtype=np.int64)
    return action, chooser, first, sibling, visits, avail, total, path


@njit(cache=True, _nrt=False)
def mark_available(v, here, m, tried, action, first, sibling, avail):
    """Count one more availability for every child of ``v`` legal here (``here[:m]``), set
    ``tried[i]`` to 1 where ``here[i]`` already has a child (0 elsewhere), and return how many
    children are legal here."""
    for i in range(m):
        tried[i] = 0
    compatible = 0
    k = first[v]
    while k >= 0:
        i = index_of(action[k], here, m)
        if i >= 0:
            tried[i] = 1
            avail[k] += 1
            compatible += 1
        k = sibling[k]
    return compatible


@njit(cache=True, _nrt=False)
def may_widen(compatible, m, widen, visits):
    """True when a node visited ``visits`` times with ``compatible`` of its ``m`` legal actions
    already children takes one more: progressive widening allows ``1 + floor(widen *
    sqrt(visits))`` children legal here."""
    return compatible < m and compatible < 1 + int(widen * np.sqrt(float(visits)))


@njit(cache=True, _nrt=False)
def add_child(v, code, seat, nodes, action, chooser, first, sibling, avail):
    """Node ``nodes`` becomes the newest child of ``v``: ``code`` chosen by ``seat``, available
    once (now)."""
    action[nodes] = code
    chooser[nodes] = seat
    avail[nodes] = 1
    sibling[nodes] = first[v]
    first[v] = nodes
    return nodes


@njit(cache=True, _nrt=False)
def select_child(v, here, m, uct_c, action, first, sibling, visits, avail, total):
    """The child of ``v`` legal here with the best UCB1 score with availability counts,
    ``mean + uct_c * sqrt(ln(avail) / visits)`` (ties: the newest); ``avail`` counts the visits
    of the parent in which the child was legal, so a child seldom legal is not over-explored."""
    best = -1
    best_score = 0.0
    k = first[v]
    while k >= 0:
        if index_of(action[k], here, m) >= 0:
            ln_v = ln_int(avail[k])
            score = total[k] / visits[k] + uct_c * np.sqrt(ln_v / visits[k])
            if best < 0 or score > best_score:
                best = k
                best_score = score
        k = sibling[k]
    return best


@njit(cache=True, _nrt=False)
def backpropagate(path, depth, chooser, gain, visits, total):
    """Add one visit to the root and to every node of ``path[:depth]``, and to each node the
    reward ``gain`` of the seat that chose it."""
    visits[0] += 1
    for d in range(depth):
        k = path[d]
        visits[k] += 1
        total[k] += gain[chooser[k]]


@njit(cache=True, _nrt=False)
def most_visited(legal, n, action, first, sibling, visits):
    """The root child with the most visits (ties: the first in ``legal[:n]`` order)."""
    pick = legal[0]
    most = -1
    for i in range(n):
        k = first[0]
        while k >= 0:
            if action[k] == legal[i] and visits[k] > most:
                most = visits[k]
                pick = legal[i]
            k = sibling[k]
    return pick


@njit(inline="always")
def grow_tree(
    c, s, legal, n, me, players, seed, iters, dets, uct_c, widen, margin, table, max_legal, hooks
):
    """The search tree after ``iters`` iterations from ``s`` for seat ``me`` (see the module
    docstring): per node its action, the seat that chose it, first child, next sibling,
    visits, availability count and total reward, and the number of nodes (node 0 is the root,
    whose children hold codes of ``legal[:n]``). ``table`` holds the rollout policies."""
    scratch = hooks.new_scratch()
    gain = np.zeros(players)
    action, chooser, first, sibling, visits, avail, total, path = new_tree(iters)
    here = np.zeros(max_legal, dtype=np.int64)  # the legal actions at the current node
    untried = np.zeros(max_legal, dtype=np.int64)
    tried = np.zeros(max_legal, dtype=np.int64)  # 1 where here[i] already has a child
    nodes = 1
    for it in range(iters):
        hooks.determinize(c, s, scratch, seed, it % dets, it, me)
        v = 0
        depth = 0
        expanded = False
        while not expanded and not hooks.is_over(scratch):
            if v == 0:
                m = n  # the root's candidates are given (restrictions already applied)
                for i in range(n):
                    here[i] = legal[i]
            else:
                m = hooks.legal_here(c, scratch, table, here)
            compatible = mark_available(v, here, m, tried, action, first, sibling, avail)
            if may_widen(compatible, m, widen, visits[v]):
                u = 0
                for i in range(m):
                    if tried[i] == 0:
                        untried[u] = here[i]
                        u += 1
                a = hooks.prior(c, s, scratch, me, untried, u, table, v == 0)
                seat = hooks.decision_player(scratch)
                k = add_child(v, a, seat, nodes, action, chooser, first, sibling, avail)
                nodes += 1
                expanded = True
            else:
                k = select_child(v, here, m, uct_c, action, first, sibling, visits, avail, total)
            hooks.play(c, s, scratch, me, action[k], v == 0)
            path[depth] = k
            depth += 1
            v = k
        if not hooks.is_over(scratch):
            hooks.play_out(c, scratch, table)
        for q in range(players):
            share, lead = hooks.outcome(scratch, q)
            gain[q] = share + margin * lead
        backpropagate(path, depth, chooser, gain, visits, total)
    return action, chooser, first, sibling, visits, avail, total, nodes
