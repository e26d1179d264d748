"""Decision regret for Goa: the compiled rollouts and the categories of choice that
:mod:`vdgsim.core.regret_sampling` samples with (its module docstring tells the method).

:func:`action_values` rolls out every legal action as the ``mc`` player does: determinizations
of what the deciding seat may see (:mod:`.determinize`, G9.5) and common random numbers. Unlike
``mc``, whose rollouts give every seat one rollout preset, every seat here plays its own
line-up preset, so an action is judged against the line-up's own continuation.
"""

from __future__ import annotations

from numba import njit

from strategies.goa.params import P_KIND
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.params import SEARCH_KINDS
from strategies.goa.search.rollout import search_hooks
from vdgsim.core.paramtable import decision_keys
from vdgsim.core.regret_sampling import RegretKit
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.game import (
    GameState,
    apply_action,
    describe_action,
    is_over,
    legal_actions,
    new_game,
)
from vdgsim.search.flat import rollout_values


@njit(cache=True)
def action_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead):
    """Fill ``share[a, k]`` (ties split, G8.5) and ``lead[a, k]`` of rollout ``k`` after legal
    action ``a`` (:func:`vdgsim.search.flat.rollout_values` over Goa's hooks)."""
    rollout_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead, search_hooks())


DECISION_KEYS = decision_keys(L.DECISION_NAMES)
_STEPS = ("", "1", "2", "3+")  # how far one bid lies from another, in ducats


def _bid_category(state: GameState, action: int, chosen: int) -> str:
    """A bid named by how it differs from the preset's: ``pass``; ``bid`` (the preset's own
    amount), ``bid -1``, ``bid +3+``...; after the preset passed, by how far it lies above the
    lowest legal bid (``bid min``, ``bid min+2``...)."""
    if action == A.PASS:
        return "pass"
    if chosen == A.PASS:
        above = action - (int(state.s[L.S_AUC_HIGH]) + 1)  # A1: any bid above the highest
        return "bid min" + (f"+{_STEPS[min(above, 3)]}" if above else "")
    delta = action - chosen
    if delta == 0:
        return "bid"
    return f"bid {'+' if delta > 0 else '-'}{_STEPS[min(abs(delta), 3)]}"


def category(state: GameState, action: int, chosen: int) -> str:
    """A coarse name of ``action`` at the pending decision, for counting which kinds of choice
    the rollouts prefer to the preset's ``chosen``: a bid by how it differs from the preset's
    (:func:`_bid_category`), buy or sell, the kind of tile a marker puts up for auction, the
    kind of an action turn's action (Develop by column), the choice of a two- or three-way
    decision; any other decision's name."""
    d = state.decision
    if d == L.D_BID:
        return _bid_category(state, action, chosen)
    if d == L.D_OWNER:
        return "buy" if action == A.OWNER_BUY else "sell"
    if d == L.D_MARKER:
        tile = int(state.s[L.S_GRID + action])
        kind = int(state.components.array[L.C_TILE_KIND + tile])
        return L.TILE_KIND_KEYS[kind]
    if d == L.D_TURN:
        kind = int(A.turn_kind(action))
        if kind == A.T_DEVELOP:
            return "develop_" + L.COLUMN_KEYS[int(A.develop_column(action))]
        return A.TURN_KIND_NAMES[kind].lower().replace(" ", "_")
    if d in (L.D_SHIPS_OR_COLONISTS, L.D_RELIEF):
        return ("take_ships", "take_colonists", "take_spices")[action]
    if d == L.D_DRAW:
        return "draw" if action == A.DRAW_ONE else "stop_drawing"
    if d == L.D_EXTRA:
        return "play_extra" if action == A.EXTRA_PLAY else "pass"
    if d == L.D_COLONY_PAY:
        return "pay" if action == A.PAY else "decline"
    return DECISION_KEYS[d]


KIT = RegretKit(
    decision_keys=DECISION_KEYS,
    # the choices that make a Goa game: which lot to auction, the bids, the owner's buy or
    # sell, and the actions of the action turn
    default_decisions=("place_marker", "bid", "owners_choice", "action_turn"),
    kind_column=P_KIND,
    search_kinds=tuple(SEARCH_KINDS.values()),
    max_legal=L.MAX_LEGAL,
    default_components=default_components,
    new_game=new_game,
    is_over=is_over,
    legal_actions=legal_actions,
    apply_action=apply_action,
    round_of=lambda state: int(state.s[L.S_ROUND]),
    describe=describe_action,
    category=category,
    # the line-up holds presets only (KIT.check_settings), so the scripted dispatch is the
    # preset's own choice and no search player's code is compiled
    choose=choose_scripted,
    action_values=action_values,
)
decision_kinds = KIT.decision_kinds
check_settings = KIT.check_settings
sample_positions = KIT.sample_positions
