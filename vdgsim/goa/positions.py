"""Goa positions as readable JSON: every state field by name, plus names for people.

:func:`state_to_dict` writes the whole state (hidden information included: it is a save
file, not what a player sees; see :mod:`vdgsim.goa.observation`), :func:`state_from_dict`
reads it back exactly.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from vdgsim.fieldtable import read_field
from vdgsim.goa import layout as L
from vdgsim.goa.components import Components, default_components
from vdgsim.goa.game import GameState

FORMAT = "goa-position-1"


def state_to_dict(state: GameState) -> dict[str, Any]:
    s = state.s
    return {
        "format": FORMAT,
        "components_digest": state.components.digest,
        "readable": {
            "step": L.STEP_NAMES[int(s[L.S_STEP])],
            "decision": L.DECISION_NAMES[int(s[L.S_DECISION])],
            "round": int(s[L.S_ROUND]),
            "phase": "AB"[int(s[L.S_PHASE])],
        },
        "fields": {f.name: read_field(s, f) for f in L.STATE_FIELDS},
        "log": state.log[: min(int(s[L.S_LOG_N]), state.log.shape[0])].tolist(),
    }


def state_from_dict(d: dict[str, Any], components: Components | None = None) -> GameState:
    if d.get("format") != FORMAT:
        raise ValueError(f"not a Goa position (format {d.get('format')!r})")
    comp = components or default_components()
    if d["components_digest"] != comp.digest:
        raise ValueError("the position was saved with other component data")
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    for f in L.STATE_FIELDS:
        v = np.asarray(d["fields"][f.name], dtype=np.int64)
        s[f.offset : f.offset + f.size] = v.reshape(-1)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    rows = np.asarray(d["log"], dtype=np.int64).reshape(-1, L.LOG_WIDTH)
    log[: rows.shape[0]] = rows
    return GameState(comp, s, log)


def to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state))


def from_json(text: str, components: Components | None = None) -> GameState:
    return state_from_dict(json.loads(text), components)
