"""The learned player (strategies.vasco.learned): compiled and plain Python play alike, it plays
only legal actions, its features read only public information, its weights file round-trips
and a malformed one is one line, the fit learns what the labels favour, and `vdg distill`
runs end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from strategies.vasco import params as P
from strategies.vasco.heuristic import work as W
from strategies.vasco.learned import features as F
from strategies.vasco.learned.model import (
    FEATURE_NAMES,
    heuristic_place_weights,
    heuristic_weights,
    learned_preset_text,
    weights_of,
    write_learned_preset,
)
from strategies.vasco.learned.train import Positions, fit, positions_of, score
from strategies.vasco.policy import choose
from strategies.vasco.presets import load_preset
from strategies.vasco.registry import UnknownPresetError, resolve
from tests.cli_helpers import run_vdg
from vdgsim.core.linear_policy import feature_scale, refine
from vdgsim.core.paramtable import PresetError
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import default_components
from vdgsim.games.vasco.game import apply_action, is_over, legal_actions, new_game
from vdgsim.games.vasco.observation import shuffle_hidden

ROOT = Path(__file__).resolve().parents[2]


def random_weights(seed: int) -> np.ndarray:
    """Weights that give every feature a say (the heuristic's own leave most at 0)."""
    rng = np.random.default_rng(seed)
    return heuristic_weights(resolve("default", 4)) + rng.normal(0.0, 1.0, F.N_FEATURES)


def learned_row(w: np.ndarray, players: int = 4) -> np.ndarray:
    row = resolve("learned", players).copy()
    row[P.LW_FIRST : P.LW_END] = w
    return row


# Plays learned-vs-default games in the compiled loop's code with the weights (and placement
# weights, or None for the inherited placements; and a hidden layer's columns, or None) given
# and prints
# one hash per game (event log and final state); run compiled here and with NUMBA_DISABLE_JIT=1.
HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from strategies.vasco import params as P
from strategies.vasco.loop import play_to_end
from strategies.vasco.registry import params_table
c = default_components().array
weights, place, games, *rest = json.loads(sys.argv[1])
hidden = rest[0] if rest else [None]
out = []
for k, (players, seed) in enumerate(games):
    table = params_table(["learned"] + ["default"] * (players - 1))
    table[0, P.LW_FIRST:P.LW_END] = weights[k % len(weights)]
    table[0, P.PW_ON] = 0.0 if place[k % len(place)] is None else 1.0
    if place[k % len(place)] is not None:
        table[0, P.PW_FIRST:P.PW_END] = place[k % len(place)]
    if hidden[k % len(hidden)] is not None:
        table[0, P.HW_FIRST:P.HIDDEN_END] = hidden[k % len(hidden)]
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed)
    play_to_end(c, s, log, table, np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def _hashes(arg: str, env: dict[str, str]) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", HASH_SCRIPT, arg],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def test_compiled_and_disable_jit_play_identically() -> None:
    weights = [
        random_weights(1).tolist(),
        random_weights(2).tolist(),
        weights_of(resolve("learned")).tolist(),
    ]
    place = [random_place_weights(3).tolist(), None]
    hidden = [None, None, random_hidden_columns(5).tolist()]
    arg = json.dumps([weights, place, [[4, 21], [3, 22], [2, 23], [4, 24]], hidden])
    compiled = _hashes(arg, {})
    assert _hashes(arg, {"NUMBA_DISABLE_JIT": "1"}) == compiled
    assert len(set(compiled)) == 4


def random_hidden_columns(seed: int) -> np.ndarray:
    """A hidden layer's columns (every unit's weights, biases and outputs) whose units are
    active at some actions and not at others."""
    rng = np.random.default_rng(seed)
    w = rng.normal(0.0, 0.3, (P.N_HIDDEN, F.N_FEATURES))
    return np.concatenate(
        [w.ravel(), rng.normal(0.0, 1.0, P.N_HIDDEN), rng.normal(0, 2.0, P.N_HIDDEN)]
    )


def random_place_weights(seed: int) -> np.ndarray:
    """Placement weights that give every placement feature a say."""
    rng = np.random.default_rng(seed)
    return heuristic_place_weights() + rng.normal(0.0, 0.5, F.N_PLACE_FEATURES)


def test_the_heuristics_placement_weights_place_as_the_inherited_preset() -> None:
    """With the heuristic's placement weights the learned player places exactly as without
    placement weights (its inherited `default` places): the same games, decision for decision,
    ties drawn alike; and weights that differ from the heuristic's change the games."""
    weights = [weights_of(resolve("learned")).tolist()]
    games = [[4, 31], [3, 32], [2, 33], [4, 34], [4, 35], [3, 36]]
    inherited = _hashes(json.dumps([weights, [None], games]), {})
    heuristic = _hashes(json.dumps([weights, [heuristic_place_weights().tolist()], games]), {})
    assert heuristic == inherited
    # a Purchase bias or a preference for early numbers changes play
    for feature in (F.PF_AREA + 2, F.PF_EARLY):
        w = heuristic_place_weights()
        w[feature] = 3.0
        changed = _hashes(json.dumps([weights, [w.tolist()], games]), {})
        assert changed != inherited


def test_placement_weights_round_trip_through_a_preset_file(tmp_path: Path) -> None:
    w = random_weights(5)
    place = random_place_weights(6)
    path = tmp_path / "placing.toml"
    write_learned_preset(path, w, {"command": "test"}, place_weights=place)
    row = load_preset(path).row
    assert row[P.PW_ON] == 1.0
    assert np.array_equal(row[P.PW_FIRST : P.PW_END], place)
    assert np.array_equal(weights_of(row), w)
    bare = tmp_path / "bare.toml"
    write_learned_preset(bare, w, {"command": "test"})
    row = load_preset(bare).row
    assert row[P.PW_ON] == 0.0 and not np.any(row[P.PW_FIRST : P.PW_END])
    # the shipped learned player places by weights of its own at every player count
    shipped = {c: resolve("learned", c) for c in (2, 3, 4)}
    assert all(row[P.PW_ON] == 1.0 for row in shipped.values())
    assert not np.array_equal(shipped[2][P.PW_FIRST : P.PW_END], shipped[4][P.PW_FIRST : P.PW_END])
    text = path.read_text().replace("\nrivals = ", "\nbogus = ")
    path.write_text(text)
    with pytest.raises(PresetError, match=r"learned\.place_weights\.bogus: unknown feature"):
        load_preset(path)
    path.write_text(text.replace("\nbogus = ", "\n# rivals = "))
    with pytest.raises(PresetError, match=r"learned\.place_weights: missing rivals"):
        load_preset(path)


def test_placement_weights_for_one_player_count_replace_the_others_there(
    tmp_path: Path,
) -> None:
    w, every, three = random_weights(5), random_place_weights(6), random_place_weights(7)
    path = tmp_path / "counts.toml"
    made = {"command": "made for 3"}
    write_learned_preset(path, w, {"command": "t"}, every, count_place={3: (three, made)})
    preset = load_preset(path)
    assert np.array_equal(preset.row_for(3)[P.PW_FIRST : P.PW_END], three)
    for count in (None, 2, 4):
        assert np.array_equal(preset.row_for(count)[P.PW_FIRST : P.PW_END], every)
    assert tomllib.loads(path.read_text())["learned"]["players"]["3"]["provenance"] == made
    # without a block for every count, only the count's own places by weights
    write_learned_preset(path, w, {"command": "t"}, count_place={3: (three, made)})
    preset = load_preset(path)
    assert [preset.row_for(c)[P.PW_ON] for c in (2, 3, 4)] == [0.0, 1.0, 0.0]
    text = path.read_text()
    for old, new, message in (
        ("[learned.players.3.", "[learned.players.5.", r"learned\.players\.5: not a player count"),
        ('command = "made for 3"', "games = 1", r"learned\.players\.3\.provenance: expected"),
        ("[learned.players.3.place_weights]", "[learned.players.3.weights]", "unknown key"),
    ):
        path.write_text(text.replace(old, new))
        with pytest.raises(PresetError, match=message):
            load_preset(path)


def test_a_search_player_over_a_placing_learned_preset_keeps_its_placement_weights(
    tmp_path: Path,
) -> None:
    path = tmp_path / "placing.toml"
    place = random_place_weights(7)
    write_learned_preset(path, random_weights(8), {"command": "test"}, place_weights=place)
    searcher = resolve(f"mc:rollouts=8:rollout={path}", 4)
    assert searcher[P.PW_ON] == 1.0
    assert np.array_equal(searcher[P.PW_FIRST : P.PW_END], place)


def act_decisions(players: int, seed: int, table: np.ndarray, seat: int):
    """Step one game with ``table``'s players; yield (state, legal array, n) at each of
    ``seat``'s Phase 2 decisions with a choice, before it is made."""
    g = new_game(players, seed)
    c = g.components.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    while not is_over(g):
        listed = legal_actions(g)
        n = len(listed)
        legal[:n] = listed
        if g.decision == L.D_ACT and g.current_player == seat and n > 1:
            yield g, legal, n
        # apply_action refuses an illegal action: every decision of the game is checked
        apply_action(g, int(choose(c, g.s, legal, n, table)))


def test_plays_only_legal_actions_and_decides_phase_2() -> None:
    table = np.zeros((L.MAX_PLAYERS, P.N_PARAMS))
    for q in range(4):
        table[q] = learned_row(random_weights(10 + q))
    seen = 0
    for seed in (1, 2):
        for g, legal, n in act_decisions(4, seed, table, 0):
            a = int(choose(g.components.array, g.s, legal, n, table))
            assert a in legal[:n].tolist()
            seen += 1
    assert seen > 10


def test_features_read_only_public_information() -> None:
    row = learned_row(random_weights(3))
    table = np.tile(row, (L.MAX_PLAYERS, 1))
    wi, wf = W.new_work()
    checked = reshuffled = 0
    for g, legal, n in act_decisions(4, 7, table, 1):
        c = g.components.array
        a = np.zeros((n, F.N_FEATURES))
        b = np.zeros((n, F.N_FEATURES))
        F.act_features(c, g.s, row, legal, n, wi, wf, a)
        h = shuffle_hidden(g, seed=100 + checked)
        reshuffled += not np.array_equal(h.s, g.s)
        F.act_features(c, h.s, row, legal, n, wi, wf, b)
        assert np.array_equal(a, b)
        checked += 1
    assert checked > 5 and reshuffled == checked


def test_heuristic_weights_mostly_decide_as_the_heuristic() -> None:
    """The features are the heuristic's value terms: with its weights, the learned player
    agrees with it at most Phase 2 decisions (not all: it scores every legal recruit, not
    only the sensible ones, and has no max_pay rule)."""
    heuristic = resolve("default", 4)
    row = learned_row(heuristic_weights(heuristic))
    wi, wf = W.new_work()
    table = np.tile(heuristic, (L.MAX_PLAYERS, 1))
    mine = np.tile(row, (L.MAX_PLAYERS, 1))
    same = total = 0
    for seed in (1, 2, 3):
        for g, legal, n in act_decisions(4, seed, table, 0):
            c = g.components.array
            a = int(choose(c, g.s.copy(), legal, n, table))
            b = int(F.decide_act(c, g.s.copy(), mine[0], legal, n, wi, wf))
            same += a == b
            total += 1
    assert total > 20 and same / total >= 0.7, (same, total)


def test_weights_file_round_trips(tmp_path: Path) -> None:
    w = random_weights(4)
    path = tmp_path / "mine.toml"
    write_learned_preset(path, w, {"command": "test", "games": 3})
    preset = load_preset(path)
    assert preset.row[P.P_KIND] == P.KIND_LEARNED
    assert np.array_equal(weights_of(preset.row), w)
    assert np.array_equal(weights_of(resolve(str(path), 4)), w)
    # the behaviour of the inherited preset plays the other decisions
    assert preset.row_for(4)[P.P_CAPT_VP] == resolve("default", 4)[P.P_CAPT_VP]
    # a search player over it carries the weights into every seat of its rollouts
    from strategies.vasco.search.rollout import rollout_table

    searcher = resolve(f"mc:rollout={path}")
    assert np.array_equal(weights_of(searcher), w)
    rollouts = rollout_table(searcher, 0)
    assert (rollouts[:, P.P_KIND] == P.KIND_LEARNED).all()
    assert all(np.array_equal(weights_of(r), w) for r in rollouts)


MALFORMED = {
    "missing": ("del", "cost", "learned.weights: missing cost"),
    "unknown": ("add", "bogus = 1.0", "learned.weights.bogus: unknown feature"),
    "text": ("set", 'cost = "high"', "learned.weights.cost: expected a finite number"),
    "nan": ("set", "cost = nan", "learned.weights.cost: expected a finite number"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_weights_file_is_one_line(tmp_path: Path, case: str) -> None:
    how, text, message = MALFORMED[case]
    lines = learned_preset_text(random_weights(5), {"command": "test"}).splitlines()
    if how == "del":
        lines = [x for x in lines if not x.startswith(text + " ")]
    elif how == "set":
        lines = [text if x.startswith(text.split(" ")[0] + " ") else x for x in lines]
    else:
        lines.insert(lines.index("[learned.weights]") + 1, text)
    path = tmp_path / "bad.toml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(PresetError) as err:
        load_preset(path)
    assert message in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(UnknownPresetError):
        resolve(str(path))
    ran = run_vdg("simulate", "--lineup", f"{path},default", "--games", "2", "--no-progress")
    assert ran.returncode == 2 and len(ran.stderr.strip().splitlines()) == 1, ran.stderr


def test_a_learned_policy_needs_weights_and_provenance(tmp_path: Path) -> None:
    path = tmp_path / "none.toml"
    path.write_text('inherit = "default"\npolicy = "learned"\n')
    with pytest.raises(PresetError, match="needs a \\[learned\\] table"):
        load_preset(path)
    text = learned_preset_text(random_weights(6), {"command": "x"})
    path.write_text(text.replace('command = "x"', "games = 1"))
    with pytest.raises(PresetError, match="provenance"):
        load_preset(path)


def toy_positions(rng: np.random.Generator, favoured: int, count: int = 60) -> Positions:
    """Positions of 2 to 6 actions with random features, where the label is highest for the
    action with the largest feature ``favoured``."""
    xs, values, starts = [], [], [0]
    for _ in range(count):
        k = int(rng.integers(2, 7))
        x = rng.normal(size=(k, F.N_FEATURES))
        xs.append(x)
        values.append(0.1 * x[:, favoured])
        starts.append(starts[-1] + k)
    return Positions(np.vstack(xs), np.concatenate(values), np.array(starts))


def test_the_fit_prefers_the_action_the_labels_favour() -> None:
    rng = np.random.default_rng(0)
    favoured = FEATURE_NAMES.index("host")
    data = toy_positions(rng, favoured)
    prior = np.zeros(F.N_FEATURES)
    w = fit(data, prior, temperature=0.02, l2=0.001)
    assert int(np.argmax(w)) == favoured
    held = toy_positions(rng, favoured)
    assert score(held, w)["agreement"] > 0.9 > score(held, -w)["agreement"]


def test_the_fit_returns_weights_in_the_prior_s_scale() -> None:
    """Labels that rank actions as the prior does, in win share (a hundredth of the prior's
    VP scale): the fit keeps the prior's direction and, divided by the fitted scale, its size."""
    rng = np.random.default_rng(1)
    prior = heuristic_weights(resolve("default", 4))
    data = toy_positions(rng, 0)
    data = Positions(data.x, 0.01 * (data.x @ prior), data.starts)
    w = fit(data, prior, temperature=0.05, l2=0.01)
    cosine = float(w @ prior) / float(np.linalg.norm(w) * np.linalg.norm(prior))
    assert cosine > 0.99 and 0.8 < np.linalg.norm(w) / np.linalg.norm(prior) < 1.25


def test_the_fit_recovers_the_weights_that_made_the_labels() -> None:
    """Labels drawn from a softmax policy with known weights, no pull: the fit finds those
    weights up to the scale it divides out (a wrong gradient or a grouping across positions
    would not)."""
    rng = np.random.default_rng(2)
    truth = rng.normal(size=F.N_FEATURES)
    data = toy_positions(rng, 0, count=400)
    temperature = 0.05
    data = Positions(data.x, temperature * (data.x @ truth), data.starts)
    prior = truth + rng.normal(scale=0.5, size=F.N_FEATURES)
    w = fit(data, prior, temperature=temperature, l2=0.0)
    cosine = float(w @ truth) / float(np.linalg.norm(w) * np.linalg.norm(truth))
    assert cosine > 0.999
    assert float(prior @ truth) / float(np.linalg.norm(prior) * np.linalg.norm(truth)) < 0.99


def test_positions_of_groups_actions_by_position() -> None:
    from strategies.vasco.learned.collect import FEATURE_COLUMNS, SCHEMA

    rows = {k: [] for k in SCHEMA}
    for game, position, n in ((0, 0, 3), (0, 1, 2), (1, 0, 4)):
        for a in range(n):
            for k, v in (("iteration", 1), ("game", game), ("seed", game), ("position", position)):
                rows[k].append(v)
            for k in ("players", "round", "seat", "rollouts"):
                rows[k].append(1)
            rows["action"].append(a)
            rows["chosen"].append(a == 0)
            for k in ("share", "lead", "value"):
                rows[k].append(float(a))
            for k in FEATURE_COLUMNS:
                rows[k].append(0.0)
    data = positions_of(pl.DataFrame(rows, schema=SCHEMA))
    assert data.starts.tolist() == [0, 3, 5, 9]


def test_distill_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "distill"
    export = tmp_path / "exported.toml"
    data = ["--set", "landings.calicut.completion_vp=6"]
    args = ["distill", str(out), "--games", "2", "--label-rollouts", "1", "--dets", "1", *data]
    args += ["--play-games", "8", "--no-progress", "--export", str(export)]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    assert "iteration 1:" in ran.stdout
    parts = sorted((out / "iter-1" / "positions").glob("*.parquet"))
    assert parts
    table = pl.read_parquet(parts[0])
    assert table.height > 0 and "f_give_up" in table.columns and "value" in table.columns
    # every position lists every legal action, with its label
    assert table.group_by("game", "position").len()["len"].min() >= 2
    preset = load_preset(export)
    assert preset.row[P.P_KIND] == P.KIND_LEARNED
    # the provenance repeats on another machine: no path of this one, every setting spelled out
    provenance = tomllib.loads(export.read_text())["learned"]["provenance"]
    assert provenance["command"] == (
        "vdg distill distill --iterations 1 --start default --opponent default --players 4 "
        "--games 2 --label-rollouts 1 --dets 1 --temperature 0.05 --l2 0.01 --play-games 8 "
        "--seed 0 --play-seed 1000000000 --set landings.calicut.completion_vp=6"
    )
    assert provenance["data"] != default_components().digest
    # strict JSON: two games hold out none, and a score of no positions is null, not NaN
    text = (out / "iter-1" / "report.json").read_text()
    report = json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} in report.json"))
    assert report["held_out"]["fit"]["agreement"] is None and "held out: none" in ran.stdout
    assert report["play"]["games"] == 8
    # run again: nothing is played again; other settings are refused in one line
    again = run_vdg(*args[:-2])
    assert again.returncode == 0 and "done before" in again.stderr
    other = run_vdg("distill", str(out), "--games", "3", "--no-progress")
    assert other.returncode == 2 and len(other.stderr.strip().splitlines()) == 1
    # refining by play: the export is the refined preset, and its command repeats the refinement
    refine = ["--refine", "1", "--refine-pairs", "1", "--refine-games", "8", "--force"]
    refined = run_vdg(*args, *refine)
    assert refined.returncode == 0, refined.stderr
    assert "refinement of iteration 1: 1 generations" in refined.stdout
    assert export.read_text() == (out / "iter-1" / "refined.toml").read_text()
    provenance = tomllib.loads(export.read_text())["learned"]["provenance"]
    assert provenance["command"].endswith(
        "--refine 1 --refine-pairs 1 --refine-games 8 --refine-sigma 0.1 --refine-step 1.0 "
        "--refine-seed 1500000000"
    )
    assert provenance["refine"] == 1 and "held_out_agreement" not in provenance
    assert json.loads((out / "iter-1" / "refine.json").read_text())["paired"]["games"] == 8
    # refining the placement weights instead: the fitted Phase 2 weights are kept, and the
    # placements, which the fitted player left to default, move away from default's rule
    # (more games than above: a direction whose two sides win the same games does not move);
    # they are 4-player weights: at other counts the player places as before
    place = ["--refine", "1", "--refine-pairs", "2", "--refine-games", "40", "--force"]
    placed = run_vdg(*args, *place, "--refine-block", "place")
    assert placed.returncode == 0, placed.stderr
    fitted = load_preset(out / "iter-1" / "learned.toml").row
    preset = load_preset(export)
    row = preset.row_for(4)
    assert np.array_equal(weights_of(row), weights_of(fitted))
    assert row[P.PW_ON] == 1.0 and fitted[P.PW_ON] == 0.0
    assert not np.array_equal(row[P.PW_FIRST : P.PW_END], heuristic_place_weights())
    assert preset.row_for(3)[P.PW_ON] == 0.0 and preset.row_for(2)[P.PW_ON] == 0.0
    learned = tomllib.loads(export.read_text())["learned"]
    assert learned["players"]["4"]["provenance"]["command"].endswith(
        "--refine-games 40 --refine-sigma 0.1 --refine-step 1.0 --refine-seed 1500000000 "
        "--refine-block place"
    )
    # the Phase 2 weights keep the fit's provenance (held_out_agreement is NaN: no == here)
    fit = tomllib.loads((out / "iter-1" / "learned.toml").read_text())["learned"]["provenance"]
    assert learned["provenance"].keys() == fit.keys()
    assert learned["provenance"]["command"] == fit["command"]
    for bad in (["--refine-block", "bids"], ["--iterations", "0"]):
        refused = run_vdg(*args, *refine, *bad)
        assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1


def test_distill_refines_placements_at_several_counts_against_several_opponents(
    tmp_path: Path,
) -> None:
    """`--players 2,3` refines a placement block at each count, each in its own folder (which
    may be run alone first), and writes one preset with both; `--opponent a,b` shares the
    games between the two."""
    out = tmp_path / "place"
    start = tmp_path / "start.toml"
    four = random_place_weights(4)
    made = {"command": "made for 4"}
    write_learned_preset(start, random_weights(2), {"command": "t"}, count_place={4: (four, made)})
    common = ["--iterations", "0", "--start", str(start), "--opponent", "default,baseline_v1"]
    common += ["--refine", "1", "--refine-pairs", "2", "--refine-games", "24"]
    common += ["--refine-block", "place", "--play-games", "12", "--no-progress"]
    # one count run alone first (as on another core) is read back, not refined again
    first = run_vdg("distill", str(out / "players-2"), "--players", "2", *common)
    assert first.returncode == 0, first.stderr
    args = ["distill", str(out), "--players", "2,3", *common]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.count("done before") == 1 and ran.stdout.count("(each opponent: ") == 1
    preset = load_preset(out / "refined.toml")
    rows = {c: preset.row_for(c) for c in (2, 3, 4)}
    assert rows[2][P.PW_ON] == rows[3][P.PW_ON] == 1.0
    assert not np.array_equal(rows[2][P.PW_FIRST : P.PW_END], rows[3][P.PW_FIRST : P.PW_END])
    # the count not refined keeps the start's weights
    assert np.array_equal(rows[4][P.PW_FIRST : P.PW_END], four)
    for c in (2, 3, 4):
        assert np.array_equal(weights_of(rows[c]), weights_of(load_preset(start).row_for(c)))
        # every count's block is the one refined in its own folder
        if c < 4:
            alone = load_preset(out / f"players-{c}" / "iter-0" / "refined.toml").row_for(c)
            assert np.array_equal(alone[P.PW_FIRST : P.PW_END], rows[c][P.PW_FIRST : P.PW_END])
            report = json.loads((out / f"players-{c}" / "iter-0" / "refine.json").read_text())
            assert len(report["play"]["by_opponent"]) == 2
            assert report["play"]["games"] == 12
    learned = tomllib.loads((out / "refined.toml").read_text())["learned"]
    assert learned["provenance"] == {"command": "t"}
    assert learned["players"]["4"]["provenance"] == made
    for c in ("2", "3"):
        command = learned["players"][c]["provenance"]["command"]
        assert "--players 2,3 " in command and "--opponent default,baseline_v1 " in command
    again = run_vdg(*args)
    assert again.returncode == 0 and again.stderr.count("done before") == 2


def test_distill_refines_a_presets_phase_2_weights_for_every_count(tmp_path: Path) -> None:
    """`--refine-block act` moves the start preset's Phase 2 weights, which every player count
    shares, and keeps its placement weights; it takes one count."""
    start = tmp_path / "start.toml"
    three = random_place_weights(3)
    made = {"command": "made for 3"}
    write_learned_preset(start, random_weights(2), {"command": "t"}, count_place={3: (three, made)})
    out = tmp_path / "act"
    args = ["distill", str(out), "--iterations", "0", "--start", str(start), "--refine", "1"]
    args += ["--refine-pairs", "2", "--refine-games", "60", "--refine-sigma", "0.5"]
    args += ["--refine-block", "act"]
    args += ["--play-games", "6", "--no-progress"]
    ran = run_vdg(*args, "--players", "3")
    assert ran.returncode == 0, ran.stderr
    path = out / "iter-0" / "refined.toml"
    before, after = load_preset(start), load_preset(path)
    assert not np.array_equal(weights_of(after.row_for(3)), weights_of(before.row_for(3)))
    for c in (2, 3, 4):
        assert np.array_equal(weights_of(after.row_for(c)), weights_of(after.row_for(3)))
        assert np.array_equal(after.row_for(c)[P.PW_ON :], before.row_for(c)[P.PW_ON :])
    learned = tomllib.loads(path.read_text())["learned"]
    assert learned["provenance"]["refine_block"] == "act"
    assert learned["players"]["3"]["provenance"] == made
    refused = run_vdg(*args, "--players", "2,3")
    assert refused.returncode == 2 and "refine them at one" in refused.stderr


def test_a_fit_keeps_the_start_players_placements_and_base(tmp_path: Path) -> None:
    """The preset a fit writes is the start player with new Phase 2 weights: a learned start's
    placement weights stay at their counts; a heuristic start is the base it inherits."""
    start = tmp_path / "start.toml"
    three = random_place_weights(3)
    made = {"command": "made for 3"}
    write_learned_preset(start, random_weights(2), {"command": "t"}, count_place={3: (three, made)})
    fit = ["--iterations", "1", "--games", "1", "--label-rollouts", "1", "--dets", "1"]
    fit += ["--play-games", "0", "--no-progress"]
    for name, out in ((str(start), tmp_path / "a"), ("early_bidder", tmp_path / "b")):
        ran = run_vdg("distill", str(out), "--start", name, *fit)
        assert ran.returncode == 0, ran.stderr
    written = load_preset(tmp_path / "a" / "iter-1" / "learned.toml")
    assert np.array_equal(written.row_for(3)[P.PW_FIRST : P.PW_END], three)
    assert written.row_for(4)[P.PW_ON] == 0.0 and written.row_for(2)[P.PW_ON] == 0.0
    learned = tomllib.loads((tmp_path / "a" / "iter-1" / "learned.toml").read_text())["learned"]
    assert learned["players"]["3"]["provenance"] == made
    text = (tmp_path / "b" / "iter-1" / "learned.toml").read_text()
    assert tomllib.loads(text)["inherit"] == "early_bidder"
    # it plays as the start player but for its Phase 2 weights
    row = load_preset(tmp_path / "b" / "iter-1" / "learned.toml").row_for(4)
    base = resolve("early_bidder", 4)
    behaviour = np.arange(P.LW_FIRST) != P.P_KIND
    assert np.array_equal(row[: P.LW_FIRST][behaviour], base[: P.LW_FIRST][behaviour])


def test_collected_games_meet_the_opponents_in_turn(tmp_path: Path) -> None:
    """With `--opponent a,b`, game g is collected against opponent g mod 2: each game's
    positions are those of the game collected alone against its opponent."""
    from strategies.vasco.learned.collect import CollectSettings, collect_games
    from strategies.vasco.learned.kit import KIT

    out = tmp_path / "two"
    args = ["distill", str(out), "--games", "4", "--label-rollouts", "1", "--dets", "1"]
    args += ["--opponent", "default,baseline_v1", "--play-games", "0", "--no-progress"]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    table = pl.concat(
        [pl.read_parquet(p) for p in sorted((out / "iter-1" / "positions").glob("*.parquet"))]
    )
    assert table["game"].unique().sort().to_list() == [0, 1, 2, 3]
    assert table["game"].is_sorted()
    comp = default_components()
    settings = CollectSettings(4, 0, 1, 1, 0.01, 1)
    player = KIT.as_learned(resolve("default", 4))
    for g in range(4):
        opponent = resolve(("default", "baseline_v1")[g % 2], 4)
        alone = collect_games(settings, player, opponent, range(g, g + 1), comp)
        assert table.filter(pl.col("game") == g).equals(alone)


def test_an_evaluation_against_two_opponents_is_the_mean_of_each() -> None:
    """Against (a, b) the player meets each on the same deals, half the games each."""
    from strategies.vasco.learned.kit import KIT
    from vdgsim.commands.distill import _evaluate

    comp = default_components()
    player = resolve("learned", 3)
    a, b = resolve("default", 3), resolve("baseline_v1", 3)
    both = _evaluate(KIT, comp, player, (a, b), 3, 24, 100)
    alone = [_evaluate(KIT, comp, player, (o,), 3, 12, 100)["win_share"] for o in (a, b)]
    assert both["games"] == 24 and both["seeds"] == [100, 103]
    assert np.allclose(both["by_opponent"], [round(v, 4) for v in alone])
    assert np.isclose(both["win_share"], sum(alone) / 2)


def test_refine_climbs_a_noisy_win_share() -> None:
    """A win share peaked at ``target``, with noise common to one generation's games: refining
    from the origin gets most of the way there, in score units (``scale``)."""
    target = np.array([1.0, -2.0, 0.5, 0.0])
    scale = np.array([1.0, 2.0, 0.5, 1.0])

    def play(w: np.ndarray, g: int) -> float:
        noise = np.random.default_rng(g).normal(0.0, 0.05)
        return 0.5 - 0.05 * float(np.sum(((w - target) / scale) ** 2)) + noise

    start = np.zeros(4)
    w = refine(play, start, scale, generations=60, pairs=4, sigma=0.1, step=3.0, seed=1)
    assert np.linalg.norm((w - target) / scale) < 0.25 * np.linalg.norm((start - target) / scale)


def test_refine_plays_each_pair_on_the_same_games_around_the_centre() -> None:
    calls: list[tuple[int, np.ndarray]] = []

    def play(w: np.ndarray, g: int) -> float:
        calls.append((g, w.copy()))
        return 0.0  # no gradient: the centre stays

    start = np.array([1.0, 2.0, 3.0])
    scale = np.array([1.0, 0.0, 10.0])
    w = refine(play, start, scale, generations=2, pairs=3, sigma=0.2, seed=0)
    assert [g for g, _ in calls] == [0] * 6 + [1] * 6
    for (_, up), (_, down) in zip(calls[::2], calls[1::2], strict=True):
        assert np.allclose((up + down) / 2, start)
        assert up[1] == start[1] == down[1]  # a weight of scale 0 never moves
        assert abs(up[2] - start[2]) > abs(up[0] - start[0]) / 100
    assert np.array_equal(w, start)


def test_feature_scale_is_one_over_the_spread_of_each_feature() -> None:
    """A feature that never varies gets scale 0 (its weight is left alone); a tiny spread is
    floored at 1e-3."""
    x = np.array([[0.0, 5.0, 1.0, 0.0], [2.0, 5.0, -1.0, 1e-5], [4.0, 5.0, 1.0, 0.0]])
    x = np.vstack([x, [2.0, 5.0, -1.0, 1e-5]])
    data = Positions(x, np.zeros(4), np.array([0, 2, 4]))
    assert np.allclose(feature_scale(data), [1.0 / np.sqrt(2.0), 0.0, 1.0, 1000.0])


@pytest.mark.parametrize(
    "extra",
    [
        ["--start", "mc"],
        ["--start", "default+never_pay"],
        ["--players", "5"],
        ["--export", "x.txt"],
        ["--opponent", "nobody"],
        ["--refine", "1", "--refine-seed", "0"],
        ["--players", "2,3"],
        ["--players", "2,x"],
        ["--opponent", "default,"],
        ["--opponent", "default,baseline_v1", "--play-games", "6"],
    ],
)
def test_distill_refuses_bad_input_in_one_line(tmp_path: Path, extra: list[str]) -> None:
    ran = run_vdg("distill", str(tmp_path / "d"), "--no-progress", *extra)
    assert ran.returncode == 2, ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and ran.stderr.startswith("vdg: error:")


def test_features_use_only_correctly_rounded_float_operations() -> None:
    """The rules of tests/vasco/test_determinism.py for compiled players, on the learned player's
    sources, and its scoring compiled afresh has no fused multiply-add."""
    import ast
    import re

    from numba import njit

    from tests.vasco.test_determinism import ROUNDING_DEPENDENT

    path = ROOT / "strategies" / "vasco" / "learned" / "features.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Pow):
            found.append(f"{node.lineno}: **")
        elif isinstance(node, ast.keyword) and node.arg == "fastmath":
            found.append(f"{node.lineno}: fastmath")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in {"math", "np", "numpy"}
            and node.attr in ROUNDING_DEPENDENT
        ):
            found.append(f"{node.lineno}: {node.attr}")
    assert not found, found
    row = learned_row(random_weights(8))
    table = np.tile(row, (L.MAX_PLAYERS, 1))
    g, legal, n = next(act_decisions(4, 5, table, 0))
    wi, wf = W.new_work()
    fresh = njit(F.decide_act.py_func)
    fresh(g.components.array, g.s.copy(), row, legal, n, wi, wf)
    asm = "".join(fresh.inspect_asm().values())
    assert re.search(r"\b(v?mulsd|fmul)\b", asm)
    assert not re.findall(r"\b(v?fn?m(?:add|sub)\w*|fmla|fmls)\b", asm)


def test_ctrl_c_while_distilling_keeps_the_finished_chunks(tmp_path: Path, monkeypatch) -> None:
    from strategies.vasco.learned import collect
    from tests.core.test_interrupts import _ctrl_c_in_compiled_code

    real = collect.collect_games
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise _ctrl_c_in_compiled_code()
        return real(*args, **kwargs)

    monkeypatch.setattr(collect, "collect_games", interrupted)
    out = tmp_path / "d"
    args = ["distill", str(out), "--games", "10", "--label-rollouts", "1", "--dets", "1"]
    ran = run_vdg(*args, "--play-games", "0", "--no-progress")
    assert ran.returncode == 130
    assert ran.stderr.splitlines()[-1].startswith("vdg: interrupted; the finished chunks")
    assert "Traceback" not in ran.stderr
    assert len(list((out / "iter-1" / "positions").glob("*.parquet"))) == 1
