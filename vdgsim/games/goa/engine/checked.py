"""Legality-checked steps for Goa's Python API (:func:`vdgsim.games.goa.game.apply_action` and
:func:`vdgsim.games.goa.game.step`), as :mod:`vdgsim.games.vasco.engine.checked` is for Vasco da
Gama's.

Checking the action here, against the listing the same call makes, costs one crossing from
Python into compiled code per action; listing the next decision's actions in the same call
(``step_listing``) saves the crossing of the next listing.
"""

from __future__ import annotations

from numba import njit

from vdgsim.core.stepapi import APPLIED, GAME_OVER, ILLEGAL, STEP_GAME_OVER, STEP_ILLEGAL
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import flow


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


@njit(cache=True, _nrt=False)
def step_listing(c, s, log, action, scratch):
    """As :func:`apply_checked`, then list the next decision's legal actions in ``scratch``:
    returns how many (0 once the game is over), or ``STEP_GAME_OVER`` / ``STEP_ILLEGAL`` with
    the state untouched."""
    status = apply_checked(c, s, log, action, scratch)
    if status == GAME_OVER:
        return STEP_GAME_OVER
    if status == ILLEGAL:
        return STEP_ILLEGAL
    return flow.legal_actions(c, s, scratch)  # none once the game is over
