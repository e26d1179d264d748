"""What to change: a search for component values that bring a player count that is not
balanced at skilled play within the tolerance.

Skilled play costs too much to search with, so the search plays a fast player and the
finalists are checked at skilled play:

1. **Knobs.** The seats spec's ``[fix]`` knobs tied to an element of an offending seat (a
   character dealt to it, ``start player``; a knob tied to nothing is always searched).
2. **Search** (:func:`vdgsim.analysis.balance.explore`: every candidate of small ranges, else
   CMA-ES) with ``search_player`` in every seat, every candidate on the same seeds (common
   random numbers). A fast player exaggerates or hides the seat gaps of skilled play, so its
   shares are **calibrated**: each position's share is moved by how far skilled play's share
   at the printed values lies from the fast player's (a control variate), and a candidate's
   objective is the largest calibrated distance from the fair share, plus the small pull of
   :data:`vdgsim.analysis.balance.DISTANCE_WEIGHT` towards the printed values.
3. **Check.** The ``finalists`` best, best first, are played with the check player in every
   seat on fresh seeds until one is balanced, in looks of ``check_batch`` games doubled up to
   ``check_games``, each stopping once its balance is decided (every position within the
   tolerance, or one wholly outside, on intervals widened for the number of looks). The
   check player is the level of the verdict, unless that player was fitted to the printed
   numbers (``fitted``: a learned player plays other numbers as if they were the printed
   ones); then the strongest level that was not.

Every run has a directory below the fix folder named by its settings, so a report that is
resumed reads what was played and plays only the rest.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from vdgsim.analysis import balance as B
from vdgsim.analysis import seats as S
from vdgsim.analysis.experiment import (
    ExperimentSpec,
    Fix,
    FixKnob,
    look_z,
    read_json,
    strength_label,
)
from vdgsim.runner.output import MANIFEST

Z95 = float(stats.norm.ppf(0.975))


@dataclass(frozen=True)
class Gaps:
    """Every position's win share less the fair share with its interval, at one level;
    ``confidence`` is the interval's (0: a point estimate, no interval)."""

    player: str
    games: int
    gaps: tuple[tuple[float, float, float], ...]  # per position: (gap, low, high)
    confidence: float = 0.95

    def verdict(self, tolerance: float) -> str:
        return S.judge(((lo, hi) for _, lo, hi in self.gaps), tolerance)

    def worst(self) -> tuple[int, tuple[float, float, float]]:
        """The position with the largest gap, and its gap."""
        k = max(range(len(self.gaps)), key=lambda i: abs(self.gaps[i][0]))
        return k, self.gaps[k]


@dataclass(frozen=True)
class Suggestion:
    """The outcome of a fix search at one player count: the knobs searched and their printed
    values, the best candidate (``values``; None when no knob was tied to an offending seat)
    with its check at skilled play (``check``; None when the check was not played), its side
    effects beside the printed values with the search player on the same seeds, and how many
    candidates were played."""

    players: int
    knobs: tuple[FixKnob, ...]
    printed: dict[str, int]
    search_player: str
    check_player: str
    values: dict[str, int] | None = None
    check: Gaps | None = None
    predicted: Gaps | None = None  # the best candidate's calibrated shares at the search level
    side: dict[str, tuple[float, float]] = field(default_factory=dict)  # name: (printed, best)
    tried: int = 0
    checked: int = 0  # finalists played at the checking level
    games: int = 0  # every game of its runs, the search's and the checks'

    def changes(self) -> list[tuple[str, int, int]]:
        """Each changed knob: key, printed value, suggested value."""
        if self.values is None:
            return []
        return [(k, self.printed[k], v) for k, v in self.values.items() if v != self.printed[k]]

    def as_json(self, tolerance: float) -> dict[str, Any]:
        def gaps(g: Gaps | None) -> dict[str, Any] | None:
            if g is None:
                return None
            if not g.confidence:  # a point estimate: no interval, no verdict
                return {"player": g.player, "games": g.games, "gaps": [a for a, _, _ in g.gaps]}
            return {
                "player": g.player,
                "games": g.games,
                "confidence": g.confidence,
                "verdict": g.verdict(tolerance),
                "gaps": [{"gap": a, "low": lo, "high": hi} for a, lo, hi in g.gaps],
            }

        return {
            "players": self.players,
            "searched": [
                {"key": k.key, "range": [k.lo, k.hi], "tied_to": list(k.tied_to)}
                for k in self.knobs
            ],
            "printed": self.printed,
            "suggested": self.values,
            "changes": [{"key": k, "from": a, "to": b} for k, a, b in self.changes()],
            "search_player": self.search_player,
            "candidates_played": self.tried,
            "predicted": gaps(self.predicted),
            "check": gaps(self.check),
            "side_effects": {k: {"printed": a, "suggested": b} for k, (a, b) in self.side.items()},
        }


def tied_knobs(fix: Fix, offending: Sequence[str]) -> tuple[FixKnob, ...]:
    """The knobs tied to an element named in an offending seat's label (and the untied)."""
    return tuple(
        k
        for k in fix.knobs
        if not k.tied_to or any(t in who for t in k.tied_to for who in offending)
    )


def check_player(fix: Fix, levels: Sequence[str], verdict_player: str) -> str:
    """Who checks the finalists: the verdict's level unless it was fitted to the printed
    numbers, then the strongest of ``levels`` (strongest first) that was not, else the search
    player."""
    for p in [verdict_player, *levels]:
        if p not in fix.fitted:
            return p
    return fix.search_player


def calibrated(share: np.ndarray, offset: np.ndarray, fair: float) -> float:
    """The largest distance from ``fair`` (pp) of the mean shares by position moved by
    ``offset``: the search level's shares as skilled play's would be."""
    return float(100 * np.max(np.abs(share.mean(axis=0) + offset - fair)))


def gaps_of(share: np.ndarray, player: str, z: float = Z95) -> Gaps:
    """Every position's mean share less the fair share, with a normal interval at ``z``."""
    n, p = share.shape
    if n == 0:
        raise ValueError("no games to measure")
    mean = share.mean(axis=0)
    se = share.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(p, math.inf)
    fair = 1.0 / p
    return Gaps(
        player,
        n,
        tuple(
            (float(m - fair), float(m - fair - z * e), float(m - fair + z * e))
            for m, e in zip(mean, se, strict=True)
        ),
        float(2 * stats.norm.cdf(z) - 1),
    )


def _label(values: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in values.items())


def suggest(
    fix: Fix,
    spec: ExperimentSpec,
    players: int,
    offending: Sequence[str],
    target_gaps: Sequence[float] | None,
    checker: str,
    tolerance: float,
    by: str,
    out: Path,
    *,
    quick: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Suggestion:
    """Search for a change at ``players`` (see the module docstring): ``offending`` are the
    labels of the seats outside the tolerance at skilled play, ``checker`` the player who
    checks the finalists (:func:`check_player`) and ``target_gaps`` every position's gap with
    it in every seat at the printed values (by position, as ``by``: ``seat`` or ``turn``),
    which the search level's shares are calibrated to (None: not measured, no calibration).
    Runs go below ``out``."""
    knobs = tied_knobs(fix, offending)
    base = spec.components()
    printed = {k.key: B.value_at(base.data, k.key) for k in knobs}
    if not knobs:
        return Suggestion(players, knobs, printed, fix.search_player, checker)
    settings = B.Settings(
        game=spec.game,
        knobs=tuple(B.Knob(k.key, k.lo, k.hi) for k in knobs),
        player_counts=(players,),
        preset=fix.search_player,
        budget=fix.quick_budget if quick else fix.budget,
        by=by,
        seed=fix.seed,
        jobs=jobs,
    )
    games = fix.quick_games if quick else fix.games
    fair = 1.0 / players
    where = out / f"{players}p"
    search_dir = where / f"search-{strength_label(fix.search_player)}-{games}-{fix.seed}"

    def play(values: dict[str, int]) -> tuple[np.ndarray, Any]:
        return B.position_shares(
            settings,
            spec.components(values),
            games,
            fix.seed,
            players,
            out=search_dir / _label(values),
            progress=progress,
        )

    share0, run0 = play(printed)
    offset = (
        np.zeros(players)
        if target_gaps is None
        else np.asarray([fair + g for g in target_gaps]) - share0.mean(axis=0)
    )
    seen: dict[tuple[int, ...], tuple[float, np.ndarray, Any]] = {}

    def evaluate(values: dict[str, int]) -> float:
        key = tuple(values[k.key] for k in knobs)
        if key not in seen:
            share, run = (share0, run0) if values == printed else play(values)
            score = calibrated(share, offset, fair) + B.DISTANCE_WEIGHT * B.distance(
                settings, values, printed
            )
            seen[key] = (score, share, run)
        return seen[key][0]

    evaluate(printed)
    B.explore(settings, printed, evaluate, lambda: len(seen))
    ranked = sorted(
        (v for v in seen.items() if v[0] != tuple(printed[k.key] for k in knobs)),
        key=lambda kv: kv[1][0],
    )[: fix.finalists]
    finalists = [{k.key: x for k, x in zip(knobs, key, strict=True)} for key, _ in ranked]
    searched = functools.partial(
        Suggestion, players, knobs, printed, fix.search_player, checker, tried=len(seen)
    )
    if not finalists:
        return searched(games=games * len(seen))
    check_games = fix.quick_check_games if quick else fix.check_games
    checks: list[Gaps | None] = [None] * len(finalists)
    if check_games > 0:
        checks = []
        # best first: the first finalist skilled play finds balanced is the suggestion
        for v in finalists:
            c = _check(spec, settings, v, checker, check_games, fix, tolerance, where, progress)
            checks.append(c)
            if c.verdict(tolerance) == S.BALANCED:
                break
        finalists = finalists[: len(checks)]

    def rank(i: int) -> tuple[int, float]:
        c = checks[i]
        if c is None:
            return (0, ranked[i][1][0])
        return (0 if c.verdict(tolerance) == S.BALANCED else 1, abs(c.worst()[1][0]))

    best = min(range(len(finalists)), key=rank)
    _, share, run = ranked[best][1]
    predicted = Gaps(
        fix.search_player,
        share.shape[0],
        tuple((float(m), float(m), float(m)) for m in share.mean(axis=0) + offset - fair),
        confidence=0.0,
    )
    side0, side1 = B.side_effects(run0), B.side_effects(run)
    return searched(
        values=finalists[best],
        check=checks[best],
        predicted=predicted,
        side={k: (side0[k], side1[k]) for k in side0},
        checked=sum(c is not None for c in checks),
        games=games * len(seen) + sum(c.games for c in checks if c is not None),
    )


def _check(
    spec: ExperimentSpec,
    settings: B.Settings,
    values: dict[str, int],
    player: str,
    games: int,
    fix: Fix,
    tolerance: float,
    where: Path,
    progress: Callable[[int], None] | None,
) -> Gaps:
    """A finalist with ``player`` in every seat, in looks until its balance is decided; its
    gaps with intervals widened for the number of looks, as they were judged, so that
    stopping at one of several looks (or checking several finalists) is rarely wrong."""
    batch = min(fix.check_batch, games)
    looks = [batch]
    while looks[-1] < games:
        looks.append(min(games, 2 * looks[-1]))
    z = look_z(len(looks))
    # named without its budget: a larger one grows the recorded run, a smaller one reads it
    out = where / f"check-{strength_label(player)}-{batch}-{fix.seed + 1}" / _label(values)
    # a run recorded by an earlier build is read (or finished) at its own size, not shrunk
    recorded = int(((read_json(out / MANIFEST) or {}).get("run") or {}).get("games") or 0)
    share = np.zeros((0, settings.player_counts[0]))
    for target in [n for n in looks if n >= recorded] or [recorded]:
        share, _ = B.position_shares(
            settings,
            spec.components(values),
            target,
            fix.seed + 1,
            settings.player_counts[0],
            player=player,
            out=out,
            chunk_size=batch,
            progress=progress,
        )
        if gaps_of(share, player, z).verdict(tolerance) != S.CANNOT_TELL:
            break
    return gaps_of(share, player, z)
