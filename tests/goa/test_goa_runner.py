"""The batch runner plays Goa: the same chunks, seeds, Parquet, manifest, resume and check as
Vasco da Gama, with Goa's own tables; and Vasco da Gama's runs keep their recorded tables and
manifest keys."""

from __future__ import annotations

import hashlib
import json
import shlex

import polars as pl
import pytest
from test_run_integrity import _files, cli  # the same commands and chunk-file reader

from vdgsim.core.plug import game_of, games
from vdgsim.games.goa import layout as GL
from vdgsim.runner import load_run, simulate, tournament
from vdgsim.runner import run as run_module
from vdgsim.runner.output import CorruptRunError
from vdgsim.runner.run import check_run

SMALL = {"games": 36, "seed": 17, "chunk_size": 12, "game": "goa"}  # three chunks
LINEUP = ["random"] * 3


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A three-chunk Goa run written by one worker, and its chunk files."""
    out = tmp_path_factory.mktemp("goa") / "run"
    run = simulate(LINEUP, out=out, rotate=True, **SMALL)
    return run, _files(out)


# --- tables ---------------------------------------------------------------------------------------


def test_goa_tables_have_the_declared_columns(reference):
    run, _ = reference
    declared = game_of("goa").columns()
    assert run.manifest["tables"] == ["games", "players"]
    assert tuple(run.games.columns) == declared["games"]
    assert tuple(run.players.columns) == declared["players"]
    assert run.games.height == SMALL["games"] and run.players.height == 3 * SMALL["games"]
    assert not run.games["log_overflow"].any()


def test_goa_vp_is_the_sum_of_its_sources_and_ranks_follow_vp_then_ducats(reference):
    p = reference[0].players
    sources = [f"vp_{n.replace(' ', '_')}" for n in GL.VP_SOURCE_NAMES]
    assert set(sources) <= set(p.columns)
    assert (p["vp"] == p.select(pl.sum_horizontal(sources)).to_series()).all()
    assert p["vp"].sum() > 0 and (p["row_ships"] >= 1).all()
    per_game = p.group_by("game").agg(
        pl.col("win_share").sum().alias("share"),
        pl.col("vp").max().alias("best"),
        pl.col("vp").sort(descending=True).get(1).alias("second"),
    )
    assert (per_game["share"] - 1.0).abs().max() < 1e-12
    g = reference[0].games.join(per_game, on="game")
    assert (g["winning_vp"] == g["best"]).all()
    assert (g["vp_margin"] == g["best"] - g["second"]).all()
    # rank 1 is the most VP, ties broken by ducats (G8.5)
    firsts = p.filter(pl.col("rank") == 1).join(per_game, on="game")
    assert (firsts["vp"] == firsts["best"]).all()


def test_goa_manifest_names_the_game_its_components_and_presets(reference):
    m = reference[0].manifest
    assert m["run"]["game"] == "goa"
    assert m["components"]["digest"] == m["run"]["components_digest"]
    assert m["components"]["source"].endswith("goa/data/components.toml")
    assert m["strategy_parameters"] == {"random": {"policy": "random"}}
    assert m["complete"] and m["counts"]["games"] == SMALL["games"]


# --- workers, backends, resume, check -------------------------------------------------------------


def test_goa_same_tables_for_one_worker_two_workers_and_dask(reference, tmp_path):
    two = tmp_path / "two"
    simulate(LINEUP, out=two, rotate=True, jobs=2, **SMALL)
    dask = tmp_path / "dask"
    simulate(LINEUP, out=dask, rotate=True, jobs=2, backend="dask", **SMALL)
    assert _files(two) == reference[1]
    assert _files(dask) == reference[1]


def test_goa_resume_after_an_interruption_gives_the_same_tables(reference, tmp_path, monkeypatch):
    out = tmp_path / "run"
    real = run_module.run_tasks

    def killed_after_one(*args, **kwargs):
        for i, res in enumerate(real(*args, **kwargs)):
            if i == 1:
                raise KeyboardInterrupt
            yield res

    monkeypatch.setattr(run_module, "run_tasks", killed_after_one)
    with pytest.raises(KeyboardInterrupt):
        simulate(LINEUP, out=out, rotate=True, **SMALL)
    monkeypatch.setattr(run_module, "run_tasks", real)
    assert not load_run(out).complete
    run = simulate(LINEUP, out=out, rotate=True, resume=True, **SMALL)
    assert run.complete and run.session["games"] == 2 * SMALL["chunk_size"]
    assert _files(out) == reference[1]


def test_goa_run_refuses_to_resume_as_vasco_da_gama(reference, tmp_path):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(reference[0].path, out)
    args = {k: v for k, v in SMALL.items() if k != "game"}
    with pytest.raises(ValueError, match=r"different settings.*game"):
        simulate(LINEUP, out=out, rotate=True, resume=True, **args)


def test_check_finds_a_damaged_goa_chunk_and_its_repair_command_replays_it(reference, tmp_path):
    import shutil

    out = tmp_path / "run"
    shutil.copytree(reference[0].path, out)
    assert check_run(out)[1] == []
    damaged = out / "players" / "chunk-00001.parquet"
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0x01
    damaged.write_bytes(bytes(data))
    _, problems = check_run(out)
    assert [(p.path, p.chunk) for p in problems] == [(damaged, 1)]
    with pytest.raises(CorruptRunError):
        load_run(out).players  # noqa: B018

    r = cli("check", out)
    assert r.exit_code == 1
    command = shlex.split(r.stdout.strip().splitlines()[-1].split("repair with: ")[1])
    assert command[:4] == ["vdg", "simulate", "--game", "goa"]
    r = cli(*command[1:], "--no-progress", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.splitlines()[0])["chunks_replayed"] == [1]
    assert _files(out) == reference[1]


# --- command line ---------------------------------------------------------------------------------


def test_vdg_simulate_game_goa_writes_a_run_and_summarises_it(tmp_path):
    out = tmp_path / "cli"
    r = cli("simulate", "--game", "goa", "--players", 2, "--lineup", "random", "--games", 20,
            "--chunk-size", 10, "--out", out, "--no-progress", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert rows[0]["table"] == "run" and rows[0]["games"] == 20 and rows[0]["players"] == 2
    seats = [x for x in rows if x["table"] == "by seat"]
    assert [x["seat"] for x in seats] == [0, 1]
    assert all(x["win_low"] <= x["win_share"] <= x["win_high"] for x in seats)
    assert load_run(out).manifest["run"]["game"] == "goa"
    assert cli("check", out).exit_code == 0


def test_vdg_tournament_game_goa(tmp_path):
    out = tmp_path / "t"
    r = cli("tournament", "--game", "goa", "--presets", "random", "--mirror",
            "--player-counts", "2,4", "--games", 8, "--out", out, "--no-progress")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert json.loads((out / "tournament.json").read_text())["game"] == "goa"
    assert {d.name for d in out.iterdir() if d.is_dir()} == {"2p-00", "4p-00"}
    assert load_run(out / "4p-00").manifest["run"]["game"] == "goa"
    r = cli("check", out)
    assert r.exit_code == 0, r.output
    t = tournament(["random"], [2, 4], games=8, mirror=True, game="goa")  # in memory
    assert t.players.height == 8 * 2 + 8 * 4
    assert t.runs[1].players.equals(load_run(out / "4p-00").players)


def test_ctrl_c_on_a_goa_run_gives_a_goa_resume_command(reference, tmp_path, monkeypatch):
    import vdgsim.runner

    real = vdgsim.runner.simulate

    def interrupted(*args, progress, **kwargs):
        def tick(n):
            progress(n)
            raise KeyboardInterrupt  # after the first chunk is saved

        return real(*args, progress=tick, **kwargs)

    out = tmp_path / "run"
    args = ("--lineup", ",".join(LINEUP), "--rotate", "--games", SMALL["games"])
    args += ("--seed", SMALL["seed"], "--chunk-size", SMALL["chunk_size"], "--out", out)
    with monkeypatch.context() as m:
        m.setattr(vdgsim.runner, "simulate", interrupted)
        r = cli("simulate", "--game", "goa", *args, "--no-progress")
    assert r.exit_code == 130
    assert r.stderr.startswith(f"vdg: interrupted; 1 of 3 chunks are saved in {out}")
    argv = shlex.split(r.stderr.strip().split(" - continue with: ")[1])
    assert argv[:4] == ["vdg", "simulate", "--game", "goa"]
    r = cli(*argv[1:], "--no-progress")
    assert r.exit_code == 0, r.output
    assert _files(out) == reference[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "--players", 5), "Goa is for 2 to 4"),
        (("simulate", "--lineup", "random,random,random,random,random"), "Goa is for 2, 3 or 4"),
        (("simulate", "--lineup", "no_such_preset"), "unknown Goa preset 'no_such_preset'"),
        (("simulate", "--lineup", "default+never_pay"), "'never_pay' is not PARAMETER=NUMBER"),
        (("simulate", "--decisions", 0.5), "no decisions table"),
        (("simulate", "--ships"), "no ships table"),
        (("simulate", "--set", "setup.character_deal=random"), "setup.character_deal"),
        (("tournament", "--presets", "random,nope"), "unknown Goa preset 'nope'"),
        (("tournament", "--presets", "random", "--mirror", "--player-counts", 5), "Goa is for"),
    ],
)
def test_goa_usage_errors_are_one_line_exit_2(args, message, tmp_path):
    r = cli(args[0], "--game", "goa", *args[1:], "--out", tmp_path / "x", "--no-progress")
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vdg: error: ") and message in lines[0]
    assert not (tmp_path / "x").exists()


# --- Vasco da Gama's recorded runs ---------------------------------------------------------------

# Content digests of this run's tables (column names, dtypes and values), recorded with
# Vasco da Gama as the only game: its runs must come out the same beside other games.
VDG_TABLES = {
    "games": "d56a1ffc7fc13d3f7f690ca63047896c79d56e5204525674b30cdb1546a4dbdc",
    "players": "40fd60043d9a54eb504c93f4017caa91259623a3a2aac237c09031767809789a",
    "decisions": "9107a30b4bd1dd8093547df5513c7f268b6bbb8675b39eb20064dab6218ea19c",
    "ships": "ee88ac1db2c4492c73650f767c8fa1b4acfbd7b362a0e9e6056cb8232970b46a",
}
VDG_RUN_KEYS = [
    "chunk_size",
    "common_random_numbers",
    "components_digest",
    "decisions",
    "games",
    "lineup",
    "parameters",
    "players",
    "rotate",
    "seed",
    "ships",
]


def _digest(df: pl.DataFrame) -> str:
    h = hashlib.sha256()
    for s in df.get_columns():
        h.update(f"{s.name}:{s.dtype};".encode())
        if s.dtype == pl.String:
            h.update("\0".join(s.to_list()).encode())
        else:
            h.update(s.to_numpy().tobytes())
    return h.hexdigest()


def test_vasco_da_gama_tables_and_manifest_match_the_recorded_ones(tmp_path):
    out = tmp_path / "vdg"
    simulate(["default", "random", "random"], games=60, seed=5, chunk_size=21, rotate=True,
             decisions=0.5, ships=True, out=out)  # fmt: skip
    run = load_run(out)
    assert {t: _digest(run.table(t)) for t in run.manifest["tables"]} == VDG_TABLES
    assert sorted(run.manifest["run"]) == VDG_RUN_KEYS  # no "game" key: the implicit game
    assert "--game" not in shlex.split(run_module.resume_command(run.manifest, out))


def test_every_game_declares_its_tables():
    for key, game in games().items():
        assert game.key == key
        columns = game.columns()
        assert set(columns) == {"games", "players"}
        assert columns["players"][:6] == ("game", "seat", "strategy", "vp", "rank", "win_share")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_of("chess")


def test_a_batch_run_plays_the_variants_of_its_data():
    """G9 variants as component options: a run with ``variants.quick_start`` plays the same
    games as the players' own loop on that data, and other games than the rulebook's."""
    import numpy as np

    from strategies.goa import lineup_params, play_games
    from vdgsim.games.goa.components import load_components

    data = load_components(None, {"variants.quick_start": True})
    run = simulate(["default"] * 3, 30, 21, components=data, game="goa")
    plain = simulate(["default"] * 3, 30, 21, game="goa")
    assert run.games["seed"].to_list() == plain.games["seed"].to_list()
    assert run.players["vp"].to_list() != plain.players["vp"].to_list()
    vp, _ = play_games(data, 3, run.games["seed"].to_numpy(), lineup_params(["default"] * 3, 3))
    batch = run.players.sort("game", "seat")["vp"].to_numpy().reshape(-1, 3)
    assert np.array_equal(vp, batch)
