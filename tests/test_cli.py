"""The `vdg` command: play, bench, data, and one-line usage errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def vdg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True, cwd=ROOT
    )


def test_play_prints_a_round_by_round_account() -> None:
    out = vdg("play", "--players", "4", "--seed", "7")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for r in range(1, 6):
        assert f"Round {r}: Initial Number" in text
    assert "First Free Number F = " in text
    assert "Landings after Phase 3:" in text and "Calicut" in text
    assert "Final scores" in text and "VP from" in text
    assert "place number" in text and "give up number" in text


def test_play_json_is_the_event_log() -> None:
    out = vdg("play", "--players", "2", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["players"] == 2 and doc["seed"] == 3
    kinds = {e["event"] for e in doc["events"]}
    assert {"decision", "vp", "reals", "call", "free number"} <= kinds
    decisions = [e for e in doc["events"] if e["event"] == "decision"]
    assert len(decisions) == len(doc["actions"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "--players", "5"], "2, 3 or 4"),
        (["play", "--bogus"], "No such option"),
        (["play", "--data", "/no/such/file.toml"], "cannot read component data file"),
        (["play", "--strategy", "nobody"], "unknown player preset"),
        (["play", "--set", "landings.natal.slots=[99]"], "outside 1..20"),
        (["bench", "--players", "7"], "2, 3 or 4"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    out = vdg(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr


def test_help_explains_every_option() -> None:
    out = vdg("play", "--help")
    assert out.returncode == 0
    for option in ("--players", "--seed", "--strategy", "--json", "--data", "--set"):
        assert option in out.stdout


def test_bench_json_lines() -> None:
    out = vdg(
        "bench",
        "--games",
        "200",
        "--python-games",
        "3",
        "--players",
        "2",
        "--json",
        "--policies",
        "random",
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {r["loop"] for r in rows} == {"compiled", "python"}
    for r in rows:
        assert r["players"] == 2 and r["policy"] == "random" and r["games_per_second"] > 0


def test_data_check_and_path() -> None:
    assert vdg("data", "check").returncode == 0
    assert vdg("data", "path").stdout.strip().endswith("components.toml")
