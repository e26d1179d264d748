"""Rollouts: a determinized position played to its end by scripted policies, and Vasco da
Gama's side of the shared search drivers (:func:`search_hooks`, :mod:`vdgsim.search`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco.heuristic import work as W
from strategies.vasco.params import LEARNED_END, LW_FIRST, N_BEHAVIOUR, P_KIND, Q_ROLLOUT_KIND
from strategies.vasco.restrictions import R_ANY, filter_legal
from strategies.vasco.scripted import CACHE_WIDTH, choose_scripted
from strategies.vasco.search.determinize import determinize
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine import scoring as SC
from vdgsim.games.vasco.engine import state as S
from vdgsim.search.hooks import SearchHooks, lead_over_best


@njit(cache=True)
def rollout_table(pr, me):
    """Every seat plays the rollout preset (its behaviour is in ``pr[1:N_BEHAVIOUR]``, a learned
    preset's weights in ``pr[LW_FIRST:LEARNED_END]``); only the searching seat keeps the
    restrictions of ``pr``, so a restricted search player evaluates its own restricted play."""
    table = np.zeros((L.MAX_PLAYERS, pr.shape[0]))
    for q in range(L.MAX_PLAYERS):
        table[q, P_KIND] = pr[Q_ROLLOUT_KIND]
        for k in range(1, N_BEHAVIOUR):
            table[q, k] = pr[k]
        for k in range(LW_FIRST, LEARNED_END):
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


# Vasco da Gama's side of the shared search drivers (vdgsim.search.hooks.SearchHooks); the
# scratch is new_rollout_scratch's arrays, then ranks, shares and a filtered legal buffer.


@njit(cache=True)
def _new_scratch():
    t, log0, buf, cache, wi, wf = new_rollout_scratch()
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS)
    allowed = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    return t, log0, buf, cache, wi, wf, rank, share, allowed


@njit(cache=True, _nrt=False)
def _determinize(c, s, scratch, seed, deal, stream, me):
    # the hidden piles are the same whoever looks (RULES R9.4), so ``me`` is not needed
    determinize(c, s, scratch[0], seed, deal, stream)
    cache = scratch[3]
    for q in range(L.MAX_PLAYERS):
        cache[q, 0] = 0.0  # the heuristic's per-round cache belongs to one game


@njit(cache=True, _nrt=False)
def _play(c, s, scratch, me, code, at_root):
    # a determinization names every action as the true state does
    flow.apply(c, scratch[0], scratch[1], code)


@njit(cache=True)
def _play_out(c, scratch, table):
    play_out(c, scratch[0], scratch[1], table, scratch[2], scratch[3], scratch[4], scratch[5])


@njit(cache=True, _nrt=False)
def _outcome(scratch, seat):
    share = scratch[7]
    SC.ranks_and_shares(scratch[0], scratch[6], share)
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
        allowed = scratch[8]
        m = filter_legal(c, t, table[seat], buf, m, allowed)
        for i in range(m):
            here[i] = allowed[i]
    else:
        for i in range(m):
            here[i] = buf[i]
    return m


@njit(cache=True)
def _prior(c, s, scratch, me, untried, u, table, at_root):
    return choose_scripted(c, scratch[0], untried, u, table, scratch[3], scratch[4], scratch[5])


@njit(inline="always")
def search_hooks():
    """Vasco da Gama's :class:`vdgsim.search.hooks.SearchHooks`."""
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
