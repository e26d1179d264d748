"""Named views of the flat state array, generated from :data:`vdgsim.layout.STATE_FIELDS`.

``st = fields(s)`` reads and writes the same int64 buffer through field names
(``st.sailors[p, col]``, ``st.landing_slots[landing, j]``, ``st.round``) instead of offset
arithmetic; the array itself (positions, cloning, the compiled loop's signatures) is unchanged.

Compiled, ``fields`` is a numpy structured record spanning the whole buffer: numba turns each
field access into the same constant-offset load as ``s[L.S_... + ...]``, and taking the record
costs nothing at run time.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import njit

from vdgsim import layout as L
from vdgsim.fieldtable import plain_view_class, record_dtype, record_view

STATE_DTYPE = record_dtype(L.STATE_FIELDS, L.S_SIZE)
"""One record covering the whole state array; the field table is its only source."""

PlainStateView = plain_view_class("PlainStateView", L.STATE_FIELDS)
"""What ``fields`` returns without compilation (``NUMBA_DISABLE_JIT=1``): numpy's own record
scalars would let methods such as ``round`` hide fields of the same name."""

_record = record_view(STATE_DTYPE)


if numba.config.DISABLE_JIT:

    def fields(s: np.ndarray) -> Any:
        """The state array ``s`` read and written through field names (no copy)."""
        return PlainStateView(s)

else:

    @njit(inline="always")
    def fields(s):
        """The state array ``s`` read and written through field names (no copy)."""
        return _record(s)
