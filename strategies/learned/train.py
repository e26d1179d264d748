"""Fitting the learned player's weights to search labels (NumPy/SciPy), and scoring a fit.

The model scores action ``a`` of a position as ``w . x_a`` and plays the best score. It is fit
listwise: per position, the softmax of the scores should match the softmax of the search values
at a temperature (``temperature``, in units of win share: small values put nearly all the
target on the best action, large ones spread it over near-equals, which noisy labels deserve).
The fit has two steps. First the scale: the prior weights (the heuristic's own,
:func:`strategies.learned.model.heuristic_weights`) times the one factor that fits the labels
best — the temperature sets how far apart a position's scores must be (labels in win share, the
prior's values in VP), and play only compares scores, so the scale is free. Then the weights:
the mean cross-entropy over positions plus ``l2`` times the squared distance, in the prior's
scale, from the prior, so a few hundred positions move the heuristic's rule rather than replace
it. L-BFGS minimises both; the weights are returned in the prior's scale (divided by the
factor), so they read next to the heuristic's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy.optimize import minimize

from strategies.learned.collect import FEATURE_COLUMNS


@dataclass(frozen=True)
class Positions:
    """Labelled positions as arrays: features ``x`` (actions x features), search ``value``
    per action, and ``starts``: position ``i`` holds actions ``starts[i]:starts[i + 1]``."""

    x: np.ndarray
    value: np.ndarray
    starts: np.ndarray

    @property
    def count(self) -> int:
        return len(self.starts) - 1


def positions_of(table: pl.DataFrame) -> Positions:
    """A labelled table (:data:`strategies.learned.collect.SCHEMA`) as :class:`Positions`,
    positions in (iteration, game, position) order, actions in their listed order."""
    table = table.with_row_index("_row").sort(["iteration", "game", "position", "_row"])
    key = table.select(["iteration", "game", "position"]).to_numpy()
    new = np.ones(len(key), dtype=bool)
    new[1:] = np.any(key[1:] != key[:-1], axis=1)
    starts = np.append(np.flatnonzero(new), len(key))
    x = table.select(FEATURE_COLUMNS).to_numpy().astype(np.float64)
    return Positions(x, table["value"].to_numpy().astype(np.float64), starts)


def _group_softmax(scores: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(softmax within each position, log-softmax within each position)."""
    heads = starts[:-1]
    sizes = np.diff(starts)
    top = np.repeat(np.maximum.reduceat(scores, heads), sizes)
    e = np.exp(scores - top)
    total = np.repeat(np.add.reduceat(e, heads), sizes)
    return e / total, scores - top - np.log(total)


def fit(
    data: Positions, prior: np.ndarray, temperature: float = 0.05, l2: float = 0.01
) -> np.ndarray:
    """Weights minimising the listwise loss of the module docstring, started at ``prior``."""
    if data.count == 0:
        raise ValueError("no labelled positions to fit")
    target, _ = _group_softmax(data.value / temperature, data.starts)
    m = data.count

    def cross_entropy(w: np.ndarray) -> tuple[float, np.ndarray]:
        p, logp = _group_softmax(data.x @ w, data.starts)
        return -float(np.dot(target, logp)) / m, data.x.T @ (p - target) / m

    def scaled(z: np.ndarray) -> tuple[float, np.ndarray]:
        value, grad = cross_entropy(z[0] * prior)
        return value, np.array([float(np.dot(grad, prior))])

    # a scale at or below 0 would reverse the prior: keep it positive
    first = minimize(scaled, np.array([1.0]), jac=True, method="L-BFGS-B", bounds=[(1e-3, None)])
    scale = float(first.x[0])
    pull = l2 / (scale * scale)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        value, grad = cross_entropy(w)
        d = w - scale * prior
        return value + pull * float(np.dot(d, d)), grad + 2.0 * pull * d

    result = minimize(loss, scale * prior, jac=True, method="L-BFGS-B")
    return np.asarray(result.x, dtype=np.float64) / scale


def score(data: Positions, w: np.ndarray) -> dict[str, float]:
    """How well ``w`` picks on labelled positions: ``agreement`` (share of positions where its
    pick is the best-valued action) and ``regret`` (mean value of the best action minus that
    of its pick; tied top scores share the pick equally, so order does not favour one)."""
    if data.count == 0:
        return {"positions": 0, "agreement": float("nan"), "regret": float("nan")}
    s = data.x @ w
    agree = 0.0
    regret = 0.0
    for i in range(data.count):
        lo, hi = data.starts[i], data.starts[i + 1]
        v = data.value[lo:hi]
        picks = np.flatnonzero(s[lo:hi] >= s[lo:hi].max() - 1e-9)
        best = v.max()
        agree += float(np.mean(v[picks] >= best))
        regret += float(best - np.mean(v[picks]))
    return {
        "positions": data.count,
        "agreement": agree / data.count,
        "regret": regret / data.count,
    }
