"""Report sections: one per experiment, each with charts, tables, key numbers and findings.

Findings are sentences generated from the key numbers (never typed by hand), so they always
say what the tables say. Every key number names the table (CSV) and row it comes from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import polars as pl
from matplotlib.figure import Figure

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    luck,
    matchups,
    measures,
    paired,
    robustness,
    seats,
    sensitivity,
    skill,
)
from vdgsim.analysis import luck_charts as LC
from vdgsim.analysis.common import (
    RunInfo,
    pct,
    pct_ci,
    pp,
    pp_ci,
    rounded,
    run_info,
    vp_source_columns,
)
from vdgsim.analysis.experiment import (
    DEAL,
    OTHER,
    ROBUST,
    ExperimentRun,
    ExperimentSpec,
    strength_label,
)
from vdgsim.analysis.robustness import Label
from vdgsim.plug import game_of
from vdgsim.report.verdict import SeatGap, SeatSpread


@dataclass
class KeyNumber:
    """A number shown in the report, with its interval and where it comes from."""

    label: str
    value: float
    low: float | None
    high: float | None
    unit: str  # "pp", "%", "VP", "ducats", ""
    table: str
    row: dict[str, Any]
    column: str

    def text(self) -> str:
        """The number and its interval to the decimals the interval supports, with its unit
        (``-15.8 pp [-16.7, -15.0]``, ``17.4 [17.0, 17.7]``)."""
        scale, signed, default, most = _FORMATS.get(self.unit, (1.0, False, 3, 3))
        v, lo, hi = rounded(
            self.value,
            self.low,
            self.high,
            scale=scale,
            signed=signed,
            default=default,
            most=most,
        )
        ci = f" [{lo}, {hi}]" if self.low is not None else ""
        unit = {"pp": " pp", "%": "%", "VP": " VP", "ducats": " ducats", "Elo": " Elo"}.get(
            self.unit, ""
        )
        return f"{v}{unit}{ci}"


# how each unit is written: (scale, signed, decimals without an interval, most decimals)
_FORMATS: dict[str, tuple[float, bool, int, int]] = {
    "pp": (100.0, True, 1, 2),
    "%": (100.0, False, 1, 2),
    "VP": (1.0, True, 2, 2),
    "ducats": (1.0, False, 2, 2),
    "Elo": (1.0, True, 0, 0),
}


@dataclass
class Finding:
    """A causal finding: its sentence, the effect it quotes and its robustness labels
    (:mod:`vdgsim.analysis.robustness`; empty when the experiment has no robustness runs)."""

    text: str
    effect: KeyNumber
    labels: dict[str, Label] = field(default_factory=dict)
    # the finding in one sentence, for the summary and the verdict ("": the text is one)
    short: str = ""

    def holds_on_all(self) -> bool:
        return bool(self.labels) and robustness.holds_on_all(self.labels)

    def label_text(self) -> str:
        """``replication: replicated; skill: holds at every strength; data: stable``."""
        return "; ".join(f"{k}: {v.text()}" for k, v in self.labels.items())


def finding_text(f: str | Finding) -> str:
    return f if isinstance(f, str) else f.text


@dataclass
class Section:
    """One question's part of the report."""

    name: str
    title: str
    question: str
    info: RunInfo
    figures: list[tuple[str, Figure]] = field(default_factory=list)
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    numbers: list[KeyNumber] = field(default_factory=list)
    findings: list[str | Finding] = field(default_factory=list)  # str: not causal
    notes: list[str] = field(default_factory=list)
    # the seats section's: every seat's gap per player count and level, for the verdict
    spreads: list[SeatSpread] = field(default_factory=list)
    spread_of: str = "seat"  # what the spreads judge: "seat", or Goa's "turn position"


def _verdict(low: float, high: float) -> str:
    if low > 0:
        return "a clear gain"
    if high < 0:
        return "a clear loss"
    return "not distinguishable from zero at this sample size"


def vp_ci(value: float, low: float, high: float) -> str:
    """A VP difference and its interval (``+1.3 VP [+1.2, +1.4]``)."""
    v, lo, hi = rounded(value, low, high, signed=True, default=2, most=2)
    return f"{v} VP [{lo}, {hi}]"


def _plain_ci(value: float, low: float, high: float) -> str:
    """A mean and its interval without sign (``14.3 [14.1, 14.5]``)."""
    v, lo, hi = rounded(value, low, high, default=2, most=2)
    return f"{v} [{lo}, {hi}]"


def baseline_info(sec: Section, frame: pl.DataFrame, about: str) -> RunInfo:
    """The provenance of a chart drawn from the baseline run only (``frame``'s games)."""
    return replace(sec.info, games=frame["game"].n_unique(), about=about)


ONE_ROTATION = "the baseline run, one rotation per deal when all players are identical"


# --- paired experiments -----------------------------------------------------------------------
def _opponents(spec: ExperimentSpec) -> str:
    """``three default`` or ``default, near_ports``: line-up positions 1.. of a paired spec."""
    rest = spec.players[1:]
    if len(set(rest)) == 1:
        return f"{('one', 'two', 'three')[len(rest) - 1]} {rest[0]}"
    return ", ".join(rest)


def _play_changed(rows: pl.DataFrame) -> str:
    """`` Its play changed per game: +0.9 Reals paid to act early, ... Where its VP went:
    -3.1 VP from slot, ...`` (the changes whose paired interval excludes zero), so an effect
    is read with what the restriction made the player do, and why it scored what it did."""

    def change(r: dict[str, Any]) -> str:
        # the baseline to the decimals of the change's interval: one precision per statement
        v, _, _ = rounded(r["change"], r["low"], r["high"], signed=True, default=2, most=2)
        base, _, _ = rounded(r["baseline"], r["low"], r["high"], default=2, most=2)
        return f"{v} {r['words']} (from {base})"

    def clear(kind: str) -> list[str]:
        return [
            change(r)
            for r in rows.filter(pl.col("kind") == kind).iter_rows(named=True)
            if r["low"] > 0 or r["high"] < 0
        ]

    play, vp = clear("play"), clear("mechanism")
    out = f" Its play changed per game: {'; '.join(play)}." if play else ""
    return out + (f" Where its VP went: {'; '.join(vp)}." if vp else "")


_ROBUST_RUNS = "other seeds, other player strengths, reconstructed-data alternatives"


def _label_rows(labels: dict[str, dict[str, Label]], key: str) -> pl.DataFrame:
    """One row per finding (named in column ``key``): its labels and their evidence."""
    return pl.DataFrame(
        [
            {
                key: name,
                **{k: lab[k].text() for k in robustness.LABELS},
                **{f"{k}_evidence": lab[k].evidence for k in robustness.LABELS},
            }
            for name, lab in labels.items()
        ]
    )


def _robustness_table(
    exp: ExperimentRun,
    sec: Section,
    labels: dict[str, dict[str, Label]],
    key: str,
    runs: str = _ROBUST_RUNS,
) -> None:
    """The section's ``robustness`` table (one row per finding, named in column ``key``: its
    labels and their evidence) and a note on the games behind it (``runs``: what they are)."""
    if not labels:
        return
    sec.tables["robustness"] = _label_rows(labels, key)
    _skill_curves(sec, labels)
    extra = [r for n, r in exp.runs.items() if n.startswith(f"{ROBUST}/")]
    if not extra:  # a seats spec labelled from its other presets alone
        return
    sec.notes.append(
        f"Robustness labels come from {sum(r.games.height for r in extra):,} more games in "
        f"{len(extra)} runs ({runs}; docs/analysis.md); their evidence is in the robustness "
        "table."
    )


def skill_curve_rows(labels: dict[str, dict[str, Label]]) -> pl.DataFrame:
    """One row per finding and level of the skill axis it was measured at: the player, its
    rating relative to the axis anchor (null: not rated) and the effect with its interval."""
    rows = [
        {"finding": name, **c.as_dict(), "skill": lab["skill"].label}
        for name, lab in labels.items()
        if "skill" in lab
        for c in lab["skill"].curve
    ]
    schema = {
        "finding": pl.String,
        "player": pl.String,
        "rating": pl.Float64,
        "rating_low": pl.Float64,
        "rating_high": pl.Float64,
        "value": pl.Float64,
        "low": pl.Float64,
        "high": pl.Float64,
        "deals": pl.Int64,
        "skill": pl.String,
    }
    return pl.DataFrame(rows, schema=schema)


def _skill_curves(sec: Section, labels: dict[str, dict[str, Label]]) -> None:
    """The section's ``skill_curve`` table (every labelled finding at every level) and, when
    the levels are rated, its chart (appended to an existing table: a section may label two
    families of findings)."""
    curve = skill_curve_rows(labels)
    if curve.is_empty():
        return
    old = sec.tables.get("skill_curve")
    curve = curve if old is None else pl.concat([old, curve])
    sec.tables["skill_curve"] = curve
    if curve["rating"].is_not_null().any():
        sec.figures = [f for f in sec.figures if f[0] != "skill_curve"]
        sec.figures.append(
            (
                "skill_curve",
                C.skill_curve_chart(
                    curve,
                    replace(sec.info, about="each level's own runs; see the skill_curve table"),
                    f"{sec.title}: effect against player strength",
                ),
            )
        )


def paired_core(
    exp: ExperimentRun, sec: Section, subject: str, eff: pl.DataFrame | None = None
) -> pl.DataFrame:
    """Effects, labels and findings of every arm (``eff``: the arm effects, if the section
    has already computed them)."""
    eff = paired.arm_effects(exp) if eff is None else eff
    sec.tables["effects"] = eff
    per_arm = replace(
        sec.info,
        games=int(eff["n_games"].min()),
        about="per arm, every arm on the same deals, seats rotated",
    )
    labels = robustness.labels(exp)
    _robustness_table(exp, sec, labels, "arm")
    behaviour = paired.behaviour_changes(exp)
    sec.tables["behaviour"] = behaviour
    sec.figures.append(
        (
            "effects_win_share",
            C.effects_chart(eff, per_arm, f"{sec.title}: restricted player's win share"),
        )
    )
    sec.figures.append(
        (
            "effects_vp",
            C.effects_chart(eff, per_arm, f"{sec.title}: restricted player's score", "vp"),
        )
    )
    for r in eff.iter_rows(named=True):
        row = {"arm": r["arm"]}
        ws = KeyNumber(
            f"{r['label']}: win share change",
            r["win_share_diff"],
            r["win_share_low"],
            r["win_share_high"],
            "pp",
            "effects",
            row,
            "win_share_diff",
        )
        vp = KeyNumber(
            f"{r['label']}: VP change",
            r["vp_diff"],
            r["vp_low"],
            r["vp_high"],
            "VP",
            "effects",
            row,
            "vp_diff",
        )
        sec.numbers += [ws, vp]
        sec.findings.append(
            Finding(
                f"Value to {exp.spec.players[0]} against {_opponents(exp.spec)}: a {subject} who "
                f"{r['label']} changes its win share by {ws.text()} and its score by "
                f"{vp.text()} against the unrestricted baseline on the same deals "
                f"({_verdict(r['win_share_low'], r['win_share_high'])})."
                + _play_changed(behaviour.filter(pl.col("arm") == r["arm"])),
                ws,
                labels.get(r["arm"], {}),
                short=f"a {subject} who {r['label']} changes its win share by {ws.text()} "
                f"({exp.spec.players[0]} against {_opponents(exp.spec)}).",
            )
        )
    if eff.height > 1:  # with one arm the arm's own finding says it all
        best = eff.sort("win_share_diff").row(-1, named=True)
        worst = eff.sort("win_share_diff").row(0, named=True)
        sec.findings.insert(
            0,
            f"Costliest restriction: {worst['label']} ({pp(worst['win_share_diff'])} pp); "
            f"most favourable: {best['label']} ({pp(best['win_share_diff'])} pp).",
        )
    n = int(eff["n_games"].min())
    sec.notes.append(
        f"{n:,} games per arm on the same seeds (common random numbers); the restricted player "
        "rotates over every seat. Intervals are paired t intervals over independent deals."
    )
    return eff


def paired_section(exp: ExperimentRun, sec: Section) -> None:
    """A paired experiment without a dedicated section."""
    paired_core(exp, sec, "player")


# --- seats --------------------------------------------------------------------------------------
def _seat_number(
    r: dict[str, Any], what: str, columns: tuple[str, str, str], unit: str
) -> KeyNumber:
    """A key number of a row of ``win_by_seat`` (its value, low and high ``columns``)."""
    value, low, high = columns
    return KeyNumber(
        f"{r['players']} players, seat {r['seat']}: {what}",
        r[value],
        r[low],
        r[high],
        unit,
        "win_by_seat",
        {"players": r["players"], "seat": r["seat"]},
        value,
    )


def seats_section(exp: ExperimentRun, sec: Section) -> None:
    """Win share by seat, balance index, score distributions, VP by source; and whether the
    seat effects hold with other players in every seat; and, from the runs with the characters
    dealt at random, which part of each seat's edge is its turn order and which its character."""
    own = {
        n: r
        for n, r in exp.runs.items()
        if not n.startswith((f"{OTHER}/", f"{DEAL}/", f"{ROBUST}/"))
    }
    characters = game_of(exp.spec.game).seat_characters
    players = seats.seat_players(own)
    by_seat = seats.win_by_seat(players, characters=characters)
    bal = seats.balance_index(by_seat).join(
        seats.balance_interval(players, exp.spec.seed), on="players"
    )
    sec.tables["win_by_seat"] = by_seat
    sec.tables["balance_index"] = bal
    sec.tables["score_distribution"] = seats.score_distribution(players)
    src = seats.vp_by_source(players, vp_source_columns(exp.spec.game))
    sec.tables["vp_by_source"] = src
    sec.tables["ties"] = seats.tie_rate(
        {n: r for n, r in exp.runs.items() if not n.startswith((f"{DEAL}/", f"{ROBUST}/"))}
    )
    positions = "start_player" in players.columns
    # a game that draws its start player: seat 0 is not the first to play
    xlabel = "seat (the start player is drawn at set-up)" if positions else None
    chart = C.seat_chart(by_seat, sec.info, *([xlabel] if xlabel else []))
    sec.figures.append(("win_by_seat", chart))
    labels = robustness.seats_labels(exp)
    if positions:
        labels |= robustness.seats_labels(exp, by="position")
    _robustness_table(
        exp,
        sec,
        labels,
        "finding",
        "other seeds and reconstructed-data alternatives; the skill labels come from the "
        "runs of the other presets, table win_by_seat_by_preset",
    )
    sec.figures.append(("scores", C.score_chart(players, sec.info)))
    sec.figures.append(("vp_by_source", C.vp_source_chart(src, sec.info)))
    for r in by_seat.iter_rows(named=True):
        k = _seat_number(r, "win share", ("win_share", "win_low", "win_high"), "%")
        sec.numbers.append(k)
        if r["above_fair"] or r["below_fair"]:
            side = "more" if r["above_fair"] else "less"
            gap = _seat_number(
                r, "win share less the fair share", ("gap", "gap_low", "gap_high"), "pp"
            )
            sec.numbers.append(gap)
            who = f" (dealt {r['dealt_character']})" if characters else ""
            sec.findings.append(
                Finding(
                    f"With {r['players']} players, seat {r['seat']}{who} wins {k.text()} of "
                    f"games, {side} than the fair "
                    f"{pct(r['fair_share'])}% ({gap.text()}).",
                    gap,
                    labels.get(robustness.seat_key(r["players"], r["seat"]), {}),
                )
            )
    for r in bal.iter_rows(named=True):
        k = KeyNumber(
            f"{r['players']} players: balance index",
            r["balance_index"],
            r["balance_low"],
            r["balance_high"],
            "",
            "balance_index",
            {"players": r["players"]},
            "balance_index",
        )
        sec.numbers.append(k)
        sec.findings.append(
            f"{r['players']} players: balance index {k.text()} (largest gap "
            f"{pp(r['largest_gap'])} pp, best seat {r['best_seat']}, worst seat "
            f"{r['worst_seat']})."
        )
    if positions:
        by_pos = _turn_positions(sec, players, labels)
        # with a start player drawn at set-up, the turn position is what a seat's luck is
        sec.spreads = _seat_spreads(
            exp, by_pos, "position", robustness.position_key, _position_name, labels
        )
        sec.spread_of = "turn position"
    else:
        sec.spreads = _seat_spreads(
            exp,
            by_seat,
            "seat",
            robustness.seat_key,
            lambda r: (
                f"seat {r['seat']}"
                + (f" (dealt {r['dealt_character']})" if "dealt_character" in r else "")
            ),
            labels,
        )
    if not any("wins" in finding_text(f) for f in sec.findings):
        sec.findings.insert(
            0, "No seat's win share differs from the fair share beyond its interval."
        )
    sec.notes.append(
        "Identical players, seats not rotated, so seat effects belong to the game ("
        + (
            "first player, the character dealt to the seat"
            if characters
            else "the order in which seats reveal cards for the start player, G1.6, and "
            "the turn order from the start player"
        )
        + ") as those players play it. Win shares split ties."
    )
    if exp.spec.other_presets:
        _seats_by_preset(exp, sec, by_seat, bal, characters=characters)
    if any(n.startswith(f"{DEAL}/random/") for n in exp.runs):
        _seats_random_deal(exp, sec, by_seat, labels)


def _seat_spreads(
    exp: ExperimentRun,
    table: pl.DataFrame,
    column: str,
    key: Callable[[int, int], str],
    who: Callable[[dict[str, Any]], str],
    labels: dict[str, dict[str, Label]],
) -> list[SeatSpread]:
    """Per player count, every seat's (``column``: ``seat`` or ``position``) gap from the fair
    share in ``table`` with the spec's own player and, when the seats were replayed with a
    stronger level of the skill axis, at the strongest one (the curves of the ``skill`` labels
    of the findings named ``key(players, seat)``)."""
    own = exp.spec.preset
    out = []
    for p in sorted(table["players"].unique().to_list()):
        rows = list(table.filter(pl.col("players") == p).sort(column).iter_rows(named=True))
        fair = float(rows[0]["fair_share"])
        level = exp.axis.describe(own, p) if exp.axis is not None else own
        gaps = tuple(SeatGap(who(r), r["gap"], r["gap_low"], r["gap_high"]) for r in rows)
        out.append(SeatSpread(p, fair, own, level, int(rows[0]["n"]), gaps))
        skills = [labels.get(key(p, r[column]), {}).get("skill") for r in rows]
        curves = [{c.player: c for c in lab.curve} for lab in skills if lab and lab.curve]
        base = curves[0][own].rating if curves and own in curves[0] else None
        if len(curves) < len(rows) or base is None:
            continue
        stronger = [
            c for c in curves[0].values() if c.rating is not None and c.rating.rating > base.rating
        ]
        if not stronger:
            continue
        top = max(stronger, key=lambda c: c.rating.rating if c.rating else 0.0).player
        if any(top not in c for c in curves):
            continue
        points = [c[top].effect for c in curves]
        out.append(
            SeatSpread(
                p,
                fair,
                top,
                exp.axis.describe(top, p) if exp.axis is not None else top,
                min(e.deals for e in points),
                tuple(
                    SeatGap(who(r), e.diff, e.low, e.high)
                    for r, e in zip(rows, points, strict=True)
                ),
            )
        )
    return out


def _position_name(r: dict[str, Any]) -> str:
    return "the start player" if r["position"] == 0 else f"turn position {r['position']}"


def _turn_positions(
    sec: Section, players: pl.DataFrame, labels: dict[str, dict[str, Label]]
) -> pl.DataFrame:
    """Goa: win share by turn position counted from the start player drawn at set-up (G1.6),
    and how often each seat starts; returns the win shares by turn position."""
    by_pos = seats.win_by_turn_position(players)
    sec.tables["win_by_turn_position"] = by_pos
    sec.figures.append(
        (
            "win_by_turn_position",
            C.seat_chart(by_pos, sec.info, "turn position (0 = the start player)", "position"),
        )
    )
    sec.tables["start_player_by_seat"] = (
        players.group_by("players", "seat")
        .agg((pl.col("start_player") == pl.col("seat")).mean().alias("starts"))
        .sort("players", "seat")
    )
    for r in by_pos.iter_rows(named=True):
        row = {"players": r["players"], "position": r["position"]}
        k_after = ("", "the seat after", "the second seat after", "the third seat after")
        what = (
            "the start player"
            if r["position"] == 0
            else f"{k_after[r['position']]} the start player (turn position {r['position']})"
        )
        k = KeyNumber(
            f"{r['players']} players, {what}: win share",
            r["win_share"],
            r["win_low"],
            r["win_high"],
            "%",
            "win_by_turn_position",
            row,
            "win_share",
        )
        sec.numbers.append(k)
        if r["above_fair"] or r["below_fair"]:
            side = "more" if r["above_fair"] else "less"
            gap = KeyNumber(
                f"{r['players']} players, {what}: win share less the fair share",
                r["gap"],
                r["gap_low"],
                r["gap_high"],
                "pp",
                "win_by_turn_position",
                row,
                "gap",
            )
            sec.numbers.append(gap)
            sec.findings.append(
                Finding(
                    f"With {r['players']} players, {what} wins {k.text()} of games, {side} "
                    f"than the fair {pct(r['fair_share'])}% ({gap.text()}; the start player "
                    "is drawn at set-up, G1.6).",
                    gap,
                    labels.get(robustness.position_key(r["players"], r["position"]), {}),
                )
            )
    return by_pos


def _off_fair(off: list[str]) -> str:
    if not off:
        return "none off it beyond its interval)."
    return (
        f"{', '.join(off)} off it beyond {'its interval' if len(off) == 1 else 'their intervals'})."
    )


def _share_number(
    label: str, r: dict[str, Any], table: str, row: dict[str, Any], gap: bool = False
) -> KeyNumber:
    """A win share (or with ``gap``, the win share less the fair share) of a table row."""
    if gap:
        return KeyNumber(
            f"{label} less the fair share",
            r["gap"],
            r["gap_low"],
            r["gap_high"],
            "pp",
            table,
            row,
            "gap",
        )
    return KeyNumber(
        label, r["win_share"], r["win_low"], r["win_high"], "%", table, row, "win_share"
    )


def _seats_random_deal(
    exp: ExperimentRun,
    sec: Section,
    by_seat: pl.DataFrame,
    rule_labels: dict[str, dict[str, Label]],
) -> None:
    """The seats again with the characters dealt at random (``setup.character_deal = random``):
    win share by seat averaged over characters, by character averaged over seats, and each
    rulebook seat's gap split into the two. A split is only as sure as the gap it splits: it
    takes the rulebook seat's ``skill`` label (``rule_labels``) when that one does not keep
    its verdict at the strongest level."""
    top = f"{DEAL}/random/"
    runs = {
        n: r for n, r in exp.runs.items() if n.startswith(top) and not n.startswith(top + OTHER)
    }
    players = seats.seat_players(runs)
    v_seat = seats.win_by_seat(players)
    v_char = seats.win_by_character(players)
    split = seats.seat_character_split(by_seat, v_seat, v_char)
    # the same split with the deal_presets in every seat: does it depend on the player?
    splits = [split.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    for s in exp.spec.other_presets:
        label = strength_label(s.player)
        rule = {n: r for n, r in exp.runs.items() if n.startswith(f"{OTHER}/{label}/")}
        deal = {n: r for n, r in exp.runs.items() if n.startswith(f"{top}{OTHER}/{label}/")}
        if rule and deal:
            o = seats.seat_players(deal)
            splits.append(
                seats.seat_character_split(
                    seats.win_by_seat(seats.seat_players(rule)),
                    seats.win_by_seat(o),
                    seats.win_by_character(o),
                ).with_columns(pl.lit(s.player).alias("preset"))
            )
    by_preset = pl.concat(splits, how="diagonal_relaxed")
    if len(splits) > 1:
        sec.tables["seat_character_split_by_preset"] = by_preset
    sec.tables["win_by_seat_random_deal"] = v_seat
    sec.tables["win_by_character_random_deal"] = v_char
    sec.tables["win_by_seat_and_character_random_deal"] = seats.win_by_seat_and_character(players)
    sec.tables["seat_character_split"] = split
    seat_labels = robustness.seats_labels(exp, "random")
    char_labels = robustness.seats_labels(exp, "random", by="character")
    if seat_labels or char_labels:  # beside the rulebook seats' rows
        deal_rows = _label_rows(
            {f"random deal, {k}": v for k, v in (seat_labels | char_labels).items()}, "finding"
        )
        old = sec.tables.get("robustness")
        sec.tables["robustness"] = deal_rows if old is None else pl.concat([old, deal_rows])
    who = exp.spec.preset
    for p in sorted(v_seat["players"].unique().to_list()):
        games = int(players.filter(pl.col("players") == p)["game"].n_unique())
        seat_nums = [
            _share_number(
                f"{p} players, characters dealt at random, seat {r['seat']}: win share",
                r,
                "win_by_seat_random_deal",
                {"players": p, "seat": r["seat"]},
            )
            for r in v_seat.filter(pl.col("players") == p).iter_rows(named=True)
        ]
        char_rows = list(v_char.filter(pl.col("players") == p).iter_rows(named=True))
        char_nums = [
            _share_number(
                f"{p} players, characters dealt at random, {r['dealt_character']}'s holder: "
                "win share",
                r,
                "win_by_character_random_deal",
                {"players": p, "dealt_character": r["dealt_character"]},
            )
            for r in char_rows
        ]
        sec.numbers += seat_nums + char_nums
        fair = pct(1 / p)
        seat_rows = list(v_seat.filter(pl.col("players") == p).iter_rows(named=True))
        far_seat = max(seat_rows, key=lambda r: abs(r["gap"]))
        far_char = max(char_rows, key=lambda r: abs(r["gap"]))
        # the finding quotes, and is labelled by, the seat (character) farthest from fair
        far_seat_gap = _share_number(
            f"{p} players, characters dealt at random, seat {far_seat['seat']}: win share",
            far_seat,
            "win_by_seat_random_deal",
            {"players": p, "seat": far_seat["seat"]},
            gap=True,
        )
        far_char_gap = _share_number(
            f"{p} players, characters dealt at random, {far_char['dealt_character']}'s holder: "
            "win share",
            far_char,
            "win_by_character_random_deal",
            {"players": p, "dealt_character": far_char["dealt_character"]},
            gap=True,
        )
        sec.numbers += [far_seat_gap, far_char_gap]
        off = [r for r in seat_rows if r["above_fair"] or r["below_fair"]]
        sec.findings.append(
            Finding(
                f"With {p} players and the characters dealt at random ({games:,} games, {who} "
                f"in every seat), win share by seat averaged over characters: "
                + "; ".join(
                    f"seat {r['seat']} {k.text()}"
                    for r, k in zip(seat_rows, seat_nums, strict=True)
                )
                + f" (fair {fair}%; "
                + _off_fair([f"seat {r['seat']}" for r in off]),
                far_seat_gap,
                seat_labels.get(robustness.seat_key(p, far_seat["seat"]), {}),
            )
        )
        off = [r for r in char_rows if r["above_fair"] or r["below_fair"]]
        sec.findings.append(
            Finding(
                f"With {p} players and the characters dealt at random, win share by dealt "
                "character averaged over seats: "
                + "; ".join(
                    f"{r['dealt_character']} {k.text()}"
                    for r, k in zip(char_rows, char_nums, strict=True)
                )
                + f" (fair {fair}%; "
                + _off_fair([r["dealt_character"] for r in off]),
                far_char_gap,
                char_labels.get(robustness.character_key(p, far_char["dealt_character"]), {}),
                short=f"With {p} players and the characters dealt at random ({who} in every "
                f"seat), {far_char['dealt_character']}'s holder is {far_char_gap.text()} from "
                f"the fair {fair}% win share, averaged over seats.",
            )
        )
        rows = list(split.filter(pl.col("players") == p).iter_rows(named=True))
        gapped = [
            r
            for r in rows
            if r["rulebook_low"] > r["fair_share"] or r["rulebook_high"] < r["fair_share"]
        ]
        if not gapped:
            sec.findings.append(
                f"With {p} players no rulebook seat's win share differs from the fair {fair}% "
                "beyond its interval, so there is no seat imbalance to split into seat and "
                "character."
            )
        for r in gapped:
            part = KeyNumber(
                f"{p} players, rulebook seat {r['seat']}: the character's part of its gap",
                r["character_part"],
                r["character_part_low"],
                r["character_part_high"],
                "pp",
                "seat_character_split",
                {"players": p, "seat": r["seat"]},
                "character_part",
            )
            seat_part = KeyNumber(
                f"{p} players, rulebook seat {r['seat']}: the seat's part of its gap",
                r["seat_part"],
                r["seat_part_low"],
                r["seat_part_high"],
                "pp",
                "seat_character_split",
                {"players": p, "seat": r["seat"]},
                "seat_part",
            )
            sec.numbers += [seat_part, part]
            ch = r["dealt_character"]
            labels = dict(char_labels.get(robustness.character_key(p, ch), {}))
            seat_skill = rule_labels.get(robustness.seat_key(p, r["seat"]), {}).get("skill")
            if labels and seat_skill is not None and seat_skill.label not in robustness.AT_SKILL:
                labels["skill"] = Label(
                    seat_skill.label,
                    f"the rulebook seat's gap: {seat_skill.evidence}",
                    seat_skill.which,
                    phrase=f"{seat_skill.text()} (the rulebook seat's gap it splits)",
                    level=seat_skill.level,
                    at=seat_skill.at,
                    curve=seat_skill.curve,
                )
            sec.findings.append(
                Finding(
                    # the rulebook seat's share and gap are the seat finding's: not restated
                    f"With {p} players the gap of the rulebook's seat {r['seat']} (dealt {ch}) "
                    f"is {seats.split_verdict(r)}. Dealt at random, seat {r['seat']} wins "
                    f"{pct_ci(r['seat_share'], r['seat_low'], r['seat_high'])} "
                    f"averaged over characters (the seat's part: {seat_part.text()}) and {ch}'s "
                    "holder wins "
                    f"{pct_ci(r['character_share'], r['character_low'], r['character_high'])} "
                    f"averaged over seats (the character's part: {part.text()}). The two parts "
                    f"add to {pp(r['seat_part'] + r['character_part'])} pp; {pp(r['rest'])} pp "
                    "is left to their interaction and noise."
                    # with labels, the other presets' character parts are the skill label
                    + ("" if labels else " " + _split_by_preset(by_preset, who, p, r["seat"])),
                    part,
                    labels,
                    short=f"With {p} players the gap of the rulebook's seat {r['seat']} (dealt "
                    f"{ch}) is {seats.split_verdict(r)}: the character's part {part.text()}, "
                    f"the seat's part {seat_part.text()}.",
                )
            )
    n = sum(int(r.manifest["counts"]["games"]) for r in runs.values())
    if len(splits) > 1:
        sec.notes.append(
            "The split again with other players in every seat (both deals, at most "
            f"{exp.spec.deal_games:,} games each): table seat_character_split_by_preset; each "
            "split finding says whether the character's part holds for them."
        )
    sec.notes.append(
        f"Characters dealt at random (variant setup.character_deal = random, {n:,} games, the "
        "same seeds as the rulebook runs, so each deal differs from its rulebook game only in "
        "who holds which character): the characters R1.3 deals at that player count, to the "
        "seats in a uniformly random order; seat 0 still plays first in round 1 and the Dias "
        "holder takes the 2 VP. A seat's share there is averaged over characters and a "
        "character's over seats, each with its Wilson 95% interval; ties split as elsewhere. "
        "The split of a rulebook seat's gap assumes the two parts add up; the rest is their "
        "interaction (see win_by_seat_and_character_random_deal) and noise."
    )


def _split_by_preset(by_preset: pl.DataFrame, preset: str, players: int, seat: int) -> str:
    """The sentence on whether a rulebook seat's split holds for the other presets that played
    both deals (the robustness rule on the character's part), or that none did."""
    rows = list(
        by_preset.filter((pl.col("players") == players) & (pl.col("seat") == seat)).iter_rows(
            named=True
        )
    )
    if len(rows) < 2:
        return f"This is how {preset} plays both deals; another player may split it differently."

    def part(o: dict[str, Any]) -> robustness.Effect:
        se = (o["character_part_high"] - o["character_part_low"]) / (2 * 1.959964)
        lo, hi = o["character_part_low"], o["character_part_high"]
        return robustness.Effect(o["preset"], o["character_part"], lo, hi, se, o["character_n"])

    words = ("holds for every player tested", "depends on the player", "unclear for some player")
    lab = robustness.compare(part(rows[0]), [(o["preset"], part(o)) for o in rows[1:]], words)
    which = f" (see {', '.join(lab.which)})" if lab.which else ""

    def each(key: str) -> str:
        return "; ".join(
            f"{o['preset']} {pp_ci(o[key], o[key + '_low'], o[key + '_high'])}" for o in rows
        )

    return (
        f"With other players in every seat the character's part {lab.label}{which}: "
        f"{each('character_part')} pp; the seat's part: {each('seat_part')} pp."
    )


def _seats_by_preset(
    exp: ExperimentRun,
    sec: Section,
    by_seat: pl.DataFrame,
    bal: pl.DataFrame,
    characters: bool = True,
) -> None:
    """The seat table again with other presets in every seat (the evidence of each seat
    finding's ``skill`` label, beside it)."""
    frames_seat = [by_seat.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    frames_bal = [bal.with_columns(pl.lit(exp.spec.preset).alias("preset"))]
    for s in exp.spec.other_presets:
        prefix = f"{OTHER}/{strength_label(s.player)}/"
        runs = {n: r for n, r in exp.runs.items() if n.startswith(prefix)}
        if not runs:
            continue
        players = seats.seat_players(runs)
        b = seats.win_by_seat(players, characters)
        frames_seat.append(b.with_columns(pl.lit(s.player).alias("preset")))
        frames_bal.append(
            seats.balance_index(b)
            .join(seats.balance_interval(players, exp.spec.seed), on="players")
            .with_columns(pl.lit(s.player).alias("preset"))
        )
    sec.tables["win_by_seat_by_preset"] = pl.concat(frames_seat, how="diagonal_relaxed")
    sec.tables["balance_index_by_preset"] = pl.concat(frames_bal, how="diagonal_relaxed")
    _measures_by_level(exp, sec)


def _measures_by_level(exp: ExperimentRun, sec: Section) -> None:
    """How close and how long games are with identical players at each level (the seats runs
    of the spec's preset and of each other player in every seat), ordered by rating."""
    own = [f"{p}p" for p in exp.spec.player_counts]
    levels = {exp.spec.preset: {n: exp.runs[n] for n in own if n in exp.runs}}
    for s in exp.spec.other_presets:
        prefix = f"{OTHER}/{strength_label(s.player)}/"
        runs = {n: r for n, r in exp.runs.items() if n.startswith(prefix)}
        if runs:
            levels[s.player] = runs
    rng = np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 31]))
    table = measures.level_measures(levels, rng)
    axis = exp.axis
    rating = {
        (p, c): (r.rating if (r := axis.rating(p, c)) is not None else None) if axis else None
        for p, c in table.select("player", "players").unique().iter_rows()
    }
    table = table.with_columns(
        pl.struct("player", "players")
        .map_elements(lambda x: rating[(x["player"], x["players"])], return_dtype=pl.Float64)
        .alias("rating")
    ).sort("players", "measure", "rating", "player", nulls_last=True)
    sec.tables["measures_by_level"] = table
    deal = luck.deal_share_by_level(
        levels, np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 41]))
    )
    if not deal.is_empty():
        sec.tables["deal_share_by_level"] = deal
        own = deal.filter(pl.col("player") == exp.spec.preset)
        sec.findings += luck.deal_share_sentences(own)
        sec.figures.append(
            ("deal_share", LC.deal_share_chart(deal, sec.info, player=exp.spec.preset))
        )
    for count in sorted(table["players"].unique().to_list()):
        rows = table.filter((pl.col("players") == count) & (pl.col("measure") == "margin"))
        close = table.filter((pl.col("players") == count) & (pl.col("measure") == "close"))
        parts = [
            f"{r['player']} {_plain_ci(r['value'], r['low'], r['high'])} VP "
            f"({pct(c['value'])}% within {measures.CLOSE_MARGIN} VP, {r['games']:,} games)"
            for r, c in zip(rows.iter_rows(named=True), close.iter_rows(named=True), strict=True)
        ]
        sec.findings.append(
            f"With {count} identical players in every seat, the winner's margin over the "
            f"runner-up (weakest level first): {'; '.join(parts)}."
        )
    sec.notes.append(
        "Designer measures at each level (table measures_by_level): identical players in every "
        "seat, the winner's margin, close games, shared wins, the winning score and decisions "
        "per player"
        + (
            ", and lead changes from the scores after each round"
            if "lead_changes" in table["measure"].to_list()
            else ""
        )
        + "; 95% intervals from a bootstrap over deals."
    )


# --- matchups -----------------------------------------------------------------------------------
def matchups_section(exp: ExperimentRun, sec: Section) -> None:
    """Head to head at every player count of the tournament: at two players the round-robin
    matrix, ranking and dominance; at three and four, how often each preset finishes ahead
    of each other one in the games where both play."""
    players = exp.tournament.players
    counts = sorted(players["players"].unique().to_list())
    if 2 in counts:
        _two_player_matchups(players.filter(pl.col("players") == 2), sec)
    more = [p for p in counts if p > 2]
    if more:
        _ahead_matchups(exp, players, more, sec)


def _two_player_matchups(players: pl.DataFrame, sec: Section) -> None:
    matrix = matchups.pair_matrix(players)
    rank = matchups.ranking(players, matrix)
    dom = matchups.dominance(matrix)
    sec.tables["matrix"] = matrix
    sec.tables["ranking"] = rank
    sec.tables["dominance"] = dom
    sec.figures.append(("matrix", C.matchup_chart(matrix, sec.info)))
    order = rank["strategy"].to_list()
    sec.findings.append(
        "2 players: ranking by relative strength (win share x players): " + ", ".join(order) + "."
    )
    for r in rank.head(3).iter_rows(named=True):
        sec.findings.append(
            f"2 players: {r['strategy']} beats {r['beats']} of {r['opponents']} presets head to "
            f"head and "
            f"loses to {r['loses_to']} (mean head-to-head win share {pct(r['mean_h2h'])}%)."
        )
    for r in matrix.iter_rows(named=True):
        sec.numbers.append(
            KeyNumber(
                f"{r['row']} vs {r['column']}: win share",
                r["win_share"],
                r["win_low"],
                r["win_high"],
                "%",
                "matrix",
                {"row": r["row"], "column": r["column"]},
                "win_share",
            )
        )
    doms = dom.filter(pl.col("dominates"))["strategy"].to_list()
    subs = dom.filter(pl.col("dominated"))["strategy"].to_list()
    sec.findings.append(
        ("2 players, dominant (beats every other preset): " + ", ".join(doms) + ".")
        if doms
        else "2 players: no preset beats every other one."
    )
    sec.findings.append(
        ("2 players, dominated (loses to every other preset): " + ", ".join(subs) + ".")
        if subs
        else "2 players: no preset loses to every other one."
    )


def ahead_number(r: dict[str, Any], players: int) -> KeyNumber:
    """The key number of one row of :func:`~vdgsim.analysis.matchups.ahead_matrix`: how often
    its row preset finishes ahead of its column preset at ``players`` players."""
    return KeyNumber(
        f"{players} players: {r['row']} finishes ahead of {r['column']}",
        r["win_share"],
        r["win_low"],
        r["win_high"],
        "%",
        "head_to_head",
        {"players": players, "row": r["row"], "column": r["column"]},
        "win_share",
    )


def _ahead_matchups(
    exp: ExperimentRun, players: pl.DataFrame, counts: list[int], sec: Section
) -> None:
    """Three and four players, where a win share mixes every rival of a line-up: each pair of
    presets compared in the games both play (who finishes ahead), one chart per count, and
    per count one finding of the pairs whose interval leaves one half."""
    manifests = exp.manifests()
    tables = []
    for p in counts:
        at = players.filter(pl.col("players") == p)
        m = matchups.ahead_matrix(at)
        tables.append(m)
        info = replace(
            sec.info,
            games=at.select("lineup", "game").unique().height,
            about=measures.describe_runs(manifests, p),
        )
        title = f"{p} players: row finishes ahead of column (%, [Wilson 95%])"
        sec.figures.append((f"head_to_head_{p}p", C.matchup_chart(m, info, title)))
        clear = []
        # each pair once, from the side of the preset ahead (the other side is 1 minus it)
        ahead = (pl.col("win_share") > 0.5) | (
            (pl.col("win_share") == 0.5) & (pl.col("row") < pl.col("column"))
        )
        for r in m.filter(ahead).sort("win_share", descending=True).iter_rows(named=True):
            k = ahead_number(r, p)
            sec.numbers.append(k)
            if r["win_low"] > 0.5:
                clear.append(
                    f"{r['row']} finishes ahead of {r['column']} in {k.text()} of the games "
                    "both play"
                )
        sec.findings.append(
            f"{p} players: "
            + (
                "; ".join(clear) + " (a shared rank counts one half; even is 50%)."
                if clear
                else "no preset finishes ahead of another in clearly more than half the games "
                "both play."
            )
        )
    sec.tables["head_to_head"] = pl.concat(tables)


# --- sweep -----------------------------------------------------------------------------------
def sweep_section(exp: ExperimentRun, sec: Section) -> None:
    """Win shares (by strategy, or by seat for identical players), scores, and landing use
    (Vasco da Gama) or VP by source (Goa) against the swept value."""
    key, game = exp.spec.sweep_key, exp.spec.game
    identical = len(set(exp.spec.players)) == 1
    by = "seat" if identical else "strategy"
    # the swept values' runs; the robustness runs replay the end values for the labels only
    own = {n: r for n, r in exp.runs.items() if not n.startswith(f"{ROBUST}/")}
    players = sensitivity.sweep_players(own)
    ws = sensitivity.win_share_response(players, by)
    sc = sensitivity.score_response(players, game)
    win = sensitivity.winning_vp(own)
    sec.tables["win_share_response"] = ws
    sec.tables["score_response"] = sc
    sec.tables["winning_vp"] = win
    steps = sensitivity.step_changes(own, by)
    sec.tables["step_changes"] = steps
    labels = robustness.sweep_labels(exp)
    _robustness_table(exp, sec, labels, by)
    per_value = replace(
        sec.info,
        games=min(r.games.height for r in own.values()),
        about="per value, every value on the same deals",
    )
    sec.figures.append(("win_shares", C.sensitivity_chart(ws, per_value, key, by)))
    values = win["value"].to_list()
    lo_v, hi_v = values[0], values[-1]
    # what moves besides the win shares: the game's own response (landing use in Vasco da
    # Gama), else VP by source
    respond = game_of(game).sweep_response or vp_source_response
    more = respond(exp, sec, players, per_value, key, lo_v, hi_v)
    for group in sorted(ws[by].unique()):
        s = ws.filter(pl.col(by) == group).sort("order")
        a, b = s.row(0, named=True), s.row(-1, named=True)
        name = f"seat {group}" if by == "seat" else str(group)
        ka, kb = (
            KeyNumber(
                f"{name} at {key}={v}",
                r["win_share"],
                r["win_low"],
                r["win_high"],
                "%",
                "win_share_response",
                {"value": v, by: group},
                "win_share",
            )
            for v, r in ((lo_v, a), (hi_v, b))
        )
        sec.numbers += [ka, kb]
        mine = steps.filter(pl.col(by) == str(group))
        ends = mine.filter(~pl.col("step")) if mine.height > 1 else mine
        e = ends.row(0, named=True)
        kd = KeyNumber(
            f"{name}: change from {key}={lo_v} to {hi_v}",
            e["change"],
            e["low"],
            e["high"],
            "pp",
            "step_changes",
            {by: str(group), "from": str(e["from"]), "to": str(e["to"])},
            "change",
        )
        sec.numbers.append(kd)
        each = ", ".join(
            f"{r['from']}→{r['to']} {pp_ci(r['change'], r['low'], r['high'])}"
            for r in mine.filter(pl.col("step")).iter_rows(named=True)
        )
        sec.findings.append(
            Finding(
                f"As {key} goes from {lo_v} to {hi_v}, {name}'s win share moves from "
                f"{ka.text()} to {kb.text()}: a paired change of {kd.text()} on the same deals. "
                f"Step by step it {sensitivity.shape(mine)} (steps clear when their intervals, "
                f"Bonferroni over the steps, exclude zero; 95% intervals, pp: {each}).",
                kd,
                labels.get(str(group), {}),
                short=f"As {key} goes from {lo_v} to {hi_v}, {name}'s win share changes by "
                f"{kd.text()} on the same deals.",
            )
        )
    if identical:
        bal = sensitivity.balance_response(ws)
        sec.tables["balance_response"] = bal
        best = bal.sort("balance_index").row(-1, named=True)
        sec.findings.append(
            "Seat balance index by value: "
            + ", ".join(
                f"{v}: {x:.3f}" for v, x in zip(bal["value"], bal["balance_index"], strict=True)
            )
            + f"; the most balanced value is {best['value']}."
        )
    w0, w1 = win.row(0, named=True), win.row(-1, named=True)
    sec.findings.append(
        f"The mean winning score moves from {w0['winning_vp']:.1f} to {w1['winning_vp']:.1f} VP."
    )
    sec.findings += more
    sec.notes.append(
        "Every value is played on the same seeds; "
        + ("seats are not rotated (identical players)." if not exp.spec.rotate else "seats rotate.")
    )


def vp_source_response(
    exp: ExperimentRun,
    sec: Section,
    players: pl.DataFrame,
    per_value: RunInfo,
    key: str,
    lo_v: Any,
    hi_v: Any,
) -> list[str]:
    """Mean VP by source against the swept value (a table and a chart), and the sources that
    moved most between the end values (a finding)."""
    sources = sensitivity.vp_source_response(players, exp.spec.game)
    sec.tables["vp_source_response"] = sources
    sec.figures.append(("vp_sources", C.vp_source_response_chart(sources, per_value, key)))
    return [_source_shift(sources, lo_v, hi_v)]


def _source_shift(sources: pl.DataFrame, lo: Any, hi: Any) -> str:
    """The VP sources whose mean moves most between the end values of a sweep."""
    ends = sources.filter(pl.col("value").is_in([str(lo), str(hi)])).pivot(
        "value", index="source", values="vp"
    )
    moved = (
        ends.with_columns((pl.col(str(hi)) - pl.col(str(lo))).alias("change"))
        .sort(pl.col("change").abs(), descending=True)
        .head(3)
    )
    parts = ", ".join(
        f"{r['source']} {r[str(lo)]:.2f} -> {r[str(hi)]:.2f} ({r['change']:+.2f})"
        for r in moved.iter_rows(named=True)
    )
    return f"VP per player per game, the sources that move most from {lo} to {hi}: {parts}."


# --- the skill axis ---------------------------------------------------------------------------
def axis_section(exp: ExperimentRun, sec: Section) -> None:
    """The levels of the skill axis rated against the anchor (Elo, per player count and
    pooled), each from its own runs in one seat against the anchor in every other seat."""
    axis = exp.axis if exp.axis is not None else skill.axis_of(exp)
    spec = exp.spec
    table = axis.table
    sec.tables["ladder"] = table
    sec.figures.append(("ratings", C.axis_chart(table, sec.info, axis.anchor)))
    # the pooled rows are the header's; the key numbers are per player count
    for r in table.filter(pl.col("player_count").is_not_null()).iter_rows(named=True):
        count = r["player_count"]
        where = f"{count} players"
        row = {"player_count": count, "player": r["player"]}
        k = KeyNumber(
            f"{r['player']}, {where}: rating relative to {axis.anchor}",
            r["rating"],
            r["lo"],
            r["hi"],
            "Elo",
            "ladder",
            row,
            "rating",
        )
        sec.numbers.append(k)
        if r["player"] == axis.anchor:
            continue
        ws = KeyNumber(
            f"{r['player']}, {where}: win share in one seat against {axis.anchor}",
            r["win_share"],
            r["ws_lo"],
            r["ws_hi"],
            "%",
            "ladder",
            row,
            "win_share",
        )
        sec.numbers.append(ws)
        sec.findings.append(
            f"With {count} players {r['player']} rates {k.text()} against {axis.anchor}: in "
            f"one seat against {count - 1} {axis.anchor} it wins {ws.text()} of games (fair "
            f"{pct(1 / count)}%)."
        )
    sec.notes.append(
        f"Each level plays one seat against {spec.anchor} in every other seat, seats rotated "
        "(games per level and player count in the runs below axis/); ratings are Bradley-Terry "
        f"strengths on the Elo scale with {spec.anchor} at 0 and 95% intervals from a "
        "bootstrap over deals (docs/ladder.md). Every other section's skill labels and skill "
        "curves order the players they were checked with by these ratings."
    )
    _skill_against_luck(exp, sec, axis)


def _skill_against_luck(exp: ExperimentRun, sec: Section, axis: skill.SkillAxis) -> None:
    """Does the deal decide more of the result as play gets stronger? Each level's results
    across the rotations of a deal against a coin with its win share (vdgsim.analysis.luck)."""
    rng = np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 37]))
    table = luck.skill_luck(exp.runs, axis, rng)
    if table.is_empty():
        return
    sec.tables["skill_against_luck"] = table
    sec.figures.append(
        ("skill_against_luck", LC.skill_luck_chart(table, sec.info, "deal_icc", axis.anchor))
    )
    sec.findings += luck.skill_luck_sentences(table, "deal_icc")
    sec.notes.append(
        "Skill against luck (table skill_against_luck): the intraclass correlation over deals "
        "of a level's win share is 0 when the rotations of a deal are independent coins with "
        "its win share and 1 when the deal alone decides who wins; the anchor against itself "
        "is fixed by construction (every rotation of a deal is the same game, the players "
        "being deterministic given the seed). docs/analysis.md, How much the deal decides."
    )


# the function of each section of vdgsim.analysis.experiment.SECTIONS (every game's)
SECTION_FUNCTIONS: dict[str, Callable[[ExperimentRun, Section], None]] = {
    "axis": axis_section,
    "paired": paired_section,
    "seats": seats_section,
    "matchups": matchups_section,
    "sweep": sweep_section,
}


def section_functions(
    game: str | None = None,
) -> dict[str, Callable[[ExperimentRun, Section], None]]:
    """The section functions of ``game`` by section key: every game's, then its own
    (:attr:`vdgsim.plug.Game.section_builders`)."""
    return {**SECTION_FUNCTIONS, **game_of(game).section_builders()}


def build_section(exp: ExperimentRun) -> Section:
    """The report section of one experiment's runs: the one its spec names. Its provenance
    counts the experiment's own runs; robustness runs and the seats runs of other presets or
    deals are described where they are used."""
    robust = {n for n in exp.runs if n.startswith((f"{ROBUST}/", f"{OTHER}/", f"{DEAL}/"))}
    if robust:
        info = run_info(r.manifest for n, r in exp.runs.items() if n not in robust)
    else:
        info = run_info(exp.manifests())
    sec = Section(exp.spec.name, exp.spec.title, exp.spec.question, info)
    section_functions(exp.spec.game)[exp.spec.section](exp, sec)
    return sec
