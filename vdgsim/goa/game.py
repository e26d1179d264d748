"""Goa's forward model, step by step from Python.

>>> from vdgsim.goa.game import new_game, legal_actions, apply_action, is_over, result
>>> g = new_game(players=4, seed=1)
>>> while not is_over(g):
...     apply_action(g, legal_actions(g)[0])
>>> result(g).vp  # doctest: +SKIP

:func:`step` applies an action and lists the next decision's in one call into compiled code,
the loop ``legal = legal_actions(g)`` / ``while legal: legal = step(g, pick(legal))``.

Variants (G9): ``Options(quick_start=True)``, ``Options(bonanza=True)`` and the later English
hand limit ``Options(strict_hand_limit=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NoReturn

import numpy as np

from vdgsim.fastcall import FastCall, action_code, check_array
from vdgsim.goa import actions as A
from vdgsim.goa import layout as L
from vdgsim.goa.components import Components, default_components, variant_flags
from vdgsim.goa.engine import flow
from vdgsim.goa.engine import scoring as SC
from vdgsim.goa.engine.checked import (
    APPLIED,
    GAME_OVER,
    ILLEGAL,
    STEP_GAME_OVER,
    STEP_ILLEGAL,
    apply_checked,
    step_listing,
)

MAX_SEED = 2**63 - 1
_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
_S_STEP = L.S_STEP
_ST_OVER = L.ST_OVER


class IllegalActionError(ValueError):
    """An action that is not legal for the pending decision."""


@dataclass(frozen=True)
class Options:
    """G9.1 Quick start, G9.2 Bonanza, G9.3 strict hand limit (all off by default). A game
    set up without options plays the component data's ``[variants]`` (:func:`data_options`;
    none in the default data)."""

    quick_start: bool = False
    bonanza: bool = False
    strict_hand_limit: bool = False
    extra_action_cap: int = 0  # A6: 0 = unlimited (the reading); 10 = the printed supply


def data_options(components: Components) -> Options:
    """The variants the component data turns on (``--set variants.bonanza=true``)."""
    quick, bonanza, strict, cap = variant_flags(components)
    return Options(quick, bonanza, strict, cap)


@dataclass
class GameState:
    """A Goa game in progress: component data, the state array and the event log."""

    components: Components
    s: np.ndarray
    log: np.ndarray
    _scratch: np.ndarray = field(
        default_factory=lambda: np.zeros(L.MAX_LEGAL, dtype=np.int64), repr=False
    )
    # the listing is read through a memoryview: slicing one and converting costs less than
    # slicing the numpy array (vdgsim.game.GameState)
    _listing: memoryview = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the compiled entry points read these arrays without checking their shape or layout
        # (vdgsim.fastcall); numba's dispatcher would have compiled a version for any other
        check_array("s", self.s, 1)
        check_array("log", self.log, 2)
        check_array("components.array", self.components.array, 1)
        if self.s.shape != (L.S_SIZE,):
            raise ValueError(f"a Goa state is an int64 array of {L.S_SIZE}, got {self.s.shape}")
        if self.log.shape[1] != L.LOG_WIDTH:
            raise ValueError(f"a Goa log is an int64 array (n, {L.LOG_WIDTH})")
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
    def decision(self) -> int:
        """Kind of the pending decision (``layout.D_*``); ``D_NONE`` once the game is over."""
        return int(self.s[L.S_DECISION])

    @property
    def current_player(self) -> int:
        return int(self.s[L.S_DEC_PLAYER])


@dataclass(frozen=True)
class GameResult:
    """Final VP, ranks (1 = best; G8.5 ducats tie-break) and win shares (1/k for k tied)."""

    vp: tuple[int, ...]
    rank: tuple[int, ...]
    win_share: tuple[float, ...]
    vp_by_source: tuple[dict[str, int], ...]
    ducats: tuple[int, ...]


def new_game(
    players: int = 4,
    seed: int = 0,
    components: Components | None = None,
    options: Options | None = None,
) -> GameState:
    """Set up a game (G1) and run it to the first decision."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise ValueError(f"players must be an integer 2..4, got {players!r}")
    if not 2 <= players <= L.MAX_PLAYERS:
        raise ValueError(f"Goa is for 2 to 4 players, got {players}")
    if (
        isinstance(seed, bool)
        or not isinstance(seed, int | np.integer)
        or not 0 <= seed <= MAX_SEED
    ):
        raise ValueError(f"seed must be an integer in 0..2**63-1, got {seed!r}")
    comp = components if components is not None else default_components()
    opt = options or data_options(comp)
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(
        comp.array,
        s,
        log,
        int(players),
        int(seed),
        int(opt.quick_start),
        int(opt.bonanza),
        int(opt.strict_hand_limit),
    )
    if opt.extra_action_cap < 0:
        raise ValueError(
            f"extra_action_cap must be 0 (unlimited) or more, got {opt.extra_action_cap}"
        )
    # no extra action card is handed out before the first decision, so the cap can be set here
    s[L.S_OPT_EXTRA_CAP] = int(opt.extra_action_cap)
    return GameState(comp, s, log)


# the first call goes through numba's dispatcher (which compiles or loads), later ones
# straight to the compiled entry point (vdgsim.fastcall), as in vdgsim.game
_legal = FastCall(flow.legal_actions)
_apply = FastCall(apply_checked)
_step = FastCall(step_listing)


def legal_actions(state: GameState) -> list[int]:
    """Legal action codes of the pending decision, a new list of Python ints (empty once the
    game is over)."""
    n = _legal.call(state.components.array, state.s, state._scratch)
    return state._listing[:n].tolist()


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
    raise IllegalActionError(
        f"action {action} is not legal for the pending decision "
        f"({L.DECISION_NAMES[state.decision]}, seat {state.current_player})"
    )


def is_over(state: GameState) -> bool:
    # item() skips the numpy scalar that indexing makes: this runs once per Python step
    return state.s.item(_S_STEP) == _ST_OVER


def clone(state: GameState) -> GameState:
    """An independent copy that continues identically (the generators are in the state)."""
    return GameState(state.components, state.s.copy(), state.log.copy())


def result(state: GameState) -> GameResult:
    """Final scores (G8.4) with G8.5 ranks; valid once :func:`is_over` is true."""
    if not is_over(state):
        raise ValueError("the game is not over yet")
    n = state.players
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    SC.ranks_and_shares(state.s, rank, share)
    s = state.s
    src = s[L.S_VP_SOURCE : L.S_VP_SOURCE + L.MAX_PLAYERS * L.N_VP_SOURCES].reshape(
        L.MAX_PLAYERS, L.N_VP_SOURCES
    )
    return GameResult(
        vp=tuple(int(s[L.S_VP + p]) for p in range(n)),
        rank=tuple(int(r) for r in rank[:n]),
        win_share=tuple(float(x) for x in share[:n]),
        vp_by_source=tuple(
            {name: int(src[p, k]) for k, name in enumerate(L.VP_SOURCE_NAMES)} for p in range(n)
        ),
        ducats=tuple(int(s[L.S_DUCATS + p]) for p in range(n)),
    )


# the VP sources every seat can count on the table; expedition cards in hand and Mission
# tiles held are hidden from the other players until the end (G9.5)
PUBLIC_SOURCES = tuple(k for k in range(L.N_VP_SOURCES) if k not in (L.VP_CARDS, L.VP_MISSION))


def public_score(state: GameState) -> tuple[dict[str, int], ...]:
    """Each seat's VP by source if the game ended now (G8.4), counted from what every player
    sees: development, colonies, most ducats (A21), small plantations and used Poll tax
    tiles; expedition cards and Missions, which are hidden, are left out. Once the game is
    over, :func:`result` gives the final score with every source."""
    c, s = state.components.array, state.s
    n = state.players
    ducats = [int(s[L.S_DUCATS + p]) for p in range(n)]
    most_vp = int(c[L.C_MOST_DUCATS_VP])
    out = []
    src = np.zeros(L.N_VP_SOURCES, dtype=np.int64)
    for p in range(n):
        SC.score_player(c, s, p, src)
        src[L.VP_DUCATS] = most_vp if ducats[p] == max(ducats) else 0
        out.append({L.VP_SOURCE_NAMES[k]: int(src[k]) for k in PUBLIC_SOURCES})
    return tuple(out)


def describe_action(state: GameState, action: int) -> str:
    c = state.components
    return A.describe(state.decision, action, c.tile_names, c.card_names, c.colony_tile_names)


def log_rows(state: GameState) -> np.ndarray:
    n = int(state.s[L.S_LOG_N])
    if n > state.log.shape[0]:
        raise RuntimeError(f"event log overflow: {n} rows for {state.log.shape[0]} slots")
    return state.log[:n]
