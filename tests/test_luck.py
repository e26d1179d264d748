"""How much the deal decides: the deal share of mirror runs and skill against luck, on
synthetic tables with known answers and on one small real run."""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl
import pytest
from scipy.stats import chi2

from vdgsim.analysis.common import RunInfo
from vdgsim.analysis.luck import (
    deal_share,
    deal_share_by_level,
    deal_share_sentences,
    decimals_for,
    interval_text,
    mirror_cells,
    skill_luck,
    skill_luck_sentences,
    variance_parts,
)
from vdgsim.analysis.skill import SkillAxis


@dataclass
class FakeRun:
    """What the luck functions read of a :class:`vdgsim.runner.Run`."""

    manifest: dict[str, Any]
    players: pl.DataFrame
    games: pl.DataFrame


def mirror_run(results: np.ndarray, vp: np.ndarray | None = None, name: str = "default") -> FakeRun:
    """A mirror run from ``results`` (deals, games per deal, seats) of win shares: game g of
    deal d has seed d; ``vp`` alike (the win shares when not given)."""
    deals, per, seats = results.shape
    vp = results * 10.0 if vp is None else vp
    game = np.arange(deals * per)
    games = pl.DataFrame({"game": game, "seed": np.repeat(np.arange(deals), per)})
    players = pl.DataFrame(
        {
            "game": np.repeat(game, seats),
            "seat": np.tile(np.arange(seats), deals * per),
            "strategy": name,
            "win_share": results.reshape(-1),
            "vp": vp.reshape(-1),
        }
    )
    manifest = {"run": {"players": seats, "lineup": [name] * seats, "rotate": per > 1}}
    return FakeRun(manifest, players, games)


def one_hot_winners(winners: np.ndarray, seats: int) -> np.ndarray:
    return np.eye(seats)[winners]


def value(table: pl.DataFrame, measure: str, part: str, players: int | None = None) -> dict:
    t = table.filter((pl.col("measure") == measure) & (pl.col("part") == part))
    if players is not None:
        t = t.filter(pl.col("players") == players)
    return t.row(0, named=True)


def test_deal_decides_everything_gives_deal_share_one() -> None:
    rng = np.random.default_rng(1)
    # each deal picks its winning seat, and every game of the deal agrees
    winners = np.repeat(rng.integers(0, 3, size=(500, 1)), 3, axis=1)
    t = deal_share({"r": mirror_run(one_hot_winners(winners, 3))}, np.random.default_rng(2), 200)
    deal = value(t, "win_share", "deal")
    assert deal["value"] > 0.97
    assert value(t, "win_share", "within", 3)["value"] == 0.0
    assert deal["n_deals"] == 500 and deal["games"] == 1500
    assert 0.9 < deal["low"] <= deal["value"] <= deal["high"] <= 1.0


def test_results_independent_of_the_deal_give_deal_share_zero() -> None:
    rng = np.random.default_rng(3)
    # every game draws its winner afresh: the deal tells nothing
    winners = rng.integers(0, 2, size=(600, 4))
    t = deal_share({"r": mirror_run(one_hot_winners(winners, 2))}, np.random.default_rng(4), 200)
    deal = value(t, "win_share", "deal")
    assert deal["value"] < 0.05
    assert deal["low"] == 0.0 or deal["low"] < 0.02
    assert value(t, "win_share", "within")["value"] > 0.9


def test_seat_edge_is_the_seats_share() -> None:
    # seat 0 always wins: the seat decides everything and the deal nothing
    results = one_hot_winners(np.zeros((300, 2), dtype=np.int64), 2)
    t = deal_share({"r": mirror_run(results)}, np.random.default_rng(5), 100)
    assert value(t, "win_share", "seat")["value"] == pytest.approx(1.0)
    assert value(t, "win_share", "deal")["value"] == pytest.approx(0.0)


def shares_truth_sample(
    rng: np.random.Generator, deals: int, per: int, sd_deal: float, sd_within: float
) -> np.ndarray:
    """Results y = a_s + b_ds + e with a = (+0.5, -0.5) (seat variance 0.25), b ~ N(0,
    sd_deal^2) per deal and seat, e ~ N(0, sd_within^2) per game and seat."""
    a = np.array([0.5, -0.5])
    b = rng.normal(0.0, sd_deal, size=(deals, 1, 2))
    e = rng.normal(0.0, sd_within, size=(deals, per, 2))
    return a + b + e


def test_bootstrap_interval_covers_the_true_shares() -> None:
    sd_deal, sd_within = 1.0, 0.5
    total = 0.25 + sd_deal**2 + sd_within**2
    truth = np.array([sd_deal**2, 0.25, sd_within**2]) / total
    rng = np.random.default_rng(20261128)
    y = shares_truth_sample(rng, 800, 3, sd_deal, sd_within)
    t = deal_share({"r": mirror_run(y, y)}, np.random.default_rng(7), 500)
    for i, part in enumerate(("deal", "seat", "within")):
        r = value(t, "vp", part)
        assert r["low"] <= truth[i] <= r["high"], (part, r, truth[i])
        assert r["high"] - r["low"] < 0.1
    # and the intervals have about their coverage: 95% intervals over repeated samples
    hits = 0
    for _ in range(40):
        y = shares_truth_sample(rng, 300, 2, sd_deal, sd_within)
        rows = mirror_run(y, y).players.join(mirror_run(y, y).games, on="game")
        cells = mirror_cells(rows, "vp")
        w = rng.multinomial(300, np.full(300, 1 / 300), size=300).astype(np.float64)
        lo, hi = np.quantile(variance_parts(cells, w)[:, 0], [0.025, 0.975])
        hits += lo <= truth[0] <= hi
    assert hits >= 32


def test_no_seat_edge_is_not_read_as_one() -> None:
    # fair games, the winner drawn afresh each deal, 20 deals a sample: the seat means differ
    # by chance only; after the correction for it, the estimate is the truth 0 clipped at 0,
    # whose mean is 1/n * E[(chi2_1 - 1)+] = 0.05 * (P(chi2_1 < 1) - P(chi2_3 < 1)) of the
    # variance (without the correction: 0.05 * E[chi2_1] = 0.05)
    rng = np.random.default_rng(5)
    shares = []
    for _ in range(600):
        run = mirror_run(one_hot_winners(rng.integers(0, 2, size=(20, 1)), 2))
        cells = mirror_cells(run.players.join(run.games, on="game"), "win_share")
        shares.append(variance_parts(cells, np.ones(20))[0, 1])
    expected = 0.05 * (chi2.cdf(1.0, 1) - chi2.cdf(1.0, 3))
    assert np.mean(shares) == pytest.approx(expected, abs=0.005)


def test_a_drawn_start_player_makes_the_turn_order_the_unit() -> None:
    rng = np.random.default_rng(8)
    start = rng.integers(0, 3, size=400)
    # the start player always wins: by seat number the deal decides (it draws the start
    # player), by turn position the turn order decides everything
    run = mirror_run(one_hot_winners(start[:, None], 3))
    run.games = run.games.with_columns(pl.Series("start_player", start))
    t = deal_share({"r": run}, np.random.default_rng(9), 100)
    assert value(t, "win_share", "seat")["value"] == pytest.approx(1.0)
    assert value(t, "win_share", "seat")["unit"] == "turn position"
    assert "the turn order explains 100" in deal_share_sentences(t)[0]
    no_start = deal_share({"r": mirror_run(one_hot_winners(start[:, None], 3))}, None, 100)
    assert value(no_start, "win_share", "deal")["value"] > 0.99


def test_deal_share_by_level_tags_each_level() -> None:
    rng = np.random.default_rng(10)
    fixed = np.repeat(rng.integers(0, 2, size=(300, 1)), 2, axis=1)
    fresh = rng.integers(0, 2, size=(300, 2))
    levels = {
        "default": {"2p": mirror_run(one_hot_winners(fixed, 2))},
        "mc": {"2p": mirror_run(one_hot_winners(fresh, 2), name="mc")},
    }
    t = deal_share_by_level(levels, np.random.default_rng(1), 100)
    by = {
        r["player"]: r["value"]
        for r in t.filter(pl.col("part") == "deal").iter_rows(named=True)
        if r["measure"] == "win_share"
    }
    assert by["default"] > 0.95 and by["mc"] < 0.1


def test_deal_share_refuses_mixed_players() -> None:
    run = mirror_run(one_hot_winners(np.zeros((10, 2), dtype=np.int64), 2))
    run.players = run.players.with_columns(
        pl.when(pl.col("seat") == 1)
        .then(pl.lit("frugal"))
        .otherwise(pl.col("strategy"))
        .alias("strategy")
    )
    with pytest.raises(ValueError, match="identical players"):
        deal_share({"r": run})


def axis_run(level: str, wins: np.ndarray, anchor: str = "default") -> FakeRun:
    """A skill-axis run: ``wins`` (deals, P) is the level's win share in rotation r of deal d
    (game d * P + r, line-up position 0 sits in seat (P - r) % P; the anchor gets the rest,
    shared equally, which the luck functions never read)."""
    deals, p = wins.shape
    game = np.arange(deals * p)
    rotation = game % p
    games = pl.DataFrame(
        {"game": game, "seed": np.repeat(np.arange(deals), p), "rotation": rotation}
    )
    rows = []
    for g in game:
        focus = (p - rotation[g]) % p
        w = float(wins[g // p, g % p])
        for seat in range(p):
            mine = seat == focus
            rows.append(
                {
                    "game": int(g),
                    "seat": seat,
                    "strategy": level if mine else anchor,
                    "win_share": w if mine else (1.0 - w) / (p - 1),
                    "vp": 10.0,
                }
            )
    manifest = {
        "run": {"players": p, "lineup": [level] + [anchor] * (p - 1), "rotate": True, "crn": True}
    }
    return FakeRun(manifest, pl.DataFrame(rows), games)


def measure(t: pl.DataFrame, player: str, name: str, players: int = 2) -> dict:
    return t.filter(
        (pl.col("player") == player) & (pl.col("measure") == name) & (pl.col("players") == players)
    ).row(0, named=True)


def test_skill_curve_has_the_known_answers() -> None:
    rng = np.random.default_rng(11)
    deals = 400
    # coin: every game its own draw at 50%
    coin = rng.integers(0, 2, size=(deals, 2)).astype(np.float64)
    # seat: the level wins exactly where it sits in the deal's lucky seat
    lucky = rng.integers(0, 2, size=deals)
    seat = np.stack([lucky == 0, lucky == 1], axis=1).astype(np.float64)
    # deal: the deal alone decides, 70% of deals won in both rotations, the rest in none
    deal = np.zeros((deals, 2))
    deal[: int(0.7 * deals)] = 1.0
    runs = {
        "axis/coin/2p": axis_run("coin", coin),
        "axis/seat/2p": axis_run("seat", seat),
        "axis/deal/2p": axis_run("deal", deal),
    }
    axis = SkillAxis.pooled(
        "default",
        {"coin": (0.0, -5.0, 5.0), "seat": (50.0, 40.0, 60.0), "deal": (150.0, 140.0, 160.0)},
    )
    t = skill_luck(runs, axis, np.random.default_rng(12), 300)
    # the deal decides: every deal all or none, a coin at 70% would give 0.49 + 0.09
    assert measure(t, "deal", "win_share")["value"] == pytest.approx(0.7)
    assert measure(t, "deal", "all_rotations")["value"] == pytest.approx(0.7)
    assert measure(t, "deal", "all_rotations")["coin"] == pytest.approx(0.49)
    assert measure(t, "deal", "no_rotation")["coin"] == pytest.approx(0.09)
    assert measure(t, "deal", "consistency")["value"] == pytest.approx(1.0 - 0.49 - 0.09)
    assert measure(t, "deal", "deal_icc")["value"] == pytest.approx(1.0)
    # the seat decides: never all or none, the ICC at its floor -1/(P-1)
    assert measure(t, "seat", "win_share")["value"] == pytest.approx(0.5)
    assert measure(t, "seat", "all_rotations")["value"] == 0.0
    assert measure(t, "seat", "deal_icc")["value"] == pytest.approx(-1.0)
    assert measure(t, "seat", "consistency")["value"] < -0.4
    # a coin: nothing beyond a coin, within its interval
    for name in ("consistency", "deal_icc"):
        r = measure(t, "coin", name)
        assert r["low"] < 0.0 < r["high"], r
    # one curve, ordered by rating, carrying the axis's ratings
    curve_rows = t.filter(pl.col("measure") == "deal_icc")
    assert curve_rows["player"].to_list() == ["coin", "seat", "deal"]
    assert curve_rows["rating"].to_list() == [0.0, 50.0, 150.0]
    assert measure(t, "deal", "deal_icc")["n_deals"] == deals


def test_skill_curve_at_three_players() -> None:
    deals = 300
    # the seat decides: the level wins in exactly one rotation of each deal
    seat = np.eye(3)[np.arange(deals) % 3]
    # the deal decides: 60% of deals won in all three rotations, the rest in none
    deal = np.zeros((deals, 3))
    deal[: int(0.6 * deals)] = 1.0
    runs = {"s": axis_run("seat", seat), "d": axis_run("deal", deal)}
    t = skill_luck(runs, rng=np.random.default_rng(1), reps=100)
    assert measure(t, "seat", "deal_icc", 3)["value"] == pytest.approx(-0.5)
    assert measure(t, "seat", "win_share", 3)["value"] == pytest.approx(1 / 3)
    assert measure(t, "deal", "all_rotations", 3)["coin"] == pytest.approx(0.6**3)
    assert measure(t, "deal", "no_rotation", 3)["coin"] == pytest.approx(0.4**3)
    assert measure(t, "deal", "consistency", 3)["value"] == pytest.approx(1 - 0.6**3 - 0.4**3)
    # ratings are absent without an axis
    assert measure(t, "deal", "deal_icc", 3)["rating"] is None


def test_skill_luck_counts_only_complete_deals_for_all_or_none() -> None:
    wins = np.ones((10, 3))
    run = axis_run("strong", wins)
    # cut the last deal short: its two games must not count as a deal won in every rotation
    run.games = run.games.filter(pl.col("game") < 29)
    run.players = run.players.filter(pl.col("game") < 29)
    t = skill_luck({"a": run}, rng=np.random.default_rng(0), reps=50)
    r = measure(t, "strong", "all_rotations", 3)
    assert r["n_deals"] == 9 and r["games"] == 29
    assert r["value"] == 1.0


@pytest.mark.parametrize("deals", [1, 2])
def test_skill_luck_of_a_few_deals_warns_of_nothing(deals: int) -> None:
    """A quick report's search levels play a deal or two: the measures that need a spread
    over deals have no interval (NaN), and nothing reaches the terminal as a warning."""
    run = axis_run("mc", np.ones((deals, 2)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = skill_luck({"a": run}, rng=np.random.default_rng(0), reps=50)
    r = measure(t, "mc", "deal_icc")
    assert r["n_deals"] == deals
    assert r["low"] is None or math.isnan(r["low"])


def test_skill_luck_needs_rotated_runs() -> None:
    run = axis_run("x", np.ones((4, 2)))
    run.manifest["run"]["rotate"] = False
    with pytest.raises(ValueError, match="rotated"):
        skill_luck({"a": run})
    # rotated, but every game on a seed of its own: no deal is played twice
    run = axis_run("x", np.ones((4, 2)))
    run.games = run.games.with_columns(pl.col("game").alias("seed"))
    with pytest.raises(ValueError, match="common random numbers"):
        skill_luck({"a": run})


def test_interval_text_rounds_to_two_digits_of_the_width() -> None:
    assert decimals_for(2.3) == 1
    assert decimals_for(0.47) == 2
    assert decimals_for(23.0) == 0
    assert interval_text(0.991234, 0.98712, 0.99456) == "99.12% [98.71, 99.46]"
    assert interval_text(0.3, 0.1, 0.5) == "30% [10, 50]"
    assert interval_text(0.12, 0.05, 0.19, 1.0, "") == "0.12 [0.05, 0.19]"
    # no width (every resample alike): two significant digits of the value
    assert interval_text(-0.5, -0.5 - 1e-17, -0.5 + 1e-17, 1.0, "") == "-0.50 [-0.50, -0.50]"
    assert interval_text(0.0049, math.nan, math.nan) == "0.49%"


def test_sentences_quote_the_numbers() -> None:
    rng = np.random.default_rng(1)
    winners = np.repeat(rng.integers(0, 2, size=(200, 1)), 2, axis=1)
    t = deal_share({"r": mirror_run(one_hot_winners(winners, 2))}, np.random.default_rng(2), 100)
    (s,) = deal_share_sentences(t)
    seat = value(t, "win_share", "seat")
    # every game of a deal and seat alike: the deal's share is the rest, by construction
    assert value(t, "win_share", "within")["value"] == 0
    assert s.startswith("With 2 players and default in every seat, the seat explains ")
    assert interval_text(seat["value"], seat["low"], seat["high"]) in s
    assert "200 deals" in s and "the deal decides" not in s
    runs = {"a": axis_run("lvl", np.ones((20, 2)))}
    axis = SkillAxis.pooled("default", {"lvl": (120.0, 100.0, 140.0)})
    (s2,) = skill_luck_sentences(skill_luck(runs, axis, np.random.default_rng(3), 50))
    assert s2.startswith("With 2 players,") and "for lvl (+120 Elo)" in s2


def test_charts_carry_the_runs_provenance() -> None:
    from vdgsim.analysis.charts import caption_of
    from vdgsim.analysis.luck_charts import deal_share_chart, skill_luck_chart

    info = RunInfo(games=800, seeds=(7,), version="9.9", digest="abc123")
    runs = {
        "a": axis_run("lvl", np.ones((20, 2))),
        "b": axis_run("default", np.eye(2)[np.arange(20) % 2]),
    }
    axis = SkillAxis.pooled("default", {"lvl": (120.0, 100.0, 140.0)})
    fig = skill_luck_chart(skill_luck(runs, axis, np.random.default_rng(3), 50), info)
    assert "n = 800 games" in caption_of(fig) and "abc123" in caption_of(fig)
    assert "Elo" in fig.axes[0].get_xlabel()
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "default against itself (by construction)" in labels
    winners = np.repeat(np.arange(30)[:, None] % 2, 2, axis=1)
    t = deal_share({"r": mirror_run(one_hot_winners(winners, 2))}, np.random.default_rng(2), 50)
    fig2 = deal_share_chart(t, info)
    assert "seed 7" in caption_of(fig2)


def test_a_small_real_run_gives_a_share_in_0_1() -> None:
    from vdgsim.runner import simulate

    run = simulate(["default"] * 2, games=400, seed=1, rotate=True)
    t = deal_share({"default/2p": run}, np.random.default_rng(0), 200)
    deal = value(t, "win_share", "deal", 2)
    assert 0.0 <= deal["low"] <= deal["value"] <= deal["high"] <= 1.0
    assert deal["n_deals"] == 200 and deal["games"] == 400
    total = sum(value(t, "win_share", p)["value"] for p in ("deal", "seat", "within"))
    assert total == pytest.approx(1.0)
    # the rotations of a deal with identical players replay the same game: nothing within
    assert value(t, "win_share", "within")["value"] == 0.0
