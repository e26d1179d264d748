"""Property tests: the engine keeps its invariants for any valid component data, not only the
default numbers (designers sweep them), and for any seed and player count."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vdgsim import load_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine.invariants import INVARIANT_NAMES, check
from vdgsim.games.vasco.engine.rng import randint

slot_value = st.integers(min_value=1, max_value=20)


@st.composite
def component_overrides(draw) -> dict:
    """Random but valid printed numbers: slot values, merchant limits, crews, F variations."""
    out: dict = {}
    for key in L.LANDING_KEYS:
        n = draw(st.integers(min_value=1, max_value=L.MAX_SLOTS))
        out[f"landings.{key}.slots"] = draw(st.lists(slot_value, min_size=n, max_size=n))
        out[f"landings.{key}.completion_vp"] = draw(st.integers(min_value=0, max_value=8))
    out["merchant_ships.limits"] = draw(st.lists(slot_value, min_size=6, max_size=6))
    for deck, size in (("I", 12), ("II", 12), ("III", 11)):
        for i in range(size):
            if draw(st.booleans()):
                out[f"projects.{deck}.{i}.crew"] = draw(st.integers(min_value=1, max_value=5))
                out[f"projects.{deck}.{i}.limit"] = draw(slot_value)
    for i in range(L.N_VDG):
        out[f"vdg_tiles.tiles.{i}.variation"] = draw(st.integers(min_value=-3, max_value=3))
    return out


def _play_checked(c: np.ndarray, players: int, seed: int) -> str:
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    flow.new_game_state(c, s, log, players, seed)
    steps = 0
    while s[L.S_STEP] != L.ST_OVER:
        n = flow.legal_actions(c, s, legal)
        if n == 0:
            return "no legal action before the end"
        flow.apply(c, s, log, legal[randint(s, L.S_RNG_PLAYER, n)])
        code = check(c, s)
        if code:
            return INVARIANT_NAMES[code]
        steps += 1
        if steps > 5000:
            return "the game does not end"
    if s[L.S_ROUND] != L.N_ROUNDS or s[L.S_LOG_N] > L.LOG_CAPACITY:
        return "bad end"
    return "ok"


@settings(max_examples=40, deadline=None)
@given(
    overrides=component_overrides(),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_r9_any_valid_component_data_keeps_the_invariants(overrides, players, seed) -> None:
    comp = load_components(overrides=overrides)
    assert _play_checked(comp.array, players, seed) == "ok"
