"""The field of the skill axis: the levels and the anchor play each other in line-ups where
every pair meets, are rated jointly, and a level is the strongest only when decided above the
next; the rating against the anchor stays beside it."""

from __future__ import annotations

import itertools

import numpy as np
import polars as pl
import pytest

from vdgsim.analysis.experiment import (
    SpecError,
    experiment_plan,
    field_lineups,
    parse_spec,
    run_experiment,
    spec_from_record,
)
from vdgsim.analysis.ladder import RatingDraws
from vdgsim.analysis.skill import SkillAxis, axis_of, one_seat_runs

FIELD_SPEC = {
    "name": "field_tiny",
    "kind": "axis",
    "anchor": "default",
    "player_counts": [2, 3],
    "games": 24,
    "quick_games": 6,
    "seed": 11,
    "levels": [{"player": "random"}, {"player": "baseline_v1"}],
    "field": {"games": 60, "quick_games": 6},
}


@pytest.mark.parametrize("n,p", [(3, 2), (4, 3), (6, 3), (7, 3), (7, 4), (8, 4), (5, 4)])
def test_every_pair_of_the_field_meets_in_a_line_up_of_distinct_players(n, p):
    names = [f"p{k}" for k in range(n)]
    lineups = field_lineups(names, p)
    met = {frozenset(pair) for lu in lineups for pair in itertools.combinations(lu, 2)}
    assert met == {frozenset(pair) for pair in itertools.combinations(names, 2)}
    assert all(len(set(lu)) == p == len(lu) for lu in lineups)
    # at 2 players every pair is its own line-up, once
    if p == 2:
        assert len(lineups) == n * (n - 1) // 2
    # no player sits out far more than another: the greedy covering balances appearances
    counts = [sum(x in lu for lu in lineups) for x in names]
    assert max(counts) - min(counts) <= 2, counts


def test_a_field_smaller_than_the_table_fills_the_seats_with_its_players_again():
    assert field_lineups(["a", "b"], 4) == [("a", "b", "a", "b")]
    assert field_lineups(["a", "b", "c"], 3) == [("a", "b", "c")]


def test_the_field_is_planned_beside_the_one_seat_runs_and_recorded_with_the_spec():
    spec = parse_spec(FIELD_SPEC)
    plan = experiment_plan(spec, spec.games)
    field = [p for p in plan if p.name.startswith("field/")]
    assert [p.name for p in field] == [
        "field/2p/default+random",
        "field/2p/default+baseline_v1",
        "field/2p/random+baseline_v1",
        "field/3p/default+random+baseline_v1",
    ]
    assert all(p.rotate and p.games == 60 for p in field)
    assert len(plan) - len(field) == 4  # each level in one seat at 2 and 3 players
    assert spec_from_record({"spec": spec.to_dict()}) == spec
    quick = experiment_plan(spec, spec.quick_games, quick=True)
    assert {p.games for p in quick if p.name.startswith("field/")} == {6}
    # without a field the record is the one an axis made before the field existed
    plain = parse_spec({k: v for k, v in FIELD_SPEC.items() if k != "field"})
    assert "field_games" not in plain.to_dict()
    assert not [p for p in experiment_plan(plain, 24) if p.name.startswith("field/")]


@pytest.mark.parametrize(
    "change,needle",
    [
        ({"field": {"games": -1}}, "field"),
        ({"field": {"games": 10, "lineups": 3}}, "field"),
        ({"field": 10}, "field"),
    ],
)
def test_bad_field_tables_are_named(change, needle):
    with pytest.raises(SpecError, match=needle):
        parse_spec({**FIELD_SPEC, **change})


def test_only_an_axis_takes_a_field():
    d = {"name": "x", "kind": "seats", "games": 4, "seed": 1, "field": {"games": 4}}
    with pytest.raises(SpecError, match="only a axis experiment takes it"):
        parse_spec(d)


def _draws(players: list[str], means: list[float], spread: float) -> RatingDraws:
    rng = np.random.default_rng(3)
    draws = np.array(means) + spread * rng.standard_normal((400, len(players)))
    return RatingDraws(players, np.array(means), draws, np.zeros((3, 3)), [0])


def _table(ratings: dict[str, float]) -> pl.DataFrame:
    return pl.DataFrame(
        [
            {"player_count": 2, "player": p, "rating": r, "lo": r - 20.0, "hi": r + 20.0}
            for p, r in ratings.items()
        ],
        schema={
            "player_count": pl.Int8,
            "player": pl.String,
            "rating": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
        },
    )


def test_the_field_rating_orders_the_axis_and_the_rating_against_the_anchor_stays_beside_it():
    # against default alone the search that models default looks strongest; in the field
    # the learned level is ahead of it
    versus = _table({"default": 0.0, "learned": 150.0, "search": 280.0})
    field = _table({"default": 0.0, "learned": 120.0, "search": 60.0})
    draws = {2: _draws(["default", "learned", "search"], [0.0, 120.0, 60.0], 10.0)}
    axis = SkillAxis("default", ("learned", "search"), versus, field, draws)
    assert axis.ranked(2) == ["learned", "search", "default"]
    assert axis.rating("search", 2).rating == 60.0
    assert axis.versus("search", 2).rating == 280.0
    assert axis.describe("learned", 2) == "learned (+120 Elo over default in the field)"
    assert axis.decided_above("learned", "search", 2)
    assert not axis.decided_above("search", "learned", 2)
    # a noisier field cannot tell the two apart
    noisy = {2: _draws(["default", "learned", "search"], [0.0, 120.0, 100.0], 40.0)}
    assert not SkillAxis("default", ("learned", "search"), versus, field, noisy).decided_above(
        "learned", "search", 2
    )
    # without a field the rating against the anchor orders the axis
    plain = SkillAxis("default", ("learned", "search"), versus)
    assert plain.ranked(2) == ["search", "learned", "default"]
    assert plain.describe("search", 2) == "search (+280 Elo over default)"


def test_the_field_rates_the_levels_from_their_games_against_each_other(tmp_path):
    exp = run_experiment(parse_spec(FIELD_SPEC), tmp_path / "axis")
    axis = axis_of(exp)
    one_seat = one_seat_runs(exp.runs)
    assert sorted(one_seat) == sorted(n for n in exp.runs if n.startswith("axis/"))
    assert len(one_seat) == 4 and len(exp.runs) == 8
    assert axis.field is not None and axis.matrix is not None
    # random loses nearly every game to both scripted players, in the field as against default
    for count in (2, 3):
        assert axis.ranked(count)[-1] == "random"
        assert axis.decided_above("default", "random", count)
        assert axis.decided_above("baseline_v1", "random", count)
    # the field's random is rated from its games against baseline_v1 too, so it differs from
    # its rating against default alone
    assert axis.rating("random", 2).rating != axis.versus("random", 2).rating
    m = axis.matrix.filter((pl.col("players") == 2) & (pl.col("row") == "default"))
    assert set(m["column"].to_list()) == {"random", "baseline_v1"}
    ahead = m.filter(pl.col("column") == "random")["win_share"].item()
    assert ahead > 0.9
