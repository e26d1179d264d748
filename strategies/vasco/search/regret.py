"""Decision regret for Vasco da Gama: the compiled rollouts and the categories of choice that
:mod:`vdgsim.core.regret_sampling` samples with (its module docstring tells the method).

:func:`action_values` rolls out every legal action from the ``mc`` player's determinizations of
what the deciding seat may see (:mod:`.determinize`, RULES R9.4) on common random numbers,
every seat playing its own line-up preset (:mod:`.rollout`).
"""

from __future__ import annotations

from numba import njit

from strategies.vasco.params import P_KIND, SEARCH_KINDS
from strategies.vasco.policy import choose
from strategies.vasco.search.names import DECISION_KEYS
from strategies.vasco.search.rollout import search_hooks
from vdgsim.core.regret_sampling import RegretKit
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import default_components
from vdgsim.games.vasco.describe import describe_action
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.game import GameState, apply_action, is_over, legal_actions, new_game
from vdgsim.games.vasco.vocabulary import AREA_AXIS, CHARACTER_AXIS, LANDING_AXIS
from vdgsim.search.flat import rollout_values


@njit(cache=True)
def action_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead):
    """Fill ``share[a, k]`` and ``lead[a, k]`` of rollout ``k`` after legal action ``a``
    (:func:`vdgsim.search.flat.rollout_values` over Vasco da Gama's hooks)."""
    rollout_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead, search_hooks())


def category(state: GameState, action: int) -> str:
    """A coarse name of ``action`` at the pending decision (a placement's Area, the kind of a
    Phase 2 action, a landing), for counting which kinds of choice the search prefers."""
    d = state.decision
    if d in (L.D_PLACE_DISC, L.D_MANUEL_PLACE):
        return AREA_AXIS[int(A.placement_area(action))]
    if d != L.D_ACT:
        return DECISION_KEYS[d]
    if action == L.GIVE_UP:
        return "give_up"
    f = state.fields
    area = int(f.number_area[int(f.called_number)])
    if area == L.A_CHARACTERS:
        if A.is_host(action):
            return "host_" + CHARACTER_AXIS[int(A.hosted_character(action))]
        return "money"
    if area == L.A_PURCHASE:
        if A.is_buy_sao_gabriel(action):
            return "buy_sao_gabriel"
        return "buy_two" if A.is_buy_two(action) else "buy_one"
    if area == L.A_RECRUITING:
        sailors = sum(int(A.recruit_count(action, col)) for col in range(4))
        captain = bool(A.recruit_captain(action))
        if sailors == 0:
            return "recruit_captain"
        return "recruit_sailors_captain" if captain else "recruit_sailors"
    return "send_to_" + LANDING_AXIS[int(A.expedition_landing(action))]


KIT = RegretKit(
    decision_keys=DECISION_KEYS,
    default_decisions=("act", "place_disc"),
    kind_column=P_KIND,
    search_kinds=tuple(SEARCH_KINDS.values()),
    max_legal=L.MAX_LEGAL,
    default_components=default_components,
    new_game=new_game,
    is_over=is_over,
    legal_actions=legal_actions,
    apply_action=apply_action,
    round_of=lambda state: state.round,
    describe=describe_action,
    # Vasco da Gama's categories name the choice itself, not how it differs from the preset's
    category=lambda state, action, chosen: category(state, action),
    choose=choose,
    action_values=action_values,
)
decision_kinds = KIT.decision_kinds
check_settings = KIT.check_settings
sample_positions = KIT.sample_positions
