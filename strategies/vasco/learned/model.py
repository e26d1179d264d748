"""The learned player's features by name, and its weights as data in a preset file.

A learned preset is a preset file with ``policy = "learned"``, the preset whose behaviour it
keeps for every other decision as ``inherit``, and a ``[learned]`` table: one weight per
feature (:data:`FEATURES`, all of them, by name) and the provenance of the weights::

    name = "learned"
    inherit = "default"
    policy = "learned"

    [learned]
    weights = { give_up = 0.34, compensation = 1.0, ... }

    [learned.place_weights]      # optional: without it, the inherited preset places
    value = 1.0 ...              # (:data:`PLACE_FEATURES`, all of them, by name)

    [learned.hidden]             # optional: a hidden layer over the Phase 2 features
    bias = [...]                 # (:mod:`vdgsim.core.hidden_layer`; at most N_HIDDEN units)
    out = [...]
    [learned.hidden.weights]
    give_up = [...] ...

    [learned.provenance]
    command = "vdg distill runs/distill --games 40 ..."
    games = 40

    [learned.players.3.place_weights]   # optional: placement weights for 3-player games
    value = 0.9 ...
    [learned.players.3.provenance]      # (replacing [learned.place_weights] at that count)
    command = "vdg distill runs/place --players 3 --refine-block place ..."

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
from vdgsim.core.hidden_layer import KEY as HIDDEN_KEY
from vdgsim.core.hidden_layer import HiddenLayer, hidden_lines, parse_hidden
from vdgsim.games.vasco.layout import MAX_PLAYERS
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

# The optional placement weights: the table [learned.place_weights], one weight per feature.
PLACE_KEY = "place_weights"
PLACE_FEATURES: tuple[tuple[str, str], ...] = (
    ("value", "the heuristic's expected VP of the placement, over the First Free Number"),
    ("value_late", "that value times (round - 1) / 4"),
    ("area_value", "the VP of acting in the Area, less the rivals ahead, before any cost"),
    ("give_up", "the VP of giving the number up: its compensation and the give-up bias"),
    ("early", "(21 - number) / 20 for a number from 1 to 20, else 0"),
    ("early_late", "that times (round - 1) / 4"),
    ("free", "1 when acting costs nothing whatever the First Free Number is"),
    ("rivals", "the rivals expected to act in the Area first"),
    *((f"area_{area}", f"1 for placing in {area}") for area in AREA_AXIS),
    *(
        (f"area_{area}_late", f"1 for placing in {area}, times (round - 1) / 4")
        for area in AREA_AXIS
    ),
)
PLACE_FEATURE_NAMES = tuple(name for name, _ in PLACE_FEATURES)
if len(PLACE_FEATURES) != F.N_PLACE_FEATURES or F.N_PLACE_FEATURES != P.N_PLACE_WEIGHTS:
    raise ValueError("the placement features, their compiled form and their columns differ")
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


def heuristic_place_weights() -> np.ndarray:
    """The placement weights with which the learned player places as its inherited heuristic
    does: the heuristic's expected VP at 1, every other feature at 0."""
    w = np.zeros(F.N_PLACE_FEATURES)
    w[F.PF_VALUE] = 1.0
    return w


def place_weights_of(row: np.ndarray) -> np.ndarray | None:
    """The placement weights of a learned row, None when its inherited preset places."""
    if row[P.PW_ON] <= 0:
        return None
    return np.array(row[P.PW_FIRST : P.PW_END], dtype=np.float64)


def with_place_weights(row: np.ndarray, w: np.ndarray | None) -> np.ndarray:
    """A copy of a learned row that places by weights ``w`` (None: as its inherited preset)."""
    out = row.copy()
    out[P.PW_ON] = 0.0 if w is None else 1.0
    out[P.PW_FIRST : P.PW_END] = 0.0 if w is None else w
    return out


def weights_of(row: np.ndarray) -> np.ndarray:
    """The learned weights held in a parameter row."""
    return np.array(row[P.LW_FIRST : P.LW_END], dtype=np.float64)


def parse_learned(table: Any, where: str) -> tuple[np.ndarray, np.ndarray | None, dict[str, Any]]:
    """(weights in feature order, placement weights or None, provenance) of a preset file's
    ``[learned]`` table."""
    blocks = (PLACE_KEY, HIDDEN_KEY)
    weights, provenance = L.parse_learned(table, where, FEATURE_NAMES, blocks, True)
    return weights, L.parse_block(table, where, PLACE_KEY, PLACE_FEATURE_NAMES), provenance


def parse_hidden_layer(table: Any, where: str) -> HiddenLayer | None:
    """The hidden layer of a preset file's ``[learned]`` table, or None without one."""
    return parse_hidden(table, where, FEATURE_NAMES, P.N_HIDDEN)


def hidden_of(row: np.ndarray) -> HiddenLayer | None:
    """The hidden layer of a learned row (its units whose weights are not all 0), or None."""
    w = np.array(row[P.HW_FIRST : P.HW_FIRST + P.N_HIDDEN * F.N_FEATURES]).reshape(
        P.N_HIDDEN, F.N_FEATURES
    )
    bias = np.array(row[P.HB_FIRST : P.HB_FIRST + P.N_HIDDEN])
    out = np.array(row[P.HO_FIRST : P.HO_FIRST + P.N_HIDDEN])
    used = np.flatnonzero(np.any(w != 0.0, axis=1) | (bias != 0.0) | (out != 0.0))
    if len(used) == 0:
        return None
    return HiddenLayer(w[used], bias[used], out[used])


def with_hidden(row: np.ndarray, layer: HiddenLayer | None) -> np.ndarray:
    """A copy of a learned row with the hidden layer ``layer`` (None: none)."""
    out = row.copy()
    out[P.HW_FIRST : P.HIDDEN_END] = 0.0
    if layer is not None:
        if layer.units > P.N_HIDDEN:
            raise ValueError(f"a hidden layer has at most {P.N_HIDDEN} units")
        k = layer.units
        out[P.HW_FIRST : P.HW_FIRST + k * F.N_FEATURES] = layer.weights.ravel()
        out[P.HB_FIRST : P.HB_FIRST + k] = layer.bias
        out[P.HO_FIRST : P.HO_FIRST + k] = layer.out
    return out


def hidden_weights_of(row: np.ndarray) -> np.ndarray:
    """The weights refinement by play moves with a hidden layer: the Phase 2 weights, then
    every unit's output weight."""
    return np.concatenate([weights_of(row), row[P.HO_FIRST : P.HO_FIRST + P.N_HIDDEN]])


def with_hidden_weights(row: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A copy of a learned row with the weights of :func:`hidden_weights_of` set to ``w``."""
    out = with_weights(row, w[: F.N_FEATURES])
    out[P.HO_FIRST : P.HO_FIRST + P.N_HIDDEN] = w[F.N_FEATURES :]
    return out


CountBlocks = Mapping[int, tuple[np.ndarray, Mapping[str, Any]]]


def parse_count_place(table: Any, where: str) -> dict[int, tuple[np.ndarray, dict[str, Any]]]:
    """The placement weights of a ``[learned]`` table's ``[learned.players.N]`` tables, by
    player count: (weights in feature order, their provenance)."""
    blocks = ((PLACE_KEY, PLACE_FEATURE_NAMES),)
    per = L.parse_per_count(table, where, tuple(range(2, MAX_PLAYERS + 1)), blocks)
    return {count: (weights[PLACE_KEY], provenance) for count, (weights, provenance) in per.items()}


HEADER = (
    "A learned player: its Phase 2 actions are chosen by the weights below (and its placements",
    "by the placement weights, where there are any), every other decision by the preset it",
    "inherits. Written by `vdg distill`; see docs/learned.md.",
)


def learned_preset_text(
    weights: np.ndarray,
    provenance: Mapping[str, Any],
    name: str = "learned",
    inherit: str = "default",
    description: str = "Distilled from search: a linear model over features of Phase 2 actions.",
    place_weights: np.ndarray | None = None,
    count_place: CountBlocks | None = None,
    hidden: HiddenLayer | None = None,
) -> str:
    """The text of a learned preset file (see the module docstring); ``count_place`` holds
    placement weights for one player count, by count, with their provenance."""
    blocks = () if place_weights is None else ((PLACE_KEY, PLACE_FEATURES, place_weights),)
    per_count = {
        count: (((PLACE_KEY, PLACE_FEATURES, w),), provenance)
        for count, (w, provenance) in (count_place or {}).items()
    }
    extra = () if hidden is None else hidden_lines(FEATURES, hidden)
    return L.learned_preset_text(
        FEATURES, weights, provenance, HEADER, name, inherit, description, blocks, per_count, extra
    )


def write_learned_preset(
    path: Path,
    weights: np.ndarray,
    provenance: Mapping[str, Any],
    place_weights: np.ndarray | None = None,
    count_place: CountBlocks | None = None,
    hidden: HiddenLayer | None = None,
    **keys: str,
) -> None:
    """Write a learned preset file (atomically: a reader never sees half of it); ``keys``:
    the preset's ``name``, ``inherit`` or ``description`` where not the defaults."""
    text = learned_preset_text(
        weights,
        provenance,
        place_weights=place_weights,
        count_place=count_place,
        hidden=hidden,
        **keys,
    )
    L.write_text_atomically(path, text)


def with_weights(row: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A copy of a learned row with Phase 2 weights ``w``."""
    out = row.copy()
    out[P.LW_FIRST : P.LW_END] = w
    return out


def _start_parts(
    start: str, row: np.ndarray
) -> tuple[np.ndarray | None, dict[str, Any] | None, dict[int, Any], dict[str, str]]:
    """What a preset written from the start player ``start`` (a name or file) keeps of it:
    (its placement weights for every count, its provenance, its placement weights by count,
    its name, description and base). A start that is no learned preset file is the heuristic
    ``row`` came from: ``row``'s placement weights, no provenance, ``start`` as the base."""
    from strategies.vasco.presets import preset_path

    source = preset_path(start)
    table, keys = L.read_start(source, start)
    if table is None:
        return place_weights_of(row), None, {}, keys
    _, place, provenance = parse_learned(table, str(source))
    return place, provenance, dict(parse_count_place(table, str(source))), keys


def write_fit(path: Path, row: np.ndarray, provenance: Mapping[str, Any], start: str) -> None:
    """Write the Phase 2 weights and hidden layer of the learned player ``row`` with their
    ``provenance`` as a preset whose placement weights (at every count), name, description and
    base are those of the start player ``start``."""
    place, _, count_place, keys = _start_parts(start, row)
    write_learned_preset(
        path, weights_of(row), provenance, place, count_place, hidden_of(row), **keys
    )


def write_count_place(
    path: Path,
    start: str,
    row: np.ndarray,
    refined: CountBlocks,
    provenance: Mapping[str, Any] | None = None,
) -> None:
    """Write the learned player ``row`` as a preset with the placement weights ``refined``
    for their player counts, each with its provenance. Its Phase 2 weights are ``row``'s,
    described by ``provenance`` (None: the Phase 2 weights are ``start``'s, as its file
    describes them, or a heuristic start's own rule, described by the refinement). Everything
    else comes from ``start`` (a name or file): its name, description and base, and its
    placement weights at the other counts."""
    place, own, count_place, keys = _start_parts(start, row)
    if own is None:
        own = next(iter(refined.values()))[1]
    count_place.update(refined)
    top = own if provenance is None else provenance
    write_learned_preset(path, weights_of(row), top, place, count_place, hidden_of(row), **keys)


def write_act(
    path: Path,
    start: str,
    row: np.ndarray,
    refined: CountBlocks,
    provenance: Mapping[str, Any] | None = None,
) -> None:
    """Write the learned player ``row`` as a preset with the Phase 2 weights of ``refined``
    (one player count's, which every count shares) and the refinement's provenance (which
    names the start player; ``provenance`` is not needed); its placement weights, name,
    description and base are ``start``'s."""
    ((_, (weights, top)),) = refined.items()
    write_fit(path, with_weights(row, weights), top, start)


def write_hidden(
    path: Path,
    start: str,
    row: np.ndarray,
    refined: CountBlocks,
    provenance: Mapping[str, Any] | None = None,
) -> None:
    """As :func:`write_act`, for the weights of :func:`hidden_weights_of` (the Phase 2 weights
    and the units' outputs); the units are ``row``'s."""
    ((_, (weights, top)),) = refined.items()
    write_fit(path, with_hidden_weights(row, weights), top, start)
