"""Analysis tables and charts on small hand-made run tables, against reference statistics."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

from vdgsim.analysis import charts, matchups, seats, sensitivity
from vdgsim.analysis.common import RunInfo, focus_rows, paired_difference, win_share_table
from vdgsim.games.vasco.analysis import characters, ports
from vdgsim.games.vasco.analysis import charts as vasco_charts

INFO = RunInfo(games=1234, seeds=(7,), version="0.1.0", digest="abcdef0123456789")


def _paired_frames(rng, deals=300, per_deal=4):
    seeds = np.repeat(rng.integers(0, 2**62, deals), per_deal)
    games = np.arange(deals * per_deal)
    base = rng.random(deals * per_deal)
    var = base + 0.05 + rng.normal(0, 0.2, deals * per_deal)
    mk = lambda v: pl.DataFrame({"game": games, "seed": seeds, "win_share": v, "vp": 10 * v})  # noqa: E731
    return mk(base), mk(var), seeds, var - base


def test_paired_difference_matches_scipy_t_interval_over_deals():
    rng = np.random.default_rng(3)
    base, var, seeds, d = _paired_frames(rng)
    got = paired_difference(base, var)
    # reference: the mean difference per deal (the 4 rotations of a deal share one seed)
    per_deal = pl.DataFrame({"seed": seeds, "d": d}).group_by("seed").agg(pl.col("d").mean())["d"]
    x = per_deal.to_numpy()
    lo, hi = sps.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=sps.sem(x))
    assert got["n_deals"] == 300 and got["n_games"] == 1200
    assert got["win_share_diff"] == pytest.approx(d.mean())
    assert (got["win_share_low"], got["win_share_high"]) == pytest.approx((lo, hi))
    assert got["vp_diff"] == pytest.approx(10 * d.mean())


def test_a_win_share_difference_over_two_deals_keeps_an_interval_it_can_have():
    # two deals, one won in the variant, one lost: the t interval over 2 deals is +-6.35
    frame = lambda w: pl.DataFrame(  # noqa: E731
        {"game": [0, 1], "seed": [5, 6], "win_share": w, "vp": [10.0 * x for x in w]}
    )
    got = paired_difference(frame([0.0, 1.0]), frame([1.0, 0.0]))
    assert got["win_share_diff"] == 0.0
    assert (got["win_share_low"], got["win_share_high"]) == (-1.0, 1.0)
    assert got["vp_low"] < -10  # VP are not bounded: their interval stays as it is


def test_paired_difference_refuses_different_seeds():
    rng = np.random.default_rng(4)
    base, var, _, _ = _paired_frames(rng, deals=10)
    with pytest.raises(ValueError, match="same seeds"):
        paired_difference(base, var.with_columns(pl.col("seed") + 1))


def test_win_share_table_uses_wilson_intervals_with_split_ties():
    df = pl.DataFrame(
        {"g": ["a"] * 10 + ["b"] * 4, "win_share": [1.0, 0.5, 0.5] + [0.0] * 7 + [1, 1, 1, 0.0]}
    )
    t = win_share_table(df, "g").sort("g")
    a = t.row(0, named=True)
    assert a["wins"] == 2.0 and a["n"] == 10
    assert (a["win_low"], a["win_high"]) == pytest.approx(
        proportion_confint(2, 10, method="wilson")
    )


def test_focus_rows_follow_the_rotation():
    # rotation r seats lineup[(seat + r) % P], so lineup position 0 sits at seat (P - r) % P
    games = pl.DataFrame({"game": [0, 1, 2, 3], "seed": [5] * 4, "rotation": [0, 1, 2, 3]})
    players = pl.DataFrame(
        {
            "game": np.repeat(np.arange(4), 4),
            "seat": np.tile(np.arange(4), 4),
            "win_share": np.zeros(16),
            "vp": np.arange(16),
        }
    )
    f = focus_rows(players, games, 4)
    assert f["seat"].to_list() == [0, 3, 2, 1]


def _seat_players():
    # 2 players, 100 games: seat 0 wins 60, seat 1 wins 40
    w = np.array([1.0] * 60 + [0.0] * 40)
    return pl.DataFrame(
        {
            "game": np.concatenate([np.arange(100), np.arange(100)]),
            "seat": [0] * 100 + [1] * 100,
            "players": [2] * 200,
            "win_share": np.concatenate([w, 1 - w]),
            "vp": np.concatenate([np.full(100, 30), np.full(100, 25)]),
            **{
                f"vp_{s}": np.ones(200, dtype=np.int64)
                for s in ("slot", "completion", "income", "dias", "end_reals", "end_ships")
            },
        }
    )


def test_balance_index_is_one_minus_the_largest_seat_gap():
    t = seats.win_by_seat(_seat_players())
    bal = seats.balance_index(t).row(0, named=True)
    assert bal["largest_gap"] == pytest.approx(0.2)
    assert bal["balance_index"] == pytest.approx(0.8)
    assert (bal["best_seat"], bal["worst_seat"]) == (0, 1)
    s0 = t.filter(pl.col("seat") == 0).row(0, named=True)
    assert s0["dealt_character"] == "Bartolomeu Dias"
    assert s0["above_fair"]  # Wilson [0.502, 0.691] lies above 1/2


def _tournament_players():
    rows = []
    g = 0
    # a beats b 70 of 100, a beats c 90 of 100, b beats c 50 of 100
    for x, y, wins in (("a", "b", 70), ("a", "c", 90), ("b", "c", 50)):
        for k in range(100):
            w = 1.0 if k < wins else 0.0
            rows.append((g, 0, x, w, f"{x},{y}"))
            rows.append((g, 1, y, 1 - w, f"{x},{y}"))
            g += 1
    return pl.DataFrame(
        rows, schema=["game", "seat", "strategy", "win_share", "lineup"], orient="row"
    ).with_columns(pl.lit(2, dtype=pl.Int8).alias("players"), pl.lit(20).alias("vp"))


def test_matchup_matrix_ranking_and_dominance():
    p = _tournament_players()
    m = matchups.pair_matrix(p)
    ab = m.filter((pl.col("row") == "a") & (pl.col("column") == "b")).row(0, named=True)
    assert ab["win_share"] == pytest.approx(0.7) and ab["n"] == 100
    assert (ab["win_low"], ab["win_high"]) == pytest.approx(
        proportion_confint(70, 100, method="wilson")
    )
    rank = matchups.ranking(p, m)
    assert rank["strategy"].to_list()[0] == "a"
    dom = matchups.dominance(m)
    assert dom.filter(pl.col("dominates"))["strategy"].to_list() == ["a"]
    assert dom.filter(pl.col("dominated"))["strategy"].to_list() == []


def test_character_holding_reads_round_end_masks():
    # 2 games, 2 players; Dias (bit 0) held by seat 0 in every round of game 0, nobody in game 1
    base = {f"characters_r{r}": [1, 0, 0, 0] for r in range(1, 6)}
    base["characters_r5"] = [1, 2, 0, 0]  # and Alvares (bit 1) held by seat 1 in round 5 game 0
    p = pl.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "seat": [0, 1, 0, 1],
            **base,
            "win_share": [1.0, 0, 0.5, 0.5],
            "vp": [30, 20, 25, 25],
        }
    )
    h = characters.holding(p)
    dias = h.filter(pl.col("character") == "Bartolomeu Dias").sort("round")
    assert dias["held_share"].to_list() == [0.5] * 5
    alv = h.filter(pl.col("character") == "Francisco Alvares").sort("round")
    assert alv["held_share"].to_list() == [0, 0, 0, 0, 0.5]
    res = characters.holder_results(p).filter(pl.col("character") == "Bartolomeu Dias")
    assert res.filter(pl.col("holds"))["mean_vp"].item() == 30


# --- charts --------------------------------------------------------------------------------
def _check_chart(fig):
    ax = fig.axes[0]
    assert ax.get_title()
    for label in (ax.get_xlabel(), ax.get_ylabel()):
        assert label and "(" in label and ")" in label, f"axis label without unit: {label!r}"
    cap = charts.caption_of(fig)
    assert "n = 1,234 games" in cap and "seed 7" in cap and "0.1.0" in cap and "abcdef01" in cap
    fig.canvas.draw()  # renders


def _chart_cases():
    from vdgsim import default_components
    from vdgsim.games.vasco.analysis import bidding

    comps = default_components()
    exact = bidding.free_number_table(comps, rounds=[1])
    check = bidding.compare_with_simulation(exact, bidding.simulate_free_numbers(comps, 2000, 1))
    by_d = pl.DataFrame(
        {
            "area": [0, 0, 3, 3],
            "d": [-1, 2, -1, 2],
            "taken": [50] * 4,
            "perform_share": [0.9, 0.5, 0.3, 0.1],
            "taken_per_game": [1.0] * 4,
        }
    )
    effects = pl.DataFrame(
        {
            "label": ["x", "y"],
            "win_share_diff": [0.01, -0.03],
            "win_share_low": [-0.01, -0.05],
            "win_share_high": [0.03, -0.01],
            "vp_diff": [0.5, -1.0],
            "vp_low": [-0.1, -2.0],
            "vp_high": [1.1, -0.1],
        }
    )
    sp = _seat_players()
    sp3 = sp.with_columns(pl.lit("s").alias("strategy"))
    for k in ("natal", "terra_de_boa_gente", "mozambique", "mombasa", "malindi", "calicut"):
        sp3 = sp3.with_columns(pl.lit(1).alias(f"sent_{k}"))
    sweep = sensitivity.sweep_players({"k=3": _Run(sp3), "k=5": _Run(sp3)})
    return {
        "free_number": lambda: charts.free_number_chart(exact, INFO),
        "free_number_check": lambda: charts.free_number_check_chart(check, INFO),
        "distance": lambda: vasco_charts.distance_chart(by_d, INFO),
        "taken": lambda: vasco_charts.taken_chart(by_d, INFO),
        "effects_ws": lambda: charts.effects_chart(effects, INFO, "t"),
        "effects_vp": lambda: charts.effects_chart(effects, INFO, "t", "vp"),
        "seats": lambda: charts.seat_chart(seats.win_by_seat(sp), INFO),
        "scores": lambda: charts.score_chart(sp, INFO),
        "sources": lambda: charts.vp_source_chart(seats.vp_by_source(sp), INFO),
        "holding": lambda: vasco_charts.holding_chart(characters.holding(_holding_players()), INFO),
        "landing_use": lambda: vasco_charts.landing_use_chart(ports.landing_use(sp3), INFO),
        "matchups": lambda: charts.matchup_chart(matchups.pair_matrix(_tournament_players()), INFO),
        "sweep": lambda: charts.sensitivity_chart(sensitivity.win_share_response(sweep), INFO, "k"),
        "sweep_landings": lambda: vasco_charts.landing_response_chart(
            sensitivity.landing_response(sweep), INFO, "k"
        ),
    }


class _Run:
    def __init__(self, players):
        self.players = players


def _holding_players():
    return pl.DataFrame(
        {"game": [0, 0], "seat": [0, 1], **{f"characters_r{r}": [1, 6] for r in range(1, 6)}}
    )


CASES = list(_chart_cases().keys())


@pytest.mark.parametrize("name", CASES)
def test_every_chart_has_title_axis_units_and_caption(name):
    fig = _chart_cases()[name]()
    _check_chart(fig)
    import matplotlib.pyplot as plt

    plt.close(fig)
