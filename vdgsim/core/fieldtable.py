"""A game-independent field table: named blocks of one flat int64 array.

A game's layout module declares its component and state arrays with a :class:`FieldBuilder`;
each ``add`` returns the block's offset (a module constant the compiled rules fold into the
machine code) and records the block's shape, axes and value kind, so serialisation and
observations can name every value. :func:`record_dtype` and :func:`plain_view_class` turn a
table into the two faces of the named views (compiled record, plain-Python object), and
:func:`record_view` makes the compiled face. Every game's layout and state modules build on
this one module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np
from numba import types
from numba.extending import intrinsic
from numba.np import numpy_support

_WORD = np.dtype(np.int64).itemsize


@dataclass(frozen=True)
class Field:
    """One named block of a flat array."""

    name: str
    offset: int
    shape: tuple[int, ...]
    axes: tuple[str, ...]
    kind: str

    @property
    def size(self) -> int:
        return prod(self.shape)


class FieldBuilder:
    """Appends fields one after another; ``size`` is the array length so far."""

    def __init__(self) -> None:
        self.size = 0
        self.fields: list[Field] = []

    def add(
        self, name: str, shape: tuple[int, ...] = (), axes: tuple[str, ...] = (), kind: str = "int"
    ) -> int:
        if len(axes) not in (0, len(shape)):
            raise ValueError(f"field {name}: {len(axes)} axes for shape {shape}")
        off = self.size
        f = Field(name, off, shape, axes, kind)
        self.fields.append(f)
        self.size += f.size
        return off


def record_dtype(fields: Sequence[Field], size: int) -> np.dtype:
    """One numpy record covering the whole array; the field table is its only source."""
    return np.dtype(
        {
            "names": [f.name for f in fields],
            "formats": [(np.int64, f.shape) if f.shape else np.int64 for f in fields],
            "offsets": [f.offset * _WORD for f in fields],
            "itemsize": size * _WORD,
        }
    )


def _bitcast_codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
    ary = context.make_array(sig.args[0])(context, builder, args[0])
    return builder.bitcast(ary.data, context.get_value_type(sig.return_type))


def record_view(dtype: np.dtype) -> Any:
    """A numba intrinsic taking a flat C-contiguous int64 array to the record ``dtype`` over
    the same memory (compiled code only).

    The record is the array's data pointer, reinterpreted: ``a.view(dtype)[0]`` does the same
    but checks the size at every call (1-3 ns, not hoisted out of loops). Only arrays of the
    layout's size reach it (the games' APIs refuse others), and raw offsets do not check
    bounds either."""
    record = numpy_support.from_dtype(dtype)

    @intrinsic
    def view(typingctx: Any, a: Any) -> Any:
        if not (
            isinstance(a, types.Array)
            and a.dtype == types.int64
            and a.ndim == 1
            and a.layout == "C"
        ):
            return None
        return record(a), _bitcast_codegen

    return view


def _field_property(f: Field) -> property:
    stop = f.offset + f.size
    if f.shape:
        shape = f.shape
        return property(lambda self: self.s[f.offset : stop].reshape(shape))

    def put(self: Any, value: int) -> None:
        self.s[f.offset] = value

    return property(lambda self: self.s[f.offset], put)


def plain_view_class(name: str, fields: Sequence[Field]) -> type:
    """A class whose instances read and write an array through field names (no copy); what
    the named views are without compilation (``NUMBA_DISABLE_JIT=1``)."""
    ns: dict[str, Any] = {"__slots__": ("s",)}

    def init(self: Any, s: np.ndarray) -> None:
        self.s = s

    ns["__init__"] = init
    for f in fields:
        ns[f.name] = _field_property(f)
    return type(name, (), ns)


def field_by_name(fields: Sequence[Field], name: str) -> Field:
    for f in fields:
        if f.name == name:
            return f
    raise KeyError(name)


def read_field(a: np.ndarray, f: Field) -> Any:
    """The value of field ``f`` in array ``a`` as plain Python (int or nested lists)."""
    block = a[f.offset : f.offset + f.size]
    if not f.shape:
        return int(block[0])
    return block.reshape(f.shape).tolist()
