"""Tune a heuristic preset's behaviour parameters against a field of opponents with CMA-ES,
for any game whose players are parameter rows (a :class:`TuneKit` says what differs:
Vasco da Gama's is ``strategies.vasco.tuning.KIT``, Goa's ``strategies.goa.tuning.KIT``).

The search runs over the chosen parameters of the kit's spec table (a vector parameter gives
one coordinate per entry of its axis: per Area, landing, development column, ...), each mapped
to [0, 1] by its bounds, so one step size suits them all. A candidate's fitness is its mean win
share (ties split) against opponents drawn from the field. Tuned for several player counts at
once (``players=[2, 4]``), a candidate's fitness is its mean *relative* win share (win share
times the player count, so 1 is a fair share at every count), with equal numbers of deals per
count: one preset plays every count, so it is tuned for all of them together rather than for
one.

Noise control:

* **Common random numbers.** Within a generation every candidate plays the same *deals*: a
  deal is one game seed plus one seeded draw of opponents from the field, and the candidate
  plays it once from every seat (the rotations). Differences between candidates then come
  from their parameters, not from luckier deals.
* **Paired racing.** Deals are played in batches; after each batch a candidate whose paired
  difference to the current leader (same deals) is clearly negative -- mean + 2.5 standard
  errors still below zero -- stops. Its partial mean is its fitness for CMA-ES, which only
  needs the ranking, and a clearly weak candidate ranks low on either estimate.

The final candidate (the mean of CMA-ES's search distribution, which averages over the noise
of individual evaluations rather than keeping the luckiest one) is then played on fresh deals
the tuning never saw, together with the base preset on the same deals, and both win shares
and their paired difference get 95% intervals clustered by deal (a deal's rotations are one
observation, since they share a board).

Every random choice comes from ``np.random.SeedSequence(seed)``; results do not depend on the
number of worker processes because each game is fully determined by its seed and line-up.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from vdgsim.core.interrupts import ignore_interrupts
from vdgsim.core.paramtable import ParamSpec
from vdgsim.core.plug import game_of

RACE_Z = 2.5  # one-sided bound for dropping a candidate: mean diff + RACE_Z * SE < 0
RACE_BATCHES = 4  # batches of deals per generation; racing decides after each but the last
MIN_RACE_DEALS = 8  # fewer paired deals give too rough a standard error to drop on
# Initial CMA-ES step size in normalised [0, 1] units. Small on purpose: the heuristic's
# parameters interact, and steps of 0.08 in all 38 coordinates at once took the base preset from
# a fair 25% of 4-player games to under 5% (measured), so CMA-ES would start far from anything
# playable; 0.02 keeps the first generation near the base and lets the step size grow.
SIGMA0 = 0.02
DIGITS = 4  # decimals kept in tuned values: the file states what was evaluated, exactly
_MAX_SEED = 2**63 - 1


class TuneError(ValueError):
    """Bad input to :func:`tune`: unknown parameter, unusable base, bad budget."""


@dataclass(frozen=True)
class TuneKit:
    """What tuning needs of one game's players. The functions must be module-level (the
    kit goes to worker processes by pickle)."""

    game: str  # the --game key, written in the provenance
    specs: tuple[ParamSpec, ...]  # the heuristic's behaviour parameters
    axes: Mapping[str, tuple[str, ...]]  # the entries of each per-axis parameter
    n_params: int  # width of a parameter row
    max_players: int  # rows of the table the whole-game loop reads
    # a player name's row in games of a player count (a preset may set values per count);
    # raises a ValueError subclass naming the known players
    resolve: Callable[[str, int], np.ndarray]
    # the row, at a player count, of a base that can be tuned (an unrestricted heuristic
    # preset), else TuneError
    base_row: Callable[[str, int], np.ndarray]
    # (components, players, seeds, table) -> (vp, win share), games x seats, compiled
    play_games: Callable[[Any, int, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]

    def spec(self, name: str) -> ParamSpec | None:
        return next((s for s in self.specs if s.name == name), None)


def heuristic_base(row: np.ndarray, base: str, kind_column: int, heuristic: int) -> np.ndarray:
    """``row`` (the parameter row of ``base``) if it is a heuristic player's, whose behaviour
    parameters tuning searches; else :class:`TuneError` (``random``, a search player)."""
    if row[kind_column] != heuristic:
        raise TuneError(f"base {base!r} is not a heuristic preset; only those have parameters")
    return row


def start_row(kit: TuneKit, base: str, counts: Sequence[int]) -> np.ndarray:
    """The row tuning starts from: ``base``'s row for the tuned player counts, which must be
    one row (one tuned row is written for every count; a base with ``[players.N]`` values
    is tuned one count at a time). Raises :class:`TuneError` otherwise."""
    row = kit.base_row(base, counts[0])
    if any(not np.array_equal(kit.base_row(base, k), row) for k in counts[1:]):
        raise TuneError(
            f"base {base!r} has values for one player count ([players.N]); tune one count at "
            "a time (--players N)"
        )
    return row


@dataclass(frozen=True)
class Coordinate:
    """One searched number: a scalar parameter or one entry of a vector parameter."""

    name: str  # "max_pay" or "contest.navigation"
    spec: ParamSpec
    column: int

    def normalise(self, value: float) -> float:
        return (value - self.spec.lo) / (self.spec.hi - self.spec.lo)

    def value(self, u: float) -> float:
        u = min(max(float(u), 0.0), 1.0)  # clip: the search may touch its bounds
        v = self.spec.lo + u * (self.spec.hi - self.spec.lo)
        return min(max(round(v, DIGITS), self.spec.lo), self.spec.hi)


def coordinates(kit: TuneKit, params: Sequence[str] | None) -> list[Coordinate]:
    """The searched coordinates for parameter names (``None``: every behaviour parameter).

    A vector parameter's name selects all its entries; ``name.entry`` selects one.
    """
    names = [p.name for p in kit.specs] if params is None else list(params)
    if not names:
        raise TuneError("no parameter to tune")
    out: list[Coordinate] = []
    for raw in names:
        name, _, entry = raw.strip().partition(".")
        spec = kit.spec(name)
        if spec is None:
            known = ", ".join(sorted(s.name for s in kit.specs))
            raise TuneError(f"unknown parameter {raw.strip()!r}; known: {known}")
        if spec.axis is None:
            if entry:
                raise TuneError(f"parameter {name!r} has no entries; got {raw.strip()!r}")
            out.append(Coordinate(name, spec, spec.column))
            continue
        keys = kit.axes[spec.axis]
        if entry and entry not in keys:
            raise TuneError(f"{raw.strip()!r}: unknown {spec.axis} (known: {', '.join(keys)})")
        for i, key in enumerate(keys):
            if not entry or key == entry:
                out.append(Coordinate(f"{name}.{key}", spec, spec.column + i))
    seen: set[str] = set()
    for c in out:
        if c.name in seen:
            raise TuneError(f"parameter {c.name!r} is named twice")
        seen.add(c.name)
    return out


@dataclass(frozen=True)
class Deals:
    """Game seeds, player counts and the opponents (indices into the field) of each deal."""

    seeds: np.ndarray  # (D,) int64
    counts: np.ndarray  # (D,) int64 player count of each deal
    opponents: np.ndarray  # (D, 3) int64; a k-player deal uses the first k - 1

    def __len__(self) -> int:
        return len(self.seeds)

    def slice(self, lo: int, hi: int) -> Deals:
        return Deals(self.seeds[lo:hi], self.counts[lo:hi], self.opponents[lo:hi])


def make_deals(
    ss: np.random.SeedSequence, per_count: int, counts: Sequence[int], n_field: int
) -> Deals:
    """``per_count`` deals for each player count, interleaved (deal i has count
    ``counts[i % len(counts)]``, so every racing batch sees every count), from one seed
    sequence: game seeds, then a field draw per seat."""
    n = per_count * len(counts)
    rng = np.random.default_rng(ss)
    seeds = rng.integers(0, _MAX_SEED, size=n, dtype=np.int64)
    opponents = rng.integers(0, n_field, size=(n, 3), dtype=np.int64)
    return Deals(seeds, np.resize(np.array(counts, dtype=np.int64), n), opponents)


def play_deals(
    kit: TuneKit, components: Any, rows: np.ndarray, field_rows: np.ndarray, deals: Deals
) -> np.ndarray:
    """Win share of each candidate row on each deal and rotation: (C, D, 4), NaN for the
    rotations a deal's player count does not have. ``field_rows[k]`` are the field's rows in
    ``k``-player games.

    In rotation ``r`` the candidate sits in seat ``r`` and the deal's opponents fill the other
    seats in order. Games with the same line-up go to the compiled loop in one call.
    """
    out = np.full((len(rows), len(deals), 4), np.nan, dtype=np.float64)
    groups: dict[tuple[int, ...], list[int]] = {}
    for d, (k, opp) in enumerate(zip(deals.counts.tolist(), deals.opponents.tolist(), strict=True)):
        groups.setdefault((k, *opp[: k - 1]), []).append(d)
    for c, row in enumerate(rows):
        for (players, *opp), idx in groups.items():
            seeds = deals.seeds[idx]
            for r in range(players):
                table = np.zeros((kit.max_players, kit.n_params), dtype=np.float64)
                others = iter(opp)
                for seat in range(players):
                    table[seat] = row if seat == r else field_rows[players, next(others)]
                _, share = kit.play_games(components, players, seeds, table)
                out[c, idx, r] = share[:, r]
    return out


class _Evaluator:
    """Plays candidate rows on deals, in this process or split over loky workers."""

    def __init__(self, kit: TuneKit, components: Any, field_rows: np.ndarray, workers: int):
        self.kit = kit
        self.components = components
        self.field_rows = field_rows
        self.workers = workers
        self._parallel: Any = None

    def __enter__(self) -> _Evaluator:
        if self.workers > 1:
            from joblib import Parallel

            # one pool for the whole run: workers load the compiled cache once
            self._parallel = Parallel(
                n_jobs=self.workers, backend="loky", initializer=ignore_interrupts
            )
            self._parallel.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._parallel is not None:
            self._parallel.__exit__(*exc)

    def __call__(self, rows: np.ndarray, deals: Deals) -> np.ndarray:
        """Per-deal relative win share (mean over rotations times the player count, so 1 is
        a fair share) of each row: (C, D)."""
        if self._parallel is None or len(rows) < 2:
            full = play_deals(self.kit, self.components, rows, self.field_rows, deals)
        else:
            from joblib import delayed

            # split by candidate: each game is fixed by its seed and line-up, so the split
            # cannot change any result, only who computes it
            parts = [p for p in np.array_split(np.arange(len(rows)), self.workers) if len(p)]
            done = self._parallel(
                delayed(play_deals)(self.kit, self.components, rows[p], self.field_rows, deals)
                for p in parts
            )
            full = np.concatenate(done, axis=0)
        return np.nanmean(full, axis=2) * deals.counts


@dataclass(frozen=True)
class Estimate:
    """A mean over deals with its 95% interval (t, clustered by deal)."""

    mean: float
    low: float
    high: float
    deals: int

    @classmethod
    def of(cls, per_deal: np.ndarray) -> Estimate:
        from scipy import stats  # only when a result is ready; `vdg` starts faster

        n = len(per_deal)
        mean = float(per_deal.mean())
        if n < 2:
            return cls(mean, math.nan, math.nan, n)
        half = float(stats.t.ppf(0.975, n - 1) * per_deal.std(ddof=1) / math.sqrt(n))
        return cls(mean, mean - half, mean + half, n)

    def as_dict(self) -> dict[str, float | int]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "deals": self.deals}


@dataclass(frozen=True)
class Generation:
    """What one generation did; handed to the ``progress`` callback."""

    index: int  # 1-based
    generations: int
    candidates: int
    dropped: int  # stopped early by racing
    best_share: float  # best full-budget mean (win share, or relative win share) so far
    relative: bool  # several player counts: the shares are relative (1 = fair share)
    generation_best: float  # best mean win share of this generation's survivors
    sigma: float  # CMA-ES step size after the update (normalised units)
    games: int  # games played this generation


@dataclass
class TuneResult:
    """Outcome of :func:`tune`: the tuned row, its fresh-deal strength and the settings."""

    kit: TuneKit
    base: str
    field: list[str]
    players: int | list[int]  # one count, or the counts tuned together
    coords: list[Coordinate]
    base_row: np.ndarray
    row: np.ndarray
    seed: int
    games: int  # games per candidate (deals x rotations)
    deals: int  # deals per candidate
    generations: int
    popsize: int
    sigma0: float
    # fresh deals, vs the field: win share for one player count; for several, the relative
    # win share (win share x players, 1 = fair) averaged over equal numbers of deals per count
    tuned: Estimate
    base_share: Estimate  # same fresh deals
    difference: Estimate  # paired tuned - base, per deal
    eval_seeds: list[int]
    eval_games: int
    digest: str
    # per player count: (tuned win share, base win share, paired difference)
    by_count: dict[int, tuple[Estimate, Estimate, Estimate]] = field(default_factory=dict)
    history: list[Generation] = field(default_factory=list)
    best_share_in_tuning: float = math.nan
    games_played: int = 0

    @property
    def players_text(self) -> str:
        return (
            str(self.players) if isinstance(self.players, int) else "/".join(map(str, self.players))
        )

    @property
    def measure(self) -> str:
        """What :attr:`tuned` measures."""
        return "win share" if isinstance(self.players, int) else "relative win share"

    def _fmt(self, x: float) -> str:
        return f"{100 * x:.1f}%" if isinstance(self.players, int) else f"{x:.3f}"

    def signed(self, x: float) -> str:
        """A difference in the unit of :attr:`tuned`."""
        return f"{100 * x:+.1f}%" if isinstance(self.players, int) else f"{x:+.3f}"

    def changes(self) -> list[tuple[str, float, float]]:
        """(coordinate, old, new) for every tuned coordinate, largest move (share of its
        range) first."""
        rows = [
            (c.name, float(self.base_row[c.column]), float(self.row[c.column])) for c in self.coords
        ]
        width = {c.name: c.spec.hi - c.spec.lo for c in self.coords}
        return sorted(rows, key=lambda t: -abs(t[2] - t[1]) / width[t[0]])

    def provenance(self, command: str | None = None) -> dict[str, Any]:
        import vdgsim

        prov: dict[str, Any] = {
            **game_of(self.kit.game).recorded(),
            "components_digest": self.digest,
            "base": self.base,
            "field": list(self.field),
            "players": self.players,
            "tuned_parameters": [c.name for c in self.coords],
            "seed": self.seed,
            "generations": self.generations,
            "popsize": self.popsize,
            "sigma0": self.sigma0,
            "games_per_candidate": self.games,
            "deals_per_candidate": self.deals,
            "racing": f"paired, {RACE_BATCHES} batches, drop if mean diff + {RACE_Z} SE < 0",
            "games_played": self.games_played,
            "best_share_in_tuning": self.best_share_in_tuning,
            "evaluation_games": self.eval_games,
            "evaluation_seeds": list(self.eval_seeds),
            "win_share": self.tuned.as_dict(),
            "base_win_share": self.base_share.as_dict(),
            "difference_vs_base": self.difference.as_dict(),
            **(
                {
                    f"win_share_{k}p": {
                        "tuned": e[0].as_dict(),
                        "base": e[1].as_dict(),
                        "difference": e[2].as_dict(),
                    }
                    for k, e in self.by_count.items()
                }
                if isinstance(self.players, list)
                else {}
            ),
            "vdgsim_version": vdgsim.__version__,
        }
        if command is not None:
            prov["command"] = command
        return prov

    def to_toml(
        self, *, name: str | None = None, description: str | None = None, command: str | None = None
    ) -> str:
        """A preset file with every behaviour parameter written out (no ``inherit``, so the
        file stays right if the base preset later changes) and a ``[provenance]`` table."""
        stem = name or f"{_stem(self.base)}_tuned"
        desc = description or (
            f"{_stem(self.base)} tuned by vdg tune against {', '.join(self.field)} "
            f"({self.players_text} players): {self.measure} {self._fmt(self.tuned.mean)} vs "
            f"{self._fmt(self.base_share.mean)} for the base on the same fresh deals."
        )
        lines = [f"name = {_toml(stem)}", f"description = {_toml(desc)}", 'policy = "heuristic"']
        lines += ["", "[params]"]
        for spec in self.kit.specs:
            if spec.axis is None:
                lines.append(f"{spec.name} = {_toml(float(self.row[spec.column]))}")
            else:
                entries = {
                    k: float(self.row[spec.column + i])
                    for i, k in enumerate(self.kit.axes[spec.axis])
                }
                lines.append(f"{spec.name} = {_toml(entries)}")
        prov = self.provenance(command)
        tables = {k: v for k, v in prov.items() if isinstance(v, dict)}
        lines += ["", "[provenance]"]
        lines += [f"{_key(k)} = {_toml(v)}" for k, v in prov.items() if k not in tables]
        for k, v in tables.items():
            lines += ["", f"[provenance.{_key(k)}]"]
            lines += [f"{_key(kk)} = {_toml(vv)}" for kk, vv in v.items()]
        return "\n".join(lines) + "\n"

    def write(self, path: str | Path, *, force: bool = False, **kwargs: Any) -> Path:
        """Write :meth:`to_toml` atomically (temp file + rename); refuse to replace an
        existing file unless ``force``."""
        path = Path(path)
        if path.exists() and not force:
            raise FileExistsError(f"{path} exists (use --force to replace it)")
        text = self.to_toml(**kwargs)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path


def _stem(name: str) -> str:
    base = name.split("+")[0].strip()
    return Path(base).stem if base.endswith(".toml") or "/" in base or "\\" in base else base


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k)


def _toml(v: Any) -> str:
    """A TOML value for the few types a preset file holds."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | np.integer):
        return str(int(v))
    if isinstance(v, float | np.floating):
        f = float(v)
        if math.isnan(f):
            return "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        return repr(f)  # repr round-trips the double exactly
    if isinstance(v, str):
        return json.dumps(v)  # JSON string escapes are valid TOML basic-string escapes
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} to TOML")


def tune(
    kit: TuneKit,
    base: str,
    field: list[str],
    players: int | Sequence[int],
    *,
    params: list[str] | None,
    generations: int,
    popsize: int | None,
    games: int,
    seed: int,
    components: Any,
    workers: int = 1,
    progress: Callable[[Generation], None] | None = None,
    eval_games: int | None = None,
    sigma: float = SIGMA0,
) -> TuneResult:
    """Tune ``base``'s parameters (``params``; ``None`` = all) for ``players``-player games
    (one count, or several tuned together) against opponents drawn from ``field``.

    ``games`` is the budget per candidate and generation (rounded up to whole deals of
    ``players`` rotations); ``eval_games`` (default ``4 * games``) the fresh-deal evaluation.
    Raises :class:`TuneError` (or the error of ``kit.resolve``) for bad input.
    """
    import cma

    counts = [players] if isinstance(players, int) else sorted(set(players))
    if not counts or not all(2 <= k <= 4 for k in counts):
        raise TuneError(f"players must be 2, 3 or 4, got {players}")
    seats = sum(counts)  # games per deal and count, over all counts
    if generations < 1:
        raise TuneError(f"generations must be at least 1, got {generations}")
    if games < 1:
        raise TuneError(f"games must be at least 1, got {games}")
    if popsize is not None and popsize < 2:
        raise TuneError(f"popsize must be at least 2, got {popsize}")
    if workers < 1:
        raise TuneError(f"workers must be at least 1, got {workers}")
    if not 0.0 < sigma <= 0.5:
        raise TuneError(f"sigma must be in (0, 0.5], got {sigma}")
    if not 0 <= seed <= _MAX_SEED:
        raise TuneError(f"seed must be in 0 .. 2**63-1, got {seed}")
    if not field:
        raise TuneError("the field names no opponent")
    eval_games = 4 * games if eval_games is None else eval_games
    if eval_games < 2 * seats:
        raise TuneError(f"evaluation games must be at least {2 * seats}, got {eval_games}")
    coords = coordinates(kit, params)
    base_row = start_row(kit, base, counts)
    # the opponents' rows per player count (index = count), since they may differ by count
    field_rows = np.zeros((kit.max_players + 1, len(field), kit.n_params), dtype=np.float64)
    for k in counts:
        field_rows[k] = np.stack([kit.resolve(n, k) for n in field])
    per_count = -(-games // seats)  # deals per count and generation
    eval_per_count = -(-eval_games // seats)
    n_deals = per_count * len(counts)
    # one count: report win shares; several: relative win shares (1 = fair at every count)
    scale = 1.0 / counts[0] if len(counts) == 1 else 1.0

    # separate streams: CMA-ES sampling, each generation's deals, the fresh evaluation deals
    root = np.random.SeedSequence(seed)
    ss_cma, ss_tune, ss_eval = root.spawn(3)
    gen_seqs = ss_tune.spawn(generations)
    rng_cma = np.random.default_rng(ss_cma)

    x0 = np.array([c.normalise(base_row[c.column]) for c in coords])
    # pycma does not support 1-D search (its issues 86/302); a second coordinate that nothing
    # reads keeps it in its tested regime without changing what is optimised
    pad = len(coords) == 1
    if pad:
        x0 = np.append(x0, 0.5)
    opts: dict[str, Any] = {
        "bounds": [0.0, 1.0],
        "seed": math.nan,  # nan: pycma does not touch numpy's global random state
        "randn": lambda *shape: rng_cma.standard_normal(shape),
        "verbose": -9,
        "verb_log": 0,
        "verb_disp": 0,
        "maxiter": generations,
        "tolfun": 0.0,  # noisy fitness: never stop early on flat values
        "tolflatfitness": generations + 1,
        "tolfunhist": 0.0,
        "tolx": 0.0,
        "tolstagnation": generations + 1,
    }
    if popsize is not None:
        opts["popsize"] = popsize
    es = cma.CMAEvolutionStrategy(np.clip(x0, 0.0, 1.0).tolist(), sigma, opts)
    lam = int(es.popsize)

    def to_row(u: np.ndarray) -> np.ndarray:
        row = base_row.copy()
        for c, x in zip(coords, u, strict=False):  # the pad coordinate (if any) is ignored
            row[c.column] = c.value(x)
        return row

    best_share = -math.inf
    history: list[Generation] = []
    played = 0
    batch = max(MIN_RACE_DEALS, -(-n_deals // RACE_BATCHES))
    with _Evaluator(kit, components, field_rows, workers) as evaluate:
        for g in range(generations):
            xs = [np.asarray(x, dtype=np.float64) for x in es.ask()]
            rows = np.stack([to_row(x) for x in xs])
            deals = make_deals(gen_seqs[g], per_count, counts, len(field))
            per_deal = np.full((lam, n_deals), np.nan)
            alive = np.ones(lam, dtype=bool)
            done = 0
            gen_games = 0
            while done < n_deals:
                hi = min(n_deals, done + batch)
                idx = np.flatnonzero(alive)
                per_deal[idx, done:hi] = evaluate(rows[idx], deals.slice(done, hi))
                gen_games += len(idx) * int(deals.counts[done:hi].sum())
                done = hi
                if done < n_deals and done >= MIN_RACE_DEALS:
                    alive &= ~_race(per_deal[:, :done], alive)
            means = np.array([np.nanmean(r) for r in per_deal])
            full = means[alive] * scale
            best_share = max(best_share, float(full.max()))
            es.tell([x.tolist() for x in xs], (-means).tolist())  # CMA-ES minimises
            played += gen_games
            report = Generation(
                index=g + 1,
                generations=generations,
                candidates=lam,
                dropped=int((~alive).sum()),
                best_share=best_share,
                relative=len(counts) > 1,
                generation_best=float(full.max()),
                sigma=float(es.sigma),
                games=gen_games,
            )
            history.append(report)
            if progress is not None:
                progress(report)

        # xfavorite: the distribution mean, mapped into the bounds
        final = to_row(np.asarray(es.result.xfavorite, dtype=np.float64))
        eval_deals = make_deals(ss_eval, eval_per_count, counts, len(field))
        both = evaluate(np.stack([final, base_row]), eval_deals)
        played += 2 * int(eval_deals.counts.sum())
    by_count = {}
    for k in counts:
        on = eval_deals.counts == k
        a, b = both[0][on] / k, both[1][on] / k
        by_count[k] = (Estimate.of(a), Estimate.of(b), Estimate.of(a - b))

    return TuneResult(
        kit=kit,
        base=base,
        field=list(field),
        players=counts[0] if len(counts) == 1 else counts,
        coords=coords,
        base_row=base_row,
        row=final,
        seed=seed,
        games=per_count * seats,
        deals=n_deals,
        generations=generations,
        popsize=lam,
        sigma0=sigma,
        tuned=Estimate.of(both[0] * scale),
        base_share=Estimate.of(both[1] * scale),
        difference=Estimate.of((both[0] - both[1]) * scale),
        by_count=by_count,
        eval_seeds=[int(s) for s in eval_deals.seeds],
        eval_games=eval_per_count * seats,
        digest=str(getattr(components, "digest", "")),
        history=history,
        best_share_in_tuning=best_share,
        games_played=played,
    )


def _race(per_deal: np.ndarray, alive: np.ndarray) -> np.ndarray:
    """Candidates to drop: clearly worse than the current leader on the same deals."""
    means = np.where(alive, per_deal.mean(axis=1), -np.inf)
    leader = int(np.argmax(means))
    n = per_deal.shape[1]
    drop = np.zeros(len(alive), dtype=bool)
    for c in np.flatnonzero(alive):
        if c == leader:
            continue
        diff = per_deal[c] - per_deal[leader]
        se = float(diff.std(ddof=1)) / math.sqrt(n)
        drop[c] = float(diff.mean()) + RACE_Z * se < 0.0
    return drop
