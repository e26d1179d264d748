"""One writer per run directory: a second run into a folder another process is writing is
refused with one line naming that process; a lock left by a killed run never blocks; a run
whose manifest cannot be read is repaired by --resume; an unfinished run warns when read."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_helpers import run_vdg
from vdgsim.runner import load_run, simulate
from vdgsim.runner import output as O
from vdgsim.runner.run import UnfinishedRunWarning

ROOT = Path(__file__).resolve().parents[1]
SLOW = "mc:rollouts=6:dets=2"  # a chunk of two games takes a good fraction of a second
RUN = ["simulate", "--lineup", f"{SLOW},random", "--games", "16", "--chunk-size", "2"]
WAIT = 900  # seconds: a cold compiled cache compiles first


def _chunk_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.glob("*/chunk-*"))}


def _start_writing(out: Path) -> subprocess.Popen[str]:
    """``vdg simulate`` of the slow line-up into ``out``, once its first chunk is written."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *RUN, "--out", str(out), "--no-progress"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + WAIT
    while not _chunk_files(out):
        if proc.poll() is not None or time.monotonic() > deadline:
            _, err = proc.communicate()
            pytest.fail(f"no chunk written (exit {proc.returncode}): {err}")
        time.sleep(0.02)
    return proc


def test_a_second_process_cannot_replace_or_resume_a_run_being_written(tmp_path):
    out = tmp_path / "run"
    first = _start_writing(out)
    try:
        for flag in ("--force", "--resume"):
            second = run_vdg(*RUN, "--out", str(out), flag, "--no-progress")
            assert second.returncode == 2, second.stderr
            assert second.stderr.splitlines() == [
                f"vdg: error: {out} is being written by process {first.pid} "
                f"({shlex.join(['cli.py', *RUN, '--out', str(out), '--no-progress'])}); "
                "wait for it to end or stop it"
            ]
        _, err = first.communicate(timeout=WAIT)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
            first.wait()
    assert first.returncode == 0, err
    # the first run was neither deleted nor replayed under it: one session, whole and sound
    manifest = json.loads((out / "manifest.json").read_text())
    assert [s["status"] for s in manifest["sessions"]] == ["done"]
    assert run_vdg("check", str(out)).returncode == 0
    assert not O.lock_path(out).exists()


def test_the_lock_of_a_killed_run_does_not_block_its_resume(tmp_path):
    out = tmp_path / "run"
    first = _start_writing(out)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    assert O.lock_path(out).exists()  # nobody removed it
    resumed = run_vdg(*RUN, "--out", str(out), "--resume", "--no-progress")
    assert resumed.returncode == 0, resumed.stderr
    straight = tmp_path / "straight"
    assert run_vdg(*RUN, "--out", str(straight), "--no-progress").returncode == 0
    assert _chunk_files(out) == _chunk_files(straight)
    assert not O.lock_path(out).exists()


def test_a_held_lock_names_its_process_and_refuses_a_tournament_too(tmp_path):
    top = tmp_path / "t"
    with O.dir_lock(top):
        with pytest.raises(O.DirInUseError, match=f"process {os.getpid()} "), O.dir_lock(top):
            pass
        ran = run_vdg(
            "tournament", "--presets", "random,default", "--player-counts", "2", "--games", "4",
            "--out", str(top), "--no-progress",
        )  # fmt: skip
        assert ran.returncode == 2
        assert ran.stderr.startswith(f"vdg: error: {top} is being written by process ")
        assert not top.exists()
    with O.dir_lock(top):  # released: free again
        pass


# --- a manifest that cannot be read -----------------------------------------------------------

SMALL = {"games": 60, "seed": 4, "chunk_size": 20}
LINEUP = ["random", "default"]


def _cut_manifest(out: Path, keep_settings: bool) -> None:
    text = (out / "manifest.json").read_text()
    # a write cut short: the settings come before the chunk records
    at = text.index('"chunks": [') if keep_settings else text.index('"seat_strategies"')
    (out / "manifest.json").write_text(text[:at])


def test_check_gives_the_repair_of_a_cut_manifest_and_it_replays_every_chunk(tmp_path):
    out = tmp_path / "run"
    simulate(LINEUP, out=out, **SMALL)
    whole = _chunk_files(out)
    _cut_manifest(out, keep_settings=True)

    checked = run_vdg("check", str(out))
    assert checked.returncode == 1
    summary = checked.stdout.splitlines()[-1]
    assert "0 chunks to replay" not in summary
    repair = shlex.split(
        summary.split("repair with ")[1].removesuffix(" (plays every chunk again)")
    )
    assert repair[:2] == ["vdg", "simulate"] and repair[-1] == "--resume"

    repaired = run_vdg(*repair[1:], "--no-progress")
    assert repaired.returncode == 0, repaired.stderr
    assert "3 chunks replayed" in repaired.stdout
    assert run_vdg("check", str(out)).returncode == 0
    assert _chunk_files(out) == whole


def test_a_cut_manifest_refuses_a_resume_with_other_settings(tmp_path):
    out = tmp_path / "run"
    simulate(LINEUP, out=out, **SMALL)
    _cut_manifest(out, keep_settings=True)
    with pytest.raises(O.RunDirError, match=r"different settings \(seed\)"):
        simulate(LINEUP, out=out, resume=True, **{**SMALL, "seed": 5})


def test_a_manifest_cut_before_its_settings_is_repaired_by_the_starting_command(tmp_path):
    out = tmp_path / "run"
    simulate(LINEUP, out=out, **SMALL)
    whole = _chunk_files(out)
    _cut_manifest(out, keep_settings=False)
    checked = run_vdg("check", str(out))
    assert checked.returncode == 1
    assert "the command that started the run and --out" in checked.stdout
    run = simulate(LINEUP, out=out, resume=True, **SMALL)
    assert run.complete and _chunk_files(out) == whole


# --- reading an unfinished run ----------------------------------------------------------------


def test_load_run_warns_that_an_unfinished_run_holds_part_of_its_games(tmp_path, monkeypatch):
    from vdgsim.runner import run as run_module

    out = tmp_path / "run"
    real = run_module.run_tasks

    def stopped_after_one(*args):
        for i, result in enumerate(real(*args)):
            if i == 1:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(run_module, "run_tasks", stopped_after_one)
    with pytest.raises(KeyboardInterrupt):
        simulate(LINEUP, out=out, **SMALL)
    with pytest.warns(UnfinishedRunWarning, match=r"last session: interrupted.*1 of 3 chunks"):
        run = load_run(out)
    assert run.games.height == 20
    monkeypatch.setattr(run_module, "run_tasks", real)
    simulate(LINEUP, out=out, resume=True, **SMALL)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_run(out).games.height == 60


def test_tournament_resume_says_what_it_played_and_replayed(tmp_path):
    top = tmp_path / "t"
    args = ["tournament", "--presets", "random,default", "--player-counts", "2", "--games", "8"]
    args += ["--chunk-size", "4", "--out", str(top), "--no-progress"]
    assert run_vdg(*args).returncode == 0
    damaged = sorted(top.glob("*/players/chunk-*.parquet"))[0]
    damaged.write_bytes(b"not parquet")
    resumed = run_vdg(*args[:-3], "--out", str(top), "--resume", "--no-progress")
    assert resumed.returncode == 0, resumed.stderr
    first = resumed.stdout.splitlines()[0]
    assert ", 4 played now, 1 chunk replayed," in first, first


def test_simulate_reports_games_per_second_of_play_and_compiling_apart(monkeypatch):
    from vdgsim.commands import simulate as simulate_command

    def slow_compile(*args):
        time.sleep(1.5)
        return 1.5

    monkeypatch.setattr(simulate_command, "_compile", slow_compile)
    ran = run_vdg("simulate", "--games", "20", "--json", "--no-progress")
    assert ran.returncode == 0, ran.stderr
    header = json.loads(ran.stdout.splitlines()[0])
    assert header["compile_seconds"] == 1.5
    assert header["seconds"] < 1.5
    assert header["games_per_second"] > 20 / 1.5  # counting the compiling would give less
    text = run_vdg("simulate", "--games", "20", "--no-progress").stdout.splitlines()[0]
    assert "games/s), compiling took 1.5 s before" in text
