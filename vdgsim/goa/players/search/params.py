"""The columns of a Goa search player's row: its budget, at the end of the row.

A search player is one row of the players' table (:mod:`vdgsim.goa.players.params`) whose
``P_KIND`` is :data:`KIND_MC` or :data:`KIND_ISMCTS`. Its columns below :data:`Q_BASE` hold the
behaviour of the preset that plays every seat in its rollouts, so the search budget lives in the
last columns, which the scripted policies never read; the 8 columns from ``Q_BASE`` are all
taken (``mc`` reads 5 of them, ``ismcts`` 7).
"""

from __future__ import annotations

from vdgsim.goa.players.params import LW_END, N_PARAMS, P_KIND, R_ANY

KIND_MC = 2  # flat Monte Carlo search (vdgsim.goa.players.search.mc)
KIND_ISMCTS = 3  # information-set Monte Carlo tree search (vdgsim.goa.players.search.ismcts)
SEARCH_KINDS = {"mc": KIND_MC, "ismcts": KIND_ISMCTS}

Q_BASE = N_PARAMS - 8
Q_ROLLOUT_KIND = Q_BASE  # policy kind of the rollout preset
Q_DETS = Q_BASE + 1  # distinct determinizations of the hidden information
Q_ROLLOUTS = Q_BASE + 2  # rollouts per decision (mc)
Q_MARGIN = Q_BASE + 3  # reward per VP of lead over the best rival, added to the win share
Q_DECISIONS = Q_BASE + 4  # bit d set: decision kind d is searched (0: every kind)
Q_ITERS = Q_BASE + 5  # tree iterations per decision (ismcts)
Q_UCT_C = Q_BASE + 6  # UCB exploration constant (ismcts)
Q_WIDEN = Q_BASE + 7  # progressive widening: 1 + floor(widen * sqrt(visits)) children (ismcts)
N_SEARCH_END = Q_BASE + 8

assert P_KIND < Q_BASE and R_ANY < Q_BASE and LW_END <= Q_BASE and N_SEARCH_END <= N_PARAMS, (
    "no room for the search columns"
)
