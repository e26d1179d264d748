"""Robustness labels: is an experiment's finding about the game, or about our players, one
seed, or a reconstructed number?

A spec with a ``[robustness]`` table replays what its findings quote (the runs below
``robust/`` in :mod:`vdgsim.analysis.experiment`): a paired spec its baseline and every arm
(the finding: an arm's effect on the focus player's win share), a sweep its first and last
value (the paired change of a strategy's or a seat's win share between them), a seats spec
every player count (a seat's win share less the fair share; its other strengths are the
``[[other_presets]]``). Each finding's effect then gets three computed labels:

``replication`` — the effect on the spec's seed and on independent seeds, pooled:
    *replicated*: the pooled effect is non-zero after Benjamini–Hochberg control over the
    section's findings (its arms, its sweep's strategies or seats, every seat of every player
    count; false discovery rate 5%), and every seed's estimate has its sign;
    *no effect*: neither the spec's own run nor the pooled effect tells it from zero;
    *not replicated*: anything else (a run's interval excludes zero but the pool does not
    confirm it, or the seeds disagree in sign).
``skill`` — the effect along the skill axis (:mod:`vdgsim.analysis.skill`): the focus player
    at other levels (``baseline_v1`` among its peers, search players against ``default``; each
    spec says which), restriction kept (a sweep of identical players replaces them all, a mixed
    one line-up position 0 only, so only that strategy's finding is checked; a seats spec puts
    each other level in every seat). The levels are ordered by their rating on the axis at the
    finding's player count; the label names the strongest level checked and what the effect
    did between the spec's own player and it (rule below): *holds*, *grows*, *shrinks* (up to
    that level), *vanishes*, *reverses*, *appears* or *unclear* (at it); *checked at weaker
    play only* when every level played is rated below the spec's own player, *checked at
    unrated players only* when some level has no rating (a report without an axis
    experiment) and none is rated above it.
``data`` — the effect under every plausible alternative of the reconstructed component numbers
    (:mod:`vdgsim.analysis.reconstructed`): *stable*, *changes with reconstructed data* (the
    groups are named) or *unclear* (rule below).

The comparison rule for ``data`` compares each variant with the effect pooled over the seeds, by
its *verdict*: a clear gain, a clear loss (the 95% interval excludes zero on that side) or no
clear effect. The finding is *stable* when every variant has the pooled verdict. A variant
*changes* it when its verdict differs and the two effects differ by more than the
Bonferroni-corrected 95% bound over the variants compared (independent games, so the standard
errors add in quadrature), or when the two verdicts are opposite. Anything else is *unclear*: a
verdict differs but the variant's sample cannot tell the effects apart.

The rule for ``skill`` compares the effect pooled over the seeds (the spec's own player) with
the effect at the strongest level checked, by the same verdicts and the same bound (Bonferroni
over the levels played): opposite verdicts *reverse*; a clear effect that has no clear verdict
at the strongest level *vanishes* when the two effects differ beyond the bound and is *unclear*
otherwise (its games cannot tell; the evidence says how many there were); the reverse
*appears* (or is *unclear*); the same clear verdict *grows* or *shrinks* when the magnitudes
differ beyond the bound and *holds* otherwise. Only a finding that holds, grows or shrinks up to
the strongest level is about the game at skilled play; the report's summary quotes its effect
there, the spec's own player's beside it. Any label is *not checked* when its runs were not
played (one seed only, or a ``--quick`` size of 0).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl
from scipy import stats

from vdgsim.analysis import seats, sensitivity
from vdgsim.analysis.common import pp, pp_ci, q_text
from vdgsim.analysis.experiment import (
    DEAL,
    OTHER,
    ROBUST,
    ExperimentRun,
    overrides_touch,
    strength_label,
    sweep_label,
    sweep_strength_lineup,
)
from vdgsim.analysis.paired import arm_effects
from vdgsim.analysis.reconstructed import alternatives, every_alternative
from vdgsim.analysis.skill import Rating, SkillAxis
from vdgsim.core.plug import game_of

HOLDS, GROWS, SHRINKS = "holds", "grows", "shrinks"
VANISHES, REVERSES, APPEARS = "vanishes", "reverses", "appears"
UNCLEAR_SKILL, WEAKER_ONLY = "unclear", "checked at weaker play only"
UNRATED = "checked at unrated players only"
AT_SKILL = (HOLDS, GROWS, SHRINKS)
"""The skill labels of a finding that still has its verdict at the strongest level checked."""
REPLICATED, NOT_REPLICATED, NO_EFFECT = "replicated", "not replicated", "no effect"
STABLE, CHANGES, UNCLEAR_DATA = "stable", "changes with reconstructed data", "unclear"
NOT_CHECKED = "not checked"  # its runs were not played (e.g. --quick sizes of 0)
LABELS = {
    "replication": (REPLICATED, NOT_REPLICATED, NO_EFFECT, NOT_CHECKED),
    "skill": (
        HOLDS,
        GROWS,
        SHRINKS,
        VANISHES,
        REVERSES,
        APPEARS,
        UNCLEAR_SKILL,
        WEAKER_ONLY,
        UNRATED,
        NOT_CHECKED,
    ),
    "data": (STABLE, CHANGES, UNCLEAR_DATA, NOT_CHECKED),
}
"""Every label a finding can get, by kind (report.json's vocabulary)."""

ALPHA = 0.05


@dataclass(frozen=True)
class Effect:
    """One finding's effect in one variant: an arm's or a sweep's paired change of a win share,
    or a seat's distance from the fair share (``deals``: its independent observations)."""

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
class CurvePoint:
    """A finding's effect at one level of the skill axis (``rating`` None: not rated)."""

    player: str
    rating: Rating | None
    effect: Effect

    def as_dict(self) -> dict[str, Any]:
        """The point as report.json and the ``skill_curve`` table give it."""
        r = self.rating
        return {
            "player": self.player,
            "rating": r.rating if r else None,
            "rating_low": r.low if r else None,
            "rating_high": r.high if r else None,
            "value": self.effect.diff,
            "low": self.effect.low,
            "high": self.effect.high,
            "deals": self.effect.deals,
        }


@dataclass(frozen=True)
class Label:
    """A robustness label, the variants that decided it, and the numbers behind it; a skill
    label also has its sentence (``phrase``), the strongest level checked with the effect
    there (``level``, ``at``) and every level's effect (``curve``, weakest first)."""

    label: str
    evidence: str
    which: tuple[str, ...] = field(default=())
    phrase: str = ""
    level: str = ""
    at: Effect | None = None
    curve: tuple[CurvePoint, ...] = ()

    def text(self) -> str:
        if self.phrase:
            return self.phrase
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


def played_variants(exp: ExperimentRun) -> list[tuple[str, str]]:
    """``(variant, run-name prefix)`` of the main runs (``main``, no prefix) and of every
    robustness variant the experiment played (``seed2``, ``strength_baseline_v1``,
    ``data_<name>``, below ``robust/``)."""
    seen = sorted({name.split("/")[1] for name in exp.runs if name.startswith(f"{ROBUST}/")})
    return [("main", ""), *((v, f"{ROBUST}/{v}/") for v in seen)]


def variant_effects(exp: ExperimentRun) -> dict[str, dict[str, Effect]]:
    """``{arm: {variant: Effect}}`` of a paired experiment in every variant it played."""
    out: dict[str, dict[str, Effect]] = {}
    for variant, prefix in played_variants(exp):
        for row in arm_effects(exp, prefix=prefix).iter_rows(named=True):
            out.setdefault(row["arm"], {})[variant] = _effect(variant, row)
    return out


def _fmt(e: Effect) -> str:
    return f"{pp_ci(e.diff, e.low, e.high)} pp"


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
            f"{_fmt(pool)}, Benjamini-Hochberg {q_text(qa)}; per seed: "
            + ", ".join(pp(e.diff) for e in rs)
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


Level = tuple[str, str] | tuple[str, str, str]
"""A level a finding was replayed at: ``(variant, player)``, and optionally how it played
(`` in every seat``, `` against default``), for the evidence."""


def _verdict_word(e: Effect) -> str:
    return "a clear gain" if e.sign > 0 else "a clear loss" if e.sign < 0 else "no clear effect"


def skill_label(
    by: dict[str, Effect],
    levels: Sequence[Level],
    focus: str,
    axis: SkillAxis | None = None,
    players: int | None = None,
) -> Label:
    """The ``skill`` label of one finding (see the module docstring for the rule): its effect
    pooled over the seeds (``focus``, the spec's own player) against its effect at each of
    ``levels`` that was played, ordered by their ratings on ``axis`` at ``players``."""
    main = pooled(seed_runs(by))[0]
    played = [(lv[1], by[lv[0]]) for lv in levels if lv[0] in by]
    where = {lv[1]: lv[2] if len(lv) > 2 else "" for lv in levels}
    where[focus] = " (pooled over seeds)"
    if not played:
        return Label(NOT_CHECKED, "no other level was played")

    def rating(p: str) -> Rating | None:
        return axis.rating(p, players) if axis is not None else None

    def name(p: str) -> str:
        return axis.describe(p, players) if axis is not None else p

    points = [
        CurvePoint(focus, rating(focus), main),
        *(CurvePoint(p, rating(p), e) for p, e in played),
    ]
    points.sort(key=lambda c: (c.rating is None, c.rating.rating if c.rating else 0.0))
    evidence = "; ".join(
        f"{name(c.player)}{where[c.player]}: {_fmt(c.effect)} ({c.effect.deals:,} deals)"
        for c in points
    )
    base = rating(focus)
    stronger = [
        c
        for c in points
        if c.rating is not None and base is not None and c.rating.rating > base.rating
    ]
    if not stronger:
        unrated = base is None or any(c.rating is None for c in points)
        label = UNRATED if unrated else WEAKER_ONLY
        others = tuple(p for p, _ in played)
        return Label(
            label, evidence, others, phrase=f"{label} ({', '.join(others)})", curve=tuple(points)
        )
    z = float(stats.norm.ppf(1 - ALPHA / (2 * len(played))))

    def phrase(c: CurvePoint, label: str) -> str:
        level, e = name(c.player), c.effect
        return {
            HOLDS: f"holds up to {level}"
            + (" (no clear effect at either)" if main.sign == 0 else ""),
            GROWS: f"grows up to {level}",
            SHRINKS: f"shrinks up to {level}, still {_verdict_word(e)}",
            VANISHES: f"vanishes at {level}",
            REVERSES: f"reverses at {level}",
            APPEARS: f"appears at {level}",
            UNCLEAR_SKILL: f"unclear at {level}: {e.deals:,} deals cannot tell",
        }[label]

    top = stronger[-1]
    label = _along(main, top.effect, z)
    words = phrase(top, label)
    if label == UNCLEAR_SKILL:
        # the label stays the strongest level's; the sentence adds what the strongest level
        # that can tell says, so a designer sees how far the finding was confirmed
        below = next(
            (
                (c, lab)
                for c in reversed(stronger[:-1])
                if (lab := _along(main, c.effect, z)) != UNCLEAR_SKILL
            ),
            None,
        )
        if below is not None:
            words += "; " + phrase(*below)
    return Label(
        label,
        evidence,
        (top.player,),
        phrase=words,
        level=name(top.player),
        at=top.effect,
        curve=tuple(points),
    )


def _along(main: Effect, e: Effect, z: float) -> str:
    """The skill verdict of effect ``e`` at a stronger level against ``main`` (the rule of the
    module docstring, at the bound ``z``)."""
    se = math.hypot(main.se, e.se)
    if not math.isfinite(se):  # one deal, or none: no interval at all
        return UNCLEAR_SKILL
    if main.sign * e.sign < 0:
        return REVERSES
    if main.sign != e.sign:
        apart = se > 0 and abs(e.diff - main.diff) > z * se
        return (VANISHES if e.sign == 0 else APPEARS) if apart else UNCLEAR_SKILL
    if main.sign == 0:
        return HOLDS
    grown = abs(e.diff) - abs(main.diff)
    return GROWS if grown > z * se else SHRINKS if grown < -z * se else HOLDS


def data_label(by: dict[str, Effect]) -> Label:
    """The ``data`` label of one finding from its reconstructed-data variants (named by group),
    against its effect pooled over the seeds."""
    others = [
        (f"{a.group} ({a.name})", by[f"data_{a.name}"])
        for a in every_alternative()
        if f"data_{a.name}" in by
    ]
    lab = compare(pooled(seed_runs(by))[0], others, (STABLE, CHANGES, UNCLEAR_DATA))
    # the groups, not the alternatives, are what a designer would look up
    groups = tuple(dict.fromkeys(w.split(" (")[0] for w in lab.which))
    return Label(lab.label, lab.evidence, groups)


def labels_of(
    effects: dict[str, dict[str, Effect]],
    levels: Sequence[Level],
    focus: str,
    axis: SkillAxis | None = None,
    players: Callable[[str], int | None] = lambda _: None,
) -> dict[str, dict[str, Label]]:
    """``{finding: {"skill"|"replication"|"data": Label}}`` from every finding's effects by
    variant (``main``, ``seed<k>``, the ``levels`` variants, ``data_<name>``); the findings
    are the section's family for the Benjamini–Hochberg control. ``players`` gives a
    finding's player count, at which the levels are rated."""
    rep = replication_labels(effects)
    return {
        k: {
            "skill": skill_label(by, levels, focus, axis, players(k)),
            "replication": rep[k],
            "data": data_label(by),
        }
        for k, by in effects.items()
    }


def _strength_variant(player: str) -> str:
    return f"strength_{strength_label(player)}"


def labels(exp: ExperimentRun) -> dict[str, dict[str, Label]]:
    """``{arm: {"skill"|"replication"|"data": Label}}`` for a paired experiment with a
    ``[robustness]`` table; empty without one."""
    rob = exp.spec.robustness
    if rob is None:
        return {}
    n = len(exp.spec.players)
    return labels_of(
        variant_effects(exp),
        [(_strength_variant(s.player), s.player, f" against {s.opponents}") for s in rob.strengths],
        exp.spec.players[0],
        exp.axis,
        lambda _: n,
    )


def sweep_labels(exp: ExperimentRun) -> dict[str, dict[str, Label]]:
    """``{group: labels}`` of a sweep with a ``[robustness]`` table (empty without one): the
    paired change of each group's win share (a strategy, or a seat of identical players) from
    the first swept value to the last, in every variant that replayed the two end values.

    At a strength, identical players are all replaced, so every seat's finding is checked;
    in a mixed line-up only position 0 is, so only its strategy's finding gets a ``skill``
    label and the others say why they have none."""
    spec, rob = exp.spec, exp.spec.robustness
    if rob is None:
        return {}
    identical = len(set(spec.players)) == 1
    by = "seat" if identical else "strategy"
    ends = [sweep_label(spec.sweep_key, v) for v in (spec.sweep_values[0], spec.sweep_values[-1])]
    at = {_strength_variant(s.player): s for s in rob.strengths}
    effects: dict[str, dict[str, Effect]] = {}
    for variant, prefix in played_variants(exp):
        steps = sensitivity.step_changes({e: exp.runs[prefix + e] for e in ends}, by)
        for r in steps.iter_rows(named=True):
            group = r[by]
            if variant in at and not identical:
                # only the replaced player's win share answers the finding on players[0]
                if group != at[variant].player:
                    continue
                group = spec.players[0]
            effects.setdefault(group, {})[variant] = Effect(
                variant, r["change"], r["low"], r["high"], r["se"], r["deals"]
            )
    n = len(spec.players)
    levels: list[Level] = [
        (v, s.player, " in every seat")
        if identical
        else (v, s.player, f" against {', '.join(sweep_strength_lineup(spec.players, s)[1:])}")
        for v, s in at.items()
    ]
    out = labels_of(effects, levels, spec.players[0], exp.axis, lambda _: n)
    skipped = [
        a.name for a in alternatives(spec.game) if overrides_touch(a.overrides, spec.sweep_key)
    ]
    for group, lab in out.items():
        if at and not identical and group != spec.players[0]:
            lab["skill"] = Label(
                NOT_CHECKED,
                f"the strengths replace line-up position 0 ({spec.players[0]}) only, so the "
                f"win share of {group} is not replayed at another strength",
            )
        if skipped:
            d = lab["data"]
            note = f"not played: {', '.join(skipped)} (it sets {spec.sweep_key}, the swept key)"
            lab["data"] = Label(d.label, f"{d.evidence}; {note}", d.which)
    return out


def seat_key(players: int, seat: int) -> str:
    """The name of a seat finding (``2p seat 0``)."""
    return f"{players}p seat {seat}"


def seat_gap(r: dict, variant: str) -> Effect:
    """A seat's distance from the fair share (a row of ``seats.win_by_seat``); the Wilson
    interval gives its spread."""
    se = (r["win_high"] - r["win_low"]) / (2 * stats.norm.ppf(1 - ALPHA / 2))
    return Effect(variant, r["gap"], r["gap_low"], r["gap_high"], se, int(r["n"]))


def position_key(players: int, position: int) -> str:
    """The name of a turn position's finding (``4p position 0``: the start player)."""
    return f"{players}p position {position}"


def character_key(players: int, character: str) -> str:
    """The name of a dealt character's finding (``4p Girolamo Sernigi``)."""
    return f"{players}p {character}"


def seats_labels(
    exp: ExperimentRun, deal: str | None = None, by: str = "seat"
) -> dict[str, dict[str, Label]]:
    """``{key: labels}`` of a seats experiment's distances from the fair share: every seat
    (``by="seat"``, keys :func:`seat_key`), every dealt character (``by="character"``, keys
    :func:`character_key`) or every turn position from Goa's start player (``by="position"``,
    keys :func:`position_key`), under the rulebook deal (``deal`` None) or another character deal
    (``"random"``: a seat's share averaged over characters, a character's over seats). Each on
    the spec's seed and the replicate seeds (``replication``, Benjamini–Hochberg over every key
    of every player count), with the ``[[other_presets]]`` in every seat (``skill``; for
    another deal, those of them in ``deal_presets``) and under the reconstructed-data
    alternatives (``data``). Empty when the spec has neither a ``[robustness]`` table nor
    other presets."""
    spec = exp.spec
    if spec.robustness is None and not spec.other_presets:
        return {}
    sub = "" if deal is None else f"{DEAL}/{deal}/"
    variants = [(v, prefix + sub) for v, prefix in played_variants(exp)]
    variants += [
        (_strength_variant(s.player), f"{sub}{OTHER}/{strength_label(s.player)}/")
        for s in spec.other_presets
    ]
    characters = game_of(spec.game).seat_characters
    tables: dict[str, tuple[Callable[[pl.DataFrame], pl.DataFrame], Callable[[dict], str]]] = {
        "seat": (
            lambda t: seats.win_by_seat(t, characters),
            lambda r: seat_key(r["players"], r["seat"]),
        ),
        "character": (
            seats.win_by_character,
            lambda r: character_key(r["players"], r["dealt_character"]),
        ),
        "position": (
            seats.win_by_turn_position,
            lambda r: position_key(r["players"], r["position"]),
        ),
    }
    table, key = tables[by]
    effects: dict[str, dict[str, Effect]] = {}
    for variant, prefix in variants:
        runs = {
            n: exp.runs[prefix + n]
            for n in (f"{p}p" for p in spec.player_counts)
            if prefix + n in exp.runs
        }
        if not runs:
            continue
        for r in table(seats.seat_players(runs)).iter_rows(named=True):
            effects.setdefault(key(r), {})[variant] = seat_gap(r, variant)
    return labels_of(
        effects,
        [(_strength_variant(s.player), s.player, " in every seat") for s in spec.other_presets],
        spec.preset,
        exp.axis,
        key_players,
    )


def key_players(key: str) -> int | None:
    """The player count of a seat, position or character finding's key (``3p seat 2``)."""
    head = key.split(" ", 1)[0]
    return int(head[:-1]) if head.endswith("p") and head[:-1].isdigit() else None


def holds_on_all(lab: dict[str, Label]) -> bool:
    """True when a finding is replicated, keeps its verdict up to the strongest level of the
    skill axis checked (holds, grows or shrinks there) and is stable in the data."""
    return (
        lab["replication"].label == REPLICATED
        and lab["skill"].label in AT_SKILL
        and lab["data"].label == STABLE
    )
