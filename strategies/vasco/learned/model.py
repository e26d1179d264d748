"""The learned player's features by name, and its weights as data in a preset file.

A learned preset is a preset file with ``policy = "learned"``, the preset whose behaviour it
keeps for every other decision as ``inherit``, and a ``[learned]`` table: one weight per
feature (:data:`FEATURES`, all of them, by name) and the provenance of the weights::

    name = "learned"
    inherit = "default"
    policy = "learned"

    [learned]
    weights = { give_up = 0.34, compensation = 1.0, ... }

    [learned.provenance]
    command = "vdg distill runs/distill --games 40 ..."
    games = 40

Errors are :class:`vdgsim.core.paramtable.PresetError`: one line naming the file and the field
(:mod:`vdgsim.core.linear_policy` reads and writes the table for any game).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from strategies.vasco import params as P
from strategies.vasco.learned import features as F
from vdgsim.core import linear_policy as L
from vdgsim.games.vasco.vocabulary import AREA_AXIS

FEATURES: tuple[tuple[str, str], ...] = (
    ("give_up", "1 for giving up"),
    ("compensation", "giving up: the compensation in VP"),
    *(
        (f"value_{area}", f"acting in {area}: the heuristic's VP of the action, price included")
        for area in AREA_AXIS
    ),
    ("value_late", "the heuristic's VP of the action times (round - 1) / 4"),
    ("cost", "acting: the right-to-act cost in VP"),
    *((f"act_{area}", f"1 for acting in {area}") for area in AREA_AXIS),
    ("round", "acting: (round - 1) / 4"),
    ("numbers_open", "acting: numbers still to be called this round after this one, / 10"),
    ("rivals_after", "acting: rivals' numbers still to be called in this Area this round"),
    ("lead", "acting: own VP minus the best rival's, / 10"),
    ("reals_left", "acting: Reals left after the cost and the action's price, / 10"),
    ("ships", "acting: launched ships in supply, / 4"),
    ("crew", "acting: sailors and missionaries held, / 10"),
    ("captains", "acting: captains in supply, / 4"),
    ("host", "1 for hosting a character"),
    ("captain", "1 for recruiting a captain"),
    ("sailors", "sailors recruited, / 4"),
    ("projects", "acting: unlaunched projects held, / 4"),
)
FEATURE_NAMES = tuple(name for name, _ in FEATURES)
if len(FEATURES) != F.N_FEATURES or F.N_FEATURES != P.N_LEARNED_WEIGHTS:
    raise ValueError("the feature names, the compiled features and the weight columns differ")
if P.LW_END > P.N_PARAMS:
    raise ValueError("the learned weights do not fit in a parameter row")


def heuristic_weights(row: np.ndarray) -> np.ndarray:
    """The weights with which the learned player decides as the heuristic row ``row`` does at
    Phase 2 (but for its "never pay more than max_pay" rule): compensation and action value
    at 1, the right-to-act cost at minus its cost aversion, its give-up bias and Area biases.
    Training starts from them and is pulled towards them (see :mod:`.train`)."""
    w = np.zeros(F.N_FEATURES)
    w[F.F_GIVE_UP] = row[P.P_GIVEUP_BIAS]
    w[F.F_COMPENSATION] = 1.0
    w[F.F_VALUE : F.F_VALUE + 4] = 1.0
    w[F.F_COST] = -row[P.P_COST_W]
    w[F.F_ACT : F.F_ACT + 4] = row[P.P_AREA_BIAS : P.P_AREA_BIAS + 4]
    return w


def weights_of(row: np.ndarray) -> np.ndarray:
    """The learned weights held in a parameter row."""
    return np.array(row[P.LW_FIRST : P.LW_END], dtype=np.float64)


def parse_learned(table: Any, where: str) -> tuple[np.ndarray, dict[str, Any]]:
    """(weights in feature order, provenance) of a preset file's ``[learned]`` table."""
    return L.parse_learned(table, where, FEATURE_NAMES)


HEADER = (
    "A learned player: its Phase 2 actions are chosen by the weights below, every other",
    "decision by the preset it inherits. Written by `vdg distill`; see docs/learned.md.",
)


def learned_preset_text(
    weights: np.ndarray,
    provenance: Mapping[str, Any],
    name: str = "learned",
    inherit: str = "default",
    description: str = "Distilled from search: a linear model over features of Phase 2 actions.",
) -> str:
    """The text of a learned preset file (see the module docstring)."""
    return L.learned_preset_text(FEATURES, weights, provenance, HEADER, name, inherit, description)


def write_learned_preset(path: Path, weights: np.ndarray, provenance: Mapping[str, Any]) -> None:
    """Write a learned preset file (atomically: a reader never sees half of it)."""
    L.write_text_atomically(path, learned_preset_text(weights, provenance))
