"""The matchups section: how often each player finishes ahead of each other, head to head at
two players and in the line-ups of three and four."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    matchups,
    measures,
)
from vdgsim.analysis.common import (
    pct,
)
from vdgsim.analysis.experiment import (
    ExperimentRun,
)
from vdgsim.report.findings import KeyNumber, Section


# --- matchups -----------------------------------------------------------------------------------
def matchups_section(exp: ExperimentRun, sec: Section) -> None:
    """Head to head at every player count of the tournament: at two players the round-robin
    matrix, ranking and dominance; at three and four, how often each preset finishes ahead
    of each other one in the games where both play."""
    players = exp.tournament.players
    counts = sorted(players["players"].unique().to_list())
    if 2 in counts:
        _two_player_matchups(players.filter(pl.col("players") == 2), sec)
    more = [p for p in counts if p > 2]
    if more:
        _ahead_matchups(exp, players, more, sec)


def _two_player_matchups(players: pl.DataFrame, sec: Section) -> None:
    matrix = matchups.pair_matrix(players)
    rank = matchups.ranking(players, matrix)
    dom = matchups.dominance(matrix)
    sec.tables["matrix"] = matrix
    sec.tables["ranking"] = rank
    sec.tables["dominance"] = dom
    sec.figures.append(("matrix", C.matchup_chart(matrix, sec.info)))
    order = rank["strategy"].to_list()
    sec.findings.append(
        "2 players: ranking by relative strength (win share x players): " + ", ".join(order) + "."
    )
    for r in rank.head(3).iter_rows(named=True):
        sec.findings.append(
            f"2 players: {r['strategy']} beats {r['beats']} of {r['opponents']} presets head to "
            f"head and "
            f"loses to {r['loses_to']} (mean head-to-head win share {pct(r['mean_h2h'])}%)."
        )
    for r in matrix.iter_rows(named=True):
        sec.numbers.append(
            KeyNumber(
                f"{r['row']} vs {r['column']}: win share",
                r["win_share"],
                r["win_low"],
                r["win_high"],
                "%",
                "matrix",
                {"row": r["row"], "column": r["column"]},
                "win_share",
            )
        )
    doms = dom.filter(pl.col("dominates"))["strategy"].to_list()
    subs = dom.filter(pl.col("dominated"))["strategy"].to_list()
    sec.findings.append(
        ("2 players, dominant (beats every other preset): " + ", ".join(doms) + ".")
        if doms
        else "2 players: no preset beats every other one."
    )
    sec.findings.append(
        ("2 players, dominated (loses to every other preset): " + ", ".join(subs) + ".")
        if subs
        else "2 players: no preset loses to every other one."
    )


def ahead_number(r: dict[str, Any], players: int) -> KeyNumber:
    """The key number of one row of :func:`~vdgsim.analysis.matchups.ahead_matrix`: how often
    its row preset finishes ahead of its column preset at ``players`` players."""
    return KeyNumber(
        f"{players} players: {r['row']} finishes ahead of {r['column']}",
        r["win_share"],
        r["win_low"],
        r["win_high"],
        "%",
        "head_to_head",
        {"players": players, "row": r["row"], "column": r["column"]},
        "win_share",
    )


def _ahead_matchups(
    exp: ExperimentRun, players: pl.DataFrame, counts: list[int], sec: Section
) -> None:
    """Three and four players, where a win share mixes every rival of a line-up: each pair of
    presets compared in the games both play (who finishes ahead), one chart per count, and
    per count one finding of the pairs whose interval leaves one half."""
    manifests = exp.manifests()
    tables = []
    for p in counts:
        at = players.filter(pl.col("players") == p)
        m = matchups.ahead_matrix(at)
        tables.append(m)
        info = replace(
            sec.info,
            games=at.select("lineup", "game").unique().height,
            about=measures.describe_runs(manifests, p),
        )
        title = f"{p} players: row finishes ahead of column (%, [Wilson 95%])"
        sec.figures.append((f"head_to_head_{p}p", C.matchup_chart(m, info, title)))
        clear = []
        # each pair once, from the side of the preset ahead (the other side is 1 minus it)
        ahead = (pl.col("win_share") > 0.5) | (
            (pl.col("win_share") == 0.5) & (pl.col("row") < pl.col("column"))
        )
        for r in m.filter(ahead).sort("win_share", descending=True).iter_rows(named=True):
            k = ahead_number(r, p)
            sec.numbers.append(k)
            if r["win_low"] > 0.5:
                clear.append(
                    f"{r['row']} finishes ahead of {r['column']} in {k.text()} of the games "
                    "both play"
                )
        sec.findings.append(
            f"{p} players: "
            + (
                "; ".join(clear) + " (a shared rank counts one half; even is 50%)."
                if clear
                else "no preset finishes ahead of another in clearly more than half the games "
                "both play."
            )
        )
    sec.tables["head_to_head"] = pl.concat(tables)
