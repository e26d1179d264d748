"""The batch runner: seeds, per-player records, backends, run directories, resume, reload."""

from __future__ import annotations

import json
import os
from collections import Counter

import numpy as np
import polars as pl
import pytest

from strategies.vasco.policy import choose
from strategies.vasco.registry import UnknownPresetError, available, params_table
from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco import vocabulary as V
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.game import is_over, new_game, result
from vdgsim.runner import RunDirError, load_run, make_spec, simulate
from vdgsim.runner import output as O
from vdgsim.runner import run as run_module
from vdgsim.runner.seeds import Chunk, chunk_sequence, game_seeds, plan_chunks

SMALL = {"games": 120, "seed": 11, "chunk_size": 40}


def _lineup(players: int) -> list[str]:
    """As many different presets as the registry has, one per seat."""
    names = available()
    return [names[i % len(names)] for i in range(players)]


@pytest.fixture(scope="module")
def reference():
    """A small four-player run in memory, with every decision recorded."""
    return simulate(["random"] * 4, decisions=1.0, **SMALL)


# --- seeds ------------------------------------------------------------------------------------


def test_chunk_seed_sequence_is_the_spawned_child():
    root = 20260401
    children = np.random.SeedSequence(root).spawn(5)
    for k in (0, 3, 4):
        assert np.array_equal(
            chunk_sequence(root, k).generate_state(8), children[k].generate_state(8)
        )


def test_game_seeds_are_non_negative_int64_and_differ_between_chunks():
    a = game_seeds(5, Chunk(0, 0, 1000))
    b = game_seeds(5, Chunk(1, 1000, 1000))
    assert a.dtype == np.int64 and (a >= 0).all() and (b >= 0).all()
    assert len(set(a.tolist()) | set(b.tolist())) == 2000


def test_plan_chunks_covers_every_game_once():
    chunks = plan_chunks(1001, 250)
    assert [c.games for c in chunks] == [250, 250, 250, 250, 1]
    assert [c.first for c in chunks] == [0, 250, 500, 750, 1000]


# --- the per-player records -------------------------------------------------------------------


def _replay(seed: int, players: int, names: list[str]):
    """Play one game with the Python step loop; record what the state shows as it goes
    (characters held and VP at each round's end; after round 5, the final VP)."""
    comp = default_components()
    params = params_table(names)
    g = new_game(players, seed, comp)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    held = {}  # round -> characters (bit mask) per seat at the round's end
    vps = {}  # round -> VP per seat at the round's end
    numbers = Counter()
    performed = Counter()
    given_up = Counter()
    ships = Counter()
    options = Counter()  # legal actions summed over the decisions, and decisions with one
    last_round = int(g.s[L.S_ROUND])

    def snapshot(rnd):
        masks = [0] * players
        for ch in range(L.N_CHARACTERS):
            h = int(g.s[L.S_CHAR_HOLDER + ch])
            if h >= 0:
                masks[h] |= 1 << ch
        held[rnd] = masks
        vps[rnd] = [int(g.s[L.S_VP + p]) for p in range(players)]

    while not is_over(g):
        n = flow.legal_actions(comp.array, g.s, legal)
        options["options"] += n
        options["forced_decisions"] += n == 1
        a = int(choose(comp.array, g.s, legal, n, params))
        kind, p = int(g.s[L.S_DECISION]), int(g.s[L.S_DEC_PLAYER])
        if kind in (L.D_PLACE_DISC, L.D_MANUEL_PLACE):
            numbers[p] += 1
        elif kind == L.D_ACT:
            (given_up if a == L.GIVE_UP else performed)[p] += 1
        elif kind == L.D_EXPEDITION_SHIP and a != 0:
            ships[p] += 1
        flow.apply(comp.array, g.s, g.log, a)
        if int(g.s[L.S_ROUND]) != last_round:
            snapshot(last_round)
            last_round = int(g.s[L.S_ROUND])
    for rnd in range(last_round, L.N_ROUNDS + 1):
        snapshot(rnd)
    return g, held, numbers, performed, given_up, ships, vps, options


def test_player_rows_match_a_python_replay_of_the_same_seeds(reference):
    rows = reference.players
    for game in (0, 1, 57):
        seed = reference.games.filter(pl.col("game") == game)["seed"].item()
        g, held, numbers, performed, given_up, ships, vps, options = _replay(
            seed, 4, ["random"] * 4
        )
        res = result(g)
        row = reference.games.filter(pl.col("game") == game).row(0, named=True)
        assert options["forced_decisions"] > 0 and options["options"] > 10 * row["decisions"]
        assert (row["options"], row["forced_decisions"]) == (
            options["options"],
            options["forced_decisions"],
        )
        mine = rows.filter(pl.col("game") == game).sort("seat")
        assert mine["vp"].to_list() == list(res.vp)
        assert mine["rank"].to_list() == list(res.rank)
        assert mine["win_share"].to_list() == pytest.approx(list(res.win_share))
        assert mine["reals"].to_list() == list(res.reals)
        for seat, r in enumerate(mine.iter_rows(named=True)):
            src = res.vp_by_source[seat]
            assert r["vp_slot"] == src["slot"]
            assert r["vp_completion"] == src["completion"]
            assert r["vp_dias"] == src["Dias"]
            assert r["vp_end_ships"] == src["end-game ships"]
            assert [r[f"characters_r{k}"] for k in range(1, 6)] == [
                held[k][seat] for k in range(1, 6)
            ]
            assert r["numbers_taken"] == numbers[seat]
            assert r["acts_performed"] == performed[seat]
            assert r["acts_given_up"] == given_up[seat]
            sent = sum(r[c] for c in mine.columns if c.startswith("sent_"))
            assert sent == ships[seat]
            assert [r[f"vp_r{k}"] for k in range(1, 5)] == [vps[k][seat] for k in range(1, 5)]
            # the state after round 5 is the final one: the end-game scoring (R8.3) is in it
            end = r["vp_end_reals"] + r["vp_end_ships"]
            assert r["vp_r5"] == vps[5][seat] - end


def test_player_rows_are_consistent(reference):
    p = reference.players
    assert p.height == 4 * SMALL["games"]
    sources = list(V.VP_SOURCE_COLUMNS)
    assert (p["vp"] == p.select(pl.sum_horizontal(sources)).to_series()).all()
    shares = p.group_by("game").agg(pl.col("win_share").sum())
    assert shares["win_share"].to_numpy() == pytest.approx(np.ones(SMALL["games"]))
    # every character is held by somebody at every round end of a 4-player game
    for k in range(1, 6):
        held = p.group_by("game").agg(pl.col(f"characters_r{k}").sum())
        assert (held[f"characters_r{k}"] == 0b1111).all()
    # every regular disc is placed every round (R3), and each number is acted on or given up
    discs = int(default_components().array[L.C_REGULAR_DISCS])
    assert p["numbers_taken"].min() >= L.N_ROUNDS * discs
    assert (p["acts_performed"] + p["acts_given_up"] <= p["numbers_taken"]).all()
    # VP only grow, and the VP after round 5 are the final VP without the end-game scoring
    for k in range(1, L.N_ROUNDS):
        assert (p[f"vp_r{k}"] <= p[f"vp_r{k + 1}"]).all()
    assert (p["vp_r1"] >= 0).all()
    assert (p["vp_r5"] == p["vp"] - p["vp_end_reals"] - p["vp_end_ships"]).all()


def test_round_vp_columns_leave_the_games_unchanged(reference):
    """The runner's games are those of the plain compiled game loop on the same seeds: every
    seat's VP and win share, and the games and players columns are the documented ones."""
    from strategies.vasco.loop import play_games

    seeds = reference.games.sort("game")["seed"].to_numpy()
    vp, share = play_games(default_components(), 4, seeds, params_table(["random"] * 4))
    p = reference.players.sort("game", "seat")
    assert p["vp"].to_numpy().reshape(-1, 4).tolist() == vp.tolist()
    assert p["win_share"].to_numpy().reshape(-1, 4) == pytest.approx(share)
    assert reference.games.columns == ["game", *V.GAME_COLUMNS, "players"]
    first = ["game", "seat", "strategy", "vp", "rank", "win_share"]
    last = [*V.VP_ROUND_COLUMNS, "characters_dealt"]  # added later, after the others
    rest = [c for c in V.PLAYER_COLUMNS if c not in first and c not in last]
    assert p.columns == [*first, *rest, *last]


@pytest.mark.parametrize("deal", ["rulebook", "random"])
def test_characters_dealt_are_the_setup_holders(deal):
    """characters_dealt: one character a seat, R1.3's table by the rulebook, the same
    characters in varying seats with setup.character_deal = random; and the variant plays the
    same seeds (the runner passes the option like any component value)."""
    from vdgsim import load_components

    comps = load_components(overrides={"setup.character_deal": deal})
    run = simulate(["random"] * 3, games=60, seed=5, chunk_size=30, components=comps)
    p = run.players.sort("game", "seat")
    assert p["characters_dealt"].dtype == pl.Int8
    masks = p["characters_dealt"].to_numpy().reshape(-1, 3)
    assert (masks.sum(axis=1) == 0b0111).all()  # Dias, Alvares, Sernigi; Manuel I undealt
    assert set(np.unique(masks)) == {1, 2, 4}
    if deal == "rulebook":
        assert (masks == [1, 2, 4]).all()
    else:
        assert len({tuple(m) for m in masks.tolist()}) > 3
        assert (
            run.games["seed"]
            == simulate(["random"] * 3, games=60, seed=5, chunk_size=30).games["seed"]
        ).all()
    # the characters held after round 1 started from the dealt ones, in the log's order
    first = simulate(["random"] * 3, games=2, seed=5, chunk_size=30, components=comps)
    g = new_game(players=3, seed=int(first.games["seed"][0]), components=comps)
    held = [int(g.s[L.S_CHAR_HOLDER + ch]) for ch in range(L.N_CHARACTERS)]
    row = first.players.filter(pl.col("game") == 0).sort("seat")["characters_dealt"].to_list()
    assert row == [sum(1 << ch for ch in range(4) if held[ch] == s) for s in range(3)]


def test_decisions_table_has_every_decision(reference):
    d = reference.decisions
    per_game = d.group_by("game").len().sort("game")
    games = reference.games.sort("game")
    assert per_game["len"].to_list() == games["decisions"].to_list()
    assert set(d["kind"].unique().to_list()) <= set(range(1, len(L.DECISION_NAMES)))


def test_sampled_decisions_are_a_seeded_subset(reference):
    a = simulate(["random"] * 4, decisions=0.25, **SMALL).decisions
    b = simulate(["random"] * 4, decisions=0.25, **SMALL).decisions
    assert a.equals(b)
    full = reference.decisions.height
    # binomial(full, 1/4): 6 standard deviations either way
    assert abs(a.height - full / 4) < 6 * (full * 0.25 * 0.75) ** 0.5
    assert a.join(reference.decisions, on=a.columns, how="anti").height == 0


# --- reproducibility across workers and backends ----------------------------------------------


def test_same_results_for_one_worker_two_workers_and_dask(reference, tmp_path):
    two = simulate(["random"] * 4, decisions=1.0, jobs=2, out=tmp_path / "loky", **SMALL)
    dask = simulate(
        ["random"] * 4, decisions=1.0, jobs=2, backend="dask", out=tmp_path / "dask", **SMALL
    )
    for run in (two, dask):
        assert run.complete
        assert run.players.equals(reference.players)
        assert run.games.equals(reference.games)
        assert run.decisions.equals(reference.decisions)


def test_other_chunk_sizes_give_other_games_but_a_seed_gives_the_same(reference):
    again = simulate(["random"] * 4, decisions=1.0, **SMALL)
    assert again.players.equals(reference.players)
    other = simulate(["random"] * 4, games=120, seed=11, chunk_size=60)
    assert not other.games["seed"].equals(reference.games["seed"])


# --- seat rotation ----------------------------------------------------------------------------


def test_rotation_seats_each_strategy_in_each_seat():
    spec = run_module.RunSpec(("a", "b", "c"), 30, rotate=True)
    rot = spec.rotations()
    assert rot == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for seat in range(3):
        assert sorted(r[seat] for r in rot) == ["a", "b", "c"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rotated_run_is_balanced_and_shares_deals(players):
    lineup = _lineup(players)
    run = simulate(lineup, games=10 * players + 1, seed=3, chunk_size=7, rotate=True)
    games, p = run.games, run.players
    assert games.height % players == 0  # rounded up to whole rotations
    assert (games["rotation"] == games["game"] % players).all()
    counts = p.group_by("seat", "strategy").len()
    per_strategy = Counter(lineup)
    for r in counts.iter_rows(named=True):
        assert r["len"] == games.height // players * per_strategy[r["strategy"]]
    # common random numbers: the rotations of one line-up play the same deal
    blocks = games.group_by(pl.col("game") // players).agg(pl.col("seed").n_unique())
    assert (blocks["seed"] == 1).all()
    assert games["seed"].n_unique() == games.height // players


# --- run directories --------------------------------------------------------------------------


def test_run_directory_reloads_and_manifest_says_what_ran(reference, tmp_path):
    out = tmp_path / "run"
    run = simulate(["random"] * 4, decisions=1.0, out=out, **SMALL)
    assert sorted(p.name for p in (out / "players").iterdir()) == [
        "chunk-00000.parquet",
        "chunk-00001.parquet",
        "chunk-00002.parquet",
    ]
    again = load_run(out)
    assert again.players.equals(reference.players)
    assert again.decisions.equals(reference.decisions)
    m = json.loads((out / "manifest.json").read_text())
    assert m["complete"] is True
    assert m["counts"]["games"] == SMALL["games"]
    assert m["counts"]["players_rows"] == 4 * SMALL["games"]
    assert m["components"]["digest"] == default_components().digest
    assert m["seeds"]["root"] == SMALL["seed"]
    assert set(m["strategies"]) == {"random"}
    assert len(m["strategies"]["random"]) > 1
    assert [c["index"] for c in m["chunks"]] == [0, 1, 2]
    assert "git_commit" in m and "vdgsim_version" in m and m["wall_seconds"] > 0
    assert run.players.equals(again.players)


def test_existing_run_directory_is_refused_unless_resume_or_force(tmp_path):
    out = tmp_path / "run"
    simulate(["random"] * 2, games=10, out=out)
    with pytest.raises(RunDirError, match="already exists"):
        simulate(["random"] * 2, games=10, out=out)
    replaced = simulate(["random"] * 2, games=12, out=out, force=True)
    assert replaced.players.height == 24
    with pytest.raises(RunDirError, match="different settings"):
        simulate(["random"] * 2, games=10, out=out, resume=True)


def test_a_run_recorded_before_the_row_grew_resumes_and_a_moved_value_does_not(tmp_path):
    """A recorded parameter row shorter by trailing zeros is the same player; a changed
    value is not."""
    out = tmp_path / "run"
    first = simulate(["default", "random"], games=10, chunk_size=5, out=out)
    manifest = out / "manifest.json"
    m = json.loads(manifest.read_text())
    row = m["run"]["parameters"]["default"]
    assert row[-1] == 0.0 and any(v != 0.0 for v in row)
    last = max(i for i, v in enumerate(row) if v != 0.0)
    m["run"]["parameters"]["default"] = row[: last + 1]
    manifest.write_text(json.dumps(m))
    again = simulate(["default", "random"], games=10, chunk_size=5, out=out, resume=True)
    assert again.players.equals(first.players)
    m["run"]["parameters"]["default"] = [*row[:last], row[last] + 1.0]
    manifest.write_text(json.dumps(m))
    with pytest.raises(RunDirError, match=r"different settings \(parameters\)"):
        simulate(["default", "random"], games=10, chunk_size=5, out=out, resume=True)


def test_force_never_deletes_a_directory_that_is_not_a_run(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("precious")
    with pytest.raises(RunDirError, match="not a run directory"):
        simulate(["random"] * 2, games=10, out=out, force=True)
    assert (out / "thesis.tex").read_text() == "precious"


def test_unwritable_run_directory_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(RunDirError, match="cannot write"):
        simulate(["random"] * 2, games=10, out=blocker / "run")


def test_unknown_preset_and_bad_player_count_are_refused():
    with pytest.raises(UnknownPresetError):
        simulate(["random", "no_such_player"], games=10)
    with pytest.raises(ValueError, match="2 to 4"):
        make_spec(["random"] * 5, games=10)


def test_resume_finishes_a_killed_run_without_redoing_complete_chunks(
    reference, tmp_path, monkeypatch
):
    out = tmp_path / "run"
    real = run_module.run_tasks

    def killed_after_two(*args, **kwargs):
        for i, res in enumerate(real(*args, **kwargs)):
            if i == 2:
                raise KeyboardInterrupt  # the run dies with two chunks on disk
            yield res

    monkeypatch.setattr(run_module, "run_tasks", killed_after_two)
    with pytest.raises(KeyboardInterrupt):
        simulate(["random"] * 4, decisions=1.0, out=out, **SMALL)
    monkeypatch.setattr(run_module, "run_tasks", real)
    # a half-written file, as a kill during a write leaves it
    (out / "players" / ".chunk-00002.parquet.tmp-4242").write_bytes(b"PAR1 half")
    assert load_run(out).complete is False
    before = {p: p.stat().st_mtime_ns for p in (out / "players").glob("chunk-*.parquet")}
    assert len(before) == 2

    done = []

    def recording(tasks, *args):
        tasks = list(tasks)
        done.extend(tasks)
        return real(tasks, *args)

    monkeypatch.setattr(run_module, "run_tasks", recording)
    run = simulate(["random"] * 4, decisions=1.0, out=out, resume=True, **SMALL)
    assert [t.chunk.index for t in done] == [2]
    assert {p: p.stat().st_mtime_ns for p in before} == before
    assert run.complete and not list(out.rglob("*.tmp-*"))
    assert load_run(out).players.equals(reference.players)
    assert load_run(out).decisions.equals(reference.decisions)
    assert run.manifest["counts"]["games"] == SMALL["games"]


def test_atomic_write_leaves_nothing_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "players" / O.chunk_name(0)
    target.parent.mkdir()

    def boom(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        O.atomic_write_bytes(target, b"data")
    assert not target.exists()
    assert O.complete_chunks(tmp_path, ("players",)) == set()
    O.remove_temporaries(tmp_path)
    assert list(target.parent.iterdir()) == []


def test_decisions_carry_the_rounds_free_number_from_phase_1_on(reference):
    """Placements are made against the round's F, revealed later in Phase 2 (R4.1)."""
    d = reference.decisions
    per_round = d.group_by("game", "round").agg(
        pl.col("free_number").n_unique().alias("distinct"), pl.col("free_number").min().alias("low")
    )
    assert per_round["distinct"].max() == 1
    assert per_round["low"].min() >= 1
    placements = d.filter(pl.col("phase") == 1)
    assert placements.height > 0 and placements["free_number"].min() >= 1
