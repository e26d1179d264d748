"""Named views of Goa's flat arrays, generated from the field tables of :mod:`vdgsim.goa.layout`.

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
from numba import njit, types
from numba.extending import intrinsic
from numba.np import numpy_support

from vdgsim.fieldtable import plain_view_class, record_dtype
from vdgsim.goa import layout as L

STATE_DTYPE = record_dtype(L.STATE_FIELDS, L.S_SIZE)
COMPONENT_DTYPE = record_dtype(L.COMPONENT_FIELDS, L.C_SIZE)
_STATE_RECORD = numpy_support.from_dtype(STATE_DTYPE)
_COMPONENT_RECORD = numpy_support.from_dtype(COMPONENT_DTYPE)

PlainStateView = plain_view_class("PlainStateView", L.STATE_FIELDS)
PlainComponentView = plain_view_class("PlainComponentView", L.COMPONENT_FIELDS)


def _is_flat_int64(s: Any) -> bool:
    return isinstance(s, types.Array) and s.dtype == types.int64 and s.ndim == 1 and s.layout == "C"


def _bitcast_codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    # the record is the buffer's data pointer reinterpreted (as vdgsim.engine.state does);
    # arrays of the layout's size are the only states and components the API builds
    ary = context.make_array(sig.args[0])(context, builder, args[0])
    return builder.bitcast(ary.data, context.get_value_type(sig.return_type))


@intrinsic
def _state_record(typingctx: Any, s: Any) -> Any:
    if not _is_flat_int64(s):
        return None
    return _STATE_RECORD(s), _bitcast_codegen


@intrinsic
def _component_record(typingctx: Any, c: Any) -> Any:
    if not _is_flat_int64(c):
        return None
    return _COMPONENT_RECORD(c), _bitcast_codegen


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
