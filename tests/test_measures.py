"""Designer measures on small hand-built tables with known answers."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from vdgsim.analysis import matchups, measures
from vdgsim.core.stats import cluster_bootstrap_means, wilson_interval

# per game: seed, decisions, legal actions summed over them, decisions with one, and per
# player (strategy, VP after rounds 1-5, final VP, rank, win share); winners follows from
# the win shares
GAMES = {
    # 3 players. Leaders: r1 {0}, r2 {1}, r3 {1}, r4 {0}, r5 {0}; seat 1 wins by 2 VP
    0: (
        10,
        120,
        480,
        30,
        [
            ("a", [2, 5, 5, 9, 20], 24, 2, 0.0),
            ("b", [0, 6, 8, 8, 18], 26, 1, 1.0),
            ("c", [0, 1, 1, 1, 2], 3, 3, 0.0),
        ],
    ),
    # 2 players tied on VP and after the tie-breaks. Leaders: r1 {0,1}, r2 {0}, r3 {1},
    # r4 {0,1}, r5 {0,1}
    1: (
        11,
        100,
        250,
        50,
        [
            ("a", [2, 4, 6, 8, 10], 15, 1, 0.5),
            ("b", [2, 3, 7, 8, 10], 15, 1, 0.5),
        ],
    ),
    # 2 players, seat 0 leads throughout and wins by 3 VP
    2: (
        12,
        80,
        320,
        0,
        [
            ("a", [2, 9, 14, 20, 25], 30, 1, 1.0),
            ("b", [0, 5, 10, 15, 20], 27, 2, 0.0),
        ],
    ),
}


def _tables() -> tuple[pl.DataFrame, pl.DataFrame]:
    games, players = [], []
    for g, (seed, decisions, options, forced, rows) in GAMES.items():
        games.append(
            {
                "game": g,
                "seed": seed,
                "players": len(rows),
                "decisions": decisions,
                "options": options,
                "forced_decisions": forced,
                "winners": sum(1 for r in rows if r[4] > 0),
            }
        )
        for seat, (strategy, rounds, vp, rank, share) in enumerate(rows):
            players.append(
                {
                    "game": g,
                    "seat": seat,
                    "strategy": strategy,
                    "vp": vp,
                    "rank": rank,
                    "win_share": share,
                    **{f"vp_r{k}": v for k, v in enumerate(rounds, start=1)},
                }
            )
    return pl.DataFrame(games), pl.DataFrame(players)


@pytest.fixture
def per_game() -> pl.DataFrame:
    games, players = _tables()
    return measures.per_game(players, games)


def _row(per_game: pl.DataFrame, game: int) -> dict:
    return per_game.filter(pl.col("game") == game).row(0, named=True)


def test_margins_close_games_and_ties(per_game):
    assert per_game["margin"].to_list() == [2, 0, 3]
    assert per_game["close"].to_list() == [1.0, 1.0, 0.0]
    assert per_game["vp_tie"].to_list() == [0.0, 1.0, 0.0]
    assert per_game["shared_win"].to_list() == [0.0, 1.0, 0.0]
    assert per_game["lead_r2"].to_list() == [1, 1, 4]
    dist = measures.margin_distribution(per_game).filter(pl.col("players") == 2)
    assert dist.select("margin", "games", "share", "cum_share").rows() == [
        (0, 1, 0.5, 0.5),
        (3, 1, 0.5, 1.0),
    ]


def test_lead_changes_of_a_known_trajectory(per_game):
    g = _row(per_game, 0)
    changes = [g[f"lead_change_r{k}"] for k in range(2, 6)] + [g["lead_change_final"]]
    assert changes == [1.0, 0.0, 1.0, 0.0, 1.0]
    assert g["lead_changes"] == 3.0
    assert [g[f"leader_wins_r{k}"] for k in range(1, 6)] == [0.0, 1.0, 1.0, 0.0, 0.0]
    assert _row(per_game, 2)["lead_changes"] == 0.0


def test_ties_for_the_lead_are_split_fairly(per_game):
    g = _row(per_game, 1)
    # {0,1} -> {0}: half a change; {0} -> {1}: one; {1} -> {0,1}: half; a lasting tie: none;
    # a tie after round 5 that ends in a shared win: none
    changes = [g[f"lead_change_r{k}"] for k in range(2, 6)] + [g["lead_change_final"]]
    assert changes == [0.5, 1.0, 0.5, 0.0, 0.0]
    assert g["lead_changes"] == 2.0
    # a fairly drawn leader holds half a win in every round
    assert [g[f"leader_wins_r{k}"] for k in range(1, 6)] == [0.5] * 5


def test_summary_by_player_count(per_game):
    s = measures.measure_summary(per_game, np.random.default_rng(1), reps=200)
    two = {r["measure"]: r for r in s.filter(pl.col("players") == 2).iter_rows(named=True)}
    assert two["margin"]["value"] == 1.5
    assert two["close"]["value"] == 0.5
    assert two["shared_win"]["value"] == 0.5
    assert two["decisions"]["value"] == 90.0
    assert two["decisions_per_player"]["value"] == 45.0
    # per game first (2.5 and 4.0 legal actions per decision), then the mean over games; the
    # pooled ratio 570 / 180 would say 3.17
    assert two["branching"]["value"] == 3.25
    assert two["forced"]["value"] == 0.25
    assert two["leader_wins_r1"]["value"] == pytest.approx(0.75)
    assert two["margin"]["games"] == 2 and two["margin"]["deals"] == 2
    # two deals: the bootstrap sees each deal alone or both
    assert (two["margin"]["low"], two["margin"]["high"]) == (0.0, 3.0)
    three = s.filter((pl.col("players") == 3) & (pl.col("measure") == "decisions"))
    assert three["value"][0] == 120.0 and np.isnan(three["low"][0])  # a single deal


def test_a_share_seen_in_no_game_gets_a_wilson_interval_over_deals(per_game):
    two = per_game.filter(pl.col("game") == 2)
    other = two.with_columns(
        pl.lit(13, dtype=pl.Int64).alias("seed"), pl.lit(3, pl.Int64).alias("game")
    )
    both = pl.concat([two, other], how="vertical_relaxed")
    s = measures.measure_summary(both, np.random.default_rng(4), reps=100)
    r = s.filter(pl.col("measure") == "shared_win").row(0, named=True)
    assert (r["value"], r["deals"]) == (0.0, 2)
    assert (r["low"], r["high"]) == pytest.approx(wilson_interval(0, 2))
    assert r["high"] > 0.5


def test_trajectories_are_mean_vp_per_round_and_final():
    games, players = _tables()
    t = measures.trajectories(players, games, np.random.default_rng(2), reps=100)
    two = t.filter(pl.col("players") == 2).sort("stage")
    assert two["mean_vp"].to_list() == [1.5, 5.25, 9.25, 12.75, 16.25, 21.75]
    assert two["stage_name"].to_list()[-1] == "final"
    assert two["n"].to_list() == [4] * 6


def test_cluster_bootstrap_resamples_whole_clusters():
    values = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
    means, lows, highs = cluster_bootstrap_means(
        values, np.array([7, 7, 7, 9, 9, 9]), np.random.default_rng(3), reps=400
    )
    assert means[0] == 0.5 and (lows[0], highs[0]) == (0.0, 1.0)
    # six independent rows: the resampled means are never all 0 or all 1 at 95%
    _, lows, highs = cluster_bootstrap_means(
        values, np.arange(6), np.random.default_rng(3), reps=400
    )
    assert 0.0 < lows[0] < 0.5 < highs[0] < 1.0
    again = cluster_bootstrap_means(values, np.arange(6), np.random.default_rng(3), reps=400)
    assert (again[1][0], again[2][0]) == (lows[0], highs[0])


def test_convergence_is_the_running_win_share():
    players = pl.DataFrame(
        {
            "game": [0, 0, 1, 1, 2, 2, 3, 3],
            "seat": [0, 1] * 4,
            "strategy": ["a", "b", "b", "a", "a", "b", "b", "a"],
            "win_share": [1.0, 0.0, 0.0, 1.0, 0.5, 0.5, 1.0, 0.0],
        }
    )
    games = pl.DataFrame({"game": [0, 1, 2, 3], "players": [2] * 4})
    c = measures.convergence(players, games, points=4).filter(pl.col("strategy") == "a")
    assert c["games"].to_list() == [1, 2, 3, 4]
    assert c["win_share"].to_list() == pytest.approx([1.0, 1.0, 2.5 / 3, 2.5 / 4])
    assert (c["win_low"] < c["win_share"]).all() and (c["win_high"] >= c["win_share"]).all()


def test_head_to_head_at_three_players_splits_shared_ranks():
    players = pl.DataFrame(
        {
            "game": [0, 0, 0],
            "players": [3, 3, 3],
            "strategy": ["a", "b", "c"],
            "rank": [1, 2, 2],
        }
    )
    m = matchups.ahead_matrix(players)
    got = {(r["row"], r["column"]): r["win_share"] for r in m.iter_rows(named=True)}
    assert got == {
        ("a", "b"): 1.0,
        ("a", "c"): 1.0,
        ("b", "a"): 0.0,
        ("b", "c"): 0.5,
        ("c", "a"): 0.0,
        ("c", "b"): 0.5,
    }


def test_head_to_head_at_two_players_is_the_pair_matrix():
    players = pl.DataFrame(
        {
            "lineup": ["a,b"] * 6,
            "game": [0, 0, 1, 1, 2, 2],
            "players": [2] * 6,
            "seat": [0, 1] * 3,
            "strategy": ["a", "b", "b", "a", "a", "b"],
            "rank": [1, 2, 1, 1, 2, 1],
            "win_share": [1.0, 0.0, 0.5, 0.5, 0.0, 1.0],
        }
    )
    ahead = matchups.ahead_matrix(players).drop("players").sort("row", "column")
    pair = matchups.pair_matrix(players).sort("row", "column")
    assert ahead.select(pair.columns).equals(pair)


def test_captions_say_which_games():
    def manifest(lineup: list[str], rotate: bool, overrides: dict) -> dict:
        return {
            "run": {"players": len(lineup), "lineup": lineup, "rotate": rotate},
            "components": {"overrides": overrides},
        }

    ms = [manifest(["x", "y"], True, {}), manifest(["x", "y", "y"], True, {})]
    assert measures.describe_runs(ms) == (
        "2, 3 players; 2 line-ups of x, y; seats rotated; component data as shipped"
    )
    assert measures.describe_runs(ms, 3).startswith("3 players; 1 line-up of x, y;")
    seats = [manifest(["x"] * 4, False, {"landings.calicut.completion_vp": 6})]
    assert measures.describe_runs(seats) == (
        "4 players; x in every seat; seats not rotated; "
        "component data with landings.calicut.completion_vp=6"
    )
