"""What to change (vdgsim.analysis.fixes, the seats spec's ``[fix]``): the knobs tied to an
offending seat are searched, the fast player's shares are calibrated to the checking level's,
a player fitted to the printed numbers never checks, a planted imbalance is repaired and
checked, a second build reads its runs, and the verdict says it in one sentence."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from vdgsim.analysis.experiment import Fix, FixKnob, SpecError, parse_spec
from vdgsim.analysis.fixes import Gaps, Suggestion, calibrated, check_player, suggest, tied_knobs
from vdgsim.report.verdict import Balance, SeatGap, SeatSpread

DIAS = FixKnob("costs.dias_vp", 0, 8, ("Bartolomeu Dias",))
SHIP = FixKnob("merchant_ships.limits.0", 3, 7, ("Girolamo Sernigi",))
REALS = FixKnob("counts.starting_reals", 8, 12)


def seats_spec(fix: dict | None = None, **kw) -> dict:
    d = {
        "name": "seats",
        "title": "Seats",
        "question": "?",
        "kind": "seats",
        "games": 40,
        "quick_games": 10,
        "seed": 5,
        "player_counts": [2],
    }
    if fix is not None:
        d["fix"] = fix
    return d | kw


def test_a_seats_spec_reads_its_fix_table() -> None:
    spec = parse_spec(
        seats_spec(
            {
                "fitted": ["learned"],
                "check_games": 300,
                "knobs": [
                    {"key": "costs.dias_vp", "range": [0, 8], "tied_to": ["Bartolomeu Dias"]}
                ],
            }
        )
    )
    assert spec.fix == Fix(knobs=(DIAS,), fitted=("learned",), check_games=300, seed=6)
    # the fix is not part of the seats experiment's own record, so a changed fix plays new
    # runs beside the experiment's rather than refusing to resume it
    assert "fix" not in spec.to_dict()


@pytest.mark.parametrize(
    ("fix", "words"),
    [
        ({"knobs": []}, "at least one knob"),
        ({"knobs": [{"key": "costs.dias_vp", "range": [3, 3]}]}, "lo < hi"),
        ({"knobs": [{"key": "costs.dias_vp", "range": [0, 4], "x": 1}]}, "key, range and"),
        ({"knobs": [{"key": "costs.no_such", "range": [0, 4]}]}, "costs.no_such"),
        ({"knobs": [{"key": "costs.dias_vp", "range": [0, 4]}], "budget": 0}, "fix.budget"),
        ({"knobs": [{"key": "costs.dias_vp", "range": [0, 4]}], "fitted": ["nobody"]}, "nobody"),
        ({"knobs": [{"key": "costs.dias_vp", "range": [0, 4]}], "games_": 1}, "games_"),
    ],
)
def test_a_bad_fix_table_is_refused_naming_the_field(fix: dict, words: str) -> None:
    with pytest.raises(SpecError, match=words):
        parse_spec(seats_spec(fix))


def test_only_knobs_tied_to_an_offending_seat_are_searched() -> None:
    fix = Fix(knobs=(DIAS, SHIP, REALS))
    assert tied_knobs(fix, ["seat 1 (dealt Girolamo Sernigi)"]) == (SHIP, REALS)
    assert tied_knobs(fix, ["seat 0 (dealt Bartolomeu Dias)"]) == (DIAS, REALS)
    assert tied_knobs(Fix(knobs=(DIAS,)), ["seat 1 (dealt Manuel I)"]) == ()


def test_a_player_fitted_to_the_printed_numbers_never_checks() -> None:
    fix = Fix(knobs=(DIAS,), fitted=("learned",), search_player="default")
    assert check_player(fix, ["learned", "mc128", "default"], "learned") == "mc128"
    assert check_player(fix, ["mc128", "learned"], "mc128") == "mc128"
    assert check_player(fix, ["learned"], "learned") == "default"


def test_calibration_moves_each_position_by_skilled_plays_distance() -> None:
    # the fast player: seat 0 wins 1 game in 4 (-25 pp) and seat 1 three (+25 pp); skilled
    # play lies 10 pp nearer fair at the printed values, so each share moves 10 pp that way
    share = np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
    offset = np.array([0.1, -0.1])
    assert calibrated(share, offset, 0.5) == pytest.approx(15.0)


def test_a_planted_imbalance_is_repaired_and_checked(tmp_path: Path) -> None:
    """Dias worth nothing handicaps seat 0 at 2 players; the search, with `default` both
    searching and checking, gives him VP back, and the check says balanced or at least
    better than the printed values."""
    spec = parse_spec(seats_spec(overrides={"costs.dias_vp": 0}))
    fix = Fix(
        knobs=(DIAS,), games=300, budget=9, finalists=2, check_games=600, check_batch=300, seed=9
    )
    run = dict(players=2, offending=["seat 0 (dealt Bartolomeu Dias)"], checker="default")
    from vdgsim.analysis import balance as B

    settings = B.Settings(game="vdg", knobs=(B.Knob("costs.dias_vp", 0, 8),), player_counts=(2,))
    share, _ = B.position_shares(settings, spec.components(), 600, 123, 2)
    printed_gaps = list(share.mean(axis=0) - 0.5)
    assert printed_gaps[0] < -0.05  # the plant took: seat 0 is handicapped

    def search():
        return suggest(
            fix,
            spec,
            run["players"],
            run["offending"],
            printed_gaps,
            run["checker"],
            0.03,
            "seat",
            tmp_path,
        )

    found = search()
    assert found.printed == {"costs.dias_vp": 0}
    assert found.values is not None and found.values["costs.dias_vp"] > 0
    assert found.check is not None and found.check.player == "default"
    assert abs(found.check.gaps[0][0]) < abs(printed_gaps[0])
    assert found.tried == 9  # the whole range, printed value included
    assert 9 * 300 + found.check.games <= found.games <= 9 * 300 + found.checked * 600
    # a second build reads every run instead of playing it: no chunk is written again
    chunks = {f: f.stat().st_mtime_ns for f in tmp_path.rglob("*.parquet")}
    assert len({f.parent.parent for f in chunks}) >= 10  # 9 candidates searched, 1+ checked
    again = search()
    assert again == found
    assert {f: f.stat().st_mtime_ns for f in tmp_path.rglob("*.parquet")} == chunks


SPREAD = SeatSpread(
    2,
    0.5,
    "mc",
    "mc (+300 Elo over default in the field)",
    500,
    (
        SeatGap("seat 0 (dealt Bartolomeu Dias)", -0.12, -0.16, -0.08),
        SeatGap("seat 1 (dealt Girolamo Sernigi)", 0.12, 0.08, 0.16),
    ),
)


def balance_with(check: Gaps | None, values: dict[str, int] | None = None) -> Balance:
    found = Suggestion(
        2,
        (DIAS,),
        {"costs.dias_vp": 2},
        "default",
        "mc",
        values={"costs.dias_vp": 5} if values is None else values,
        check=check,
        predicted=Gaps("default", 4000, ((-0.01, -0.01, -0.01), (0.01, 0.01, 0.01))),
        side={"mean_vp": (76.2, 88.0), "winning_vp": (84.0, 95.0), "decisions": (126, 124)},
        tried=9,
        checked=2,
    )
    return Balance(SPREAD, SPREAD, fix=found, fix_file="fix-2p.toml")


def test_the_verdict_names_the_change_that_fixes_it() -> None:
    check = Gaps("mc", 750, ((-0.012, -0.028, 0.004), (0.012, -0.004, 0.028)), 0.9875)
    text = balance_with(check).fix_sentence("seat")
    assert text.startswith(
        "What would fix it: setting costs.dias_vp from 2 to 5 brings every seat within ±3 pp "
        "at skilled play (mc in every seat; largest gap: seat 0 (dealt Bartolomeu Dias) "
        "-1.2 pp [-2.8, +0.4] over 750 games, a 98.8% interval widened for its looks, against "
        "-12 pp [-16, -8] with the printed numbers)."
    )
    assert "mean score 76.2 → 88.0 VP" in text and "fix-2p.toml" in text
    # an interval that crosses the tolerance fixes nothing
    check = Gaps("mc", 750, ((-0.018, -0.041, 0.006), (0.018, -0.006, 0.041)))
    assert (
        balance_with(check)
        .fix_sentence("seat")
        .startswith(
            "What to change: of 9 candidates searched with default (costs.dias_vp 0–8), none of "
            "the 2 best brings every seat within ±3 pp at skilled play (mc in every seat); the "
            "closest, setting costs.dias_vp from 2 to 5, leaves seat 0 (dealt Bartolomeu Dias) "
            "-2 pp [-4, +1] over 750 games, against -12 pp [-16, -8] with the printed numbers "
            "(cannot tell)."
        )
    )


def test_the_verdict_says_when_nothing_searched_reaches_the_tolerance() -> None:
    check = Gaps("mc", 1000, ((-0.08, -0.11, -0.05), (0.08, 0.05, 0.11)))
    text = balance_with(check).fix_sentence("seat")
    assert text.startswith(
        "What to change: of 9 candidates searched with default (costs.dias_vp 0–8), none of "
        "the 2 best brings every seat within ±3 pp at skilled play (mc in every seat); the "
        "closest, setting costs.dias_vp from 2 to 5, leaves seat 0 (dealt Bartolomeu Dias) "
        "-8 pp [-11, -5] over 1,000 games, against -12 pp [-16, -8] with the printed numbers "
        "(still not balanced)."
    )


def test_an_unchecked_suggestion_says_it_was_not_checked() -> None:
    text = balance_with(None).fix_sentence("seat")
    assert "calibrated to mc, is -1.0 pp (seat 0 (dealt Bartolomeu Dias); a point estimate)" in text
    assert "Not checked at skilled play in this report." in text
    # a fitted verdict level is named when another level checks, and the sentence does not
    # call the checking level skilled play
    fitted = dataclasses.replace(SPREAD, player="learned")
    b = dataclasses.replace(balance_with(Gaps("mc", 10, ((0, -1, 1), (0, -1, 1)))), skilled=fitted)
    text = b.fix_sentence("seat")
    assert "within ±3 pp with mc in every seat (learned was fitted to the printed numbers" in text
    assert "skilled play" not in text


def test_the_verdict_gives_the_change_in_one_short_clause() -> None:
    fixed = Gaps("mc", 750, ((-0.012, -0.028, 0.004), (0.012, -0.004, 0.028)))
    assert balance_with(fixed).fix_summary("seat") == (
        "What would fix it: setting costs.dias_vp from 2 to 5: every seat within ±3 pp with mc "
        "in every seat, 750 games (details in the seats section)."
    )
    open_ = Gaps("mc", 1000, ((-0.08, -0.11, -0.05), (0.08, 0.05, 0.11)))
    assert balance_with(open_).fix_summary("seat") == (
        "What to change: no change searched is shown to balance it; the closest, setting "
        "costs.dias_vp from 2 to 5, leaves seat 0 (dealt Bartolomeu Dias) -8 pp [-11, -5] "
        "(printed: -12 pp [-16, -8]) with mc in every seat, 1,000 games (details in the seats "
        "section)."
    )
    assert len(balance_with(open_).fix_summary("seat").split()) <= 46
