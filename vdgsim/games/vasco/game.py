"""The forward model's Python API: one game, step by step.

>>> from vdgsim import new_game, legal_actions, apply_action, is_over, result
>>> g = new_game(players=3, seed=1)
>>> while not is_over(g):
...     apply_action(g, legal_actions(g)[0])
>>> result(g).vp  # doctest: +SKIP

The same compiled functions run the fast whole-game loop (:mod:`strategies.vasco.loop`); here each
call crosses from Python into compiled code once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from vdgsim.core import stepapi
from vdgsim.core.stepapi import SteppedGame
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import Components, default_components
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine import scoring as SC
from vdgsim.games.vasco.engine.checked import apply_checked, step_listing
from vdgsim.games.vasco.engine.state import PlainStateView

MAX_SEED = stepapi.MAX_SEED
IllegalActionError = stepapi.IllegalActionError


@dataclass
class GameState(SteppedGame):
    """A game in progress: component data, the state array and the event log."""

    TITLE: ClassVar[str] = "Vasco da Gama"
    STATE_SIZE: ClassVar[int] = L.S_SIZE
    LOG_WIDTH: ClassVar[int] = L.LOG_WIDTH
    MAX_LEGAL: ClassVar[int] = L.MAX_LEGAL
    SLOT_PLAYERS: ClassVar[int] = L.S_N_PLAYERS
    SLOT_DECISION: ClassVar[int] = L.S_DECISION
    SLOT_PLAYER: ClassVar[int] = L.S_DEC_PLAYER

    @property
    def round(self) -> int:
        return int(self.s[L.S_ROUND])

    @property
    def phase(self) -> int:
        return int(self.s[L.S_PHASE])

    @property
    def decision(self) -> int:
        """Kind of the pending decision (``layout.D_*``); ``D_NONE`` when the game is over."""
        return self.s.item(L.S_DECISION)

    @property
    def current_player(self) -> int:
        """Seat that must decide now, or -1 when the game is over."""
        return self.s.item(L.S_DEC_PLAYER)

    @property
    def seed(self) -> int:
        return int(self.s[L.S_SEED])

    @property
    def fields(self) -> PlainStateView:
        """The state read and written through field names, the same buffer as ``s`` (no
        copy): ``g.fields.sailors[seat, colour]``, ``g.fields.landing_slots[landing, j]``,
        ``g.fields.round``. The names are those of ``layout.STATE_FIELDS``; writing edits the
        position (as the rules tests do), which the engine then takes as it is."""
        return PlainStateView(self.s)


@dataclass(frozen=True)
class GameResult:
    """Final VP, ranks (1 = best, R8.4 tie-breaks) and win shares (1/k for a k-way tie)."""

    vp: tuple[int, ...]
    rank: tuple[int, ...]
    win_share: tuple[float, ...]
    vp_by_source: tuple[dict[str, int], ...]
    reals: tuple[int, ...]


def check_players(players: int) -> int:
    return stepapi.check_players(players, GameState.TITLE, L.MAX_PLAYERS)


check_seed = stepapi.check_seed


def new_game(players: int = 4, seed: int = 0, components: Components | None = None) -> GameState:
    """Set up a game (R1) and run it to the first decision (the setup merchant ship)."""
    comp = components if components is not None else default_components()
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(comp.array, s, log, check_players(players), check_seed(seed))
    return GameState(comp, s, log)


_API = stepapi.step_api(
    flow.legal_actions,
    apply_checked,
    step_listing,
    L.S_STEP,
    L.ST_OVER,
    L.DECISION_NAMES.__getitem__,
)
legal_actions = _API.legal_actions
apply_action = _API.apply_action
step = _API.step
is_over = _API.is_over


clone = stepapi.clone


def result(state: GameState) -> GameResult:
    """Final scores with R8.4 ranks; valid once :func:`is_over` is true."""
    if not is_over(state):
        raise ValueError("the game is not over yet")
    n = state.players
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    SC.ranks_and_shares(state.s, rank, share)
    s = state.s
    by_source = tuple(
        {
            name: int(s[L.S_VP_SOURCE + p * L.N_SOURCES + k])
            for k, name in enumerate(L.VP_SOURCE_NAMES)
        }
        for p in range(n)
    )
    return GameResult(
        vp=tuple(int(s[L.S_VP + p]) for p in range(n)),
        rank=tuple(int(r) for r in rank[:n]),
        win_share=tuple(float(x) for x in share[:n]),
        vp_by_source=by_source,
        reals=tuple(int(s[L.S_REALS + p]) for p in range(n)),
    )


def public_score(state: GameState) -> tuple[dict[str, int], ...]:
    """Each seat's VP so far by source, at any moment of the game: the VP track, which every
    player sees (R8 scores as the game goes; the end-of-game conversions come in at the end)."""
    s = state.s
    return tuple(
        {
            name: int(s[L.S_VP_SOURCE + p * L.N_SOURCES + k])
            for k, name in enumerate(L.VP_SOURCE_NAMES)
        }
        for p in range(state.players)
    )


def log_rows(state: GameState) -> np.ndarray:
    """The event log rows written so far (a view)."""
    n = int(state.s[L.S_LOG_N])
    if n > state.log.shape[0]:
        raise RuntimeError(f"event log overflow: {n} rows for {state.log.shape[0]} slots")
    return state.log[:n]
