"""Named views of the flat state array, generated from :data:`vdgsim.layout.STATE_FIELDS`.

``st = fields(s)`` reads and writes the same int64 buffer through field names
(``st.sailors[p, col]``, ``st.landing_slots[landing, j]``, ``st.round``) instead of offset
arithmetic; the array itself (positions, cloning, the compiled loop's signatures) is unchanged.

Compiled, ``fields`` is a numpy structured record spanning the whole buffer: numba turns each
field access into the same constant-offset load as ``s[L.S_... + ...]``. Take the view once
per function: the ``fields`` call itself checks the buffer's size at run time, which costs about
a nanosecond each time and is not hoisted out of loops.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import njit

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


if numba.config.DISABLE_JIT:

    def fields(s: np.ndarray) -> Any:
        """The state array ``s`` read and written through field names (no copy)."""
        return PlainStateView(s)

else:
    # not named ``view``: numba's feature check takes any ``x.view(...)`` for ``ndarray.view``
    @njit(inline="always")
    def fields(s):
        """The state array ``s`` read and written through field names (no copy)."""
        return s.view(STATE_DTYPE)[0]
