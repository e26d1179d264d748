"""A legality-checked step for the Python API (:func:`vdgsim.game.apply_action`).

Checking an action against the legal ones in Python meant listing them as Python ints and
crossing into compiled code twice per decision; doing the check here costs one crossing.
"""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import flow
from vdgsim.engine import state as S

APPLIED = 0
GAME_OVER = 1
ILLEGAL = 2


@njit(cache=True, _nrt=False)
def apply_checked(c, s, log, action, scratch):
    """Apply ``action`` if it is legal for the pending decision and advance; returns
    ``APPLIED``, or ``GAME_OVER`` / ``ILLEGAL`` with the state untouched. ``scratch`` (at
    least ``MAX_LEGAL`` long) receives the legal actions."""
    if S.fields(s).step == L.ST_OVER:
        return GAME_OVER
    n = flow.legal_actions(c, s, scratch)
    for i in range(n):
        if scratch[i] == action:
            flow.apply(c, s, log, action)
            return APPLIED
    return ILLEGAL
