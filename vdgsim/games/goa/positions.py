"""Goa positions as readable JSON: every state field by name, with names for people.

:func:`state_to_dict` writes the whole state (hidden information included: it is a save
file, not what a player sees; see :mod:`vdgsim.games.goa.observation`) through the game-free
:mod:`vdgsim.core.positiontable`, with Goa's names: seats ``"seat 0"``; tiles, expedition cards
and colony tiles by their component names (copies numbered, ``"A-P2-clove #2"``); columns,
spices, cells ``"(row 1, column 3)"``, the Flag's cell on the grid and its frame, Bonanza
tiles ``"BZ1"``, steps, decisions, tile and card locations. :func:`state_from_dict` reads it
back exactly (both random generators included, so a loaded game continues identically) and
refuses a position that breaks one of the state's invariants (:mod:`vdgsim.games.goa.invariants`),
naming the first one. The event log is history, not position: ``include_log=True`` adds its
rows and loading restores them.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from vdgsim.core.positiontable import (
    Names,
    check_envelope,
    decode_fields,
    decode_log,
    encode_fields,
)
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import Components, default_components
from vdgsim.games.goa.game import GameState
from vdgsim.games.goa.invariants import INVARIANT_NAMES, check

FORMAT = "goa position"
FORMAT_VERSION = 2

SEAT_NAMES = tuple(f"seat {p}" for p in range(L.MAX_PLAYERS))
CELL_NAMES = tuple(f"(row {r}, column {c})" for r in range(L.GRID) for c in range(L.GRID))
# the Flag's cells: the grid and its frame, rows and columns -1..GRID (actions.flag_cell)
FLAG_CELL_NAMES = tuple(
    f"(row {r}, column {c})" for r in range(-1, L.GRID + 1) for c in range(-1, L.GRID + 1)
)
BONANZA_NAMES = tuple(f"BZ{k + 1}" for k in range(L.N_BONANZA))
# card locations: a seat's hand (by seat number), then the piles (layout.CARD_*)
CARD_LOC_NAMES = (*(f"hand of {s}" for s in SEAT_NAMES), "deck", "discard pile", "revealed")
_AXIS_NAMES: dict[str, tuple[str, ...]] = {
    "column": L.COLUMN_NAMES,
    "spice": L.SPICE_KEYS,
    "vp_source": L.VP_SOURCE_NAMES,
    "cell": CELL_NAMES,
    "row4_row5": ("row 4", "row 5"),
}
LIST_AXES = frozenset(("position", "word", "space", "marker", "corner"))
_ENUM_KINDS: dict[str, tuple[str, ...]] = {
    "phase": ("A", "B"),
    "step": L.STEP_NAMES,
    "decision": L.DECISION_NAMES,
    "tile_loc": L.TILE_LOC_NAMES,
}
_NULLABLE_KINDS: dict[str, tuple[str, ...]] = {
    "card_loc": CARD_LOC_NAMES,
    "cell": CELL_NAMES,
    "flag_cell": FLAG_CELL_NAMES,
    "bonanza": BONANZA_NAMES,
    "column": L.COLUMN_NAMES,
    "colony": L.COLONY_NAMES,
}
INT_KINDS = frozenset(("int", "rng", "spice_mask"))


def distinct(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names with a repeated one numbered in order (``"A-P2-clove #2"``): two copies of a
    tile are two things a position must tell apart."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if names.count(n) == 1 else f"{n} #{seen[n]}")
    return tuple(out)


def _names(players: int, comp: Components) -> Names:
    """Goa's name tables for a game: its seats and its component data's names. Goa's set-up
    fills every seat's columns, used or not (rows start at 1), so a spare seat is written."""
    seats = SEAT_NAMES[:players]
    by_data = {
        "tile": distinct(comp.tile_names),
        "card": distinct(comp.card_names),
        "ctype": distinct(comp.colony_tile_names),
    }
    axes: dict[str, tuple[str, ...] | None] = {**_AXIS_NAMES, **by_data, "seat": seats}
    axes |= dict.fromkeys(LIST_AXES)
    kinds = {k: (v, False) for k, v in _ENUM_KINDS.items()}
    kinds |= {k: (v, True) for k, v in _NULLABLE_KINDS.items()}
    kinds |= {
        "seat": (seats, True),
        "tile": (by_data["tile"], True),
        "card": (by_data["card"], True),
    }
    return Names(players, axes, kinds, INT_KINDS, False, "vdgsim.games.goa.positions")


def state_to_dict(state: GameState, include_log: bool = False) -> dict[str, Any]:
    """A JSON-able dict of the whole position (every state field, with readable names).

    ``include_log=True`` adds the event log rows written so far under ``"log"``.
    """
    s = state.s
    players = int(s[L.S_N_PLAYERS])
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "players": players,
        "components_digest": state.components.digest,
        "state": encode_fields(s, L.STATE_FIELDS, _names(players, state.components)),
    }
    if include_log:
        n = min(int(s[L.S_LOG_N]), state.log.shape[0])
        out["log"] = [[int(x) for x in row] for row in state.log[:n]]
    return out


def state_from_dict(d: dict[str, Any], components: Components | None = None) -> GameState:
    """Rebuild the game state saved by :func:`state_to_dict`.

    ``components`` must be the component data the position was saved with (the default data
    when None). Raises ValueError naming the bad field, or the first invariant the position
    breaks.
    """
    comp = components if components is not None else default_components()
    players = check_envelope(d, FORMAT, FORMAT_VERSION, comp, L.MAX_PLAYERS)
    s = decode_fields(d["state"], L.STATE_FIELDS, L.S_SIZE, _names(players, comp))
    if int(s[L.S_N_PLAYERS]) != players:
        raise ValueError(
            f"position field state.players = {int(s[L.S_N_PLAYERS])} does not match "
            f"players = {players}"
        )
    broken = int(check(comp.array, s, np.zeros(L.MAX_LEGAL, dtype=np.int64)))
    if broken:
        raise ValueError(f"position: {INVARIANT_NAMES[broken]}")
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    if "log" in d:
        decode_log(d["log"], log, min(int(s[L.S_LOG_N]), L.LOG_CAPACITY))
    return GameState(comp, s, log)


def to_json(state: GameState, include_log: bool = False) -> str:
    return json.dumps(state_to_dict(state, include_log))


def from_json(text: str, components: Components | None = None) -> GameState:
    return state_from_dict(json.loads(text), components)
