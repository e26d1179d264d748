"""Run folders are safe to reuse: --force deletes only what is ours, a tournament whose backend
cannot start leaves the old one as it was, a chunk recorded without checksums is replayed on
resume, and a list of counts in --players says where it belongs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from vdgsim.commands.simulate import simulate, tournament
from vdgsim.runner import RunDirError, load_run
from vdgsim.runner import simulate as run_simulate
from vdgsim.runner.output import check_run_dir

app = typer.Typer()
app.command("simulate")(simulate)
app.command("tournament")(tournament)


def cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("marker", ["manifest.json", "tournament.json"])
def test_force_never_deletes_a_folder_that_only_has_a_file_of_the_markers_name(tmp_path, marker):
    mine = tmp_path / "webapp"
    mine.mkdir()
    (mine / marker).write_text('{"name": "webapp"}')
    (mine / "precious.txt").write_text("keep")
    before = tree(mine)
    command = "simulate" if marker == "manifest.json" else "tournament"
    extra = ["--lineup", "random,random"] if command == "simulate" else ["--presets", "random"]
    extra += ["--mirror", "--player-counts", "2"] if command == "tournament" else []
    r = cli(command, *extra, "--games", 2, "--out", mine, "--force", "--no-progress")
    assert r.exit_code == 2, r.output
    assert "refusing to delete it" in r.stderr
    assert tree(mine) == before
    with pytest.raises(RunDirError):
        check_run_dir(mine, resume=False, force=True)


def test_report_force_never_deletes_a_folder_with_a_foreign_report_json(tmp_path):
    from vdgsim.analysis.experiment import check_output_dir

    mine = tmp_path / "site"
    mine.mkdir()
    (mine / "report.json").write_text('{"title": "quarterly"}')
    (mine / "notes.md").write_text("keep")
    with pytest.raises(RunDirError, match="refusing to delete it"):
        check_output_dir(
            mine,
            resume=False,
            force=True,
            what="report",
            markers={"report-settings.json": ("settings", "complete"), "report.json": ("header",)},
            settings=lambda: None,
            differences=lambda s: [],
        )


def test_tournament_with_an_unreachable_scheduler_leaves_the_old_tournament(tmp_path, monkeypatch):
    from vdgsim.runner import backends

    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", "2s")
    out = tmp_path / "t"
    args = ["--presets", "random", "--mirror", "--player-counts", "2", "--games", 2]
    r = cli("tournament", *args, "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    before = tree(out)
    r = cli(
        "tournament", *args, "--out", out, "--force", "--no-progress",
        "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9",
    )  # fmt: skip
    assert r.exit_code == 2, r.output
    assert "scheduler" in r.stderr
    assert tree(out) == before


def test_a_chunk_recorded_without_checksums_is_replayed_on_resume(tmp_path):
    out = tmp_path / "run"
    run_simulate(["random", "random"], 20, 3, out=out, chunk_size=10)
    original = tree(out)
    manifest_path = out / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    del manifest["chunks"][1]["files"]["players"]
    manifest_path.write_text(json.dumps(manifest))
    run_simulate(["random", "random"], 20, 3, out=out, chunk_size=10, resume=True)
    repaired = json.loads(manifest_path.read_text())
    assert "players" in repaired["chunks"][1]["files"]
    after = tree(out)
    chunks = [k for k in original if "chunk-" in k]
    assert chunks and all(after[k] == original[k] for k in chunks)
    load_run(out).players  # noqa: B018 - loads and verifies every recorded file


def test_players_with_a_list_of_counts_points_to_the_tournament(tmp_path):
    r = cli("simulate", "--players", "2,3", "--games", 2, "--out", tmp_path / "x")
    assert r.exit_code == 2
    (line,) = r.stderr.strip().splitlines()
    assert "--players is one count" in line and "--player-counts" in line
    assert not (tmp_path / "x").exists()


def test_resume_refusal_says_what_simulate_would_refuse_without_writing(tmp_path):
    """`resume_refusal` names the settings a resume would refuse (both directions: a changed
    seed or line-up is named, the same settings are not), leaves the games free (a resumed
    run may grow) and reads only the manifest; `simulate` refuses the same change."""
    from vdgsim.runner.run import resume_refusal

    out = tmp_path / "run"
    run_simulate(["random", "random"], 8, 3, out=out, chunk_size=4)
    before = {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert resume_refusal(["random", "random"], 8, 3, out, chunk_size=4) is None
    assert resume_refusal(["random", "random"], 16, 3, out, chunk_size=4) is None
    refusal = resume_refusal(["random", "random"], 8, 4, out, chunk_size=4)
    assert refusal == f"cannot resume {out}: it was started with different settings (seed)"
    named = resume_refusal(["random", "default"], 8, 3, out, chunk_size=4)
    assert named is not None and "lineup" in named and "parameters" in named
    assert resume_refusal(["random", "random"], 8, 3, tmp_path / "none") is None
    assert {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    with pytest.raises(RunDirError, match=r"different settings \(seed\)"):
        run_simulate(["random", "random"], 8, 4, out=out, chunk_size=4, resume=True)
