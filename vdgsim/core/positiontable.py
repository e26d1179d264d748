"""Positions of any game as JSON-able values with readable names, driven by its field table.

A game's layout declares its state fields (:mod:`vdgsim.core.fieldtable`): each field's axes and
value kind decide how it is written, so a new state field is saved and loaded without new
code. A game builds a :class:`Names` that names its axes and value kinds:

- an axis with names becomes a mapping keyed by those names (the seat axis by the seats of
  the game; a nonzero index beyond the names under a spare key ``"<axis> <i>"``, unless
  ``Names.strict_seats`` says a seat beyond the count must hold zeros); an axis without names
  (``Names.axis`` gives None) becomes a list;
- a value of a named kind is written as its name, ``-1`` as ``null`` where the kind is
  nullable; ``bool`` as ``true``/``false``; the kinds in ``Names.int_kinds`` as integers.

A value a kind's names cannot express (e.g. a counter once it has passed the last seat) is
written as a plain integer, so the round trip stays exact; when loading, an integer is only
accepted where no name exists for it, so every position has one spelling. Every error names
the field (``position field state.row.seat 1.Ships: ...``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

from vdgsim.core.fieldtable import Field


@dataclass(frozen=True)
class Names:
    """The names of one game's axes and value kinds, for a given player count and data.

    ``axes``: key names per axis (None: written as a list); ``kinds``: per named value kind,
    its names and whether -1 is written as null; ``int_kinds`` are written as integers;
    ``strict_seats``: True when a seat beyond the player count must hold zeros (and is not
    written), False when a nonzero one is written under a spare key. ``where`` names the
    module that owns the tables, for the error about an axis or kind it has no rule for."""

    players: int
    axes: dict[str, tuple[str, ...] | None]
    kinds: dict[str, tuple[tuple[str, ...], bool]]
    int_kinds: frozenset[str]
    strict_seats: bool
    where: str

    def axis(self, axis: str) -> tuple[str, ...] | None:
        """Key names of an axis, or None for an axis written as a list."""
        if axis not in self.axes:
            raise ValueError(f"state axis {axis!r} has no serialisation rule in {self.where}")
        return self.axes[axis]

    def kind(self, kind: str) -> tuple[tuple[str, ...], bool]:
        """(names, nullable) of a named value kind."""
        if kind not in self.kinds:
            raise ValueError(f"state value kind {kind!r} has no serialisation rule in {self.where}")
        return self.kinds[kind]


def unnamed_key(axis: str, i: int) -> str:
    """Key of an index an axis has no name for (e.g. a spare VP source column)."""
    return f"{axis} {i}"


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# --- saving -----------------------------------------------------------------------------------
def _encode_value(v: int, kind: str, names: Names, path: str) -> Any:
    if kind in names.int_kinds:
        return v
    if kind == "bool":
        if v not in (0, 1):
            raise ValueError(f"state field {path} = {v} is not a boolean")
        return bool(v)
    table, nullable = names.kind(kind)
    if nullable and v == -1:
        return None
    if 0 <= v < len(table):
        return table[v]
    return v  # no name for it: written as the integer itself (see the module docstring)


def _encode(
    flat: np.ndarray,
    shape: tuple[int, ...],
    axes: tuple[str, ...],
    kind: str,
    names: Names,
    path: str,
) -> Any:
    if not axes:
        return _encode_value(int(flat[0]), kind, names, path)
    size, sub = shape[0], prod(shape[1:])
    keys = names.axis(axes[0])
    if keys is None:
        return [
            _encode(flat[i * sub : (i + 1) * sub], shape[1:], axes[1:], kind, names, f"{path}[{i}]")
            for i in range(size)
        ]
    out: dict[str, Any] = {}
    for i in range(size):
        block = flat[i * sub : (i + 1) * sub]
        if i < len(keys):
            out[keys[i]] = _encode(block, shape[1:], axes[1:], kind, names, f"{path}.{keys[i]}")
        elif axes[0] == "seat" and names.strict_seats:
            if np.any(block != 0):
                raise ValueError(
                    f"state field {path} holds a value for seat {i} "
                    f"in a {names.players}-player game"
                )
        elif np.any(block != 0):
            key = unnamed_key(axes[0], i)
            out[key] = _encode(block, shape[1:], axes[1:], kind, names, f"{path}.{key}")
    return out


def encode_fields(s: np.ndarray, fields: Sequence[Field], names: Names) -> dict[str, Any]:
    """Every field of the flat state ``s`` by name, with readable names."""
    return {
        f.name: _encode(s[f.offset : f.offset + f.size], f.shape, f.axes, f.kind, names, f.name)
        for f in fields
    }


# --- loading ----------------------------------------------------------------------------------
def _decode_value(v: Any, kind: str, names: Names, path: str) -> int:
    if kind in names.int_kinds:
        if not is_int(v):
            raise ValueError(f"position field {path}: expected an integer, got {v!r}")
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            raise ValueError(f"position field {path}: expected true or false, got {v!r}")
        return int(v)
    table, nullable = names.kind(kind)
    if v is None:
        if not nullable:
            raise ValueError(f"position field {path}: null is not allowed here")
        return -1
    if isinstance(v, str):
        if v not in table:
            raise ValueError(f"position field {path}: unknown name {v!r} (expected one of {table})")
        return table.index(v)
    if is_int(v) and not (0 <= v < len(table)) and not (nullable and v == -1):
        return v  # a value with no name (see the module docstring)
    raise ValueError(f"position field {path}: expected a name, got {v!r}")


def _decode(
    v: Any,
    out: np.ndarray,
    shape: tuple[int, ...],
    axes: tuple[str, ...],
    kind: str,
    names: Names,
    path: str,
) -> None:
    """Write the value ``v`` into the flat block ``out`` (a view into the state array)."""
    if not axes:
        out[0] = _decode_value(v, kind, names, path)
        return
    size, sub = shape[0], prod(shape[1:])
    keys = names.axis(axes[0])
    if keys is None:
        if not isinstance(v, list) or len(v) != size:
            raise ValueError(f"position field {path}: expected a list of {size} entries, got {v!r}")
        for i in range(size):
            block = out[i * sub : (i + 1) * sub]
            _decode(v[i], block, shape[1:], axes[1:], kind, names, f"{path}[{i}]")
        return
    if not isinstance(v, dict):
        raise ValueError(f"position field {path}: expected a mapping keyed by {axes[0]}")
    strict = axes[0] == "seat" and names.strict_seats
    spare = {unnamed_key(axes[0], i): i for i in range(len(keys), size) if not strict}
    for key in v:
        if key not in keys and key not in spare:
            extra = f" in a {names.players}-player game" if axes[0] == "seat" else ""
            raise ValueError(f"position field {path}: unknown {axes[0]} {key!r}{extra}")
    for i in range(size):
        key = keys[i] if i < len(keys) else unnamed_key(axes[0], i)
        block = out[i * sub : (i + 1) * sub]
        if key in v:
            _decode(v[key], block, shape[1:], axes[1:], kind, names, f"{path}.{key}")
        elif i < len(keys):
            raise ValueError(f"position field {path}: missing {axes[0]} {key!r}")
        else:
            block[:] = 0  # seats beyond the player count and unnamed spare columns


def decode_fields(fields: Any, table: Sequence[Field], size: int, names: Names) -> np.ndarray:
    """The flat state of ``size`` words written by :func:`encode_fields`; every field must be
    there and no other (errors name the field, under ``state.``)."""
    if not isinstance(fields, dict):
        raise ValueError("position field state: expected a mapping of state fields")
    known = {f.name for f in table}
    for name in fields:
        if name not in known:
            raise ValueError(f"position field state.{name}: unknown state field")
    s = np.zeros(size, dtype=np.int64)
    for f in table:
        if f.name not in fields:
            raise ValueError(f"position field state.{f.name}: missing")
        block = s[f.offset : f.offset + f.size]
        _decode(fields[f.name], block, f.shape, f.axes, f.kind, names, f"state.{f.name}")
    return s


def decode_log(rows: Any, log: np.ndarray, n: int) -> None:
    """Write ``n`` saved event-log rows into ``log``."""
    width = log.shape[1]
    if not isinstance(rows, list) or len(rows) != n:
        got = len(rows) if isinstance(rows, list) else type(rows).__name__
        raise ValueError(f"position field log: expected {n} rows (state.log_rows), got {got}")
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != width or not all(is_int(x) for x in row):
            raise ValueError(f"position field log[{i}]: expected {width} integers")
        log[i] = row


def check_envelope(d: Any, fmt: str, version: int, comp: Any, max_players: int) -> int:
    """Check a saved position's envelope (format, version, component data digest, player
    count) against what this reader reads and the ``comp`` given; returns the player count.
    Every error names the field."""
    if not isinstance(d, dict):
        raise ValueError(f"a position must be a mapping, got {type(d).__name__}")
    for key in ("format", "version", "players", "components_digest", "state"):
        if key not in d:
            raise ValueError(f"position field {key}: missing")
    if d["format"] != fmt:
        raise ValueError(f"position field format: expected {fmt!r}, got {d['format']!r}")
    if d["version"] != version:
        raise ValueError(
            f"position field version: this vdgsim reads version {version}, got {d['version']!r}"
        )
    if d["components_digest"] != comp.digest:
        raise ValueError(
            f"position field components_digest: the position was saved with component data "
            f"{d['components_digest']!r}, the components given are {comp.digest!r} "
            f"({comp.source}); load it with the same component data"
        )
    players = d["players"]
    if not is_int(players) or not 2 <= players <= max_players:
        raise ValueError(
            f"position field players: expected a player count 2..{max_players}, got {players!r}"
        )
    return players
