"""The heuristic players at the table: strength against random players, sane behaviour in
default-vs-default games, the Python step loop, and the compiled loop agreeing with it."""

from __future__ import annotations

import numpy as np
import pytest

from strategies.vasco.loop import play_games, play_to_end
from strategies.vasco.python_loop import play_python, preset_player
from strategies.vasco.registry import available, params_table
from strategies.vasco.sanity import behaviour_stats
from vdgsim import default_components, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow


def rotated_share(names: list[str], players: int, games_per_rotation: int, seed: int) -> float:
    """Win share of ``names[0]`` with seats rotated (each rotation on its own seeds)."""
    comp = default_components()
    total = 0.0
    for r in range(players):
        seat = r
        lineup = [names[(k - r) % len(names)] for k in range(players)]
        assert lineup[seat] == names[0]
        seeds = np.arange(games_per_rotation, dtype=np.int64) + seed + 100_000 * r
        _, share = play_games(comp, players, seeds, params_table(lineup))
        total += share[:, seat].sum()
    return total / (players * games_per_rotation)


def test_default_beats_three_random_players_95_percent():
    share = rotated_share(["default", "random", "random", "random"], 4, 750, seed=1)
    assert share >= 0.95, share


def test_default_beats_one_random_player_90_percent():
    share = rotated_share(["default", "random"], 2, 1500, seed=2)
    assert share >= 0.90, share


def test_every_preset_beats_random_players():
    for name in available():
        if name != "random":
            share = rotated_share([name, "random", "random", "random"], 4, 100, seed=3)
            assert share >= 0.7, (name, share)


@pytest.fixture(scope="module")
def default_stats():
    return behaviour_stats(["default"] * 4, np.arange(1000) + 5000)


def test_sanity_every_landing_is_used(default_stats):
    assert (default_stats.ships_per_landing > 0).all(), default_stats.summary()


def test_sanity_every_character_is_hosted(default_stats):
    assert (default_stats.hosted > 0).all(), default_stats.summary()


def test_sanity_crew_five_ships_are_launched(default_stats):
    assert default_stats.launches_by_crew[5] > 0, default_stats.summary()


def test_sanity_paid_and_free_numbers_are_taken(default_stats):
    assert default_stats.paid > 0 and default_stats.free > 0, default_stats.summary()
    assert default_stats.given_up > 0


def test_sanity_winning_vp_beats_random_play(default_stats):
    comp = default_components()
    vp, _ = play_games(comp, 4, np.arange(300) + 5000, params_table(["random"] * 4))
    assert np.mean(default_stats.winning_vp) > vp.max(axis=1).mean() + 10


def test_compiled_loop_and_python_loop_play_the_same_games():
    """The compiled loop's per-game cache is pure speed: the same decisions as the
    one-decision-at-a-time path through vdgsim's step API."""
    comp = default_components()
    lineup = ["default", "frugal", "near_ports", "random"]
    for seed in (0, 1):
        s = np.zeros(L.S_SIZE, dtype=np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
        legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
        flow.new_game_state(comp.array, s, log, 4, seed)
        play_to_end(comp.array, s, log, params_table(lineup), legal)
        game = new_game(players=4, seed=seed)
        result = play_python(game, [preset_player(n) for n in lineup])
        assert tuple(int(v) for v in s[L.S_VP : L.S_VP + 4]) == result.vp
        n = int(s[L.S_LOG_N])
        assert np.array_equal(log[:n], game.log[:n])


def test_a_plain_python_player_at_the_table():
    calls = []

    def cautious(game, legal):
        calls.append(game.decision)
        return legal[0]  # give up, place the lowest option, launch nothing...

    result = play_python(new_game(players=2, seed=9), [cautious, preset_player("default")])
    assert calls and result.win_share[1] == 1.0
