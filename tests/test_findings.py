"""Findings a designer can trust: robustness labels (the rules on hand-made effects, the
spec's [robustness] table, the planned runs, the reconstructed-data panel, a small experiment
labelled end to end), the play each restriction changed, and paired sweep steps."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from types import SimpleNamespace

import polars as pl
import pytest
from scipy import stats

from vdgsim.analysis import robustness as R
from vdgsim.analysis import seats, sensitivity
from vdgsim.analysis.common import rounded
from vdgsim.analysis.experiment import (
    ROBUST,
    SpecError,
    experiment_plan,
    parse_spec,
    replicate_seed,
    run_experiment,
    spec_from_record,
)
from vdgsim.analysis.reconstructed import ALTERNATIVES, groups
from vdgsim.analysis.skill import SkillAxis
from vdgsim.games.vasco.components import default_components, load_components
from vdgsim.report.sections import build_section


def _e(diff: float, se: float, deals: int = 1000, variant: str = "v") -> R.Effect:
    z = stats.norm.ppf(0.975)
    return R.Effect(variant, diff, diff - z * se, diff + z * se, se, deals)


LABELS3 = (R.STABLE, R.CHANGES, R.UNCLEAR_DATA)


# --- the comparison rule (data) ------------------------------------------------------
def test_a_variant_with_the_same_verdict_holds_even_with_another_size():
    lab = R.compare(_e(-0.20, 0.01), [("baseline_v1", _e(-0.05, 0.01))], LABELS3)
    assert lab.label == R.STABLE and lab.which == ()
    assert "baseline_v1: -5.0 [-7.0, -3.0] pp" in lab.evidence


def test_opposite_verdicts_change_the_finding():
    lab = R.compare(_e(-0.05, 0.01), [("a", _e(-0.05, 0.02)), ("b", _e(0.04, 0.01))], LABELS3)
    assert lab.label == R.CHANGES and lab.which == ("b",)


def test_a_lost_verdict_changes_it_only_beyond_the_bonferroni_bound():
    main = _e(-0.05, 0.01)
    # difference 0.05, se sqrt(2) * 0.01 * ... : z = 0.05 / hypot(0.01, 0.018) = 2.43
    weak = _e(0.0, 0.018)
    assert abs(weak.diff - main.diff) / math.hypot(main.se, weak.se) == pytest.approx(2.43, 0.01)
    alone = R.compare(main, [("a", weak)], LABELS3)
    assert alone.label == R.CHANGES  # 2.43 > 1.96 for one comparison
    among = R.compare(
        main, [("a", weak)] + [(f"x{i}", _e(-0.05, 0.01)) for i in range(10)], LABELS3
    )
    assert among.label == R.UNCLEAR_DATA and among.which == ("a",)  # 2.43 < 2.84 for 11


def test_no_variant_means_not_checked():
    assert R.compare(_e(0.1, 0.01), [], LABELS3).label == R.NOT_CHECKED


def test_a_null_finding_holds_when_no_variant_finds_an_effect():
    lab = R.compare(_e(0.001, 0.01), [("a", _e(-0.01, 0.01)), ("b", _e(0.015, 0.01))], LABELS3)
    assert lab.label == R.STABLE


# --- replication ---------------------------------------------------------------------------------
def test_pooled_effect_weights_deals_and_adds_standard_errors():
    pool, p = R.pooled([_e(0.1, 0.1, 500), _e(0.3, 0.1, 500)])
    assert pool.diff == pytest.approx(0.2)
    assert pool.se == pytest.approx(math.sqrt(0.02) / 2)
    assert p == pytest.approx(2 * stats.norm.sf(0.2 / (math.sqrt(0.02) / 2)))


def _seeds(*diffs: float, se: float = 0.01) -> dict[str, R.Effect]:
    names = ["main"] + [f"seed{k}" for k in range(2, len(diffs) + 1)]
    return {n: _e(d, se, variant=n) for n, d in zip(names, diffs, strict=True)}


def test_replication_labels():
    labs = R.replication_labels(
        {
            "clear": _seeds(-0.05, -0.04, -0.06),
            "flipped": _seeds(-0.05, 0.03, -0.06),
            "nothing": _seeds(0.002, -0.004, 0.001),
            "single": _seeds(-0.05),
        }
    )
    assert labs["clear"].label == R.REPLICATED
    assert labs["flipped"].label == R.NOT_REPLICATED
    assert labs["nothing"].label == R.NO_EFFECT
    assert labs["single"].label == R.NOT_CHECKED
    assert "per seed: -5.0, -4.0, -6.0" in labs["clear"].evidence


def test_replication_controls_the_false_discovery_rate_over_the_arms():
    # alone, p = 0.03 is a discovery; among nine nulls, Benjamini-Hochberg withholds it
    z = stats.norm.isf(0.015)
    se = 0.01 * math.sqrt(3)  # three seeds pooled: se / sqrt(3)
    lone = {"a": _seeds(*(z * 0.01,) * 3, se=se)}
    assert R.replication_labels(lone)["a"].label == R.REPLICATED
    crowd = {**lone, **{f"n{i}": _seeds(0.0, 0.0, 0.0, se=se) for i in range(9)}}
    assert R.replication_labels(crowd)["a"].label != R.REPLICATED


# --- the spec and its planned runs ---------------------------------------------------------------
SPEC = {
    "name": "robust_tiny",
    "kind": "paired",
    "players": ["default", "default"],
    "games": 16,
    "quick_games": 8,
    "seed": 5,
    "arms": [
        {
            "name": "always_alvares",
            "label": "always hosts Alvares",
            "restrict": "always_host=alvares",
        },
        {"name": "swap", "label": "plays random", "player": "random"},
    ],
    "robustness": {
        "replicates": 3,
        "quick_replicates": 2,
        "data_games": 8,
        "quick_data_games": 0,
        "strengths": [{"player": "baseline_v1", "games": 8, "quick_games": 4}],  # among peers
    },
}


def test_planned_robustness_runs():
    spec = parse_spec(SPEC)
    names = [p.name for p in experiment_plan(spec, 16)]
    per_variant = ["baseline", "always_alvares", "swap"]
    assert names[:3] == per_variant
    assert names[3:9] == [f"{ROBUST}/seed{k}/{a}" for k in (2, 3) for a in per_variant]
    # at another strength the restriction is kept and a swapped player has no meaning
    strength = [p for p in experiment_plan(spec, 16) if "/strength_baseline_v1/" in p.name]
    assert [p.lineup for p in strength] == [
        ("baseline_v1", "baseline_v1"),
        ("baseline_v1+always_host=alvares", "baseline_v1"),
    ]
    data = [p for p in experiment_plan(spec, 16) if "/data_" in p.name]
    assert len(data) == 3 * len(ALTERNATIVES) and all(p.overrides for p in data)
    quick = [p.name for p in experiment_plan(spec, 8, quick=True)]
    assert not any("/data_" in n or "/seed3/" in n for n in quick) and any(
        "/seed2/" in n for n in quick
    )


def test_replicate_seeds_are_distinct_and_not_neighbours():
    seeds = {replicate_seed(5, k) for k in range(2, 12)}
    assert len(seeds) == 10 and all(abs(s - 5) > 1000 for s in seeds)
    assert replicate_seed(5, 2) == replicate_seed(5, 2)


def test_the_robustness_table_survives_experiment_json():
    spec = parse_spec(SPEC)
    assert spec_from_record(json.loads(json.dumps({"spec": spec.to_dict()}))) == spec


@pytest.mark.parametrize(
    "path,value,needle",
    [
        ("replicates", 0, "robustness.replicates"),
        ("colour", 1, "robustness.colour"),
        ("strengths", [{"player": "default", "games": 8}], "already the focus player"),
        ("strengths", [{"player": "nobody", "games": 8}], "robustness.strengths[0].player"),
        ("strengths", [{"player": "baseline_v1", "games": 0}], "robustness.strengths[0]"),
    ],
)
def test_bad_robustness_fields_are_named(path, value, needle):
    d = copy.deepcopy(SPEC)
    d["robustness"][path] = value
    with pytest.raises(SpecError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        parse_spec(d)


# --- the reconstructed-data panel ----------------------------------------------------------------
def test_every_alternative_is_valid_data_that_differs_from_the_default():
    base = default_components().array
    for alt in ALTERNATIVES:
        arr = load_components(None, alt.overrides).array
        assert (arr != base).any(), alt.name


def test_the_panel_covers_every_reconstructed_group_the_issue_names():
    assert set(groups()) == {
        "4-player action slots",
        "give-up compensation 1-5",
        "give-up compensation 16-20",
        "deck III ship limits",
        "Mombasa and Calicut slot values",
        "merchant ship limits",
        "Vasco da Gama tile pairing",
    }


# --- end to end ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def labelled(tmp_path_factory):
    d = copy.deepcopy(SPEC)
    d["arms"] = d["arms"][:1]
    d["games"], d["robustness"]["data_games"] = 40, 24
    d["robustness"]["strengths"][0]["games"] = 40
    out = tmp_path_factory.mktemp("robust") / "exp"
    return run_experiment(parse_spec(d), out)


def _axis_above(player: str, rating: float) -> SkillAxis:
    """An axis that rates ``player`` ``rating`` Elo from default."""
    return SkillAxis.pooled("default", {player: (rating, rating - 50.0, rating + 50.0)})


def test_a_large_effect_is_labelled_robust_on_all_three(labelled):
    unrated = R.labels(labelled)["always_alvares"]["skill"]
    assert unrated.label == R.UNRATED and unrated.which == ("baseline_v1",)
    # baseline_v1 is weaker than default: checking there says nothing about skilled play
    below = dataclasses.replace(labelled, axis=_axis_above("baseline_v1", -150.0))
    assert R.labels(below)["always_alvares"]["skill"].label == R.WEAKER_ONLY
    # on an axis that rated it above default the same effect holds up to it
    labelled.axis = _axis_above("baseline_v1", 150.0)
    lab = R.labels(labelled)["always_alvares"]
    assert lab["replication"].label == R.REPLICATED, lab["replication"].evidence
    assert lab["skill"].label == R.HOLDS, lab["skill"].evidence
    assert lab["skill"].text() == "holds up to baseline_v1 (+150 Elo over default)"
    assert lab["data"].label == R.STABLE, lab["data"].evidence
    assert lab["data"].evidence.count("pp") == len(ALTERNATIVES)


def test_the_section_carries_the_labels_and_the_summary_names_the_finding(labelled, tmp_path):
    from vdgsim.report.render import (
        at_strength,
        finding_json,
        summary_findings,
        summary_sentence,
    )

    labelled.axis = _axis_above("baseline_v1", 150.0)
    sec = build_section(labelled)
    causal = [finding_json(f) for f in sec.findings if not isinstance(f, str)]
    assert len(causal) == 1
    f = causal[0]
    assert f["text"].startswith("Value to default against one default:")
    assert f["effect"]["unit"] == "pp" and f["effect"]["low"] < f["effect"]["high"] < 0
    assert {f[k]["label"] for k in ("replication", "skill", "data")} <= {
        lab for labs in R.LABELS.values() for lab in labs
    }
    assert [s.name for s, _ in summary_findings([sec])] == [sec.name]
    assert sec.tables["robustness"]["arm"].to_list() == ["always_alvares"]
    # the summary's one sentence: default's effect, then the effect at the strongest level
    finding = next(f for f in sec.findings if not isinstance(f, str))
    lead = at_strength(finding)
    assert " pp [" in lead and lead.endswith("] with baseline_v1 (+150 Elo over default)")
    sentence = summary_sentence(finding)
    assert sentence.startswith("A player who always hosts") and sentence.endswith(f"; {lead}.")
    assert sentence.count(". ") == 0 and finding.effect.text() in sentence
    curve = sec.tables["skill_curve"]
    assert curve["player"].to_list() == ["default", "baseline_v1"]
    assert curve["rating"].to_list() == [0.0, 150.0]
    assert "skill_curve" in dict(sec.figures)


def test_the_finding_says_how_the_restriction_changed_play(labelled):
    sec = build_section(labelled)
    b = sec.tables["behaviour"].filter(pl.col("behaviour") == "rounds_alvares").row(0, named=True)
    assert b["arm"] == "always_alvares" and b["low"] > 0  # it hosts Alvares more often
    assert b["arm_mean"] == pytest.approx(b["baseline"] + b["change"])
    text = next(f.text for f in sec.findings if not isinstance(f, str))
    # the change and its baseline to the decimals of the change's interval
    change, _, _ = rounded(b["change"], b["low"], b["high"], signed=True, default=2, most=2)
    base, _, _ = rounded(b["baseline"], b["low"], b["high"], default=2, most=2)
    assert f"{change} rounds holding Alvares (from {base})" in text
    # the mechanism: VP by source, and the sources add up to the score change
    vp = sec.tables["behaviour"].filter(pl.col("kind") == "mechanism")
    eff = sec.tables["effects"].row(0, named=True)
    assert vp["change"].sum() == pytest.approx(eff["vp_diff"])
    assert "Where its VP went:" in text


# --- sweeps: paired steps and the shape of the response --------------------------------------
def _sweep_run(shares: list[float]) -> SimpleNamespace:
    """Two strategies over len(shares) games on deals 0.. : 'a' wins shares[g], 'b' the rest."""
    n = len(shares)
    players = pl.DataFrame(
        {
            "game": [g for g in range(n) for _ in range(2)],
            "strategy": ["a", "b"] * n,
            "win_share": [x for s in shares for x in (s, 1 - s)],
        }
    )
    games = pl.DataFrame({"game": list(range(n)), "seed": list(range(100, 100 + n))})
    return SimpleNamespace(players=players, games=games)


def test_sweep_steps_are_paired_by_deal_and_the_shape_is_called_jointly():
    n = 400
    base = [1.0 if g % 2 else 0.0 for g in range(n)]
    up = [1.0 if g % 4 else 0.0 for g in range(n)]  # +25 pp on the same deals
    runs = {"k=0": _sweep_run(base), "k=1": _sweep_run(up), "k=2": _sweep_run(base)}
    steps = sensitivity.step_changes(runs)
    a = steps.filter(pl.col("strategy") == "a")
    assert a["change"].to_list() == pytest.approx([0.25, -0.25, 0.0])
    assert a["step"].to_list() == [True, True, False]
    assert (a["low_joint"] <= a["low"]).all() and (a["high_joint"] >= a["high"]).all()
    assert sensitivity.shape(a) == "is non-monotone"
    assert sensitivity.shape(steps.filter(pl.col("strategy") == "b")) == "is non-monotone"
    flat = sensitivity.step_changes({"k=0": _sweep_run(base), "k=1": _sweep_run(base)})
    assert sensitivity.shape(flat.filter(pl.col("strategy") == "a")) == "shows no clear step"
    rising = sensitivity.step_changes({"k=0": _sweep_run(base), "k=1": _sweep_run(up)})
    assert sensitivity.shape(rising.filter(pl.col("strategy") == "a")) == "rises"


# --- seat balance index: a bootstrap interval ------------------------------------------------
def _seat_rows(winners: list[int], players: int = 2) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "game": [g for g in range(len(winners)) for _ in range(players)],
            "seat": [s for _ in winners for s in range(players)],
            "win_share": [float(s == w) for w in winners for s in range(players)],
            "players": [players] * (players * len(winners)),
        }
    ).with_columns(pl.col("players").cast(pl.Int8), pl.col("seat").cast(pl.Int8))


def test_balance_index_interval_resamples_games_and_reproduces():
    always = seats.balance_interval(_seat_rows([0] * 50), seed=1).row(0, named=True)
    assert always["balance_low"] == always["balance_high"] == 0.0  # seat 0 wins every game
    alternating = _seat_rows([g % 2 for g in range(400)])
    iv = seats.balance_interval(alternating, seed=1).row(0, named=True)
    # plug-in index 1.0; a resample's seat shares differ by about 1/sqrt(400) = 5 pp
    assert 0.85 < iv["balance_low"] < 0.97 and iv["balance_high"] == pytest.approx(1.0)
    assert seats.balance_interval(alternating, seed=1).equals(
        seats.balance_interval(alternating, seed=1)
    )


# --- seats with other players in every seat ----------------------------------------------------
SEATS = {
    "name": "seats_tiny",
    "kind": "seats",
    "preset": "default",
    "player_counts": [2],
    "games": 60,
    "quick_games": 20,
    "seed": 4,
    "other_presets": [{"player": "random", "games": 40, "quick_games": 0}],
}


MATCHUPS = {
    "name": "m",
    "kind": "tournament",
    "presets": ["default", "random"],
    "games": 4,
    "seed": 1,
}


def test_seats_of_other_presets_are_planned_and_labelled(tmp_path):
    spec = parse_spec(SEATS)
    assert [p.name for p in experiment_plan(spec, 60)] == ["2p", "other/random/2p"]
    assert [p.name for p in experiment_plan(spec, 20, quick=True)] == ["2p"]
    sec = build_section(run_experiment(spec, tmp_path / "seats"))
    table = sec.tables["win_by_seat_by_preset"]
    assert table["preset"].unique(maintain_order=True).to_list() == ["default", "random"]
    assert table.filter(pl.col("preset") == "random")["n"].to_list() == [40, 40]
    assert sec.info.games == 60  # the section's own runs; the other presets are in their table
    # every seat finding's skill label compares it with random in every seat
    for f in sec.findings:
        if not isinstance(f, str):
            # no axis rates random, so it cannot say anything about skilled play
            assert f.labels["skill"].label == R.UNRATED
            assert "; random in every seat: " in f.labels["skill"].evidence
            assert f.labels["replication"].label == R.NOT_CHECKED  # no [robustness] table
    with pytest.raises(SpecError, match="already the focus player"):
        parse_spec({**SEATS, "other_presets": [{"player": "default", "games": 4}]})
    with pytest.raises(SpecError, match="other_presets: only a seats experiment takes it"):
        parse_spec({**SPEC, "other_presets": SEATS["other_presets"]})
    with pytest.raises(SpecError, match="robustness: only a paired or seats or sweep experiment"):
        parse_spec({**MATCHUPS, "robustness": {}})


# --- seats with the characters dealt at random: seat or character? ----------------------------
DEALS = {
    "name": "seats_deal",
    "kind": "seats",
    "preset": "random",
    "player_counts": [2, 3],
    "games": 40,
    "quick_games": 20,
    "seed": 6,
    "character_deal": ["rulebook", "random"],
    "deal_games": 60,
    "quick_deal_games": 0,
    "other_presets": [{"player": "frugal", "games": 30, "quick_games": 0}],
    "deal_presets": ["frugal"],
}


def test_seats_with_the_characters_dealt_at_random_are_planned_tabled_and_reloaded(tmp_path):
    from vdgsim.analysis.experiment import load_experiment
    from vdgsim.report.findings import Finding

    spec = parse_spec(DEALS)
    plan = experiment_plan(spec, 40)
    assert [p.name for p in plan] == [
        "2p",
        "3p",
        "other/frugal/2p",
        "other/frugal/3p",
        "deal/random/2p",
        "deal/random/3p",
        "deal/random/other/frugal/2p",
        "deal/random/other/frugal/3p",
    ]
    assert plan[4].games == 60 and plan[4].overrides == {"setup.character_deal": "random"}
    assert plan[6].games == 30 and plan[6].lineup == ("frugal", "frugal")
    assert [p.name for p in experiment_plan(spec, 20, quick=True)] == ["2p", "3p"]
    sec = build_section(run_experiment(spec, tmp_path / "seats"))
    assert sec.info.games == 80  # the rulebook runs; the variant's are described in its note
    seat = sec.tables["win_by_seat_random_deal"]
    assert seat["n"].to_list() == [60] * 5
    assert set(seat["dealt_character"].to_list()) == {seats.RANDOM_DEAL}
    char = sec.tables["win_by_character_random_deal"]
    assert char.select("players", "dealt_character").rows() == [
        (2, "Bartolomeu Dias"),
        (2, "Girolamo Sernigi"),
        (3, "Bartolomeu Dias"),
        (3, "Francisco Alvares"),
        (3, "Girolamo Sernigi"),
    ]
    assert char["n"].to_list() == [60] * 5
    # the rulebook table names R1.3's characters from the runner's column
    rule = sec.tables["win_by_seat"]
    assert rule.filter(pl.col("players") == 3)["dealt_character"].to_list() == [
        "Bartolomeu Dias",
        "Francisco Alvares",
        "Girolamo Sernigi",
    ]
    assert sec.tables["seat_character_split"].height == 5
    by_preset = sec.tables["seat_character_split_by_preset"]
    assert by_preset.group_by("preset", maintain_order=True).len().rows() == [
        ("random", 5),
        ("frugal", 5),
    ]
    assert by_preset.filter(pl.col("preset") == "frugal")["seat_n"].to_list() == [30] * 5
    cells = sec.tables["win_by_seat_and_character_random_deal"]
    assert cells["n"].sum() == 60 * 5
    found = [f for f in sec.findings if isinstance(f, Finding) and "dealt at random" in f.text]
    assert len(found) >= 4  # by seat and by character, for each player count
    assert any("averaged over characters" in f.text for f in found)
    assert any("averaged over seats" in f.text for f in found)
    assert any("setup.character_deal = random, 120 games" in n for n in sec.notes)
    again = build_section(load_experiment(tmp_path / "seats"))
    assert again.tables["seat_character_split"].equals(sec.tables["seat_character_split"])
    for bad, message in (
        ({"character_deal": ["random"]}, "character_deal: must list distinct deals"),
        ({"character_deal": ["rulebook", "shuffled"]}, "character_deal\\[1\\]: must be one of"),
        (
            {"overrides": {"setup.character_deal": "random"}},
            "overrides: setup.character_deal is chosen by character_deal",
        ),
    ):
        with pytest.raises(SpecError, match=message):
            parse_spec({**DEALS, **bad})
    with pytest.raises(SpecError, match="deal_presets\\[0\\]: must be a player of"):
        parse_spec({**DEALS, "deal_presets": ["default"]})
    with pytest.raises(SpecError, match="character_deal: only a seats experiment takes it"):
        parse_spec({**SPEC, "character_deal": ["rulebook", "random"]})
    # a seats spec without the variant records what it recorded before
    assert "character_deal" not in parse_spec(SEATS).to_dict()


def test_a_rulebook_seat_gap_is_split_into_the_seat_and_the_character():
    rule = pl.DataFrame(
        {
            "players": [2, 2],
            "seat": [0, 1],
            "dealt_character": ["Bartolomeu Dias", "Girolamo Sernigi"],
            "n": [10000, 10000],
            "win_share": [0.56, 0.44],
            "win_low": [0.55, 0.43],
            "win_high": [0.57, 0.45],
            "fair_share": [0.5, 0.5],
        }
    )
    by_seat = rule.with_columns(
        pl.Series("win_share", [0.51, 0.49]),
        pl.Series("win_low", [0.50, 0.48]),
        pl.Series("win_high", [0.52, 0.50]),
    )
    by_char = rule.with_columns(
        pl.Series("win_share", [0.545, 0.455]),
        pl.Series("win_low", [0.535, 0.445]),
        pl.Series("win_high", [0.555, 0.465]),
    ).drop("seat")
    split = seats.seat_character_split(rule, by_seat, by_char)
    r = split.row(0, named=True)
    assert r["rulebook_gap"] == pytest.approx(0.06)
    assert r["seat_part"] == pytest.approx(0.01) and r["seat_part_low"] == pytest.approx(0.0)
    assert r["character_part"] == pytest.approx(0.045)
    assert r["rest"] == pytest.approx(0.005)
    # the seat's interval touches 0: only the character's part counts
    assert seats.split_verdict(r) == "the character's: the seat's part is within noise"
    both = {**r, "seat_part_low": 0.005}
    assert seats.split_verdict(both).endswith("the character's more")
    seat_only = {**r, "character_part_low": -0.01, "seat_part_low": 0.005}
    assert seats.split_verdict(seat_only).startswith("the seat's (turn order)")
    opposite = {**both, "seat_part": -0.01, "seat_part_low": -0.02, "seat_part_high": -0.005}
    assert seats.split_verdict(opposite).endswith("pulling opposite ways")
    neither = {**r, "character_part_low": -0.01}
    assert seats.split_verdict(neither).startswith("neither's clearly")
    # with another preset's split beside it: the robustness rule on the character's part
    from vdgsim.games.vasco.seat_deal import split_by_preset

    other = split.with_columns(
        pl.lit("b").alias("preset"),
        -pl.col("character_part"),
        (-pl.col("character_part_high")).alias("character_part_low"),
        (-pl.col("character_part_low")).alias("character_part_high"),
    )
    both_presets = pl.concat([split.with_columns(pl.lit("a").alias("preset")), other])
    text = split_by_preset(both_presets, "a", 2, 0)
    assert text.startswith("With other players in every seat the character's part depends on")
    assert "a +4.5 [+3.5, +5.5]; b -4.5 [-5.5, -3.5] pp" in text
    assert split_by_preset(both_presets.filter(pl.col("preset") == "a"), "a", 2, 0).startswith(
        "This is how a plays both deals"
    )
