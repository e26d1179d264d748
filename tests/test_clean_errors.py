"""Bad paths and bad files give one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import Ran, run_vdg

from vdgsim.games.vasco.components import DEFAULT_PATH

NOT_UTF8 = b'name = "caf\xe9"\n'  # Latin-1, as an old editor might save it


def one_line_error(ran: Ran, *needles: str) -> str:
    assert ran.returncode == 2, (ran.stdout, ran.stderr)
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1, ran.stderr
    assert lines[0].startswith("vdg: error: ")
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def test_ladder_of_a_file_says_it_is_not_a_tournament_directory(tmp_path: Path) -> None:
    f = tmp_path / "results.csv"
    f.write_text("a,b\n")
    one_line_error(run_vdg("ladder", str(f)), str(f), "not a tournament directory")


@pytest.mark.parametrize(
    ("out", "needle"),
    [
        ("afile/x.csv", "afile is a file, not a directory"),
        ("adir.csv", "is a directory"),
        ("/proc/vdg-ladder/x.csv", "cannot write /proc/vdg-ladder/x.csv"),
    ],
)
def test_ladder_refuses_an_unwritable_out_before_reading(
    tmp_path: Path, out: str, needle: str
) -> None:
    (tmp_path / "afile").write_text("x\n")
    (tmp_path / "adir.csv").mkdir()
    # the folder is not even a tournament: --out is checked first
    one_line_error(run_vdg("ladder", str(tmp_path), "--out", out, cwd=tmp_path), needle)


@pytest.mark.parametrize(
    "args",
    [
        ["data", "check", "{f}"],
        ["data", "--game", "goa", "check", "{f}"],
        ["play", "--data", "{f}"],
        ["play", "--game", "goa", "--data", "{f}"],
    ],
    ids=["vdg-check", "goa-check", "vdg-play", "goa-play"],
)
def test_a_data_file_that_is_not_utf8_is_named_in_one_line(tmp_path: Path, args) -> None:
    f = tmp_path / "latin1.toml"
    f.write_bytes(NOT_UTF8)
    ran = run_vdg(*(a.format(f=f) for a in args))
    one_line_error(ran, str(f), "not UTF-8")


def test_experiment_list_marks_a_spec_that_is_not_utf8_invalid(tmp_path: Path) -> None:
    (tmp_path / "latin1.toml").write_bytes(NOT_UTF8)
    ran = run_vdg("experiment", "list", str(tmp_path))
    assert "latin1.toml INVALID: not UTF-8" in ran.stdout
    one_line_error(ran, "1 of 1 experiment specs")


def test_experiment_run_of_a_spec_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    spec = tmp_path / "latin1.toml"
    spec.write_bytes(NOT_UTF8)
    ran = run_vdg("experiment", "run", str(spec), "--out", str(tmp_path / "out"))
    one_line_error(ran, str(spec), "not UTF-8")
    assert not (tmp_path / "out").exists()


def test_a_bad_vdg_data_file_is_named_in_its_error(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text("bogus_key = 1\n" + DEFAULT_PATH.read_text(encoding="utf-8"))
    one_line_error(run_vdg("data", "check", str(f)), f"component data file {f}", "bogus_key")
    one_line_error(run_vdg("play", "--data", str(f)), str(f), "bogus_key")


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["nope"], ["no spec file nope", "bidding", "--game goa for Goa's"]),
        (["--game", "goa", "nope"], ["no spec file nope", "lots"]),
        (["--game", "goa", str(DEFAULT_PATH.parents[4] / "experiments" / "bidding.toml")],
         ["is an experiment of --game vdg, not goa"]),
    ],
)  # fmt: skip
def test_experiment_run_of_an_unknown_name_lists_the_shipped_ones(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    ran = run_vdg("experiment", "run", *args, "--out", str(tmp_path / "out"), cwd=tmp_path)
    one_line_error(ran, *needles)
    assert not (tmp_path / "out").exists()


def test_distill_into_a_file_is_one_line(tmp_path: Path) -> None:
    f = tmp_path / "FILE"
    f.write_text("x\n")
    one_line_error(run_vdg("distill", str(f)), str(f), "is a file, not a folder")
    assert f.read_text() == "x\n"


def test_distill_refuses_an_export_below_a_file_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x\n")
    out = tmp_path / "d"
    ran = run_vdg("distill", str(out), "--export", str(tmp_path / "afile" / "x.toml"))
    one_line_error(ran, "afile is a file, not a directory")
    assert not out.exists()  # nothing collected, nothing written


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "10", "--no-progress"],
        ["tournament", "--presets", "default,random", "--games", "10", "--no-progress"],
        ["experiment", "run", "seats", "--quick", "--no-progress"],
        ["report", "--quick", "--no-progress"],
    ],
    ids=lambda a: a[0],
)
def test_resume_of_a_folder_that_does_not_exist_is_refused(tmp_path: Path, args) -> None:
    out = tmp_path / "typo" / "run"
    ran = run_vdg(*args, "--out", str(out), "--resume")
    one_line_error(ran, "--resume", str(out), "does not exist")
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "--presets", "default,random", "--games", "10", "--no-progress"],
        ["bench", "--games", "10"],
        ["ladder", "nowhere", "--play", "--presets", "default,random"],
    ],
    ids=lambda a: a[0],
)
def test_an_empty_player_count_is_refused(tmp_path: Path, args) -> None:
    ran = run_vdg(*args, "--player-counts", "2,,3", cwd=tmp_path)
    one_line_error(ran, "--player-counts has an empty entry in '2,,3'")
    assert list(tmp_path.iterdir()) == []
