"""`vdg regret --game goa`: Goa's sampled positions, their categories, the command."""

from __future__ import annotations

import math
import re
from pathlib import Path

import polars as pl
import pytest

from strategies.goa import lineup_params
from strategies.goa.search.regret import KIT, sample_positions
from tests.cli_helpers import run_vdg
from vdgsim.core.regret_sampling import SCHEMA, RegretSettings

SETTINGS = RegretSettings(("default",) * 3, 2, 21, ("bid", "owners_choice"), every=2, rollouts=16)


def _sample(settings: RegretSettings) -> pl.DataFrame:
    return sample_positions(settings, lineup_params(list(settings.lineup), len(settings.lineup)))


@pytest.fixture(scope="module")
def sampled() -> pl.DataFrame:
    return _sample(SETTINGS)


def test_decision_kinds_are_the_goa_search_players_names() -> None:
    assert KIT.decision_kinds(["bid", "owners_choice/action_turn"]) == [4, 5, 12]
    with pytest.raises(ValueError, match="unknown decision kind 'act'"):
        KIT.decision_kinds(["act"])


def test_sampled_positions_list_every_legal_action_once_with_the_choice_marked(
    sampled: pl.DataFrame,
) -> None:
    assert sampled.schema == pl.Schema(SCHEMA)
    assert set(sampled["decision"]) == {"bid", "owners_choice"}
    per = sampled.group_by("position").agg(
        pl.col("chosen").sum().alias("chosen"),
        pl.col("action").n_unique().alias("distinct"),
        pl.len().alias("rows"),
        pl.col("action").min().alias("low"),
        pl.col("action").max().alias("high"),
        pl.col("decision").first(),
    )
    assert per["chosen"].to_list() == [1] * per.height
    assert (per["distinct"] == per["rows"]).all()
    assert (per["rows"] > 1).all()
    owner = per.filter(pl.col("decision") == "owners_choice")
    assert owner.height > 0 and (owner["rows"] == 2).all()
    assert sampled["share_even"].is_between(0, 1).all()
    # A1: pass (0), and every whole bid from the lowest legal one up
    for (_,), rows in sampled.filter(pl.col("decision") == "bid").group_by("position"):
        actions = sorted(rows["action"])
        assert actions == [0, *range(actions[1], actions[-1] + 1)]


def _steps(d: int) -> str:
    return f"{'+' if d > 0 else '-'}{abs(d)}" if abs(d) < 3 else f"{'+' if d > 0 else '-'}3+"


def test_bid_categories_name_the_difference_to_the_presets_bid(sampled: pl.DataFrame) -> None:
    for (_,), rows in sampled.filter(pl.col("decision") == "bid").group_by("position"):
        chosen = rows.filter(pl.col("chosen"))["action"].item()
        lowest = rows.filter(pl.col("action") > 0)["action"].min()
        for row in rows.iter_rows(named=True):
            a = row["action"]
            if a == 0:
                expected = "pass"
            elif chosen == 0:  # after a pass, how far above the lowest legal bid
                expected = "bid min" + (_steps(a - lowest) if a > lowest else "")
            else:
                expected = "bid" + (f" {_steps(a - chosen)}" if a != chosen else "")
            assert row["category"] == expected, row
            assert re.fullmatch(r"pass|bid \d+", row["text"])


def test_sampling_is_a_function_of_its_settings(sampled: pl.DataFrame) -> None:
    assert _sample(SETTINGS).equals(sampled)
    other = RegretSettings(SETTINGS.lineup, 2, 22, SETTINGS.decisions, every=2, rollouts=16)
    assert not _sample(other).equals(sampled)


def test_the_rollouts_rate_the_presets_bids_above_the_average_bid(sampled: pl.DataFrame) -> None:
    # at the same positions default's own bid must look better than a legal bid drawn at
    # random (pass, or any amount up to all its ducats), by more than twice its standard
    # error: if the rollouts measured nothing, or were misaligned with the actions, it would
    # not (58 positions: 1.0 VP better, standard error 0.29; default's bids are weak, which
    # is what vdg regret is for)
    bids = sampled.filter(pl.col("decision") == "bid")
    lead = (pl.col("lead_even") + pl.col("lead_odd")) / 2
    gain = bids.group_by("position").agg(
        (lead.filter(pl.col("chosen")).first() - lead.mean()).alias("gain")
    )["gain"]
    assert gain.mean() > 2 * gain.std() / math.sqrt(gain.len())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--rollouts", "5"], "even"),
        (["--kinds", "act"], "unknown decision kind 'act'"),
        (["--lineup", "mc,default"], "scripted players"),
        (["--lineup", "nobody"], "unknown Goa preset"),
        (["--out", "x.csv"], ".parquet"),
        (["--players", "5"], "Goa is for 2 to 4 players"),
        (["--lineup", "default,default,default,default,default"], "Goa is for 2, 3 or 4 players"),
    ],
)
def test_cli_goa_regret_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    ran = run_vdg("regret", "--game", "goa", "--games", "1", "--no-progress", *args)
    assert ran.returncode == 2
    assert needle in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1


def test_cli_goa_regret_prints_the_tables_and_writes_the_parquet(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    ran = run_vdg(
        "regret", "--game", "goa", "--lineup", "default,default", "--games", "1",
        "--every", "3", "--rollouts", "2", "--kinds", "bid,owners_choice", "--out", str(out),
        "--no-progress",
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert "regret per decision" in ran.stdout
    assert "commonest disagreements" in ran.stdout
    table = pl.read_parquet(out)
    assert table.schema == pl.Schema(SCHEMA)
    assert set(table["decision"]) <= {"bid", "owners_choice"}
    assert (table["players"] == 2).all()
