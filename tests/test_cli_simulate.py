"""`vdg simulate` and `vdg tournament`: runs, summaries and one-line usage errors (exit 2)."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from vdgsim.commands.simulate import simulate, tournament
from vdgsim.runner import load_run, load_tournament

app = typer.Typer()
app.command("simulate")(simulate)
app.command("tournament")(tournament)


def run(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def _json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def test_simulate_writes_a_run_and_prints_the_summary(tmp_path):
    out = tmp_path / "run"
    r = run(
        "simulate", "--players", "random,random,random", "--games", 30, "--chunk-size", 10,
        "--seed", 5, "--out", out, "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    rows = _json_lines(r.stdout)
    assert rows[0]["table"] == "run" and rows[0]["games"] == 30
    by_strategy = [x for x in rows if x["table"] == "by strategy"]
    assert [x["strategy"] for x in by_strategy] == ["random"]
    assert by_strategy[0]["games"] == 90
    assert by_strategy[0]["win_low"] <= by_strategy[0]["win_share"] <= by_strategy[0]["win_high"]
    seats = [x for x in rows if x["table"] == "by seat"]
    assert sorted(x["seat"] for x in seats) == [0, 1, 2]
    assert sum(x["wins"] for x in seats) == pytest.approx(30)
    assert load_run(out).players.height == 90


def test_simulate_prints_readable_tables():
    r = run("simulate", "--players", "random,random", "--games", 8, "--no-progress")
    assert r.exit_code == 0, r.output
    assert "by strategy" in r.stdout and "by seat" in r.stdout
    assert "Wilson" in r.stdout


def test_resume_of_a_complete_run_plays_nothing_more(tmp_path):
    out = tmp_path / "run"
    args = ("simulate", "--players", "random,random", "--games", 12, "--out", out, "--no-progress")
    assert run(*args).exit_code == 0
    first = load_run(out).manifest
    r = run(*args, "--resume")
    assert r.exit_code == 0, r.output
    again = load_run(out).manifest
    assert again["chunks"] == first["chunks"] and len(again["sessions"]) == 2
    assert again["sessions"][1]["games"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,no_such_preset"], "no_such_preset"),
        (["--players", "random"], "2 to 4"),
        (["--players", "random,random,random,random,random"], "2 to 4"),
        (["--players", "random,random", "--backend", "spark"], "spark"),
        (["--players", "random,random", "--set", "landings.nowhere.completion_vp=3"], "nowhere"),
    ],
)
def test_simulate_usage_errors_are_one_line_with_exit_code_2(args, message):
    r = run("simulate", *args, "--games", 4, "--no-progress")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: error:") and message in lines[0]


def test_existing_run_directory_needs_resume_or_force(tmp_path):
    out = tmp_path / "run"
    args = ("simulate", "--players", "random,random", "--games", 4, "--out", out, "--no-progress")
    assert run(*args).exit_code == 0
    r = run(*args)
    assert r.exit_code == 2 and "--resume" in r.stderr and "--force" in r.stderr
    assert run(*args, "--force").exit_code == 0


def test_unwritable_run_directory_is_a_usage_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run("simulate", "--players", "random,random", "--games", 4, "--out", blocker / "x")
    assert r.exit_code == 2 and "cannot write" in r.stderr


def test_tournament_plays_every_line_up_with_rotated_seats(tmp_path):
    out = tmp_path / "t"
    r = run(
        "tournament", "--presets", "random", "--player-counts", "2,3", "--games", 5,
        "--out", out, "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    t = load_tournament(out)
    assert [sorted(r.manifest["run"]["lineup"]) for r in t.runs] == [["random"] * 2, ["random"] * 3]
    # 5 games rounded up to whole rotations: 6 two-player and 6 three-player games
    assert t.players.group_by("players").len().sort("players")["len"].to_list() == [12, 18]
    rows = _json_lines(r.stdout)
    seats = [x for x in rows if x["table"] == "by seat"]
    assert sorted((x["players"], x["seat"]) for x in seats) == [
        (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--presets", "random,nobody"], "nobody"),
        (["--presets", "random", "--player-counts", "5"], "2 to 4"),
        (["--presets", "random", "--player-counts", "two"], "player-counts"),
    ],
)
def test_tournament_usage_errors(args, message):
    r = run("tournament", *args, "--games", 2, "--no-progress")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
