"""What-if variants: `vdg report --data/--set` plays a variant of the component data on the
same seeds, and `vdg compare` puts two reports side by side, flags every verdict that changed
and every key number that moved clearly, in Markdown, HTML or JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from cli_helpers import run_vdg
from scipy import stats

from vdgsim.analysis.common import focus_rows
from vdgsim.report import build_report, paired_compare
from vdgsim.report import compare as C
from vdgsim.report.progress import Progress

PAIRED = """
name = "tiny"
kind = "paired"
section = "paired"
players = ["default", "default"]
games = 60
quick_games = 60
seed = 3

[[arms]]
name = "never_pay"
label = "never pays to act early"
restrict = "never_pay"
"""


SEATS = """
name = "seats2"
kind = "seats"
section = "seats"
preset = "default"
player_counts = [2]
games = 60
quick_games = 60
seed = 5
"""


def report(finding: tuple[float, float, float] | None, number: tuple[float, float, float]) -> dict:
    """A report.json with one section holding one causal finding and one key number."""
    sec: dict = {"name": "s", "numbers": [], "findings": []}
    if finding is not None:
        v, lo, hi = finding
        sec["findings"].append(
            {
                "text": "t",
                "effect": {"label": "arm: win", "value": v, "low": lo, "high": hi, "unit": "pp"},
            }
        )
    v, lo, hi = number
    sec["numbers"].append(
        {"label": "seat 0: win share", "value": v, "low": lo, "high": hi, "unit": "%"}
    )
    return {"header": {"title": "Vasco da Gama balance report", "seeds": [1]}, "sections": [sec]}


def test_a_verdict_is_the_sign_its_interval_decides() -> None:
    assert C.verdict(0.01, 0.05) == "gain"
    assert C.verdict(-0.05, -0.01) == "loss"
    assert C.verdict(-0.01, 0.02) == "unclear"
    assert C.verdict(None, None) == "unclear"


def test_compare_flags_a_changed_verdict_and_a_clearly_moved_number() -> None:
    base = report((0.05, 0.02, 0.08), (0.60, 0.58, 0.62))
    same = C.compare(base, report((0.04, 0.01, 0.07), (0.61, 0.59, 0.63)))
    assert [r.changed for r in same["rows"]] == [False, False]
    moved = C.compare(base, report((-0.01, -0.04, 0.02), (0.50, 0.48, 0.52)))
    finding, number = moved["rows"]
    assert (finding.base_verdict, finding.variant_verdict) == ("gain", "unclear")
    assert finding.changed and number.changed
    # the difference and its (conservative, independent) interval
    d, lo, hi = number.diff
    assert d == pytest.approx(-0.10)
    half = 1.959964 * (2 * (0.02 / 1.959964) ** 2) ** 0.5
    assert (lo, hi) == (pytest.approx(d - half), pytest.approx(d + half))


def test_compare_says_what_makes_two_reports_less_comparable() -> None:
    base = report((0.05, 0.02, 0.08), (0.6, 0.58, 0.62))
    other = report(None, (0.6, 0.58, 0.62))
    other["header"]["seeds"] = [2]
    notes = C.compare(base, other)["notes"]
    assert any("different seeds" in n for n in notes)
    assert any("one report only" in n for n in notes)
    # a report of some of the experiments (--only) plays some of the other's seeds: paired
    base["header"]["seeds"] = [1, 3]
    part = report(None, (0.6, 0.58, 0.62))
    part["header"]["seeds"] = [1]
    assert not any("different seeds" in n for n in C.compare(base, part)["notes"])
    goa = report(None, (0.6, 0.58, 0.62))
    goa["header"]["title"] = "Goa balance report"
    with pytest.raises(C.CompareError, match="different games"):
        C.compare(base, goa)


def test_a_variant_report_plays_the_same_seeds_with_the_changed_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = tmp_path / "experiments"
    specs.mkdir()
    (specs / "tiny.toml").write_text(PAIRED)
    (specs / "seats2.toml").write_text(SEATS)
    base = build_report(tmp_path / "base", experiments=specs, progress=Progress())
    variant = build_report(
        tmp_path / "var",
        experiments=specs,
        progress=Progress(),
        overrides=["costs.dias_vp=6"],
    )
    assert base["header"]["seeds"] == variant["header"]["seeds"]
    assert (
        base["header"]["variant"] == "" and variant["header"]["variant"] == "--set costs.dias_vp=6"
    )
    assert base["header"]["digest"] != variant["header"]["digest"]
    # the runs played the variant's data: Dias is worth more VP in every game that has him
    runs = [tmp_path / d / "runs" / "tiny" / "baseline" for d in ("base", "var")]
    dias = [pl.read_parquet(list((r / "players").glob("*.parquet")))["vp_dias"].sum() for r in runs]
    assert dias[1] > dias[0]
    # the same report's key numbers in both: compare pairs every one of them
    result = C.compare(base, variant)
    assert {r.kind for r in result["rows"]} >= {"number", "finding"}
    assert not any("seeds" in n for n in result["notes"])
    assert not any(r.paired for r in result["rows"])  # no runs given: independent intervals
    # with the runs, an effect and a seat's share are paired game by game over the same deals
    read: list[Path] = []
    real = paired_compare.load_run

    def counted(path: Path, **kwargs):
        read.append(Path(path))
        return real(path, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(paired_compare, "load_run", counted)
        paired = C.compare(base, variant, tmp_path / "base" / "runs", tmp_path / "var" / "runs")
    # each run is read once, however many of its numbers the report quotes
    assert read and len(read) == len(set(read))
    rows = {(r.section, r.label): r for r in paired["rows"]}
    arm = rows[("tiny", "never pays to act early: win share change")]
    seat = rows[("seats2", "2 players, seat 0: win share")]
    assert arm.paired == 30 and seat.paired == 60  # 60 games: 30 deals rotated, 60 not
    assert arm.diff[0] == pytest.approx(arm.variant[0] - arm.base[0])
    assert seat.diff[0] == pytest.approx(seat.variant[0] - seat.base[0])
    # the effect's interval by hand: per deal, (arm - baseline) in the variant less the base's
    per_deal = []
    for side in ("base", "var"):
        focus = {}
        for run in ("baseline", "never_pay"):
            d = tmp_path / side / "runs" / "tiny" / run
            games = pl.read_parquet(list((d / "games").glob("*.parquet")))
            players = pl.read_parquet(list((d / "players").glob("*.parquet")))
            focus[run] = focus_rows(players, games, 2).select("game", "seed", "win_share")
        e = focus["never_pay"].join(focus["baseline"], on=["game", "seed"], suffix="_b")
        per_deal.append(
            e.group_by("seed")
            .agg((pl.col("win_share") - pl.col("win_share_b")).mean())
            .sort("seed")
        )
    d = (per_deal[1]["win_share"] - per_deal[0]["win_share"]).to_numpy()
    half = stats.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / len(d) ** 0.5
    assert arm.diff[1:] == (pytest.approx(d.mean() - half), pytest.approx(d.mean() + half))
    # a report against itself: every paired difference is exactly nought
    same = C.compare(base, base, tmp_path / "base" / "runs", tmp_path / "base" / "runs")
    assert [r.diff for r in same["rows"] if r.paired] == [(0.0, 0.0, 0.0)] * sum(
        1 for r in same["rows"] if r.paired
    )
    assert sum(1 for r in same["rows"] if r.paired) >= 5


def test_vdg_compare_writes_markdown_html_and_json(tmp_path: Path) -> None:
    for name, rep in (
        ("a", report((0.05, 0.02, 0.08), (0.60, 0.58, 0.62))),
        ("b", report((-0.05, -0.08, -0.02), (0.60, 0.58, 0.62))),
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / "report.json").write_text(json.dumps(rep))
    for suffix in (".md", ".html", ".json"):
        out = tmp_path / f"cmp{suffix}"
        ran = run_vdg("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(out))
        assert ran.returncode == 0, ran.stderr
        assert "1 of 2 rows changed" in " ".join(ran.stdout.split())
        text = out.read_text()
        assert "arm: win" in text and "seat 0: win share" in text
    rows = json.loads((tmp_path / "cmp.json").read_text())["rows"]
    assert [r["changed"] for r in rows] == [True, False]
    assert "gain → loss" in (tmp_path / "cmp.md").read_text()


LABELS = [
    "mc:rollouts=32:decisions=act:rollout=learned, 2 players: rating relative to default",
    "takes no number below 12 in Characters: win share change",
    "4 players, seat 1: win share less the fair share",
]


def wide_reports(tmp_path: Path) -> list[str]:
    """Two report folders whose rows all changed, with labels as long as a report's."""
    for name, shift in (("a", 0.0), ("b", 0.2)):
        sec: dict = {"name": "skill_axis", "findings": [], "numbers": []}
        for label in LABELS:
            sec["numbers"].append(
                {"label": label, "value": 0.5 + shift, "low": 0.49 + shift, "high": 0.51 + shift}
            )
            sec["numbers"][-1]["unit"] = "%"
        rep = {"header": {"title": "Vasco da Gama balance report", "seeds": [1]}}
        (tmp_path / name).mkdir()
        (tmp_path / name / "report.json").write_text(json.dumps(rep | {"sections": [sec]}))
    return [str(tmp_path / "a"), str(tmp_path / "b")]


def test_vdg_compare_at_80_columns_keeps_every_cell_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich sees a terminal of 80 columns
    monkeypatch.setenv("NO_COLOR", "1")
    ran = run_vdg("compare", *wide_reports(tmp_path))
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert max(len(x) for x in lines) <= 80
    # a label broken between words reads whole once its lines are joined; mid-word it does not
    words = " ".join(ran.stdout.split())
    assert all(label in words for label in LABELS)
    for cell in ("base 50.0 [49.0, 51.0]", "variant 70.0 [69.0, 71.0]", "+20.0 [+18.6, +21.4]"):
        assert sum(cell in x for x in lines) == len(LABELS), cell
    assert len(lines) <= 3 * len(LABELS) + 4


def test_vdg_compare_into_a_pipe_prints_one_line_per_row(tmp_path: Path) -> None:
    env = dict(os.environ, COLUMNS="80")
    cli = Path(__file__).resolve().parents[1] / "cli.py"
    ran = subprocess.run(
        [sys.executable, str(cli), "compare", *wide_reports(tmp_path)],
        env=env,
        capture_output=True,  # stdout is a pipe
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    rows = [x for x in ran.stdout.splitlines() if "changed" in x and "skill_axis" in x]
    assert len(rows) == len(LABELS)
    assert all(
        any(label in row and "+20.0 [+18.6, +21.4]" in row for row in rows) for label in LABELS
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("nowhere", "nowhere"), "no report.json"),
        (("A", "A", "--out", "x.txt"), "suffix"),
    ],
)
def test_vdg_compare_refuses_bad_input_in_one_line(tmp_path: Path, args, words) -> None:
    (tmp_path / "A").mkdir()
    (tmp_path / "A" / "report.json").write_text(json.dumps(report(None, (0.5, 0.4, 0.6))))
    ran = run_vdg("compare", *(str(tmp_path / a) if a in ("A", "nowhere") else a for a in args))
    assert ran.returncode == 2
    (line,) = ran.stderr.strip().splitlines()
    assert words in line


def test_vdg_report_refuses_a_bad_variant_before_playing(tmp_path: Path) -> None:
    ran = run_vdg("report", "--out", str(tmp_path / "r"), "--quick", "--set", "costs.nope=3")
    assert ran.returncode == 2
    (line,) = ran.stderr.strip().splitlines()
    assert "variant" in line and "costs.nope" in line
    assert not (tmp_path / "r").exists()
