"""Restricted play for Goa: forbid a kind of lot or a development column on top of any player.

A restriction is a set of parameter columns (``R_*`` in :mod:`strategies.goa.params`),
so it binds every policy kind, search players included: the compiled side filters the legal
actions (:func:`filter_legal`) of the scripted players, of a search player's candidates and
of the searching seat in its own rollouts. The Python side adds them to a row
(:func:`restrict`) from the terms of a player name::

    default+never_lot=flag
    mc:rollouts=512:decisions=place_marker+never_lot=plantation/scoring
    colonies+never_column=expedition

``never_lot=GROUPS``: never bids for a lot of those kinds (G4.2: passes) and, as the lot's
owner, never buys it back (G4.3: sells); it may still place a marker on such a tile and take
it free when nobody bids, as the rules give it. ``never_column=COLUMNS``: never takes a step
in those columns (G6.7: Develop; G7.4: a buy-progress card; G5: the Viceroy; G9.1: a Quick
start column). When a restriction leaves no legal action, the player falls back to the
unrestricted choices: the rules come first.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numba import njit

from strategies.goa.params import (
    COLUMN_AXIS,
    LOT_AXIS,
    LOT_FLAG,
    LOT_OF_KIND,
    R_ANY,
    R_NEVER_COLUMN,
    R_NEVER_LOT,
)
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S

RESTRICTION_KEYS = ("never_lot", "never_column")


class RestrictionError(ValueError):
    """A restriction that names an unknown lot kind or column, or forbids all of them."""


@njit(cache=True, _nrt=False)
def auction_lot(c, s):
    """The lot kind (index into ``LOT_AXIS``) of the item now auctioned (G4.1)."""
    st = S.fields(s)
    item = st.auction_item
    if item == 1:
        return LOT_FLAG
    return LOT_OF_KIND[S.comp(c).tile_kind[st.grid[st.item_cell[item]]]]


@njit(cache=True, _nrt=False)
def allowed(c, s, pr, action):
    """True if ``action`` for the pending decision respects the row's restrictions."""
    st = S.fields(s)
    kind = st.decision
    if kind == L.D_BID:
        return action == A.PASS or pr[R_NEVER_LOT + auction_lot(c, s)] <= 0
    if kind == L.D_OWNER:
        return action != A.OWNER_BUY or pr[R_NEVER_LOT + auction_lot(c, s)] <= 0
    if kind == L.D_TURN:
        k = A.turn_kind(action)
        if k == A.T_DEVELOP:
            return pr[R_NEVER_COLUMN + A.develop_column(action)] <= 0
        if k == A.T_PLAY:
            card = A.play_card(action)
            if S.comp(c).card_effect[card] == L.CE_BUY_PROGRESS:
                return pr[R_NEVER_COLUMN + A.play_column(action)] <= 0
        return True
    if kind == L.D_VICEROY:
        return pr[R_NEVER_COLUMN + action] <= 0
    if kind == L.D_QUICK and action != A.QUICK_DUCATS:
        i, j = A.quick_columns(action)
        return pr[R_NEVER_COLUMN + i] <= 0 and pr[R_NEVER_COLUMN + j] <= 0
    return True


@njit(cache=True, _nrt=False)
def filter_legal(c, s, pr, legal, n, out):
    """Copy the allowed legal actions to ``out``; returns how many (all of them if none is)."""
    m = 0
    for i in range(n):
        if allowed(c, s, pr, legal[i]):
            out[m] = legal[i]
            m += 1
    if m == 0:
        for i in range(n):
            out[i] = legal[i]
        m = n
    return m


# --- Python side -----------------------------------------------------------------------------
def _names(value: str | Iterable[str]) -> list[str]:
    if isinstance(value, str):
        return [v.strip().lower() for v in value.replace("/", ",").split(",") if v.strip()]
    return [str(v).strip().lower() for v in value]


def _indices(value: str | Iterable[str], axis: tuple[str, ...], what: str) -> list[int]:
    out = []
    for name in _names(value):
        if name not in axis:
            raise RestrictionError(f"unknown {what} {name!r}; known: {', '.join(axis)}")
        out.append(axis.index(name))
    return out


def restrict(
    row: np.ndarray,
    *,
    never_lot: str | Iterable[str] = (),
    never_column: str | Iterable[str] = (),
) -> np.ndarray:
    """A copy of a player's parameter row with restrictions added (see the module docstring):
    ``never_lot`` names lot kinds (``LOT_AXIS``), ``never_column`` development columns
    (``COLUMN_AXIS``), each as a list or as one string joined with ``/`` or ``,``."""
    out = np.array(row, dtype=np.float64, copy=True)
    for k in _indices(never_lot, LOT_AXIS, "lot kind"):
        out[R_NEVER_LOT + k] = 1.0
    for k in _indices(never_column, COLUMN_AXIS, "column"):
        out[R_NEVER_COLUMN + k] = 1.0
    if all(out[R_NEVER_COLUMN + k] > 0 for k in range(len(COLUMN_AXIS))):
        raise RestrictionError("every development column is forbidden")
    out[R_ANY] = 1.0 if np.any(out[R_NEVER_LOT:R_ANY] != 0) else 0.0
    return out


def is_restriction(term: str) -> bool:
    """True when a ``+`` term of a player name is a restriction (``never_lot=flag``)."""
    return term.partition("=")[0].strip().lower() in RESTRICTION_KEYS


def apply_restriction_text(row: np.ndarray, text: str) -> np.ndarray:
    """Apply one ``key=value`` restriction term of a player name."""
    key, _, value = text.partition("=")
    key = key.strip().lower()
    if key not in RESTRICTION_KEYS:
        raise RestrictionError(f"unknown restriction {key!r}; known: {', '.join(RESTRICTION_KEYS)}")
    if not value.strip():
        raise RestrictionError(f"restriction {key!r} needs a value ({key}=...)")
    return restrict(row, **{key: value})


def restrictions_of(row: np.ndarray) -> dict[str, list[str]]:
    """The restrictions set in a row, by keyword (empty when none is)."""
    out = {
        "never_lot": [a for i, a in enumerate(LOT_AXIS) if row[R_NEVER_LOT + i] > 0],
        "never_column": [a for i, a in enumerate(COLUMN_AXIS) if row[R_NEVER_COLUMN + i] > 0],
    }
    return {k: v for k, v in out.items() if v}
