"""``mc`` for Goa: the flat Monte Carlo search of Vasco da Gama's :mod:`strategies.search.mc`
(successive halving over the legal actions, common random numbers: a candidate's k-th rollout
uses determinization ``k mod dets`` and the k-th generator streams) over Goa's determinizations
(:mod:`.determinize`) and rollouts (:mod:`.rollout`). The search seed comes from the game's
player generator, so a decision is a pure function of the game. With ``decisions`` set, only
those decision kinds are searched; the others are the rollout preset's choice, so
a game against that preset tells how much the search gains on those kinds alone."""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.engine import flow
from vdgsim.goa.players.scripted import choose_scripted
from vdgsim.goa.players.search.determinize import action_in, determinize, draw_seed
from vdgsim.goa.players.search.params import Q_DECISIONS, Q_DETS, Q_MARGIN, Q_ROLLOUTS
from vdgsim.goa.players.search.rollout import play_out, reward
from vdgsim.halving import halving_rounds, rank_by_total


@njit(cache=True)
def decide_mc(c, s, legal, n, pr, table):
    """The action of the deciding seat by flat Monte Carlo (see the module docstring);
    ``table`` holds the rollout policies (:func:`.rollout.rollout_table`)."""
    if n == 1:
        return legal[0]
    kinds = int(pr[Q_DECISIONS])
    if kinds != 0 and not (kinds >> S.fields(s).decision) & 1:
        # a diagnostic: the other kinds are decided as the rollout preset would
        return choose_scripted(c, s, legal, n, table)
    me = S.fields(s).decision_player
    seed = draw_seed(s)
    dets = max(1, int(pr[Q_DETS]))
    budget = int(pr[Q_ROLLOUTS])
    margin = pr[Q_MARGIN]
    t = np.zeros(L.S_SIZE, dtype=np.int64)
    log0 = np.zeros((0, L.LOG_WIDTH), dtype=np.int64)
    buf = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS)
    total = np.zeros(n)
    alive = np.arange(n)
    m = n
    rounds = halving_rounds(n)
    done = 0
    for _ in range(rounds):
        each = max(1, budget // rounds // m)
        for i in range(m):
            a = alive[i]
            for k in range(done, done + each):
                determinize(c, s, t, seed, k % dets, k, me)
                flow.apply(c, t, log0, action_in(c, s, t, me, legal[a]))
                play_out(c, t, log0, table, buf)
                total[a] += reward(t, me, margin, rank, share)
        done += each
        rank_by_total(alive, m, total)
        m = (m + 1) // 2
    return legal[alive[0]]
