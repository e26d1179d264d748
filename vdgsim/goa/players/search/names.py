"""Goa search players by name: ``mc``, ``mc:dets=32:rollouts=256:margin=0.01:rollout=default``,
``ismcts``, ``ismcts:iters=288:dets=32:uct_c=0.7:widen=1:margin=0.01:rollout=default``.

The budget is part of the name: options follow the kind, each ``:key=value``; options left out
take their standard value (:data:`SEARCH_OPTIONS`). ``rollout`` names the preset that plays
every seat in the rollouts (a Goa preset, never a search player): the heuristic ``default``
unless the name says otherwise (:data:`STANDARD_ROLLOUT`). ``decisions`` limits the search to
some decision kinds (``decisions=bid/owners_choice``; the rollout preset decides the others), a
diagnostic of where search gains, spelled as Vasco da Gama's.
"""

from __future__ import annotations

import numpy as np

from vdgsim.goa import layout as L
from vdgsim.goa.players.params import P_KIND
from vdgsim.goa.players.presets import PRESETS, PresetError, preset_row
from vdgsim.goa.players.search.params import (
    Q_BASE,
    Q_DECISIONS,
    Q_DETS,
    Q_ITERS,
    Q_MARGIN,
    Q_ROLLOUT_KIND,
    Q_ROLLOUTS,
    Q_UCT_C,
    Q_WIDEN,
    SEARCH_KINDS,
)
from vdgsim.paramtable import SearchOption, parse_search_name


class SearchNameError(PresetError):
    """A search player's name with an unknown option or a value out of range."""


SEARCH_OPTIONS: tuple[SearchOption, ...] = (
    SearchOption(
        "dets",
        Q_DETS,
        ("mc", "ismcts"),
        32,
        1,
        1_000_000,
        True,
        "distinct redraws of the hidden part",
    ),
    SearchOption("rollouts", Q_ROLLOUTS, ("mc",), 256, 1, 1_000_000, True, "rollouts per decision"),
    SearchOption(
        "margin",
        Q_MARGIN,
        ("mc", "ismcts"),
        0.01,
        0.0,
        1.0,
        False,
        "reward per VP of lead over the best rival",
    ),
    SearchOption(
        "iters", Q_ITERS, ("ismcts",), 288, 1, 1_000_000, True, "tree iterations per decision"
    ),
    SearchOption("uct_c", Q_UCT_C, ("ismcts",), 0.7, 0.0, 100.0, False, "UCB exploration constant"),
    SearchOption(
        "widen",
        Q_WIDEN,
        ("ismcts",),
        1.0,
        0.0,
        100.0,
        False,
        "children allowed at a node: 1 + floor(widen * sqrt(visits))",
    ),
)
STANDARD_ROLLOUT = "default"


def is_search_name(name: str) -> bool:
    """True when ``name`` names a search player (``mc`` or ``ismcts``, with or without
    options)."""
    return name.split(":", 1)[0].strip() in SEARCH_KINDS


def search_row(name: str, players: int | None = None) -> np.ndarray:
    """The parameter row of the search player ``name`` (``kind[:key=value]...``); its rollout
    preset's values are those of ``players``-player games."""
    parsed = parse_search_name(
        name, SEARCH_KINDS, SEARCH_OPTIONS, L.DECISION_NAMES, SearchNameError
    )
    rollout = parsed.rollout if parsed.rollout is not None else STANDARD_ROLLOUT
    if is_search_name(rollout) or rollout not in PRESETS:
        raise SearchNameError(
            f"{name!r}: the rollout player must be a preset ({', '.join(PRESETS)}), not {rollout!r}"
        )
    preset = preset_row(rollout, players)
    row = np.zeros_like(preset)
    row[:Q_BASE] = preset[:Q_BASE]
    row[Q_ROLLOUT_KIND] = preset[P_KIND]
    row[P_KIND] = SEARCH_KINDS[parsed.kind]
    options = {o.name: o for o in SEARCH_OPTIONS}
    for key, value in parsed.values.items():
        row[options[key].column] = value
    row[Q_DECISIONS] = parsed.decisions
    return row
