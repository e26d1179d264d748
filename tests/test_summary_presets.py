"""`vdg summary RUN` prints a recorded run's tables again, as `vdg simulate` printed them;
`vdg presets` lists every shipped preset with its description, and the search players."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from cli_helpers import run_vdg


def test_summary_prints_the_tables_simulate_printed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    played = run_vdg(
        "simulate", "--players", "2", "--games", "40", "--out", str(out), "--no-progress"
    )
    assert played.returncode == 0, played.stderr
    again = run_vdg("summary", str(out))
    assert again.returncode == 0, again.stderr
    # the first line is the run's own (timing differs); every table line is the same
    assert played.stdout.splitlines()[1:] == again.stdout.splitlines()[1:]
    assert again.stdout.startswith("40 games, 2 players, seed 0")
    rows = [json.loads(x) for x in run_vdg("summary", str(out), "--json").stdout.splitlines()]
    assert rows[0]["table"] == "run" and rows[0]["games"] == 40 and rows[0]["complete"]
    assert {r["table"] for r in rows[1:]} == {"by strategy", "by seat"}
    assert sum(r["games"] for r in rows if r["table"] == "by seat") == 80


def test_summary_of_an_unfinished_run_says_so(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run_vdg("simulate", "--players", "2", "--games", "40", "--out", str(out)).returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["complete"] = False
    (out / "manifest.json").write_text(json.dumps(manifest))
    ran = run_vdg("summary", str(out))
    assert ran.returncode == 0
    assert "(unfinished)" in ran.stdout.splitlines()[0]
    assert ran.stderr.startswith("vdg: note: ")


@pytest.mark.parametrize("make", ["missing", "file", "empty"])
def test_summary_of_something_else_is_one_line(tmp_path: Path, make: str) -> None:
    target = tmp_path / "x"
    if make == "file":
        target.write_text("x")
    elif make == "empty":
        target.mkdir()
    ran = run_vdg("summary", str(target))
    assert ran.returncode == 2
    (line,) = ran.stderr.strip().splitlines()
    assert line.startswith("vdg: error: ")


@pytest.mark.parametrize(
    ("game", "folder"),
    [("vdg", "strategies/vasco/presets"), ("goa", "strategies/goa/presets")],
)
def test_presets_lists_every_shipped_preset_with_its_description(game: str, folder: str) -> None:
    root = Path(__file__).resolve().parents[1]
    files = sorted((root / folder).glob("*.toml"))
    ran = run_vdg("presets", "--game", game, "--json")
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(x) for x in ran.stdout.splitlines()]
    presets = {r["name"]: r["description"] for r in rows if r["kind"] == "preset"}
    assert set(presets) == {f.stem for f in files}
    for f in files:
        assert presets[f.stem] == tomllib.loads(f.read_text()).get("description", "")
    assert {r["name"] for r in rows if r["kind"] == "search"} == {"mc", "ismcts"}
    table = run_vdg("presets", "--game", game)
    assert all(f.stem in table.stdout for f in files)
