"""Named views of the flat state and component arrays, generated from the field tables of
:mod:`vdgsim.games.vasco.layout` (``STATE_FIELDS``, ``COMPONENT_FIELDS``).

``st = fields(s)`` reads and writes the same int64 buffer through field names
(``st.sailors[p, col]``, ``st.landing_slots[landing, j]``, ``st.round``) instead of offset
arithmetic; ``cf = comp(c)`` does the same for the read-only component array
(``cf.land_value[landing, slot]``, ``cf.dias_vp``). The arrays themselves (positions, cloning,
the compiled loop's signatures) are unchanged.

Compiled, ``fields`` is a numpy structured record spanning the whole buffer: numba turns each
field access into the same constant-offset load as ``s[L.S_... + ...]``, and taking the record
costs nothing at run time.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import njit

from vdgsim.core.fieldtable import plain_view_class, record_dtype, record_view
from vdgsim.games.vasco import layout as L

STATE_DTYPE = record_dtype(L.STATE_FIELDS, L.S_SIZE)
"""One record covering the whole state array; the field table is its only source."""

PlainStateView = plain_view_class("PlainStateView", L.STATE_FIELDS)
"""What ``fields`` returns without compilation (``NUMBA_DISABLE_JIT=1``): numpy's own record
scalars would let methods such as ``round`` hide fields of the same name."""

_record = record_view(STATE_DTYPE)

COMPONENT_DTYPE = record_dtype(L.COMPONENT_FIELDS, L.C_SIZE)
"""One record covering the whole (read-only) component array, from its field table."""

PlainComponentView = plain_view_class("PlainComponentView", L.COMPONENT_FIELDS)

_component_record = record_view(COMPONENT_DTYPE)


if numba.config.DISABLE_JIT:

    def fields(s: np.ndarray) -> Any:
        """The state array ``s`` read and written through field names (no copy)."""
        return PlainStateView(s)

    def comp(c: np.ndarray) -> Any:
        """The component array ``c`` read through field names (no copy)."""
        return PlainComponentView(c)

else:

    @njit(inline="always")
    def fields(s):
        """The state array ``s`` read and written through field names (no copy)."""
        return _record(s)

    @njit(inline="always")
    def comp(c):
        """The component array ``c`` read through field names (no copy)."""
        return _component_record(c)
