"""Positions: save a game state as a JSON-able dict with readable names, and load it back.

The dict is driven by :data:`vdgsim.layout.STATE_FIELDS`: every field's axes and value kind
decide how it is written, so a new state field is saved and loaded without new code here.

- Axes with names become mappings keyed by those names (landings ``"Calicut"``, sailor
  colours ``"turquoise"``, characters ``"Manuel I"``, Areas, project tiles ``"I-12"``,
  merchant ships ``"M1"``, VP/Reals sources). The seat axis is keyed by the players' colours
  (``"yellow"``, ``"red"``, ...) and holds exactly the seats of the game. Other axes
  (slots, positions, numbers, sections, generator words) become lists.
- Values of a named kind (seat, landing, Area, character, tile, ship, merchant, VdG tile,
  phase, step, decision, tile/merchant location) are written as names, ``-1`` as ``null``;
  booleans as ``true``/``false``; everything else as integers.

A value a kind's names cannot express (e.g. the end-of-game seat counter once it has passed
the last seat) is written as a plain integer, so the round trip stays exact; when loading, an
integer is only accepted where no name exists for it, so every position has one spelling.

The round trip is exact: ``state_from_dict(state_to_dict(g)).s`` equals ``g.s`` element for
element, both random generators included, so a loaded game continues identically. The event
log is history, not position; ``include_log=True`` adds its rows (see
:mod:`vdgsim.engine.events`) and loading restores them. Without it the loaded game's log
holds zeros in place of the earlier rows and new rows are appended after them as usual.
"""

from __future__ import annotations

from math import prod
from typing import Any

import numpy as np

from vdgsim import layout as L
from vdgsim.components import Components, default_components
from vdgsim.game import GameState

FORMAT = "vdgsim position"
FORMAT_VERSION = 1

MERCHANT_NAMES = tuple(f"M{m + 1}" for m in range(L.N_MERCHANTS))
VDG_NAMES = tuple(f"VdG-{v + 1}" for v in range(L.N_VDG))

# Axes written as mappings keyed by names; the seat and tile axes depend on the game.
_AXIS_NAMES: dict[str, tuple[str, ...]] = {
    "landing": L.LANDING_NAMES,
    "colour": L.COLOUR_NAMES,
    "character": L.CHARACTER_NAMES,
    "area": L.AREA_NAMES,
    "merchant": MERCHANT_NAMES,
    "vdg": VDG_NAMES,
    "vp_source": L.VP_SOURCE_NAMES,
    "reals_source": L.REALS_SOURCE_NAMES,
    "pay_reason": L.PAY_REASON_NAMES,
}
# Axes written as plain lists, index by index.
LIST_AXES = frozenset(
    ("slot", "position", "word", "money", "space", "section", "number", "players_minus_2")
)

# Value kinds written as names; -1 is null for the nullable ones.
_ENUM_KINDS: dict[str, tuple[str, ...]] = {
    "phase": L.PHASE_NAMES,
    "step": L.STEP_NAMES,
    "decision": L.DECISION_NAMES,
    "merchant_loc": L.MERCHANT_LOC_NAMES,
    "tile_loc": L.PROJECT_LOC_NAMES,
}
_NULLABLE_KINDS: dict[str, tuple[str, ...]] = {
    "landing": L.LANDING_NAMES,
    "area": L.AREA_NAMES,
    "character": L.CHARACTER_NAMES,
    "merchant": MERCHANT_NAMES,
    "vdg": VDG_NAMES,
}
# Kinds whose names depend on the game: "seat" (player count) and "tile"/"ship" (components).
_GAME_KINDS = frozenset(("seat", "tile", "ship"))
INT_KINDS = frozenset(("int", "rng"))
KNOWN_KINDS = frozenset(("bool", *INT_KINDS, *_ENUM_KINDS, *_NULLABLE_KINDS, *_GAME_KINDS))
KNOWN_AXES = frozenset((*_AXIS_NAMES, "seat", "tile", *LIST_AXES))


class _Names:
    """Name tables of one game: its seats and its component data's tiles."""

    def __init__(self, players: int, comp: Components) -> None:
        self.players = players
        self.seats = L.PLAYER_COLOURS[:players]
        self.tiles = comp.tile_names
        self.ships = (*comp.tile_names, *MERCHANT_NAMES)

    def axis(self, axis: str) -> tuple[str, ...] | None:
        """Key names of an axis, or None for a list axis."""
        if axis == "seat":
            return self.seats
        if axis == "tile":
            return self.tiles
        if axis in _AXIS_NAMES:
            return _AXIS_NAMES[axis]
        if axis in LIST_AXES:
            return None
        raise ValueError(f"state axis {axis!r} has no serialisation rule in vdgsim.positions")

    def kind(self, kind: str) -> tuple[tuple[str, ...], bool]:
        """(names, nullable) of a named value kind."""
        if kind in _ENUM_KINDS:
            return _ENUM_KINDS[kind], False
        if kind in _NULLABLE_KINDS:
            return _NULLABLE_KINDS[kind], True
        if kind == "seat":
            return self.seats, True
        if kind == "tile":
            return self.tiles, True
        if kind == "ship":
            return self.ships, True
        raise ValueError(f"state value kind {kind!r} has no serialisation rule in vdgsim.positions")


def _unnamed_key(axis: str, i: int) -> str:
    """Key of an index an axis has no name for (e.g. a spare VP source column)."""
    return f"{axis} {i}"


# --- saving -----------------------------------------------------------------------------------
def _encode_value(v: int, kind: str, names: _Names, path: str) -> Any:
    if kind in INT_KINDS:
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
    names: _Names,
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
        elif axes[0] == "seat":
            if np.any(block != 0):
                raise ValueError(
                    f"state field {path} holds a value for seat {i} "
                    f"in a {names.players}-player game"
                )
        elif np.any(block != 0):
            key = _unnamed_key(axes[0], i)
            out[key] = _encode(block, shape[1:], axes[1:], kind, names, f"{path}.{key}")
    return out


def state_to_dict(state: GameState, include_log: bool = False) -> dict[str, Any]:
    """A JSON-able dict of the whole position (every state field, with readable names).

    ``include_log=True`` adds the event log rows written so far under ``"log"``.
    """
    s = state.s
    if s.shape != (L.S_SIZE,):
        raise ValueError(f"state array has shape {s.shape}, expected ({L.S_SIZE},)")
    players = int(s[L.S_N_PLAYERS])
    if not 2 <= players <= L.MAX_PLAYERS:
        raise ValueError(f"state field players = {players} is not a player count 2..4")
    names = _Names(players, state.components)
    fields: dict[str, Any] = {}
    for f in L.STATE_FIELDS:
        flat = s[f.offset : f.offset + f.size]
        fields[f.name] = _encode(flat, f.shape, f.axes, f.kind, names, f.name)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "players": players,
        "components_digest": state.components.digest,
        "state": fields,
    }
    if include_log:
        n = min(int(s[L.S_LOG_N]), state.log.shape[0])
        out["log"] = [[int(x) for x in row] for row in state.log[:n]]
    return out


# --- loading ----------------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _decode_value(v: Any, kind: str, names: _Names, path: str) -> int:
    if kind in INT_KINDS:
        if not _is_int(v):
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
    if _is_int(v) and not (0 <= v < len(table)) and not (nullable and v == -1):
        return v  # a value with no name (see the module docstring)
    raise ValueError(f"position field {path}: expected a name, got {v!r}")


def _decode(
    v: Any,
    out: np.ndarray,
    shape: tuple[int, ...],
    axes: tuple[str, ...],
    kind: str,
    names: _Names,
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
    spare = {_unnamed_key(axes[0], i): i for i in range(len(keys), size) if axes[0] != "seat"}
    for key in v:
        if key not in keys and key not in spare:
            what = "seat" if axes[0] == "seat" else axes[0]
            extra = f" in a {names.players}-player game" if axes[0] == "seat" else ""
            raise ValueError(f"position field {path}: unknown {what} {key!r}{extra}")
    for i in range(size):
        key = keys[i] if i < len(keys) else _unnamed_key(axes[0], i)
        block = out[i * sub : (i + 1) * sub]
        if key in v:
            _decode(v[key], block, shape[1:], axes[1:], kind, names, f"{path}.{key}")
        elif i < len(keys):
            raise ValueError(f"position field {path}: missing {axes[0]} {key!r}")
        else:
            block[:] = 0  # seats beyond the player count and unnamed spare columns


def _players(d: dict[str, Any]) -> int:
    players = d.get("players")
    if not _is_int(players) or not 2 <= players <= L.MAX_PLAYERS:
        raise ValueError(f"position field players: expected a player count 2..4, got {players!r}")
    return players


def state_from_dict(d: dict[str, Any], components: Components | None = None) -> GameState:
    """Rebuild the game state saved by :func:`state_to_dict`.

    ``components`` must be the component data the position was saved with (the default data
    when None); a different data digest is an error. Raises ValueError naming the bad field.
    """
    if not isinstance(d, dict):
        raise ValueError(f"a position must be a mapping, got {type(d).__name__}")
    for key in ("format", "version", "players", "components_digest", "state"):
        if key not in d:
            raise ValueError(f"position field {key}: missing")
    if d["format"] != FORMAT:
        raise ValueError(f"position field format: expected {FORMAT!r}, got {d['format']!r}")
    if d["version"] != FORMAT_VERSION:
        raise ValueError(
            f"position field version: this vdgsim reads version {FORMAT_VERSION}, "
            f"got {d['version']!r}"
        )
    comp = components if components is not None else default_components()
    if d["components_digest"] != comp.digest:
        raise ValueError(
            f"position field components_digest: the position was saved with component data "
            f"{d['components_digest']!r}, the components given are {comp.digest!r} "
            f"({comp.source}); load it with the same component data"
        )
    players = _players(d)
    fields = d["state"]
    if not isinstance(fields, dict):
        raise ValueError("position field state: expected a mapping of state fields")
    known = {f.name for f in L.STATE_FIELDS}
    for name in fields:
        if name not in known:
            raise ValueError(f"position field state.{name}: unknown state field")
    names = _Names(players, comp)
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    for f in L.STATE_FIELDS:
        if f.name not in fields:
            raise ValueError(f"position field state.{f.name}: missing")
        block = s[f.offset : f.offset + f.size]
        _decode(fields[f.name], block, f.shape, f.axes, f.kind, names, f"state.{f.name}")
    if int(s[L.S_N_PLAYERS]) != players:
        raise ValueError(
            f"position field state.players = {int(s[L.S_N_PLAYERS])} does not match "
            f"players = {players}"
        )
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    if "log" in d:
        _decode_log(d["log"], log, min(int(s[L.S_LOG_N]), L.LOG_CAPACITY))
    return GameState(comp, s, log)


def _decode_log(rows: Any, log: np.ndarray, n: int) -> None:
    if not isinstance(rows, list) or len(rows) != n:
        got = len(rows) if isinstance(rows, list) else type(rows).__name__
        raise ValueError(f"position field log: expected {n} rows (state.log_rows), got {got}")
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != L.LOG_WIDTH or not all(_is_int(x) for x in row):
            raise ValueError(f"position field log[{i}]: expected {L.LOG_WIDTH} integers")
        log[i] = row
