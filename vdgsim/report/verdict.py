"""The verdict: the screen a designer reads first, built from the findings the report computes.

Two parts, for every game:

* **Balance**, per player count: every seat's win share less the fair share (Goa: every turn
  position counted from the start player, who is drawn at set-up), with its 95% interval, at
  the seats section's own player and at the strongest level of the skill axis it was replayed
  at, judged against a tolerance of ``±TOLERANCE`` of the fair share (:func:`judge`).
* **Elements**: the causal findings about a part of the game (a restricted player's paired
  effect: a character, a landing, a lot, a column, a bidding habit; a character's share when
  the characters are dealt at random) whose effect is clear and at least the tolerance, ranked
  by its size, each in one sentence with the level it holds at and what it depends on.

A "How to read this report" box explains the notation and the labels.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Any

from vdgsim.analysis import robustness as R
from vdgsim.analysis.common import pct, pp_ci
from vdgsim.report.findings import Finding, Section

TOLERANCE = 0.03
"""How far (as a share: 0.03 is 3 pp) a seat's win share may sit from the fair share and the
game still count as balanced; also the smallest effect the verdict ranks as an element."""
MOST_ELEMENTS = 8  # one screen: the rest are in their sections

BALANCED, NOT_BALANCED, CANNOT_TELL = "balanced", "not balanced", "cannot tell at this sample size"

# the key numbers' tables of the findings the verdict ranks as elements: a restricted player's
# paired effect, and a character's share when the characters are dealt at random (a rulebook
# seat's gap is the balance's; a sweep is a what-if, not a part of the game)
ELEMENT_TABLES = ("effects", "win_by_character_random_deal")


@dataclass(frozen=True)
class SeatGap:
    """One seat's (or turn position's) win share less the fair share, with its 95% interval."""

    who: str
    gap: float
    low: float
    high: float


@dataclass(frozen=True)
class SeatSpread:
    """Every seat's gap at one player count, measured with one player in every seat."""

    players: int
    fair: float
    player: str
    level: str  # the player as the report names it (with its rating when rated)
    games: int
    seats: tuple[SeatGap, ...]


def judge(seats: tuple[SeatGap, ...], tolerance: float = TOLERANCE) -> str:
    """Balanced when every seat's interval lies within ``±tolerance`` of the fair share, not
    balanced when some seat's interval lies wholly outside it, otherwise (an interval crosses
    the tolerance) the games cannot tell."""
    if any(s.low > tolerance or s.high < -tolerance for s in seats):
        return NOT_BALANCED
    if all(-tolerance <= s.low and s.high <= tolerance for s in seats):
        return BALANCED
    return CANNOT_TELL


@dataclass(frozen=True)
class Balance:
    """The balance verdict of one player count: at the seats section's own player and at the
    strongest level it was replayed at (None: no stronger level was played)."""

    own: SeatSpread
    strongest: SeatSpread | None
    tolerance: float = TOLERANCE

    def headline(self) -> str:
        """``2 players: not balanced with default; cannot tell ... with mc:... (+524 Elo ...)``."""
        out = f"{self.own.players} players: {judge(self.own.seats, self.tolerance)} with "
        out += self.own.level
        if self.strongest is None:
            return out + "; not replayed with a stronger player"
        return out + f"; {judge(self.strongest.seats, self.tolerance)} with {self.strongest.level}"

    def detail(self, what: str) -> str:
        """Every seat's gap at each level, in one sentence."""

        def level(s: SeatSpread) -> str:
            gaps = ", ".join(f"{g.who} {pp_ci(g.gap, g.low, g.high)}" for g in s.seats)
            return f"{s.player} ({s.games:,} games): {gaps}"

        spreads = [self.own] + ([self.strongest] if self.strongest is not None else [])
        return (
            f"Each {what}'s win share less the fair {pct(self.own.fair)}%, pp, with "
            + "; with ".join(level(s) for s in spreads)
            + "."
        )

    def as_json(self) -> dict[str, Any]:
        def level(s: SeatSpread) -> dict[str, Any]:
            return {
                "player": s.player,
                "level": s.level,
                "games": s.games,
                "verdict": judge(s.seats, self.tolerance),
                "seats": [
                    {"who": g.who, "gap": g.gap, "low": g.low, "high": g.high} for g in s.seats
                ],
            }

        return {
            "players": self.own.players,
            "fair_share": self.own.fair,
            "text": self.headline(),
            "own": level(self.own),
            "strongest": None if self.strongest is None else level(self.strongest),
        }


def _clear(f: Finding) -> bool:
    low, high = f.effect.low, f.effect.high
    return low is not None and high is not None and (low > 0 or high < 0)


def _depends(f: Finding) -> str:
    """What an element's finding depends on, from its robustness labels, in words."""
    if not f.labels:
        return "not checked for robustness (its experiment has no robustness runs)"
    skill, rep, data = f.labels["skill"], f.labels["replication"], f.labels["data"]
    if skill.label == R.NOT_CHECKED:
        parts = ["not replayed at another level of the skill axis"]
    else:
        parts = [
            ("depends on the player: " if skill.label in (R.VANISHES, R.REVERSES) else "")
            + skill.text()
            + (
                f", {pp_ci(skill.at.diff, skill.at.low, skill.at.high, ' pp')} there"
                # one deal has no interval: its number alone would read as a finding
                if skill.at and math.isfinite(skill.at.low) and math.isfinite(skill.at.high)
                else ""
            )
        ]
    parts.append(
        {
            R.STABLE: "stable under the reconstructed data",
            R.CHANGES: "changes with the reconstructed " + ", ".join(data.which),
            R.UNCLEAR_DATA: "may depend on the reconstructed " + ", ".join(data.which),
        }.get(data.label, "not checked against the reconstructed data")
    )
    parts.append(
        {
            R.REPLICATED: "replicated on independent seeds",
            R.NOT_REPLICATED: "not replicated on independent seeds",
            R.NO_EFFECT: "no effect pooled over the seeds",
        }.get(rep.label, "not replicated (one seed)")
    )
    return "; ".join(parts)


@dataclass(frozen=True)
class Element:
    """A ranked element: a section's causal finding about one part of the game."""

    section: str
    finding: Finding

    def sentence(self) -> str:
        """``Character value: a player who always hosts ... (default against three default);
        holds up to ..., -32 pp [-47, -18] there; stable ...; replicated ...``."""
        f = self.finding
        return f"{self.section}: {(f.short or f.text).rstrip('.')}; {_depends(f)}."

    def as_json(self) -> dict[str, Any]:
        k = self.finding.effect
        out = {
            "section": self.section,
            "text": self.sentence(),
            "value": k.value,
            "low": k.low,
            "high": k.high,
            "unit": k.unit,
            "holds_on_every_check": self.finding.holds_on_all(),
        }
        return out | {n: lab.label for n, lab in self.finding.labels.items()}


def elements(sections: list[Section], tolerance: float = TOLERANCE) -> list[Element]:
    """Every element finding whose effect is clear and at least ``tolerance``, largest first."""
    found = [
        Element(s.title, f)
        for s in sections
        for f in s.findings
        if isinstance(f, Finding)
        and f.effect.table in ELEMENT_TABLES
        and _clear(f)
        and abs(f.effect.value) >= tolerance
    ]
    return sorted(found, key=lambda e: -abs(e.finding.effect.value))


HOW_TO_READ: tuple[tuple[str, str], ...] = (
    (
        "pp",
        "percentage points: the difference between two win shares. A seat that wins 30% of "
        "4-player games, against the fair 25%, is +5 pp.",
    ),
    (
        "[low, high]",
        "the 95% interval: the values the games played cannot rule out (Wilson intervals for "
        "win shares, paired intervals over independent deals for a restricted player's "
        "effect, bootstrap intervals over deals for the designer measures). Every number is "
        "written to the decimals its interval supports.",
    ),
    (
        "A player who ...",
        "restricted play: the same player on the same deals, forbidden or forced to do one "
        "thing, against the unrestricted player. A forced habit (always hosts X) measures the "
        "habit, its rigidity included, not X alone.",
    ),
    (
        "skill",
        "each finding is replayed with other players of the skill axis, rated in Elo against "
        "default. Against default's effect, the strongest level's effect: holds (the same "
        "verdict and size), grows or shrinks (the same verdict, larger or smaller beyond "
        "noise), vanishes (no clear effect there, and different beyond noise), reverses "
        "(the opposite clear verdict), appears (clear only there), unclear (its games "
        "cannot tell); checked at weaker play only when no stronger player was played. "
        "Only holds, grows and shrinks are about the game at skilled play; vanishes and "
        "reverses are about the player. A search level's rating is earned against default; "
        "when its rollouts play default (the standard rollout=), it knows its opponents' "
        "policy exactly there, and gains less against players it does not model.",
    ),
    (
        "replication",
        "replicated: the effect pooled over independent seeds is not zero after "
        "Benjamini-Hochberg control over the section's findings (false discovery rate 5%; "
        "q is the adjusted p-value) and every seed's estimate has its sign.",
    ),
    (
        "reconstructed",
        "component numbers marked R are plausible values, not printed ones. Data: stable "
        "means the finding keeps its verdict under every plausible alternative of them; "
        "otherwise the groups it depends on are named.",
    ),
)


@dataclass
class Verdict:
    """The report's verdict (see the module docstring)."""

    balance: list[Balance]
    elements: list[Element]
    what: str = "seat"  # what the balance judges: "seat", or Goa's "turn position"
    tolerance: float = TOLERANCE

    def rule(self) -> str:
        t = f"{100 * self.tolerance:g}"
        return (
            f"Balance: each {self.what}'s win share against the fair share, judged against "
            f"±{t} pp: balanced when every {self.what}'s 95% interval lies within ±{t} pp of "
            f"fair, not balanced when one lies wholly outside, otherwise the games cannot tell."
        )

    def elements_intro(self) -> str:
        t = f"{100 * self.tolerance:g}"
        shown = min(len(self.elements), MOST_ELEMENTS)
        more = len(self.elements) - shown
        if not shown:
            return (
                f"Over- and under-powered elements: no restriction or arm has a clear effect of "
                f"at least ±{t} pp on the win share (with the report's own player)."
            )
        return (
            f"Over- and under-powered elements: the {shown} largest clear effects of at least "
            f"±{t} pp on the win share (with the report's own player), largest first"
            + (f"; {more} more in their sections" if more else "")
            + "."
        )

    def shown(self) -> list[Element]:
        return self.elements[:MOST_ELEMENTS]

    def as_json(self) -> dict[str, Any]:
        return {
            "tolerance_pp": 100 * self.tolerance,
            "judged_by": self.what,
            "rule": self.rule(),
            "balance": [b.as_json() for b in self.balance],
            "elements": [e.as_json() for e in self.elements],
            "elements_shown": len(self.shown()),
            "how_to_read": dict(HOW_TO_READ),
        }

    def markdown(self) -> list[str]:
        lines = ["## Verdict", "", self.rule(), ""]
        if not self.balance:
            lines.append("- No seats experiment in this report: balance not judged.")
        for b in self.balance:
            lines.append(f"- **{b.headline()}.** {b.detail(self.what)}")
        lines += ["", self.elements_intro(), ""]
        lines += [f"{k}. {e.sentence()}" for k, e in enumerate(self.shown(), 1)]
        lines += ["", "> **How to read this report**", ">"]
        lines += [f"> - **{k}**: {v}" for k, v in HOW_TO_READ]
        return lines

    def html(self) -> str:
        e = html.escape
        parts = [f"<h2>Verdict</h2><p>{e(self.rule())}</p><ul class=findings>"]
        if not self.balance:
            parts.append("<li>No seats experiment in this report: balance not judged.</li>")
        parts += [
            f"<li><b>{e(b.headline())}.</b> {e(b.detail(self.what))}</li>" for b in self.balance
        ]
        parts.append(f"</ul><p>{e(self.elements_intro())}</p><ol class=findings>")
        parts += [f"<li>{e(x.sentence())}</li>" for x in self.shown()]
        parts.append("</ol><div class=howto><b>How to read this report</b><dl>")
        parts += [f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in HOW_TO_READ]
        parts.append("</dl></div>")
        return "".join(parts)


def build_verdict(sections: list[Section], tolerance: float = TOLERANCE) -> Verdict:
    """The verdict of a report's sections: the balance from the section that measured the
    seats (its ``spreads``), the elements from every section's findings."""
    spreads = [s for sec in sections for s in sec.spreads]
    what = next((sec.spread_of for sec in sections if sec.spreads), "seat")
    balance = []
    for p in sorted({s.players for s in spreads}):
        mine = [s for s in spreads if s.players == p]
        # the first is the section's own player, the others the stronger levels, weakest first
        balance.append(Balance(mine[0], mine[-1] if len(mine) > 1 else None, tolerance))
    return Verdict(balance, elements(sections, tolerance), what, tolerance)
