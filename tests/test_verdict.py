"""The verdict (balance per player count, ranked elements) and the number formatting the
report's findings share; all on synthetic findings, without playing a game."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest

from vdgsim.analysis import robustness as R
from vdgsim.analysis.common import RunInfo, interval_decimals, pct_ci, pp_ci, q_text, rounded
from vdgsim.report.findings import Finding, KeyNumber, Section
from vdgsim.report.render import Header, write_report
from vdgsim.report.verdict import (
    BALANCED,
    CANNOT_TELL,
    MOST_ELEMENTS,
    NOT_BALANCED,
    SeatGap,
    SeatSpread,
    build_verdict,
    judge,
    skilled_play,
)

STRONG = "mc:rollouts=128 (+500 Elo over default)"


# --- rounding ------------------------------------------------------------------------------
def test_numbers_keep_the_decimals_their_interval_supports():
    assert rounded(17.367, 17.008, 17.728) == ("17.4", "17.0", "17.7")
    assert pp_ci(-0.158, -0.167, -0.150) == "-15.8 [-16.7, -15.0]"
    # a wide interval: whole points; never "-0"
    assert pp_ci(-0.325, -0.605, -0.045) == "-32 [-60, -4]"
    assert pp_ci(-0.002, -0.04, 0.036) == "+0 [-4, +4]"
    assert pp_ci(0.06, 0.049, 0.071) == "+6.0 [+4.9, +7.1]"
    assert pct_ci(0.342, 0.333, 0.350) == "34.2% [33.3, 35.0]"


@pytest.mark.parametrize(
    ("low", "high", "decimals"),
    [
        (-60.0, 40.0, 0),  # half-width 50
        (-6.0, 4.0, 0),  # 5
        (-0.6, 0.4, 1),  # 0.5
        (-0.06, 0.04, 2),  # 0.05
        (-0.006, 0.004, 3),  # 0.005
        (-0.0006, 0.0004, 3),  # capped at most=3
        (4.9, 7.1, 1),  # 1.1: a leading 1 keeps a second digit
        (-16.7, -15.0, 1),  # 0.85
        (-19.0, -1.0, 0),  # 9
        (-10.0, 12.0, 0),  # 11: a second digit, but never tens
        (0.8, 1.2, 1),  # 0.2: no leading 1
        (0.9, 1.1, 2),  # half-width exactly 0.1 (stored as 0.0999...): counts as 0.1
        (-1.3, -0.7, 1),  # negative numbers: the width counts, not the sign
        (5.0, 5.0, 1),  # zero width: the default
        (None, None, 1),  # no interval: the default
    ],
)
def test_decimals_follow_the_half_width_across_powers_of_ten(low, high, decimals):
    assert interval_decimals(low, high) == decimals


def test_a_zero_width_interval_keeps_the_units_default_and_signs_zero_plainly():
    assert rounded(0.0, 0.0, 0.0, signed=True, default=0) == ("+0", "+0", "+0")
    assert rounded(1.0, 1.0, 1.0, scale=100) == ("100.0", "100.0", "100.0")
    assert rounded(-0.006, -0.1, 0.09, signed=True) == ("-0.01", "-0.10", "+0.09")
    assert rounded(-0.004, -0.1, 0.09, signed=True) == ("+0.00", "-0.10", "+0.09")
    assert KeyNumber("x", 0.0, 0.0, 0.0, "Elo", "t", {}, "c").text() == "+0 Elo [+0, +0]"
    assert KeyNumber("x", 17.367, 17.008, 17.728, "", "t", {}, "c").text() == "17.4 [17.0, 17.7]"


def test_q_values_are_written_readably():
    assert q_text(1.24e-115) == "q < 0.001"
    assert q_text(0.0123) == "q = 0.012"
    assert q_text(0.5) == "q = 0.5"


# --- balance -------------------------------------------------------------------------------
def _spread(
    players: int,
    gaps: list[tuple[float, float, float]],
    player: str = "default",
    level: str | None = None,
):
    level = level or (STRONG if player != "default" else player)
    seats = tuple(SeatGap(f"seat {k}", *g) for k, g in enumerate(gaps))
    return SeatSpread(players, 1 / players, player, level, 1000, seats)


def test_a_seat_spread_is_balanced_not_balanced_or_too_wide_to_tell():
    within = _spread(2, [(-0.01, -0.02, 0.0), (0.01, 0.0, 0.02)]).seats
    beyond = _spread(2, [(-0.05, -0.06, -0.04), (0.05, 0.04, 0.06)]).seats
    wide = _spread(2, [(-0.01, -0.09, 0.07), (0.01, -0.07, 0.09)]).seats
    assert judge(within) == BALANCED
    assert judge(beyond) == NOT_BALANCED
    assert judge(wide) == CANNOT_TELL
    # one seat wholly outside decides it, however wide the others are
    assert judge((*wide, SeatGap("seat 2", 0.2, 0.1, 0.3))) == NOT_BALANCED
    # the tolerance is a setting
    assert judge(beyond, tolerance=0.07) == BALANCED


def _section(balance: list, findings: list, what: str = "seat") -> Section:
    sec = Section("seats", "Seat balance", "", RunInfo(100, (1,), "0.1", "abc"))
    sec.balance = balance
    sec.spread_of = what
    sec.findings = findings
    return sec


def _sized(s: SeatSpread, games: int) -> SeatSpread:
    return dataclasses.replace(s, games=games)


def test_the_verdict_speaks_for_the_strongest_level_whose_games_decide_it():
    own = _spread(3, [(0.27, 0.26, 0.28), (-0.15, -0.16, -0.14), (-0.12, -0.13, -0.11)])
    # the strongest level is too noisy to tell; the next one decides: Sernigi's seat +6 pp
    top = _sized(_spread(3, [(0.02, -0.10, 0.14)] * 3, "mc128", "mc128 (+460 Elo)"), 240)
    mid = _sized(
        _spread(
            3,
            [(0.062, 0.033, 0.097), (-0.051, -0.08, -0.032), (-0.011, -0.04, 0.02)],
            "mc32",
            "mc32 (+280 Elo)",
        ),
        3200,
    )
    weak = _spread(3, [(0.0, -0.01, 0.01)] * 3, "baseline_v1")
    order = ["mc128", "mc32", "learned", "default", "baseline_v1"]
    b = skilled_play(own, [weak, mid, top], order, lambda a, c: True)
    assert b.skilled is mid and b.verdict() == NOT_BALANCED
    assert [s.player for s in b.levels] == ["mc128", "mc32", "baseline_v1"]
    assert b.headline() == "3 players: not balanced at skilled play"
    sentence = b.sentence("seat")
    assert sentence.startswith(
        "Seat 0 wins 40% [37, 43] of games and seat 1 wins only 28% [25, 30] of games"
    )
    assert "against the fair 33.3%" in sentence
    assert "Measured with mc32 (+280 Elo) in every seat, 3,200 games." in sentence
    assert "The strongest level, mc128, cannot tell within its 240 games" in sentence
    # the next level that decides is baseline_v1, below default: not a second opinion
    assert "The next level" not in sentence
    # a second strong level that decides says whether it agrees
    other = _sized(_spread(3, [(0.0, -0.01, 0.01)] * 3, "learned", "learned"), 12000)
    two = skilled_play(own, [weak, mid, top, other], order, lambda a, c: True)
    assert two.skilled is mid
    assert "The next level whose games decide it, learned, finds it balanced." in two.why
    # not balanced at both levels, but in favour of another seat: not an agreement
    other_way = _sized(
        _spread(3, [(-0.06, -0.08, -0.04), (-0.01, -0.02, 0.0), (0.07, 0.05, 0.09)], "learned"),
        12000,
    )
    three = skilled_play(own, [mid, top, other_way], order, lambda a, c: True)
    assert "learned, finds it not balanced too, but favouring seat 2." in three.why
    same = _sized(dataclasses.replace(mid, player="learned"), 12000)
    assert "learned, agrees." in skilled_play(own, [mid, top, same], order, None).why
    # the bot's gaps beside skilled play's: seat 0 exaggerated, seat 2 reversed or hidden
    bot = b.bot_sentence("seat")
    assert bot is not None and bot.startswith("With 3 players default in every seat misjudges")
    assert "seat 0 +27.0 pp [+26.0, +28.0] against +6 pp [+3, +10] at skilled play" in bot
    assert "(exaggerates it 4.4 times)" in bot
    assert "seat 1 -15.0 pp [-16.0, -14.0] against -5 pp [-8, -3] at skilled play (exag" in bot
    assert "against -1 pp [-4, +2] at skilled play (a gap skilled play does not show)" in bot
    # a level below the report's own player never speaks for skilled play
    alone = skilled_play(own, [weak], order, lambda a, c: True)
    assert alone.skilled is None and alone.headline() == "3 players: not balanced with default"
    assert "no stronger level played every seat" in alone.sentence("seat")
    assert alone.bot_sentence("seat") is None


def test_a_strongest_level_that_cannot_tell_says_when_its_gap_is_smaller_than_the_verdicts():
    own = _spread(3, [(-0.05, -0.06, -0.04), (-0.05, -0.06, -0.04), (0.1, 0.09, 0.11)])
    # the strongest cannot tell (seat 1 crosses -3 pp) and finds seat 2 a third as favoured
    top = _spread(3, [(0.0, -0.03, 0.03), (-0.05, -0.08, -0.02), (0.05, 0.02, 0.08)], "mc")
    fast = _spread(3, [(-0.06, -0.07, -0.05), (-0.1, -0.11, -0.09), (0.16, 0.15, 0.17)], "fast")
    b = skilled_play(own, [top, fast], ["mc", "fast", "default"], lambda a, c: True)
    assert b.skilled is fast
    assert (
        "mc finds seat 2 +5 pp [+2, +8] where fast finds +16.0 pp [+15.0, +17.0]: how large "
        "the gap is at skilled play is not settled." in b.why
    )
    # the strongest decides; the next cannot tell but shows the gap far smaller
    b = skilled_play(own, [top, fast], ["fast", "mc", "default"], lambda a, c: True)
    assert b.skilled is fast
    assert (
        "The next level in the field's order, mc, finds seat 2 +5 pp [+2, +8] where fast finds "
        "+16.0 pp [+15.0, +17.0]: how large the gap is at skilled play is not settled." in b.why
    )
    # a strongest level whose gaps agree with the verdict's adds nothing
    close = _spread(3, [(-0.06, -0.1, -0.02), (-0.1, -0.14, -0.06), (0.16, 0.12, 0.2)], "mc")
    b = skilled_play(own, [close, fast], ["mc", "fast", "default"], lambda a, c: True)
    assert "not settled" not in b.why


def test_a_top_level_not_decided_above_the_next_says_so_and_one_that_cannot_tell_says_why():
    own = _spread(2, [(-0.158, -0.167, -0.150), (0.158, 0.150, 0.167)])
    wide = _sized(_spread(2, [(-0.01, -0.06, 0.04), (0.01, -0.04, 0.06)], "mc", "mc"), 400)
    b = skilled_play(own, [wide], ["mc", "default"], lambda a, c: False)
    assert b.skilled is wide and b.verdict() == CANNOT_TELL
    assert b.sentence("seat").startswith(
        "Cannot tell within 400 games: seat 0 wins 49% [44, 54] against the fair 50.0%, an "
        "interval that crosses ±3 pp. Measured with mc in every seat, 400 games."
    )
    assert "mc is the first of the field's order but not decided stronger than default" in b.why
    balanced = _spread(2, [(-0.01, -0.02, 0.0), (0.01, 0.0, 0.02)], "mc", "mc")
    ok = skilled_play(own, [balanced], ["mc", "default"], None)
    assert ok.verdict() == BALANCED and ok.why == ""
    assert ok.sentence("turn position").startswith(
        "Every turn position wins within ±3 pp of the fair 50.0% (the largest gap: seat 0, "
    )


def test_the_verdict_gathers_every_player_count_and_its_json_names_each_level():
    own = _spread(2, [(-0.158, -0.167, -0.150), (0.158, 0.150, 0.167)])
    mc = _spread(2, [(-0.11, -0.15, -0.07), (0.11, 0.07, 0.15)], "mc", STRONG)
    b2 = skilled_play(own, [mc], ["mc", "default"], lambda a, c: True)
    b4 = skilled_play(_spread(4, [(0.01, -0.05, 0.07)] * 4), [], ["default"], None)
    v = build_verdict([_section([b2, b4], [], "turn position")])
    assert [b.players for b in v.balance] == [2, 4]
    assert v.balance[1].headline() == "4 players: cannot tell with default"
    js = v.as_json()
    assert js["tolerance_pp"] == pytest.approx(3.0) and js["judged_by"] == "turn position"
    assert js["balance"][0]["skilled"]["player"] == "mc"
    assert js["balance"][0]["verdict"] == NOT_BALANCED
    assert js["balance"][1]["skilled"] is None
    assert js["balance"][0]["sentence"].startswith("Seat 0 wins only 39% [35, 43] of games")


# --- elements ------------------------------------------------------------------------------
def _labels(skill: str = R.HOLDS, data: str = R.STABLE, which: tuple[str, ...] = ()):
    at = R.Effect("mc", -0.3, -0.45, -0.15, 0.07, 40)
    return {
        "skill": R.Label(skill, "", ("mc",), phrase=f"{skill} up to {STRONG}", level=STRONG, at=at),
        "replication": R.Label(R.REPLICATED, ""),
        "data": R.Label(data, "", which),
    }


def _arm(
    label: str, value: float, half: float, table: str = "win_by_character_random_deal", **labels
) -> Finding:
    k = KeyNumber(
        f"{label}: win share change", value, value - half, value + half, "pp", table, {}, ""
    )
    return Finding(
        f"Long text about {label}.",
        k,
        _labels(**labels),
        short=f"a player who {label} changes its win share by {k.text()} (default).",
    )


def test_elements_are_clear_effects_beyond_the_tolerance_ranked_by_size():
    findings = [
        _arm("never hosts Manuel I", 0.05, 0.01),
        _arm("always hosts Francisco Alvares", -0.19, 0.004, data=R.CHANGES, which=("slots",)),
        _arm("never sends ships to Mombasa", -0.08, 0.005, skill=R.VANISHES),
        _arm("takes no number below 12", 0.02, 0.005),  # clear but under the tolerance
        _arm("pushes the Taxes column", -0.04, 0.05),  # not clear
        _arm("seat 0", -0.15, 0.01, table="win_by_seat"),  # the balance's, not an element
        _arm("calicut sweep", 0.2, 0.01, table="step_changes"),  # a what-if, not an element
        # the cost of a habit imposed on a player, not a component of the game
        _arm("takes only numbers below 7", -0.4, 0.01, table="effects"),
    ]
    v = build_verdict([_section([], findings)])
    ranked = [e.finding.effect.label.split(":")[0] for e in v.elements]
    assert ranked == [
        "always hosts Francisco Alvares",
        "never sends ships to Mombasa",
        "never hosts Manuel I",
    ]
    first = v.elements[0].sentence()
    # named for what the arm measures, with its number, interval, level and dependencies
    assert first.startswith(
        "Seat balance: a player who always hosts Francisco Alvares changes its win share by "
        "-19.0 pp [-19.4, -18.6] (default); holds up to "
    )
    assert "-30 pp [-45, -15] there" in first
    assert "changes with the reconstructed slots" in first
    assert "replicated on independent seeds" in first
    assert "depends on the player: vanishes" in v.elements[1].sentence()
    assert v.as_json()["elements"][0]["holds_on_every_check"] is False


def test_a_count_measured_at_a_stronger_level_ranks_that_levels_characters():
    def character(name: str, value: float, players: int, table: str) -> Finding:
        f = _arm(name, value, 0.01, table=table)
        f.effect.row = {"players": players}
        return f

    skilled = "win_by_character_random_deal_skilled"
    findings = [
        character("Sernigi at 4 players, default", 0.20, 4, "win_by_character_random_deal"),
        character("Dias at 4 players, learned", -0.06, 4, skilled),
        # 3 players has no stronger level: default's finding stays
        character("Sernigi at 3 players, default", 0.12, 3, "win_by_character_random_deal"),
        # a stronger level's effect under the tolerance is no element, and default's is gone
        character("Alvares at 2 players, default", 0.10, 2, "win_by_character_random_deal"),
        character("Alvares at 2 players, learned", 0.01, 2, skilled),
    ]
    findings[1].labels = {}
    ranked = [
        e.finding.effect.label.split(":")[0]
        for e in build_verdict([_section([], findings)]).elements
    ]
    assert ranked == ["Sernigi at 3 players, default", "Dias at 4 players, learned"]
    text = build_verdict([_section([], findings)]).elements[1].sentence()
    assert text.endswith(
        "measured at that level alone: not replicated, not checked against the data."
    )


def test_a_strongest_level_without_an_interval_quotes_no_number():
    f = _arm("never hosts Manuel I", 0.05, 0.01, skill=R.UNCLEAR_SKILL)
    lone = R.Effect("mc", 0.25, math.nan, math.nan, math.nan, 1)
    f.labels["skill"] = dataclasses.replace(f.labels["skill"], at=lone)
    sentence = build_verdict([_section([], [f])]).elements[0].sentence()
    assert "unclear up to" in sentence and "there" not in sentence and "n/a" not in sentence


def test_only_the_largest_elements_fill_the_screen():
    findings = [_arm(f"arm {k}", -0.05 - 0.01 * k, 0.005) for k in range(MOST_ELEMENTS + 3)]
    v = build_verdict([_section([], findings)])
    assert len(v.shown()) == MOST_ELEMENTS
    assert "3 more in their sections" in v.elements_intro()
    assert v.shown()[0].finding.effect.label.startswith(f"arm {MOST_ELEMENTS + 2}:")


# --- the page ------------------------------------------------------------------------------
def _header(seeds: list[int]) -> Header:
    return Header(
        title="Test balance report",
        games=100,
        seeds=seeds,
        version="0.1",
        commit=None,
        digest="abc",
        provenance={},
        command="vdg report",
        quick=False,
        wall_seconds=1.0,
    )


def test_the_header_lists_each_seed_once_in_order_of_first_appearance():
    h = _header([808, 101, 303, 505, 606, 202, 404, 606, 707])
    assert h.seeds == [808, 101, 303, 505, 606, 202, 404, 707]


def test_the_verdict_comes_first_in_markdown_html_and_json(tmp_path: Path):
    own = _spread(2, [(-0.05, -0.06, -0.04), (0.05, 0.04, 0.06)])
    sec = _section(
        [skilled_play(own, [], None, None)],
        [_arm("always hosts Francisco Alvares", -0.19, 0.004)],
    )
    summary = write_report(tmp_path, _header([1, 2, 1]), [sec])
    md = (tmp_path / "report.md").read_text()
    first = md.split("\n## ")[1]
    assert first.startswith("Verdict")
    assert "2 players: not balanced with default" in first
    assert "1. Seat balance: a player who always hosts Francisco Alvares" in first
    # the how-to-read box follows the header, outside the verdict
    assert "How to read this report" not in first
    assert md.index("## Verdict") < md.index("- **Games**") < md.index("**How to read")
    assert md.index("**How to read") < md.index("## Seat balance") and "**pp**" in md
    # one statement per fact: the summary does not repeat what the verdict ranks
    held = md.split("## Findings that hold on every check")[1].split("\n## ")[0]
    assert "stated in the verdict" in held and "Alvares" not in held
    assert "- **Seeds**: 1, 2\n" in md
    page = (tmp_path / "index.html").read_text()
    assert page.index("<h2>Verdict</h2>") < page.index("<h2>About this report</h2>")
    assert "How to read this report" in page
    data = json.loads((tmp_path / "report.json").read_text())
    assert next(iter(data)) == "verdict" == next(iter(summary))
    assert data["verdict"]["balance"][0]["own"]["verdict"] == NOT_BALANCED
    assert data["header"]["seeds"] == [1, 2]


@pytest.mark.parametrize("game", ["vdg", "goa"])
def test_only_verdict_plays_the_skill_axis_and_the_seats_without_their_replays(game):
    from vdgsim.analysis.experiment import default_experiments_dir
    from vdgsim.report.build import _chosen_specs

    full = {
        s.name: s for s in _chosen_specs(game, default_experiments_dir(game), None, None, None, ())
    }
    specs = _chosen_specs(game, default_experiments_dir(game), ["verdict"], None, None, ())
    assert [s.kind for s in specs] == ["axis", "seats"]
    seats = specs[1]
    assert seats.robustness is None and seats.character_deal == ("rulebook",)
    # every player the verdict judges at still plays every seat, at the same budget
    assert seats.other_presets == full[seats.name].other_presets
    assert full[seats.name].robustness is not None
