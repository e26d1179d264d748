"""`vdg report --out` and `vdg experiment run --out` follow the run-directory rules of
`vdg simulate`: refuse, --resume (same settings only), --force (only our own directories);
one-line errors with exit 2, Ctrl-C keeps the runs and prints the command that resumes."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from vdgsim.report import build_report
from vdgsim.report.progress import Progress

SEATS = """
name = "a_seats"
kind = "seats"
preset = "random"
player_counts = [2]
games = 8
quick_games = 8
seed = 5
"""
SWEEP = """
name = "b_sweep"
kind = "sweep"
players = ["random", "random"]
games = 6
quick_games = 6
seed = 6
[sweep]
key = "landings.calicut.completion_vp"
values = [3, 7]
"""
PAIRED = """
name = "tiny"
kind = "paired"
players = ["random", "random"]
games = 8
quick_games = 4
seed = 3
[[arms]]
name = "same"
player = "random"
"""


def vdg(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Run the `vdg` entry point in this process: (exit code, stdout, stderr)."""
    import cli

    monkeypatch.setattr(sys, "argv", ["vdg", *args])
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        cli.main()
    out = capsys.readouterr()
    return ended.value.code, out.out, out.err


def one_line_error(code: int, err: str, needle: str) -> None:
    assert code == 2, err
    lines = err.splitlines()  # not stripped: a progress display would leave a blank line
    assert len(lines) == 1 and lines[0].startswith("vdg: error: "), err
    assert needle in lines[0], err


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    d = tmp_path / "experiments"
    d.mkdir()
    (d / "a_seats.toml").write_text(SEATS)
    (d / "b_sweep.toml").write_text(SWEEP)
    return d


def sessions(run_dir: Path) -> list[int]:
    """Games played by each session of a run (a complete run that is reused adds a 0)."""
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["complete"]
    return [s["games"] for s in manifest["sessions"]]


# --- vdg report ------------------------------------------------------------------------------
@pytest.mark.parametrize("flag", [[], ["--force"], ["--resume"]])
def test_report_never_writes_into_or_deletes_a_folder_that_is_not_a_report(
    monkeypatch, capsys, tmp_path, specs, flag
):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("my notes")
    (out / "charts").mkdir()
    (out / "charts" / "holiday.png").write_bytes(b"\x89PNG not a chart")
    before = tree(out)
    code, _, err = vdg(
        monkeypatch, capsys, "report", "--out", str(out), "--experiments", str(specs), *flag
    )
    one_line_error(code, err, "is not a report directory")
    assert tree(out) == before and sorted(p.name for p in out.iterdir()) == ["charts", "notes.txt"]


def test_report_into_a_file_or_an_unwritable_place_is_one_line_and_leaves_nothing(
    monkeypatch, capsys, tmp_path, specs
):
    afile = tmp_path / "afile"
    afile.write_text("keep")
    base = ["report", "--experiments", str(specs), "--no-progress"]
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(afile))
    one_line_error(code, err, "is not a directory")
    assert afile.read_text() == "keep"
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(afile / "report"))
    one_line_error(code, err, "cannot write to")
    new = tmp_path / "new"
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(new), "--runs", str(afile))
    one_line_error(code, err, "--runs")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(new), "--runs", str(afile / "runs"))
    one_line_error(code, err, "cannot write to")
    assert not new.exists() and afile.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "experiments"]


def test_report_resume_and_force_together_is_an_error(monkeypatch, capsys, tmp_path, specs):
    out = tmp_path / "r"
    code, _, err = vdg(
        monkeypatch, capsys, "report", "--out", str(out), "--experiments", str(specs),
        "--resume", "--force",
    )  # fmt: skip
    one_line_error(code, err, "--resume and --force cannot be used together")
    assert not out.exists()


class Recorder(Progress):
    def __init__(self) -> None:
        self.events: list[tuple] = []
        self.total = self.done = self.chart_total = self.charts_done = 0

    def start(self, games: int) -> None:
        self.total = games

    def experiment(self, index: int, total: int, name: str) -> None:
        self.events.append(("experiment", index, total, name))

    def run(self, name: str, index: int, total: int) -> None:
        self.events.append(("run", name, index, total))

    def games(self, n: int) -> None:
        self.done += n

    def charts(self, total: int) -> None:
        self.chart_total = total

    def chart(self) -> None:
        self.charts_done += 1

    def log(self, message: str) -> None:
        pass


def test_report_directory_refuse_resume_force(monkeypatch, capsys, tmp_path, specs):
    out = tmp_path / "r"
    rec = Recorder()
    build_report(out, quick=True, experiments=specs, progress=rec)
    # progress: every experiment and run announced, games and charts add up to what is on disk
    assert [e for e in rec.events if e[0] == "experiment"] == [
        ("experiment", 1, 2, "a_seats"),
        ("experiment", 2, 2, "b_sweep"),
    ]
    assert [e[2:] for e in rec.events if e[0] == "run"] == [(1, 1), (1, 2), (2, 2)]
    assert rec.total == rec.done == 8 + 2 * 6
    # the header counts the games the progress counted, beside the sections' own count
    header = json.loads((out / "report.json").read_text())["header"]
    assert header["games_played"] == rec.done
    assert (
        f"{header['games']:,} in the sections, {rec.done:,} played in all runs"
        in (out / "index.html").read_text()
    )
    pngs = sorted((out / "charts").glob("*.png"))
    assert rec.chart_total == rec.charts_done == len(pngs) > 0

    base = ["report", "--out", str(out), "--quick", "--experiments", str(specs), "--no-progress"]
    before = tree(out)
    code, _, err = vdg(monkeypatch, capsys, *base)
    one_line_error(code, err, "use --resume to finish it or --force to replace it")
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume", "--games", "12")
    one_line_error(code, err, "different settings (--games was not given)")
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume", "--only", "a_seats")
    one_line_error(code, err, "experiments not in this report: b_sweep")
    (specs / "a_seats.toml").write_text(SEATS.replace("seed = 5", "seed = 50"))
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume")
    one_line_error(code, err, "experiment a_seats: seed")
    (specs / "a_seats.toml").write_text(SEATS)
    assert tree(out) == before  # refused means untouched

    # --force deletes the old report first: no stale chart, no runs of the dropped experiment
    (out / "charts" / "stale-chart.png").write_bytes(pngs[0].read_bytes())
    code, stdout, err = vdg(monkeypatch, capsys, *base, "--force", "--only", "a_seats")
    assert code == 0, err
    assert stdout.strip() == str(out / "index.html")
    assert not (out / "charts" / "stale-chart.png").exists()
    assert sorted(p.name for p in (out / "runs").iterdir()) == ["a_seats"]
    charts = {f"charts/{p.name}" for p in (out / "charts").iterdir()}
    md = (out / "report.md").read_text()
    assert charts and all(c in md for c in charts)
    assert all(c.startswith("charts/a_seats-") for c in charts)
    assert sessions(out / "runs" / "a_seats" / "2p") == [8]

    # --resume with the same settings reuses the complete run (a session of 0 games)
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume", "--only", "a_seats")
    assert code == 0, err
    assert sessions(out / "runs" / "a_seats" / "2p") == [8, 0]
    assert json.loads((out / "report-settings.json").read_text())["complete"] is True


def _change_recorded_settings(run_dir: Path) -> None:
    """Record other settings in a run's manifest, as if the code had changed since it ran."""
    manifest = json.loads((run_dir / "manifest.json").read_text())
    manifest["run"]["decisions"] = 0.5
    (run_dir / "manifest.json").write_text(json.dumps(manifest))


def test_a_resume_refused_by_a_later_run_writes_nothing(monkeypatch, capsys, tmp_path, specs):
    """A run started with other settings refuses the resume before anything is written: not
    the report's settings, not the runs before it (which a resume would otherwise reuse,
    adding a session to each)."""
    out = tmp_path / "r"
    build_report(out, quick=True, experiments=specs, progress=Recorder())
    last = sorted(p for p in (out / "runs" / "b_sweep").iterdir() if p.is_dir())[-1]
    _change_recorded_settings(last)
    before = tree(out)
    base = ["report", "--out", str(out), "--quick", "--experiments", str(specs), "--no-progress"]
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume")
    one_line_error(code, err, f"cannot resume {last}: it was started with different settings")
    assert "(decisions)" in err
    assert tree(out) == before
    # the same for one experiment's runs
    spec = tmp_path / "tiny.toml"
    spec.write_text(PAIRED)
    runs = tmp_path / "runs"
    code, _, err = vdg(monkeypatch, capsys, "experiment", "run", str(spec), "--out", str(runs))
    assert code == 0, err
    _change_recorded_settings(runs / "same")
    before = tree(runs)
    args = ["experiment", "run", str(spec), "--out", str(runs), "--resume"]
    code, _, err = vdg(monkeypatch, capsys, *args)
    one_line_error(code, err, "different settings (decisions)")
    assert tree(runs) == before


def test_report_resume_of_a_report_without_recorded_settings_is_refused(
    monkeypatch, capsys, tmp_path, specs
):
    out = tmp_path / "old"
    out.mkdir()
    (out / "report.json").write_text('{"header": {}, "sections": []}')  # made before settings
    (out / "index.html").write_text("<html></html>")
    base = ["report", "--out", str(out), "--quick", "--experiments", str(specs), "--no-progress"]
    code, _, err = vdg(monkeypatch, capsys, *base, "--resume")
    one_line_error(code, err, "settings were not recorded")
    code, _, err = vdg(monkeypatch, capsys, *base, "--force", "--only", "a_seats")
    assert code == 0, err
    assert (out / "report-settings.json").exists()


def test_interrupted_report_says_how_to_resume_and_resuming_keeps_complete_runs(
    monkeypatch, capsys, tmp_path, specs
):
    import vdgsim.report.build as build

    real = build.run_experiment

    def interrupted(spec, *args, **kw):
        if spec.name == "b_sweep":
            on_run = kw["on_run"]

            def stop_at_second_run(name: str, index: int, total: int) -> None:
                if index == 2:
                    raise KeyboardInterrupt
                on_run(name, index, total)

            kw["on_run"] = stop_at_second_run
        return real(spec, *args, **kw)

    monkeypatch.setattr(build, "run_experiment", interrupted)
    out = tmp_path / "r"
    code, _, err = vdg(
        monkeypatch, capsys, "report", "--out", str(out), "--quick", "--experiments", str(specs)
    )
    assert code == 130
    assert "2 complete run(s)" in err and str(out / "runs") in err
    command = shlex.split(err.split(" - continue with: ")[1].strip())
    assert command[:2] == ["vdg", "report"] and command[-1] == "--resume"
    assert not (out / "index.html").exists()

    monkeypatch.setattr(build, "run_experiment", real)
    code, _, err = vdg(monkeypatch, capsys, *command[1:])
    assert code == 0, err
    assert sessions(out / "runs" / "a_seats" / "2p") == [8, 0]
    assert sessions(out / "runs" / "b_sweep" / "calicut.completion_vp=3") == [6, 0]
    assert sessions(out / "runs" / "b_sweep" / "calicut.completion_vp=7") == [6]
    assert (out / "index.html").exists()


# --- vdg experiment run / list ----------------------------------------------------------------
def test_experiment_run_directory_rules(monkeypatch, capsys, tmp_path):
    spec = tmp_path / "tiny.toml"
    spec.write_text(PAIRED)
    afile = tmp_path / "afile"
    afile.write_text("keep")
    base = ["experiment", "run", str(spec), "--quick", "--no-progress"]
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(afile))
    one_line_error(code, err, "is not a directory")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(afile / "x"))
    one_line_error(code, err, "cannot write to")
    assert afile.read_text() == "keep"

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my notes")
    for flag in ([], ["--force"], ["--resume"]):
        code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(mine), *flag)
        one_line_error(code, err, "is not an experiment directory")
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]

    out = tmp_path / "runs"
    code, stdout, err = vdg(monkeypatch, capsys, *base, "--out", str(out))
    assert code == 0, err
    assert f"2 run(s) of 4 games in {out}" in stdout
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(out))
    one_line_error(code, err, "use --resume to finish it or --force to replace it")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(out), "--resume", "--force")
    one_line_error(code, err, "cannot be used together")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(out), "--resume", "--games", "8")
    one_line_error(code, err, "games per run 4 -> 8")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(out), "--resume")
    assert code == 0, err
    assert sessions(out / "baseline") == [4, 0] and sessions(out / "same") == [4, 0]
    (out / "leftover.txt").write_text("from the old experiment")
    code, _, err = vdg(monkeypatch, capsys, *base, "--out", str(out), "--force", "--games", "8")
    assert code == 0, err
    assert not (out / "leftover.txt").exists() and sessions(out / "baseline") == [8]
    # --games sizes each run: how many games that makes in all is said
    assert err.splitlines()[0] == "vdg: note: --games 8: tiny plays 2 runs, 16 games in all"


def test_interrupted_experiment_says_how_to_resume(monkeypatch, capsys, tmp_path):
    import vdgsim.runner as runner

    spec = tmp_path / "tiny.toml"
    spec.write_text(PAIRED)
    real = runner.simulate
    calls = []

    def interrupted(*args, **kw):
        calls.append(kw["out"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(runner, "simulate", interrupted)
    out = tmp_path / "runs"
    code, _, err = vdg(monkeypatch, capsys, "experiment", "run", str(spec), "--out", str(out))
    assert code == 130 and "1 complete run(s)" in err
    command = shlex.split(err.split(" - continue with: ")[1].strip())
    assert command[:3] == ["vdg", "experiment", "run"] and command[-1] == "--resume"
    monkeypatch.setattr(runner, "simulate", real)
    code, _, err = vdg(monkeypatch, capsys, *command[1:])
    assert code == 0, err
    assert sessions(out / "baseline") == [8, 0] and sessions(out / "same") == [8]


def test_experiment_list_shows_every_spec_and_fails_on_invalid_ones(monkeypatch, capsys, tmp_path):
    (tmp_path / "a_good.toml").write_text(PAIRED)
    (tmp_path / "b_bad.toml").write_text('name = "bad"\nkind = "paired"\ngames = 8\nseed = 1\n')
    (tmp_path / "c_good.toml").write_text(SEATS)
    code, stdout, err = vdg(monkeypatch, capsys, "experiment", "list", str(tmp_path))
    lines = stdout.strip().splitlines()
    assert [ln.split()[0] for ln in lines] == ["a_good.toml", "b_bad.toml", "c_good.toml"]
    assert "INVALID: players: missing" in lines[1]
    assert "paired" in lines[0] and "2 run(s)" in lines[0] and "1 run(s)" in lines[2]
    one_line_error(code, err, "1 of 3 experiment specs")
    (tmp_path / "b_bad.toml").unlink()
    code, stdout, err = vdg(monkeypatch, capsys, "experiment", "list", str(tmp_path))
    assert code == 0 and err == ""


def test_report_refuses_runs_that_are_not_experiment_directories(
    monkeypatch, capsys, tmp_path, specs
):
    runs = tmp_path / "shared"
    (runs / "a_seats").mkdir(parents=True)
    (runs / "a_seats" / "notes.txt").write_text("not runs")
    out = tmp_path / "r"
    args = ["report", "--out", str(out), "--runs", str(runs), "--experiments", str(specs)]
    for flag in ([], ["--force"], ["--resume"]):
        code, _, err = vdg(monkeypatch, capsys, *args, *flag)
        one_line_error(code, err, "a_seats is not empty and is not an experiment directory")
        assert "--runs" in err
    assert not out.exists() and [p.name for p in (runs / "a_seats").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("command", ["report", "experiment"])
def test_batch_commands_compile_after_their_checks_and_say_so(
    monkeypatch, capsys, tmp_path, specs, command
):
    """On a cold compiled cache the engine compiles once the input is known to be good (a
    usage error never waits for it), under the status line that says so."""
    from vdgsim.commands import common
    from vdgsim.core import _numba_cache

    calls: list[str] = []
    monkeypatch.setattr(_numba_cache, "jit_disabled", lambda: False)
    monkeypatch.setattr(_numba_cache, "is_warm", lambda: bool(calls))
    monkeypatch.setattr(common, "warm_up", lambda: calls.append("warm_up"))
    spec = tmp_path / "tiny.toml"
    spec.write_text(PAIRED)
    if command == "report":
        args = ["report", "--quick", "--experiments", str(specs), "--no-progress"]
    else:
        args = ["experiment", "run", str(spec), "--quick", "--no-progress"]
    afile = tmp_path / "afile"
    afile.write_text("keep")
    code, _, err = vdg(monkeypatch, capsys, *args, "--out", str(afile))
    one_line_error(code, err, "is not a directory")
    assert calls == []
    code, _, err = vdg(monkeypatch, capsys, *args, "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert calls == ["warm_up"]
    assert err.startswith("vdg: Compiling the engine for this machine"), err


def test_a_resumed_report_counts_the_time_of_every_session(tmp_path, specs):
    import json

    out = tmp_path / "r"
    first = build_report(out, quick=True, experiments=specs, progress=Recorder())
    assert first["header"]["sessions"] == 1
    settings = json.loads((out / "report-settings.json").read_text())
    assert settings["sessions"] == 1 and settings["seconds"] >= first["header"]["wall_seconds"] > 0
    again = build_report(out, quick=True, experiments=specs, progress=Recorder(), resume=True)
    assert again["header"]["sessions"] == 2
    assert again["header"]["wall_seconds"] > settings["seconds"]
    assert "over 2 sessions (resumed with --resume)" in (out / "report.md").read_text()
    # --force starts the count again
    fresh = build_report(out, quick=True, experiments=specs, progress=Recorder(), force=True)
    assert fresh["header"]["sessions"] == 1
    assert "sessions" not in (out / "report.md").read_text()


def test_resume_plays_an_experiment_added_since_and_keeps_the_others():
    from vdgsim.report.build import report_differences

    a = {"games": 6, "quick": True, "spec": {"seed": 1}}
    b = {"games": 6, "quick": True, "spec": {"seed": 2}}
    old = {"quick": True, "games": None, "experiments": {"a": a}}
    grown = {"quick": True, "games": None, "experiments": {"a": a, "b": b}}
    assert report_differences(old, grown) == []
    # one gone is still a difference: the report would lose its section
    assert report_differences(grown, old) == ["experiments not in this report: b"]


def test_resume_plays_a_level_added_to_the_skill_axis_but_not_a_changed_one():
    from vdgsim.analysis.experiment.store import settings_differences

    a = {"player": "baseline_v1", "games": 200}
    b = {"player": "learned", "games": 200}
    old = {"games": 6, "quick": True, "spec": {"kind": "axis", "levels": [a]}}

    def spec(levels, kind="axis"):
        return {"games": 6, "quick": True, "spec": {"kind": kind, "levels": levels}}

    assert settings_differences(old, spec([a, b])) == []
    assert settings_differences(old, spec([b, a])) == []  # where the new level sits is its own
    # nor does the order of the recorded ones: the report orders levels by their ratings
    assert settings_differences(spec([a, b]), spec([b, a])) == []
    assert settings_differences(old, spec([b])) == ["levels"]  # a level gone
    assert settings_differences(old, spec([{**a, "games": 400}, b])) == ["levels"]
    paired = {"games": 6, "quick": True, "spec": {"kind": "paired", "levels": [a]}}
    assert settings_differences(paired, spec([a, b], "paired")) == ["levels"]


def test_a_report_leaves_no_chart_open(tmp_path, specs, monkeypatch):
    """Every chart a report builds is closed once the report is written, one its sections
    built and then dropped included: a notebook building reports would otherwise fill up
    with open figures (and matplotlib warn of more than 20)."""
    import matplotlib.pyplot as plt

    from vdgsim.report import build as report_build

    real = report_build.build_section

    def dropping_one(exp):
        sec = real(exp)
        plt.figure()  # a chart built and not kept
        return sec

    monkeypatch.setattr(report_build, "build_section", dropping_one)
    before = set(plt.get_fignums())
    build_report(tmp_path / "r", quick=True, experiments=specs, progress=Recorder())
    assert set(plt.get_fignums()) == before
