"""Named views of Goa's flat arrays, generated from the field tables of
:mod:`vdgsim.games.goa.layout`.

``st = fields(s)`` reads and writes the state array through field names (``st.ships[p]``,
``st.spices[p, space, spice]``, ``st.round``); ``cf = comp(c)`` does the same for the read-only
component array. Compiled, each view is a numpy record spanning the whole buffer, so a field
access is a constant-offset load and taking the view costs nothing; with
``NUMBA_DISABLE_JIT=1`` it is a small Python object over the same buffer.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import njit

from vdgsim.core.fieldtable import plain_view_class, record_dtype, record_view
from vdgsim.games.goa import layout as L

STATE_DTYPE = record_dtype(L.STATE_FIELDS, L.S_SIZE)
COMPONENT_DTYPE = record_dtype(L.COMPONENT_FIELDS, L.C_SIZE)

PlainStateView = plain_view_class("PlainStateView", L.STATE_FIELDS)
PlainComponentView = plain_view_class("PlainComponentView", L.COMPONENT_FIELDS)

_state_record = record_view(STATE_DTYPE)
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
        return _state_record(s)

    @njit(inline="always")
    def comp(c):
        """The component array ``c`` read through field names (no copy)."""
        return _component_record(c)
