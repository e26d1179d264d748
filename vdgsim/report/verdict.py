"""The verdict: the screen a designer reads first, built from the findings the report computes.

Two parts, for every game:

* **Balance**, one sentence per player count, about the game at skilled play: every seat's
  win share (Goa: every turn position counted from the start player, who is drawn at set-up)
  with its 95% interval, with the strongest level of the skill axis in every seat, judged
  against a tolerance of ``±tolerance`` of the fair share (:func:`judge`). The strongest level
  is the first in the field's order (:meth:`vdgsim.analysis.skill.SkillAxis.ranked`) among
  those that played every seat and are rated above the report's own player; when its games
  cannot tell and a weaker one's can, the verdict is that one's and says why
  (:func:`skilled_play`). The report's own player's numbers are in the seats section, with how
  far they exaggerate or hide each gap (:meth:`Balance.bot_sentence`).
* **Elements**: the causal findings about a component of the game (a character's share when
  the characters are dealt at random) whose effect is clear and at least the tolerance,
  ranked by its size, each in one sentence with the level it holds at and what it depends on.
  The costs of habits imposed on a player (restricted play: "a player who always hosts ...")
  are not elements of the game: they stay in their sections.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vdgsim.analysis import robustness as R
from vdgsim.analysis import seats as S
from vdgsim.analysis.common import pct, pct_ci, pp, pp_ci
from vdgsim.analysis.experiment import DEFAULT_TOLERANCE
from vdgsim.analysis.fixes import Suggestion
from vdgsim.report.findings import Finding, Section

TOLERANCE = DEFAULT_TOLERANCE
"""How far (as a share: 0.03 is 3 pp) a seat's win share may sit from the fair share and the
game still count as balanced; also the smallest effect the verdict ranks as an element."""
MOST_ELEMENTS = 8  # one screen: the rest are in their sections

BALANCED, NOT_BALANCED, CANNOT_TELL = S.BALANCED, S.NOT_BALANCED, S.CANNOT_TELL

# the key numbers' tables of the findings the verdict ranks as elements: a character's share
# when the characters are dealt at random (a rulebook seat's gap is the balance's; a sweep is
# a what-if, not a part of the game; a restricted player's effect is the cost of a habit),
# with the report's own player and with the strongest level that played that deal
ELEMENT_TABLES = ("win_by_character_random_deal",)
SKILLED_ELEMENT_TABLES = ("win_by_character_random_deal_skilled",)


@dataclass(frozen=True)
class SeatGap:
    """One seat's (or turn position's) win share less the fair share, with its 95% interval."""

    who: str
    gap: float
    low: float
    high: float

    def se(self) -> float:
        return (self.high - self.low) / (2 * 1.959964)


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
    the tolerance) the games cannot tell (:func:`vdgsim.analysis.seats.judge`)."""
    return S.judge(((s.low, s.high) for s in seats), tolerance)


def _share(s: SeatSpread, g: SeatGap) -> str:
    return pct_ci(s.fair + g.gap, s.fair + g.low, s.fair + g.high)


def _outside(s: SeatSpread, tolerance: float) -> set[tuple[str, bool]]:
    """The seats wholly outside the tolerance, each with the side it is on (True: above)."""
    return {(g.who, g.gap > 0) for g in s.seats if g.low > tolerance or g.high < -tolerance}


def _reasons(s: SeatSpread, tolerance: float) -> list[SeatGap]:
    """The seats a spread's verdict rests on, largest gap first: those wholly outside the
    tolerance (not balanced), those whose interval crosses it (cannot tell), or the largest
    gap (balanced)."""
    verdict = judge(s.seats, tolerance)
    by_size = sorted(s.seats, key=lambda g: -abs(g.gap))
    if verdict == NOT_BALANCED:
        return [g for g in by_size if g.low > tolerance or g.high < -tolerance]
    if verdict == CANNOT_TELL:
        return [g for g in by_size if g.low < -tolerance or g.high > tolerance][:1]
    return by_size[:1]


@dataclass(frozen=True)
class Balance:
    """The balance verdict of one player count: ``skilled`` is the level it speaks for (None:
    no level above the report's own player played every seat), ``why`` says why that level
    when it is not simply the strongest, ``levels`` every level that played every seat,
    strongest first, and ``own`` the report's own player in every seat."""

    own: SeatSpread
    skilled: SeatSpread | None
    why: str = ""
    levels: tuple[SeatSpread, ...] = ()
    tolerance: float = TOLERANCE
    # what to change, when the count is not balanced and the report searched for a fix, and
    # the file (in the report folder) of the suggested component data
    fix: Suggestion | None = None
    fix_file: str = ""

    def offending(self) -> list[str]:
        """The seats wholly outside the tolerance at skilled play."""
        s = self.skilled or self.own
        return (
            [g.who for g in _reasons(s, self.tolerance)] if self.verdict() == NOT_BALANCED else []
        )

    def _printed_gap(self, player: str, seat: int) -> SeatGap | None:
        """A seat's gap with ``player`` in every seat at the printed numbers, if it played."""
        return next((x.seats[seat] for x in (*self.levels, self.own) if x.player == player), None)

    def fix_summary(self, what: str) -> str:
        """What to change in one short sentence for the verdict ("" when no fix was
        searched); :meth:`fix_sentence` has the ranges, the side effects and the file."""
        f = self.fix
        if f is None:
            return ""
        changes = f.changes()
        if not f.knobs or not changes:
            return self.fix_sentence(what)
        setting = _setting(changes)
        more = " (details in the seats section)"
        if f.check is None:
            return (
                f"What to change: {setting}, the best found with {f.search_player}, not checked "
                f"with {f.check_player}{more}."
            )
        seats = (self.skilled or self.own).seats
        k, (g, lo, hi) = f.check.worst()
        games = f"{f.check_player} in every seat, {f.check.games:,} games"
        if f.check.verdict(self.tolerance) == BALANCED:
            return (
                f"What would fix it: {setting}: every {what} within ±{100 * self.tolerance:g} "
                f"pp with {games}{more}."
            )
        before = self._printed_gap(f.check_player, k)
        was = (
            ""
            if before is None
            else f" (printed: {pp_ci(before.gap, before.low, before.high, ' pp')})"
        )
        return (
            f"What to change: no change searched is shown to balance it; the closest, "
            f"{setting}, leaves {seats[k].who} {pp_ci(g, lo, hi, ' pp')}{was} with {games}"
            f"{more}."
        )

    def fix_sentence(self, what: str) -> str:
        """What to change, in one or two sentences ("" when no fix was searched)."""
        f = self.fix
        if f is None:
            return ""
        t = f"±{100 * self.tolerance:g} pp"
        ranges = ", ".join(f"{k.key} {k.lo}–{k.hi}" for k in f.knobs)
        if not f.knobs:
            return (
                f"What to change: no number the report searches is tied to "
                f"{' or '.join(self.offending())}."
            )
        changes = f.changes()
        if not changes:
            return (
                f"What to change: no other values within the searched ranges ({ranges}) were "
                "played."
            )
        setting = _setting(changes)
        seats = (self.skilled or self.own).seats
        side = ""
        if f.side:
            (v0, v1), (d0, d1) = f.side["mean_vp"], f.side["decisions"]
            side = (
                f" Side effects with {f.search_player} in every seat on the same deals: mean "
                f"score {v0:.1f} → {v1:.1f} VP, {d0:.0f} → {d1:.0f} decisions a game."
            )
        data = f" Data file: {self.fix_file} (vdg report --data)." if self.fix_file else ""
        verdict_player = (self.skilled or self.own).player
        if f.check_player == verdict_player and self.skilled is not None:
            at = f"at skilled play ({f.check_player} in every seat"
        elif f.check_player == verdict_player:
            at = f"with {f.check_player} in every seat ("
        else:
            at = (
                f"with {f.check_player} in every seat ({verdict_player} was fitted to the "
                "printed numbers, so it does not judge others"
            )
        if f.check is None:
            assert f.predicted is not None
            k, (g, _, _) = f.predicted.worst()
            return (
                f"What to change: {setting} is the best of {f.tried} candidates searched with "
                f"{f.search_player} ({ranges}); its largest gap there, calibrated to "
                f"{f.check_player}, is {pp(g)} pp ({seats[k].who}; a point estimate). Not "
                f"checked {at.split(' (')[0]} in this report.{side}{data}"
            )
        k, (g, lo, hi) = f.check.worst()
        widened = (
            ""
            if f.check.confidence == 0.95
            else f", a {100 * f.check.confidence:.1f}% interval widened for its looks"
        )
        gap = f"{seats[k].who} {pp_ci(g, lo, hi, ' pp')} over {f.check.games:,} games{widened}"
        before = self._printed_gap(f.check_player, k)
        if before is not None:
            gap += (
                f", against {pp_ci(before.gap, before.low, before.high, ' pp')} with the "
                "printed numbers"
            )
        verdict = f.check.verdict(self.tolerance)
        if verdict == BALANCED:
            return (
                f"What would fix it: {setting} brings every {what} within {t} {at}; largest "
                f"gap: {gap}).{side}{data}"
            )
        said = "cannot tell" if verdict == CANNOT_TELL else "still not balanced"
        finalists = (
            "the best does not bring" if f.checked == 1 else f"none of the {f.checked} best brings"
        )
        return (
            f"What to change: of {f.tried} candidates searched with {f.search_player} "
            f"({ranges}), {finalists} every {what} within {t} {at}); the closest, "
            f"{setting}, leaves {gap} ({said}).{side}{data}"
        )

    @property
    def players(self) -> int:
        return self.own.players

    def verdict(self) -> str:
        """The verdict at skilled play (at the report's own player when none was measured)."""
        return judge((self.skilled or self.own).seats, self.tolerance)

    def headline(self) -> str:
        """``3 players: not balanced at skilled play``."""
        if self.skilled is None:
            return f"{self.players} players: {self.verdict()} with {self.own.player}"
        return f"{self.players} players: {self.verdict()} at skilled play"

    def sentence(self, what: str) -> str:
        """What the verdict rests on, in plain words: the seats that decide it with their win
        shares against the fair share, the level, its games; and why that level."""
        s = self.skilled or self.own
        t = f"{100 * self.tolerance:g}"
        reasons = _reasons(s, self.tolerance)
        fair = f"the fair {pct(s.fair)}%"
        verdict = judge(s.seats, self.tolerance)
        if verdict == NOT_BALANCED:
            parts = [
                f"{g.who} {'wins' if g.gap > 0 else 'wins only'} {_share(s, g)} of games"
                for g in reasons[:2]
            ]
            more = len(reasons) - 2
            body = (
                f"{' and '.join(parts)}, against {fair}"
                + (
                    f" ({more} more {what}{'s' if more > 1 else ''} beyond ±{t} pp)"
                    if more > 0
                    else ""
                )
                + "."
            )
        elif verdict == BALANCED:
            g = reasons[0]
            body = (
                f"every {what} wins within ±{t} pp of {fair} (the largest gap: {g.who}, "
                f"{pp_ci(g.gap, g.low, g.high, ' pp')})."
            )
        else:
            g = reasons[0]
            body = (
                f"cannot tell within {s.games:,} games: {g.who} wins {_share(s, g)} against "
                f"{fair}, an interval that crosses ±{t} pp."
            )
        how = f"Measured with {s.level} in every seat, {s.games:,} games."
        if self.skilled is None:
            how = (
                f"Measured with {s.level} in every seat, {s.games:,} games; no stronger level "
                f"played every seat, so this is about how {s.player} plays, not the game at "
                "skilled play."
            )
        return f"{body[0].upper()}{body[1:]} {how}" + (f" {self.why}" if self.why else "")

    def bot_sentence(self, what: str) -> str | None:
        """How the report's own player's gaps compare with skilled play's, one clause per
        gap it gets clearly wrong (None without a skilled level)."""
        if self.skilled is None:
            return None
        theirs = {g.who: g for g in self.skilled.seats}
        parts = []
        for g in self.own.seats:
            o = theirs.get(g.who)
            if o is None:
                continue
            apart = abs(g.gap - o.gap) > 1.959964 * math.hypot(g.se(), o.se())
            if not apart:
                continue
            clear = o.low > 0 or o.high < 0
            if not clear:
                word = "a gap skilled play does not show"
            elif g.gap * o.gap < 0:
                word = "the opposite of skilled play's"
            elif abs(g.gap) > abs(o.gap):
                word = f"exaggerates it {abs(g.gap / o.gap):.1f} times"
            else:
                word = "understates it"
            parts.append(
                f"{g.who} {pp_ci(g.gap, g.low, g.high, ' pp')} against "
                f"{pp_ci(o.gap, o.low, o.high, ' pp')} at skilled play ({word})"
            )
        name = self.own.player
        level = self.skilled.player
        if not parts:
            return (
                f"With {self.players} players {name}'s {what} gaps agree with skilled play "
                f"({level} in every seat) within their intervals."
            )
        return (
            f"With {self.players} players {name} in every seat misjudges the game: "
            + "; ".join(parts)
            + f" (skilled play: {level} in every seat, {self.skilled.games:,} games)."
        )

    def as_json(self, what: str = "seat") -> dict[str, Any]:
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
            "players": self.players,
            "fair_share": self.own.fair,
            "verdict": self.verdict(),
            "text": self.headline(),
            "sentence": self.sentence(what),
            "why": self.why,
            "skilled": None if self.skilled is None else level(self.skilled),
            "own": level(self.own),
            "levels": [level(s) for s in self.levels],
            "fix": None
            if self.fix is None
            else self.fix.as_json(self.tolerance)
            | {
                "summary": self.fix_summary(what),
                "sentence": self.fix_sentence(what),
                "data_file": self.fix_file or None,
            },
        }


def _setting(changes: list[tuple[str, int, int]]) -> str:
    """``setting costs.dias_vp from 2 to 4 and ...``."""
    return "setting " + " and ".join(f"{k} from {a} to {b}" for k, a, b in changes)


def _size_note(
    top: SeatSpread, chosen: SeatSpread, tolerance: float, subject: str | None = None
) -> str:
    """What the strongest level, which cannot tell, says of the seats the verdict rests on
    when its gap differs from the chosen level's beyond noise: the verdict's direction may
    hold while its size is the weaker player's."""
    theirs = {g.who: g for g in top.seats}
    apart = []
    for g in _reasons(chosen, tolerance)[:1]:  # the largest: one statement, not a table
        o = theirs.get(g.who)
        if o is not None and abs(g.gap - o.gap) > 1.959964 * math.hypot(g.se(), o.se()):
            apart.append(
                f"{o.who} {pp_ci(o.gap, o.low, o.high, ' pp')} where {chosen.player} finds "
                f"{pp_ci(g.gap, g.low, g.high, ' pp')}"
            )
    if not apart:
        return ""
    return (
        f" {subject or top.player} finds {'; '.join(apart)}: how large the gap is at skilled "
        "play is not settled."
    )


def skilled_play(
    own: SeatSpread,
    others: list[SeatSpread],
    order: list[str] | None,
    decided_above: Callable[[str, str], bool] | None = None,
    tolerance: float = TOLERANCE,
) -> Balance:
    """The balance of one player count at skilled play.

    ``others`` are the levels that played every seat beside the report's own player ``own``;
    ``order`` is every rated player, strongest first (the field's order, or the order of
    ``others`` weakest first when None); ``decided_above(a, b)`` tells whether ``a`` is decided
    stronger than ``b``. The verdict speaks for the strongest level above ``own`` whose games
    decide it; when a stronger one's cannot, it says so; when none decides, for the strongest,
    "cannot tell within N games"."""
    by = {s.player: s for s in others}
    ranked = (
        [p for p in order if p in by or p == own.player]
        if order is not None
        else [own.player, *by][::-1]
    )
    above = ranked[: ranked.index(own.player)] if own.player in ranked else ranked
    levels = tuple(by[p] for p in ranked if p in by)
    if not above:
        return Balance(own, None, "", levels, tolerance)
    top = by[above[0]]
    notes = []
    nxt = ranked[1] if len(ranked) > 1 else None
    if nxt is not None and decided_above is not None and not decided_above(top.player, nxt):
        notes.append(
            f"{top.player} is the first of the field's order but not decided stronger than {nxt}."
        )
    decided = [by[p] for p in above if judge(by[p].seats, tolerance) != CANNOT_TELL]
    chosen = decided[0] if decided else None
    if chosen is not None and chosen is not top:
        notes.insert(
            0,
            f"The strongest level, {top.player}, cannot tell within its {top.games:,} games; "
            f"{chosen.player} is the strongest whose games decide it."
            + _size_note(top, chosen, tolerance),
        )
    if chosen is top and len(above) > 1 and judge(by[above[1]].seats, tolerance) == CANNOT_TELL:
        # the next level cannot tell, yet may still show the verdict's gaps far smaller
        nxt_level = by[above[1]]
        subject = f"The next level in the field's order, {nxt_level.player},"
        said = _size_note(nxt_level, top, tolerance, subject)
        if said:
            notes.append(said.strip())
    if len(decided) > 1:
        # a verdict that rests on one player's habits shows as a disagreement with the next
        second = decided[1]
        said = judge(second.seats, tolerance)
        if said != judge(chosen.seats, tolerance):
            agree = f"finds it {said}"
        elif _outside(second, tolerance) == _outside(chosen, tolerance):
            agree = "agrees"
        else:
            favoured = " and ".join(g.who for g in _reasons(second, tolerance) if g.gap > 0)
            agree = (
                f"finds it {said} too, but favouring {favoured}"
                if favoured
                else f"finds it {said} too, but by other seats' gaps"
            )
        notes.append(f"The next level whose games decide it, {second.player}, {agree}.")
    return Balance(own, chosen or top, " ".join(notes), levels, tolerance)


def _clear(f: Finding) -> bool:
    low, high = f.effect.low, f.effect.high
    return low is not None and high is not None and (low > 0 or high < 0)


def _depends(f: Finding) -> str:
    """What an element's finding depends on, from its robustness labels, in words."""
    if not f.labels and f.effect.table in SKILLED_ELEMENT_TABLES:
        return "measured at that level alone: not replicated, not checked against the data"
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
    """Every element finding whose effect is clear and at least ``tolerance``, largest first;
    at a player count measured at a stronger level too (:data:`SKILLED_ELEMENT_TABLES`), the
    stronger level's, clear or not, in place of the report's own player's."""
    tables = (*ELEMENT_TABLES, *SKILLED_ELEMENT_TABLES)
    candidates = [
        Element(s.title, f)
        for s in sections
        for f in s.findings
        if isinstance(f, Finding) and f.effect.table in tables
    ]
    skilled = {
        (e.section, e.finding.effect.row.get("players"))
        for e in candidates
        if e.finding.effect.table in SKILLED_ELEMENT_TABLES
    }
    found = [
        e
        for e in candidates
        if (
            e.finding.effect.table in SKILLED_ELEMENT_TABLES
            or (e.section, e.finding.effect.row.get("players")) not in skilled
        )
        and _clear(e.finding)
        and abs(e.finding.effect.value) >= tolerance
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
        "the players of the skill axis play each other (the field) and are rated jointly in "
        "Elo, default at 0; the strongest is the first of that order. Each finding is replayed "
        "with other levels; against default's effect, the strongest level's: holds (the same "
        "verdict and size), grows or shrinks (the same verdict, larger or smaller beyond "
        "noise), vanishes (no clear effect there, and different beyond noise), reverses (the "
        "opposite clear verdict), appears (clear only there), unclear (its games cannot "
        "tell). Only holds, grows and shrinks are about the game at skilled play; vanishes "
        "and reverses are about the player.",
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
            f"Balanced means every {self.what} wins within ±{t} pp of the fair share: each "
            f"{self.what}'s 95% interval lies inside that band; not balanced, one lies wholly "
            "outside it. Skilled play is the strongest player of the skill axis in every seat."
        )

    def elements_intro(self) -> str:
        t = f"{100 * self.tolerance:g}"
        shown = min(len(self.elements), MOST_ELEMENTS)
        more = len(self.elements) - shown
        if not shown:
            return (
                f"Components: no component of the game has a clear effect of at least ±{t} pp "
                "on the win share in this report. The costs of habits imposed on a player "
                "(restricted play) are in their sections."
            )
        return (
            f"Components, largest clear effect on the win share first (at least ±{t} pp)"
            + (f"; {more} more in their sections" if more else "")
            + ". The costs of habits imposed on a player (restricted play) are in their "
            "sections."
        )

    def shown(self) -> list[Element]:
        return self.elements[:MOST_ELEMENTS]

    def as_json(self) -> dict[str, Any]:
        return {
            "tolerance_pp": 100 * self.tolerance,
            "judged_by": self.what,
            "rule": self.rule(),
            "balance": [b.as_json(self.what) for b in self.balance],
            "elements": [e.as_json() for e in self.elements],
            "elements_shown": len(self.shown()),
            "how_to_read": dict(HOW_TO_READ),
        }

    def markdown(self) -> list[str]:
        lines = ["## Verdict", "", self.rule(), ""]
        if not self.balance:
            lines.append("- No seats experiment in this report: balance not judged.")
        for b in self.balance:
            fix = b.fix_summary(self.what)
            lines.append(
                f"- **{b.headline()}.** {b.sentence(self.what)}" + (f" {fix}" if fix else "")
            )
        lines += ["", self.elements_intro(), ""]
        lines += [f"{k}. {e.sentence()}" for k, e in enumerate(self.shown(), 1)]
        return lines

    def how_to_read_markdown(self) -> list[str]:
        lines = ["> **How to read this report**", ">"]
        return lines + [f"> - **{k}**: {v}" for k, v in HOW_TO_READ]

    def html(self) -> str:
        e = html.escape
        parts = [f"<h2>Verdict</h2><p>{e(self.rule())}</p><ul class=findings>"]
        if not self.balance:
            parts.append("<li>No seats experiment in this report: balance not judged.</li>")
        parts += [
            f"<li><b>{e(b.headline())}.</b> {e(b.sentence(self.what))}"
            + (f"<br>{e(fix)}" if (fix := b.fix_summary(self.what)) else "")
            + "</li>"
            for b in self.balance
        ]
        parts.append(f"</ul><p>{e(self.elements_intro())}</p><ol class=findings>")
        parts += [f"<li>{e(x.sentence())}</li>" for x in self.shown()]
        parts.append("</ol>")
        return "".join(parts)

    def how_to_read_html(self) -> str:
        e = html.escape
        parts = ["<div class=howto><b>How to read this report</b><dl>"]
        parts += [f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in HOW_TO_READ]
        parts.append("</dl></div>")
        return "".join(parts)


def build_verdict(sections: list[Section], tolerance: float = TOLERANCE) -> Verdict:
    """The verdict of a report's sections: the balance from the section that measured the
    seats (its ``balance``, judged there at its own tolerance), the elements from every
    section's findings."""
    balance = [b for sec in sections for b in sec.balance]
    what = next((sec.spread_of for sec in sections if sec.balance), "seat")
    tolerance = balance[0].tolerance if balance else tolerance
    return Verdict(balance, elements(sections, tolerance), what, tolerance)
