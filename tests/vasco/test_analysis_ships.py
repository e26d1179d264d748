"""Ship fates: the runner's ships table, from a hand-made event log and from real games, agrees
with its players table; the summaries and charts read it."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from vdgsim.analysis import charts
from vdgsim.analysis.common import RunInfo
from vdgsim.games.vasco.analysis import charts as vasco_charts
from vdgsim.games.vasco.analysis import ships
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.vocabulary import LANDING_KEYS, SHIP_COLUMNS
from vdgsim.runner import batch as B
from vdgsim.runner import simulate

INFO = RunInfo(games=10, seeds=(1,), version="0.1.0", digest="abcdef0123456789")
LINEUP = ["default", "near_ports", "far_ports", "random"]


def test_ships_from_a_hand_made_log():
    # [event, round, phase, seat, a, b, c, d]
    log = np.array(
        [
            # round 1: seat 2 sends tile 5 to Mozambique (landing 2) slot 1 for 5 VP
            [1, 1, 2, 2, 6, A.ship_send(5, 1), 0, 7],
            [2, 1, 2, 2, 0, 5, 2, 1],
            # Phase 3: income 1 VP + 1 Real, Mozambique complete: 2 completion VP, moves up
            [2, 1, 3, 2, 2, 1, 2, 5],
            [3, 1, 3, 2, 2, 1, 2, 5],
            [2, 1, 3, 2, 1, 2, 2, 5],
            [7, 1, 3, 2, 5, A.slot_code(2, 1), A.slot_code(3, 0), 0],
            # round 2: income at Mombasa (after moving), then Mombasa completes, removed
            [2, 2, 3, 2, 2, 1, 3, 5],
            [2, 2, 3, 2, 1, 3, 3, 5],
            [7, 2, 3, 2, 5, A.slot_code(3, 0), -1, 0],
        ],
        dtype=np.int64,
    )
    buf = np.zeros((0, len(SHIP_COLUMNS)), dtype=np.int64)
    rows, n = B.collect_ships(log, log.shape[0], 4, buf, 0)
    assert n == 1
    assert dict(zip(SHIP_COLUMNS, rows[0].tolist(), strict=True)) == {
        "game_in_chunk": 4,
        "seat": 2,
        "tile": 5,
        "round": 1,
        "landing": 2,
        "slot": 1,
        "slot_vp": 5,
        "income_vp": 2,
        "income_reals": 1,
        "completion_vp": 5,
        "left_landing": 1,
        "left_round": 1,
        "moved_up": 1,
        "removed": 1,
        "vp_after_moving": 4,
    }


@pytest.fixture(scope="module")
def run():
    return simulate(LINEUP, games=120, seed=77, rotate=True, chunk_size=40, ships=True)


def test_the_ships_table_adds_up_to_the_players_table_of_the_same_games(run):
    plain = simulate(LINEUP, games=120, seed=77, rotate=True, chunk_size=40)
    assert plain.ships is None
    assert run.games.equals(plain.games) and run.players.equals(plain.players)
    sh = run.ships
    assert sh.columns == ["game", "seat", "strategy", *SHIP_COLUMNS[2:]]
    per_landing = sh.group_by("game", "seat", "landing").len()
    per_player = sh.group_by("game", "seat").agg(
        pl.col("slot_vp", "income_vp", "completion_vp", "income_reals").sum(),
        pl.col("strategy").first(),
    )
    j = run.players.join(per_player, on=["game", "seat"], how="left").fill_null(0)
    for a, b in (
        ("vp_slot", "slot_vp"),
        ("vp_income", "income_vp"),
        ("vp_completion", "completion_vp"),
        ("reals_income", "income_reals"),
    ):
        assert (j[a] == j[b]).all(), a
    sent = j.filter(pl.col("strategy_right").is_not_null())
    assert sent.height and (sent["strategy"] == sent["strategy_right"]).all()
    # one ship row per ship the players table counts, landing by landing
    for k, key in enumerate(LANDING_KEYS):
        n = run.players.join(
            per_landing.filter(pl.col("landing") == k), on=["game", "seat"], how="left"
        ).fill_null(0)
        assert (n[f"sent_{key}"] == n["len"]).all(), key


def test_ship_summaries_and_charts_read_the_ships_table(run):
    sh = ships.run_ships(run)
    assert sh.height == run.ships.height  # different strategies: every rotation counts
    summ = ships.landing_summary(sh)
    assert summ["ships"].sum() == sh.height
    assert ((summ["completes"] >= summ["removed"] - 1e-12) | (summ["landing"] == 5)).all()
    # Calicut: leaving it always means removal (R6.4)
    cal = sh.filter(pl.col("landing") == 5)
    assert (cal["left_landing"] == cal["removed"]).all()
    for fig in (
        vasco_charts.ship_value_chart(ships.ship_fates(sh), INFO),
        charts.ship_fate_chart(summ, INFO),
    ):
        ax = fig.axes[0]
        assert ax.get_title() and "(" in ax.get_xlabel() and "(" in ax.get_ylabel()
        assert "n = 10 games" in charts.caption_of(fig)
        charts.save(fig, "/dev/null")


def test_identical_players_keep_one_rotation_and_a_run_without_ships_is_an_error():
    same = simulate(["random"] * 2, games=8, seed=5, rotate=True, chunk_size=4, ships=True)
    first = same.games.filter(pl.col("rotation") == 0)["game"]
    assert set(ships.run_ships(same)["game"]) <= set(first)
    plain = simulate(["random"] * 2, games=8, seed=5, rotate=True, chunk_size=4)
    with pytest.raises(ValueError, match="no ships table"):
        ships.run_ships(plain)


@pytest.mark.parametrize("games", [1, 7])
def test_ships_of_small_runs(games):
    sh = simulate(["random", "random"], games, 5, chunk_size=4, ships=True).ships
    assert set(sh["game"].unique().to_list()) <= set(range(games))
