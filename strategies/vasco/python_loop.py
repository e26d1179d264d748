"""Plain-Python players through the step-by-step forward model.

A Python player is any callable ``player(game, legal) -> action`` taking the
:class:`vdgsim.GameState` and the list of legal action codes of the pending decision (the
deciding seat is ``game.current_player``, the decision kind ``game.decision``). It must read
only public information: the position's public fields, never the face-down deck orders or the
chance generator (RULES R9.4). Compiled presets can sit at the same table through
:func:`preset_player`.

>>> from vdgsim import new_game
>>> from strategies.vasco.python_loop import play_python, preset_player
>>> def first_choice(game, legal):
...     return legal[0]
>>> game = new_game(players=2, seed=3)
>>> result = play_python(game, [first_choice, preset_player("default")])
>>> len(result.vp)
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from strategies.vasco.policy import choose
from strategies.vasco.presets import PLAYER_COUNTS
from strategies.vasco.registry import resolve
from vdgsim.core.fastcall import FastCall
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.game import GameResult, GameState, legal_actions, result, step

PythonPlayer = Callable[[GameState, list[int]], int]


def preset_player(name: str) -> PythonPlayer:
    """A Python callable playing the named preset (compiled policy, one decision per call),
    with the preset's row for the game's player count."""
    # the policy reads only the deciding seat's row; one row per seat lets any seat use it
    tables = {
        k: np.tile(resolve(name, k), (L.MAX_PLAYERS, 1)).astype(np.float64) for k in PLAYER_COUNTS
    }

    # later calls skip numba's typing of the read-only component array
    fast = FastCall(choose)

    def player(game: GameState, legal: list[int]) -> int:
        codes = np.array(legal, dtype=np.int64)
        table = tables[game.players]
        return int(fast.call(game.components.array, game.s, codes, len(codes), table))

    return player


def play_python(game: GameState, players: Sequence[PythonPlayer]) -> GameResult:
    """Play ``game`` to its end, asking ``players[seat]`` for every decision of that seat.

    Every returned action is checked against the legal actions
    (:class:`vdgsim.IllegalActionError` otherwise). Returns the final result.
    """
    if len(players) != game.players:
        raise ValueError(f"{game.players} players in the game, {len(players)} given")
    legal = legal_actions(game)
    while legal:
        legal = step(game, int(players[game.current_player](game, legal)))
    return result(game)
