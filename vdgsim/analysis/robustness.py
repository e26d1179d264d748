"""Robustness labels: is a paired experiment's finding about the game, or about our players,
one seed, or a reconstructed number?

A paired spec with a ``[robustness]`` table replays its baseline and every arm (the runs below
``robust/`` in :mod:`vdgsim.analysis.experiment`); each arm's effect on the focus player's win
share then gets three computed labels:

``replication`` — the effect on the spec's seed and on independent seeds, pooled:
    *replicated*: the pooled effect is non-zero after Benjamini–Hochberg control over the
    section's arms (false discovery rate 5%), and every seed's estimate has its sign;
    *no effect*: neither the spec's own run nor the pooled effect tells it from zero;
    *not replicated*: anything else (a run's interval excludes zero but the pool does not
    confirm it, or the seeds disagree in sign).
``skill`` — the effect with the focus player at other strengths (``baseline_v1`` among its
    peers, a search player against ``default``; each spec says which), restriction kept:
    *holds at every strength*, *depends on the player* or *unclear at some strength* (rule
    below).
``data`` — the effect under every plausible alternative of the reconstructed component numbers
    (:mod:`vdgsim.analysis.reconstructed`): *stable*, *changes with reconstructed data* (the
    groups are named) or *unclear* (rule below).

The comparison rule for ``skill`` and ``data`` compares each variant with the effect pooled
over the seeds, by its *verdict*: a clear gain, a clear loss (the 95% interval excludes zero on
that side) or no clear effect. The finding *holds* (is *stable*) when every variant has the
pooled verdict. A variant *changes* it when its verdict differs and the two effects differ by
more than the Bonferroni-corrected 95% bound over the variants compared (independent games,
so the standard errors add in quadrature), or when the two verdicts are opposite. Anything
else is *unclear*: a verdict differs but the variant's sample cannot tell the effects apart.
A finding whose size differs between strengths but whose verdict does not still holds; the
evidence gives every variant's effect. Any label is *not checked* when its runs were not
played (one seed only, or a ``--quick`` size of 0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from scipy import stats

from vdgsim.analysis.common import pp
from vdgsim.analysis.experiment import ROBUST, ExperimentRun, Strength, strength_label
from vdgsim.analysis.paired import arm_effects
from vdgsim.analysis.reconstructed import ALTERNATIVES

HOLDS, DEPENDS = "holds at every strength", "depends on the player"
UNCLEAR_SKILL = "unclear at some strength"
REPLICATED, NOT_REPLICATED, NO_EFFECT = "replicated", "not replicated", "no effect"
STABLE, CHANGES, UNCLEAR_DATA = "stable", "changes with reconstructed data", "unclear"
NOT_CHECKED = "not checked"  # its runs were not played (e.g. --quick sizes of 0)
LABELS = {
    "replication": (REPLICATED, NOT_REPLICATED, NO_EFFECT, NOT_CHECKED),
    "skill": (HOLDS, DEPENDS, UNCLEAR_SKILL, NOT_CHECKED),
    "data": (STABLE, CHANGES, UNCLEAR_DATA, NOT_CHECKED),
}
"""Every label a finding can get, by kind (report.json's vocabulary)."""

ALPHA = 0.05


@dataclass(frozen=True)
class Effect:
    """One arm's paired effect on the focus player's win share in one variant."""

    variant: str
    diff: float
    low: float
    high: float
    se: float
    deals: int

    @property
    def sign(self) -> int:
        """+1 or -1 when the interval excludes zero on that side, else 0."""
        return 1 if self.low > 0 else -1 if self.high < 0 else 0


@dataclass(frozen=True)
class Label:
    """A robustness label, the variants that decided it, and the numbers behind it."""

    label: str
    evidence: str
    which: tuple[str, ...] = field(default=())

    def text(self) -> str:
        return f"{self.label}: {', '.join(self.which)}" if self.which else self.label


def _effect(variant: str, row: dict) -> Effect:
    return Effect(
        variant,
        row["win_share_diff"],
        row["win_share_low"],
        row["win_share_high"],
        row["win_share_se"],
        int(row["n_deals"]),
    )


def variant_effects(exp: ExperimentRun) -> dict[str, dict[str, Effect]]:
    """``{arm: {variant: Effect}}`` for the main run (variant ``main``) and every robustness
    variant the experiment played (``seed2``, ``strength_baseline_v1``, ``data_<name>``)."""
    out: dict[str, dict[str, Effect]] = {}
    variants = [("main", "")]
    seen = sorted({name.split("/")[1] for name in exp.runs if name.startswith(f"{ROBUST}/")})
    variants += [(v, f"{ROBUST}/{v}/") for v in seen]
    for variant, prefix in variants:
        for row in arm_effects(exp, prefix=prefix).iter_rows(named=True):
            out.setdefault(row["arm"], {})[variant] = _effect(variant, row)
    return out


def _fmt(e: Effect) -> str:
    return f"{pp(e.diff)} [{pp(e.low)}, {pp(e.high)}] pp"


def _changes(main: Effect, other: Effect, comparisons: int) -> bool:
    if main.sign == other.sign:
        return False
    if main.sign * other.sign < 0:
        return True
    se = math.hypot(main.se, other.se)
    z = stats.norm.ppf(1 - ALPHA / (2 * max(1, comparisons)))
    return se > 0 and abs(other.diff - main.diff) > z * se


def compare(
    main: Effect, others: Sequence[tuple[str, Effect]], labels: tuple[str, str, str]
) -> Label:
    """The ``skill`` or ``data`` label of ``main`` against variants named by their group
    (see the module docstring for the rule); ``labels`` is (holds, changes, unclear)."""
    holds, changes, unclear = labels
    if not others:
        return Label(NOT_CHECKED, "no variant was played")
    evidence = "; ".join(f"{name}: {_fmt(e)}" for name, e in others)
    changed = tuple(dict.fromkeys(n for n, e in others if _changes(main, e, len(others))))
    if changed:
        return Label(changes, evidence, changed)
    differ = tuple(dict.fromkeys(n for n, e in others if e.sign != main.sign))
    return Label(unclear, evidence, differ) if differ else Label(holds, evidence)


def pooled(effects: Sequence[Effect]) -> tuple[Effect, float]:
    """The effect pooled over independent seeds with equal weight per deal (normal interval),
    and its two-sided p-value."""
    deals = sum(e.deals for e in effects)
    mean = sum(e.diff * e.deals for e in effects) / deals
    se = math.sqrt(sum((e.se * e.deals) ** 2 for e in effects)) / deals
    p = 2 * stats.norm.sf(abs(mean) / se) if se > 0 else (0.0 if mean else 1.0)
    z = stats.norm.ppf(1 - ALPHA / 2)
    return Effect("pooled", mean, mean - z * se, mean + z * se, se, deals), float(p)


def seed_runs(by: dict[str, Effect]) -> list[Effect]:
    """The spec's own run and its replicates on other seeds, in seed order."""
    return [by["main"], *(by[v] for v in sorted(by) if v.startswith("seed"))]


def replication_labels(effects: dict[str, dict[str, Effect]]) -> dict[str, Label]:
    """The ``replication`` label of every arm, with Benjamini–Hochberg control over the arms
    (the section's family of findings)."""
    arms = list(effects)
    runs = [seed_runs(effects[a]) for a in arms]
    pools = [pooled(r) for r in runs]
    q = stats.false_discovery_control([p for _, p in pools]) if arms else []
    out = {}
    for arm, rs, (pool, _), qa in zip(arms, runs, pools, q, strict=True):
        evidence = (
            f"pooled over {len(rs)} seed{'s' if len(rs) > 1 else ''} ({pool.deals:,} deals): "
            f"{_fmt(pool)}, BH q = {qa:.3g}; per seed: " + ", ".join(pp(e.diff) for e in rs)
        )
        if len(rs) < 2:
            label = NOT_CHECKED
        elif qa < ALPHA and all(e.diff * pool.diff > 0 for e in rs):
            label = REPLICATED
        elif rs[0].sign == 0 and qa >= ALPHA:
            label = NO_EFFECT
        else:
            label = NOT_REPLICATED
        out[arm] = Label(label, evidence)
    return out


def skill_label(by: dict[str, Effect], strengths: Sequence[Strength]) -> Label:
    """The ``skill`` label of one arm from its variants at other strengths, against its
    effect pooled over the seeds."""
    others = [
        (f"{s.player} against {s.opponents}", by[f"strength_{strength_label(s.player)}"])
        for s in strengths
        if f"strength_{strength_label(s.player)}" in by
    ]
    return compare(pooled(seed_runs(by))[0], others, (HOLDS, DEPENDS, UNCLEAR_SKILL))


def data_label(by: dict[str, Effect]) -> Label:
    """The ``data`` label of one arm from its reconstructed-data variants (named by group),
    against its effect pooled over the seeds."""
    others = [
        (f"{a.group} ({a.name})", by[f"data_{a.name}"])
        for a in ALTERNATIVES
        if f"data_{a.name}" in by
    ]
    lab = compare(pooled(seed_runs(by))[0], others, (STABLE, CHANGES, UNCLEAR_DATA))
    # the groups, not the alternatives, are what a designer would look up
    groups = tuple(dict.fromkeys(w.split(" (")[0] for w in lab.which))
    return Label(lab.label, lab.evidence, groups)


def labels(exp: ExperimentRun) -> dict[str, dict[str, Label]]:
    """``{arm: {"skill"|"replication"|"data": Label}}`` for a paired experiment with a
    ``[robustness]`` table; empty without one."""
    rob = exp.spec.robustness
    if rob is None:
        return {}
    effects = variant_effects(exp)
    rep = replication_labels(effects)
    return {
        arm: {
            "skill": skill_label(by, rob.strengths),
            "replication": rep[arm],
            "data": data_label(by),
        }
        for arm, by in effects.items()
    }


def holds_on_all(lab: dict[str, Label]) -> bool:
    """True when a finding is replicated, holds at every strength and is stable in the data."""
    return (
        lab["replication"].label == REPLICATED
        and lab["skill"].label == HOLDS
        and lab["data"].label == STABLE
    )
