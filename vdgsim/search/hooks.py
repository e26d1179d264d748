"""What a game gives the shared search drivers (:mod:`vdgsim.search.flat`,
:mod:`vdgsim.search.tree`), and the game-free part of a rollout's reward.

A game builds its :class:`SearchHooks` inside a compiled function from its own compiled
functions (``SearchHooks(new_scratch, determinize, ...)``), so the drivers call them
statically. ``scratch`` is whatever work arrays the game's hooks need (its determinization,
legal-action buffers, a policy's caches); the drivers only pass it along.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from numba import njit


class SearchHooks(NamedTuple):
    """One game's side of a search. ``s`` is the true state, ``me`` the searching seat, ``t``
    below the determinization held in ``scratch``; codes are action codes."""

    # () -> scratch
    new_scratch: Callable[..., Any]
    # (c, s, scratch, seed, deal, stream, me): t := s with what ``me`` cannot see redrawn for
    # ``deal`` and both generators seeded for ``stream`` (a pure function of its arguments)
    determinize: Callable[..., Any]
    # (c, s, scratch, me, code, at_root): apply ``code`` to t; a root code is one of the true
    # state's legal actions, deeper codes are t's own
    play: Callable[..., Any]
    # (c, scratch, table): play t to its end with the scripted policies of ``table``
    play_out: Callable[..., Any]
    # (scratch, seat) -> (share, lead): the seat's win share in finished t (ties split) and its
    # VP minus the best rival's
    outcome: Callable[..., Any]
    # (scratch) -> bool: t is over
    is_over: Callable[..., Any]
    # (scratch) -> int: the seat that decides in t
    decision_player: Callable[..., Any]
    # (c, scratch, table, here) -> m: t's legal actions in ``here[:m]``, filtered by the
    # restrictions of the deciding seat's row of ``table``
    legal_here: Callable[..., Any]
    # (c, s, scratch, me, untried, u, table, at_root) -> code: the rollout policy's choice among
    # ``untried[:u]`` in t, one of those codes (root codes as in ``play``)
    prior: Callable[..., Any]


@njit(cache=True, _nrt=False)
def lead_over_best(vp, players, me):
    """Seat ``me``'s VP minus the best rival's among the first ``players`` seats of ``vp``
    (negative when behind)."""
    best = -1000000
    for q in range(players):
        if q != me and vp[q] > best:
            best = vp[q]
    return vp[me] - best
