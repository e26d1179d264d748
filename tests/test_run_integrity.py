"""Run directories stay trustworthy: checksums in the manifest, checked on resume and load,
`vdg check`, sessions that end badly, and runs that cannot start leaving nothing behind."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from strategies.vasco import params as P
from strategies.vasco.registry import resolve
from vdgsim.commands.check import check
from vdgsim.commands.simulate import simulate as simulate_command
from vdgsim.commands.simulate import tournament as tournament_command
from vdgsim.games.vasco.components import load_components
from vdgsim.runner import BackendError, load_run, simulate, tournament
from vdgsim.runner import run as run_module
from vdgsim.runner.output import CorruptRunError, RunDirError

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"games": 90, "seed": 21, "chunk_size": 30}  # three chunks
LINEUP = ["random", "default"]

app = typer.Typer()
app.command("check")(check)
app.command("simulate")(simulate_command)
app.command("tournament")(tournament_command)


def cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def _files(out: Path) -> dict[str, bytes]:
    """Every chunk file of a run directory, by path relative to it."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.glob("*/chunk-*.parquet"))}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """A complete run with decisions, and the bytes of each of its chunk files."""
    out = tmp_path_factory.mktemp("pristine") / "run"
    simulate(LINEUP, decisions=0.5, out=out, **SMALL)
    return out, _files(out)


def _copy(pristine, tmp_path: Path) -> Path:
    import shutil

    out = tmp_path / "run"
    shutil.copytree(pristine[0], out)
    return out


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _flip_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


DAMAGE = {"truncated": _truncate, "deleted": Path.unlink, "flipped": _flip_byte}


def test_manifest_records_size_and_sha256_of_every_chunk_file(pristine):
    out, files = pristine
    m = json.loads((out / "manifest.json").read_text())
    assert m["tables"] == ["games", "players", "decisions"]
    recorded = {
        f"{t}/chunk-{c['index']:05d}.parquet": rec
        for c in m["chunks"]
        for t, rec in c["files"].items()
    }
    assert set(recorded) == set(files) and len(files) == 9
    for name, data in files.items():
        assert recorded[name] == {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("table", ["games", "players"])
def test_load_refuses_a_damaged_chunk_and_resume_replays_it_byte_for_byte(
    pristine, tmp_path, monkeypatch, damage, table
):
    out = _copy(pristine, tmp_path)
    bad = out / table / "chunk-00001.parquet"
    DAMAGE[damage](bad)

    with pytest.raises(CorruptRunError) as err:
        getattr(load_run(out), table)
    message = str(err.value)
    assert str(bad) in message and "--resume" in message and f"--out {out}" in message

    played = []
    real = run_module.run_tasks

    def recording(tasks, *args):
        played.extend(t.chunk.index for t in tasks)
        return real(tasks, *args)

    monkeypatch.setattr(run_module, "run_tasks", recording)
    run = simulate(LINEUP, decisions=0.5, out=out, resume=True, **SMALL)
    assert played == [1]
    assert run.complete
    assert run.session["chunks_replayed"] == [1] and run.session["games"] == 30
    assert "replay_differs" not in run.session
    assert _files(out) == pristine[1]  # identical bytes, every table of every chunk
    assert load_run(out).players.height == 2 * SMALL["games"]


def test_size_only_load_misses_a_changed_byte_that_the_checksum_catches(pristine, tmp_path):
    out = _copy(pristine, tmp_path)
    _flip_byte(out / "players" / "chunk-00002.parquet")
    load_run(out, checksum=False)  # sizes are right: no complaint at load
    with pytest.raises(CorruptRunError, match="sha256"):
        load_run(out).players  # noqa: B018


def test_truncated_chunk_is_refused_when_the_run_is_loaded(pristine, tmp_path):
    out = _copy(pristine, tmp_path)
    _truncate(out / "decisions" / "chunk-00000.parquet")
    with pytest.raises(CorruptRunError, match="cut short"):
        load_run(out, checksum=False)


def test_resume_replays_a_chunk_file_the_manifest_does_not_record(pristine, tmp_path):
    """As a kill between writing a chunk and the next manifest update leaves it."""
    out = _copy(pristine, tmp_path)
    m = json.loads((out / "manifest.json").read_text())
    m["chunks"] = [c for c in m["chunks"] if c["index"] != 2]
    m["complete"] = False
    (out / "manifest.json").write_text(json.dumps(m))
    (out / "games" / "chunk-00002.parquet").write_bytes(b"PAR1 not what was played PAR1")
    assert cli("check", out).exit_code == 1
    run = simulate(LINEUP, decisions=0.5, out=out, resume=True, **SMALL)
    assert run.session["chunks_replayed"] == [2]
    assert _files(out) == pristine[1]


def test_check_reports_each_damaged_file_and_its_repair_command_repairs_it(pristine, tmp_path):
    out = _copy(pristine, tmp_path)
    r = cli("check", out)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().splitlines() == [f"{out}: sound: 9 chunk files, "
        f"{sum(map(len, pristine[1].values())):,} bytes (sizes and sha256)"]  # fmt: skip

    _truncate(out / "players" / "chunk-00000.parquet")
    (out / "games" / "chunk-00002.parquet").unlink()
    _flip_byte(out / "decisions" / "chunk-00002.parquet")
    r = cli("check", out)
    assert r.exit_code == 1
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 4
    assert lines[0].startswith(f"{out / 'players' / 'chunk-00000.parquet'}: ")
    assert any(line == f"{out / 'games' / 'chunk-00002.parquet'}: missing" for line in lines)
    assert any(
        line.startswith(f"{out / 'decisions' / 'chunk-00002.parquet'}: sha256") for line in lines
    )
    assert "3 problems, 2 chunks to replay" in lines[-1]
    quick = cli("check", out, "--quick")
    assert quick.exit_code == 1 and "2 problems" in quick.stdout  # the flipped byte is missed

    # the repair command it prints is a working `vdg simulate` command line
    command = shlex.split(lines[-1].split("repair with: ")[1])
    assert command[:2] == ["vdg", "simulate"]
    r = cli(*command[1:], "--no-progress", "--json")
    assert r.exit_code == 0, r.output
    header = json.loads(r.stdout.splitlines()[0])
    assert header["games"] == SMALL["games"]
    assert _files(out) == pristine[1]
    assert cli("check", out).exit_code == 0


def test_resume_of_a_complete_run_with_a_damaged_chunk_counts_only_the_replay(pristine, tmp_path):
    out = _copy(pristine, tmp_path)
    victim = out / "players" / "chunk-00001.parquet"
    _truncate(victim)
    r = cli(
        "simulate", "--lineup", ",".join(LINEUP), "--games", SMALL["games"], "--seed",
        SMALL["seed"], "--chunk-size", SMALL["chunk_size"], "--decisions", 0.5, "--out", out,
        "--resume", "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    header = json.loads(r.stdout.splitlines()[0])
    assert header["games"] == SMALL["games"]
    assert header["games_played"] == 30 and header["chunks_replayed"] == [1]
    sessions = load_run(out).manifest["sessions"]
    assert [s["status"] for s in sessions] == ["done", "done"]
    assert [s["games"] for s in sessions] == [SMALL["games"], 30]
    [damaged] = sessions[-1]["damaged_files"]
    assert damaged.startswith(f"{victim}: ") and "cut short" in damaged
    assert _files(out) == pristine[1]


def test_check_exit_code_2_for_what_is_not_a_run_directory(tmp_path):
    r = cli("check", tmp_path / "nowhere")
    assert r.exit_code == 2 and r.stderr.startswith("vdg: error:")
    (tmp_path / "notes.txt").write_text("hello")
    r = cli("check", tmp_path)
    assert r.exit_code == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "not a run directory" in r.stderr
    bad = tmp_path / "broken"
    bad.mkdir()
    (bad / "manifest.json").write_text("{ not json")
    r = cli("check", bad)
    assert r.exit_code == 1 and "manifest.json" in r.stdout


def test_check_a_tournament_directory(tmp_path):
    top = tmp_path / "t"
    tournament(["random", "default"], player_counts=[2, 3], games=8, seed=2, chunk_size=4, out=top)
    r = cli("check", top)
    assert r.exit_code == 0, r.output
    assert "sound: 3 line-ups" in r.stdout
    victim = top / "3p-01" / "players" / "chunk-00001.parquet"
    before = victim.read_bytes()
    _truncate(victim)
    r = cli("check", top)
    assert r.exit_code == 1
    assert r.stdout.startswith(f"{victim}: ")
    command = shlex.split(r.stdout.strip().splitlines()[-1].split("repair with: ")[1])
    assert command[:2] == ["vdg", "tournament"]
    r = cli(*command[1:], "--no-progress", "--json")
    assert r.exit_code == 0, r.output
    assert victim.read_bytes() == before
    assert cli("check", top).exit_code == 0


# --- sessions ---------------------------------------------------------------------------------


def test_an_interrupted_session_is_kept_with_what_it_played(tmp_path, monkeypatch):
    out = tmp_path / "run"
    real = run_module.run_tasks

    def interrupted_after_one(*args):
        for i, res in enumerate(real(*args)):
            if i == 1:
                raise KeyboardInterrupt
            yield res

    monkeypatch.setattr(run_module, "run_tasks", interrupted_after_one)
    with pytest.raises(KeyboardInterrupt):
        simulate(LINEUP, out=out, **SMALL)
    m = json.loads((out / "manifest.json").read_text())
    assert [s["status"] for s in m["sessions"]] == ["interrupted"]
    assert m["sessions"][0]["games"] == 30 and len(m["chunks"]) == 1
    monkeypatch.setattr(run_module, "run_tasks", real)
    run = simulate(LINEUP, out=out, resume=True, **SMALL)
    assert [s["status"] for s in run.manifest["sessions"]] == ["interrupted", "done"]
    assert [s["games"] for s in run.manifest["sessions"]] == [30, 60]


KILL_SCRIPT = """
import os, signal, sys
from vdgsim.runner import simulate
calls = []
def progress(n):
    calls.append(n)
    if len(calls) == 2:  # the second chunk is written and recorded
        if sys.argv[2] == "kill":
            os._exit(9)  # no clean-up at all, as kill -9 or a power cut
        os.kill(os.getpid(), signal.SIGTERM)
simulate(["random", "default"], games=90, seed=21, chunk_size=30, out=sys.argv[1],
         progress=progress)
"""


@pytest.mark.parametrize("how", ["kill", "term"])
def test_a_killed_session_stays_in_the_manifest(tmp_path, how):
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", KILL_SCRIPT, str(out), how], env=env, capture_output=True, text=True
    )
    assert proc.returncode == (9 if how == "kill" else 128 + signal.SIGTERM), proc.stderr
    m = json.loads((out / "manifest.json").read_text())
    assert len(m["sessions"]) == 1
    if how == "kill":
        assert m["sessions"][0]["status"] == "running"  # nobody could say otherwise
    else:
        assert m["sessions"][0]["status"] == "interrupted"
        assert len(m["chunks"]) == 2 and m["sessions"][0]["games"] == 60
    run = simulate(LINEUP, out=out, resume=True, **SMALL)
    assert [s["status"] for s in run.manifest["sessions"]] == ["interrupted", "done"]
    assert run.complete and load_run(out).games.height == SMALL["games"]


# --- what the manifest records ----------------------------------------------------------------


def test_manifest_records_overrides_command_versions_and_named_parameters(tmp_path):
    import numba
    import numpy
    import polars

    comp = load_components(None, ["landings.calicut.completion_vp=6"])
    player = "default+never_host=manuel+never_pay+at_least=navigation:10"
    run = simulate([player, "random"], games=4, chunk_size=2, out=tmp_path / "r", components=comp)
    m = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert m["components"]["overrides"] == {"landings.calicut.completion_vp": 6}
    assert m["command"] == [Path(sys.argv[0]).name, *sys.argv[1:]]
    assert m["sessions"][0]["command"] == m["command"]
    v = m["versions"]
    assert v["python"] == ".".join(map(str, sys.version_info[:3]))
    assert (v["numba"], v["numpy"], v["polars"]) == (
        numba.__version__,
        numpy.__version__,
        polars.__version__,
    )
    named = m["strategy_parameters"]
    assert named["random"] == {"policy": "random"}
    mine = named[player]
    assert mine["policy"] == "heuristic"
    assert set(mine["params"]) == {s.name for s in P.PARAM_SPECS}
    row = resolve(player, 2)  # the row of 2-player games
    assert mine["params"]["max_pay"] == row[P.P_MAX_PAY]
    assert mine["params"]["contest"]["purchase"] == row[P.P_CONTEST + 2]
    assert mine["restrictions"] == {
        "never_host": ["manuel"],
        "never_pay": True,
        "numbers_at_least": {"navigation": 10},
    }
    assert run.manifest == m


def test_manifest_records_the_rows_played_at_the_runs_player_count(tmp_path):
    """``default`` has 4-player values ([players.4]): a 4-player run's manifest gives those,
    so its parameters (and what --resume compares) are the ones the games were played with."""
    rows = {}
    for players in (2, 4):
        simulate(["default"] * players, games=players, out=tmp_path / f"r{players}")
        m = json.loads((tmp_path / f"r{players}" / "manifest.json").read_text())
        rows[players] = m["strategies"]["default"]
        assert rows[players] == list(resolve("default", players)), players
        max_pay = m["strategy_parameters"]["default"]["params"]["max_pay"]
        assert max_pay == resolve("default", players)[P.P_MAX_PAY]
    assert rows[2] != rows[4]


# --- a run that cannot start leaves nothing -------------------------------------------------


def test_unknown_backend_creates_no_run_directory(tmp_path):
    with pytest.raises(BackendError, match="spark"):
        simulate(LINEUP, games=4, out=tmp_path / "run", backend="spark")
    assert not (tmp_path / "run").exists()


def test_unreachable_scheduler_is_one_line_and_leaves_no_directory(tmp_path, monkeypatch):
    from vdgsim.runner import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "2s")
    fresh = tmp_path / "fresh"
    r = cli(
        "simulate", "--lineup", "random,random", "--games", 4, "--out", fresh, "--no-progress",
        "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9",
    )  # fmt: skip
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: error:") and "scheduler" in lines[0]
    assert not fresh.exists()


@pytest.mark.parametrize("mode", ["force", "resume"])
def test_a_backend_that_fails_to_start_leaves_an_existing_run_as_it_was(
    pristine, tmp_path, monkeypatch, mode
):
    out = _copy(pristine, tmp_path)
    _truncate(out / "games" / "chunk-00001.parquet")  # resume would delete and replay it
    before = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}

    def unreachable(*args):
        raise BackendError("cannot reach Dask scheduler tcp://nowhere:8786")

    monkeypatch.setattr(run_module, "open_backend", unreachable)
    with pytest.raises(BackendError):
        simulate(LINEUP, decisions=0.5, out=out, **{mode: True}, **SMALL)
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == before


def test_a_run_written_before_checksums_is_checked_by_its_parquet_footers(pristine, tmp_path):
    out = _copy(pristine, tmp_path)
    m = json.loads((out / "manifest.json").read_text())
    for c in m["chunks"]:
        del c["files"]
    (out / "manifest.json").write_text(json.dumps(m))
    assert cli("check", out).exit_code == 0
    _truncate(out / "players" / "chunk-00002.parquet")
    with pytest.raises(CorruptRunError, match="not a whole Parquet file"):
        load_run(out)
    run = simulate(LINEUP, decisions=0.5, out=out, resume=True, **SMALL)
    assert run.session["chunks_replayed"] == [2]
    assert _files(out) == pristine[1]
    # the kept chunks now have their checksums recorded as well
    assert all(set(c["files"]) == set(m["tables"]) for c in run.manifest["chunks"])
    assert cli("check", out).exit_code == 0


def test_repair_command_carries_the_component_overrides(tmp_path):
    out = tmp_path / "run"
    comp = load_components(None, ["landings.calicut.completion_vp=6"])
    simulate(LINEUP, games=6, chunk_size=3, seed=4, out=out, components=comp)
    before = _files(out)
    (out / "games" / "chunk-00001.parquet").unlink()
    r = cli("check", out)
    assert r.exit_code == 1
    command = shlex.split(r.stdout.strip().splitlines()[-1].split("repair with: ")[1])
    assert "landings.calicut.completion_vp=6" in command
    r = cli(*command[1:], "--no-progress")
    assert r.exit_code == 0, r.output  # --resume accepts it: the same component data
    assert _files(out) == before


# --- the optional ships table -------------------------------------------------------------------
@pytest.fixture(scope="module")
def with_ships(tmp_path_factory):
    """The same run as ``pristine`` without decisions, without a ships table and with one
    (from ``vdg simulate --ships``)."""
    root = tmp_path_factory.mktemp("ships")
    simulate(LINEUP, out=root / "plain", **SMALL)
    r = cli(
        "simulate", "--lineup", ",".join(LINEUP), "--games", SMALL["games"], "--seed",
        SMALL["seed"], "--chunk-size", SMALL["chunk_size"], "--ships", "--out", root / "ships",
        "--no-progress", "--json",
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    return root / "plain", root / "ships", _files(root / "ships")


def test_the_ships_table_is_recorded_only_when_asked_and_changes_no_game(with_ships):
    plain, ships, files = with_ships
    assert load_run(plain).manifest["tables"] == ["games", "players"]
    m = load_run(ships).manifest
    assert m["tables"] == ["games", "players", "ships"] and m["run"]["ships"] is True
    assert "ships" not in load_run(plain).manifest["run"]
    assert all(set(c["files"]) == {"games", "players", "ships"} for c in m["chunks"])
    assert load_run(plain).ships is None and load_run(ships).ships.height > 0
    # the games and players files are the same bytes with or without the ships table
    assert {k: v for k, v in files.items() if not k.startswith("ships/")} == _files(plain)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_ships_chunk_is_found_by_check_and_replayed_by_its_repair_command(
    with_ships, tmp_path, damage
):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(with_ships[1], out)
    bad = out / "ships" / "chunk-00002.parquet"
    DAMAGE[damage](bad)
    with pytest.raises(CorruptRunError) as err:
        load_run(out).ships  # noqa: B018
    assert str(bad) in str(err.value) and "--ships" in str(err.value)
    r = cli("check", out)
    assert r.exit_code == 1
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith(f"{bad}: ") and "1 chunk to replay" in lines[-1]
    command = shlex.split(lines[-1].split("repair with: ")[1])
    assert "--ships" in command
    r = cli(*command[1:], "--no-progress", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.splitlines()[0])["chunks_replayed"] == [2]
    assert _files(out) == with_ships[2]
    assert cli("check", out).exit_code == 0


def test_resume_refuses_to_add_or_drop_the_ships_table(with_ships, tmp_path):
    import shutil

    for src, ships in ((with_ships[0], True), (with_ships[1], False)):
        out = tmp_path / src.name
        shutil.copytree(src, out)
        with pytest.raises(RunDirError, match=r"different settings \(ships\)"):
            simulate(LINEUP, ships=ships, out=out, resume=True, **SMALL)
