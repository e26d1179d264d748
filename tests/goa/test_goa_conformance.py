"""Goa conformance: random legal games with every invariant checked after every step (G9.7).

The suite plays 300 games (2-4 players, every variant combination); the 10,000-game run is
``python -m vdgsim.games.goa.conformance --games 10000``.
"""

from __future__ import annotations

import json

from vdgsim.games.goa.conformance import run
from vdgsim.games.goa.game import new_game
from vdgsim.games.goa.positions import from_json, to_json


def test_g9_7_random_games_keep_every_invariant():
    out = run(300, first_seed=20_000)
    assert out["failures"] == [] and out["steps"] > 300 * 100


def test_positions_round_trip_as_json():
    g = new_game(3, 5)
    text = to_json(g)
    assert json.loads(text)["state"]["decision"] == "place flag"
    h = from_json(text)
    assert (h.s == g.s).all()


def test_every_legal_action_has_a_description():
    import numpy as np

    from vdgsim.games.goa.game import apply_action, describe_action, is_over, legal_actions

    for seed in range(3):
        g = new_game(4, seed)
        r = np.random.default_rng(seed)
        while not is_over(g):
            legal = legal_actions(g)
            for a in legal:
                assert describe_action(g, a)
            apply_action(g, legal[int(r.integers(len(legal)))])
