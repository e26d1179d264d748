"""Decision regret: what a scripted player's choices lose against one ply of search.

The line-up plays its games; at sampled decisions of the chosen kinds (every ``every``-th one
with more than one legal action) every legal action is rolled out ``rollouts`` times, each
seat playing its own line-up preset afterwards. The rollouts are the ``mc`` player's:
determinizations of what the deciding seat may see (:mod:`.determinize`, RULES R9.4) and
common random numbers (action ``a``'s k-th rollout uses determinization ``k mod dets`` and the
k-th generator streams, the same for every action). The table records, per position and legal
action, the deciding seat's mean win share (ties split) and mean VP lead over the best rival,
each over the even and over the odd rollouts. :mod:`vdgsim.analysis.regret` turns it
into regret: the best action is picked on one half and scored on the other (and the other way
round), so picking the best of noisy estimates does not inflate it.

The values are relative to the line-up's own continuation: an action is judged as if every
later decision were the presets' again. One ply of search improves on that; a parameter change
that follows the same direction at every decision need not (see docs/strategies.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl
from numba import njit

from strategies.params import KIND_MC, P_KIND
from strategies.policy import choose
from strategies.search.determinize import determinize
from strategies.search.names import DECISION_KEYS
from strategies.search.rollout import new_rollout_scratch, play_out
from vdgsim import layout as L
from vdgsim.components import Components, default_components
from vdgsim.describe import describe_action
from vdgsim.engine import actions as A
from vdgsim.engine import scoring as SC
from vdgsim.engine import state as S
from vdgsim.engine.flow import apply as flow_apply
from vdgsim.game import GameState, apply_action, is_over, legal_actions, new_game
from vdgsim.paramtable import decision_mask
from vdgsim.vocabulary import AREA_AXIS, CHARACTER_AXIS, LANDING_AXIS

SCHEMA = {
    "position": pl.Int64,
    "game": pl.Int64,
    "seed": pl.Int64,
    "players": pl.Int64,
    "round": pl.Int64,
    "decision": pl.Utf8,
    "seat": pl.Int64,
    "preset": pl.Utf8,
    "action": pl.Int64,
    "text": pl.Utf8,
    "category": pl.Utf8,
    "chosen": pl.Boolean,
    "share_even": pl.Float64,
    "share_odd": pl.Float64,
    "lead_even": pl.Float64,
    "lead_odd": pl.Float64,
    "rollouts": pl.Int64,
}


@njit(cache=True)
def action_values(c, s, legal, n, table, me, rollouts, dets, seed, share, lead):
    """Fill ``share[a, k]`` (seat ``me``'s win share, ties split) and ``lead[a, k]`` (its VP
    minus the best rival's) of rollout ``k`` after legal action ``a``; rollouts are played by
    ``table``'s presets on common random numbers (see the module docstring)."""
    t, log0, buf, cache, wi, wf = new_rollout_scratch()
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    sh = np.zeros(L.MAX_PLAYERS)
    st = S.fields(t)
    for a in range(n):
        for k in range(rollouts):
            determinize(c, s, t, seed, k % dets, k)
            flow_apply(c, t, log0, legal[a])
            play_out(c, t, log0, table, buf, cache, wi, wf)
            SC.ranks_and_shares(t, rank, sh)
            best = -1000000
            for q in range(st.players):
                if q != me and st.vp[q] > best:
                    best = st.vp[q]
            share[a, k] = sh[me]
            lead[a, k] = st.vp[me] - best


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


@dataclass(frozen=True)
class RegretSettings:
    """What :func:`sample_positions` samples and how hard it looks."""

    lineup: tuple[str, ...]
    games: int
    seed: int
    decisions: tuple[str, ...] = ("act", "place_disc")
    every: int = 1
    rollouts: int = 64
    dets: int = 32


def decision_kinds(names: Sequence[str]) -> list[int]:
    """Decision codes of names spelled as a search player's ``decisions=`` (``place_disc``,
    ``act``, ...), read by the same :func:`vdgsim.paramtable.decision_mask`; an unknown name
    is a one-line ValueError naming the known ones."""
    out = []
    for name in names:
        mask = decision_mask(name, name, DECISION_KEYS, ValueError)  # "act/launch" too
        out += [d for d in range(mask.bit_length()) if (mask >> d) & 1]
    return out


def check_settings(settings: RegretSettings, table: np.ndarray) -> None:
    """One-line ValueErrors for settings :func:`sample_positions` cannot run."""
    if np.any(table[: len(settings.lineup), P_KIND] >= KIND_MC):
        # the rollouts replay every seat's preset thousands of times per position
        raise ValueError("regret needs scripted players (presets), not search players")
    if settings.rollouts < 2 or settings.rollouts % 2:
        raise ValueError(f"rollouts must be even and at least 2, got {settings.rollouts}")
    if settings.games < 1 or settings.every < 1 or settings.dets < 1:
        raise ValueError("games, every and dets must be at least 1")
    decision_kinds(settings.decisions)


def sample_positions(
    settings: RegretSettings,
    table: np.ndarray,
    components: Components | None = None,
    on_game: Callable[[int, int], None] | None = None,
) -> pl.DataFrame:
    """Play ``settings.games`` games of the line-up (game ``i`` on seed ``seed + i``) and
    return one row per sampled position and legal action (columns :data:`SCHEMA`).

    ``table`` is the line-up's parameter table (scripted presets only: the rollouts replay
    them). ``on_game(done, positions)`` is called after each game (progress)."""
    check_settings(settings, table)
    comp = components or default_components()
    c = comp.array
    kinds = set(decision_kinds(settings.decisions))
    players = len(settings.lineup)
    rows: dict[str, list] = {k: [] for k in SCHEMA}
    position = 0
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for g in range(settings.games):
        game_seed = settings.seed + g
        state = new_game(players, game_seed, comp)
        seen = 0
        while not is_over(state):
            listed = legal_actions(state)
            n = len(listed)
            legal[:n] = listed
            # the preset's own choice, made on the game's state as in any game: its tie-breaks
            # come from the player generator, which the rollouts reseed and never advance
            chosen = int(choose(c, state.s, legal, n, table))
            if state.decision in kinds and n > 1:
                seen += 1
                if seen % settings.every == 0:
                    _record(rows, state, legal, n, chosen, table, settings, position, g, c)
                    position += 1
            apply_action(state, chosen)
        if on_game is not None:
            on_game(g + 1, position)
    return pl.DataFrame(rows, schema=SCHEMA)


def _record(rows, state, legal, n, chosen, table, settings, position, game, c) -> None:
    me = state.current_player
    share = np.zeros((n, settings.rollouts))
    lead = np.zeros((n, settings.rollouts))
    # the search seed is a pure function of the settings and the position, never of the
    # game's generators (which the preset's decisions use)
    seed = int(np.random.SeedSequence([settings.seed, game, position]).generate_state(1)[0])
    action_values(
        c, state.s, legal, n, table, me, settings.rollouts, settings.dets, seed, share, lead
    )
    for a in range(n):
        code = int(legal[a])
        rows["position"].append(position)
        rows["game"].append(game)
        rows["seed"].append(settings.seed + game)
        rows["players"].append(len(settings.lineup))
        rows["round"].append(state.round)
        rows["decision"].append(DECISION_KEYS[state.decision])
        rows["seat"].append(me)
        rows["preset"].append(settings.lineup[me])
        rows["action"].append(code)
        rows["text"].append(describe_action(state, code))
        rows["category"].append(category(state, code))
        rows["chosen"].append(code == chosen)
        rows["share_even"].append(float(share[a, 0::2].mean()))
        rows["share_odd"].append(float(share[a, 1::2].mean()))
        rows["lead_even"].append(float(lead[a, 0::2].mean()))
        rows["lead_odd"].append(float(lead[a, 1::2].mean()))
        rows["rollouts"].append(settings.rollouts)
