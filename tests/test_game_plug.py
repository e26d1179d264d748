"""The game plug: every registered game meets the contract the shared layers rely on, and a game
defined outside the package (Pig, in tests/toygame) plugs in and runs through simulate,
tournament, check and a seat report with no change to shared code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest
import toygame

from vdgsim.core import plug
from vdgsim.runner import load_run, simulate

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _pig_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pig registered for this module's tests only (the registry is global to the process)."""
    monkeypatch.setattr(plug, "_REGISTRY", dict(plug.games()))
    plug.register(toygame.GAME)


@pytest.mark.parametrize("key", [*plug.game_keys(), toygame.GAME.key])  # built-in, then Pig
def test_every_game_meets_the_plug_contract(key, tmp_path):
    g = plug.game_of(key)
    assert g.key == key and g.title
    cols = g.columns()
    assert set(plug.GAME_COLUMNS) <= set(cols["games"])
    assert cols["players"][: len(plug.PLAYER_COLUMNS)] == plug.PLAYER_COLUMNS
    comp = g.default_components()
    assert comp.digest == g.load_components(None, []).digest  # loading is deterministic
    assert Path(g.default_data()).is_file()
    g.parameter_row("random")  # every game has a random player (the warm-up plays it)
    with pytest.raises(ValueError):
        g.parameter_row("no_such_player")
    p = min(g.player_counts)
    run = simulate(["random"] * p, 2 * p, seed=3, rotate=True, game=key, components=comp)
    games, players = run.games, run.players
    assert set(cols["games"]) == set(games.columns)
    assert set(cols["players"]) == set(players.columns)
    assert games.height == 2 * p and players.height == 2 * p * p
    per_game = players.group_by("game").agg(pl.col("win_share").sum())["win_share"]
    assert per_game.len() == games.height and np.allclose(per_game.to_numpy(), 1.0)
    # a game is a function of its seeds: the same run again plays the same games
    again = simulate(["random"] * p, 2 * p, seed=3, rotate=True, game=key, components=comp)
    assert again.players.equals(players)


def test_a_game_key_is_registered_once():
    with pytest.raises(ValueError, match="already registered"):
        plug.register(plug.Game(**{**plug.game_of("pig").__dict__, "title": "Another"}))
    with pytest.raises(ValueError, match="unknown game 'chess'; choose one of vdg, goa, pig"):
        plug.game_of("chess")
    assert plug.game_of(None).key == plug.implicit_key() == "vdg"


def test_the_player_counts_of_a_game_bound_its_runs():
    g = plug.game_of("pig")
    two_only = plug.Game(**{**g.__dict__, "key": "pig2", "player_counts": (2,)})
    assert two_only.counts_text() == "2"
    with pytest.raises(ValueError, match="is for 2 players"):
        two_only.check_players(3)
    assert plug.Game(**{**g.__dict__, "player_counts": (2, 3, 4)}).counts_text() == "2 to 4"


def _vdg(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, VDGSIM_GAMES="toygame")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_a_game_outside_the_package_runs_through_every_batch_command(tmp_path):
    """Pig, plugged in by VDGSIM_GAMES: simulate (2 workers), check, tournament, report."""
    run_dir, tour, rep = tmp_path / "run", tmp_path / "tour", tmp_path / "report"
    r = _vdg("simulate", "--game", "pig", "--lineup", "default,random", "--games", "200",
             "--jobs", "2", "--out", str(run_dir), "--no-progress", "--json")  # fmt: skip
    assert r.returncode == 0, r.stderr
    run = load_run(run_dir)
    assert run.manifest["run"]["game"] == "pig" and run.players.height == 400
    # the seat that banks at 12 beats the one that banks at random
    by = run.players.group_by("strategy").agg(pl.col("win_share").mean().alias("w"))
    share = dict(zip(by["strategy"], by["w"], strict=True))
    assert share["default"] > share["random"]
    r = _vdg("check", str(run_dir))
    assert r.returncode == 0 and "sound" in r.stdout, r.stdout + r.stderr
    r = _vdg("tournament", "--game", "pig", "--presets", "default,random,cautious",
             "--player-counts", "2,3", "--games", "12", "--out", str(tour),
             "--no-progress")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert json.loads((tour / "tournament.json").read_text())["game"] == "pig"
    r = _vdg("report", "--game", "pig", "--out", str(rep), "--no-progress")
    assert r.returncode == 0, r.stderr
    md = (rep / "report.md").read_text()
    assert md.startswith("# Pig balance report\n\n## Verdict") and "## Seat balance" in md
    # the first seat's edge is far beyond the ±3 pp tolerance, and nothing is reconstructed
    assert "**2 players: not balanced with default" in md and "reconstructed." not in md
    # the first seat to roll has the edge, and the report finds it
    assert "With 2 players, seat 0 wins" in md and "more than the fair 50.0%" in md
    r = _vdg("simulate", "--game", "pig", "--lineup", "random,random,random,random,random",
             "--no-progress")  # fmt: skip
    assert r.returncode == 2 and r.stderr.strip() == (
        "vdg: error: --lineup names 5 players; Pig is for 2, 3 or 4 players"
    )
