"""`vdg play`, `vdg bench` and `vdg data` with ``--game goa``: the account of one game, its
JSON (identical compiled and as plain Python), one-line usage errors, benchmark rows and the
component data commands.

The tests name their line-ups where the result depends on the players, so they hold whatever
the ``default`` preset plays."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import cli
from strategies.goa import lineup_params, play_to_end
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import DEFAULT_PATH
from vdgsim.games.goa.engine.common import EV_VP
from vdgsim.games.goa.game import log_rows, new_game, result

ROOT = Path(__file__).resolve().parents[2]


def vdg(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple:
    """Run the `vdg` entry point in this process: (exit code, stdout, stderr lines)."""
    monkeypatch.setattr("sys.argv", ["vdg", *args])
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        cli.main()
    out, err = capsys.readouterr()
    return ended.value.code, out, err.strip().splitlines()


def vdg_subprocess(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "VDGSIM_JIT")}
    environ.update(env)
    return subprocess.run(
        [sys.executable, str(ROOT / "cli.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environ,
    )


def played(players: int, seed: int, names: list[str]):
    """The same game through the library, for the command's output to be checked against."""
    game = new_game(players=players, seed=seed)
    table = lineup_params(names, players)
    play_to_end(game.components.array, game.s, game.log, table, np.zeros(L.MAX_LEGAL, np.int64))
    return game


def test_play_tells_every_round_and_a_ranking_consistent_with_the_result(monkeypatch, capsys):
    code, out, err = vdg(
        monkeypatch, capsys, "play", "--game", "goa", "--players", "3", "--seed", "5",
        "--lineup", "random",
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith("Goa: 3 players, seed 5, players random, random, random;")
    rounds = re.findall(r"^Round (\d) \(phase ([AB]) tiles\)", out, re.M)
    assert rounds == [(str(r), "A" if r <= 4 else "B") for r in range(1, 9)]
    assert out.count(" Auctions\n") == 8 and out.count(" Action turns\n") == 8
    assert "Flag (seat " in out and "End of round 8:" in out
    game = played(3, 5, ["random"] * 3)
    res = result(game)
    vp_rows = [r for r in log_rows(game) if r[0] == EV_VP]
    assert list(res.vp) == [sum(int(r[5]) for r in vp_rows if r[3] == p) for p in range(3)]
    ranking = re.findall(r"^   (\d)\. seat (\d): (\d+) VP, (\d+) ducats", out, re.M)
    assert sorted((int(s), int(k), int(v), int(d)) for k, s, v, d in ranking) == [
        (p, res.rank[p], res.vp[p], res.ducats[p]) for p in range(3)
    ]
    scoring = re.findall(r"^   seat (\d): (.*) = (\d+) VP$", out, re.M)
    assert [(int(p), int(v)) for p, _, v in scoring] == [(p, res.vp[p]) for p in range(3)]
    for p, sources, _ in scoring:
        named = dict(re.findall(r"([a-z ]+) (\d+)(?:, |$)", sources))
        want = {k: v for k, v in res.vp_by_source[int(p)].items() if v}
        assert {k.strip(): int(v) for k, v in named.items()} == want


def test_play_json_is_the_game_with_named_event_columns(monkeypatch, capsys):
    code, out, err = vdg(
        monkeypatch, capsys, "play", "--game", "goa", "--players", "2", "--seed", "9",
        "--lineup", "random,random", "--json",
    )  # fmt: skip
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "goa" and doc["players"] == 2 and doc["seed"] == 9
    assert doc["lineup"] == ["random", "random"]
    assert doc["options"] == {
        "quick_start": False, "bonanza": False, "strict_hand_limit": False, "extra_action_cap": 0,
    }  # fmt: skip
    game = played(2, 9, ["random"] * 2)
    assert len(doc["events"]) == len(log_rows(game))
    decisions = [e for e in doc["events"] if e["event"] == "decision"]
    assert [e["action"] for e in decisions] == doc["actions"]
    assert {"decision", "vp", "tile", "marker", "start player"} <= {
        e["event"] for e in doc["events"]
    }
    assert all(e["text"] for e in decisions)
    by_seat = [0, 0]
    for e in doc["events"]:
        if e["event"] == "vp":
            by_seat[e["seat"]] += e["vp"]
    assert doc["result"]["vp"] == by_seat == list(result(game).vp)


def test_play_json_is_identical_compiled_and_as_plain_python():
    # both policies: the determinism of a game must not rest on the random player alone
    args = ("play", "--game", "goa", "--players", "2", "--seed", "13", "--lineup", "default,random")
    compiled = vdg_subprocess(*args, "--json", VDGSIM_JIT="always")
    plain = vdg_subprocess(*args, "--json", NUMBA_DISABLE_JIT="1")
    assert compiled.returncode == 0 and plain.returncode == 0, compiled.stderr + plain.stderr
    assert json.loads(compiled.stdout) == json.loads(plain.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--players", "5"], "Goa is for 2 to 4 players"),
        (["play", "--lineup", "random,random,random,random,random"], "Goa is for 2 to 4 players"),
        (["play", "--lineup", "no-such-player"], "'no-such-player'"),
        (["play", "--data", "no-such-file.toml"], "no-such-file.toml: cannot read it"),
        (["play", "--set", "start.no_such_key=3"], "start.no_such_key: no such key"),
        (["play", "--set", "start.ships=-1"], "start.ships: -1 is outside 0..99"),
        (["play", "--set", "colonies.tiles=[1]"], "has the wrong shape"),
        (["play", "--set", "setup.character_deal=random"], "setup.character_deal: no such key"),
        (["play", "--strategy", "random", "--lineup", "random"], "--strategy is the old spelling"),
        (["bench", "--scale"], "--scale measures a batch run; it takes no --game goa"),
        (["bench", "--presets", "no-such-player"], "'no-such-player'"),
        (["bench", "--player-counts", "2,5"], "--player-counts must be 2, 3 or 4 (Goa is for"),
        (["bench", "--players", "1"], "--players must be 2, 3 or 4 (Goa is for"),
        (["data", "check", "vdgsim/games/vasco/data/components.toml"], "landings: unknown table"),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, list) else None,
)
def test_goa_usage_errors_are_one_line(monkeypatch, capsys, args: list[str], message: str):
    command, *rest = args
    code, out, err = vdg(monkeypatch, capsys, command, "--game", "goa", *rest)
    assert code == 2 and out == "" and len(err) == 1, err
    assert err[0].startswith("vdg: error: ") and message in err[0], err


def test_the_game_is_one_of_vdg_and_goa(monkeypatch, capsys):
    code, _, err = vdg(monkeypatch, capsys, "play", "--game", "chess")
    assert code == 2 and err == ["vdg: error: --game must be one of vdg, goa, got 'chess'"]


def test_bench_json_rows(monkeypatch, capsys):
    code, out, err = vdg(
        monkeypatch, capsys, "bench", "--game", "goa", "--games", "5", "--python-games", "2",
        "--player-counts", "2,4", "--presets", "random", "--json",
    )  # fmt: skip
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["players"], r["loop"], r["games"]) for r in rows] == [
        (2, "compiled", 5), (2, "python", 2), (4, "compiled", 5), (4, "python", 2),
    ]  # fmt: skip
    for r in rows:
        assert r["policy"] == "random" and r["seconds"] > 0
        assert r["games_per_second"] == pytest.approx(r["games"] / r["seconds"])
    for fast, slow in zip(rows[::2], rows[1::2], strict=True):
        assert slow["ratio"] == pytest.approx(fast["games_per_second"] / slow["games_per_second"])


def test_data_path_before_or_after_the_subcommand(monkeypatch, capsys):
    for args in (["data", "--game", "goa", "path"], ["data", "path", "--game", "goa"]):
        code, out, err = vdg(monkeypatch, capsys, *args)
        assert code == 0 and out.strip() == str(DEFAULT_PATH), err
    code, out, _ = vdg(monkeypatch, capsys, "data", "path")
    assert out.strip() != str(DEFAULT_PATH)  # Vasco da Gama's stays the default
    code, _, err = vdg(monkeypatch, capsys, "data", "--game", "goa", "path", "--game", "vdg")
    assert code == 2 and len(err) == 1 and "--game goa before the subcommand" in err[0]


def test_data_check_validates_a_goa_file(monkeypatch, capsys, tmp_path: Path):
    code, out, err = vdg(monkeypatch, capsys, "data", "--game", "goa", "check")
    assert code == 0 and out.startswith(f"ok: {DEFAULT_PATH} (Goa 2012 default"), err
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    good = tmp_path / "goa.toml"
    good.write_text(text, encoding="utf-8")
    code, out, err = vdg(monkeypatch, capsys, "data", "check", "--game", "goa", str(good))
    assert code == 0 and out.startswith(f"ok: {good} "), err
    bad = tmp_path / "bad.toml"
    bad.write_text(re.sub(r"(?m)^most_ducats_vp = \d+", "most_ducats_vp = 100", text))
    code, out, err = vdg(monkeypatch, capsys, "data", "check", "--game", "goa", str(bad))
    assert code == 2 and len(err) == 1, err
    assert f"{bad}: scoring.most_ducats_vp: 100 is outside 0..99" in err[0]
    code, out, err = vdg(
        monkeypatch, capsys, "data", "check", "--game", "goa", "--set", "start.ships=7"
    )
    assert code == 0 and "digest" in out, err


@pytest.mark.parametrize(
    "command", [["play"], ["bench"], ["data"], ["data", "path"], ["data", "check"]]
)
def test_help_explains_game(monkeypatch, capsys, command: list[str]):
    code, out, _ = vdg(monkeypatch, capsys, *command, "--help")
    assert code == 0
    words = " ".join(out.split())  # the help is wrapped to the terminal's width
    assert "--game GAME The game, vdg: Vasco da Gama (Paolo Mori, 2009); goa: Goa (" in words


@pytest.mark.parametrize("seed", [4, 396])  # ties on VP with these seeds when written
def test_the_ranking_says_how_ties_are_broken(seed: int):
    from vdgsim.games.goa.account import account

    game = played(3, seed, ["random"] * 3)
    res = result(game)
    lines = [line for line in account(game) if re.match(r"   \d\. seat \d: ", line)]
    assert len(lines) == 3
    for line in lines:
        p = int(re.match(r"   \d\. seat (\d)", line)[1])
        same_vp = [q for q in range(3) if q != p and res.vp[q] == res.vp[p]]
        assert ("ducats decide" in line) == any(res.ducats[q] != res.ducats[p] for q in same_vp)
        assert ("VP and ducats tied" in line) == any(
            res.ducats[q] == res.ducats[p] for q in same_vp
        )
        assert ("shares the win" in line) == (0 < res.win_share[p] < 1)
