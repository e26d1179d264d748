"""The Python step API of a compiled forward model, written once for every game.

A game's ``GameState`` subclasses :class:`SteppedGame` (its state array, event log and listing
buffer, checked once on creation) and its ``legal_actions``, ``apply_action``, ``step`` and
``is_over`` come from :func:`step_api` over the game's compiled entry points: the legal
listing, the legality-checked apply and the apply-then-list step (each game's
``engine/checked.py``). A Python step then costs one crossing into compiled code
(:mod:`vdgsim.core.fastcall`); the functions are closures, which read their compiled entry points
as fast as module globals would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, NoReturn, TypeVar

import numpy as np

from vdgsim.core.fastcall import FastCall, action_code, check_array

MAX_SEED = 2**63 - 1
_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
# what the checked entry points return (every game's engine/checked.py)
APPLIED, GAME_OVER, ILLEGAL = 0, 1, 2
STEP_GAME_OVER, STEP_ILLEGAL = -1, -2


class IllegalActionError(ValueError):
    """An action that is not legal for the pending decision."""


@dataclass
class SteppedGame:
    """A game in progress: component data, the state array and the event log. Each game's
    subclass names its sizes and the state slots the properties read."""

    TITLE: ClassVar[str]
    STATE_SIZE: ClassVar[int]
    LOG_WIDTH: ClassVar[int]
    MAX_LEGAL: ClassVar[int]
    SLOT_PLAYERS: ClassVar[int]
    SLOT_DECISION: ClassVar[int]
    SLOT_PLAYER: ClassVar[int]

    components: Any
    s: np.ndarray
    log: np.ndarray
    _scratch: np.ndarray | None = field(default=None, repr=False)
    # the listing is read through a memoryview: slicing one and converting costs about two
    # thirds of slicing the numpy array
    _listing: memoryview = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the compiled entry points read these arrays without checking their shape
        # (vdgsim.core.fastcall); numba's dispatcher would have compiled a version for any other
        check_array("s", self.s, 1)
        check_array("log", self.log, 2)
        check_array("components.array", self.components.array, 1)
        if self.s.shape[0] < self.STATE_SIZE or self.log.shape[1] != self.LOG_WIDTH:
            raise ValueError(
                f"a {self.TITLE} game needs a state of {self.STATE_SIZE} and a log "
                f"{self.LOG_WIDTH} wide, got {self.s.shape} and {self.log.shape}"
            )
        if self._scratch is None:
            self._scratch = np.zeros(self.MAX_LEGAL, dtype=np.int64)
        self._listing = memoryview(self._scratch)

    def __getstate__(self) -> dict:
        # a memoryview does not pickle (nor deepcopy); it is remade from the scratch array
        return {k: v for k, v in self.__dict__.items() if k != "_listing"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._listing = memoryview(self._scratch)

    @property
    def players(self) -> int:
        return int(self.s[self.SLOT_PLAYERS])

    @property
    def decision(self) -> int:
        """Kind of the pending decision (the game's ``layout.D_*``); ``D_NONE`` once the game
        is over."""
        return self.s.item(self.SLOT_DECISION)

    @property
    def current_player(self) -> int:
        """Seat that must decide now, or -1 once the game is over."""
        return self.s.item(self.SLOT_PLAYER)


Stepped = TypeVar("Stepped", bound=SteppedGame)


def clone(state: Stepped) -> Stepped:
    """An independent copy that continues identically (the generators are in the state)."""
    return type(state)(state.components, state.s.copy(), state.log.copy())


def check_seed(seed: int) -> int:
    """A game's seed as an int, else a ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
    return int(seed)


def check_players(players: int, title: str, most: int) -> int:
    """A player count as an int, else a ValueError naming the game."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise ValueError(f"players must be an integer 2..{most}, got {players!r}")
    if not 2 <= players <= most:
        raise ValueError(f"{title} is for 2 to {most} players, got {players}")
    return int(players)


@dataclass(frozen=True)
class StepAPI:
    """The step functions of one game (see :func:`step_api`)."""

    legal_actions: Callable[[Any], list[int]]
    apply_action: Callable[[Any, int], None]
    step: Callable[[Any, int], list[int]]
    is_over: Callable[[Any], bool]


def step_api(
    legal: Callable[..., int],
    apply_checked: Callable[..., int],
    step_listing: Callable[..., int],
    step_slot: int,
    over: int,
    decision_name: Callable[[int], str],
) -> StepAPI:
    """The step functions over a game's compiled entry points: ``legal(c, s, scratch)``,
    ``apply_checked(c, s, log, action, scratch)`` and ``step_listing(c, s, log, action,
    scratch)`` (returning the codes above); the game is over when ``s[step_slot] == over``;
    ``decision_name`` names a decision kind in the error of an illegal action."""
    # the first call goes through numba's dispatcher (which compiles or loads), later ones
    # straight to the compiled entry point: this is what a Python step costs
    fast_legal, fast_apply, fast_step = (
        FastCall(legal),
        FastCall(apply_checked),
        FastCall(step_listing),
    )

    def legal_actions(state: Any) -> list[int]:
        """Legal action codes of the pending decision, a new list of Python ints (empty once
        the game is over)."""
        n = fast_legal.call(state.components.array, state.s, state._scratch)
        # tolist converts in C: a comprehension of int() calls cost ten times the compiled call
        return state._listing[:n].tolist()

    def refuse(state: Any, action: int, game_over: bool) -> NoReturn:
        if game_over:
            raise IllegalActionError("the game is over; no action can be applied")
        raise IllegalActionError(
            f"action {action} is not legal for the pending decision "
            f"({decision_name(state.decision)}, seat {state.current_player})"
        )

    def apply_action(state: Any, action: int) -> None:
        """Apply one legal action in place and run the rules to the next decision.

        Raises :class:`IllegalActionError`, with the state unchanged, for an action that is
        not legal for the pending decision, for a non-integer action, or once the game is
        over."""
        if type(action) is not int:
            action = action_code(action, IllegalActionError)
        status = ILLEGAL
        if _INT64_MIN <= action <= _INT64_MAX:  # numba would reject a wider int or retype it
            status = fast_apply.call(
                state.components.array, state.s, state.log, action, state._scratch
            )
        if status != APPLIED:
            refuse(state, action, status == GAME_OVER)

    def step(state: Any, action: int) -> list[int]:
        """``apply_action``, then ``legal_actions`` of the next decision, in one call into
        compiled code: the loop ``legal = legal_actions(g)`` / ``while legal: legal = step(g,
        pick(legal))`` plays a game with one crossing per decision. The list is empty once the
        game is over (a pending decision always has a legal action). The same
        :class:`IllegalActionError`, state unchanged, as ``apply_action``."""
        if type(action) is not int:
            action = action_code(action, IllegalActionError)
        n = STEP_ILLEGAL
        if _INT64_MIN <= action <= _INT64_MAX:
            n = fast_step.call(state.components.array, state.s, state.log, action, state._scratch)
        if n < 0:
            refuse(state, action, n == STEP_GAME_OVER)
        return state._listing[:n].tolist()

    def is_over(state: Any) -> bool:
        # item() skips the numpy scalar that indexing makes: this runs once per Python step
        return state.s.item(step_slot) == over

    return StepAPI(legal_actions, apply_action, step, is_over)
