"""Goa's learned player's features by name, and its weights as data in a preset file.

A learned preset (``presets/learned.toml``) is a preset file with ``policy = "learned"``, the
preset that plays its other decisions as ``inherit``, and a ``[learned]`` table: one weight per
feature (:data:`FEATURES`, all of them, by name) and the weights' provenance, read and written
by :mod:`vdgsim.core.linear_policy`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from strategies.goa import params as P
from strategies.goa.learned import bids as B
from strategies.goa.learned import features as F
from vdgsim.core import linear_policy as LP

FEATURES: tuple[tuple[str, str], ...] = (
    ("own", "the tile's VP to the seat times its lot_weight: the heuristic's value"),
    ("own_late", "own times (round - 1) / 7"),
    ("rival_best", "the best rival's VP of the tile, as the seat values rivals"),
    ("rival_second", "the second-best rival's VP of the tile"),
    ("rival_pay", "the most VP a rival values the tile at and can pay in ducats"),
    ("sell_gain", "the best rival's VP beyond the seat's own (0 when not above)"),
    *((f"lot_{k}", f"1 for a {k} lot") for k in P.LOT_AXIS[: F.N_KINDS]),
    ("next_rival", "a rival places the next marker: his best VP among the tiles it may take"),
    ("next_own", "the seat places the next marker: its best VP among the tiles it may take"),
    ("free_around", "unmarked tiles next to the cell, / 8"),
    ("own_rich", "own times the seat's ducats (at most 30) / 30"),
    ("rival_late", "rival_best times (round - 1) / 7"),
)
FEATURE_NAMES = tuple(name for name, _ in FEATURES)
if len(FEATURES) != F.N_FEATURES or F.N_FEATURES != P.N_LEARNED_WEIGHTS:
    raise ValueError("the feature names, the compiled features and the weight columns differ")
# the bid's features (strategies.goa.learned.bids), optional in a preset file as a block
BID_FEATURES: tuple[tuple[str, str], ...] = (
    ("bid_heuristic", "minus the ducats between the answer and the inherited preset's bid"),
    ("bid_surplus", "a bid: the lot's VP times its lot_weight less the VP of the ducats paid"),
    ("bid_surplus_late", "bid_surplus times (round - 1) / 7"),
    ("bid_rival", "a bid: the best rival's VP of the lot, as the seat values rivals"),
    ("bid_owner_sells", "a bid at or above the bid the owner is expected to sell at (G4.3b)"),
    ("bid_outbid", "a bid at or below the highest limit of the later speakers (G4.2)"),
    ("bid_raise", "(the bid - the high bid) / 10; 0 for passing"),
    ("bid_flag_raise", "bid_raise on the Flag (G4.5), 0 on a tile"),
    ("bid_short", "min(ducats left - its limit for the best lot still to come this round, 0) / 10"),
    ("bid_bid", "1 for a bid, 0 for passing"),
)
BID_FEATURE_NAMES = tuple(name for name, _ in BID_FEATURES)
if len(BID_FEATURES) != B.N_BID_FEATURES or B.N_BID_FEATURES != P.N_BID_WEIGHTS:
    raise ValueError("the bid feature names, the compiled features and the weight columns differ")
HEADER = (
    "A learned Goa player: where it puts its auction markers is chosen by the weights below,",
    "every other decision by the preset it inherits. Written by `vdg distill --game goa`;",
    "see docs/learned.md.",
)
DESCRIPTION = "Distilled from search: a linear model over features of marker placements."


def heuristic_weights(row: np.ndarray) -> np.ndarray:
    """The weights with which the learned player places markers as the heuristic row ``row``
    does: the heuristic's value at 1, the rest 0 (the heuristic's marker rule has no other
    term). Training starts from them and is pulled towards them."""
    w = np.zeros(F.N_FEATURES)
    w[F.F_OWN] = 1.0
    return w


def weights_of(row: np.ndarray) -> np.ndarray:
    """The learned weights held in a parameter row."""
    return np.array(row[P.LW_FIRST : P.LW_END], dtype=np.float64)


def parse_learned(table: Any, where: str) -> tuple[np.ndarray, dict[str, Any]]:
    """(marker weights then bid weights, in feature order; provenance) of a preset file's
    ``[learned]`` table. The bid weights are all given or none: none leaves them 0, and the
    player bids as the preset it inherits."""
    if not isinstance(table, dict) or not isinstance(table.get("weights"), dict):
        return LP.parse_learned(table, where, FEATURE_NAMES)
    weights = table["weights"]
    marker = {k: v for k, v in weights.items() if k not in BID_FEATURE_NAMES}
    w, provenance = LP.parse_learned({**table, "weights": marker}, where, FEATURE_NAMES)
    bid = np.zeros(len(BID_FEATURE_NAMES))
    if len(marker) < len(weights):
        bids = {k: v for k, v in weights.items() if k in BID_FEATURE_NAMES}
        bid, _ = LP.parse_learned({**table, "weights": bids}, where, BID_FEATURE_NAMES)
    return np.concatenate([w, bid]), provenance


def learned_preset_text(
    weights: np.ndarray,
    provenance: Mapping[str, Any],
    name: str = "learned",
    inherit: str = "default",
    description: str = DESCRIPTION,
) -> str:
    """The text of a learned preset file: the marker weights, then the bid weights when
    ``weights`` holds them (``N_LEARNED_WEIGHTS + N_BID_WEIGHTS`` values, not all 0)."""
    features = FEATURES
    if len(weights) > len(FEATURES):
        if np.any(weights[len(FEATURES) :]):
            features = FEATURES + BID_FEATURES
        else:
            weights = weights[: len(FEATURES)]
    return LP.learned_preset_text(features, weights, provenance, HEADER, name, inherit, description)


def write_learned_preset(
    path: Path, weights: np.ndarray, provenance: Mapping[str, Any], **keys: str
) -> None:
    """Write a learned preset file (atomically: a reader never sees half of it); ``keys``:
    the preset's ``name``, ``inherit`` or ``description`` where not the defaults."""
    LP.write_text_atomically(path, learned_preset_text(weights, provenance, **keys))


def bid_weights_of(row: np.ndarray) -> np.ndarray:
    """A row's bid weights, or, without any, the inherited preset's rule as weights
    (``bid_heuristic`` 1, the rest 0)."""
    w = np.array(row[P.BW_FIRST : P.BW_END], dtype=np.float64)
    if not np.any(w):
        w[B.B_HEURISTIC] = 1.0
    return w


def _with_columns(row: np.ndarray, first: int, end: int, w: np.ndarray) -> np.ndarray:
    out = row.copy()
    out[first:end] = w
    return out


def with_marker_weights(row: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A copy of a learned row with marker weights ``w``."""
    return _with_columns(row, P.LW_FIRST, P.LW_END, w)


def with_bid_weights(row: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A copy of a learned row with bid weights ``w``."""
    return _with_columns(row, P.BW_FIRST, P.BW_END, w)


def write_preset(path: Path, row: np.ndarray, provenance: Mapping[str, Any], start: str) -> None:
    """Write a learned row as a preset file: its marker weights, then its bid weights when it
    has any; its name, description and base are those of the start player ``start`` (a
    heuristic start is its base)."""
    from strategies.goa.presets import PRESET_DIR
    from vdgsim.core.paramtable import preset_path

    _, keys = LP.read_start(preset_path(start, None, PRESET_DIR), start)
    weights = np.concatenate([weights_of(row), row[P.BW_FIRST : P.BW_END]])
    write_learned_preset(path, weights, provenance, **keys)


def block_writer(
    with_weights: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> Callable[..., None]:
    """A ``RefineBlock.write_counts`` for a block that every player count shares: it writes the
    learned row with the block's refined weights (one player count's) as a preset file, with
    the refinement's provenance (the start preset it names describes the other weights)."""

    def write(
        path: Path,
        start: str,
        row: np.ndarray,
        refined: Mapping[int, tuple[np.ndarray, Mapping[str, Any]]],
        provenance: Mapping[str, Any] | None = None,
    ) -> None:
        ((_, (w, refinement)),) = refined.items()
        write_preset(path, with_weights(row, w), refinement, start)

    return write


write_bids = block_writer(with_bid_weights)
write_markers = block_writer(with_marker_weights)
