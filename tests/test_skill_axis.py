"""The skill axis: the axis experiment and its ratings, the skill label along the axis (every
verdict, both directions of every comparison), runs that grow look by look until a finding is
decided, and the report's summary quoting the effect at the strongest level."""

from __future__ import annotations

import math

import polars as pl
import pytest
from scipy import stats
from test_findings import _e  # an effect with a normal 95% interval

from vdgsim.analysis import robustness as R
from vdgsim.analysis.experiment import (
    SpecError,
    Strength,
    experiment_plan,
    look_decided,
    look_sizes,
    look_z,
    parse_spec,
    run_experiment,
    spec_from_record,
)
from vdgsim.analysis.skill import SkillAxis, axis_of
from vdgsim.runner import RunDirError, simulate


def _axis(**ratings: float) -> SkillAxis:
    """An axis with the given pooled ratings against ``default``."""
    return SkillAxis.pooled("default", {p: (r, r - 30.0, r + 30.0) for p, r in ratings.items()})


LEVELS = [("strength_weak", "weak"), ("strength_strong", "strong")]
AXIS = _axis(weak=-150.0, strong=300.0)


def _label(main: R.Effect, strong: R.Effect | None, weak: R.Effect | None = None) -> R.Label:
    by = {"main": main}
    if strong is not None:
        by["strength_strong"] = strong
    if weak is not None:
        by["strength_weak"] = weak
    return R.skill_label(by, LEVELS, "default", AXIS)


# --- the skill label along the axis ----------------------------------------------------------
def test_the_same_clear_verdict_of_the_same_size_holds_up_to_the_strongest_level():
    lab = _label(_e(-0.05, 0.01), _e(-0.045, 0.01), weak=_e(0.03, 0.01))
    # the weaker level's opposite verdict does not decide: the strongest level does
    assert lab.label == R.HOLDS and lab.which == ("strong",)
    assert lab.text() == "holds up to strong (+300 Elo over default)"
    assert lab.at is not None and lab.at.diff == -0.045
    assert [c.player for c in lab.curve] == ["weak", "default", "strong"]


def test_a_larger_effect_at_strength_grows_and_a_smaller_one_shrinks():
    # |-0.10| - |-0.05| = 0.05 against hypot(0.01, 0.01) * z(0.05 / 2) = 0.0317
    assert _label(_e(-0.05, 0.01), _e(-0.10, 0.01)).label == R.GROWS
    assert _label(_e(0.05, 0.01), _e(0.10, 0.01)).label == R.GROWS
    shrinks = _label(_e(-0.10, 0.01), _e(-0.05, 0.01))
    assert shrinks.label == R.SHRINKS and "still a clear loss" in shrinks.text()
    assert _label(_e(0.10, 0.01), _e(0.05, 0.01)).label == R.SHRINKS
    # within the bound (0.02 < 0.0317) the size is the same
    assert _label(_e(-0.05, 0.01), _e(-0.07, 0.01)).label == R.HOLDS
    assert _label(_e(-0.07, 0.01), _e(-0.05, 0.01)).label == R.HOLDS


def test_a_clear_effect_that_is_gone_at_strength_vanishes_only_beyond_the_bound():
    # 0.216 - 0.0 against hypot(0.01, 0.03) * 2.24 (Bonferroni over 1 level: 1.96)
    vanished = _label(_e(0.216, 0.01), _e(0.0, 0.03))
    assert vanished.label == R.VANISHES and vanished.text().startswith("vanishes at strong")
    # a level whose interval spans zero and the main effect cannot tell
    unclear = _label(_e(0.05, 0.01), _e(0.01, 0.03, deals=40))
    assert unclear.label == R.UNCLEAR_SKILL and "40 deals cannot tell" in unclear.text()


def test_opposite_verdicts_reverse_and_a_new_clear_effect_appears():
    assert _label(_e(-0.05, 0.01), _e(0.05, 0.01)).label == R.REVERSES
    assert _label(_e(0.05, 0.01), _e(-0.05, 0.01)).label == R.REVERSES
    assert _label(_e(0.0, 0.01), _e(0.10, 0.01)).label == R.APPEARS
    assert _label(_e(0.0, 0.01), _e(-0.10, 0.01)).label == R.APPEARS
    no_effect = _label(_e(0.001, 0.01), _e(-0.002, 0.01))
    assert no_effect.label == R.HOLDS and "no clear effect at either" in no_effect.text()


def test_a_level_without_an_interval_is_unclear():
    assert _label(_e(-0.05, 0.01), _e(-0.5, math.nan, deals=1)).label == R.UNCLEAR_SKILL


def test_levels_below_default_or_unrated_never_make_a_finding_hold():
    weak_only = _label(_e(-0.05, 0.01), None, weak=_e(-0.05, 0.01))
    assert weak_only.label == R.WEAKER_ONLY and weak_only.which == ("weak",)
    unrated = R.skill_label(
        {"main": _e(-0.05, 0.01), "strength_strong": _e(-0.05, 0.01)}, LEVELS, "default", None
    )
    assert unrated.label == R.UNRATED
    assert R.skill_label({"main": _e(-0.05, 0.01)}, LEVELS, "default", AXIS).label == (
        R.NOT_CHECKED
    )


def test_the_levels_are_rated_at_the_findings_player_count():
    table = pl.DataFrame(
        {
            "player_count": [2, None],
            "player": ["strong", "strong"],
            "rating": [-20.0, 300.0],
            "lo": [-60.0, 270.0],
            "hi": [20.0, 330.0],
        },
        schema_overrides={"player_count": pl.Int8},
    )
    axis = SkillAxis("default", ("strong",), table)
    by = {"main": _e(-0.05, 0.01), "strength_strong": _e(-0.05, 0.01)}
    # at 2 players the level is not above default; pooled (no count) it is
    assert R.skill_label(by, LEVELS, "default", axis, 2).label == R.WEAKER_ONLY
    assert R.skill_label(by, LEVELS, "default", axis, None).label == R.HOLDS
    assert axis.rating("strong", 3).players is None  # a count it did not rate: pooled


def test_only_findings_that_keep_their_verdict_at_strength_are_summarised():
    lab = {"replication": R.Label(R.REPLICATED, ""), "data": R.Label(R.STABLE, "")}
    for skill in R.LABELS["skill"]:
        holds = R.holds_on_all({**lab, "skill": R.Label(skill, "")})
        assert holds == (skill in (R.HOLDS, R.GROWS, R.SHRINKS)), skill


def test_the_key_of_a_seat_finding_names_its_player_count():
    assert R.key_players(R.seat_key(3, 2)) == 3
    assert R.key_players(R.character_key(4, "Girolamo Sernigi")) == 4
    assert R.key_players("never_pay") is None


# --- looks ---------------------------------------------------------------------------------
def test_looks_double_from_the_batch_to_the_budget_in_whole_chunks():
    s = Strength("mc", 1000, 10, "default", batch=150)
    assert s.looks(False) == (150, 300, 600, 1000)
    assert s.looks(True) == (10,)  # the quick size is below the batch: one look
    assert Strength("mc", 1000, 10, "default").looks(False) == (1000,)
    # a chunk of 36 games: every look but the last is whole chunks, so a run can grow
    assert look_sizes(s, False, 4, 36) == (180, 324, 612, 1000)
    assert look_sizes(s, True, 4, 36) == ()


def test_a_look_is_decided_by_its_sign_or_by_its_distance_from_defaults_effect():
    z = look_z(4)
    assert z == pytest.approx(stats.norm.ppf(1 - 0.05 / 8))
    assert look_decided(0.10, 0.02, 0.10, 0.01, z)  # sign decided
    assert look_decided(-0.10, 0.02, -0.10, 0.01, z)
    assert look_decided(0.0, 0.02, 0.20, 0.01, z)  # clearly not default's +20 pp
    assert look_decided(0.0, 0.02, -0.20, 0.01, z)
    assert not look_decided(0.02, 0.02, 0.05, 0.01, z)  # neither
    assert not look_decided(0.5, 0.0, 0.0, 0.01, z)  # no spread: nothing to decide on


def test_a_run_grows_into_the_same_games_as_a_run_of_that_size(tmp_path):
    lineup = ["default", "random"]
    out = tmp_path / "run"
    simulate(lineup, 8, 3, out=out, chunk_size=4, rotate=True)
    grown = simulate(lineup, 16, 3, out=out, chunk_size=4, rotate=True, resume=True, extend=True)
    whole = simulate(lineup, 16, 3, chunk_size=4, rotate=True)
    assert grown.manifest["complete"] and grown.manifest["extended_from"] == [8]
    assert grown.players.equals(whole.players)
    # without extend, or from a run that is not whole chunks, the games are different settings
    with pytest.raises(RunDirError, match="games"):
        simulate(lineup, 24, 3, out=out, chunk_size=4, rotate=True, resume=True)
    odd = tmp_path / "odd"
    simulate(lineup, 6, 3, out=odd, chunk_size=4, rotate=True)
    with pytest.raises(RunDirError, match="games"):
        simulate(lineup, 16, 3, out=odd, chunk_size=4, rotate=True, resume=True, extend=True)


# --- the axis experiment --------------------------------------------------------------------
AXIS_SPEC = {
    "name": "axis_tiny",
    "kind": "axis",
    "anchor": "default",
    "player_counts": [2],
    "games": 60,
    "quick_games": 6,
    "seed": 9,
    "levels": [{"player": "random"}, {"player": "baseline_v1", "games": 40}],
}


def test_an_axis_plays_each_level_in_one_seat_against_the_anchor():
    spec = parse_spec(AXIS_SPEC)
    plan = experiment_plan(spec, spec.games)
    assert [(p.name, p.lineup, p.games, p.rotate) for p in plan] == [
        ("axis/random/2p", ("random", "default"), 60, True),
        ("axis/baseline_v1/2p", ("baseline_v1", "default"), 40, True),
    ]
    assert spec_from_record({"spec": spec.to_dict()}) == spec


@pytest.mark.parametrize(
    "change,needle",
    [
        ({"levels": []}, "at least one level"),
        ({"levels": [{"player": "default"}]}, r"levels\[0\].player"),
        ({"levels": [{"player": "random"}, {"player": "random"}]}, r"levels\[1\].player"),
        ({"levels": [{"player": "random", "colour": 1}]}, r"levels\[0\]"),
        ({"anchor": "nobody"}, "anchor"),
    ],
)
def test_bad_axis_fields_are_named(change, needle):
    with pytest.raises(SpecError, match=needle):
        parse_spec({**AXIS_SPEC, **change})


def test_only_an_axis_takes_levels():
    d = {"name": "x", "kind": "seats", "games": 4, "seed": 1, "levels": []}
    with pytest.raises(SpecError, match="only a axis experiment takes it"):
        parse_spec(d)


def test_the_axis_rates_random_far_below_default(tmp_path):
    exp = run_experiment(parse_spec(AXIS_SPEC), tmp_path / "axis")
    axis = axis_of(exp)
    rnd, base = axis.rating("random", 2), axis.rating("baseline_v1", 2)
    assert rnd is not None and base is not None
    assert rnd.high < 0 and rnd.rating < base.rating  # default wins nearly every 2p game
    assert axis.rating("default", 2).rating == 0.0
    assert axis.rating("nobody") is None
    assert axis.describe("random", 2).startswith("random (-")


# --- runs that grow until decided, end to end ----------------------------------------------
PAIRED = {
    "name": "looks_tiny",
    "kind": "paired",
    "players": ["default", "default"],
    "games": 40,
    "quick_games": 8,
    "seed": 5,
    "arms": [
        {"name": "never_pay", "label": "never pays to act early", "restrict": "never_pay"},
        {"name": "alvares", "label": "always hosts Alvares", "restrict": "always_host=alvares"},
    ],
    "robustness": {
        "replicates": 1,
        "quick_replicates": 1,
        "data_games": 0,
        "strengths": [
            {"player": "random", "opponents": "default", "games": 32, "batch": 8},
        ],
    },
}


def test_a_strength_grows_only_the_arms_still_undecided(tmp_path):
    from vdgsim.analysis.paired import arm_effects

    spec = parse_spec(PAIRED)
    plan = {p.name: p for p in experiment_plan(spec, 40)}
    grown = plan["robust/strength_random/baseline"]
    assert grown.looks == (8, 16, 32) and grown.group == "robust/strength_random/"
    exp = run_experiment(spec, tmp_path / "exp")
    prefix = "robust/strength_random/"
    games = {n: r.manifest["counts"]["games"] for n, r in exp.runs.items() if n.startswith(prefix)}
    assert set(games.values()) <= {8, 16, 32}
    assert games[prefix + "baseline"] == max(games.values())
    # an arm that stopped before the budget was decided at its size; the rest grew to the end
    own = {r["arm"]: r for r in arm_effects(exp).iter_rows(named=True)}
    z = look_z(3)
    for r in arm_effects(exp, prefix=prefix).iter_rows(named=True):
        if games[prefix + r["arm"]] < 32:
            o = own[r["arm"]]
            decided = look_decided(
                r["win_share_diff"], r["win_share_se"], o["win_share_diff"], o["win_share_se"], z
            )
            assert decided, r
    assert set(R.labels(exp)) == {"never_pay", "alvares"}


def test_the_learned_player_is_a_level_and_a_strength_that_keeps_the_arms_restriction():
    """The shipped axis lists it above default's predecessor and below the search levels, and
    a paired spec's strength may name it: each arm's restriction binds it as it binds
    default (the learned player filters its legal actions first, as the heuristic does)."""
    from vdgsim.analysis.experiment import list_specs

    axis = next(s for s in list_specs() if s.kind == "axis" and s.game == "vdg")
    levels = [lv.player for lv in axis.levels]
    assert levels.index("baseline_v1") < levels.index("learned")
    assert all(levels.index("learned") < i for i, p in enumerate(levels) if p.startswith("mc"))
    strength = {"player": "learned", "opponents": "default", "games": 16}
    rob = {**PAIRED["robustness"], "strengths": [strength]}
    plan = {p.name: p for p in experiment_plan(parse_spec({**PAIRED, "robustness": rob}), 40)}
    prefix = "robust/strength_learned/"
    assert plan[prefix + "baseline"].lineup == ("learned", "default")
    assert plan[prefix + "never_pay"].lineup == ("learned+never_pay", "default")
    assert plan[prefix + "alvares"].lineup == ("learned+always_host=alvares", "default")


# random players in both seats of a 2-player game; the balance their runs are judged on
SEATS = {
    "name": "seats_looks",
    "kind": "seats",
    "preset": "default",
    "player_counts": [2],
    "games": 400,
    "quick_games": 40,
    "seed": 5,
    "other_presets": [{"player": "random", "games": 1600, "batch": 100}],
}


def _judged(exp, name: str, tolerance: float, confidence: float = 0.95) -> str:
    from vdgsim.analysis import seats

    players = seats.seat_players({name: exp.runs[name]})
    table, _ = seats.spread_table(players, True, confidence)
    return seats.judge(zip(table["gap_low"], table["gap_high"], strict=True), tolerance)


def test_another_player_in_every_seat_stops_once_its_balance_is_decided(tmp_path):
    # a tolerance of 40 pp: 100 games already put both seats within it
    spec = parse_spec({**SEATS, "tolerance_pp": 40})
    looks = {p.name: p.looks for p in experiment_plan(spec, spec.games)}["other/random/2p"]
    exp = run_experiment(spec, tmp_path / "wide")
    run = exp.runs["other/random/2p"]
    assert run.manifest["complete"] and run.manifest["counts"]["games"] == looks[0] < 120
    assert _judged(exp, "other/random/2p", 0.40) == "balanced"
    lab = R.seats_labels(exp)[R.seat_key(2, 1)]["skill"]
    assert lab.label == R.UNRATED  # no axis: random is not placed on it
    # random's seat 0 is far from fair: with a tolerance of 0.1 pp no seat can be within it,
    # and the first look already puts one wholly outside it
    exp = run_experiment(parse_spec({**SEATS, "tolerance_pp": 0.1}), tmp_path / "narrow")
    assert exp.runs["other/random/2p"].manifest["counts"]["games"] == looks[0]
    assert _judged(exp, "other/random/2p", 0.001) == "not balanced"


def test_a_tolerance_is_a_seats_field_recorded_with_the_spec():
    spec = parse_spec({**SEATS, "tolerance_pp": 2.5})
    assert spec.tolerance == pytest.approx(0.025)
    assert spec_from_record({"spec": spec.to_dict()}).tolerance == spec.tolerance
    assert "tolerance" not in parse_spec(SEATS).to_dict()  # as recorded before it was a field
    for bad in (0, 100, -1):
        with pytest.raises(SpecError, match="tolerance_pp"):
            parse_spec({**SEATS, "tolerance_pp": bad})
    with pytest.raises(SpecError, match="only a seats experiment takes it"):
        parse_spec({**AXIS_SPEC, "tolerance_pp": 3})


# --- designer measures at each level -------------------------------------------------------------
def test_basic_measures_of_a_game_need_no_per_round_scores():
    from vdgsim.analysis.measures import CLOSE_MARGIN, basic_per_game

    players = pl.DataFrame({"game": [0, 0, 1, 1, 2, 2], "vp": [10, 8, 5, 20, 7, 7]})
    games = pl.DataFrame(
        {
            "game": [0, 1, 2],
            "seed": [1, 2, 3],
            "players": [2, 2, 2],
            "decisions": [40, 60, 50],
            "winners": [1, 1, 2],
        }
    )
    t = basic_per_game(players, games).sort("game")
    assert t["margin"].to_list() == [2, 15, 0]
    assert t["close"].to_list() == [float(CLOSE_MARGIN >= 2), 0.0, 1.0]
    assert t["shared_win"].to_list() == [0.0, 0.0, 1.0]
    assert t["winning_vp"].to_list() == [10, 20, 7]
    assert t["decisions_per_player"].to_list() == [20.0, 30.0, 25.0]


def test_an_unclear_strongest_level_says_how_far_a_weaker_search_level_confirmed_it():
    levels = [("strength_mid", "mid"), ("strength_top", "top")]
    axis = _axis(mid=250.0, top=450.0)
    by = {"main": _e(-0.05, 0.01), "strength_mid": _e(-0.05, 0.01)}
    by["strength_top"] = _e(-0.01, 0.04, deals=20)
    lab = R.skill_label(by, levels, "default", axis)
    # the label is the strongest level's; the sentence adds what the level below it tells
    assert lab.label == R.UNCLEAR_SKILL and lab.which == ("top",)
    assert lab.text() == (
        "unclear at top (+450 Elo over default): 20 deals cannot tell; "
        "holds up to mid (+250 Elo over default)"
    )
    assert not R.holds_on_all(
        {"replication": R.Label(R.REPLICATED, ""), "data": R.Label(R.STABLE, ""), "skill": lab}
    )


def test_a_goa_seat_run_is_judged_by_turn_position_and_plays_its_budget_while_undecided(
    tmp_path,
):
    d = {
        "name": "goa_looks",
        "game": "goa",
        "kind": "seats",
        "preset": "default",
        "player_counts": [2],
        "games": 24,
        "seed": 7,
        "other_presets": [{"player": "random", "games": 96, "batch": 24}],
    }
    exp = run_experiment(parse_spec(d), tmp_path / "exp")
    # 96 games put no turn position's interval within ±3 pp: every look was undecided
    assert exp.runs["other/random/2p"].manifest["counts"]["games"] == 96
    from vdgsim.analysis import seats

    players = seats.seat_players({"x": exp.runs["other/random/2p"]})
    table, key = seats.spread_table(players, False)
    assert key == "position" and "position" in table.columns
    assert seats.judge(zip(table["gap_low"], table["gap_high"], strict=True), 0.03) != "balanced"
    # with a tolerance no interval can miss, the first look decides it
    wide = run_experiment(parse_spec({**d, "tolerance_pp": 60}), tmp_path / "wide")
    assert wide.runs["other/random/2p"].manifest["counts"]["games"] == 24


# --- choosing the levels ------------------------------------------------------------------------
def test_levels_keep_only_the_named_players_of_every_spec():
    from vdgsim.analysis.experiment import list_specs
    from vdgsim.report.build import keep_levels, spec_levels

    specs = list_specs()
    kept = keep_levels(specs, ["baseline_v1"])
    for before, after in zip(specs, kept, strict=True):
        assert set(spec_levels(after)) <= {"baseline_v1"}, after.name
        assert ("baseline_v1" in spec_levels(before)) == ("baseline_v1" in spec_levels(after))
        assert after.arms == before.arms and after.games == before.games
    seats = next(s for s in kept if s.name == "seats")
    assert seats.deal_presets == ("baseline_v1",)
    with pytest.raises(SpecError, match="'mc:rollouts=7' is not a level of this report"):
        keep_levels(specs, ["mc:rollouts=7"])
    with pytest.raises(SpecError, match="without a level"):
        keep_levels([s for s in specs if s.kind == "axis"] + specs[:1], ["baseline_v1"][:0])


def test_the_levels_option_is_a_one_line_error_for_an_unknown_player(monkeypatch, capsys, tmp_path):
    from test_report_dirs import one_line_error, vdg

    out = tmp_path / "r"
    code, _, err = vdg(monkeypatch, capsys, "report", "--out", str(out), "--levels", "nobody")
    one_line_error(code, err, "--levels: 'nobody' is not a level of this report")
    assert not out.exists()


def test_a_look_interrupted_while_it_grew_is_finished_on_resume(tmp_path):
    spec = parse_spec(PAIRED)
    out = tmp_path / "exp"
    first = run_experiment(spec, out)
    name = "robust/strength_random/baseline"
    p = next(p for p in experiment_plan(spec, 40) if p.name == name)
    size = first.runs[name].manifest["run"]["games"]
    assert size > p.looks[0]
    expected = first.runs[name].players

    def stop(_: int) -> None:
        raise KeyboardInterrupt

    # the run killed after its first chunk while growing to its last look's size
    with pytest.raises(KeyboardInterrupt):
        simulate(
            list(p.lineup),
            size,
            spec.seed,
            out=out / name,
            force=True,
            rotate=True,
            chunk_size=p.chunk_size,
            progress=stop,
        )
    again = run_experiment(spec, out, resume=True)
    run = again.runs[name]
    assert run.manifest["complete"] and run.manifest["run"]["games"] == size
    assert run.players.equals(expected)


def test_only_keeps_the_skill_axis_and_the_axis_rates_the_other_players(tmp_path):
    from test_robust_sweeps_seats import _toml

    from vdgsim.report import build_report

    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "axis.toml").write_text(_toml(AXIS_SPEC))
    seats_spec = {
        "name": "seats_x",
        "kind": "seats",
        "preset": "default",
        "player_counts": [2],
        "games": 400,
        "quick_games": 200,
        "seed": 3,
        "other_presets": [{"player": "random", "games": 40, "quick_games": 40}],
    }
    (folder / "seats.toml").write_text(_toml(seats_spec))
    (folder / "other.toml").write_text(_toml({**seats_spec, "name": "other_x"}))
    summary = build_report(tmp_path / "r", quick=True, experiments=folder, only=["seats_x"])
    assert [s["name"] for s in summary["sections"]] == ["axis_tiny", "seats_x"]
    assert summary["header"]["axis"].startswith("random ")
    seats = summary["sections"][1]
    labels = [f["skill"]["label"] for f in seats["findings"] if "skill" in f]
    # random is rated below default, so nothing is checked above default's level
    assert labels and set(labels) == {R.WEAKER_ONLY}
