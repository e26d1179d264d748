"""The report: numbers equal the tables they come from; HTML self-contained; CLI end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from vdgsim.analysis.charts import caption_of
from vdgsim.analysis.common import rounded
from vdgsim.analysis.experiment import load_experiment
from vdgsim.commands.report import report
from vdgsim.report.sections import build_section

SPECS = {
    "a_paired.toml": """
name = "a_paired"
title = "Copies"
question = "Does an identical arm change anything?"
kind = "paired"
players = ["random", "random", "random", "random"]
games = 40
quick_games = 40
seed = 11
decisions = 1.0
[[arms]]
name = "same"
label = "plays like the baseline"
player = "random"
""",
    "b_seats.toml": """
name = "b_seats"
title = "Seats"
kind = "seats"
preset = "random"
player_counts = [2, 4]
games = 60
quick_games = 60
seed = 12
""",
    "d_measures.toml": """
name = "d_measures"
title = "Designer measures"
kind = "tournament"
section = "measures"
presets = ["random", "frugal"]
player_counts = [2, 3]
games = 12
quick_games = 12
seed = 14
""",
    "c_sweep.toml": """
name = "c_sweep"
title = "Calicut sweep"
kind = "sweep"
players = ["random", "random"]
games = 20
quick_games = 20
seed = 13
[sweep]
key = "landings.calicut.completion_vp"
values = [3, 7]
""",
}


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("report")(report)
    app.command("unused")(lambda: None)  # two commands: typer keeps "report" as a subcommand
    return app


@pytest.fixture(scope="module")
def small_report(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("report")
    exp = root / "experiments"
    exp.mkdir()
    for name, text in SPECS.items():
        (exp / name).write_text(text)
    out = root / "out"
    args = ["report", "--out", str(out), "--quick", "--experiments", str(exp)]
    res = CliRunner().invoke(_app(), args)
    assert res.exit_code == 0, res.output + repr(res.exception)
    return out


def _cell(table: Path, row: dict, column: str) -> float:
    df = pl.read_csv(table)
    for k, v in row.items():
        df = df.filter(pl.col(k).cast(pl.String) == str(v))
    assert df.height == 1, f"{table.name}: {row} matches {df.height} rows"
    return float(df[column][0])


def test_every_key_number_equals_its_table_cell(small_report):
    summary = json.loads((small_report / "report.json").read_text())
    checked = 0
    for sec in summary["sections"]:
        for num in sec["numbers"]:
            got = _cell(small_report / num["table"], num["row"], num["column"])
            assert got == pytest.approx(num["value"], rel=1e-9, abs=1e-12), num["label"]
            checked += 1
    assert checked >= 10


def test_findings_quote_the_key_numbers(small_report):
    summary = json.loads((small_report / "report.json").read_text())
    for sec in summary["sections"]:
        text = " ".join(f["text"] for f in sec["findings"])
        for num in sec["numbers"]:
            if num["unit"] in ("pp", "VP") or sec["name"] == "c_sweep":
                assert num["text"] in text, (sec["name"], num["label"])


def test_a_report_without_robustness_runs_says_no_finding_was_checked(small_report):
    md = (small_report / "report.md").read_text()
    summary = md.split("## Findings that hold on every check", 1)[1].split("\n## ", 1)[0]
    assert "no finding was checked" in summary
    assert json.loads((small_report / "report.json").read_text())["summary"] == []


def test_identical_arm_reports_zero_effect(small_report):
    eff = pl.read_csv(small_report / "tables" / "a_paired-effects.csv")
    assert eff["win_share_diff"].to_list() == [0.0]


def test_html_is_self_contained_with_header(small_report):
    html = (small_report / "index.html").read_text()
    summary = json.loads((small_report / "report.json").read_text())
    charts = [c for s in summary["sections"] for c in s["charts"]]
    assert len(charts) >= 7
    srcs = re.findall(r"src='([^']*)'", html) + re.findall(r'src="([^"]*)"', html)
    assert len(srcs) == len(charts)
    assert all(s.startswith("data:image/png;base64,") for s in srcs)
    assert "<link" not in html and "http://" not in html and "https://" not in html
    head = summary["header"]
    assert head["games"] == sum(s["games"] for s in summary["sections"])
    for needle in (
        f"{head['games']:,}",
        head["digest"],
        "vdgsim",
        "partly reconstructed",
        "11, 12, 13",
    ):
        assert needle in html, needle
    assert "--quick" in head["command"]


def test_measures_section_states_its_games_and_draws_every_player_count(small_report):
    summary = json.loads((small_report / "report.json").read_text())
    sec = next(s for s in summary["sections"] if s["name"] == "d_measures")
    charts = {Path(c).stem for c in sec["charts"]}
    assert {"d_measures-margins", "d_measures-trajectories", "d_measures-decisiveness"} <= charts
    for p in (2, 3):
        assert {f"d_measures-head_to_head_{p}p", f"d_measures-convergence_{p}p"} <= charts
    table = pl.read_csv(small_report / "tables" / "d_measures-measures.csv")
    # 1 two-player and 2 three-player line-ups of 12 games each (whole rotations)
    assert dict(table.group_by("players").agg(pl.col("games").first()).iter_rows()) == {
        2: 12,
        3: 24,
    }
    md = (small_report / "report.md").read_text()
    assert (
        "2, 3 players; 3 line-ups of frugal, random; seats rotated; component data as shipped" in md
    )
    # each player count's charts count that count's games
    built = build_section(load_experiment(small_report / "runs" / "d_measures"))
    figures = dict(built.figures)
    assert caption_of(figures["convergence_3p"]).startswith(
        "n = 24 games (3 players; 2 line-ups of frugal, random; seats rotated;"
    )


def test_markdown_pngs_and_csvs_exist(small_report):
    md = (small_report / "report.md").read_text()
    for png in re.findall(r"\]\((charts/[^)]+\.png)\)", md):
        assert (small_report / png).stat().st_size > 1000
    for csv in re.findall(r"`(tables/[^`]+\.csv)`", md):
        assert (small_report / csv).exists()
    assert "## Calicut sweep" in md and "## Seats" in md


def test_quick_report_of_the_repository_experiments_end_to_end(tmp_path):
    out = tmp_path / "quick"
    args = ["report", "--out", str(out), "--quick", "--runs", str(tmp_path / "runs")]
    res = CliRunner().invoke(_app(), args)
    assert res.exit_code == 0, res.output + repr(res.exception)
    summary = json.loads((out / "report.json").read_text())
    names = [s["name"] for s in summary["sections"]]
    # the skill axis first: every other section orders its levels by it
    assert names == [
        "skill_axis",
        "bidding",
        "bidding_2p",
        "bidding_3p",
        "characters",
        "characters_2p",
        "characters_3p",
        "matchups",
        "matchups_search",
        "measures",
        "ports",
        "ports_2p",
        "ports_3p",
        "seats",
        "sensitivity",
        "sensitivity_dias",
    ]
    assert summary["header"]["axis"].startswith("baseline_v1 ")
    # ordered by the measured ratings: the learned player above default, search above it
    assert "< default < learned " in summary["header"]["axis"]
    assert "< mc:rollouts=32:decisions=act " in summary["header"]["axis"]
    for sec in summary["sections"]:
        assert sec["findings"] and sec["charts"], sec["name"]
        for num in sec["numbers"]:
            got = _cell(out / num["table"], num["row"], num["column"])
            assert got == pytest.approx(num["value"], rel=1e-9, abs=1e-12), num["label"]
    html = (out / "index.html").read_text()
    assert html.count("data:image/png;base64,") == sum(
        len(s["charts"]) for s in summary["sections"]
    )
    # the verdict first: every player count's seats with default, then the ranked elements
    assert next(iter(summary)) == "verdict"
    verdict = summary["verdict"]
    assert [b["players"] for b in verdict["balance"]] == [2, 3, 4]
    assert {b["own"]["player"] for b in verdict["balance"]} == {"default"}
    assert all(len(b["own"]["seats"]) == b["players"] for b in verdict["balance"])
    values = [abs(e["value"]) for e in verdict["elements"]]
    assert values == sorted(values, reverse=True) and min(values, default=1) >= 0.03
    md = (out / "report.md").read_text()
    assert md.split("\n## ")[1].startswith("Verdict")
    # VP per ship is accounting, reconciled with the intervention that avoids the landing
    ports = next(s for s in summary["sections"] if s["name"] == "ports")
    eff = pl.read_csv(out / "tables" / "ports-effects.csv").filter(pl.col("arm") == "avoid_calicut")
    calicut = next(f["text"] for f in ports["findings"] if "a ship sent to Calicut" in f["text"])
    assert calicut.startswith("Accounting, not a causal value")
    vp, lo, hi = rounded(
        eff["vp_diff"][0], eff["vp_low"][0], eff["vp_high"][0], signed=True, default=2, most=2
    )
    assert f"changes the player's score by {vp} VP [{lo}, {hi}]" in calicut
    assert any(f["text"].startswith("Ranked by VP per ship sent") for f in ports["findings"])


def test_every_chart_on_disk_is_referenced_and_every_reference_is_on_disk(small_report):
    on_disk = {f"charts/{p.name}" for p in (small_report / "charts").iterdir()}
    page = (small_report / "index.html").read_text()
    html = set(re.findall(r"<figcaption[^>]*>(charts/[^<]+\.png)</figcaption>", page))
    md = set(re.findall(r"\]\((charts/[^)]+\.png)\)", (small_report / "report.md").read_text()))
    assert len(on_disk) >= 7
    assert on_disk == html == md
    tables = {f"tables/{p.name}" for p in (small_report / "tables").iterdir()}
    assert tables == set(
        re.findall(r"`(tables/[^`]+\.csv)`", (small_report / "report.md").read_text())
    )


def test_on_a_narrow_screen_tables_scroll_in_their_own_box_and_text_wraps(small_report):
    from html.parser import HTMLParser

    class Tables(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.stack: list[tuple[str, str]] = []
            self.parents: list[tuple[str, str]] = []  # (tag, class) around each <table>

        def handle_starttag(self, tag, attrs):
            if tag == "table":
                self.parents.append(self.stack[-1])
            if tag not in ("meta", "img", "br"):
                self.stack.append((tag, dict(attrs).get("class") or ""))

        def handle_endtag(self, tag):
            if tag not in ("meta", "img", "br"):
                while self.stack and self.stack.pop()[0] != tag:
                    pass

    page = (small_report / "index.html").read_text()
    parser = Tables()
    parser.feed(page)
    assert len(parser.parents) >= 4  # header, provenance, key numbers, data tables
    assert set(parser.parents) == {("div", "scroll")}
    css = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    assert re.search(r"\.scroll\{[^}]*overflow-x:auto", css)
    assert re.search(r"body\{[^}]*overflow-wrap:anywhere", css)
    assert "name='viewport' content='width=device-width" in page


def test_a_heat_map_cell_shows_the_interval_as_its_two_ends() -> None:
    from vdgsim.analysis.charts import interval_label

    assert interval_label(1.0, 0.912, 1.0) == "100\n[91, 100]"
    assert interval_label(0.5, 0.45, 0.55) == "50\n[45, 55]"


def test_matchups_at_three_and_four_players_compare_each_pair_once(tmp_path):
    from vdgsim.analysis.experiment import parse_spec, run_experiment

    spec = parse_spec(
        {
            "name": "t",
            "title": "T",
            "question": "Q?",
            "kind": "tournament",
            "section": "matchups",
            "presets": ["random", "default", "frugal"],
            "player_counts": [3, 4],
            "games": 24,
            "quick_games": 12,
            "seed": 3,
        }
    )
    sec = build_section(run_experiment(spec, tmp_path / "t"))
    assert "matrix" not in sec.tables  # no two-player line-up: no two-player matrix
    h2h = sec.tables["head_to_head"]
    assert sorted(h2h["players"].unique().to_list()) == [3, 4]
    assert h2h.height == 2 * 6  # every ordered pair of three presets at each count
    # one key number per pair and count, from the side of the preset ahead
    assert len(sec.numbers) == 2 * 3
    assert all(n.value >= 0.5 for n in sec.numbers)
    assert [f.split(":")[0] for f in sec.findings] == ["3 players", "4 players"]
    assert [name for name, _ in sec.figures] == ["head_to_head_3p", "head_to_head_4p"]
    # default beats random by far, even in a few games
    d = sec.tables["head_to_head"].filter(
        (pl.col("players") == 4) & (pl.col("row") == "default") & (pl.col("column") == "random")
    )
    assert d["win_low"][0] > 0.5
    assert "default finishes ahead of random" in sec.findings[1]
