"""`vdg simulate --charts DIR`: a run's charts as PNG files, and a bad directory refused
before anything is played."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import matplotlib.image as mpimg
import polars as pl
import pytest
from cli_helpers import run_vdg

from vdgsim.analysis.charts import caption_of
from vdgsim.analysis.run_charts import run_charts

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHARTS = ["scores.png", "win-share-by-preset.png", "win-share-by-seat.png"]
GAME_ARGS = {"vdg": [], "goa": ["--game", "goa"]}


def simulate(*args: str):
    return run_vdg("simulate", "--lineup", "default,random,random", "--no-progress", *args)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (its first chunk must be IHDR)."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("game", GAME_ARGS)
def test_charts_are_written_as_valid_pngs(tmp_path: Path, game: str):
    charts = tmp_path / "new" / "charts"
    ran = simulate(*GAME_ARGS[game], "--games", "60", "--charts", str(charts))
    assert ran.returncode == 0, ran.stderr
    assert sorted(p.name for p in charts.iterdir()) == CHARTS
    for name in CHARTS:
        width, height = png_size(charts / name)
        assert width > 300 and height > 300
        assert mpimg.imread(charts / name).shape[:2] == (height, width)
    assert f"charts: {charts / 'win-share-by-seat.png'}" in ran.stdout


def test_json_names_the_chart_files(tmp_path: Path):
    ran = simulate("--games", "30", "--json", "--charts", str(tmp_path))
    assert ran.returncode == 0, ran.stderr
    rows = [json.loads(line) for line in ran.stdout.splitlines()]
    files = next(r["files"] for r in rows if r["table"] == "charts")
    assert sorted(Path(f).name for f in files) == CHARTS
    assert all(Path(f).parent == tmp_path for f in files)


def test_each_chart_carries_the_runs_provenance(tmp_path: Path):
    out = tmp_path / "run"
    assert simulate("--games", "40", "--seed", "7", "--out", str(out)).returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    players = pl.read_parquet(out / "players" / "*.parquet")
    figures = run_charts(players, manifest, {"random": "random", "default": "default"})
    assert [name for name, _ in figures] == [
        "win-share-by-seat",
        "win-share-by-preset",
        "scores",
    ]
    for _, fig in figures:
        caption = caption_of(fig)
        assert "n = 40 games" in caption
        assert "default, random, random" in caption
        assert "seed 7" in caption
        assert manifest["components"]["digest"] in caption
    preset_ticks = [t.get_text() for t in figures[1][1].axes[0].get_xticklabels()]
    assert preset_ticks == ["default", "random"]


@pytest.mark.parametrize("where", ["file", "under_a_file"])
def test_a_bad_charts_path_is_one_line_and_plays_nothing(tmp_path: Path, where: str):
    blocker = tmp_path / "taken"
    blocker.write_text("not a directory")
    charts = blocker if where == "file" else blocker / "charts"
    out = tmp_path / "run"
    ran = simulate("--games", "30", "--out", str(out), "--charts", str(charts))
    assert ran.returncode == 2
    assert len(ran.stderr.splitlines()) == 1
    assert ran.stderr.startswith("vdg: error: --charts ")
    assert "is a file, not a directory" in ran.stderr
    assert ran.stdout == ""
    assert not out.exists()
    assert blocker.read_text() == "not a directory"
