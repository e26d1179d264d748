"""The exact distribution of the free number F, checked by hand and against tile draws."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import polars as pl
import pytest

from vdgsim import default_components, load_components, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.analysis import bidding
from vdgsim.games.vasco.engine import actions as A

# COMPONENTS.md C6: (Initial, Variation) of the nine default tiles, in file order
TILES = [(4, 3), (5, -1), (6, 1), (7, -2), (8, 0), (9, 2), (10, -1), (11, 1), (12, -3)]


def test_tiles_are_read_from_the_component_data():
    assert bidding.vdg_tiles(default_components()) == TILES


def test_round1_initial_8_by_hand():
    # the Initial 8 tile (variation 0) is face up; any of the other 8 tiles comes next:
    # F = 8 + (+3, -1, +1, -2, +2, -1, +1, -3) = 11, 7, 9, 6, 10, 7, 9, 5
    dist = bidding.free_number_distribution(default_components(), face_up=4)
    assert dist == {
        5: Fraction(1, 8),
        6: Fraction(1, 8),
        7: Fraction(2, 8),
        9: Fraction(2, 8),
        10: Fraction(1, 8),
        11: Fraction(1, 8),
    }


def test_seen_tiles_are_excluded_by_hand():
    # Initial 4 face up; Initial 12 (-3) and Initial 7 (-2) already discarded: the next tile
    # is one of -1, +1, 0, +2, -1, +1, so F = 3, 5, 4, 6, 3, 5
    dist = bidding.free_number_distribution(default_components(), face_up=0, seen=[8, 3])
    assert dist == {3: Fraction(2, 6), 4: Fraction(1, 6), 5: Fraction(2, 6), 6: Fraction(1, 6)}


def test_free_number_is_clamped_to_1_through_20():
    comps = load_components(overrides={"vdg_tiles.tiles.8.initial": 1})  # Initial 1, Var -3
    dist = bidding.free_number_distribution(comps, face_up=8, seen=[1, 3, 6])
    # remaining variations +3, +1, 0, +2, +1 -> F = 4, 2, 1, 3, 2: never below 1
    assert min(dist) == 1
    comps = load_components(overrides={"vdg_tiles.tiles.0.initial": 20})  # Initial 20, Var +3
    dist = bidding.free_number_distribution(comps, face_up=0, seen=[])
    assert max(dist) == 20


def test_round_marginal_averages_over_unseen_history():
    comps = default_components()
    # round 2 with Initial 8 showing: one unknown tile was discarded; by symmetry every
    # ordered pair (discarded, next) of the other 8 tiles is equally likely, so the next
    # tile is still uniform over the other 8: same as round 1
    assert bidding.free_number_by_round(comps, 2, 8) == bidding.free_number_by_round(comps, 1, 8)
    for r in range(1, 6):
        for initial in range(4, 13):
            assert sum(bidding.free_number_by_round(comps, r, initial).values()) == 1


def test_exact_table_matches_simulated_tile_draws():
    comps = default_components()
    exact = bidding.free_number_table(comps)
    sim = bidding.simulate_free_numbers(comps, 90_000, seed=12345)
    cmp = bidding.compare_with_simulation(exact, sim)
    # every cell within 5 standard errors (about 290 cells: a false alarm is ~1e-4)
    z = (cmp["simulated"] - cmp["probability"]).abs() / cmp["se"].clip(1e-9)
    assert z.max() < 5.0
    assert (cmp.filter(pl.col("probability") == 0)["simulated"] == 0).all()


def test_exact_table_matches_the_engine_deals():
    """F of every round of real engine deals (tile order read from new games' states)."""
    comps = default_components()
    counts: dict[tuple[int, int], dict[int, int]] = {}
    for seed in range(3000):
        st = new_game(4, seed)
        order = st.s[L.S_VDG_ORDER : L.S_VDG_ORDER + L.N_VDG]
        for r in range(1, 6):
            initial, _ = TILES[order[r - 1]]
            f = min(20, max(1, initial + TILES[order[r]][1]))
            counts.setdefault((r, initial), {}).setdefault(f, 0)
            counts[(r, initial)][f] += 1
    worst = 0.0
    for (r, initial), hist in counts.items():
        n = sum(hist.values())
        exact = bidding.free_number_by_round(comps, r, initial)
        assert set(hist) <= set(exact)
        for f, p in exact.items():
            p = float(p)
            se = np.sqrt(p * (1 - p) / n)
            worst = max(worst, abs(hist.get(f, 0) / n - p) / se)
    assert worst < 5.0


def _decisions(rows):
    cols = ["game", "seat", "strategy", "round", "phase", "kind", "action", "paid", "context",
            "number", "area", "free_number"]  # fmt: skip
    return pl.DataFrame(rows, schema=cols, orient="row")


def test_observed_acts_by_distance_and_navigation_yield():
    comps = default_components()
    d = _decisions(
        [
            # game 0: F = 8. seat 0 performs Navigation with number 5 (pays 3) -> Malindi,
            # sends two ships to Malindi slots 0 (9 VP) and 2 (7 VP)
            (0, 0, "x", 1, 2, 5, A.expedition(4), 3, 5, 5, 3, 8),
            (0, 0, "x", 1, 2, 6, A.ship_send(7, 0), 0, 5, -1, -1, 8),
            (0, 0, "x", 1, 2, 6, A.ship_send(9, 2), 0, 5, -1, -1, 8),
            # seat 1 gives up number 6 in Purchase (d = 2)
            (0, 1, "x", 1, 2, 5, L.GIVE_UP, 0, 6, 6, 2, 8),
            # seat 1 performs number 12 in Purchase (free, d = -4): upper space 0
            (0, 1, "x", 1, 2, 5, A.buy_one(0), 1, 12, 12, 2, 8),
            # seat 2 recruits with number 9 (free): a captain, 2 turquoise and 1 violet
            # sailors from section 2
            (0, 2, "x", 1, 2, 5, A.recruit(2, 2, 1, 0, 0, 1), 3, 9, 9, 1, 8),
        ]
    )
    acts = bidding.act_rows(d, comps)
    nav = acts.filter(pl.col("area") == 3).row(0, named=True)
    assert (nav["d"], nav["right_to_act"], nav["ships_sent"], nav["slot_vp"]) == (3, 3, 2, 16)
    by = bidding.observed_by_distance(acts)
    pur = by.filter(pl.col("area") == 2).sort("d")
    assert pur["d"].to_list() == [-4, 2]
    assert pur["perform_share"].to_list() == [1.0, 0.0]
    area = bidding.observed_by_area(acts).filter(pl.col("area") == 2).row(0, named=True)
    assert area["early_share"] == 0.5 and area["give_up_share"] == 0.5
    assert area["mean_items"] == 1.0  # one project bought with number 12
    rec = bidding.observed_by_area(acts).filter(pl.col("area") == 1).row(0, named=True)
    assert rec["mean_items"] == 4.0 and rec["early_share"] == 0.0


@pytest.mark.parametrize("round_", [0, 9])
def test_round_out_of_range_is_refused(round_):
    with pytest.raises(ValueError):
        bidding.free_number_by_round(default_components(), round_, 8)
