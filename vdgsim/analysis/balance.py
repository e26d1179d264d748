"""A search for fairer numbers: component values that bring the seat (or turn-position) spread
of chosen player counts within a tolerance.

Every candidate is a set of component values (``Knob``: a key and an integer range) played
with the same preset in every seat, seats not rotated, on the same seeds as every other
candidate (common random numbers: differences between candidates come from the numbers, not
the deals). Its **spread** at a player count is the largest distance of a position's win
share from the fair ``1/P``, in percentage points; a candidate's objective is its worst spread
over the counts, plus a tiny pull towards the printed values so that, of equally fair
candidates, the one that changes least ranks first.

The search is exhaustive when the ranges hold no more candidates than the budget, and CMA-ES
(the ``cma`` package) over the box otherwise, each proposal rounded to integers (a proposal
seen before costs nothing). The best ``finalists`` are then played again on fresh seeds with
more games, beside the printed values on the same seeds (racing: the search's winners are
re-measured, so their spread is not the luckiest draw of many), and optionally at a stronger
level with that player in every seat. Intervals are percentile bootstraps over games.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from vdgsim.runner import game_of, simulate

BOOTSTRAP = 400  # resamples of games behind each spread interval
DISTANCE_WEIGHT = 0.01  # pp of spread that changing every knob across its whole range costs
POSITIONS = ("seat", "turn")


class BalanceError(ValueError):
    """A knob, range or setting that cannot be searched."""


@dataclass(frozen=True)
class Knob:
    """One component value to vary: its ``--set`` key and an integer range."""

    key: str
    lo: int
    hi: int

    @classmethod
    def parse(cls, text: str) -> Knob:
        """``KEY=LO:HI`` (integers, LO < HI)."""
        key, eq, span = text.partition("=")
        lo, colon, hi = span.partition(":")
        try:
            if not (eq and colon and key.strip()):
                raise ValueError
            knob = cls(key.strip(), int(lo), int(hi))
        except ValueError:
            raise BalanceError(f"--vary expects KEY=LO:HI with integers, got {text!r}") from None
        if knob.lo >= knob.hi:
            raise BalanceError(f"--vary {knob.key}: the range {lo}:{hi} is empty")
        return knob

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1


@dataclass(frozen=True)
class Settings:
    """What a balance search plays. ``by`` is ``seat`` (seat number) or ``turn`` (position
    counted from the start player, for a game whose games table records one)."""

    game: str
    knobs: tuple[Knob, ...]
    player_counts: tuple[int, ...]
    preset: str = "default"
    games: int = 2000
    budget: int = 24
    finalists: int = 3
    confirm_games: int = 8000
    tolerance: float = 3.0
    by: str = "seat"
    seed: int = 1
    data: str | None = None
    base_overrides: tuple[str, ...] = ()
    check_with: str | None = None
    check_games: int = 200
    jobs: int = 1


@dataclass
class Measure:
    """One candidate at one level: win share by position and its spread (pp) per player
    count, with bootstrap intervals, and what else the numbers moved."""

    values: dict[str, int]
    games: int
    shares: dict[int, list[tuple[float, float, float]]]  # count -> per position (share, lo, hi)
    spread: dict[int, tuple[float, float, float]]  # count -> (pp, lo, hi)
    side: dict[int, dict[str, float]]  # count -> mean VP, winning VP, decisions per game
    objective: float = math.inf
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def worst(self) -> float:
        return max(s[0] for s in self.spread.values())

    def within(self, tolerance: float) -> bool:
        """True when every count's spread interval lies within the tolerance."""
        return all(s[2] <= tolerance for s in self.spread.values())


def overrides_of(values: dict[str, int]) -> list[str]:
    return [f"{k}={v}" for k, v in values.items()]


def value_at(data: Any, key: str) -> int:
    """The integer at a ``--set`` key of component data (a BalanceError if there is none)."""
    node: Any = data
    for part in key.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise BalanceError(f"--vary {key}: no such value in the component data")
    if isinstance(node, bool) or not isinstance(node, int):
        raise BalanceError(f"--vary {key}: {node!r} is not an integer value")
    return node


def printed_values(settings: Settings) -> dict[str, int]:
    """The knobs' values in the data the search starts from."""
    comp = game_of(settings.game).load_components(settings.data, list(settings.base_overrides))
    return {knob.key: value_at(comp.data, knob.key) for knob in settings.knobs}


def check(settings: Settings) -> dict[str, int]:
    """Refuse, before anything is played, settings a search would stop on: a ``by`` the
    game's records cannot measure, or a range whose ends the component data refuses (each
    end beside the other knobs' printed values). Returns the printed values."""
    if settings.by not in POSITIONS:
        raise BalanceError(f"--by must be one of {', '.join(POSITIONS)}, got {settings.by!r}")
    if settings.by == "turn" and "start_player" not in game_of(settings.game).columns()["games"]:
        raise BalanceError(_NO_START_PLAYER)
    printed = printed_values(settings)
    for knob in settings.knobs:
        for end in (knob.lo, knob.hi):
            try:
                components_for(settings, {**printed, knob.key: end})
            except ValueError as e:
                raise BalanceError(f"--vary {knob.key}={knob.lo}:{knob.hi}: {e}") from None
    return printed


_NO_START_PLAYER = "--by turn needs a game that records its start player; use --by seat"


def components_for(settings: Settings, values: dict[str, int]) -> Any:
    """The component data with the base overrides and a candidate's values."""
    sets = [*settings.base_overrides, *overrides_of(values)]
    return game_of(settings.game).load_components(settings.data, sets)


def _positions(players: pl.DataFrame, games: pl.DataFrame, n: int, by: str) -> np.ndarray:
    """Win share per game (rows) and position (columns)."""
    share = players.sort(["game", "seat"])["win_share"].to_numpy().reshape(-1, n).astype(np.float64)
    if by == "seat":
        return share
    if "start_player" not in games.columns:
        raise BalanceError(_NO_START_PLAYER)
    start = games.sort("game")["start_player"].to_numpy().astype(np.int64)
    idx = (start[:, None] + np.arange(n)[None, :]) % n
    return np.take_along_axis(share, idx, axis=1)


def _spread(share: np.ndarray) -> float:
    return float(100 * np.max(np.abs(share.mean(axis=0) - 1.0 / share.shape[1])))


def position_shares(
    settings: Settings,
    components: Any,
    games: int,
    seed: int,
    n: int,
    player: str | None = None,
    out: Path | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, Any]:
    """Play ``components`` at ``n`` players (``player`` in every seat, default the settings'
    preset): the win share per game and position, and the run. With ``out`` the games go to
    that run directory, and a run recorded there (complete, or a whole number of chunks of
    fewer games) is read or grown rather than played again."""
    extra: dict[str, Any] = {} if chunk_size is None else {"chunk_size": chunk_size}
    if out is not None and out.exists():
        extra |= {"resume": True, "extend": True}
    run = simulate(
        [player or settings.preset] * n,
        games,
        seed,
        components=components,
        game=settings.game,
        jobs=settings.jobs,
        out=out,
        progress=progress,
        **extra,
    )
    return _positions(run.players, run.games, n, settings.by), run


def side_effects(run: Any) -> dict[str, float]:
    """What else a run's numbers say about its games: mean VP, the winner's VP, decisions."""
    return {
        "mean_vp": float(run.players["vp"].mean()),
        "winning_vp": float(run.games["winning_vp"].mean()),
        "decisions": float(run.games["decisions"].mean()),
    }


def measure(
    settings: Settings,
    values: dict[str, int],
    games: int,
    seed: int,
    player: str | None = None,
    out: Path | None = None,
) -> Measure:
    """Play the candidate ``values`` at every player count (``player`` in every seat, default
    the settings' preset) and measure it; ``out``: a folder for the runs, one per count
    (:func:`position_shares`)."""
    rng = np.random.default_rng(seed)
    comp = components_for(settings, values)
    shares: dict[int, list[tuple[float, float, float]]] = {}
    spread: dict[int, tuple[float, float, float]] = {}
    side: dict[int, dict[str, float]] = {}
    for n in settings.player_counts:
        share, run = position_shares(
            settings, comp, games, seed, n, player, None if out is None else out / f"{n}p"
        )
        boot = rng.integers(0, share.shape[0], size=(BOOTSTRAP, share.shape[0]))
        means = share[boot].mean(axis=1)  # resamples x positions
        lo_hi = np.percentile(means, [2.5, 97.5], axis=0)
        shares[n] = [
            (float(share[:, k].mean()), float(lo_hi[0, k]), float(lo_hi[1, k])) for k in range(n)
        ]
        dev = 100 * np.max(np.abs(means - 1.0 / n), axis=1)
        spread[n] = (
            _spread(share),
            float(np.percentile(dev, 2.5)),
            float(np.percentile(dev, 97.5)),
        )
        side[n] = side_effects(run)
    return Measure(dict(values), games, shares, spread, side)


def distance(settings: Settings, values: dict[str, int], printed: dict[str, int]) -> float:
    """How far a candidate is from the printed values: each knob's change over its range."""
    return sum(abs(values[k.key] - printed[k.key]) / (k.hi - k.lo) for k in settings.knobs)


def _grid(settings: Settings) -> list[dict[str, int]]:
    ranges = [range(k.lo, k.hi + 1) for k in settings.knobs]
    return [
        {k.key: v for k, v in zip(settings.knobs, combo, strict=True)}
        for combo in itertools.product(*ranges)
    ]


def _cma_proposals(settings: Settings, printed: dict[str, int]) -> Any:
    """A generator of CMA-ES generations (lists of candidates); send it each generation's
    objectives. A single knob gets a dummy second coordinate (CMA-ES needs two)."""
    import cma

    d = max(2, len(settings.knobs))
    x0 = [(min(max(printed[k.key], k.lo), k.hi) - k.lo) / (k.hi - k.lo) for k in settings.knobs] + [
        0.5
    ] * (d - len(settings.knobs))
    es = cma.CMAEvolutionStrategy(
        x0, 0.3, {"bounds": [0, 1], "seed": settings.seed % (2**31 - 1) + 1, "verbose": -9}
    )
    while not es.stop():
        xs = es.ask()
        cands = [
            {
                k.key: round(k.lo + min(max(float(x[i]), 0.0), 1.0) * (k.hi - k.lo))
                for i, k in enumerate(settings.knobs)
            }
            for x in xs
        ]
        scores = yield cands
        es.tell(xs, scores)


def explore(
    settings: Settings,
    printed: dict[str, int],
    evaluate: Callable[[dict[str, int]], float],
    played: Callable[[], int],
) -> None:
    """Propose candidates to ``evaluate`` (it returns a candidate's objective, lower is
    better, and plays a candidate only once): every candidate of the ranges when they hold no
    more than the budget, else CMA-ES generations from the printed values until ``played()``
    candidates reach the budget."""
    if math.prod(k.size for k in settings.knobs) <= settings.budget:
        for values in _grid(settings):
            evaluate(values)
        return
    gen = _cma_proposals(settings, printed)
    cands = next(gen)
    asks = 0
    try:
        while played() < settings.budget and asks < 20 * settings.budget:
            asks += len(cands)
            scores = [evaluate(v) for v in cands]
            cands = gen.send(scores)
    except StopIteration:
        pass


def search(
    settings: Settings,
    progress: Callable[[str, Measure], None] | None = None,
) -> dict[str, Any]:
    """Run the whole search (see the module docstring). Returns the printed values' measure,
    every candidate measured (``tried``, in the order played), the finalists re-measured on
    fresh seeds beside the printed values, and the check at ``check_with`` if asked."""
    if settings.by not in POSITIONS:
        raise BalanceError(f"--by must be one of {', '.join(POSITIONS)}, got {settings.by!r}")
    printed = printed_values(settings)
    seen: dict[tuple[int, ...], Measure] = {}
    tried: list[Measure] = []

    def evaluate(values: dict[str, int]) -> float:
        key = tuple(values[k.key] for k in settings.knobs)
        if key not in seen:
            m = measure(settings, values, settings.games, settings.seed)
            m.objective = m.worst + DISTANCE_WEIGHT * distance(settings, values, printed)
            seen[key] = m
            tried.append(m)
            if progress is not None:
                progress("search", m)
        return seen[key].objective

    evaluate(printed)
    base = seen[tuple(printed[k.key] for k in settings.knobs)]
    explore(settings, printed, evaluate, lambda: len(tried))
    ranked = sorted(tried, key=lambda m: m.objective)
    finalists = [m for m in ranked if m.values != printed][: settings.finalists]
    confirm_seed = settings.seed + 1
    confirmed_base = measure(settings, printed, settings.confirm_games, confirm_seed)
    if progress is not None:
        progress("confirm", confirmed_base)
    confirmed = []
    for m in finalists:
        c = measure(settings, m.values, settings.confirm_games, confirm_seed)
        c.objective = c.worst + DISTANCE_WEIGHT * distance(settings, c.values, printed)
        confirmed.append(c)
        if progress is not None:
            progress("confirm", c)
    confirmed.sort(key=lambda m: m.objective)
    checked: list[Measure] = []
    if settings.check_with:
        for values in [printed, *(m.values for m in confirmed)]:
            c = measure(
                settings, values, settings.check_games, settings.seed + 2, settings.check_with
            )
            checked.append(c)
            if progress is not None:
                progress("check", c)
    return {
        "printed": printed,
        "base": base,
        "tried": tried,
        "confirmed_base": confirmed_base,
        "confirmed": confirmed,
        "checked": checked,
    }


def measures_frame(measures: Sequence[Measure], stage: str) -> pl.DataFrame:
    """One row per candidate and player count: its values, spread with interval, win share
    by position and side effects."""
    rows = []
    for m in measures:
        for n, (sp, lo, hi) in m.spread.items():
            row: dict[str, Any] = {"stage": stage, **m.values, "players": n, "games": m.games}
            row |= {"spread_pp": sp, "spread_low": lo, "spread_high": hi}
            for k, (s, _, _) in enumerate(m.shares[n]):
                row[f"share_{k}"] = s
            row |= m.side[n]
            rows.append(row)
    return pl.DataFrame(rows)


def candidate_toml(components: Any, source: str, changes: Sequence[str]) -> bytes:
    """A candidate's component data as a file ``--data`` takes, headed by where it comes
    from (``source``: the data it starts from, named as the user names it) and its changes."""
    import tomli_w

    head = (
        f"# component data of a balance candidate: {source} with {', '.join(changes)} "
        f"(digest {components.digest})\n"
    )
    return (head + tomli_w.dumps(components.data)).encode()
