"""The forward model's Python API: one game, step by step.

>>> from vdgsim import new_game, legal_actions, apply_action, is_over, result
>>> g = new_game(players=3, seed=1)
>>> while not is_over(g):
...     apply_action(g, legal_actions(g)[0])
>>> result(g).vp  # doctest: +SKIP

The same compiled functions run the fast whole-game loop (:mod:`strategies.loop`); here each
call crosses from Python into compiled code once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NoReturn

import numpy as np

from vdgsim import layout as L
from vdgsim.components import Components, default_components
from vdgsim.engine import flow
from vdgsim.engine import scoring as SC
from vdgsim.engine.checked import (
    APPLIED,
    GAME_OVER,
    ILLEGAL,
    STEP_GAME_OVER,
    STEP_ILLEGAL,
    apply_checked,
    step_listing,
)
from vdgsim.engine.state import PlainStateView
from vdgsim.fastcall import FastCall, action_code, check_array

MAX_SEED = 2**63 - 1
_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_S_STEP = L.S_STEP
_ST_OVER = L.ST_OVER


class IllegalActionError(ValueError):
    """An action that is not legal for the pending decision."""


@dataclass
class GameState:
    """A game in progress: component data, the state array and the event log."""

    components: Components
    s: np.ndarray
    log: np.ndarray
    _scratch: np.ndarray = field(
        default_factory=lambda: np.zeros(L.MAX_LEGAL, dtype=np.int64), repr=False
    )
    # the listing is read through a memoryview: slicing one and converting costs about two
    # thirds of slicing the numpy array
    _listing: memoryview = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the compiled entry points read these arrays without checking their shape
        # (vdgsim.fastcall); numba's dispatcher would have compiled a version for any other
        check_array("s", self.s, 1)
        check_array("log", self.log, 2)
        check_array("components.array", self.components.array, 1)
        if self.s.shape[0] < L.S_SIZE or self.log.shape[1] != L.LOG_WIDTH:
            raise ValueError(
                f"a game needs a state of {L.S_SIZE} and a log {L.LOG_WIDTH} wide, got "
                f"{self.s.shape} and {self.log.shape}"
            )
        self._listing = memoryview(self._scratch)

    def __getstate__(self) -> dict:
        # a memoryview does not pickle (nor deepcopy); it is remade from the scratch array
        return {k: v for k, v in self.__dict__.items() if k != "_listing"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._listing = memoryview(self._scratch)

    @property
    def players(self) -> int:
        return int(self.s[L.S_N_PLAYERS])

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
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise ValueError(f"players must be an integer 2..4, got {players!r}")
    if not 2 <= players <= L.MAX_PLAYERS:
        raise ValueError(f"Vasco da Gama is for 2 to 4 players, got {players}")
    return int(players)


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
    return int(seed)


def new_game(players: int = 4, seed: int = 0, components: Components | None = None) -> GameState:
    """Set up a game (R1) and run it to the first decision (the setup merchant ship)."""
    comp = components if components is not None else default_components()
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(comp.array, s, log, check_players(players), check_seed(seed))
    return GameState(comp, s, log)


def legal_actions(state: GameState) -> list[int]:
    """Legal action codes of the pending decision, a new list of Python ints (empty once the
    game is over)."""
    n = _legal.call(state.components.array, state.s, state._scratch)
    # tolist converts in C: a comprehension of int() calls cost ten times the compiled call
    return state._listing[:n].tolist()


# the first call goes through numba's dispatcher (which compiles or loads), later ones
# straight to the compiled entry point: this is what a Python step costs (vdgsim.fastcall)
_legal = FastCall(flow.legal_actions)
_apply = FastCall(apply_checked)
_step = FastCall(step_listing)


def apply_action(state: GameState, action: int) -> None:
    """Apply one legal action in place and run the rules to the next decision.

    Raises :class:`IllegalActionError`, with the state unchanged, for an action that is not
    legal for the pending decision, for a non-integer action, or once the game is over.
    """
    if type(action) is not int:
        action = action_code(action, IllegalActionError)
    status = ILLEGAL
    if _INT64_MIN <= action <= _INT64_MAX:  # numba would reject a wider int or retype it
        status = _apply.call(state.components.array, state.s, state.log, action, state._scratch)
    if status != APPLIED:
        _refuse(state, action, status == GAME_OVER)


def step(state: GameState, action: int) -> list[int]:
    """:func:`apply_action`, then :func:`legal_actions` of the next decision, in one call into
    compiled code: the loop ``legal = legal_actions(g)`` / ``while legal: legal = step(g,
    pick(legal))`` plays a game with one crossing per decision. The list is empty once the
    game is over (a pending decision always has a legal action). The same
    :class:`IllegalActionError`, state unchanged, as :func:`apply_action`."""
    if type(action) is not int:
        action = action_code(action, IllegalActionError)
    n = STEP_ILLEGAL
    if _INT64_MIN <= action <= _INT64_MAX:
        n = _step.call(state.components.array, state.s, state.log, action, state._scratch)
    if n < 0:
        _refuse(state, action, n == STEP_GAME_OVER)
    return state._listing[:n].tolist()


def _refuse(state: GameState, action: int, over: bool) -> NoReturn:
    if over:
        raise IllegalActionError("the game is over; no action can be applied")
    from vdgsim.describe import decision_name

    raise IllegalActionError(
        f"action {action} is not legal for the pending decision "
        f"({decision_name(state.decision)}, seat {state.current_player})"
    )


def is_over(state: GameState) -> bool:
    # item() skips the numpy scalar that indexing makes: this runs once per Python step
    return state.s.item(_S_STEP) == _ST_OVER


def clone(state: GameState) -> GameState:
    """An independent copy that continues identically (the generators are in the state)."""
    return GameState(state.components, state.s.copy(), state.log.copy())


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
