"""The strength ladder: Bradley–Terry ratings (Elo scale) with deal-bootstrap intervals."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from cli_helpers import Ran, run_vdg

from vdgsim.analysis.ladder import (
    INPUT_COLUMNS,
    choose_anchor,
    fit_bradley_terry,
    fit_ladder,
    ladder,
    pair_outcomes,
)

ROOT = Path(__file__).resolve().parents[1]


def vdg(*args: str) -> Ran:
    return run_vdg(*args, cwd=ROOT)


def seat_rows(games: Sequence[tuple[int, int, Sequence[tuple[str, int]]]]) -> pl.DataFrame:
    """Per-seat rows from (player count, deal, [(player, rank), ...]) games; ties split."""
    rows = []
    for g, (count, deal, seats) in enumerate(games):
        best = min(r for _, r in seats)
        winners = sum(1 for _, r in seats if r == best)
        for player, rank in seats:
            share = 1.0 / winners if rank == best else 0.0
            rows.append((count, deal, g, player, rank, share))
    return pl.DataFrame(rows, schema=list(INPUT_COLUMNS), orient="row")


def rating(table: pl.DataFrame, player: str, count: int | None = 2) -> dict:
    rows = table.filter(
        (pl.col("player_count").is_null() if count is None else pl.col("player_count") == count)
        & (pl.col("player") == player)
    )
    assert rows.height == 1
    return rows.row(0, named=True)


def test_a_chain_of_wins_orders_the_ratings_with_the_anchor_at_zero() -> None:
    # A always beats B and B always beats C; A never meets C. Nobody ever both wins and
    # loses against the same opponent, so only the prior keeps the ratings finite.
    games = []
    for deal in range(10):
        games += [(2, deal, [("A", 1), ("B", 2)]), (2, deal, [("B", 1), ("C", 2)])]
    table = fit_ladder(seat_rows(games), anchor="B", bootstrap=30, seed=1)
    a, b, c = (rating(table, p) for p in "ABC")
    assert b["rating"] == 0.0 and b["lo"] == 0.0 and b["hi"] == 0.0
    assert a["rating"] > 0 > c["rating"]
    assert all(math.isfinite(r["rating"]) for r in (a, b, c))
    assert table["player"].to_list() == ["A", "B", "C"]  # sorted by rating
    assert a["win_share"] == 1.0 and c["win_share"] == 0.0
    assert a["ws_hi"] == 1.0 and a["ws_lo"] < 1.0  # never losing is not known to never lose
    assert a["expected_vs_anchor"] > 0.5 > c["expected_vs_anchor"]


def test_without_a_prior_a_player_who_never_lost_has_no_rating() -> None:
    wins = np.array([[0.0, 5.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match="prior"):
        fit_bradley_terry(wins, prior=0.0)
    theta = fit_bradley_terry(wins, prior=1.0)
    # 5.5 wins to 0.5: the ML fit of the data plus one virtual tie
    assert theta[0] - theta[1] == pytest.approx(math.log(11.0), rel=1e-6)


def _plackett_luce_games(
    rng: np.random.Generator, elo: dict[str, float], deals: int, few: str
) -> pl.DataFrame:
    names = list(elo)
    w = np.array([10 ** (elo[n] / 400) for n in names])
    games = []
    for deal in range(deals):
        for count in (2, 4):
            for _ in range(2):
                pool = [k for k, n in enumerate(names) if n != few or deal % 10 == 0]
                left = list(rng.choice(pool, count, replace=False))
                rank = []
                while left:  # Plackett–Luce: each next place drawn in proportion to strength
                    k = int(rng.choice(len(left), p=w[left] / w[left].sum()))
                    rank.append(left.pop(k))
                games.append((count, deal, [(names[s], r + 1) for r, s in enumerate(rank)]))
    return seat_rows(games)


def test_known_strengths_are_recovered_within_their_intervals() -> None:
    elo = {"default": 0.0, "strong": 200.0, "weak": -150.0, "close": 50.0, "rare": 100.0}
    seats = _plackett_luce_games(np.random.default_rng(20240611), elo, 300, few="rare")
    table = fit_ladder(seats, bootstrap=100, seed=3)
    for count in (2, 4, None):
        rows = table.filter(
            pl.col("player_count").is_null() if count is None else pl.col("player_count") == count
        )
        assert rows["anchor"].unique().to_list() == ["default"]
        inside = 0
        for r in rows.iter_rows(named=True):
            true = elo[r["player"]]
            assert abs(r["rating"] - true) < (150 if r["player"] == "rare" else 60), r
            inside += r["lo"] <= true <= r["hi"]
        assert inside >= 4, rows  # 95% intervals: at most one miss of five
        ordered = rows.filter(pl.col("player") != "rare")["player"].to_list()
        assert ordered == ["strong", "close", "default", "weak"]
    # the rarely seen player has far fewer games and a wider interval
    r2 = {p: rating(table, p, 4) for p in elo}
    assert r2["rare"]["games"] < r2["weak"]["games"] / 3
    width = {p: r["hi"] - r["lo"] for p, r in r2.items()}
    assert width["rare"] > max(width[p] for p in ("strong", "weak", "close"))


def test_ties_split_two_equal_players() -> None:
    games = [(3, deal, [("A", 1), ("B", 1), ("C", 3)]) for deal in range(8)]
    games += [(3, deal, [("C", 1), ("A", 2), ("B", 2)]) for deal in range(8, 12)]
    seats = seat_rows(games)
    pairs = pair_outcomes(seats)
    ab = pairs.filter(pl.col("player").is_in(["A", "B"]) & pl.col("opponent").is_in(["A", "B"]))
    assert ab["score"].unique().to_list() == [0.5]
    table = fit_ladder(seats, bootstrap=20, seed=0)
    a, b = rating(table, "A", 3), rating(table, "B", 3)
    assert a["rating"] == 0.0  # first player is the anchor without default or baseline_v1
    assert b["rating"] == pytest.approx(0.0, abs=1e-6)
    assert a["win_share"] == pytest.approx(b["win_share"]) == pytest.approx(8 * 0.5 / 12)
    assert rating(table, "C", 3)["rating"] < 0


def test_same_seed_same_intervals_other_seed_other_draws() -> None:
    elo = {"default": 0.0, "x": 120.0, "y": -80.0, "z": 30.0}
    seats = _plackett_luce_games(np.random.default_rng(5), elo, 40, few="")
    state = np.random.get_state()
    one = fit_ladder(seats, bootstrap=40, seed=11)
    np.random.seed(999)  # global random state must not matter
    two = fit_ladder(seats, bootstrap=40, seed=11)
    assert one.equals(two)
    other = fit_ladder(seats, bootstrap=40, seed=12)
    assert one["rating"].to_list() == other["rating"].to_list()
    assert one["lo"].to_list() != other["lo"].to_list()
    np.random.set_state(state)
    # each count's draws do not depend on the other counts being rated alongside
    alone = fit_ladder(seats.filter(pl.col("player_count") == 4), bootstrap=40, seed=11)
    four = one.filter(pl.col("player_count") == 4)
    assert alone["player"].to_list() == four["player"].to_list()
    for column in ("rating", "lo", "hi"):  # the same draws; players in another order
        assert alone[column].to_list() == pytest.approx(four[column].to_list(), abs=1e-9)


def test_default_anchor_choice() -> None:
    assert choose_anchor(["a", "default", "baseline_v1"]) == "baseline_v1"
    assert choose_anchor(["a", "default"]) == "default"
    assert choose_anchor(["a", "b"]) == "a"
    assert choose_anchor(["a", "b"], "b") == "b"
    with pytest.raises(ValueError, match="unknown anchor"):
        choose_anchor(["a", "b"], "c")


@pytest.fixture(scope="module")
def tiny_tournament(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    """A real tournament played and rated by `vdg ladder --play` (runner API, no shell-out)."""
    top = tmp_path_factory.mktemp("ladder") / "t"
    out = vdg(
        "ladder", "--play", "--presets", "default,random,frugal", "--player-counts", "2,4",
        "--games", "24", "--tournament-seed", "3", "--out-dir", str(top),
        "--bootstrap", "50", "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    return top, [json.loads(line) for line in out.stdout.splitlines()]


def test_end_to_end_random_is_rated_below_default(tiny_tournament: tuple[Path, list]) -> None:
    top, lines = tiny_tournament
    prov, rows = lines[0], lines[1:]
    assert prov["table"] == "provenance" and prov["anchor"] == "default"
    assert prov["components_digest"] and prov["tournament_seeds"] == [3]
    assert prov["games"] == 3 * 24 + 12 * 24
    assert {r["player_count"] for r in rows} == {2, 4, None}
    result = ladder(top, bootstrap=50)
    table = result.table
    for count in (2, 4, None):
        d, r = rating(table, "default", count), rating(table, "random", count)
        assert d["rating"] == 0.0
        assert r["hi"] < -200, r  # clearly below default, not merely below
        assert r["games"] > 0 and r["win_share"] < d["win_share"]
    # the command printed the same table as the Python API computes
    assert [x["rating"] for x in rows] == pytest.approx(table["rating"].to_list())
    assert result.info is not None and result.info.games == prov["games"]


def test_cli_table_csv_and_bad_input(tiny_tournament: tuple[Path, list], tmp_path: Path) -> None:
    top, _ = tiny_tournament
    csv = tmp_path / "ladder.csv"
    out = vdg("ladder", str(top), "--bootstrap", "0", "--anchor", "frugal", "--out", str(csv))
    assert out.returncode == 0, out.stderr
    assert "component data" in out.stdout.splitlines()[0] and str(top) in out.stdout
    assert "2 players" in out.stdout and "4 players" in out.stdout and "pooled" in out.stdout
    assert out.stdout.count("n/a") == 9  # no bootstrap: no rating interval, said so
    saved = pl.read_csv(csv)
    assert set(saved.filter(pl.col("player") == "frugal")["rating"].to_list()) == {0.0}
    assert saved["lo"].is_null().all() or saved["lo"].is_nan().all()
    bad = vdg("ladder", str(top), "--anchor", "nobody")
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "unknown anchor" in bad.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ([], "is not a tournament directory"),
        (["--out", "x.txt"], ".csv or .parquet"),
        (["--presets", "a,b"], "--presets is for --play"),
        (["--play", "--presets", "default,random", "--anchor", "defualt"], "not among --presets"),
    ],
)
def test_cli_exit_2_on_bad_input(tmp_path: Path, args: list[str], needle: str) -> None:
    (tmp_path / "manifest.json").write_text("{}")  # a run-like folder is still no tournament
    out = vdg("ladder", str(tmp_path), *args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr


def test_goa_ladder_plays_a_goa_tournament_and_rates_random_below_default(tmp_path: Path) -> None:
    top = tmp_path / "goa"
    out = vdg(
        "ladder", "--play", "--game", "goa", "--presets", "default,random",
        "--player-counts", "2", "--games", "30", "--out-dir", str(top), "--bootstrap", "50",
        "--json",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    prov, *rows = (json.loads(line) for line in out.stdout.splitlines())
    manifest = json.loads(next(top.rglob("manifest.json")).read_text())
    assert manifest["run"]["game"] == "goa"  # the runs are Goa's, not Vasco da Gama's
    from vdgsim.games.goa.components import default_components as goa_components

    assert prov["components_digest"] == goa_components().digest
    r = next(x for x in rows if x["player"] == "random" and x["player_count"] == 2)
    assert r["hi"] < 0  # Goa's random loses to its default (99.6% of games, docs)
    # reading the directory needs no --game: a tournament names its game
    again = vdg("ladder", str(top), "--bootstrap", "0")
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--presets", "default,frugal"], "unknown Goa preset 'frugal'"),
        (["--presets", "default,random", "--player-counts", "5"], "2, 3 or 4"),
    ],
)
def test_goa_ladder_play_bad_input_is_one_line(tmp_path: Path, args: list[str], needle: str):
    out = vdg("ladder", "--play", "--game", "goa", "--out-dir", str(tmp_path / "t"), *args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "t").exists()


def test_ladder_at_80_columns_keeps_rank_and_player_columns(
    tiny_tournament: tuple[Path, list], monkeypatch: pytest.MonkeyPatch
) -> None:
    top, _ = tiny_tournament
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich sees a terminal of 80 columns
    monkeypatch.setenv("NO_COLOR", "1")
    out = vdg("ladder", str(top), "--bootstrap", "20")
    assert out.returncode == 0, out.stderr
    lines = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", x) for x in out.stdout.splitlines()]
    assert max(len(x) for x in lines[1:]) <= 80  # the provenance line is plain text
    headers = [x.split() for x in lines if x.split()[:2] == ["#", "player"]]
    assert len(headers) == 3  # 2 players, 4 players, pooled
    # every rating row starts with its rank and the player's whole name
    ranked = [x.split()[:2] for x in lines if re.match(r"\s*[1-3]\s", x) and "·" not in x]
    assert len(ranked) == 9
    assert {name for _, name in ranked} == {"default", "random", "frugal"}
    assert sorted(int(k) for k, _ in ranked) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
