"""Flat Monte Carlo search with successive halving, for any game (its side is a
:class:`vdgsim.search.hooks.SearchHooks`), and the rollout values ``vdg regret`` samples with.

Every candidate is evaluated by rollouts: apply it to a determinization and let the rollout
policies play every seat to the end. Candidates are compared on common random numbers: a
candidate's k-th rollout uses determinization ``k mod dets`` and the k-th generator streams,
the same for every candidate. Successive halving: the budget of ``rollouts`` per decision is
split evenly over ``ceil(log2(candidates))`` rounds; after each round the better half (by
total reward, equal counts) goes on, and the last survivor is played. A rollout's reward is
the searching seat's win share (ties split) plus ``margin`` per VP of lead over the best
rival: the share decides, the margin tells a near win from a rout.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, _nrt=False)
def halving_rounds(n):
    """Rounds of halving that take ``n`` candidates down to one."""
    r = 0
    m = n
    while m > 1:
        m = (m + 1) // 2
        r += 1
    return r


@njit(cache=True, _nrt=False)
def rank_by_total(alive, m, total):
    """Order ``alive[:m]`` by total reward, best first (ties keep the legal-action order)."""
    for i in range(1, m):
        j = i
        while j > 0 and total[alive[j - 1]] < total[alive[j]]:
            alive[j - 1], alive[j] = alive[j], alive[j - 1]
            j -= 1


@njit(inline="always")
def flat_search(c, s, legal, n, me, seed, rollouts, dets, margin, table, hooks):
    """The candidate of ``legal[:n]`` that survives successive halving for seat ``me`` (see
    the module docstring); ``table`` holds the rollout policies, ``seed`` the search seed."""
    scratch = hooks.new_scratch()
    total = np.zeros(n)
    alive = np.arange(n)
    m = n
    rounds = halving_rounds(n)
    done = 0
    for _ in range(rounds):
        each = max(1, rollouts // rounds // m)
        for i in range(m):
            a = alive[i]
            for k in range(done, done + each):
                hooks.determinize(c, s, scratch, seed, k % dets, k, me)
                hooks.play(c, s, scratch, me, legal[a], True)
                hooks.play_out(c, scratch, table)
                share, lead = hooks.outcome(scratch, me)
                total[a] += share + margin * lead
        done += each
        rank_by_total(alive, m, total)
        m = (m + 1) // 2
    return legal[alive[0]]


@njit(inline="always")
def rollout_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead, hooks):
    """Fill ``share[a, k]`` (seat ``me``'s win share, ties split) and ``lead[a, k]`` (its VP
    minus the best rival's) of rollout ``k`` after legal action ``a``: rollout ``k`` of every
    action starts from determinization ``k mod dets`` with the k-th generator streams (common
    random numbers), and ``table``'s policies play every seat to the end."""
    scratch = hooks.new_scratch()
    for a in range(n):
        for k in range(rollouts):
            hooks.determinize(c, s, scratch, seed, k % dets, k, me)
            hooks.play(c, s, scratch, me, legal[a], True)
            hooks.play_out(c, scratch, table)
            share[a, k], lead[a, k] = hooks.outcome(scratch, me)
