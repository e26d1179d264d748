"""Ship fates: a hand-made event log, and replays that match the runner's player table."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from vdgsim.analysis import charts, ships
from vdgsim.analysis.common import RunInfo
from vdgsim.engine import actions as A

INFO = RunInfo(games=10, seeds=(1,), version="0.1.0", digest="abcdef0123456789")


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
    (row,) = ships.ships_from_log(log, game=4)
    got = dict(zip(ships.SHIP_COLUMNS, row, strict=True))
    assert got == {
        "game": 4,
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


def test_replayed_ships_add_up_to_the_run_player_table():
    from vdgsim.runner import simulate

    lineup = ["default", "near_ports", "far_ports", "random"]
    run = simulate(lineup, games=120, seed=77, rotate=True, chunk_size=40)
    sh = ships.collect_ships(lineup, 120, 77, chunk_size=40)
    per_player = sh.group_by("game", "seat").agg(
        pl.col("slot_vp", "income_vp", "completion_vp", "income_reals").sum(),
        pl.len().alias("sent"),
    )
    sent = sum(pl.col(f"sent_{k}") for k in ships_landing_keys())
    j = (
        run.players.with_columns(sent.alias("sent_all"))
        .join(
            per_player.with_columns(pl.col("seat").cast(pl.Int8)), on=["game", "seat"], how="left"
        )
        .fill_null(0)
    )
    for a, b in (
        ("vp_slot", "slot_vp"),
        ("vp_income", "income_vp"),
        ("vp_completion", "completion_vp"),
        ("reals_income", "income_reals"),
        ("sent_all", "sent"),
    ):
        assert (j[a] == j[b]).all(), a
    summ = ships.landing_summary(sh)
    assert summ["ships"].sum() == sh.height
    assert ((summ["completes"] >= summ["removed"] - 1e-12) | (summ["landing"] == 5)).all()
    # Calicut: leaving it always means removal (R6.4)
    cal = sh.filter(pl.col("landing") == 5)
    assert (cal["left_landing"] == cal["removed"]).all()
    for fig in (
        charts.ship_value_chart(ships.ship_fates(sh), INFO),
        charts.ship_fate_chart(summ, INFO),
    ):
        ax = fig.axes[0]
        assert ax.get_title() and "(" in ax.get_xlabel() and "(" in ax.get_ylabel()
        assert "n = 10 games" in charts.caption_of(fig)
        charts.save(fig, "/dev/null")


def ships_landing_keys():
    from vdgsim.vocabulary import LANDING_KEYS

    return LANDING_KEYS


@pytest.mark.parametrize("games", [1, 7])
def test_collect_ships_small_counts(games):
    sh = ships.collect_ships(["random", "random"], games, 5, chunk_size=4)
    assert set(sh["game"].unique().to_list()) <= set(range(games))
