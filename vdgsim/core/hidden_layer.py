"""A hidden layer on top of a learned player's linear score, for any game: its units fitted to
search labels, and its table in a preset file.

With a hidden layer, legal action ``a`` scores ``w . x_a + sum_h out_h * max(0, bias_h +
weights_h . x_a)``: ``units`` rectified linear units over the same features ``x_a``. The units
let a score depend on combinations of features (a value that matters only late, or only with
Reals left), which one weight per feature cannot express.

**How the units are made.** Labels choose the units and play chooses how much each counts: a
label fit alone plays far worse than the linear weights it starts from (one-step labels value
an action with another policy's play after it, and a model that follows them closely changes
many decisions at once). :func:`fit_units` fits the layer to the labels on top of fixed linear
weights, with the listwise loss of :func:`vdgsim.core.linear_policy.fit` (the linear score's
scale fitted first, features standardised, an L2 pull ``l2`` on the unit and output weights,
L-BFGS). A game's kit keeps only the units: their outputs start at 0, so the player starts as
the linear player it was, and refinement by play (:func:`vdgsim.core.linear_policy.refine`) then
moves the outputs together with the linear weights.

A game's compiled score adds the units in a fixed order (unit by unit, each a sum in feature
order), so compiled and plain Python add alike; max(0, .) is exact.

**In a preset file** (every feature's weight of every unit, by feature name)::

    [learned.hidden]
    bias = [0.3, -1.2]           # one per unit
    out = [0.8, -0.1]            # one per unit; 0 adds nothing

    [learned.hidden.weights]
    give_up = [0.1, -0.4]        # one per unit, for every feature
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import minimize

from vdgsim.core.linear_policy import Positions, _group_softmax, check_feature_names
from vdgsim.core.paramtable import PresetError

KEY = "hidden"


@dataclass(frozen=True)
class HiddenLayer:
    """``weights`` (units x features, in the features' own units), ``bias`` and ``out`` (one
    per unit)."""

    weights: np.ndarray
    bias: np.ndarray
    out: np.ndarray

    @property
    def units(self) -> int:
        return len(self.bias)

    def activations(self, x: np.ndarray) -> np.ndarray:
        """The units' values for feature rows ``x``."""
        return np.maximum(x @ self.weights.T + self.bias, 0.0)

    def scores(self, x: np.ndarray) -> np.ndarray:
        """What the layer adds to the score of each feature row of ``x``."""
        return self.activations(x) @ self.out


def fit_units(
    data: Positions,
    linear: np.ndarray,
    units: int,
    l2: float = 0.001,
    temperature: float = 0.05,
    seed: int = 0,
    steps: int = 300,
) -> HiddenLayer:
    """A layer fitted to labelled positions on top of the fixed linear weights ``linear`` (the
    method of the module docstring), in the features' units and ``linear``'s scale; ``seed``
    draws the starting unit weights."""
    if data.count == 0:
        raise ValueError("no labelled positions to fit")
    target, _ = _group_softmax(data.value / temperature, data.starts)
    m = data.count
    base = data.x @ linear

    def scaled(z: np.ndarray) -> tuple[float, np.ndarray]:
        p, logp = _group_softmax(z[0] * base, data.starts)
        return -float(np.dot(target, logp)) / m, np.array([float(np.dot((p - target) / m, base))])

    c = float(
        minimize(scaled, np.array([1.0]), jac=True, method="L-BFGS-B", bounds=[(1e-3, None)]).x[0]
    )
    mu = data.x.mean(axis=0)
    sd = data.x.std(axis=0)
    sd = np.where(sd > 0.0, sd, 1.0)
    z = (data.x - mu) / sd
    n = z.shape[1]
    rng = np.random.default_rng(seed)
    start = np.concatenate(
        [(rng.standard_normal((units, n)) / math.sqrt(n)).ravel(), np.zeros(2 * units)]
    )

    def split(t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return t[: units * n].reshape(units, n), t[units * n : units * n + units], t[-units:]

    def loss(t: np.ndarray) -> tuple[float, np.ndarray]:
        a, b, v = split(t)
        pre = z @ a.T + b
        hid = np.maximum(pre, 0.0)
        p, logp = _group_softmax(c * base + hid @ v, data.starts)
        g = (p - target) / m
        dpre = (g[:, None] * v[None, :]) * (pre > 0.0)
        value = -float(np.dot(target, logp)) / m + l2 * (
            float(np.sum(a * a)) + float(np.sum(v * v))
        )
        grad = np.concatenate(
            [(dpre.T @ z + 2.0 * l2 * a).ravel(), dpre.sum(axis=0), hid.T @ g + 2.0 * l2 * v]
        )
        return value, grad

    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": steps})
    a, b, v = split(np.asarray(result.x, dtype=np.float64))
    # back to the features' own units: a . (x - mu) / sd + b = (a / sd) . x + b - a . mu / sd;
    # and to linear's scale, which the fit multiplied by c
    return HiddenLayer(a / sd, b - (a * (mu / sd)).sum(axis=1), v / c)


def parse_hidden(table: Any, where: str, features: Sequence[str], most: int) -> HiddenLayer | None:
    """The optional ``[learned.hidden]`` table of a ``[learned]`` table (at most ``most``
    units), or None without it."""
    if not isinstance(table, dict) or KEY not in table:
        return None
    hidden = table[KEY]
    if not isinstance(hidden, dict):
        raise PresetError(f"{where}: learned.{KEY} must be a table")
    known = ("bias", "out", "weights")
    unknown = sorted(set(hidden) - set(known))
    if unknown:
        raise PresetError(
            f"{where}: learned.{KEY}.{unknown[0]}: unknown key (known: {', '.join(known)})"
        )
    bias = _numbers(hidden.get("bias"), where, "bias", None)
    units = len(bias)
    if not 1 <= units <= most:
        raise PresetError(f"{where}: learned.{KEY}.bias: expected 1 to {most} units, got {units}")
    out = _numbers(hidden.get("out"), where, "out", units)
    weights = hidden.get("weights")
    check_feature_names(weights, where, f"{KEY}.weights", features)
    w = np.column_stack([_numbers(weights[f], where, f"weights.{f}", units) for f in features])
    return HiddenLayer(w, bias, out)


def _numbers(value: Any, where: str, key: str, length: int | None) -> np.ndarray:
    """A list of finite numbers (of ``length``, when given) as an array."""
    ok = isinstance(value, list) and all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in value
    )
    if not ok or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise PresetError(f"{where}: learned.{KEY}.{key}: expected a list{size} finite numbers")
    return np.array(value, dtype=np.float64)


def hidden_lines(features: Sequence[tuple[str, str]], layer: HiddenLayer) -> list[str]:
    """The ``[learned.hidden]`` tables of a preset file for ``layer`` (``features``: (name,
    meaning) pairs, in the layer's feature order)."""
    arrays = (layer.weights, layer.bias, layer.out)
    if layer.weights.shape != (layer.units, len(features)) or not all(
        np.all(np.isfinite(a)) for a in arrays
    ):
        raise ValueError(f"expected {layer.units} units of {len(features)} finite weights")

    def row(values: np.ndarray) -> str:
        return "[" + ", ".join(repr(float(v)) for v in values) + "]"

    lines = ["", f"[learned.{KEY}]", f"bias = {row(layer.bias)}", f"out = {row(layer.out)}"]
    lines += ["", f"[learned.{KEY}.weights]"]
    lines += [f"{name} = {row(layer.weights[:, j])}" for j, (name, _) in enumerate(features)]
    return lines
