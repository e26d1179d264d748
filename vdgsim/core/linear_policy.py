"""A linear policy over features of a decision's legal actions, for any game: its weights as
data in a preset file, and fitting them to search labels (NumPy/SciPy).

A game's learned player scores legal action ``a`` of a position as ``w . x_a`` (``x_a``: the
action's features, computed by the game's compiled code) and plays the best score. This module
holds what does not depend on the game: reading and writing the ``[learned]`` table of a
preset file, and the fit and score of :mod:`strategies.vasco.learned.train`'s method.

**Weights as data.** A learned preset file names every feature's weight and the weights'
provenance::

    name = "learned"
    inherit = "default"
    policy = "learned"

    [learned.weights]
    own = 1.0            # one line per feature, in the game's feature order

    [learned.provenance]
    command = "vdg distill runs/distill --games 40 ..."
    games = 40

Errors are :class:`vdgsim.core.paramtable.PresetError`: one line naming the file and the field.

**The fit.** Per position, the softmax of the scores should match the softmax of the search
values at a temperature (``temperature``, in units of win share: small values put nearly all
the target on the best action, large ones spread it over near-equals, which noisy labels
deserve). First the scale: the prior weights (the heuristic's own rule as weights) times the
one factor that fits the labels best — the temperature sets how far apart a position's scores
must be (labels in win share, the prior's values in VP), and play only compares scores, so the
scale is free. Then the weights: the mean cross-entropy over positions plus ``l2`` times the
squared distance, in the prior's scale, from the prior, so a few hundred positions move the
heuristic's rule rather than replace it. L-BFGS minimises both; the weights are returned in the
prior's scale (divided by the factor), so they read next to the heuristic's.

**Refining by play.** The fit follows one-step labels, and a fit that agrees with them more
can play worse; :func:`refine` moves fitted weights up the win share itself: an antithetic
evolution strategy whose two members of a pair play the same games (common random numbers),
each generation on new games, with perturbations measured in score (weight ``i`` moves by
``sigma * eps_i * scale_i``, ``scale`` from :func:`feature_scale`), so a step shifts every
feature's say in a score alike.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from scipy.optimize import minimize

from vdgsim.core.paramtable import PresetError

POSITION_KEY = ("iteration", "game", "position")


def parse_learned(
    table: Any,
    where: str,
    features: Sequence[str],
    blocks: Sequence[str] = (),
    per_count: bool = False,
) -> tuple[np.ndarray, dict[str, Any]]:
    """(weights in the order of ``features``, provenance) of a preset file's ``[learned]``
    table: every feature's weight, none unknown, each a finite number, and a provenance table
    saying at least the command. ``blocks`` names the optional further weight tables a game's
    player may have (read with :func:`parse_block`); with ``per_count``, a ``[learned.players]``
    table may replace them for a player count (read with :func:`parse_per_count`)."""
    if not isinstance(table, dict):
        raise PresetError(f"{where}: [learned] must be a table")
    known = ("weights", *blocks, "provenance", *(("players",) if per_count else ()))
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise PresetError(f"{where}: learned.{unknown[0]}: unknown key (known: {', '.join(known)})")
    w = _parse_weights(table.get("weights"), where, "weights", features)
    return w, _provenance(table, where, "learned.provenance")


def _provenance(table: dict[str, Any], where: str, key: str) -> dict[str, Any]:
    provenance = table.get("provenance")
    if not isinstance(provenance, dict) or "command" not in provenance:
        raise PresetError(f"{where}: {key}: expected a table saying at least the command")
    return provenance


def parse_per_count(
    table: Any,
    where: str,
    counts: Sequence[int],
    blocks: Sequence[tuple[str, Sequence[str]]],
) -> dict[int, tuple[dict[str, np.ndarray], dict[str, Any]]]:
    """The optional ``[learned.players.N]`` tables: for a player count ``N`` (one of
    ``counts``), weight tables of ``blocks`` ((key, its features)) that replace the file's own
    in ``N``-player games, with the provenance of those weights; by count, (weights by key,
    provenance)."""
    if not isinstance(table, dict) or "players" not in table:
        return {}
    per = table["players"]
    if not isinstance(per, dict):
        raise PresetError(f"{where}: learned.players must be a table of player counts")
    keys = tuple(key for key, _ in blocks)
    out: dict[int, tuple[dict[str, np.ndarray], dict[str, Any]]] = {}
    for name, sub in per.items():
        if not (name.isdigit() and int(name) in counts):
            known = ", ".join(str(c) for c in counts)
            raise PresetError(f"{where}: learned.players.{name}: not a player count ({known})")
        if not isinstance(sub, dict):
            raise PresetError(f"{where}: learned.players.{name} must be a table")
        unknown = sorted(set(sub) - {*keys, "provenance"})
        if unknown:
            raise PresetError(
                f"{where}: learned.players.{name}.{unknown[0]}: unknown key (known: "
                f"{', '.join((*keys, 'provenance'))})"
            )
        weights = {
            key: _parse_weights(sub[key], where, f"players.{name}.{key}", features)
            for key, features in blocks
            if key in sub
        }
        if not weights:
            raise PresetError(
                f"{where}: learned.players.{name}: expected a table of weights ({', '.join(keys)})"
            )
        out[int(name)] = (weights, _provenance(sub, where, f"learned.players.{name}.provenance"))
    return out


def parse_block(table: Any, where: str, key: str, features: Sequence[str]) -> np.ndarray | None:
    """The weights of the optional table ``[learned.<key>]`` in the order of ``features`` (every
    feature's weight, as :func:`parse_learned` asks of ``weights``), or None without it."""
    if not isinstance(table, dict) or key not in table:
        return None
    return _parse_weights(table[key], where, key, features)


def count_provenance(path: Path, count: int) -> dict[str, Any]:
    """The provenance of the weights a learned preset file holds for ``count`` players alone
    (its ``[learned.players.N.provenance]`` table)."""
    import tomllib

    with Path(path).open("rb") as f:
        table = tomllib.load(f).get("learned", {})
    try:
        return dict(table["players"][str(count)]["provenance"])
    except (KeyError, TypeError):
        raise PresetError(f"{path}: no [learned.players.{count}.provenance] table") from None


def read_start(source: Path, start: str) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """What a preset written from the start player ``start`` (its file ``source``) keeps of
    it: (the ``[learned]`` table of a learned preset file, or None; its ``name``,
    ``description`` and ``inherit``). A start that is no learned preset file is a heuristic
    preset played in learned form, so the preset written inherits it."""
    import tomllib

    data: dict[str, Any] = {}
    if source.is_file():
        with source.open("rb") as f:
            data = tomllib.load(f)
    table = data.get("learned") if data.get("policy") == "learned" else None
    if not isinstance(table, dict):
        return None, {"inherit": start}
    return table, {k: data[k] for k in ("name", "description", "inherit") if k in data}


def check_feature_names(weights: Any, where: str, key: str, features: Sequence[str]) -> None:
    """A PresetError unless ``weights`` (the table ``learned.<key>``) is a table with an entry
    for every name of ``features`` and no other."""
    if not isinstance(weights, dict):
        raise PresetError(f"{where}: learned.{key}: expected a table of weights by feature name")
    for name in weights:
        if name not in features:
            raise PresetError(f"{where}: learned.{key}.{name}: unknown feature")
    missing = [name for name in features if name not in weights]
    if missing:
        raise PresetError(f"{where}: learned.{key}: missing {', '.join(missing)}")


def _parse_weights(weights: Any, where: str, key: str, features: Sequence[str]) -> np.ndarray:
    check_feature_names(weights, where, key, features)
    w = np.zeros(len(features))
    for i, name in enumerate(features):
        value = weights[name]
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise PresetError(f"{where}: learned.{key}.{name}: expected a finite number")
        w[i] = float(value)
    return w


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{text}"'


def learned_preset_text(
    features: Sequence[tuple[str, str]],
    weights: np.ndarray,
    provenance: Mapping[str, Any],
    header: Sequence[str],
    name: str,
    inherit: str,
    description: str,
    blocks: Sequence[tuple[str, Sequence[tuple[str, str]], np.ndarray]] = (),
    per_count: Mapping[
        int, tuple[Sequence[tuple[str, Sequence[tuple[str, str]], np.ndarray]], Mapping[str, Any]]
    ]
    | None = None,
    extra: Sequence[str] = (),
) -> str:
    """The text of a learned preset file: ``header`` (comment lines), the preset's keys, one
    weight per feature (``features``: (name, meaning) pairs, the meaning as its comment), each
    further weight table of ``blocks`` ((key, its features, its weights)), the lines ``extra``
    (further tables, such as :func:`vdgsim.core.hidden_layer.hidden_lines`), the provenance,
    and for a player count of ``per_count`` its own blocks and their provenance."""
    per_count = per_count or {}
    every = [*blocks, *(b for count_blocks, _ in per_count.values() for b in count_blocks)]
    for names, w in ((features, weights), *((f, b) for _, f, b in every)):
        if len(w) != len(names) or not np.all(np.isfinite(w)):
            raise ValueError(f"expected {len(names)} finite weights")
    lines = [f"# {line}" for line in header]
    lines += [
        f"name = {_toml_value(name)}",
        f"description = {_toml_value(description)}",
        f"inherit = {_toml_value(inherit)}",
        'policy = "learned"',
    ]
    lines += _weight_lines("learned.weights", features, weights)
    for key, names, block in blocks:
        lines += _weight_lines(f"learned.{key}", names, block)
    lines += extra
    lines += _provenance_lines("learned.provenance", provenance)
    for count in sorted(per_count):
        count_blocks, count_provenance = per_count[count]
        for key, names, block in count_blocks:
            lines += _weight_lines(f"learned.players.{count}.{key}", names, block)
        lines += _provenance_lines(f"learned.players.{count}.provenance", count_provenance)
    return "\n".join(lines) + "\n"


def _weight_lines(table: str, names: Sequence[tuple[str, str]], w: np.ndarray) -> list[str]:
    lines = ["", f"[{table}]"]
    for (feature, doc), value in zip(names, w, strict=True):
        lines.append(f"{feature} = {float(value)!r}  # {doc}")
    return lines


def _provenance_lines(table: str, provenance: Mapping[str, Any]) -> list[str]:
    return ["", f"[{table}]", *(f"{k} = {_toml_value(v)}" for k, v in provenance.items())]


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_text(text)
    os.replace(tmp, path)


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


def positions_of(table: pl.DataFrame, feature_columns: Sequence[str]) -> Positions:
    """A labelled table (one row per position and legal action: ``iteration``, ``game``,
    ``position``, ``value`` and the feature columns) as :class:`Positions`, positions in
    (iteration, game, position) order, actions in their listed order."""
    table = table.with_row_index("_row").sort([*POSITION_KEY, "_row"])
    key = table.select(list(POSITION_KEY)).to_numpy()
    new = np.ones(len(key), dtype=bool)
    new[1:] = np.any(key[1:] != key[:-1], axis=1)
    starts = np.append(np.flatnonzero(new), len(key))
    x = table.select(list(feature_columns)).to_numpy().astype(np.float64)
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


@dataclass(frozen=True)
class RefineBlock:
    """A further block of a learned player's weights, for another decision kind, that
    refinement by play may move in place of the fitted weights (``vdg distill --refine-block``)."""

    decision: str  # the decision its weights choose, in words ("placement")
    # row -> the block's weights, or the weights with which it decides as the row's heuristic
    weights_of: Callable[[np.ndarray], np.ndarray]
    # (row, weights) -> a copy of the row deciding by those weights
    with_weights: Callable[[np.ndarray, np.ndarray], np.ndarray]
    # (components, player row, opponent row, players, games) -> the features of every candidate
    # at the player's decisions of this kind in those games (rows), for the scale of a step
    sample: Callable[..., np.ndarray]
    # (path, start player's name or file, the learned row refined, {players: (weights,
    # provenance)}, provenance of the row's other weights or None for the start's): the row
    # as a preset file with these weights for those player counts only (for every count,
    # when not ``per_count``)
    write_counts: Callable[..., None]
    # False: one set of weights serves every player count, refined at one of them
    per_count: bool = True
    # the most hidden units the block may fit to labels before refinement (0: it fits none;
    # see vdgsim.core.hidden_layer)
    units: int = 0
    # (row, labelled positions, units, l2, temperature, seed) -> the row with that many units
    # fitted to the positions, their outputs 0
    fit_units: Callable[..., np.ndarray] | None = None
    # row -> whether it has what the block refines (units, for a block that fits them)
    ready: Callable[[np.ndarray], bool] = lambda row: True


@dataclass(frozen=True)
class DistillKit:
    """What ``vdg distill`` needs of one game's learned player (:attr:`vdgsim.core.plug.Game.
    distill_kit`): its decision, its feature columns, its parameter rows and their kinds, its
    labelled positions, its games, and its preset files."""

    decision: str  # the decision it learns, in words ("Phase 2 action", "marker placement")
    feature_columns: tuple[str, ...]
    # (name or preset file, players) -> parameter row; an unknown name is a ValueError
    resolve: Callable[[str, int], np.ndarray]
    kind_column: int
    heuristic_kind: int
    learned_kind: int
    scripted_kinds: tuple[int, ...]  # the kinds whose play labels may replay
    weights: tuple[int, int]  # the weight columns of a row, [first, end)
    heuristic_weights: Callable[[np.ndarray], np.ndarray]
    # (players, seed, rollouts, dets, margin, iteration) -> the game's collect settings
    collect_settings: Callable[..., Any]
    # (settings, player row, opponent row, games, components, on_position) -> positions
    collect_games: Callable[..., pl.DataFrame]
    # (player row, opponent row, players, seat) -> the line-up table
    lineup_table: Callable[[np.ndarray, np.ndarray, int, int], np.ndarray]
    # (components, players, seeds, table) -> (vp, win share) per game and seat
    play_games: Callable[..., tuple[np.ndarray, np.ndarray]]
    # (path, learned row, provenance, start player's name or file): the row's weights as a
    # preset file, which keeps the start player's other weights, name and base
    write_preset: Callable[[Path, np.ndarray, Mapping[str, Any], str], None]
    # further weight blocks refinement by play may move, by name
    blocks: Mapping[str, RefineBlock] = field(default_factory=dict)

    def positions_of(self, table: pl.DataFrame) -> Positions:
        """A labelled table of this game as :class:`Positions`."""
        return positions_of(table, self.feature_columns)

    def weights_of(self, row: np.ndarray) -> np.ndarray:
        """The learned weights held in a parameter row."""
        first, end = self.weights
        return np.array(row[first:end], dtype=np.float64)

    def with_weights(self, row: np.ndarray, w: np.ndarray) -> np.ndarray:
        """A copy of a learned row with weights ``w``."""
        first, end = self.weights
        out = row.copy()
        out[first:end] = w
        return out

    def as_learned(self, row: np.ndarray) -> np.ndarray:
        """A heuristic row as the learned player that decides as it does (its own rule as
        weights); a learned row as it is."""
        if int(row[self.kind_column]) != self.heuristic_kind:
            return row
        out = self.with_weights(row, self.heuristic_weights(row))
        out[self.kind_column] = self.learned_kind
        return out


def feature_scale(data: Positions | np.ndarray) -> np.ndarray:
    """Per feature, 1 / its standard deviation over the labelled actions (or the rows of a
    feature matrix; at most 1000): the weight change that moves scores by about one unit,
    whatever the feature's own unit. A feature that never varies gets 0: nothing measures its
    weight, so refinement leaves it where it is rather than write noise into a preset."""
    x = data.x if isinstance(data, Positions) else data
    spread = x.std(axis=0)
    return np.where(spread > 0.0, 1.0 / np.maximum(spread, 1e-3), 0.0)


def refine(
    play: Callable[[np.ndarray, int], float],
    start: np.ndarray,
    scale: np.ndarray,
    generations: int,
    pairs: int = 8,
    sigma: float = 0.1,
    step: float = 1.0,
    seed: int = 0,
    on_generation: Callable[[int, np.ndarray], None] | None = None,
) -> np.ndarray:
    """Weights moved from ``start`` up ``play(w, generation)`` (the mean win share of weights
    ``w`` on that generation's games) by ``generations`` steps of the evolution strategy of the
    module docstring: ``pairs`` antithetic perturbations per generation, both members of a pair
    on the same games, the step ``step`` times the estimated gradient. ``on_generation(g, w)``
    sees each generation's weights."""
    rng = np.random.default_rng(seed)
    u = np.zeros(len(start))
    for g in range(generations):
        eps = rng.standard_normal((pairs, len(start)))
        grad = np.zeros(len(start))
        for e in eps:
            up = play(start + scale * (u + sigma * e), g)
            down = play(start + scale * (u - sigma * e), g)
            grad += (up - down) * e
        u = u + step * grad / (2.0 * sigma * pairs)
        if on_generation is not None:
            on_generation(g, start + scale * u)
    return start + scale * u
