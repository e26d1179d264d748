"""Positions: save a game state as a JSON-able dict with readable names, and load it back.

The dict is driven by :data:`vdgsim.games.vasco.layout.STATE_FIELDS` through the game-free
:mod:`vdgsim.core.positiontable`: every field's axes and value kind decide how it is written, so a
new state field is saved and loaded without new code here. This module names Vasco da Gama's
axes and kinds:

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
:mod:`vdgsim.games.vasco.engine.events`) and loading restores them. Without it the loaded game's log
holds zeros in place of the earlier rows and new rows are appended after them as usual.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vdgsim.core.positiontable import (
    Names,
    check_envelope,
    decode_fields,
    decode_log,
    encode_fields,
)
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import Components, default_components
from vdgsim.games.vasco.game import GameState

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


def _names(players: int, comp: Components) -> Names:
    """Vasco da Gama's name tables for a game: seats by colour, tiles by the data's names."""
    seats = L.PLAYER_COLOURS[:players]
    ships = (*comp.tile_names, *MERCHANT_NAMES)
    axes: dict[str, tuple[str, ...] | None] = {**_AXIS_NAMES, "seat": seats}
    axes |= {"tile": comp.tile_names} | dict.fromkeys(LIST_AXES)
    kinds = {k: (v, False) for k, v in _ENUM_KINDS.items()}
    kinds |= {k: (v, True) for k, v in _NULLABLE_KINDS.items()}
    kinds |= {"seat": (seats, True), "tile": (comp.tile_names, True), "ship": (ships, True)}
    return Names(players, axes, kinds, INT_KINDS, True, "vdgsim.games.vasco.positions")


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
    fields = encode_fields(s, L.STATE_FIELDS, _names(players, state.components))
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
def state_from_dict(d: dict[str, Any], components: Components | None = None) -> GameState:
    """Rebuild the game state saved by :func:`state_to_dict`.

    ``components`` must be the component data the position was saved with (the default data
    when None); a different data digest is an error. Raises ValueError naming the bad field.
    """
    comp = components if components is not None else default_components()
    players = check_envelope(d, FORMAT, FORMAT_VERSION, comp, L.MAX_PLAYERS)
    s = decode_fields(d["state"], L.STATE_FIELDS, L.S_SIZE, _names(players, comp))
    if int(s[L.S_N_PLAYERS]) != players:
        raise ValueError(
            f"position field state.players = {int(s[L.S_N_PLAYERS])} does not match "
            f"players = {players}"
        )
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    if "log" in d:
        decode_log(d["log"], log, min(int(s[L.S_LOG_N]), L.LOG_CAPACITY))
    return GameState(comp, s, log)
