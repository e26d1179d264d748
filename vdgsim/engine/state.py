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
from numba import njit, types
from numba.extending import intrinsic
from numba.np import numpy_support

from vdgsim import layout as L

_WORD = np.dtype(np.int64).itemsize

STATE_DTYPE = np.dtype(
    {
        "names": [f.name for f in L.STATE_FIELDS],
        "formats": [(np.int64, f.shape) if f.shape else np.int64 for f in L.STATE_FIELDS],
        "offsets": [f.offset * _WORD for f in L.STATE_FIELDS],
        "itemsize": L.S_SIZE * _WORD,
    }
)
"""One record covering the whole state array; the field table is its only source."""
_STATE_RECORD = numpy_support.from_dtype(STATE_DTYPE)


def _field_property(f: L.Field) -> property:
    stop = f.offset + f.size
    if f.shape:
        return property(lambda self: self.s[f.offset : stop].reshape(f.shape))

    def put(self: Any, value: int) -> None:
        self.s[f.offset] = value

    return property(lambda self: self.s[f.offset], put)


class PlainStateView:
    """What ``fields`` returns without compilation (``NUMBA_DISABLE_JIT=1``): numpy's own record
    scalars would let methods such as ``round`` hide fields of the same name."""

    __slots__ = ("s",)

    def __init__(self, s: np.ndarray) -> None:
        self.s = s


for _f in L.STATE_FIELDS:
    setattr(PlainStateView, _f.name, _field_property(_f))


@intrinsic
def _record(typingctx: Any, s: Any) -> Any:
    # the record is the buffer's data pointer, reinterpreted; ``s.view(STATE_DTYPE)[0]`` does the
    # same but checks the size at every call (1-3 ns, not hoisted out of loops or shared
    # between calls). Arrays of S_SIZE words are the only states (GameState refuses others),
    # and raw offsets do not check bounds either.
    if not (
        isinstance(s, types.Array) and s.dtype == types.int64 and s.ndim == 1 and s.layout == "C"
    ):
        return None

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        return builder.bitcast(ary.data, context.get_value_type(sig.return_type))

    return _STATE_RECORD(s), codegen


if numba.config.DISABLE_JIT:

    def fields(s: np.ndarray) -> Any:
        """The state array ``s`` read and written through field names (no copy)."""
        return PlainStateView(s)

else:

    @njit(inline="always")
    def fields(s):
        """The state array ``s`` read and written through field names (no copy)."""
        return _record(s)
