"""Rollouts: a determinized position played to its end by scripted policies, and its reward."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.heuristic import work as W
from strategies.params import LW_END, LW_FIRST, N_BEHAVIOUR, P_KIND, Q_ROLLOUT_KIND
from strategies.restrictions import R_ANY
from strategies.scripted import CACHE_WIDTH, choose_scripted
from vdgsim import layout as L
from vdgsim.engine import flow
from vdgsim.engine import scoring as SC
from vdgsim.engine import state as S
from vdgsim.search_reward import lead_over_best


@njit(cache=True)
def rollout_table(pr, me):
    """Every seat plays the rollout preset (its behaviour is in ``pr[1:N_BEHAVIOUR]``, a learned
    preset's weights in ``pr[LW_FIRST:LW_END]``); only the searching seat keeps the
    restrictions of ``pr``, so a restricted search player evaluates its own restricted play."""
    table = np.zeros((L.MAX_PLAYERS, pr.shape[0]))
    for q in range(L.MAX_PLAYERS):
        table[q, P_KIND] = pr[Q_ROLLOUT_KIND]
        for k in range(1, N_BEHAVIOUR):
            table[q, k] = pr[k]
        for k in range(LW_FIRST, LW_END):
            table[q, k] = pr[k]
    for k in range(N_BEHAVIOUR, R_ANY + 1):
        table[me, k] = pr[k]
    return table


@njit(cache=True)
def play_out(c, t, log0, table, legal, cache, wi, wf):
    """Play ``t`` to its end with the scripted policies of ``table`` (no event log kept)."""
    for q in range(L.MAX_PLAYERS):
        cache[q, 0] = 0.0  # the heuristic's per-round cache belongs to one game
    st = S.fields(t)
    while st.step != L.ST_OVER:
        n = flow.legal_actions(c, t, legal)
        flow.apply(c, t, log0, choose_scripted(c, t, legal, n, table, cache, wi, wf))


@njit(cache=True, _nrt=False)
def vp_lead(t, me):
    """Seat ``me``'s VP minus the best rival's (negative when behind)."""
    st = S.fields(t)
    return lead_over_best(st.vp, st.players, me)


@njit(cache=True, _nrt=False)
def reward(t, me, margin, rank, share):
    """Seat ``me``'s win share (ties split) plus ``margin`` VP-weighted lead over the best
    rival: the share decides, the margin tells a near win from a rout."""
    SC.ranks_and_shares(t, rank, share)
    return share[me] + margin * vp_lead(t, me)


@njit(cache=True)
def new_rollout_scratch():
    """(state, empty log, legal buffer, heuristic cache, int work, float work) for rollouts."""
    return (
        np.zeros(L.S_SIZE, dtype=np.int64),
        np.zeros((0, L.LOG_WIDTH), dtype=np.int64),
        np.zeros(L.MAX_LEGAL, dtype=np.int64),
        np.zeros((L.MAX_PLAYERS, CACHE_WIDTH)),
        np.zeros(W.WI_SIZE, dtype=np.int64),
        np.zeros(W.WF_SIZE),
    )
