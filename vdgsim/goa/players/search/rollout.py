"""Rollouts: a determinized Goa position played to its end by scripted policies, and its reward.

The rollout players are the scripted policies of
:func:`vdgsim.goa.players.scripted.choose_scripted`
(random or heuristic); that dispatch never reaches a search player, so a rollout cannot
recurse into the search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.engine import flow
from vdgsim.goa.engine import scoring as SC
from vdgsim.goa.players.params import LW_END, LW_FIRST, N_BEHAVIOUR, P_KIND, R_ANY
from vdgsim.goa.players.scripted import choose_scripted
from vdgsim.goa.players.search.params import Q_ROLLOUT_KIND
from vdgsim.search_reward import lead_over_best


@njit(cache=True)
def rollout_table(pr, me):
    """Every seat plays the rollout preset kept in the search row ``pr`` (its behaviour below
    ``N_BEHAVIOUR``, a learned preset's weights in ``LW_FIRST:LW_END``, its kind in
    ``Q_ROLLOUT_KIND``); only the searching seat ``me`` keeps the
    restrictions of ``pr``, so a restricted search player evaluates its own restricted play.
    The search columns stay zero."""
    table = np.zeros((L.MAX_PLAYERS, pr.shape[0]))
    for q in range(L.MAX_PLAYERS):
        for k in range(N_BEHAVIOUR):
            table[q, k] = pr[k]
        for k in range(LW_FIRST, LW_END):
            table[q, k] = pr[k]
        table[q, P_KIND] = pr[Q_ROLLOUT_KIND]
    for k in range(N_BEHAVIOUR, R_ANY + 1):
        table[me, k] = pr[k]
    return table


@njit(cache=True)
def play_out(c, t, log0, table, legal):
    """Play ``t`` to its end with the scripted policies of ``table`` (no event log kept)."""
    st = S.fields(t)
    while st.step != L.ST_OVER:
        n = flow.legal_actions(c, t, legal)
        flow.apply(c, t, log0, choose_scripted(c, t, legal, n, table))


@njit(cache=True, _nrt=False)
def vp_lead(t, me):
    """Seat ``me``'s VP minus the best rival's (negative when behind)."""
    st = S.fields(t)
    return lead_over_best(st.vp, st.players, me)


@njit(cache=True, _nrt=False)
def reward(t, me, margin, rank, share):
    """Seat ``me``'s win share (ties split, G8.5) plus ``margin`` per VP of lead over the best
    rival: the share decides, the margin tells a near win from a rout."""
    SC.ranks_and_shares(t, rank, share)
    return share[me] + margin * vp_lead(t, me)
