"""The `vdg` command: play, bench, data, and one-line usage errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import Ran, run_vdg

ROOT = Path(__file__).resolve().parents[1]


def vdg(*args: str) -> Ran:
    return run_vdg(*args, cwd=ROOT)


def test_the_script_itself_exits_2_with_one_line() -> None:
    """The other tests run `cli.main` in this process; this one runs `python cli.py`."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), "play", "--players", "5"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "vdg: error: --players must be 2, 3 or 4 (Vasco da Gama is for 2 to 4 players), got 5"
    ]


def test_play_prints_a_round_by_round_account() -> None:
    out = vdg("play", "--players", "4", "--seed", "7")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for r in range(1, 6):
        assert f"Round {r}: Initial Number" in text
    assert "First Free Number F = " in text
    assert "Landings after Phase 3:" in text and "Calicut" in text
    assert "Final scores" in text and "VP from" in text
    assert "place number" in text and "give up number" in text


def test_play_json_is_the_event_log() -> None:
    out = vdg("play", "--players", "2", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["players"] == 2 and doc["seed"] == 3 and doc["lineup"] == ["default"] * 2
    kinds = {e["event"] for e in doc["events"]}
    assert {"decision", "vp", "reals", "call", "free number"} <= kinds
    decisions = [e for e in doc["events"] if e["event"] == "decision"]
    assert len(decisions) == len(doc["actions"])
    # every record reads alone, decisions and calls too
    assert all(isinstance(e["text"], str) and e["text"] for e in doc["events"])
    assert all(e["text"].startswith("seat ") for e in decisions)
    # a decision reads in the account's words (the number placed, the action taken), never
    # as an action code
    assert doc["game"] == "vdg"
    assert not [e["text"] for e in decisions if "(action " in e["text"]]
    account = vdg("play", "--players", "2", "--seed", "3").stdout
    assert all(f"    {e['text'].split(', paying ')[0]}" in account for e in decisions)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 7)])
def test_play_json_result_sums_the_event_logs_vp(players: int, seed: int) -> None:
    out = vdg("play", "--players", str(players), "--seed", str(seed), "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    res = doc["result"]
    vp_rows = [e for e in doc["events"] if e["event"] == "vp"]
    by_seat = [0] * players
    by_source: list[dict[str, int]] = [{} for _ in range(players)]
    for e in vp_rows:
        by_seat[e["seat"]] += e["vp"]
        by_source[e["seat"]][e["source"]] = by_source[e["seat"]].get(e["source"], 0) + e["vp"]
    assert res["vp"] == by_seat
    for seat in range(players):
        assert {k: v for k, v in res["vp_by_source"][seat].items() if v} == {
            k: v for k, v in by_source[seat].items() if v
        }
    assert sum(res["win_share"]) == pytest.approx(1.0)
    for a in range(players):
        for b in range(players):
            if by_seat[a] > by_seat[b]:  # more VP: better rank, whatever the tie-breaks
                assert res["rank"][a] < res["rank"][b] and res["win_share"][b] == 0
    assert len(res["reals"]) == players


def test_play_lineup_per_seat_and_the_strategy_alias(tmp_path: Path) -> None:
    preset = tmp_path / "my players" / "cautious.toml"
    preset.parent.mkdir()
    preset.write_text('inherit = "frugal"\n')
    lineup = f"default,random,{preset}+never_host=manuel"
    new = vdg("play", "--seed", "5", "--lineup", lineup)
    assert new.returncode == 0, new.stderr
    assert "3 players" in new.stdout.splitlines()[0]
    assert "players default, random, cautious+never_host=manuel;" in new.stdout
    assert str(tmp_path) not in new.stdout
    old = vdg("play", "--seed", "5", "--strategy", lineup)
    assert old.returncode == 0
    assert old.stdout == new.stdout
    hints = [line for line in old.stderr.splitlines() if "--strategy" in line]
    assert hints == ["vdg: note: --strategy is now --lineup"]
    assert "--strategy" not in vdg("play", "--help").stdout
    one = vdg("play", "--players", "2", "--seed", "5", "--lineup", "random", "--json")
    assert json.loads(one.stdout)["lineup"] == ["random", "random"]


def test_version() -> None:
    out = vdg("--version")
    assert out.returncode == 0, out.stderr
    import vdgsim

    assert out.stdout.startswith(f"vdg {vdgsim.__version__}")
    assert len(out.stdout.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "--players", "5"], "2, 3 or 4"),
        (["play", "--bogus"], "No such option"),
        (["play", "--data", "/no/such/file.toml"], "cannot read component data file"),
        (["play", "--lineup", "nobody"], "unknown player preset"),
        (["play", "--lineup", "default,random", "--players", "3"], "names 2 players"),
        (["play", "--lineup", "default,,random"], "empty name"),
        (["play", "--lineup", "a,b,c,d,e"], "2, 3 or 4"),
        (["play", "--lineup", "x", "--strategy", "y"], "give only --lineup"),
        (["play", "--players", "-1"], "2, 3 or 4"),
        (["play", "--seed", str(2**63)], "--seed must be in 0 .. 2**63-1"),
        (["play", "--seed", "-1"], "--seed must be in 0 .. 2**63-1"),
        (["play", "--seed", str(10**30)], "--seed must be in 0 .. 2**63-1"),
        (["play", "--seed", "2**63"], "valid integer"),
        (["play", "--set", "landings.natal.slots=[99]"], "outside 1..20"),
        (["bench", "--players", "7"], "2, 3 or 4"),
        (["bench", "--player-counts", "2,5"], "2, 3 or 4"),
        (["bench", "--player-counts", "2,x"], "comma-separated"),
        (["bench", "--player-counts", ","], "no player count"),
        (["bench", "--players", "2", "--player-counts", "3"], "not both"),
        (["bench", "--games", "0"], "--games must be in 1 .."),
        (["bench", "--games", str(2**63)], "--games must be in 1 .."),
        (["bench", "--python-games", "-5"], "--python-games must be in 1 .."),
        (["bench", "--python-games", str(10**7)], "--python-games must be in 1 .."),
        (["bench", "--scale", "--scale-games", "0"], "--scale-games must be in 1 .."),
        (["bench", "--scale", "--scale-games", str(2**64)], "--scale-games must be in 1 .."),
        (["bench", "--scale", "--jobs", "0"], "--jobs must be in 1 .."),
        (["bench", "--scale", "--jobs", "100000"], "--jobs must be in 1 .."),
        (["bench", "--presets", "nobody"], "unknown player preset"),
        (["bench", "--presets", "x", "--policies", "y"], "give only --presets"),
        (["bench", "--repeat", "0"], "--repeat must be in 1 .."),
        (["bench", "--repeat", "1001"], "--repeat must be in 1 .."),
        (["bench", "--scale", "--repeat", "2"], "takes no --scale"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    out = vdg(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr


def test_help_explains_every_option() -> None:
    out = vdg("play", "--help")
    assert out.returncode == 0
    for option in ("--players", "--seed", "--lineup", "--json", "--data", "--set"):
        assert option in out.stdout
    bench = vdg("bench", "--help").stdout
    for option in (
        "--games",
        "--python-games",
        "--player-counts",
        "--players",
        "--presets",
        "--repeat",
    ):
        assert option in bench
    assert "--policies" not in bench


def test_bench_json_lines() -> None:
    out = vdg(
        "bench",
        "--games",
        "200",
        "--python-games",
        "3",
        "--player-counts",
        "2",
        "--json",
        "--presets",
        "random",
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {r["loop"] for r in rows} == {"compiled", "python"}
    for r in rows:
        assert r["players"] == 2 and r["policy"] == "random" and r["games_per_second"] > 0


@pytest.mark.parametrize("game", ["vdg", "goa"])
def test_bench_repeat_reports_the_median_run_and_the_range(game: str) -> None:
    out = vdg(
        "bench",
        "--game",
        game,
        "--games",
        "50",
        "--python-games",
        "1",
        "--player-counts",
        "2",
        "--presets",
        "random",
        "--repeat",
        "3",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    fast, slow = (json.loads(line) for line in out.stdout.splitlines())
    assert fast["loop"] == "compiled" and fast["runs"] == 3
    assert fast["games_per_second_low"] <= fast["games_per_second"]
    assert fast["games_per_second"] <= fast["games_per_second_high"]
    assert slow["loop"] == "python" and slow["runs"] == 1
    assert slow["ratio"] == pytest.approx(fast["games_per_second"] / slow["games_per_second"])


def test_median_result_keeps_the_median_run_and_the_range() -> None:
    from vdgsim.games.vasco.bench import BenchResult, median_result

    runs = [
        BenchResult(4, "default", "compiled", 600, 600 / rate, rate)
        for rate in (300.0, 100.0, 200.0)
    ]
    combined = median_result(runs)
    assert combined.games_per_second == 200.0 and combined.seconds == pytest.approx(3.0)
    assert (combined.games_per_second_low, combined.games_per_second_high) == (100.0, 300.0)
    assert combined.runs == 3 and combined.games == 600 and combined.policy == "default"
    one = runs[0]
    assert (one.runs, one.games_per_second_low, one.games_per_second_high) == (1, 300.0, 300.0)
    with pytest.raises(ValueError):
        median_result([])


def test_bench_alias_spellings_work_with_a_hint() -> None:
    out = vdg(
        "bench",
        "--games",
        "20",
        "--python-games",
        "1",
        "--players",
        "2,3",
        "--policies",
        "random",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    assert sorted({json.loads(line)["players"] for line in out.stdout.splitlines()}) == [2, 3]
    notes = [line for line in out.stderr.splitlines() if line.startswith("vdg: note:")]
    assert notes == [
        "vdg: note: --policies is now --presets",
        "vdg: note: a list of player counts is now --player-counts (--players N is one count)",
    ]


def test_data_check_and_path() -> None:
    assert vdg("data", "check").returncode == 0
    assert vdg("data", "path").stdout.strip().endswith("components.toml")


def test_display_names_show_preset_files_by_name() -> None:
    from vdgsim.commands.common import display_names

    assert display_names(["default", "my/cautious.toml+never_host=manuel", "C:\\p\\bold.toml"]) == [
        "default",
        "cautious+never_host=manuel",
        "bold",
    ]
    # a search player's decision kinds are separated by "/" too: it is not a path
    search = "mc:rollouts=256:decisions=bid/owners_choice/place_marker"
    assert display_names(
        [search, "my_players/cautious", "mc:decisions=place_disc/act+never_pay"]
    ) == [
        search,
        "cautious",
        "mc:decisions=place_disc/act+never_pay",
    ]
    # two different files with one name stay apart
    assert display_names(["a/x.toml", "b/x.toml", "a/x.toml"]) == [
        "a/x.toml",
        "b/x.toml",
        "a/x.toml",
    ]


def test_vdg_help_lists_every_command_without_loading_any() -> None:
    """`vdg --help` imports no command: they load numba, polars and the engines, seconds of
    start-up that the list of commands does not need."""
    probe = (
        "import sys; sys.argv = ['vdg', '--help']; import cli\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('vdgsim', 'strategies', 'numba', 'polars', 'numpy', 'matplotlib')\n"
        "print('loaded:', sorted(m for m in sys.modules if m.split('.')[0] in heavy))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    listed, _, loaded = out.stdout.rpartition("loaded: ")
    assert loaded.strip() == "[]"
    for name in ("play", "simulate", "report", "compare", "experiment", "data"):
        assert f"\n  {name} " in listed, listed


SUBCOMMANDS = {"experiment": ["run", "list"], "data": ["path", "check"]}


@pytest.mark.parametrize("name", list(__import__("cli").COMMANDS))
def test_each_command_is_listed_with_the_summary_its_own_help_opens_with(name: str) -> None:
    import cli

    command = cli.load_command(name)
    # the help list's summary is the first sentence of the command's own help
    assert cli.COMMANDS[name][2] == command.get_short_help_str(10**6)
    out = vdg(name, "--help")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Usage: ") and f"vdg {name} [" in out.stdout.splitlines()[0]
    assert " ".join(cli.COMMANDS[name][2].split()) in " ".join(out.stdout.split())
    for sub in SUBCOMMANDS.get(name, []):
        assert f"vdg {name} {sub} [" in vdg(name, sub, "--help").stdout.splitlines()[0]
