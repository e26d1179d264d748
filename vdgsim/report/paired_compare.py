"""Paired differences between two reports, from the games both played on the same deals.

A what-if variant's report plays every experiment on the base report's seeds, so game g of a
run is the same deal in both. Where a key number is a mean over games of one quantity, the
variant's value less the base's is taken game by game and its interval over deals (the games
sharing a seed form one cluster, :func:`vdgsim.analysis.common.paired_difference`), which is
narrower than treating the two reports as independent whenever the deal matters.

Two kinds of key number are paired this way, both read from the runs below each report's
``runs/`` folder:

* a restricted player's effect (an experiment's ``effects`` table, row ``arm``): per game, the
  focus player's result in the arm less the baseline's, so the paired difference is how much
  the variant moved the effect on each deal;
* a seat's win share, or its gap to the fair share (a seats experiment's ``win_by_seat``
  table, row ``players`` and ``seat``): per game, the seat's share of the win.

Any other key number keeps the independent interval; :func:`paired_differences` says which
were paired.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl

from vdgsim.analysis.common import focus_rows, paired_difference
from vdgsim.analysis.experiment import BASELINE
from vdgsim.runner.output import CorruptRunError
from vdgsim.runner.run import load_run

Triple = tuple[float, float, float]

# a column of an effects table and the focus player's per-game column it is the mean of
EFFECT_COLUMNS = {"win_share_diff": "win_share", "vp_diff": "vp"}
SEAT_COLUMNS = ("win_share", "gap")  # a gap is the win share less a constant fair share


class _Runs:
    """The runs a comparison reads, each read once: a report quotes a run's numbers many
    times (every arm's effects against one baseline, every seat of a player count), and
    reading it again for each would take minutes on a full report's runs."""

    def __init__(self) -> None:
        self._runs: dict[Path, Any] = {}
        self._focus: dict[Path, pl.DataFrame] = {}

    def run(self, run_dir: Path) -> Any:
        if run_dir not in self._runs:
            self._runs[run_dir] = load_run(run_dir, checksum=False)
        return self._runs[run_dir]

    def focus(self, run_dir: Path) -> pl.DataFrame:
        if run_dir not in self._focus:
            run = self.run(run_dir)
            players = int(run.manifest["run"]["players"])
            self._focus[run_dir] = focus_rows(run.players, run.games, players)
        return self._focus[run_dir]


def _effect_games(runs: _Runs, exp: Path, row: dict[str, Any], column: str) -> pl.DataFrame | None:
    """Per game: the focus player's ``column`` in the arm less in the baseline."""
    if set(row) != {"arm"} or column not in EFFECT_COLUMNS:
        return None
    col = EFFECT_COLUMNS[column]
    arm, base = runs.focus(exp / str(row["arm"])), runs.focus(exp / BASELINE)
    joined = arm.select("game", "seed", col).join(
        base.select("game", pl.col(col).alias("_base")), on="game"
    )
    return joined.select(
        "game", "seed", (pl.col(col).cast(pl.Float64) - pl.col("_base")).alias("value")
    )


def _seat_games(runs: _Runs, exp: Path, row: dict[str, Any], column: str) -> pl.DataFrame | None:
    """Per game: the seat's share of the win, in the run of that player count."""
    if set(row) != {"players", "seat"} or column not in SEAT_COLUMNS:
        return None
    run = runs.run(exp / f"{int(row['players'])}p")
    seat = run.players.filter(pl.col("seat").cast(pl.Int64) == int(row["seat"]))
    return seat.join(run.games.select("game", "seed"), on="game").select(
        "game", "seed", pl.col("win_share").cast(pl.Float64).alias("value")
    )


# the table (file stem after the experiment's name) of a key number: its per-game values
PER_GAME: dict[str, Callable[[_Runs, Path, dict[str, Any], str], pl.DataFrame | None]] = {
    "effects": _effect_games,
    "win_by_seat": _seat_games,
}


def _per_game(
    loaded: _Runs, runs: Path, section: str, number: dict[str, Any]
) -> pl.DataFrame | None:
    table = Path(str(number.get("table", ""))).stem
    stem = table.removeprefix(f"{section}-")
    reader = PER_GAME.get(stem)
    if reader is None or stem == table:
        return None
    exp = runs / section
    if not exp.is_dir():
        return None
    try:
        return reader(loaded, exp, number.get("row") or {}, str(number.get("column", "")))
    except (FileNotFoundError, CorruptRunError):
        return None


def paired_differences(
    base_runs: Path, variant_runs: Path, base: dict[str, Any], variant: dict[str, Any]
) -> dict[tuple[str, str], tuple[Triple, int]]:
    """``{(section, label): ((difference, low, high), deals)}`` for every key number both
    reports hold that can be paired game by game (see the module docstring) and whose runs
    played the same deals; the others are left out."""
    vn = {(s["name"], n["label"]): n for s in variant.get("sections", []) for n in s["numbers"]}
    out: dict[tuple[str, str], tuple[Triple, int]] = {}
    loaded = _Runs()
    for s in base.get("sections", []):
        for n in s["numbers"]:
            key = (s["name"], n["label"])
            if key not in vn or vn[key].get("table") != n.get("table"):
                continue
            b = _per_game(loaded, base_runs, s["name"], n)
            v = _per_game(loaded, variant_runs, s["name"], vn[key])
            if b is None or v is None or b.height != v.height:
                continue
            try:
                d = paired_difference(b, v, ("value",))
            except ValueError:  # other games or other seeds: not paired
                continue
            out[key] = ((d["value_diff"], d["value_low"], d["value_high"]), int(d["n_deals"]))
    return out
