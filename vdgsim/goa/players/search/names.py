"""Goa search players by name: ``mc``, ``mc:dets=32:rollouts=256:margin=0.01:rollout=default``.

The budget is part of the name: options follow the kind, each ``:key=value``; options left out
take their standard value (:data:`SEARCH_OPTIONS`). ``rollout`` names the preset that plays
every seat in the rollouts (a Goa preset, never a search player): the heuristic ``default``
unless the name says otherwise (:data:`STANDARD_ROLLOUT`). ``decisions`` limits the search to
some decision kinds (``decisions=bid/owners_choice``; the rollout preset decides the others), a
diagnostic of where search gains, spelled as Vasco da Gama's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vdgsim.goa import layout as L
from vdgsim.goa.players.params import P_KIND
from vdgsim.goa.players.presets import PRESETS, PresetError, preset_row
from vdgsim.goa.players.search.params import (
    Q_BASE,
    Q_DECISIONS,
    Q_DETS,
    Q_MARGIN,
    Q_ROLLOUT_KIND,
    Q_ROLLOUTS,
    SEARCH_KINDS,
)
from vdgsim.paramtable import decision_mask, option_number


class SearchNameError(PresetError):
    """A search player's name with an unknown option or a value out of range."""


@dataclass(frozen=True)
class SearchOption:
    """One budget option of a search player."""

    name: str
    column: int
    standard: float
    lo: float
    hi: float
    integer: bool
    doc: str


SEARCH_OPTIONS: tuple[SearchOption, ...] = (
    SearchOption("dets", Q_DETS, 32, 1, 1_000_000, True, "distinct redraws of the hidden part"),
    SearchOption("rollouts", Q_ROLLOUTS, 256, 1, 1_000_000, True, "rollouts per decision"),
    SearchOption(
        "margin", Q_MARGIN, 0.01, 0.0, 1.0, False, "reward per VP of lead over the best rival"
    ),
)
STANDARD_ROLLOUT = "default"


def is_search_name(name: str) -> bool:
    """True when ``name`` names a search player (``mc`` with or without options)."""
    return name.split(":", 1)[0].strip() in SEARCH_KINDS


def search_row(name: str) -> np.ndarray:
    """The parameter row of the search player ``name`` (``kind[:key=value]...``)."""
    kind, *items = [part.strip() for part in name.split(":")]
    if kind not in SEARCH_KINDS:
        raise SearchNameError(f"{name!r}: unknown search kind {kind!r} (known: mc)")
    options = {o.name: o for o in SEARCH_OPTIONS}
    values = {o.name: o.standard for o in SEARCH_OPTIONS}
    rollout = STANDARD_ROLLOUT
    decisions = 0
    for item in items:
        key, eq, text = (part.strip() for part in item.partition("="))
        if not eq:
            raise SearchNameError(f"{name!r}: option {item!r} needs key=value")
        if key == "rollout":
            if is_search_name(text) or text not in PRESETS:
                raise SearchNameError(
                    f"{name!r}: the rollout player must be a preset ({', '.join(PRESETS)}), "
                    f"not {text!r}"
                )
            rollout = text
            continue
        if key == "decisions":
            decisions = decision_mask(text, name, L.DECISION_NAMES, SearchNameError)
            continue
        if key not in options:
            known = ", ".join([*options, "rollout", "decisions"])
            raise SearchNameError(f"{name!r}: unknown option {key!r} (known: {known})")
        opt = options[key]
        values[key] = option_number(text, name, key, opt.lo, opt.hi, opt.integer, SearchNameError)
    preset = preset_row(rollout)
    row = np.zeros_like(preset)
    row[:Q_BASE] = preset[:Q_BASE]
    row[Q_ROLLOUT_KIND] = preset[P_KIND]
    row[P_KIND] = SEARCH_KINDS[kind]
    for key, value in values.items():
        row[options[key].column] = value
    row[Q_DECISIONS] = decisions
    return row
