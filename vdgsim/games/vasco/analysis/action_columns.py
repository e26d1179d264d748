"""The action codec's decoders on polars columns of action codes.

Each function takes a ``pl.Expr`` of action codes (the decisions table's ``action`` column, the
event log's slot codes) and returns the decoded ``pl.Expr``. They run the codec's own source,
:mod:`vdgsim.games.vasco.engine.actions`, on the expression: a numba dispatcher keeps its Python
function as ``.py_func``, which is plain Python (calling it compiles nothing), so a change of
packing in the codec reaches the analyses with no second definition to keep in step.

The expression is wrapped in :class:`_Code` for two things polars expressions lack: shifts
(the recruit fields) and a refusal to be used as a truth value, so that codec source polars
cannot evaluate (a chained comparison, a loop over codes, a call of another dispatcher)
raises instead of returning half an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl

from vdgsim.games.vasco.engine import actions as A


def python_source(fn: Any) -> Any:
    """The plain-Python function behind a codec function: ``.py_func`` of a numba dispatcher,
    or the function itself under ``NUMBA_DISABLE_JIT=1`` (where njit returns it unchanged)."""
    return getattr(fn, "py_func", fn)


class _Code:
    """A polars expression that takes the codec's integer arithmetic."""

    __slots__ = ("expr",)
    __hash__ = None  # type: ignore[assignment]  # == builds an expression

    def __init__(self, expr: pl.Expr) -> None:
        self.expr = expr

    def __bool__(self) -> bool:
        raise TypeError("an action-code column has no truth value: use & and | in the codec")


def _unwrap(x: Any) -> Any:
    return x.expr if isinstance(x, _Code) else x


def _binary(op: Callable[[Any, Any], Any], reflected: bool = False) -> Callable[..., _Code]:
    if reflected:
        return lambda self, other: _Code(op(_unwrap(other), self.expr))
    return lambda self, other: _Code(op(self.expr, _unwrap(other)))


# polars has no shifts; on the codec's non-negative codes and shift counts they are exact
# multiplications and floor divisions by powers of two
for _name, _op in {
    "add": lambda x, y: x + y,
    "sub": lambda x, y: x - y,
    "mul": lambda x, y: x * y,
    "floordiv": lambda x, y: x // y,
    "mod": lambda x, y: x % y,
    "and": lambda x, y: x & y,
    "or": lambda x, y: x | y,
    "lshift": lambda x, n: x * (1 << n),
    "rshift": lambda x, n: x // (1 << n),
}.items():
    setattr(_Code, f"__{_name}__", _binary(_op))
    setattr(_Code, f"__r{_name}__", _binary(_op, reflected=True))
for _name, _op in {
    "eq": lambda x, y: x == y,
    "ne": lambda x, y: x != y,
    "lt": lambda x, y: x < y,
    "le": lambda x, y: x <= y,
    "gt": lambda x, y: x > y,
    "ge": lambda x, y: x >= y,
}.items():
    setattr(_Code, f"__{_name}__", _binary(_op))
del _name, _op


def decode(decoder: Any, code: pl.Expr, *args: int) -> pl.Expr:
    """``decoder``, a decoder of :mod:`vdgsim.games.vasco.engine.actions`, on a column of codes;
    ``args`` are its further (scalar) arguments, such as the colour of :func:`recruit_count`."""
    plain = python_source(decoder)
    out = plain(_Code(code), *args)
    if not isinstance(out, _Code):
        raise TypeError(f"{plain.__name__} does not decode to a column")
    return out.expr


# --- Phase 1 and Manuel I ----------------------------------------------------------------------
def placement_number(code: pl.Expr) -> pl.Expr:
    return decode(A.placement_number, code)


def placement_area(code: pl.Expr) -> pl.Expr:
    return decode(A.placement_area, code)


# --- D_ACT -------------------------------------------------------------------------------------
def is_buy_two(code: pl.Expr) -> pl.Expr:
    return decode(A.is_buy_two, code)


def is_buy_sao_gabriel(code: pl.Expr) -> pl.Expr:
    return decode(A.is_buy_sao_gabriel, code)


def bought_space(code: pl.Expr) -> pl.Expr:
    return decode(A.bought_space, code)


def recruit_count(code: pl.Expr, colour: int) -> pl.Expr:
    return decode(A.recruit_count, code, colour)


def recruit_section(code: pl.Expr) -> pl.Expr:
    return decode(A.recruit_section, code)


def recruit_captain(code: pl.Expr) -> pl.Expr:
    return decode(A.recruit_captain, code)


def expedition_landing(code: pl.Expr) -> pl.Expr:
    return decode(A.expedition_landing, code)


def is_host(code: pl.Expr) -> pl.Expr:
    return decode(A.is_host, code)


def money_space(code: pl.Expr) -> pl.Expr:
    return decode(A.money_space, code)


def hosted_character(code: pl.Expr) -> pl.Expr:
    return decode(A.hosted_character, code)


# --- D_LAUNCH, D_EXPEDITION_SHIP, slots (D_SEND_MERCHANT and the event log) --------------------
def launch_tile(code: pl.Expr) -> pl.Expr:
    return decode(A.launch_tile, code)


def launch_crew(code: pl.Expr) -> pl.Expr:
    return decode(A.launch_crew, code)


def ship_send_tile(code: pl.Expr) -> pl.Expr:
    return decode(A.ship_send_tile, code)


def ship_send_slot(code: pl.Expr) -> pl.Expr:
    return decode(A.ship_send_slot, code)


def slot_code_landing(code: pl.Expr) -> pl.Expr:
    """The landing of a slot code: a merchant send's, or a slot named in the event log."""
    return decode(A.slot_code_landing, code)


def slot_code_slot(code: pl.Expr) -> pl.Expr:
    return decode(A.slot_code_slot, code)


# --- landing bonuses ---------------------------------------------------------------------------
def sailor_bonus_section(code: pl.Expr) -> pl.Expr:
    return decode(A.sailor_bonus_section, code)


def sailor_bonus_colour(code: pl.Expr) -> pl.Expr:
    return decode(A.sailor_bonus_colour, code)
