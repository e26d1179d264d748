"""The runs of an experiment: what each kind plays, on which seeds, in which looks."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from vdgsim.analysis.experiment.spec import (
    AXIS,
    BASELINE,
    DEAL,
    DEAL_OPTION,
    FIELD,
    Arm,
    ExperimentSpec,
    Strength,
    sections_of,
    sweep_strength_lineup,
)
from vdgsim.core.plug import game_of

if TYPE_CHECKING:
    pass


def _axis_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    """One run per level and player count: the level in one seat, the anchor in the others,
    seats rotated (a level's run is cut small enough to spread over every job)."""
    plan = []
    for s in spec.levels:
        n = s.quick_games if quick else s.games
        if n == 0:
            continue
        plan += [
            _planned(
                spec,
                n,
                f"{AXIS}/{strength_label(s.player)}/{p}p",
                [s.player, *[spec.anchor] * (p - 1)],
                True,
                0.0,
                chunk_size=_spread(spec, n, p),
            )
            for p in spec.player_counts
        ]
    n = spec.quick_field_games if quick else spec.field_games
    field = [spec.anchor, *(s.player for s in spec.levels)]
    for p in spec.player_counts if n > 0 and len(field) > 1 else ():
        plan += [
            _planned(
                spec,
                n,
                f"{FIELD}/{p}p/" + "+".join(strength_label(x) for x in lineup),
                list(lineup),
                True,
                0.0,
                chunk_size=_spread(spec, n, p),
            )
            for lineup in field_lineups(field, p)
        ]
    return plan


def field_lineups(players: Sequence[str], p: int) -> list[tuple[str, ...]]:
    """Line-ups of ``p`` seats in which every pair of ``players`` meets: every pair at 2
    players; at more, a greedy covering of the pairs by line-ups of distinct players (each
    step takes the line-up that meets the most pairs not yet met, then the one whose players
    have played the fewest line-ups, then the first in order: 9 line-ups of 3 or 5 of 4 for 7
    players). With fewer players than seats, one line-up of every player, the first ones
    again in the remaining seats."""
    names = list(dict.fromkeys(players))
    if len(names) <= p:
        return [tuple(names[k % len(names)] for k in range(p))]
    unmet = set(itertools.combinations(range(len(names)), 2))
    played = [0] * len(names)
    out = []
    while unmet:
        best = max(
            itertools.combinations(range(len(names)), p),
            key=lambda c: (
                sum(pair in unmet for pair in itertools.combinations(c, 2)),
                -sum(played[i] for i in c),
            ),
        )
        unmet -= set(itertools.combinations(best, 2))
        for i in best:
            played[i] += 1
        out.append(tuple(names[i] for i in best))
    return out


def sweep_label(key: str, value: Any) -> str:
    """A run name for one value of a sweep (``calicut.completion_vp=6``)."""
    short = ".".join(key.split(".")[-2:])
    return f"{short}={json.dumps(value, separators=(',', ':'))}".replace("/", "_").replace('"', "")


@dataclass(frozen=True)
class PlannedRun:
    """One run of an experiment: its directory name, line-up and games (after rounding)."""

    name: str
    lineup: tuple[str, ...]
    games: int
    rotate: bool
    decisions: float
    overrides: dict[str, Any] = field(default_factory=dict)
    table: str | None = None  # the optional table it records (ships, auctions)
    seed: int | None = None  # None: the spec's seed
    chunk_size: int | None = None  # None: the spec's chunk size
    # the games after each look of a run that grows until its findings are decided (empty:
    # ``games`` at once); the runs of one ``group`` grow together (see :func:`_run_looks`)
    looks: tuple[int, ...] = ()
    group: str = ""


def look_sizes(s: Strength, quick: bool, players: int, chunk: int) -> tuple[int, ...]:
    """:meth:`Strength.looks` with every look but the last rounded up to whole chunks of
    ``chunk`` games, so that a run can grow from one look to the next (its recorded chunks are
    the first chunks of the larger run); empty for a single look."""
    looks = s.looks(quick)
    if len(looks) < 2:
        return ()
    out = [-(-n // chunk) * chunk for n in looks[:-1]]
    return tuple(dict.fromkeys(n for n in [*out, looks[-1]] if n <= looks[-1]))


def adaptive_chunk(spec: ExperimentSpec, s: Strength, quick: bool, players: int) -> int:
    """The chunk size of a run at strength ``s``: cut its first look (or its only one) in
    at least :data:`SPREAD_CHUNKS` chunks, so that a slow player's run spreads over every job."""
    looks = s.looks(quick)
    return _spread(spec, looks[0], players)


def _planned(
    spec: ExperimentSpec,
    games: int,
    name: str,
    lineup: list[str],
    rotate: bool,
    decisions: float,
    overrides: dict[str, Any] | None = None,
    table: str | None = None,
    seed: int | None = None,
    chunk_size: int | None = None,
    looks: tuple[int, ...] = (),
    group: str = "",
) -> PlannedRun:
    from vdgsim.runner import make_spec

    n = make_spec(
        lineup,
        games,
        spec.seed if seed is None else seed,
        chunk_size or spec.chunk_size,
        rotate,
        game=spec.game,
    ).games
    return PlannedRun(
        name,
        tuple(lineup),
        n,
        rotate,
        decisions,
        overrides or {},
        table,
        seed,
        chunk_size,
        (*(k for k in looks if k < n), n) if looks else (),
        group,
    )


def _paired_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    table = sections_of(spec.game)[spec.section].baseline_table
    arms = [(BASELINE, spec.players[0], spec.decisions, table)]
    arms += [(a.name, a.player, 0.0, None) for a in spec.arms]
    plan = [
        _planned(spec, games, n, [p, *spec.players[1:]], True, d, table=t) for n, p, d, t in arms
    ]
    return plan + _robust_plan(spec, games, quick)


ROBUST = "robust"  # the folder of the robustness runs, below the experiment's directory


def replicate_seed(seed: int, k: int) -> int:
    """The root seed of replicate ``k`` (2, 3, ...) of an experiment with root ``seed``:
    independent of it and of the other replicates (hashed, never ``seed + k``, whose deals
    would overlap a neighbouring experiment's)."""
    state = np.random.SeedSequence([seed, k]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1])) & (2**63 - 1)


def strength_label(player: str) -> str:
    """A directory-safe name for a strength (``ismcts:iters=32`` -> ``ismcts_iters=32``)."""
    return player.replace(":", "_").replace("/", "_").replace("+", "_")


def arm_restriction(spec: ExperimentSpec, arm: Arm) -> str | None:
    """The restriction an arm adds to the focus player, or None for an arm that swaps the
    player (``player = ...``), which has no meaning at another strength."""
    prefix = spec.players[0] + "+"
    return arm.player[len(prefix) :] if arm.player.startswith(prefix) else None


def _is_player(name: str, game: str) -> bool:
    """Whether ``name`` names a player of ``game``: a search player takes restrictions but no
    parameter changes (its parameters are its rollout preset's), so an arm that changes a
    parameter has no run at a search strength, like an arm that swaps the player."""
    try:
        game_of(game).parameter_row(name)
    except ValueError:
        return False
    return True


SPREAD_CHUNKS = 8  # a run of other players is cut in at least this many chunks


def _spread(spec: ExperimentSpec, games: int, players: int) -> int:
    """A chunk size that cuts a run of ``games`` in at least :data:`SPREAD_CHUNKS` chunks of
    whole deals, so that a slow (search) player's run spreads over every job."""
    return max(1, min(spec.chunk_size, games // SPREAD_CHUNKS) // players) * players


@dataclass(frozen=True)
class RobustVariant:
    """One replay of an experiment for its robustness labels: its folder below ``robust/``
    (``seed2``, ``strength_baseline_v1``, ``data_slots4_fewer``), its games per run, the
    strength it plays at (None: the spec's players), its seed or component overrides, and
    its chunk size (None: the spec's)."""

    name: str
    games: int
    strength: Strength | None = None
    seed: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    chunk_size: int | None = None
    looks: tuple[int, ...] = ()


def overrides_touch(overrides: dict[str, Any], key: str) -> bool:
    """True when a component override sets ``key``, a part of it or a table holding it."""
    return any(k == key or key.startswith(f"{k}.") or k.startswith(f"{key}.") for k in overrides)


def robust_variants(spec: ExperimentSpec, games: int, quick: bool) -> list[RobustVariant]:
    """The robustness variants of a spec with a ``[robustness]`` table, at full or --quick
    sizes (a size of 0 plays none): the other seeds (``games`` each), the strengths and the
    reconstructed-data alternatives, less those that set a sweep's own key."""
    rob = spec.robustness
    if rob is None:
        return []
    from vdgsim.analysis.reconstructed import alternatives

    out = [
        RobustVariant(f"seed{k}", games, seed=replicate_seed(spec.seed, k))
        for k in range(2, (rob.quick_replicates if quick else rob.replicates) + 1)
    ]
    # a search player's run is cut small enough to spread over every job
    p = len(spec.players)
    out += [
        RobustVariant(
            f"strength_{strength_label(s.player)}",
            n,
            s,
            chunk_size=(c := adaptive_chunk(spec, s, quick, p)),
            # a sweep's two end values grow together only in a paired spec's design
            looks=look_sizes(s, quick, p, c) if spec.kind == "paired" else (),
        )
        for s in rob.strengths
        if (n := s.quick_games if quick else s.games) > 0
    ]
    n = rob.quick_data_games if quick else rob.data_games
    out += [
        RobustVariant(f"data_{alt.name}", n, overrides=alt.overrides)
        for alt in alternatives(spec.game)
        if n > 0 and not (spec.sweep_key and overrides_touch(alt.overrides, spec.sweep_key))
    ]
    return out


def _robust_plan(spec: ExperimentSpec, games: int, quick: bool) -> list[PlannedRun]:
    """The robustness runs of a paired spec: each variant is a baseline and every arm again
    (see module doc)."""
    plan: list[PlannedRun] = []
    rest = list(spec.players[1:])
    for v in robust_variants(spec, games, quick):
        s = v.strength
        focus = spec.players[0] if s is None else s.player
        lineup = rest if s is None else [s.opponents] * len(rest)
        kw: dict[str, Any] = {
            "seed": v.seed,
            "overrides": v.overrides,
            "chunk_size": v.chunk_size,
            "looks": v.looks,
            "group": f"{ROBUST}/{v.name}/" if v.looks else "",
        }
        plan.append(
            _planned(
                spec, v.games, f"{ROBUST}/{v.name}/{BASELINE}", [focus, *lineup], True, 0.0, **kw
            )
        )
        for a in spec.arms:
            r = arm_restriction(spec, a)
            if s is None:
                player = a.player
            elif r is not None and _is_player(f"{focus}+{r}", spec.game):
                player = f"{focus}+{r}"
            else:
                continue
            plan.append(
                _planned(
                    spec, v.games, f"{ROBUST}/{v.name}/{a.name}", [player, *lineup], True, 0.0, **kw
                )
            )
    return plan


def _seats_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    plan = [
        _planned(spec, games, f"{p}p", [spec.preset] * p, False, spec.decisions)
        for p in spec.player_counts
    ]
    for s in spec.other_presets:
        n = s.quick_games if quick else s.games
        if n == 0:
            continue
        for p in spec.player_counts:
            chunk = adaptive_chunk(spec, s, quick, p)
            looks = look_sizes(s, quick, p, chunk)
            name = f"{OTHER}/{strength_label(s.player)}/{p}p"
            plan.append(
                _planned(
                    spec,
                    n,
                    name,
                    [s.player] * p,
                    False,
                    0.0,
                    chunk_size=chunk,
                    looks=looks,
                    group=name if looks else "",
                )
            )
    # the seats again on other seeds and under each reconstructed-data alternative
    plan += [
        _planned(
            spec,
            v.games,
            f"{ROBUST}/{v.name}/{p}p",
            [spec.preset] * p,
            False,
            0.0,
            v.overrides,
            seed=v.seed,
        )
        for v in robust_variants(spec, games, quick)
        for p in spec.player_counts
    ]
    # the other character deals: the preset's, then those of deal_presets (at most their games)
    n = spec.quick_deal_games if quick else spec.deal_games
    for deal in spec.character_deal[1:] if n > 0 else ():
        over = {DEAL_OPTION: deal}
        plan += [
            _planned(spec, n, f"{DEAL}/{deal}/{p}p", [spec.preset] * p, False, 0.0, over)
            for p in spec.player_counts
        ]
        # ... also on the other seeds and under each alternative (at most the deal's games)
        plan += [
            _planned(
                spec,
                min(n, v.games),
                f"{ROBUST}/{v.name}/{DEAL}/{deal}/{p}p",
                [spec.preset] * p,
                False,
                0.0,
                {**v.overrides, **over},
                seed=v.seed,
            )
            for v in robust_variants(spec, games, quick)
            for p in spec.player_counts
        ]
        for s in spec.other_presets:
            m = min(n, s.quick_games if quick else s.games)
            if s.player not in spec.deal_presets or m == 0:
                continue
            plan += [
                _planned(
                    spec,
                    m,
                    f"{DEAL}/{deal}/{OTHER}/{strength_label(s.player)}/{p}p",
                    [s.player] * p,
                    False,
                    0.0,
                    over,
                    chunk_size=_spread(spec, m, p),
                )
                for p in spec.player_counts
            ]
    return plan


OTHER = "other"  # the folder of a seats experiment's runs with other presets


def _tournament_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    from vdgsim.runner import tournament_plan

    return [
        PlannedRun(f"tournament/{e['name']}", tuple(e["lineup"]), e["games"], True, spec.decisions)
        for e in tournament_plan(spec.presets, spec.player_counts, games, game=spec.game)
    ]


def _sweep_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    key = spec.sweep_key
    plan = [
        _planned(
            spec,
            games,
            sweep_label(key, v),
            list(spec.players),
            spec.rotate,
            spec.decisions,
            {key: v},
        )
        for v in spec.sweep_values
    ]
    # the robustness variants replay the two end values only: the change a finding quotes
    for rv in robust_variants(spec, games, quick):
        s = rv.strength
        lineup = list(spec.players) if s is None else sweep_strength_lineup(spec.players, s)
        plan += [
            _planned(
                spec,
                rv.games,
                f"{ROBUST}/{rv.name}/{sweep_label(key, v)}",
                lineup,
                spec.rotate,
                0.0,
                {**rv.overrides, key: v},
                seed=rv.seed,
                chunk_size=rv.chunk_size,
            )
            for v in (spec.sweep_values[0], spec.sweep_values[-1])
        ]
    return plan


def wilson_games_for_halfwidth(halfwidth: float, p: float = 0.25) -> int:
    """Player rows needed for a Wilson 95% interval of about +-``halfwidth`` at share ``p``."""
    return math.ceil((1.96**2) * p * (1 - p) / halfwidth**2)
