"""Playing an experiment's planned runs: one by one, in looks that stop once decided, or as a
tournament."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vdgsim.analysis.experiment.plan import (
    PlannedRun,
)
from vdgsim.analysis.experiment.spec import (
    BASELINE,
    ExperimentSpec,
)
from vdgsim.analysis.experiment.store import (
    ExperimentRun,
    _tournament_runs,
    read_json,
)
from vdgsim.core.plug import GameComponents, game_of

if TYPE_CHECKING:
    pass


def _run_planned(
    exp: ExperimentRun,
    plan: list[PlannedRun],
    common: dict[str, Any],
    on_run: Callable[[str, int, int], None] | None,
) -> None:
    """Play each planned run into ``exp.runs`` (and its directory below ``exp.path``): the
    runs of a fixed size first, then the groups of runs that grow look by look
    (:func:`_run_looks`; in memory, without a directory, they are played at their full size)."""
    spec = exp.spec
    base = spec.components()
    grow = exp.path is not None
    fixed = [p for p in plan if not (grow and p.looks)]
    groups: dict[str, list[PlannedRun]] = {}
    for p in plan:
        if grow and p.looks:
            groups.setdefault(p.group, []).append(p)
    k = 0
    for p in fixed:
        k += 1
        if on_run is not None:
            on_run(p.name, k, len(plan))
        exp.runs[p.name] = _play_planned(exp, p, p.games, base, common)
    for group, runs in groups.items():
        if on_run is not None:
            on_run(f"{group} (up to {runs[0].games:,} games a run)", k + 1, len(plan))
        k += len(runs)
        _run_looks(exp, group, runs, base, common)


def _run_settings(spec: ExperimentSpec, p: PlannedRun, base: GameComponents) -> dict[str, Any]:
    """The settings :func:`vdgsim.runner.simulate` plays planned run ``p`` with, but its
    games and its directory."""
    return {
        "lineup": list(p.lineup),
        "seed": spec.seed if p.seed is None else p.seed,
        "rotate": p.rotate,
        "decisions": p.decisions,
        "game": spec.game,
        "components": spec.components(p.overrides) if p.overrides else base,
        "chunk_size": p.chunk_size or spec.chunk_size,
        **({p.table: True} if p.table else {}),
    }


def _play_planned(
    exp: ExperimentRun,
    p: PlannedRun,
    games: int,
    base: GameComponents,
    common: dict[str, Any],
    extend: bool = False,
) -> Any:
    from vdgsim.runner import simulate

    return simulate(
        games=games,
        out=exp.path / p.name if exp.path is not None else None,
        **{
            **common,
            **_run_settings(exp.spec, p, base),
            **({"resume": True, "extend": True} if extend else {}),
        },
    )


def check_resumable(spec: ExperimentSpec, top: Path, plan: list[PlannedRun]) -> None:
    """Refuse (RunDirError), before anything is written, to resume an experiment in ``top``
    whose recorded runs were started with other settings than ``plan``'s (the code or the
    data changed since, say): resuming would stop at that run with the runs before it
    already changed."""
    from vdgsim.runner.output import RunDirError
    from vdgsim.runner.run import resume_refusal

    base = spec.components()
    for p in plan:
        settings = _run_settings(spec, p, base)
        refusal = resume_refusal(games=p.games, out=top / p.name, **settings)
        if refusal is not None:
            raise RunDirError(refusal)


LOOK_ALPHA = 0.05
"""The error rate of a look's "decided" (Bonferroni over a group's looks)."""


def look_z(looks: int) -> float:
    """The normal quantile a look's effect must clear to be decided: two-sided
    :data:`LOOK_ALPHA` shared over ``looks`` looks, so that stopping early is rarely wrong."""
    from scipy import stats

    return float(stats.norm.ppf(1 - LOOK_ALPHA / (2 * max(1, looks))))


def _run_looks(
    exp: ExperimentRun,
    group: str,
    runs: list[PlannedRun],
    base: GameComponents,
    common: dict[str, Any],
) -> None:
    """Grow the runs of one group look by look (their ``looks``: games after each): after a
    look, the runs whose findings are decided (:data:`DECIDED`, :func:`look_decided` at
    :func:`look_z`) stop; the others grow to the next look, until the last. A run already
    recorded at or past a look (a resumed report) is read, not played again, or finished at
    its recorded size if it was interrupted while it grew."""
    from vdgsim.runner import load_run
    from vdgsim.runner.output import MANIFEST

    looks = runs[0].looks
    z = look_z(len(looks))
    open_runs = list(runs)
    for j, target in enumerate(looks):
        for p in open_runs:
            meta = read_json(exp.path / p.name / MANIFEST) if exp.path is not None else None
            recorded = int((meta or {}).get("run", {}).get("games", 0) or 0)
            if meta is not None and meta.get("complete") and recorded >= target:
                exp.runs[p.name] = load_run(exp.path / p.name)
            elif meta is not None and recorded >= target:
                # a look that was interrupted while it grew: finish it at its own size
                exp.runs[p.name] = _play_planned(exp, p, recorded, base, common, extend=True)
            else:
                exp.runs[p.name] = _play_planned(exp, p, target, base, common, extend=j > 0)
        if j == len(looks) - 1:
            break
        decided = DECIDED.get(exp.spec.kind)
        done = decided(exp, group, [p.name for p in open_runs], z) if decided else set()
        open_runs = [p for p in open_runs if p.name not in done]
        if not open_runs:
            break


def look_decided(diff: float, se: float, own: float, own_se: float, z: float) -> bool:
    """Whether a finding's effect at another level is decided after a look: its sign is
    (``diff`` clears ``z`` standard errors ``se``), or it is told apart from the effect with the
    spec's own player (``own``, ``own_se``): more games would not change its skill label
    from *vanishes*, *grows* or *shrinks* to *holds* or back."""
    if se <= 0:
        return False
    return abs(diff) > z * se or abs(diff - own) > z * math.hypot(se, own_se)


def _paired_decided(exp: ExperimentRun, group: str, names: list[str], z: float) -> set[str]:
    """The runs of a paired strength variant (``group``: its prefix) whose arm's effect on the
    focus player's win share is decided (:func:`look_decided`); the baseline once every arm's
    is."""
    from vdgsim.analysis.paired import arm_effects

    own = {r["arm"]: r for r in arm_effects(exp).iter_rows(named=True)}
    eff = arm_effects(exp, prefix=group)
    done = {
        group + r["arm"]
        for r in eff.iter_rows(named=True)
        if look_decided(
            r["win_share_diff"],
            r["win_share_se"],
            own[r["arm"]]["win_share_diff"],
            own[r["arm"]]["win_share_se"],
            z,
        )
    }
    if all(n in done for n in names if n != group + BASELINE):
        done.add(group + BASELINE)
    return done


def _seats_decided(exp: ExperimentRun, group: str, names: list[str], z: float) -> set[str]:
    """The run of another player in every seat (``group``: ``other/<player>/<P>p``) once its
    balance is decided (:func:`vdgsim.analysis.seats.judge` at the spec's tolerance, on
    intervals at ``z`` rather than 95%, so that stopping at one of several looks is rarely
    wrong): every seat's (a game that draws its start player: turn position's) win share
    within the tolerance of the fair share, or one wholly outside it."""
    from scipy import stats

    from vdgsim.analysis import seats

    players = seats.seat_players({group: exp.runs[group]})
    confidence = 2.0 * float(stats.norm.cdf(z)) - 1.0
    characters = game_of(exp.spec.game).seat_characters
    table, _ = seats.spread_table(players, characters, confidence)
    gaps = zip(table["gap_low"].to_list(), table["gap_high"].to_list(), strict=True)
    return set() if seats.judge(gaps, exp.spec.tolerance) == seats.CANNOT_TELL else {group}


def _run_tournament(
    exp: ExperimentRun,
    plan: list[PlannedRun],
    common: dict[str, Any],
    on_run: Callable[[str, int, int], None] | None,
) -> None:
    """Play every line-up of the tournament (one run directory ``tournament``)."""
    from vdgsim.runner import tournament

    spec = exp.spec
    if on_run is not None:
        on_run(f"tournament of {len(plan)} line-ups", 1, 1)
    exp.tournament = tournament(
        list(spec.presets),
        spec.player_counts,
        exp.games,
        spec.seed,
        out=exp.path / "tournament" if exp.path is not None else None,
        components=spec.components(),
        decisions=spec.decisions,
        game=spec.game,
        **common,
    )
    _tournament_runs(exp)


# the kinds whose runs grow in looks: which runs of a group are decided after a look
DECIDED: dict[str, Callable[[ExperimentRun, str, list[str], float], set[str]]] = {
    "paired": _paired_decided,
    "seats": _seats_decided,
}
