"""`vdg simulate` and `vdg tournament`: runs, summaries and one-line usage errors (exit 2)."""

from __future__ import annotations

import importlib
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

import vdgsim.runner
from vdgsim.commands import simulate as command
from vdgsim.commands.simulate import simulate, tournament
from vdgsim.runner import BackendError, load_run, load_tournament

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
        "simulate", "--lineup", "random,random,random", "--games", 30, "--chunk-size", 10,
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
    r = run("simulate", "--lineup", "random,random", "--games", 8, "--no-progress")
    assert r.exit_code == 0, r.output
    assert "by strategy" in r.stdout and "by seat" in r.stdout
    assert "Wilson" in r.stdout


def test_resume_of_a_complete_run_plays_nothing_more(tmp_path):
    out = tmp_path / "run"
    args = ("simulate", "--lineup", "random,random", "--games", 12, "--out", out, "--no-progress")
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
        (["--lineup", "random,no_such_preset"], "no_such_preset"),
        (["--lineup", "random,random,random,random,random"], "2, 3 or 4"),
        (["--players", "5"], "2, 3 or 4"),
        (["--players", "1", "--lineup", "random"], "2, 3 or 4"),
        (["--players", "3", "--lineup", "random,random"], "names 2 players but --players is 3"),
        (["--players", "random,random", "--lineup", "random,random"], "--lineup"),
        (["--players", "random,nobody"], "nobody"),  # the old spelling's note is not printed
        (["--lineup", "random,,random"], "empty name"),
        (["--lineup", "random,random", "--backend", "spark"], "spark"),
        (["--lineup", "random,random", "--set", "landings.nowhere.completion_vp=3"], "nowhere"),
    ],
)
def test_simulate_usage_errors_are_one_line_with_exit_code_2(args, message):
    r = run("simulate", *args, "--games", 4, "--no-progress")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: error:") and message in lines[0]


def test_existing_run_directory_needs_resume_or_force(tmp_path):
    out = tmp_path / "run"
    args = ("simulate", "--lineup", "random,random", "--games", 4, "--out", out, "--no-progress")
    assert run(*args).exit_code == 0
    r = run(*args)
    assert r.exit_code == 2 and "--resume" in r.stderr and "--force" in r.stderr
    assert run(*args, "--force").exit_code == 0


def test_unwritable_run_directory_is_a_usage_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = run("simulate", "--lineup", "random,random", "--games", 4, "--out", blocker / "x")
    assert r.exit_code == 2 and "cannot write" in r.stderr


def test_tournament_plays_every_line_up_with_rotated_seats(tmp_path):
    out = tmp_path / "t"
    r = run(
        "tournament", "--presets", "random", "--mirror", "--player-counts", "2,3", "--games", 5,
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
        (["--presets", "random,default", "--player-counts", "2,5"], "2 to 4"),
        (["--presets", "random,default", "--player-counts", ","], "empty"),
        (["--presets", "random"], "--mirror"),
        (["--presets", "random,random"], "--mirror"),
        (["--presets", "random,default", "--resume", "--force"], "--resume and --force"),
        (["--presets", "random", "--player-counts", "2,2"], "--mirror"),
        (["--presets", "random,default", "--seed", str(2**63)], "seed"),
        (["--presets", "random,default", "--backend", "spark"], "spark"),
    ],
)
def test_tournament_usage_errors_write_nothing(tmp_path, args, message):
    out = tmp_path / "t"
    r = run("tournament", *args, "--games", 2, "--out", out, "--no-progress")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: error:") and message in lines[0]
    assert not out.exists()


def test_old_players_spelling_still_names_the_lineup_with_a_note(tmp_path):
    out = tmp_path / "run"
    r = run(
        "simulate", "--players", "random,default", "--games", 4, "--out", out,
        "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stderr.strip().splitlines() == [
        "vdg: note: --players is now a count; use --lineup random,default"
    ]
    assert load_run(out).manifest["run"]["lineup"] == ["random", "default"]


@pytest.mark.parametrize(
    ("args", "lineup"),
    [
        ([], ["default"] * 4),  # the same default line-up as vdg play
        (["--lineup", "random"], ["random"] * 4),
        (["--players", "2", "--lineup", "default"], ["default"] * 2),
        (["--players", "3"], ["default"] * 3),
        (["--players", "2", "--lineup", "default,random"], ["default", "random"]),
    ],
)
def test_players_is_a_count_and_lineup_the_preset_of_each_seat(tmp_path, args, lineup):
    out = tmp_path / "run"
    r = run("simulate", *args, "--games", 2, "--out", out, "--no-progress", "--json")
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    assert load_run(out).manifest["run"]["lineup"] == lineup


def test_resume_with_force_is_refused_before_anything_is_written(tmp_path):
    out = tmp_path / "run"
    r = run("simulate", "--games", 2, "--out", out, "--resume", "--force", "--no-progress")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--resume and --force" in lines[0]
    assert not out.exists()


def test_tournament_plays_a_repeated_player_count_once(tmp_path):
    out = tmp_path / "t"
    r = run(
        "tournament", "--presets", "random,default", "--player-counts", "2,3,2", "--games", 2,
        "--out", out, "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stderr.strip().splitlines() == [
        "vdg: note: --player-counts lists a count twice; playing 2,3"
    ]
    t = load_tournament(out)
    assert t.manifest["player_counts"] == [2, 3]
    assert [r.manifest["run"]["players"] for r in t.runs] == [2, 3, 3]


def test_summary_tables_keep_long_names_when_piped():
    # CliRunner's stdout is not a terminal, as in `vdg simulate ... | less`
    a, d = "default+never_host=alvares", "default+never_host=dias"
    r = run("simulate", "--lineup", f"{a},{d}", "--games", 4, "--no-progress")
    assert r.exit_code == 0, r.output
    by_strategy, by_seat = r.stdout.split("by seat")
    for name in (a, d):
        assert name in by_strategy and name in by_seat
    assert "…" not in r.stdout


def test_summary_tables_keep_long_names_in_a_real_pipe(tmp_path):
    root = Path(__file__).resolve().parents[1]
    names = "default+never_host=alvares+never_pay,default+never_host=dias+never_pay"
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "60"}
    p = subprocess.run(
        [sys.executable, str(root / "cli.py"), "simulate", "--lineup", names, "--games", "4"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert p.returncode == 0, p.stderr
    for name in names.split(","):
        assert p.stdout.count(name) == 2  # by strategy and by seat


def _write_preset(path: Path, name: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'name = "{name}"\ninherit = "default"\n\n[params]\nmax_pay = 2\n')
    return path


def test_a_preset_file_reads_by_its_name_in_the_summary(tmp_path):
    f = _write_preset(tmp_path / "mine" / "cautious.toml", "cautious")
    r = run("simulate", "--lineup", f"{f},{f}+never_pay", "--games", 4, "--no-progress")
    assert r.exit_code == 0, r.output
    by_strategy = r.stdout.split("by seat")[0]
    assert "│ cautious " in by_strategy and "│ cautious+never_pay " in by_strategy
    assert str(tmp_path) not in r.stdout
    # JSON keeps the name the run recorded, so it can be matched against the run's tables
    r = run("simulate", "--lineup", f"{f},default", "--games", 4, "--no-progress", "--json")
    strategies = {x["strategy"] for x in _json_lines(r.stdout) if x["table"] == "by strategy"}
    assert strategies == {str(f), "default"}


def test_preset_files_of_one_name_keep_their_paths_in_the_summary(tmp_path):
    a = _write_preset(tmp_path / "a" / "cautious.toml", "cautious")
    b = _write_preset(tmp_path / "b" / "cautious.toml", "cautious")
    r = run("simulate", "--lineup", f"{a},{b}", "--games", 4, "--no-progress")
    assert r.exit_code == 0, r.output
    assert str(a) in r.stdout and str(b) in r.stdout


def _interrupt_after(chunks: int, monkeypatch, module, attr: str = "simulate") -> None:
    """Make ``module.attr`` (a run) raise KeyboardInterrupt once ``chunks`` chunks are saved."""
    real = getattr(module, attr)
    seen = 0

    def interrupted(*args, progress, **kwargs):
        def tick(n):
            nonlocal seen
            progress(n)
            seen += 1
            if seen == chunks:
                raise KeyboardInterrupt

        return real(*args, progress=tick, **kwargs)

    monkeypatch.setattr(module, attr, interrupted)


def _resume_command(stderr: str) -> list[str]:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1
    argv = shlex.split(lines[0].split(" - continue with: ")[1])
    assert argv[0] == "vdg" and "--resume" in argv
    return argv[1:]


def test_ctrl_c_in_simulate_says_what_is_saved_and_how_to_resume(tmp_path, monkeypatch):
    def args(out):
        return (
            "simulate", "--lineup", "random,default", "--games", 50, "--chunk-size", 10,
            "--seed", 3, "--rotate", "--out", out, "--no-progress",
        )  # fmt: skip

    out = tmp_path / "run"
    with monkeypatch.context() as m:
        _interrupt_after(2, m, vdgsim.runner)
        r = run(*args(out))
    assert r.exit_code == 130
    assert r.stderr.startswith(f"vdg: interrupted; 2 of 5 chunks are saved in {out}")
    assert not load_run(out).complete
    r = run(*_resume_command(r.stderr))
    assert r.exit_code == 0, r.output
    resumed = load_run(out)
    assert resumed.complete and resumed.manifest["sessions"][-1]["games"] == 30
    assert run(*args(tmp_path / "whole")).exit_code == 0
    assert_frame_equal(resumed.players, load_run(tmp_path / "whole").players)


def test_ctrl_c_without_out_says_nothing_is_saved(monkeypatch):
    _interrupt_after(1, monkeypatch, vdgsim.runner)
    r = run("simulate", "--games", 4, "--chunk-size", 2, "--no-progress")
    assert r.exit_code == 130
    assert r.stderr.strip().splitlines() == [
        "vdg: interrupted; nothing is saved (without --out the games stay in memory)"
    ]


def test_ctrl_c_in_tournament_says_what_is_saved_and_how_to_resume(tmp_path, monkeypatch):
    def args(out):
        return (
            "tournament", "--presets", "random,default", "--player-counts", "2,3",
            "--games", 4, "--chunk-size", 2, "--seed", 9, "--out", out, "--no-progress",
        )  # fmt: skip

    # line-ups 2p (random, default): 2 chunks of 2; 3p two line-ups of 6 games: 2 chunks of 3
    out = tmp_path / "t"
    with monkeypatch.context() as m:
        _interrupt_after(3, m, importlib.import_module("vdgsim.runner.tournament"))
        r = run(*args(out))
    assert r.exit_code == 130
    assert r.stderr.startswith(f"vdg: interrupted; 3 of 6 chunks are saved in {out}")
    r = run(*_resume_command(r.stderr))
    assert r.exit_code == 0, r.output
    assert load_tournament(out).complete
    assert run(*args(tmp_path / "whole")).exit_code == 0
    assert_frame_equal(load_tournament(out).players, load_tournament(tmp_path / "whole").players)


def test_the_engine_is_compiled_before_the_run_quietly_without_progress(monkeypatch):
    calls = []

    def prepare(game, components, console=None):
        calls.append("compile, shown" if console is None or not console.quiet else "compile")

    monkeypatch.setattr(command, "prepare", prepare)
    real = vdgsim.runner.simulate

    def recording(*args, **kwargs):
        calls.append("simulate")
        return real(*args, **kwargs)

    monkeypatch.setattr(vdgsim.runner, "simulate", recording)
    r = run("simulate", "--games", 2, "--progress")
    assert r.exit_code == 0
    assert calls == ["compile, shown", "simulate"]
    assert r.stderr == ""  # not a terminal: no bar drawn, not even an empty line
    calls.clear()
    assert run("simulate", "--games", 2, "--no-progress").exit_code == 0
    assert calls == ["compile", "simulate"]
    calls.clear()

    def no_cluster(*args, **kwargs):
        calls.append("simulate")
        raise BackendError("no cluster in this test")

    monkeypatch.setattr(vdgsim.runner, "simulate", no_cluster)
    r = run("simulate", "--games", 2, "--backend", "dask", "--scheduler", "tcp://x:1")
    assert r.exit_code == 2 and "no cluster" in r.stderr
    assert calls == ["simulate"]  # a remote cluster's workers compile on their own machines


def _documented_commands() -> list[list[str]]:
    """Every `vdg simulate` / `vdg tournament` line of the README and docs, split as a shell."""
    root = Path(__file__).resolve().parents[1]
    found = []
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8").replace("\\\n", " ")
        for line in text.splitlines():
            line = line.strip().strip("`")
            if line.startswith(("vdg simulate ", "vdg tournament ")):
                found.append(shlex.split(line, comments=True))
    return found


def test_documented_commands_use_options_that_exist():
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    documented = _documented_commands()
    assert {argv[1] for argv in documented} == {"simulate", "tournament"}
    for argv in documented:
        options = {o for p in commands[argv[1]].params for o in p.opts + p.secondary_opts}
        for k, word in enumerate(argv[2:], start=2):
            if word.startswith("--"):
                assert word in options, argv
            if word == "--players":
                assert argv[k + 1].isdigit(), argv


def test_ctrl_c_while_compiling_still_gives_the_command_to_go_on(tmp_path, monkeypatch):
    def interrupted(game, components, console=None):
        raise KeyboardInterrupt

    out = tmp_path / "run"
    with monkeypatch.context() as m:
        m.setattr(command, "prepare", interrupted)
        r = run("simulate", "--lineup", "default", "--players", 2, "--games", 4, "--out", out)
    assert r.exit_code == 130
    # the folder is made after compiling: nothing to resume, the same command starts it
    assert r.stderr.startswith(f"vdg: interrupted; nothing is saved yet in {out}")
    (line,) = r.stderr.strip().splitlines()
    again = shlex.split(line.split(" - start again with: ")[1])
    assert again[0] == "vdg" and "--resume" not in again
    r = run(*again[1:], "--no-progress")
    assert r.exit_code == 0, r.output
    assert load_run(out).complete and load_run(out).manifest["run"]["players"] == 2


def test_existing_tournament_directory_needs_resume_or_force(tmp_path):
    out = tmp_path / "t"
    args = ("tournament", "--presets", "random,default", "--player-counts", "2", "--games", 2,
            "--out", out, "--no-progress")  # fmt: skip
    assert run(*args).exit_code == 0
    r = run(*args)
    assert r.exit_code == 2 and "--resume" in r.stderr and "--force" in r.stderr
    assert run(*args, "--force").exit_code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    for flag in ("--force", "--resume"):
        r = run(*args[:-3], "--out", other, "--no-progress", flag)
        assert r.exit_code == 2 and "not a tournament directory" in r.stderr
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
