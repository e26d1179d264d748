"""Labelled positions for distillation: the player's Phase 2 decisions, every legal action
with its features and its search value.

Game ``g`` seats the player in seat ``g mod players`` and the ``opponent`` preset in the
others (seat rotation over games). At each of the player's ``D_ACT`` decisions with more than
one legal action, every legal action is rolled out ``rollouts`` times by the ``mc`` player's
rollouts (:func:`strategies.vasco.search.regret.action_values`: determinizations of what the seat
may see, common random numbers across actions), every seat playing its line-up preset afterwards,
the player included: search over the current player, as expert iteration asks. The game goes
on with the player's own choice. A position's search seed is a function of the settings and
the position, never of the game's generators.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import polars as pl

from strategies.vasco import params as P
from strategies.vasco.heuristic import work as W
from strategies.vasco.learned.features import (
    N_FEATURES,
    N_PLACE_FEATURES,
    act_features,
    place_features,
)
from strategies.vasco.learned.model import FEATURE_NAMES
from strategies.vasco.policy import choose, new_cache
from strategies.vasco.search.regret import action_values
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.game import apply_action, is_over, legal_actions, new_game

FEATURE_COLUMNS = tuple(f"f_{name}" for name in FEATURE_NAMES)
SCHEMA: dict[str, pl.DataType] = {
    "iteration": pl.Int64,
    "game": pl.Int64,
    "seed": pl.Int64,
    "position": pl.Int64,
    "players": pl.Int64,
    "round": pl.Int64,
    "seat": pl.Int64,
    "action": pl.Int64,
    "chosen": pl.Boolean,
    "share": pl.Float64,
    "lead": pl.Float64,
    "value": pl.Float64,
    "rollouts": pl.Int64,
    **{name: pl.Float64 for name in FEATURE_COLUMNS},
}


@dataclass(frozen=True)
class CollectSettings:
    """Who plays, on which seeds, and how hard the search looks."""

    players: int
    seed: int  # game g is played on seed + g
    rollouts: int
    dets: int
    margin: float  # a label is the mean win share plus margin x the mean VP lead (as mc's)
    iteration: int


def lineup_table(player: np.ndarray, opponent: np.ndarray, players: int, seat: int) -> np.ndarray:
    """The (4, N_PARAMS) table with ``player`` in ``seat`` and ``opponent`` elsewhere."""
    table = np.zeros((L.MAX_PLAYERS, len(player)), dtype=np.float64)
    for q in range(players):
        table[q] = player if q == seat else opponent
    return table


def collect_games(
    settings: CollectSettings,
    player: np.ndarray,
    opponent: np.ndarray,
    games: range,
    components,
    on_position: Callable[[], None] | None = None,
) -> pl.DataFrame:
    """One row per labelled position and legal action of games ``games`` (columns
    :data:`SCHEMA`); ``player`` and ``opponent`` are parameter rows for the player count."""
    c = components.array
    rows: dict[str, list] = {k: [] for k in SCHEMA}
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    feats = np.zeros((L.MAX_LEGAL, N_FEATURES))
    wi, wf = W.new_work()
    for g in games:
        seat = g % settings.players
        table = lineup_table(player, opponent, settings.players, seat)
        state = new_game(settings.players, settings.seed + g, components)
        position = 0
        while not is_over(state):
            listed = legal_actions(state)
            n = len(listed)
            legal[:n] = listed
            if state.decision == L.D_ACT and n > 1 and state.current_player == seat:
                # features and labels first: the choice below draws from the player generator
                act_features(c, state.s, table[seat], legal, n, wi, wf, feats)
                share = np.zeros((n, settings.rollouts))
                lead = np.zeros((n, settings.rollouts))
                entropy = [settings.seed, settings.iteration, g, position]
                search_seed = int(np.random.SeedSequence(entropy).generate_state(1)[0])
                action_values(
                    c,
                    state.s,
                    legal,
                    n,
                    table,
                    seat,
                    settings.rollouts,
                    settings.dets,
                    search_seed,
                    share,
                    lead,
                )
                chosen = int(choose(c, state.s, legal, n, table))
                _record(rows, settings, g, position, state.round, seat, legal, n, chosen)
                for a in range(n):
                    s_mean = float(share[a].mean())
                    l_mean = float(lead[a].mean())
                    rows["share"].append(s_mean)
                    rows["lead"].append(l_mean)
                    rows["value"].append(s_mean + settings.margin * l_mean)
                    for j, name in enumerate(FEATURE_COLUMNS):
                        rows[name].append(float(feats[a, j]))
                position += 1
                if on_position is not None:
                    on_position()
            else:
                chosen = int(choose(c, state.s, legal, n, table))
            apply_action(state, chosen)
    return pl.DataFrame(rows, schema=SCHEMA)


def _record(rows, settings, game, position, rnd, seat, legal, n, chosen) -> None:
    for a in range(n):
        rows["iteration"].append(settings.iteration)
        rows["game"].append(game)
        rows["seed"].append(settings.seed + game)
        rows["position"].append(position)
        rows["players"].append(settings.players)
        rows["round"].append(int(rnd))
        rows["seat"].append(seat)
        rows["action"].append(int(legal[a]))
        rows["chosen"].append(int(legal[a]) == chosen)
        rows["rollouts"].append(settings.rollouts)


def placement_features(
    components, player: np.ndarray, opponent: np.ndarray, players: int, games: range
) -> np.ndarray:
    """The features (rows) of every placement ``player`` weighs at its disc placements in
    ``games`` (seated as :func:`collect_games` seats it), for the scale of a refinement step."""
    keep = np.zeros(L.MAX_LEGAL, dtype=np.bool_)
    wi, wf = W.new_work()

    def fill(c, s, pr, seat, legal, n, feats):
        place_features(c, s, pr, seat, legal, n, new_cache(), wi, wf, feats, keep)
        return feats[:n][keep[:n]]

    placing = (L.D_PLACE_DISC, L.D_MANUEL_PLACE)
    return _sample(components, player, opponent, players, games, placing, N_PLACE_FEATURES, fill)


def action_features(
    components, player: np.ndarray, opponent: np.ndarray, players: int, games: range
) -> np.ndarray:
    """The features (rows) of every legal action at ``player``'s Phase 2 decisions in
    ``games`` (seated as :func:`collect_games` seats it), for the scale of a refinement step."""
    wi, wf = W.new_work()

    def fill(c, s, pr, seat, legal, n, feats):
        act_features(c, s, pr, legal, n, wi, wf, feats)
        return feats[:n]

    return _sample(components, player, opponent, players, games, (L.D_ACT,), N_FEATURES, fill)


def hidden_features(
    components, player: np.ndarray, opponent: np.ndarray, players: int, games: range
) -> np.ndarray:
    """As :func:`action_features`, each row followed by the values of ``player``'s hidden
    units, all :data:`strategies.vasco.params.N_HIDDEN` columns of them (a unit it does not use
    is 0): what the refinement of block ``hidden`` moves weights of."""
    x = action_features(components, player, opponent, players, games)
    n = x.shape[1]
    w = player[P.HW_FIRST : P.HW_FIRST + P.N_HIDDEN * n].reshape(P.N_HIDDEN, n)
    bias = player[P.HB_FIRST : P.HB_FIRST + P.N_HIDDEN]
    return np.hstack([x, np.maximum(x @ w.T + bias, 0.0)])


def _sample(components, player, opponent, players, games, decisions, width, fill) -> np.ndarray:
    """The rows ``fill`` gives at each of the player's decisions of kind ``decisions`` with a
    choice, in games played by the line-up to the end."""
    c = components.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    feats = np.zeros((L.MAX_LEGAL, width))
    rows: list[np.ndarray] = []
    for g in games:
        seat = g % players
        table = lineup_table(player, opponent, players, seat)
        state = new_game(players, g, components)
        while not is_over(state):
            listed = legal_actions(state)
            n = len(listed)
            legal[:n] = listed
            if state.decision in decisions and n > 1 and state.current_player == seat:
                rows.append(fill(c, state.s, table[seat], seat, legal, n, feats).copy())
            apply_action(state, int(choose(c, state.s, legal, n, table)))
    return np.concatenate(rows) if rows else np.zeros((0, width))
