"""Goa's learned player (strategies.goa.learned): its features see only what the seat may
see, with the heuristic's weights it plays as the heuristic, compiled and plain Python play
alike, it plays only legal actions, its weights round-trip through a preset file and a
malformed one is one line, and `vdg distill --game goa` runs end to end."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from strategies.goa import lineup_params, player_row, preset_file
from strategies.goa import params as P
from strategies.goa.learned import features as F
from strategies.goa.learned.model import (
    FEATURE_NAMES,
    heuristic_weights,
    learned_preset_text,
    weights_of,
    write_learned_preset,
)
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.determinize import determinize
from tests.cli_helpers import run_vdg
from vdgsim.core.paramtable import PresetError
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game

ROOT = Path(__file__).resolve().parents[2]


def random_weights(seed: int) -> np.ndarray:
    """Weights that give every feature a say (the heuristic's own leave all but one at 0)."""
    rng = np.random.default_rng(seed)
    return heuristic_weights(player_row("default", 4)) + rng.normal(0.0, 1.0, F.N_FEATURES)


def learned_row(w: np.ndarray, players: int = 4) -> np.ndarray:
    row = player_row("learned", players).copy()
    row[P.LW_FIRST : P.LW_END] = w
    return row


def marker_decisions(players: int, seed: int, table: np.ndarray, seat: int | None):
    """Step one game with ``table``'s players; yield (state, legal array, n) at each marker
    placement with a choice (of ``seat``, or of any seat), before it is made."""
    g = new_game(players, seed)
    c = g.components.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    while not is_over(g):
        listed = legal_actions(g)
        n = len(listed)
        legal[:n] = listed
        if g.decision == L.D_MARKER and n > 1 and seat in (None, g.current_player):
            yield g, legal, n
        # apply_action refuses an illegal action: every decision of the game is checked
        apply_action(g, int(choose_scripted(c, g.s, legal, n, table)))


def test_the_learned_preset_is_a_learned_player_with_every_weight() -> None:
    row = player_row("learned", 4)
    assert row[P.P_KIND] == P.KIND_LEARNED
    # its behaviour is default's: only the kind and the weights differ
    changed = set(np.flatnonzero(row != player_row("default", 4)).tolist())
    assert changed <= {P.P_KIND, *range(P.LW_FIRST, P.LW_END)}
    assert len(FEATURE_NAMES) == F.N_FEATURES == P.LW_END - P.LW_FIRST


def test_features_read_only_what_the_seat_may_see() -> None:
    table = np.tile(learned_row(random_weights(3)), (L.MAX_PLAYERS, 1))
    t = np.zeros(L.S_SIZE, dtype=np.int64)
    checked = redrawn = 0
    for seed in (1, 2):
        for g, legal, n in marker_decisions(4, seed, table, None):
            c = g.components.array
            a = np.zeros((n, F.N_FEATURES))
            b = np.zeros((n, F.N_FEATURES))
            F.marker_features(c, g.s, table, legal, n, a)
            determinize(c, g.s, t, 100 + checked, 0, 0, g.current_player)
            redrawn += not np.array_equal(t, g.s)
            F.marker_features(c, t, table, legal, n, b)
            assert np.array_equal(a, b)
            checked += 1
    assert checked > 10 and redrawn == checked


def test_with_the_heuristics_weights_it_places_as_the_heuristic() -> None:
    """The first feature is the heuristic's marker value and the ties break alike: with the
    heuristic's weights the learned player places every marker where default does, where a
    Mission whose value it may not see is within reach too (both value such a Mission at the
    mean of those Missions); other weights place elsewhere."""
    from strategies.goa.heuristic.hidden import is_unseen_mission

    default = lineup_params(["default"] * 4, 4)
    same = default.copy()
    other = default.copy()
    for q in range(4):
        same[q] = learned_row(heuristic_weights(default[q]))
        other[q] = learned_row(random_weights(5))
    differ = total = unseen = 0
    for seed in (1, 2, 3):
        for g, legal, n in marker_decisions(4, seed, default, None):
            c = g.components.array
            a = int(choose_scripted(c, g.s.copy(), legal, n, default))
            assert a == int(F.decide_marker(c, g.s.copy(), legal, n, same))
            tiles = [int(g.s[L.S_GRID + cell]) for cell in legal[:n]]
            unseen += any(is_unseen_mission(c, g.s, u, g.current_player) for u in tiles)
            differ += a != int(F.decide_marker(c, g.s.copy(), legal, n, other))
            total += 1
    assert total > 30 and unseen > 0 and differ > 0, (differ, total, unseen)


def test_plays_only_legal_actions_and_places_markers() -> None:
    table = np.zeros((L.MAX_PLAYERS, P.N_PARAMS))
    for q in range(4):
        table[q] = learned_row(random_weights(10 + q))
    seen = 0
    for seed in (1, 2):
        for g, legal, n in marker_decisions(4, seed, table, 0):
            a = int(choose_scripted(g.components.array, g.s.copy(), legal, n, table))
            assert a in legal[:n].tolist()
            seen += 1
    assert seen > 5


# Plays learned-vs-default games in the compiled loop's code with the weights given and prints
# one hash per game (event log and final state); run compiled here and with NUMBA_DISABLE_JIT=1.
HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import flow
from strategies.goa import lineup_params, params as P
from strategies.goa.loop import play_to_end
c = default_components().array
weights, games = json.loads(sys.argv[1])
out = []
for k, (players, seed) in enumerate(games):
    table = lineup_params(["learned"] + ["default"] * (players - 1), players)
    table[0, P.LW_FIRST:P.LW_END] = weights[k % len(weights)]
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed, 0, 0, 0)
    play_to_end(c, s, log, table, np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def _hashes(arg: str, env: dict[str, str], script: str = HASH_SCRIPT) -> list[str]:
    """The game hashes ``script`` prints for ``arg``, run in a fresh process with ``env``."""
    proc = subprocess.run(
        [sys.executable, "-c", script, arg],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def test_compiled_and_disable_jit_play_identically() -> None:
    weights = [random_weights(1).tolist(), random_weights(2).tolist()]
    arg = json.dumps([weights, [[3, 21], [2, 22]]])
    compiled = _hashes(arg, {})
    assert _hashes(arg, {"NUMBA_DISABLE_JIT": "1"}) == compiled
    assert len(set(compiled)) == 2


def test_weights_round_trip_through_a_preset_file(tmp_path: Path) -> None:
    w = random_weights(7)
    path = tmp_path / "mine.toml"
    write_learned_preset(path, w, {"command": "test", "games": 3})
    row = preset_file(path, 4)
    assert row[P.P_KIND] == P.KIND_LEARNED
    assert np.array_equal(weights_of(row), w)  # repr() of a float reads back exactly
    assert tomllib.loads(path.read_text())["learned"]["provenance"]["games"] == 3


BAD = {
    "missing": ("del", "rival_best", "learned.weights: missing rival_best"),
    "unknown": ("add", "bogus = 1.0", "learned.weights.bogus: unknown feature"),
    "nan": ("set", "own = nan", "learned.weights.own: expected a finite number"),
    "no provenance": ("cut", "[learned.provenance]", "learned.provenance: expected a table"),
    "not learned": ("policy", 'policy = "heuristic"', '[learned] needs policy = "learned"'),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_malformed_learned_preset_is_one_line(tmp_path: Path, case: str) -> None:
    how, what, needle = BAD[case]
    lines = learned_preset_text(random_weights(1), {"command": "test"}).splitlines()
    if how == "del":
        lines = [x for x in lines if not x.startswith(f"{what} =")]
    elif how == "add":
        lines.insert(lines.index("[learned.weights]") + 1, what)
    elif how == "set":
        key = what.split(" =")[0]
        lines = [what if x.startswith(f"{key} =") else x for x in lines]
    elif how == "cut":
        lines = lines[: lines.index(what)]
    else:
        lines = [what if x.startswith("policy =") else x for x in lines]
    path = tmp_path / "bad.toml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(PresetError, match=re.escape(needle)) as info:
        preset_file(path, 4)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_a_search_player_carries_learned_rollouts() -> None:
    from strategies.goa.search.rollout import rollout_table

    row = player_row("mc:rollouts=4:rollout=learned", 4)
    table = rollout_table(row, 0)
    learned = player_row("learned", 4)
    for q in range(L.MAX_PLAYERS):
        assert table[q, P.P_KIND] == P.KIND_LEARNED
        assert np.array_equal(table[q, P.LW_FIRST : P.LW_END], learned[P.LW_FIRST : P.LW_END])


def test_distill_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "distill"
    export = tmp_path / "exported.toml"
    args = ["distill", str(out), "--game", "goa", "--games", "2", "--label-rollouts", "1"]
    args += ["--dets", "1", "--play-games", "8", "--no-progress", "--export", str(export)]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    assert "iteration 1:" in ran.stdout
    parts = sorted((out / "iter-1" / "positions").glob("*.parquet"))
    table = pl.concat([pl.read_parquet(p) for p in parts])
    assert table.height > 0 and "f_own" in table.columns and "value" in table.columns
    # every position lists every legal cell, with its label; the player's own choice is one
    per = table.group_by("game", "position").agg(pl.len(), pl.col("chosen").sum())
    assert per["len"].min() >= 2 and per["chosen"].to_list() == [1] * per.height
    row = preset_file(export, 4)
    assert row[P.P_KIND] == P.KIND_LEARNED
    provenance = tomllib.loads(export.read_text())["learned"]["provenance"]
    assert provenance["command"].startswith("vdg distill distill --iterations 1 --game goa ")
    assert provenance["data"] == default_components().digest
    report = json.loads((out / "iter-1" / "report.json").read_text())
    assert report["play"]["games"] == 8
    # a Goa folder is not continued as Vasco da Gama's
    other = run_vdg(*[a for a in args if a not in ("--game", "goa")][:-2])
    assert other.returncode == 2 and "game)" in other.stderr


def test_distill_refines_the_marker_weights_of_a_preset(tmp_path: Path) -> None:
    """`vdg distill --game goa --iterations 0 --refine-block markers` moves the start preset's
    marker weights by play, keeps its bid weights (the shipped player has none, and the
    refined one gains none) and leaves `next_own`, which never varies (no seat places two
    markers in a row, G3.2), where it was."""
    out = tmp_path / "markers"
    args = ["distill", str(out), "--game", "goa", "--iterations", "0", "--start", "learned"]
    # three pairs: both members of a pair can win equally often in 40 games, and with every
    # pair tied the weights would not move at all
    args += ["--refine", "1", "--refine-pairs", "3", "--refine-games", "40", "--refine-sigma", "1"]
    args += ["--refine-block", "markers", "--play-games", "8", "--no-progress"]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    path = out / "iter-0" / "refined.toml"
    row, shipped = preset_file(path, 4), player_row("learned", 4)
    moved = row[P.LW_FIRST : P.LW_END] != shipped[P.LW_FIRST : P.LW_END]
    assert moved.sum() == F.N_FEATURES - 1 and not moved[F.F_NEXT_OWN]
    assert np.array_equal(row[P.BW_FIRST : P.BW_END], shipped[P.BW_FIRST : P.BW_END])
    assert "bid_" not in path.read_text()
    provenance = tomllib.loads(path.read_text())["learned"]["provenance"]
    assert provenance["command"].endswith("--refine-block markers")
    assert provenance["start"] == "learned"
