"""Ctrl-C, as a terminal sends it (SIGINT to the whole process group), in the middle of a batch
command: one line saying what is kept and how to continue, exit code 130, no traceback from
the command or its worker processes, and the continued run the same as one never stopped."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_helpers import run_vdg

ROOT = Path(__file__).resolve().parents[2]
# a search player: a chunk of two games takes a good fraction of a second, so Ctrl-C pressed
# when the first chunk is written lands while later ones are playing
SLOW = "mc:rollouts=6:dets=2"
GOA_SLOW = "mc:dets=4:rollouts=24:rollout=random"
GAMES, CHUNK = 12, 2
WAIT = 900  # seconds: a cold compiled cache compiles first
PAIRED = f"""
name = "tiny"
kind = "paired"
players = ["{SLOW}", "random"]
games = {GAMES}
quick_games = {GAMES}
seed = 3
chunk_size = {CHUNK}
[[arms]]
name = "same"
player = "random"
"""


def _args(command: str, out: Path, specs: Path, game: str = "vdg") -> list[str]:
    """The command line of one of the four batch commands, writing to ``out``."""
    common = ["--out", str(out), "--no-progress", "--chunk-size", str(CHUNK)]
    slow = SLOW if game == "vdg" else GOA_SLOW
    common += ["--game", game]
    if command == "simulate":
        return ["simulate", "--lineup", f"{slow},random", "--games", str(GAMES), *common]
    if command == "tournament":
        presets = ["--presets", f"{slow},random", "--player-counts", "2"]
        return ["tournament", *presets, "--games", str(GAMES // 2), *common]
    common = common[:3]  # an experiment's chunk size is its spec's
    if command == "experiment":
        return ["experiment", "run", str(specs / "tiny.toml"), *common]
    return ["report", "--experiments", str(specs), *common]


def _chunk_files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("chunk-*.parquet"))
        if not p.name.startswith(".")
    }


def _statuses(folder: Path) -> list[str]:
    """The status of every session of every run below ``folder``."""
    return [
        s["status"]
        for m in sorted(folder.rglob("manifest.json"))
        for s in json.loads(m.read_text())["sessions"]
    ]


def press_ctrl_c(args: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``vdg ARGS`` in a session of its own and send SIGINT to its process group (every
    process, as a terminal's Ctrl-C does) once a first chunk file is written below
    ``folder``."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *args],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + WAIT
        while not _chunk_files(folder):
            if proc.poll() is not None or time.monotonic() > deadline:
                out, err = proc.communicate()
                pytest.fail(f"no chunk written (exit {proc.returncode}): {err}")
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    d = tmp_path / "experiments"
    d.mkdir()
    (d / "tiny.toml").write_text(PAIRED)
    return d


@pytest.mark.parametrize(
    ("game", "command", "jobs"),
    [
        *[
            ("vdg", command, jobs)
            for command in ("simulate", "tournament", "experiment", "report")
            for jobs in (1, 2)
        ],
        ("goa", "simulate", 1),
        ("goa", "tournament", 1),
        ("goa", "tournament", 2),
    ],
)
def test_ctrl_c_says_what_is_kept_exits_130_and_resuming_gives_the_uninterrupted_result(
    tmp_path, specs, game, command, jobs
):
    out = tmp_path / "stopped"
    runs = out / "runs" if command == "report" else out
    args = [*_args(command, out, specs, game), "--jobs", str(jobs)]
    ended = press_ctrl_c(args, runs)

    assert ended.returncode == 130, ended.stderr
    assert "Traceback" not in ended.stderr and "Error" not in ended.stderr, ended.stderr
    lines = ended.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: interrupted; "), ended.stderr
    assert "interrupted" in _statuses(runs) and "failed" not in _statuses(runs)
    stopped_with = _chunk_files(runs)
    assert stopped_with  # the chunks written before Ctrl-C are kept

    resume = shlex.split(re.search(r" - continue with: (.*)$", lines[0]).group(1))
    assert resume[0] == "vdg" and "--resume" in resume
    resumed = run_vdg(*resume[1:])
    assert resumed.returncode == 0, resumed.stderr

    whole = tmp_path / "whole"
    straight = run_vdg(*_args(command, whole, specs, game), "--jobs", str(jobs))
    assert straight.returncode == 0, straight.stderr
    expected = _chunk_files(whole / "runs" if command == "report" else whole)
    assert _chunk_files(runs) == expected
    # the chunks kept at Ctrl-C were not played again
    assert {k: expected[k] for k in stopped_with} == stopped_with
    assert _statuses(runs).count("interrupted") >= 1


def test_ctrl_c_in_ladder_play_says_how_to_continue_and_the_partial_ladder_says_it_is(tmp_path):
    out = tmp_path / "ladder"
    # three line-ups of one chunk each: Ctrl-C at the first chunk lands in a later line-up
    args = ["ladder", str(out), "--play", "--presets", f"{SLOW},random,frugal"]
    args += ["--player-counts", "2", "--games", str(GAMES // 2)]
    ended = press_ctrl_c(args, out)

    assert ended.returncode == 130, ended.stderr
    (line,) = ended.stderr.strip().splitlines()
    assert line.startswith(f"vdg: interrupted; the games played so far are kept in {out}"), line
    resume = shlex.split(line.split(" - continue with: ")[1])
    assert resume == ["vdg", *args, "--resume"]
    # the partial tournament rates with one note saying so, and no Python warning
    partial = run_vdg("ladder", str(out))
    assert partial.returncode == 0, partial.stderr
    (note,) = partial.stderr.strip().splitlines()
    assert note.startswith(f"vdg: note: {out} is an unfinished tournament"), note
    assert "Warning" not in partial.stderr and "--resume" in note
    # a rerun without --resume names options that ladder has
    again = run_vdg(*args)
    assert again.returncode == 2 and "use --resume" in again.stderr
    resumed = run_vdg(*resume[1:])
    assert resumed.returncode == 0, resumed.stderr
    assert "unfinished" not in resumed.stderr
    whole = tmp_path / "whole"
    assert run_vdg("ladder", str(whole), *args[2:]).returncode == 0
    assert _chunk_files(out) == _chunk_files(whole)


def _ctrl_c_in_compiled_code() -> SystemError:
    """What Python raises when SIGINT lands while compiled code runs: SystemErrors (one per
    compiled call on the way out) whose root cause is the KeyboardInterrupt."""
    try:
        try:
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt as e:
                raise SystemError("<function f> returned a result with an exception set") from e
        except SystemError as e:
            raise SystemError("CPUDispatcher(<function g>) returned a result ...") from e
    except SystemError as e:
        return e


def test_a_compiled_calls_ctrl_c_is_seen_as_ctrl_c_and_other_system_errors_are_not():
    from vdgsim.core.interrupts import compiled_interrupts, is_interrupt

    assert is_interrupt(_ctrl_c_in_compiled_code())
    assert not is_interrupt(SystemError("a real one"))
    with pytest.raises(KeyboardInterrupt), compiled_interrupts():
        raise _ctrl_c_in_compiled_code()
    with pytest.raises(SystemError), compiled_interrupts():
        raise SystemError("a real one")


def test_ctrl_c_while_tuning_says_nothing_is_written_and_exits_130(tmp_path, monkeypatch):
    from vdgsim.core import tuning

    def interrupted(*args, **kwargs):
        raise _ctrl_c_in_compiled_code()

    monkeypatch.setattr(tuning, "tune", interrupted)
    out = tmp_path / "tuned.toml"
    ran = run_vdg("tune", "default", "--field", "random", "--out", str(out), "--no-progress")
    assert ran.returncode == 130
    assert ran.stderr.splitlines() == [
        "vdg: interrupted; nothing is written (the preset file is written when tuning ends)"
    ]
    assert not out.exists()


def test_ctrl_c_while_sampling_regret_says_nothing_is_kept_and_exits_130(monkeypatch):
    from vdgsim.commands import regret as regret_command

    real = regret_command._kit

    class Interrupted:
        def __init__(self, kit):
            self.kit = kit

        def __getattr__(self, name):
            return getattr(self.kit, name)

        def sample_positions(self, *args, **kwargs):
            raise _ctrl_c_in_compiled_code()

    monkeypatch.setattr(regret_command, "_kit", lambda game: Interrupted(real(game)))
    ran = run_vdg("regret", "--games", "2", "--no-progress")
    assert ran.returncode == 130
    lines = ran.stderr.splitlines()
    assert lines[-1].startswith("vdg: interrupted; nothing is kept"), ran.stderr
    assert "Traceback" not in ran.stderr


def test_ctrl_c_while_distilling_gives_the_command_that_continues(tmp_path, monkeypatch):
    from vdgsim.commands import distill as distill_command

    def interrupted(*args, **kwargs):
        raise _ctrl_c_in_compiled_code()

    monkeypatch.setattr(distill_command, "_iteration", interrupted)
    args = ["distill", str(tmp_path / "d"), "--games", "2", "--play-games", "0", "--no-progress"]
    ran = run_vdg(*args)
    assert ran.returncode == 130
    (line,) = ran.stderr.strip().splitlines()
    assert line.startswith("vdg: interrupted; the finished chunks and iterations"), line
    # the out folder is how a distillation continues: the same command, as given
    assert shlex.split(line.split(" - continue with: ")[1]) == ["vdg", *args]


def test_ctrl_c_stops_bench_promptly_with_one_line():
    """The compiled loop of a measurement sees Ctrl-C only when it returns: a measurement of
    minutes must still stop within seconds."""
    # random's measurement takes seconds; default's would take about half a minute
    args = ["bench", "--presets", "random,default", "--player-counts", "4", "--json"]
    args += ["--games", "100000", "--python-games", "1"]
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *args],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        first = [proc.stdout.readline(), proc.stdout.readline()]  # random: compiled, python
        assert all('"policy": "random"' in line for line in first), first
        time.sleep(1.0)  # default's compiled loop is running now
        os.killpg(proc.pid, signal.SIGINT)
        pressed = time.monotonic()
        out, err = proc.communicate(timeout=60)
        stopped_after = time.monotonic() - pressed
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert err.splitlines() == [
        "vdg: interrupted; measuring stopped (with --json, each line printed is a finished "
        "measurement)"
    ]
    assert out == ""  # default's measurement was not finished
    assert stopped_after < 10
