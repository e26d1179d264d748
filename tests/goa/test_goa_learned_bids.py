"""Goa's learned bids (strategies.goa.learned.bids): the features see only what the seat may
see and every one varies with the answer, ``bid_heuristic`` alone bids as the inherited
preset, a preset without bid weights bids as its
inherited preset, compiled and plain Python play alike, and the bid weights round-trip
through a preset file, and `vdg distill --refine-block bids` refines them."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

from strategies.goa import lineup_params, player_row, preset_file
from strategies.goa import params as P
from strategies.goa.heuristic.hidden import is_unseen_mission
from strategies.goa.learned import bids as B
from strategies.goa.learned.model import (
    BID_FEATURE_NAMES,
    bid_weights_of,
    learned_preset_text,
    with_bid_weights,
)
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.determinize import determinize
from tests.cli_helpers import run_vdg
from tests.goa.test_goa_learned_player import HASH_SCRIPT, _hashes
from vdgsim.core.paramtable import PresetError
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game


def bid_weights(seed: int) -> np.ndarray:
    """Bid weights that give every feature a say."""
    w = np.random.default_rng(seed).normal(0.0, 1.0, B.N_BID_FEATURES)
    w[B.B_HEURISTIC] += 1.0
    return w


def bidding_row(w: np.ndarray, players: int = 4) -> np.ndarray:
    return with_bid_weights(player_row("learned", players), w)


def bid_decisions(players: int, seed: int, table: np.ndarray):
    """Step one game with ``table``'s players; yield (state, legal array, n) at each bid
    decision with a choice, before it is made."""
    g = new_game(players, seed)
    c = g.components.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    while not is_over(g):
        listed = legal_actions(g)
        n = len(listed)
        legal[:n] = listed
        if g.decision == L.D_BID and n > 1:
            yield g, legal, n
        # apply_action refuses an illegal action: every decision of the game is checked
        apply_action(g, int(choose_scripted(c, g.s, legal, n, table)))


def unseen_lot(g) -> bool:
    st_item = int(g.s[L.S_AUC_ITEM])
    if st_item == 1:
        return False
    cell = int(g.s[L.S_ITEM_CELL + st_item])
    return is_unseen_mission(g.components.array, g.s, int(g.s[L.S_GRID + cell]), g.current_player)


def test_the_shipped_learned_preset_has_no_bid_weights_and_bids_as_default() -> None:
    row = player_row("learned", 4)
    assert not row[P.BW_FIRST : P.BW_END].any() and not B.has_bid_weights(row)
    assert P.BW_END == P.N_PARAMS  # the block is the row's last: trailing zeros
    assert bid_weights_of(row)[B.B_HEURISTIC] == 1.0 and bid_weights_of(row).sum() == 1.0


def test_features_read_only_what_the_seat_may_see_and_vary_with_the_answer() -> None:
    table = np.tile(bidding_row(bid_weights(3)), (L.MAX_PLAYERS, 1))
    t = np.zeros(L.S_SIZE, dtype=np.int64)
    checked = redrawn = 0
    varies = np.zeros(B.N_BID_FEATURES, dtype=bool)
    for seed in (1, 2):
        for g, legal, n in bid_decisions(4, seed, table):
            c = g.components.array
            a = np.zeros((n, B.N_BID_FEATURES))
            b = np.zeros((n, B.N_BID_FEATURES))
            B.bid_features(c, g.s, table, legal, n, a)
            determinize(c, g.s, t, 100 + checked, 0, 0, g.current_player)
            redrawn += not np.array_equal(t, g.s)
            B.bid_features(c, t, table, legal, n, b)
            assert np.array_equal(a, b)
            # passing is listed, and it never scores a bid's own terms
            row = legal[:n].tolist().index(A.PASS)
            assert a[row, B.B_BID] == 0.0 and a[row, B.B_SURPLUS] == 0.0
            varies |= a.max(axis=0) > a.min(axis=0)
            checked += 1
    assert checked > 10 and redrawn == checked
    assert varies.all(), [BID_FEATURE_NAMES[j] for j in np.flatnonzero(~varies)]


def test_bid_heuristic_alone_bids_as_the_inherited_preset() -> None:
    """Weight 1 on ``bid_heuristic`` places the heuristic's bid at the unique best score:
    every bid agrees with default's, lots that are Missions the seat may not see included
    (both value them at the mean of those Missions); other weights bid otherwise."""
    default = lineup_params(["default"] * 4, 4)
    only = np.zeros(B.N_BID_FEATURES)
    only[B.B_HEURISTIC] = 1.0
    same = default.copy()
    other = default.copy()
    for q in range(4):
        same[q] = bidding_row(only)
        other[q] = bidding_row(bid_weights(5 + q))
    differ = total = hidden = 0
    for seed in (1, 2, 3):
        for g, legal, n in bid_decisions(4, seed, default):
            c = g.components.array
            a = int(choose_scripted(c, g.s.copy(), legal, n, default))
            assert a == int(choose_scripted(c, g.s.copy(), legal, n, same))
            hidden += unseen_lot(g)
            differ += a != int(choose_scripted(c, g.s.copy(), legal, n, other))
            total += 1
    assert total > 30 and hidden > 0 and differ > 0, (differ, total, hidden)


def test_bid_weights_change_the_games() -> None:
    from strategies.goa.loop import play_games
    from vdgsim.games.goa.components import default_components

    comp = default_components()
    seeds = np.arange(40, 46, dtype=np.int64)
    shipped = lineup_params(["learned", "default", "default", "default"], 4)
    vp, _ = play_games(comp, 4, seeds, shipped)
    bidding = shipped.copy()
    bidding[0] = bidding_row(bid_weights(9))
    vp_bidding, _ = play_games(comp, 4, seeds, bidding)
    assert not np.array_equal(vp, vp_bidding)


# the learned player's hash script with the bid weights of seat 0 set instead of its markers'
BID_HASH_SCRIPT = HASH_SCRIPT.replace(
    "table[0, P.LW_FIRST:P.LW_END]", "table[0, P.BW_FIRST:P.BW_END]"
)


def _bid_hashes(arg: str, env: dict[str, str]) -> list[str]:
    return _hashes(arg, env, BID_HASH_SCRIPT)


def test_compiled_and_disable_jit_bid_identically() -> None:
    assert BID_HASH_SCRIPT != HASH_SCRIPT
    arg = json.dumps([[bid_weights(1).tolist(), bid_weights(2).tolist()], [[3, 21], [4, 22]]])
    compiled = _bid_hashes(arg, {})
    assert _bid_hashes(arg, {"NUMBA_DISABLE_JIT": "1"}) == compiled
    assert len(set(compiled)) == 2


def test_bid_weights_round_trip_through_a_preset_file(tmp_path: Path) -> None:
    row = player_row("learned", 4)
    w = np.concatenate([row[P.LW_FIRST : P.LW_END], bid_weights(7)])
    path = tmp_path / "bids.toml"
    path.write_text(learned_preset_text(w, {"command": "test"}))
    read = preset_file(path, 4)
    assert np.array_equal(read[P.BW_FIRST : P.BW_END], w[P.LW_END - P.LW_FIRST :])
    lines = [x for x in path.read_text().splitlines() if not x.startswith("bid_raise =")]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(PresetError, match=re.escape("learned.weights: missing bid_raise")):
        preset_file(path, 4)
    # all bid weights 0: the file is the marker weights only
    zero = np.concatenate([row[P.LW_FIRST : P.LW_END], np.zeros(B.N_BID_FEATURES)])
    assert "bid_" not in learned_preset_text(zero, {"command": "test"})


def test_distill_refines_the_bids_and_keeps_the_marker_weights(tmp_path: Path) -> None:
    """`vdg distill --game goa --refine-block bids` moves the start preset's bid weights (from
    the inherited rule, as the shipped player has none) and keeps its marker weights; the
    bids serve every player count, so it takes one."""
    out = tmp_path / "bids"
    args = ["distill", str(out), "--game", "goa", "--iterations", "0", "--start", "learned"]
    args += ["--refine", "1", "--refine-pairs", "2", "--refine-games", "40", "--refine-sigma", "1"]
    args += ["--refine-block", "bids", "--play-games", "8", "--no-progress"]
    ran = run_vdg(*args)
    assert ran.returncode == 0, ran.stderr
    path = out / "iter-0" / "refined.toml"
    row, shipped = preset_file(path, 4), player_row("learned", 4)
    assert np.array_equal(row[P.LW_FIRST : P.LW_END], shipped[P.LW_FIRST : P.LW_END])
    assert B.has_bid_weights(row) and not B.has_bid_weights(shipped)
    assert not np.array_equal(bid_weights_of(row), bid_weights_of(shipped))
    provenance = tomllib.loads(path.read_text())["learned"]["provenance"]
    assert provenance["command"].endswith("--refine-block bids")
    assert provenance["start"] == "learned"
    refused = run_vdg(*args, "--players", "2,3")
    assert refused.returncode == 2 and "refine them at one" in refused.stderr
