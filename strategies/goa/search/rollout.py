"""Rollouts: a determinized Goa position played to its end by scripted policies, and Goa's side
of the shared search drivers (:func:`search_hooks`, :mod:`vdgsim.search`).

The rollout players are the scripted policies of
:func:`strategies.goa.scripted.choose_scripted`
(random or heuristic); that dispatch never reaches a search player, so a rollout cannot
recurse into the search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa.params import LW_END, LW_FIRST, N_BEHAVIOUR, P_KIND, R_ANY
from strategies.goa.restrictions import filter_legal
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.determinize import action_in, determinize
from strategies.goa.search.params import Q_ROLLOUT_KIND
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.engine import scoring as SC
from vdgsim.search.hooks import SearchHooks, lead_over_best
from vdgsim.search.tree import index_of


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


# Goa's side of the shared search drivers (vdgsim.search.hooks.SearchHooks); the scratch is
# the determinization, an empty log, legal buffers, ranks, shares and the root codes mapped
# into the determinization.


@njit(cache=True)
def _new_scratch():
    return (
        np.zeros(L.S_SIZE, dtype=np.int64),
        np.zeros((0, L.LOG_WIDTH), dtype=np.int64),
        np.zeros(L.MAX_LEGAL, dtype=np.int64),
        np.zeros(L.MAX_PLAYERS, dtype=np.int64),
        np.zeros(L.MAX_PLAYERS),
        np.zeros(L.MAX_LEGAL, dtype=np.int64),
        np.zeros(L.MAX_LEGAL, dtype=np.int64),
    )


@njit(cache=True)
def _determinize(c, s, scratch, seed, deal, stream, me):
    determinize(c, s, scratch[0], seed, deal, stream, me)


@njit(cache=True, _nrt=False)
def _play(c, s, scratch, me, code, at_root):
    t = scratch[0]
    flow.apply(c, t, scratch[1], action_in(c, s, t, me, code) if at_root else code)


@njit(cache=True)
def _play_out(c, scratch, table):
    play_out(c, scratch[0], scratch[1], table, scratch[2])


@njit(cache=True, _nrt=False)
def _outcome(scratch, seat):
    share = scratch[4]
    SC.ranks_and_shares(scratch[0], scratch[3], share)
    return share[seat], vp_lead(scratch[0], seat)


@njit(cache=True, _nrt=False)
def _is_over(scratch):
    return S.fields(scratch[0]).step == L.ST_OVER


@njit(cache=True, _nrt=False)
def _decision_player(scratch):
    return S.fields(scratch[0]).decision_player


@njit(cache=True)
def _legal_here(c, scratch, table, here):
    t = scratch[0]
    buf = scratch[2]
    m = flow.legal_actions(c, t, buf)
    seat = S.fields(t).decision_player
    if table[seat, R_ANY] > 0:
        # the searching seat's restricted play, as in its rollouts
        allowed = scratch[5]
        m = filter_legal(c, t, table[seat], buf, m, allowed)
        for i in range(m):
            here[i] = allowed[i]
    else:
        for i in range(m):
            here[i] = buf[i]
    return m


@njit(cache=True)
def _prior(c, s, scratch, me, untried, u, table, at_root):
    t = scratch[0]
    mapped = scratch[6]
    for i in range(u):
        # the prior judges the root's codes as they stand in this determinization
        mapped[i] = action_in(c, s, t, me, untried[i]) if at_root else untried[i]
    # a scripted player always names one of the listed actions
    return untried[index_of(choose_scripted(c, t, mapped, u, table), mapped, u)]


@njit(inline="always")
def search_hooks():
    """Goa's :class:`vdgsim.search.hooks.SearchHooks`."""
    return SearchHooks(
        _new_scratch,
        _determinize,
        _play,
        _play_out,
        _outcome,
        _is_over,
        _decision_player,
        _legal_here,
        _prior,
    )
