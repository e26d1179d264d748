"""Goa's forward model, step by step from Python.

>>> from vdgsim.games.goa.game import new_game, legal_actions, apply_action, is_over, result
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

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from vdgsim.core import stepapi
from vdgsim.core.stepapi import SteppedGame
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import Components, default_components, variant_flags
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.engine import scoring as SC
from vdgsim.games.goa.engine.checked import apply_checked, step_listing

MAX_SEED = stepapi.MAX_SEED
IllegalActionError = stepapi.IllegalActionError


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
class GameState(SteppedGame):
    """A Goa game in progress: component data, the state array and the event log."""

    TITLE: ClassVar[str] = "Goa"
    STATE_SIZE: ClassVar[int] = L.S_SIZE
    LOG_WIDTH: ClassVar[int] = L.LOG_WIDTH
    MAX_LEGAL: ClassVar[int] = L.MAX_LEGAL
    SLOT_PLAYERS: ClassVar[int] = L.S_N_PLAYERS
    SLOT_DECISION: ClassVar[int] = L.S_DECISION
    SLOT_PLAYER: ClassVar[int] = L.S_DEC_PLAYER


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
    players = stepapi.check_players(players, GameState.TITLE, L.MAX_PLAYERS)
    seed = stepapi.check_seed(seed)
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
