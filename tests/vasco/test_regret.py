"""`vdg regret`: sampled positions, split-half regret, clustered intervals, the command."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from strategies.vasco.registry import params_table
from strategies.vasco.search.regret import decision_kinds, sample_positions
from tests.cli_helpers import run_vdg
from vdgsim.analysis.regret import disagreements, position_regret, regret_summary
from vdgsim.core.regret_sampling import SCHEMA, RegretSettings
from vdgsim.core.stats import Z95


def _row(position, game, action, category, chosen, even, odd, decision="act"):
    return {
        "position": position,
        "game": game,
        "seed": game,
        "players": 4,
        "round": 1,
        "decision": decision,
        "seat": 0,
        "preset": "default",
        "action": action,
        "text": category,
        "category": category,
        "chosen": chosen,
        "share_even": even,
        "share_odd": odd,
        "lead_even": 0.0,
        "lead_odd": 0.0,
        "rollouts": 2,
    }


def _table(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=SCHEMA)


def test_position_regret_picks_on_one_half_and_scores_on_the_other() -> None:
    # chosen action 0; by the even half action 2 is best: odd says 0.6 - 0.4 = +0.2;
    # by the odd half action 1 is best: even says 0.2 - 0.5 = -0.3; regret (0.2 - 0.3) / 2
    t = _table(
        [
            _row(0, 0, 0, "give_up", True, 0.5, 0.4),
            _row(0, 0, 1, "money", False, 0.2, 0.8),
            _row(0, 0, 2, "host_dias", False, 0.9, 0.6),
        ]
    )
    pos = position_regret(t).row(0, named=True)
    assert pos["regret"] == pytest.approx(-0.05)
    assert pos["options"] == 3
    assert pos["chosen_category"] == "give_up"
    # on all rollouts: 0.45, 0.5, 0.75 -> action 2
    assert pos["best_category"] == "host_dias"
    assert pos["differs"] is True


def test_a_choice_that_is_best_on_both_halves_has_no_regret() -> None:
    t = _table([_row(0, 0, 0, "money", True, 0.7, 0.9), _row(0, 0, 1, "give_up", False, 0.1, 0.2)])
    pos = position_regret(t).row(0, named=True)
    assert pos["regret"] == 0.0
    assert pos["differs"] is False


def test_an_action_that_only_ties_the_choice_does_not_differ() -> None:
    """A tie at the top (a Goa bid that is always outbid scores as a pass) is no better
    action: the choice is the best, whichever of the tied actions comes first."""
    t = _table(
        [
            _row(0, 0, 0, "give_up", False, 0.25, 0.25),
            _row(0, 0, 1, "money", True, 0.25, 0.25),
            _row(0, 0, 2, "host_dias", False, 0.0, 0.1),
        ]
    )
    pos = position_regret(t).row(0, named=True)
    assert pos["differs"] is False
    assert pos["best_category"] == "money"
    assert pos["regret"] == 0.0
    assert disagreements(t).height == 0


def test_regret_summary_is_a_mean_over_positions_clustered_by_game() -> None:
    # game 0: regrets 0.2 and 0.4 (sum 0.6, n 2); game 1: regret 0.0 (n 1)
    rows = []
    for position, game, best in ((0, 0, 0.2), (1, 0, 0.4), (2, 1, 0.0)):
        rows += [
            _row(position, game, 0, "give_up", True, 0.0, 0.0),
            _row(position, game, 1, "money", False, best, best),
        ]
    s = regret_summary(_table(rows)).row(0, named=True)
    assert s["positions"] == 3
    assert s["regret"] == pytest.approx(0.2)
    # CR1: G/(G-1) * sum_g (y_g - m n_g)^2 / N^2 = 2 * ((0.6 - 0.4)^2 + (0 - 0.2)^2) / 9
    se = math.sqrt(2 * (0.2**2 + 0.2**2) / 9)
    assert s["low"] == pytest.approx(0.2 - Z95 * se)
    assert s["high"] == pytest.approx(0.2 + Z95 * se)
    assert s["differs"] == pytest.approx(2 / 3)


def test_disagreements_count_only_positions_where_the_best_differs() -> None:
    rows = [
        _row(0, 0, 0, "host_manuel", True, 0.0, 0.0),
        _row(0, 0, 1, "give_up", False, 0.5, 0.5),
        _row(1, 0, 0, "host_manuel", True, 0.0, 0.1),
        _row(1, 0, 1, "give_up", False, 0.4, 0.3),
        _row(2, 1, 0, "money", True, 0.9, 0.9),
        _row(2, 1, 1, "give_up", False, 0.1, 0.1),
    ]
    d = disagreements(_table(rows)).to_dicts()
    assert len(d) == 1
    assert (d[0]["chosen_category"], d[0]["best_category"]) == ("host_manuel", "give_up")
    assert d[0]["positions"] == 2
    # position 0: 0.5; position 1: (0.3 - 0.1 + 0.4 - 0.0) / 2 = 0.3
    assert d[0]["summed_regret"] == pytest.approx(0.8)


def test_a_better_action_of_the_same_category_is_not_a_disagreement() -> None:
    rows = [
        _row(0, 0, 0, "money", True, 0.1, 0.1),
        _row(0, 0, 1, "money", False, 0.6, 0.6),  # another amount of money does better
        _row(1, 0, 0, "money", True, 0.1, 0.1),
        _row(1, 0, 1, "give_up", False, 0.6, 0.6),
    ]
    pos = position_regret(_table(rows))
    assert pos["differs"].to_list() == [True, True]  # both still count as differing
    d = disagreements(_table(rows)).to_dicts()
    assert [(x["chosen_category"], x["best_category"]) for x in d] == [("money", "give_up")]


def test_decision_kinds_are_the_search_players_names() -> None:
    assert decision_kinds(["act", "place_disc"]) == [5, 3]
    with pytest.raises(ValueError, match="unknown decision kind 'bid'"):
        decision_kinds(["bid"])


@pytest.fixture(scope="module")
def sampled() -> pl.DataFrame:
    settings = RegretSettings(("default", "default", "default"), 2, 11, every=3, rollouts=16)
    return sample_positions(settings, params_table(list(settings.lineup)))


def test_sampled_positions_list_every_legal_action_once_with_the_choice_marked(
    sampled: pl.DataFrame,
) -> None:
    assert sampled.schema == pl.Schema(SCHEMA)
    per = sampled.group_by("position").agg(
        pl.col("chosen").sum().alias("chosen"),
        pl.col("action").n_unique().alias("distinct"),
        pl.len().alias("rows"),
    )
    assert per["chosen"].to_list() == [1] * per.height
    assert (per["distinct"] == per["rows"]).all()
    assert (per["rows"] > 1).all()
    assert set(sampled["decision"]) == {"act", "place_disc"}
    assert sampled["share_even"].is_between(0, 1).all()
    # a placement's category is its Area, which the description names too
    place = sampled.filter(pl.col("decision") == "place_disc")
    assert all(row["category"] in row["text"].lower() for row in place.iter_rows(named=True))


def test_sampling_is_a_function_of_its_settings(sampled: pl.DataFrame) -> None:
    settings = RegretSettings(("default", "default", "default"), 2, 11, every=3, rollouts=16)
    again = sample_positions(settings, params_table(list(settings.lineup)))
    assert again.equals(sampled)
    other = RegretSettings(("default", "default", "default"), 2, 12, every=3, rollouts=16)
    assert not sample_positions(other, params_table(list(other.lineup))).equals(sampled)


def test_the_rollouts_rate_the_presets_phase_2_choices_above_the_average_action(
    sampled: pl.DataFrame,
) -> None:
    # at the same positions default's own Phase 2 choice must look better than a legal action
    # drawn at random: if the rollouts measured nothing, or were misaligned with the actions,
    # it would not (32 rollouts per action on these positions: 2.8 VP better)
    act = sampled.filter(pl.col("decision") == "act")
    lead = (pl.col("lead_even") + pl.col("lead_odd")) / 2
    per = act.group_by("position").agg(
        lead.filter(pl.col("chosen")).first().alias("own"), lead.mean().alias("average")
    )
    assert per["own"].mean() > per["average"].mean() + 1.5


def test_vp_regret_uses_the_lead_halves() -> None:
    rows = [_row(0, 0, 0, "give_up", True, 0.0, 0.0), _row(0, 0, 1, "money", False, 0.0, 0.0)]
    rows[1]["lead_even"], rows[1]["lead_odd"] = 4.0, 2.0
    assert position_regret(_table(rows))["regret_vp"].item() == pytest.approx(3.0)


def test_search_players_and_odd_rollouts_are_refused() -> None:
    table = params_table(["mc", "default"])
    with pytest.raises(ValueError, match="scripted players"):
        sample_positions(RegretSettings(("mc", "default"), 1, 0), table)
    with pytest.raises(ValueError, match="even"):
        sample_positions(
            RegretSettings(("default", "default"), 1, 0, rollouts=3),
            params_table(["default", "default"]),
        )


def test_the_learned_player_is_sampled_like_a_preset() -> None:
    """The learned player is a policy, not a search: its rollouts replay it as they replay
    any preset, and its own choices are the ones recorded."""
    names = ("learned", "default")
    table = sample_positions(
        RegretSettings(names, 1, 0, ("act",), every=3, rollouts=2, dets=2), params_table(names)
    )
    learned = table.filter(pl.col("preset") == "learned")
    assert learned.height > 0
    per = learned.group_by("position").agg(pl.col("chosen").sum().alias("chosen"))
    assert per["chosen"].to_list() == [1] * per.height


def test_cli_regret_prints_the_tables_and_writes_the_parquet(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    ran = run_vdg(
        "regret", "--lineup", "default,default", "--games", "1", "--every", "4",
        "--rollouts", "4", "--kinds", "act", "--out", str(out), "--no-progress",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "regret per decision" in ran.stdout
    assert "commonest disagreements" in ran.stdout
    table = pl.read_parquet(out)
    assert set(table["decision"]) == {"act"}
    assert np.all(table["players"].to_numpy() == 2)
    again = run_vdg("regret", "--games", "1", "--out", str(out), "--no-progress")
    assert again.returncode == 2
    assert "exists" in again.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--rollouts", "5"], "even"),
        (["--kinds", "bid"], "unknown decision kind"),
        (["--lineup", "mc,default"], "scripted players"),
        (["--lineup", "nobody"], "unknown player preset"),
        (["--out", "x.csv"], ".parquet"),
        (["--kinds", ","], "no decision kind"),
        (["--seed", str(2**63 - 1), "--games", "2"], "at most"),
    ],
)
def test_cli_regret_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    ran = run_vdg("regret", "--games", "1", "--no-progress", *args)
    assert ran.returncode == 2
    assert needle in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1


def test_cli_regret_names_a_preset_file_as_simulate_does_and_counts_one_game(
    tmp_path: Path,
) -> None:
    preset = tmp_path / "presets" / "cautious.toml"
    preset.parent.mkdir()
    preset.write_text('name = "cautious"\ninherit = "default"\n\n[params]\nmax_pay = 2\n')
    ran = run_vdg(
        "regret", "--lineup", f"{preset},default", "--games", "1", "--every", "4",
        "--rollouts", "4", "--kinds", "act", "--no-progress",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("1 game of cautious, default (seeds 0..0)")
    assert str(tmp_path) not in ran.stdout
    assert "│ cautious " in ran.stdout  # the preset column too
