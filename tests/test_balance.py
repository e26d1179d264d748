"""`vdg balance` (vdgsim.analysis.balance): knobs and ranges are checked, the spread is the
largest distance from the fair share, every candidate plays the same seeds, small ranges are
searched exhaustively and large ones by CMA-ES within their bounds, and each finalist is
written as a data file that loads back with its values."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from cli_helpers import run_vdg

from vdgsim.analysis import balance as B
from vdgsim.games.vasco.components import load_components


def settings(**kw) -> B.Settings:
    base = {
        "game": "vdg",
        "knobs": (B.Knob("costs.dias_vp", 1, 3),),
        "player_counts": (2,),
        "games": 30,
        "budget": 10,
        "finalists": 2,
        "confirm_games": 40,
    }
    return B.Settings(**(base | kw))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("costs.dias_vp", "KEY=LO:HI"),
        ("costs.dias_vp=1", "KEY=LO:HI"),
        ("costs.dias_vp=a:3", "KEY=LO:HI"),
        ("=1:3", "KEY=LO:HI"),
        ("costs.dias_vp=3:3", "is empty"),
        ("costs.dias_vp=4:1", "is empty"),
    ],
)
def test_a_knob_is_key_equals_lo_colon_hi(text: str, words: str) -> None:
    with pytest.raises(B.BalanceError, match=words):
        B.Knob.parse(text)
    assert B.Knob.parse("costs.dias_vp=0:6") == B.Knob("costs.dias_vp", 0, 6)


def test_the_spread_is_the_largest_distance_from_fair() -> None:
    # seat 0 wins 7 games of 10, seat 1 three: 20 pp from the fair 50%
    share = np.array([[1.0, 0.0]] * 7 + [[0.0, 1.0]] * 3)
    assert B._spread(share) == pytest.approx(20.0)
    # three seats: 50 / 30 / 20 % -> the first is 16.7 pp above a third
    share = np.array([[1, 0, 0]] * 5 + [[0, 1, 0]] * 3 + [[0, 0, 1]] * 2, dtype=float)
    assert B._spread(share) == pytest.approx(100 * (0.5 - 1 / 3))


def test_turn_positions_count_from_the_start_player() -> None:
    # 3 players, two games: game 0 started by seat 2 (won by seat 2), game 1 by seat 0
    # (won by seat 1); by turn position both winners are... position 0 then position 1
    players = pl.DataFrame(
        {
            "game": [0, 0, 0, 1, 1, 1],
            "seat": [0, 1, 2, 0, 1, 2],
            "win_share": [0.0, 0.0, 1.0, 0.0, 1.0, 0.0],
        }
    )
    games = pl.DataFrame({"game": [0, 1], "start_player": [2, 0]})
    by_turn = B._positions(players, games, 3, "turn")
    assert by_turn.tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert B._positions(players, games, 3, "seat").tolist() == [
        [0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0],
    ]
    with pytest.raises(B.BalanceError, match="start player"):
        B._positions(players, games.drop("start_player"), 3, "turn")


def test_small_ranges_are_searched_exhaustively_on_the_same_seeds() -> None:
    s = settings()
    result = B.search(s)
    tried = [m.values["costs.dias_vp"] for m in result["tried"]]
    # the printed value first, then every value of the range once
    assert tried[0] == result["printed"]["costs.dias_vp"] == 2
    assert sorted(tried) == [1, 2, 3]
    # the same seeds: the printed values measured again give the same numbers
    again = B.measure(s, result["printed"], s.games, s.seed)
    assert again.spread == result["base"].spread
    # finalists are the best others, re-measured on fresh seeds with more games
    assert len(result["confirmed"]) == 2
    assert all(m.games == 40 and m.values != result["printed"] for m in result["confirmed"])
    assert result["confirmed_base"].games == 40


def test_large_ranges_use_cma_es_within_bounds_and_budget() -> None:
    knobs = (B.Knob("costs.dias_vp", 0, 9), B.Knob("costs.end_vp_per_ship", 1, 6))
    s = settings(knobs=knobs, budget=6, games=20, confirm_games=20, finalists=1)
    first = B.search(s)
    values = [m.values for m in first["tried"]]
    assert 6 <= len(values) < 6 + 12  # stops after the generation that reaches the budget
    assert len({tuple(v.values()) for v in values}) == len(values)  # none played twice
    for v in values:
        assert 0 <= v["costs.dias_vp"] <= 9 and 1 <= v["costs.end_vp_per_ship"] <= 6
    # seeded: the same search again proposes the same candidates
    assert [m.values for m in B.search(s)["tried"]] == values


def test_cli_writes_finalists_as_data_files(tmp_path: Path) -> None:
    out = tmp_path / "bal"
    args = (
        "balance",
        "--vary",
        "costs.dias_vp=1:3",
        "--games",
        "30",
        "--confirm-games",
        "40",
        "--finalists",
        "2",
        "--out",
        str(out),
    )
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    assert "costs.dias_vp" in ran.stdout
    # progress: one line per candidate searched, then the printed values and two finalists
    assert ran.stderr.count("search: costs.dias_vp=") == 3
    assert ran.stderr.count("confirm: costs.dias_vp=") == 3
    tried = pl.read_csv(out / "candidates.csv")
    assert sorted(tried["costs.dias_vp"].to_list()) == [1, 2, 3]
    finalists = pl.read_csv(out / "finalists.csv")
    assert finalists["stage"].to_list() == ["printed", "finalist", "finalist"]
    for i, value in enumerate(finalists["costs.dias_vp"][1:].to_list(), 1):
        path = out / f"candidate-{i}.toml"
        assert tomllib.loads(path.read_text())["costs"]["dias_vp"] == value
        assert load_components(path).data["costs"]["dias_vp"] == value
    # a second search into the same folder needs --force
    again = run_vdg(*args)
    assert again.returncode == 2 and "--force" in again.stderr
    assert run_vdg(*args, "--force").returncode == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--vary", "costs.no_such=1:3"), "no such value"),
        (("--vary", "costs.dias_vp"), "KEY=LO:HI"),
        (("--vary", "costs.dias_vp=1:3", "--by", "diagonal"), "--by must be one of"),
        (("--vary", "costs.dias_vp=1:3", "--preset", "nobody"), "nobody"),
        (("--vary", "costs.dias_vp=1:3", "--vary", "costs.dias_vp=0:2"), "twice"),
        # the data refuses the range's ends: one line, before anything is played
        (
            ("--vary", "landings.calicut.completion_vp=-50:-40"),
            "completion_vp = -50 is outside",
        ),
        # Vasco da Gama records no start player: refused before the first candidate is played
        (("--vary", "costs.dias_vp=1:3", "--by", "turn"), "--by turn needs a game"),
        (("--vary", "costs.dias_vp=1:3", "--player-counts", "2,,3"), "empty entry in '2,,3'"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(tmp_path: Path, args, words) -> None:
    ran = run_vdg("balance", *args, "--out", str(tmp_path / "x"))
    assert ran.returncode == 2
    (line,) = ran.stderr.strip().splitlines()
    assert words in line
    assert not (tmp_path / "x").exists()


def test_ctrl_c_says_what_is_kept_and_that_force_runs_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = B.search

    def stopped(settings, progress):
        def once(stage, m):  # the first candidate is played, then Ctrl-C
            progress(stage, m)
            raise KeyboardInterrupt

        return real(settings, once)

    out = tmp_path / "bal"
    args = ("balance", "--vary", "costs.dias_vp=1:3", "--games", "30", "--out", str(out))
    with monkeypatch.context() as m:
        m.setattr(B, "search", stopped)
        ran = run_vdg(*args, "--confirm-games", "40", "--finalists", "1")
    assert ran.returncode == 130
    line = ran.stderr.strip().splitlines()[-1]
    assert line.startswith("vdg: interrupted; the 1 candidates played are listed in "), line
    assert "run it again with --force" in line
    assert pl.read_csv(out / "candidates.csv").height == 1
    # what the line says is what a rerun does: refused without --force, played with it
    again = run_vdg(*args, "--confirm-games", "40", "--finalists", "1")
    assert again.returncode == 2 and "--force replaces it" in again.stderr
    forced = run_vdg(*args, "--confirm-games", "40", "--finalists", "1", "--force")
    assert forced.returncode == 0, forced.stderr


def test_cli_refuses_an_out_that_is_a_file(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_text("x")
    ran = run_vdg("balance", "--vary", "costs.dias_vp=1:3", "--out", str(f))
    assert ran.returncode == 2 and "is a file" in ran.stderr
    assert f.read_text() == "x"


def test_goa_turn_positions_can_be_balanced(tmp_path: Path) -> None:
    s = settings(
        game="goa",
        knobs=(B.Knob("start.ducats_start_player", 5, 6),),
        by="turn",
        games=8,
        confirm_games=8,
        finalists=1,
    )
    result = B.search(s)
    assert sorted(m.values["start.ducats_start_player"] for m in result["tried"]) == [5, 6]
    assert len(result["confirmed"]) == 1
