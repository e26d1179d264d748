"""Search players by name: ``mc``, ``mc:rollouts=512:dets=16:rollout=frugal``, ``ismcts:iters=128``.

The budget is part of the name: options follow the kind, each ``:key=value``; options left
out take their standard value (:data:`SEARCH_OPTIONS`). ``rollout`` names the preset that plays
every seat in the rollouts (a shipped preset or a preset file; not a search player, and without
restrictions: restrictions written after the whole name with ``+`` bind the search player itself,
and its own seat keeps them in its rollouts). ``decisions`` limits the search to some decision
kinds (``decisions=place_disc/act``; the rollout preset decides the others), which shows where
search gains most over the preset.
"""

from __future__ import annotations

import numpy as np

from strategies.params import (
    LW_END,
    LW_FIRST,
    N_BEHAVIOUR,
    P_KIND,
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
from vdgsim.vocabulary import Decision

# decision kinds by code, as a search name spells them (decisions=place_disc/act)
DECISION_KEYS = tuple(d.name.lower() for d in sorted(Decision))


class SearchNameError(ValueError):
    """A search player's name with an unknown option or a value out of range."""


SEARCH_OPTIONS: tuple[SearchOption, ...] = (
    SearchOption("rollouts", Q_ROLLOUTS, ("mc",), 256, 1, 1_000_000, True, "rollouts per decision"),
    SearchOption(
        "dets",
        Q_DETS,
        ("mc", "ismcts"),
        32,
        1,
        1_000_000,
        True,
        "distinct deals of the face-down piles",
    ),
    SearchOption(
        "margin",
        Q_MARGIN,
        ("mc", "ismcts"),
        0.01,
        0.0,
        1.0,
        False,
        "reward per VP of lead over the best rival, added to the win share",
    ),
    SearchOption(
        "iters", Q_ITERS, ("ismcts",), 192, 1, 1_000_000, True, "tree iterations per decision"
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


def is_search_name(base: str) -> bool:
    """True when ``base`` (a player name without restrictions) names a search player."""
    return base.split(":", 1)[0].strip() in SEARCH_KINDS


def search_row(base: str, resolve_preset) -> np.ndarray:
    """The parameter row of the search player ``base`` (``kind[:key=value]...``);
    ``resolve_preset(name)`` gives a preset's row (for the rollout preset)."""
    name = parse_search_name(base, SEARCH_KINDS, SEARCH_OPTIONS, DECISION_KEYS, SearchNameError)
    rollout = name.rollout if name.rollout is not None else STANDARD_ROLLOUT
    if is_search_name(rollout):
        raise SearchNameError(f"{base!r}: the rollout player must be a preset, not {rollout!r}")
    preset = resolve_preset(rollout)
    row = np.zeros_like(preset)
    row[1:N_BEHAVIOUR] = preset[1:N_BEHAVIOUR]
    row[LW_FIRST:LW_END] = preset[LW_FIRST:LW_END]  # a learned rollout preset's weights
    row[Q_ROLLOUT_KIND] = preset[P_KIND]
    row[P_KIND] = SEARCH_KINDS[name.kind]
    options = {o.name: o for o in SEARCH_OPTIONS}
    for key, value in name.values.items():
        row[options[key].column] = value
    row[Q_DECISIONS] = name.decisions
    return row
