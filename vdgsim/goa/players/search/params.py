"""The columns of a Goa search player's row: its budget, at the end of the row.

A search player is one row of the players' table (:mod:`vdgsim.goa.players.params`) whose
``P_KIND`` is :data:`KIND_MC`. Its columns below :data:`Q_BASE` hold the behaviour of the preset
that plays every seat in its rollouts, so the search budget lives in the last columns, which the
scripted policies never read.
"""

from __future__ import annotations

from vdgsim.goa.players.params import N_PARAMS, P_KIND

KIND_MC = 2  # flat Monte Carlo search (vdgsim.goa.players.search.mc)
SEARCH_KINDS = {"mc": KIND_MC}

Q_BASE = N_PARAMS - 8
Q_ROLLOUT_KIND = Q_BASE  # policy kind of the rollout preset
Q_DETS = Q_BASE + 1  # distinct determinizations of the hidden information
Q_ROLLOUTS = Q_BASE + 2  # rollouts per decision
Q_MARGIN = Q_BASE + 3  # reward per VP of lead over the best rival, added to the win share
Q_DECISIONS = Q_BASE + 4  # bit d set: decision kind d is searched (0: every kind)
N_SEARCH_END = Q_BASE + 5

assert P_KIND < Q_BASE and N_SEARCH_END <= N_PARAMS, "no room for the search columns"
