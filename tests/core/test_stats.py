"""Interval estimates against published values and independent implementations."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint
from statsmodels.stats.weightstats import DescrStatsW

from vdgsim.core.stats import mean_interval, summary_table, wilson_interval


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_matches_newcombe_table(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got == pytest.approx((lo, hi), abs=6e-5)


@pytest.mark.parametrize(("k", "n"), [(0, 1), (3, 10), (500, 1000), (999, 1000), (2500, 10000)])
@pytest.mark.parametrize("confidence", [0.90, 0.95, 0.99])
def test_wilson_interval_matches_statsmodels(k, n, confidence):
    ref = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
    assert wilson_interval(k, n, confidence) == pytest.approx(ref, rel=1e-9, abs=1e-12)


def test_wilson_interval_accepts_fractional_wins_from_shared_first_places():
    lo, hi = wilson_interval(2.5, 10)
    ref = proportion_confint(2.5, 10, method="wilson")
    assert (lo, hi) == pytest.approx(ref)


def test_wilson_interval_rejects_impossible_counts():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    assert all(math.isnan(v) for v in wilson_interval(0, 0))


def test_mean_interval_matches_statsmodels_t_interval():
    x = np.random.default_rng(5).normal(20.0, 6.0, size=37)
    mean, lo, hi = mean_interval(list(x))
    ref = DescrStatsW(x).tconfint_mean(alpha=0.05)
    assert mean == pytest.approx(x.mean())
    assert (lo, hi) == pytest.approx(ref, rel=1e-9)


def test_mean_interval_of_a_textbook_sample():
    # scipy's own t interval for the same sample, built independently of vdgsim.core.stats
    x = [10.0, 12.0, 9.0, 11.0, 13.0]
    ref = sps.t.interval(0.95, len(x) - 1, loc=np.mean(x), scale=sps.sem(x))
    assert mean_interval(x)[1:] == pytest.approx(ref)
    assert mean_interval(x)[1:] == pytest.approx((9.036757, 12.963243), abs=1e-5)


def test_summary_table_groups_and_counts_shared_wins():
    players = pl.DataFrame(
        {
            "strategy": ["a", "b", "a", "b", "a", "b"],
            "vp": [30, 20, 25, 25, 10, 40],
            "win_share": [1.0, 0.0, 0.5, 0.5, 0.0, 1.0],
        }
    )
    t = summary_table(players, "strategy")
    a = t.filter(pl.col("strategy") == "a").row(0, named=True)
    assert a["games"] == 3
    assert a["wins"] == pytest.approx(1.5)
    assert a["win_share"] == pytest.approx(0.5)
    assert (a["win_low"], a["win_high"]) == pytest.approx(
        proportion_confint(1.5, 3, method="wilson")
    )
    assert a["mean_vp"] == pytest.approx(65 / 3)
    ref = DescrStatsW(np.array([30.0, 25.0, 10.0])).tconfint_mean()
    assert (a["vp_low"], a["vp_high"]) == pytest.approx(ref)
