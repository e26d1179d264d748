"""Robustness labels of sweep and seat findings: the planned runs (names, seeds, overrides,
sizes, --quick), the labels from hand-made effects, and small experiments labelled end to end
up to report.json and its summary."""

from __future__ import annotations

import copy
import dataclasses
import json
import math

import polars as pl
import pytest
from scipy import stats
from test_experiments import _app as experiment_cli  # the same commands
from test_report import _app as report_cli
from typer.testing import CliRunner

from vdgsim.analysis import robustness as R
from vdgsim.analysis.experiment import (
    SpecError,
    experiment_plan,
    load_experiment,
    overrides_touch,
    parse_spec,
    run_experiment,
    spec_from_record,
)
from vdgsim.analysis.reconstructed import ALTERNATIVES
from vdgsim.analysis.skill import SkillAxis
from vdgsim.report.findings import Finding
from vdgsim.report.sections import build_section

ROBUSTNESS = {
    "replicates": 3,
    "quick_replicates": 2,
    "data_games": 8,
    "quick_data_games": 0,
    "strengths": [{"player": "baseline_v1", "games": 6, "quick_games": 4}],
}
SWEEP = {
    "name": "sweep_tiny",
    "kind": "sweep",
    "players": ["default", "frugal"],
    "games": 16,
    "quick_games": 8,
    "seed": 21,
    "sweep": {"key": "costs.dias_vp", "values": [1, 2, 3]},
    "robustness": ROBUSTNESS,
}
SEATS = {
    "name": "seats_tiny",
    "kind": "seats",
    "preset": "default",
    "player_counts": [2, 3],
    "games": 20,
    "quick_games": 10,
    "seed": 22,
    "other_presets": [{"player": "random", "games": 12, "quick_games": 0}],
    "robustness": {"replicates": 3, "quick_replicates": 2, "data_games": 6, "quick_data_games": 0},
}


def _robust(plan: list) -> dict:
    return {p.name: p for p in plan if p.name.startswith("robust/")}


# --- planning -------------------------------------------------------------------------------
def test_a_sweep_replays_its_two_end_values_per_seed_strength_and_alternative():
    spec = parse_spec(SWEEP)
    plan = experiment_plan(spec, 16)
    assert [p.name for p in plan[:3]] == ["costs.dias_vp=1", "costs.dias_vp=2", "costs.dias_vp=3"]
    rob = _robust(plan)
    variants = ["seed2", "seed3", "strength_baseline_v1"] + [f"data_{a.name}" for a in ALTERNATIVES]
    assert list(rob) == [f"robust/{v}/costs.dias_vp={x}" for v in variants for x in (1, 3)]
    # each seed plays both ends on one seed of its own: a paired change on new deals
    seeds = {
        v: {rob[f"robust/{v}/costs.dias_vp={x}"].seed for x in (1, 3)} for v in ("seed2", "seed3")
    }
    assert all(len(s) == 1 for s in seeds.values())
    assert len(seeds["seed2"] | seeds["seed3"] | {21}) == 3
    assert rob["robust/seed2/costs.dias_vp=3"].games == 16  # the spec's games per value
    assert rob["robust/seed2/costs.dias_vp=3"].overrides == {"costs.dias_vp": 3}
    s = rob["robust/strength_baseline_v1/costs.dias_vp=1"]
    # a mixed line-up: position 0 is replaced, the others keep their presets
    assert s.lineup == ("baseline_v1", "frugal") and s.games == 6 and s.seed is None
    for a in ALTERNATIVES:
        d = rob[f"robust/data_{a.name}/costs.dias_vp=3"]
        assert d.overrides == {**a.overrides, "costs.dias_vp": 3} and d.games == 8
    quick = _robust(experiment_plan(spec, 8, quick=True))
    assert list(quick) == [
        "robust/seed2/costs.dias_vp=1",
        "robust/seed2/costs.dias_vp=3",
        "robust/strength_baseline_v1/costs.dias_vp=1",
        "robust/strength_baseline_v1/costs.dias_vp=3",
    ]
    assert quick["robust/seed2/costs.dias_vp=1"].games == 8
    assert quick["robust/strength_baseline_v1/costs.dias_vp=1"].games == 4
    assert spec_from_record(json.loads(json.dumps({"spec": spec.to_dict()}))) == spec


def test_identical_players_all_take_the_other_strength():
    d = copy.deepcopy(SWEEP)
    d["players"] = ["default", "default", "default"]
    rob = _robust(experiment_plan(parse_spec(d), 16))
    assert rob["robust/strength_baseline_v1/costs.dias_vp=3"].lineup == ("baseline_v1",) * 3
    d["robustness"]["strengths"][0]["opponents"] = "random"
    with pytest.raises(SpecError, match=r"robustness\.strengths\[0\]\.opponents: a sweep of"):
        parse_spec(d)


def test_a_mixed_sweep_refuses_a_strength_that_also_plays_another_seat():
    d = copy.deepcopy(SWEEP)
    d["robustness"]["strengths"] = [{"player": "frugal", "games": 4}]
    with pytest.raises(SpecError, match=r"strengths\[0\]\.player: 'frugal' also plays"):
        parse_spec(d)
    d["robustness"]["strengths"] = [{"player": "frugal", "opponents": "random", "games": 4}]
    rob = _robust(experiment_plan(parse_spec(d), 16))
    assert rob["robust/strength_frugal/costs.dias_vp=1"].lineup == ("frugal", "random")


def test_an_alternative_that_sets_the_swept_key_is_not_played():
    d = copy.deepcopy(SWEEP)
    comp = [1] * 5 + [2] * 5 + [3] * 10
    d["sweep"] = {"key": "give_up_compensation.numbers_1_to_20", "values": [comp, [2] * 20]}
    names = {p.name.split("/")[1] for p in _robust(experiment_plan(parse_spec(d), 16)).values()}
    assert {"data_comp1_5_none", "data_comp1_5_two", "data_comp16_20_four"}.isdisjoint(names)
    assert "data_merchants_lower" in names
    assert overrides_touch({"landings.calicut.slots": [1]}, "landings.calicut.slots")
    assert overrides_touch({"projects.III.0.limit": 4}, "projects.III")
    assert overrides_touch({"landings.calicut": {}}, "landings.calicut.slots")
    assert not overrides_touch({"landings.calicut.slots": [1]}, "landings.calicut.completion_vp")


def test_seats_replay_every_player_count_on_other_seeds_and_alternatives():
    spec = parse_spec(SEATS)
    plan = experiment_plan(spec, 20)
    assert [p.name for p in plan[:4]] == ["2p", "3p", "other/random/2p", "other/random/3p"]
    rob = _robust(plan)
    variants = ["seed2", "seed3"] + [f"data_{a.name}" for a in ALTERNATIVES]
    assert list(rob) == [f"robust/{v}/{p}p" for v in variants for p in (2, 3)]
    assert rob["robust/seed3/3p"].lineup == ("default",) * 3 and not rob["robust/seed3/3p"].rotate
    assert rob["robust/seed2/2p"].seed == rob["robust/seed2/3p"].seed not in (None, 22)
    assert rob["robust/seed2/2p"].games == 20 and rob["robust/data_slots4_more/2p"].games == 6
    assert rob["robust/data_deck3_lower/3p"].overrides == ALTERNATIVES[5].overrides
    quick = experiment_plan(spec, 10, quick=True)
    assert [p.name for p in quick] == ["2p", "3p", "robust/seed2/2p", "robust/seed2/3p"]
    again = spec_from_record(json.loads(json.dumps({"spec": spec.to_dict()})))
    assert again.robustness == spec.robustness and again.robustness.data_games == 6


def test_seats_with_another_deal_replay_it_on_the_same_seeds_and_alternatives():
    spec = parse_spec({**SEATS, "character_deal": ["rulebook", "random"], "deal_games": 8})
    rob = _robust(experiment_plan(spec, 20))
    deal = {n: r for n, r in rob.items() if "/deal/" in n}
    variants = ["seed2", "seed3"] + [f"data_{a.name}" for a in ALTERNATIVES]
    assert list(deal) == [f"robust/{v}/deal/random/{p}p" for v in variants for p in (2, 3)]
    # the same seed as the variant's rulebook runs, so the two deals stay paired per game
    assert deal["robust/seed2/deal/random/3p"].seed == rob["robust/seed2/3p"].seed
    assert deal["robust/seed2/deal/random/2p"].overrides == {"setup.character_deal": "random"}
    alt = ALTERNATIVES[5]
    assert deal[f"robust/data_{alt.name}/deal/random/2p"].overrides == {
        **alt.overrides,
        "setup.character_deal": "random",
    }
    # at most the deal's own games: 8 for a seed, the data size (6) for an alternative
    assert deal["robust/seed3/deal/random/2p"].games == 8
    assert deal[f"robust/data_{alt.name}/deal/random/3p"].games == 6


@pytest.mark.parametrize(
    "spec,change,needle",
    [
        (SEATS, {"strengths": []}, "robustness.strengths: a seats experiment replays"),
        (SEATS, {"colour": 1}, "robustness.colour: unknown field"),
        (SWEEP, {"colour": 1}, "robustness.colour: unknown field"),
        (SWEEP, {"quick_replicates": 0}, "robustness.quick_replicates: must be 1 to 20"),
    ],
)
def test_bad_robustness_fields_of_sweeps_and_seats_are_named(spec, change, needle):
    d = copy.deepcopy(spec)
    d["robustness"].update(change)
    with pytest.raises(SpecError, match=needle.replace("[", r"\[")):
        parse_spec(d)


def test_a_tournament_takes_no_robustness_table_and_a_one_value_sweep_none_either():
    t = {"name": "t", "kind": "tournament", "presets": ["default", "random"], "games": 4}
    with pytest.raises(SpecError, match="robustness: only a paired or seats or sweep"):
        parse_spec({**t, "seed": 1, "robustness": {}})
    with pytest.raises(SpecError, match="robustness: a sweep needs two values"):
        parse_spec({**SWEEP, "sweep": {"key": "costs.dias_vp", "values": [2]}})


def test_an_unknown_robustness_field_is_refused_in_one_line(tmp_path):
    from vdgsim.commands.common import InputError

    spec = tmp_path / "bad.toml"
    spec.write_text(
        'name = "bad"\nkind = "sweep"\nplayers = ["random", "random"]\ngames = 8\nseed = 1\n'
        '[sweep]\nkey = "costs.dias_vp"\nvalues = [1, 3]\n[robustness]\nrepeats = 4\n'
    )
    args = ["experiment", "run", str(spec), "--out", str(tmp_path / "o")]
    res = CliRunner().invoke(experiment_cli(), args)
    assert isinstance(res.exception, InputError)
    message = str(res.exception)
    assert "\n" not in message
    assert message.startswith(f"{spec}: robustness.repeats: unknown field (known: data_games")
    assert not (tmp_path / "o").exists()


# --- labels from hand-made effects -----------------------------------------------------------
def _e(variant: str, diff: float, se: float = 0.01, deals: int = 4000) -> R.Effect:
    z = stats.norm.ppf(0.975)
    return R.Effect(variant, diff, diff - z * se, diff + z * se, se, deals)


def _axis_above(player: str, rating: float) -> SkillAxis:
    """An axis that rates ``player`` ``rating`` Elo from default."""
    return SkillAxis.pooled("default", {player: (rating, rating - 50.0, rating + 50.0)})


def _variants(seeds: list[float], strength: float, data: dict[str, float]) -> dict:
    names = ["main"] + [f"seed{k}" for k in range(2, len(seeds) + 1)]
    out = {n: _e(n, d) for n, d in zip(names, seeds, strict=True)}
    out["strength_baseline_v1"] = _e("strength_baseline_v1", strength, se=0.015)
    out.update({f"data_{n}": _e(f"data_{n}", d, se=0.015) for n, d in data.items()})
    return out


def test_labels_of_a_replicated_a_non_replicated_and_a_data_dependent_effect():
    stable = {a.name: 0.06 for a in ALTERNATIVES}
    moved = {**stable, "calicut_lower": -0.05}
    effects = {
        "replicated": _variants([0.06, 0.05, 0.07], 0.04, stable),
        "seed luck": _variants([0.05, -0.02, 0.0], 0.0, {a.name: 0.0 for a in ALTERNATIVES}),
        "data": _variants([0.06, 0.05, 0.07], 0.05, moved),
    }
    labs = R.labels_of(
        effects,
        [("strength_baseline_v1", "baseline_v1", " in every seat")],
        "default",
        _axis_above("baseline_v1", 150.0),
    )
    rep = labs["replicated"]
    assert (rep["replication"].label, rep["skill"].label, rep["data"].label) == (
        R.REPLICATED,
        R.HOLDS,
        R.STABLE,
    )
    # pooled over three seeds of 4,000 deals: +6.0 pp, se 0.01 / sqrt(3)
    assert "+6.0 [+4.9, +7.1] pp" in rep["replication"].evidence
    assert "baseline_v1 (+150 Elo over default) in every seat: +4 [+1, +7]" in rep["skill"].evidence
    assert labs["seed luck"]["replication"].label == R.NOT_REPLICATED
    assert labs["seed luck"]["skill"].label == R.HOLDS  # no clear effect anywhere
    d = labs["data"]["data"]
    assert d.label == R.CHANGES and d.which == ("Mombasa and Calicut slot values",)
    assert labs["data"]["replication"].label == R.REPLICATED
    # without its other runs a label says so
    alone = R.labels_of({"x": {"main": _e("main", 0.06)}}, [], "default")["x"]
    assert {lab.label for lab in alone.values()} == {R.NOT_CHECKED}


def test_seat_gaps_become_effects_with_the_wilson_spread():
    row = {"gap": 0.04, "gap_low": 0.02, "gap_high": 0.06, "win_low": 0.52, "win_high": 0.56}
    e = R.seat_gap({**row, "n": 2000}, "main")
    assert (e.diff, e.low, e.high, e.deals) == (0.04, 0.02, 0.06, 2000)
    assert e.se == pytest.approx(0.04 / (2 * 1.959964), rel=1e-4) and e.sign == 1
    assert math.isclose(R.pooled([e, e])[0].se, e.se / math.sqrt(2))


# --- end to end -------------------------------------------------------------------------------
# Found by trying: with two default players (seats not rotated) seat 1 wins about 70% at 2
# starting Reals and less at 40, while with two baseline_v1 players it wins more at 40: a
# replicated change that depends on the player
RICH_SWEEP = {
    "name": "reals_sweep",
    "kind": "sweep",
    "players": ["default", "default"],
    "rotate": False,
    "games": 400,
    "quick_games": 40,
    "seed": 5,
    "sweep": {"key": "counts.starting_reals", "values": [2, 40]},
    "robustness": {
        "replicates": 3,
        "quick_replicates": 2,
        "data_games": 100,
        "quick_data_games": 0,
        "strengths": [{"player": "baseline_v1", "games": 200, "quick_games": 0}],
    },
}
# two default players: seat 1 (dealt Sernigi) wins about 70% of the games, and with baseline_v1
# in both seats it still wins more than half
SEATS_2P = {
    "name": "seats_2p",
    "kind": "seats",
    "preset": "default",
    "player_counts": [2],
    "games": 400,
    "quick_games": 40,
    "seed": 5,
    "other_presets": [{"player": "baseline_v1", "games": 400, "quick_games": 0}],
    "robustness": {
        "replicates": 3,
        "quick_replicates": 2,
        "data_games": 200,
        "quick_data_games": 0,
    },
}


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    return run_experiment(parse_spec(RICH_SWEEP), tmp_path_factory.mktemp("sweep") / "exp")


@pytest.fixture(scope="module")
def seats_run(tmp_path_factory):
    return run_experiment(parse_spec(SEATS_2P), tmp_path_factory.mktemp("seats") / "exp")


def _causal(sec) -> list[Finding]:
    return [f for f in sec.findings if isinstance(f, Finding)]


def test_a_sweep_change_that_depends_on_the_player_is_labelled_so(sweep_run):
    from vdgsim.report.render import summary_findings

    sec = build_section(sweep_run)
    found = _causal(sec)
    assert len(found) == 2  # a finding per seat
    seat1 = next(f for f in found if "seat 1's" in f.text)
    step = sec.tables["step_changes"].filter(pl.col("seat") == "1").row(0, named=True)
    assert seat1.effect.value == step["change"] < 0 and seat1.effect.unit == "pp"
    assert (seat1.effect.low, seat1.effect.high) == (step["low"], step["high"])
    labels = seat1.labels
    assert labels["replication"].label == R.REPLICATED, labels["replication"].evidence
    assert "pooled over 3 seeds" in labels["replication"].evidence
    # without an axis the other player is unrated; on one that rated it above default, the
    # opposite change there reverses the finding
    assert labels["skill"].label == R.UNRATED, labels["skill"].evidence
    assert "baseline_v1 in every seat: " in labels["skill"].evidence
    rated = R.sweep_labels(dataclasses.replace(sweep_run, axis=_axis_above("baseline_v1", 150.0)))
    assert rated["1"]["skill"].label == R.REVERSES, rated["1"]["skill"].evidence
    assert rated["1"]["skill"].which == ("baseline_v1",)
    assert labels["data"].label in R.LABELS["data"][:3]
    assert labels["data"].evidence.count("pp") == len(ALTERNATIVES)
    assert seat1 not in [f for _, f in summary_findings([sec])]
    # the section's own tables read the swept values only, not the robustness replays
    assert sec.tables["winning_vp"].height == 2 and sec.info.games == 800
    assert sec.tables["robustness"]["seat"].to_list() == ["0", "1"]
    again = build_section(load_experiment(sweep_run.path))
    assert [f.label_text() for f in _causal(again)] == [f.label_text() for f in found]


def test_a_seat_effect_that_holds_on_all_three_reaches_the_summary(seats_run):
    from vdgsim.report.render import summary_findings

    # baseline_v1 plays below default: the seat finding is not summarised on its evidence
    weaker = dataclasses.replace(seats_run, axis=_axis_above("baseline_v1", -150.0))
    assert not summary_findings([build_section(weaker)])
    # on an axis that rated it above default, the finding holds up to it
    sec = build_section(dataclasses.replace(seats_run, axis=_axis_above("baseline_v1", 150.0)))
    found = _causal(sec)
    assert len(found) == 2  # seat 1 above the fair share, seat 0 below
    seat1 = next(f for f in found if "seat 1 (dealt Girolamo Sernigi)" in f.text)
    row = sec.tables["win_by_seat"].filter(pl.col("seat") == 1).row(0, named=True)
    assert seat1.effect.value == pytest.approx(row["win_share"] - 0.5) and row["n"] == 400
    assert seat1.effect.low == pytest.approx(row["win_low"] - 0.5)
    assert seat1.holds_on_all(), seat1.label_text()
    assert "baseline_v1 (+150 Elo over default) in every seat:" in seat1.labels["skill"].evidence
    assert seat1.labels["skill"].label == R.SHRINKS  # +15.1 pp with default, +8.8 with it
    assert "per seed:" in seat1.labels["replication"].evidence
    assert seat1 in [f for _, f in summary_findings([sec])]
    # the verdict's balance: default's seats, and the strongest level that played every seat
    (b,) = sec.balance
    assert (b.players, b.own.player, b.skilled.player) == (2, "default", "baseline_v1")
    assert b.skilled.seats[1].gap == pytest.approx(seat1.labels["skill"].at.diff)
    assert b.own.seats[1].gap == seat1.effect.value
    # and default's gaps set beside skilled play's in the section
    assert any(str(f).startswith("With 2 players default") for f in sec.findings)
    # on an axis that puts it below default, no level speaks for skilled play
    (b,) = build_section(weaker).balance
    assert b.skilled is None and b.headline() == f"2 players: {b.verdict()} with default"
    # the other players give a label, not a second sentence
    assert not any("holds for every player" in str(f) for f in sec.findings)
    assert sec.tables["robustness"]["finding"].to_list() == ["2p seat 0", "2p seat 1"]


def test_without_a_strength_a_mixed_sweep_says_why_other_strategies_have_no_skill_label(
    tmp_path,
):
    d = copy.deepcopy(SWEEP)
    d["players"] = ["default", "random"]
    d["games"], d["robustness"]["data_games"] = 8, 0
    d["sweep"]["values"] = [0, 30]
    labels = R.sweep_labels(run_experiment(parse_spec(d), tmp_path / "exp"))
    assert labels["random"]["skill"].label == R.NOT_CHECKED
    assert "line-up position 0 (default) only" in labels["random"]["skill"].evidence
    assert labels["default"]["skill"].label != R.NOT_CHECKED
    assert "baseline_v1 against random" in labels["default"]["skill"].evidence
    assert labels["default"]["data"].label == R.NOT_CHECKED


def test_report_json_gives_sweep_and_seat_findings_their_effect_and_labels(tmp_path):
    exp = tmp_path / "experiments"
    exp.mkdir()
    # the seats with the characters also dealt at random: those findings are labelled too
    deal = {"character_deal": ["rulebook", "random"], "deal_games": 400, "quick_deal_games": 100}
    for spec in (RICH_SWEEP, {**SEATS_2P, **deal}):
        d = {**spec, "quick_games": 100}
        d["robustness"] = {**spec["robustness"], "quick_data_games": 20}
        (exp / f"{d['name']}.toml").write_text(_toml(d))
    out = tmp_path / "out"
    args = ["report", "--out", str(out), "--quick", "--experiments", str(exp)]
    res = CliRunner().invoke(report_cli(), args)
    assert res.exit_code == 0, res.output + repr(res.exception)
    data = json.loads((out / "report.json").read_text())
    for name in ("reals_sweep", "seats_2p"):
        sec = next(s for s in data["sections"] if s["name"] == name)
        causal = [f for f in sec["findings"] if "effect" in f]
        assert causal, name
        if name == "seats_2p":  # a seat and a character averaged over the random deal
            assert sum("dealt at random" in f["text"] for f in causal) >= 2
            table = pl.read_csv(out / "tables" / "seats_2p-robustness.csv")
            assert table.filter(pl.col("finding").str.starts_with("random deal")).height == 4
        for f in causal:
            assert set(f["effect"]) == {"label", "value", "low", "high", "unit"}
            assert f["effect"]["unit"] == "pp" and f["effect"]["low"] <= f["effect"]["high"]
            for k in ("replication", "skill", "data"):
                assert f[k]["label"] in R.LABELS[k] and f[k]["evidence"], (name, k)
            assert f["data"]["label"] != R.NOT_CHECKED  # played at its quick size of 8
    # quick: no strength plays, so nothing holds at every strength and the summary is empty
    assert data["summary"] == []


def _toml_value(v: object) -> str:
    # TOML inline tables and arrays; JSON spells strings, numbers and booleans alike
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return json.dumps(v)


def _toml(d: dict) -> str:
    """A spec as a TOML file, every table inline."""
    return "".join(f"{k} = {_toml_value(v)}\n" for k, v in d.items())


def test_a_sweep_with_robustness_runs_resumes_and_refuses_other_sizes(tmp_path):
    from vdgsim.runner import RunDirError

    d = copy.deepcopy(SWEEP)
    d["quick_games"] = 4
    spec = parse_spec(d)
    out = tmp_path / "exp"
    first = run_experiment(spec, out, quick=True)
    assert "robust/strength_baseline_v1/costs.dias_vp=3" in first.runs
    again = run_experiment(spec, out, quick=True, resume=True)
    assert set(again.runs) == set(first.runs)
    run = "robust/seed2/costs.dias_vp=1"
    assert again.runs[run].players.equals(first.runs[run].players)
    assert set(load_experiment(out).runs) == set(first.runs)
    with pytest.raises(RunDirError, match="quick True -> False"):
        run_experiment(spec, out, resume=True)


def test_a_parameter_arm_has_no_run_at_a_search_strength():
    """A search player takes restrictions but not parameter changes, so an arm that changes a
    parameter is left out at a search strength (like an arm that swaps the player), while a
    restriction arm runs at every strength."""
    d = {
        "name": "param_arms",
        "kind": "paired",
        "players": ["default", "default"],
        "games": 8,
        "quick_games": 4,
        "seed": 5,
        "arms": [
            {"name": "no_pay", "restrict": "never_pay"},
            {"name": "captains", "restrict": "captain_value=1"},
        ],
        "robustness": {
            **ROBUSTNESS,
            "strengths": [
                {"player": "baseline_v1", "games": 4, "quick_games": 0},
                {"player": "mc:rollouts=4", "opponents": "default", "games": 4, "quick_games": 0},
            ],
        },
    }
    names = {p.name for p in experiment_plan(parse_spec(d), 8)}
    strengths = {n.split("/")[1] for n in names if n.startswith("robust/")} - {
        n.split("/")[1] for n in names if "/data_" in n or "/seed" in n
    }
    assert len(strengths) == 2, names
    for s in strengths:
        assert f"robust/{s}/no_pay" in names
    with_param = [s for s in strengths if f"robust/{s}/captains" in names]
    assert len(with_param) == 1 and "baseline" in with_param[0], names
