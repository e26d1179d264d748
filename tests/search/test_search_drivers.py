"""The search drivers written once (vdgsim.search) play both games: their games and rollout
values are pinned, and the flat driver is checked on a toy game through plain Python hooks."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from vdgsim.search.flat import flat_search
from vdgsim.search.hooks import SearchHooks

SEEDS = np.arange(11, 14, dtype=np.int64)
MIXED = ["ismcts:iters=12:dets=3", "default", "mc:rollouts=5", "ismcts:iters=9:widen=0.5"]
MC = ["mc:rollouts=8:dets=3", "default", "mc:rollouts=6:dets=2:rollout=random", "default"]


def digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


def vdg_games(names: list[str]) -> str:
    from strategies.vasco.loop import play_games
    from strategies.vasco.registry import params_table
    from vdgsim.games.vasco.components import default_components

    return digest(*play_games(default_components(), len(names), SEEDS, params_table(names)))


def goa_games(names: list[str]) -> str:
    from strategies.goa import lineup_params, play_games
    from vdgsim.games.goa.components import default_components

    comp = default_components()
    return digest(*play_games(comp, len(names), SEEDS, lineup_params(names, len(names))))


# any change to a driver or to a game's hooks that changes a decision changes these
@pytest.mark.parametrize(
    ("play", "names", "expected"),
    [
        (vdg_games, MC, "e3289e369188b161"),
        (vdg_games, MIXED, "580c380e1d4cb0f1"),
        (goa_games, MC, "b6610b4dc797cbc2"),
        (goa_games, MIXED, "b9cc4e0ab0ee0a22"),
    ],
    ids=["vdg-mc", "vdg-ismcts", "goa-mc", "goa-ismcts"],
)
def test_search_games_are_pinned(play, names, expected):
    assert play(names) == expected


def test_rollout_values_are_pinned_for_both_games():
    from strategies.vasco.registry import params_table
    from strategies.vasco.search.regret import action_values
    from vdgsim.games.vasco.game import apply_action, legal_actions, new_game

    g = new_game(players=4, seed=5)
    for i in range(40):
        apply_action(g, legal_actions(g)[(i * 7) % len(legal_actions(g))])
    legal = np.array(legal_actions(g), dtype=np.int64)
    share, lead = np.zeros((len(legal), 6)), np.zeros((len(legal), 6))
    me = int(g.fields.decision_player)
    table = params_table(["default"] * 4)
    action_values(
        g.components.array, g.s.copy(), legal, len(legal), table, me, 6, 3, 99, share, lead
    )
    assert digest(share, lead) == "d08be5fd6808ff1f"

    from strategies.goa import lineup_params
    from strategies.goa.search.regret import action_values as goa_values
    from vdgsim.games.goa.game import apply_action as goa_apply
    from vdgsim.games.goa.game import legal_actions as goa_legal
    from vdgsim.games.goa.game import new_game as goa_new

    g = goa_new(players=3, seed=5)
    i = 0
    while i < 60 or len(goa_legal(g)) < 5:
        goa_apply(g, goa_legal(g)[(i * 7) % len(goa_legal(g))])
        i += 1
    legal = np.array(goa_legal(g), dtype=np.int64)
    share, lead = np.zeros((len(legal), 6)), np.zeros((len(legal), 6))
    table = lineup_params(["default"] * 3, 3)
    c = g.components.array
    goa_values(c, g.s.copy(), legal, len(legal), table, g.current_player, 6, 3, 99, share, lead)
    assert digest(share, lead) == "82504b1ca4712041"


def toy_hooks(worth: list[float], played: list[int]) -> SearchHooks:
    """A one-move game: the rollout after candidate ``a`` wins ``worth[a]`` (its share) with a
    VP lead of 1; ``played`` records every candidate rolled out."""

    def play(c, s, scratch, me, code, at_root):
        assert at_root
        scratch[0] = code
        played.append(code)

    def never(*args):
        raise AssertionError("flat search uses no tree hooks")

    return SearchHooks(
        new_scratch=lambda: np.zeros(1, dtype=np.int64),
        determinize=lambda c, s, scratch, seed, deal, stream, me: None,
        play=play,
        play_out=lambda c, scratch, table: None,
        outcome=lambda scratch, seat: (worth[int(scratch[0])], 1),
        is_over=never,
        decision_player=never,
        legal_here=never,
        prior=never,
    )


def test_flat_search_halves_to_the_best_candidate_within_its_budget():
    worth = [0.1, 0.9, 0.3, 0.5, 0.2]
    played: list[int] = []
    legal = np.arange(5, dtype=np.int64)
    got = flat_search.py_func(
        None, None, legal, 5, 0, 1, 60, 4, 0.01, None, toy_hooks(worth, played)
    )
    assert got == 1
    # 3 rounds of 20 rollouts: 4 each for 5 candidates, then 6 each for 3, then 10 each for 2
    assert len(played) == 20 + 18 + 20
    assert played.count(1) == 4 + 6 + 10 and played.count(0) == 4
