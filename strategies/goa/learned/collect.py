"""Labelled positions for distilling Goa's learned player: its marker placements, every legal
cell with its features and its search value.

Game ``g`` seats the player in seat ``g mod players`` and the ``opponent`` preset in the
others. At each of the player's ``D_MARKER`` decisions with more than one legal cell, every
cell is rolled out ``rollouts`` times (:func:`strategies.goa.search.regret.action_values`:
determinizations of what the seat may see, common random numbers across actions), every seat
playing its line-up preset afterwards, the player included: search over the current player, as
expert iteration asks. The game goes on with the player's own choice. A position's search seed
is a function of the settings and the position, never of the game's generators.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import polars as pl

from strategies.goa.learned.bids import N_BID_FEATURES, bid_features
from strategies.goa.learned.features import N_FEATURES, marker_features
from strategies.goa.learned.model import FEATURE_NAMES
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.regret import action_values
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game

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
    """The (MAX_PLAYERS, N_PARAMS) table with ``player`` in ``seat`` and ``opponent``
    elsewhere."""
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
    for g in games:
        seat = g % settings.players
        table = lineup_table(player, opponent, settings.players, seat)
        state = new_game(settings.players, settings.seed + g, components)
        position = 0
        while not is_over(state):
            listed = legal_actions(state)
            n = len(listed)
            legal[:n] = listed
            if state.decision == L.D_MARKER and n > 1 and state.current_player == seat:
                # features and labels first: the choice below draws from the player generator
                marker_features(c, state.s, table, legal, n, feats)
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
                chosen = int(choose_scripted(c, state.s, legal, n, table))
                rnd = int(state.s[L.S_ROUND])
                for a in range(n):
                    s_mean = float(share[a].mean())
                    l_mean = float(lead[a].mean())
                    rows["iteration"].append(settings.iteration)
                    rows["game"].append(g)
                    rows["seed"].append(settings.seed + g)
                    rows["position"].append(position)
                    rows["players"].append(settings.players)
                    rows["round"].append(rnd)
                    rows["seat"].append(seat)
                    rows["action"].append(int(legal[a]))
                    rows["chosen"].append(int(legal[a]) == chosen)
                    rows["rollouts"].append(settings.rollouts)
                    rows["share"].append(s_mean)
                    rows["lead"].append(l_mean)
                    rows["value"].append(s_mean + settings.margin * l_mean)
                    for j, name in enumerate(FEATURE_COLUMNS):
                        rows[name].append(float(feats[a, j]))
                position += 1
                if on_position is not None:
                    on_position()
            else:
                chosen = int(choose_scripted(c, state.s, legal, n, table))
            apply_action(state, chosen)
    return pl.DataFrame(rows, schema=SCHEMA)


def _sample(
    decision: int,
    features: Callable,
    n_features: int,
    components,
    player: np.ndarray,
    opponent: np.ndarray,
    players: int,
    games: range,
) -> np.ndarray:
    """The features (rows) of every legal action at ``player``'s decisions of kind
    ``decision`` in ``games`` (seated as :func:`collect_games` seats it, game ``g`` on seed
    ``g``), for the scale of a refinement step."""
    c = components.array
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    feats = np.zeros((L.MAX_LEGAL, n_features))
    rows: list[np.ndarray] = []
    for g in games:
        seat = g % players
        table = lineup_table(player, opponent, players, seat)
        state = new_game(players, g, components)
        while not is_over(state):
            listed = legal_actions(state)
            n = len(listed)
            legal[:n] = listed
            if state.decision == decision and n > 1 and state.current_player == seat:
                features(c, state.s, table, legal, n, feats)
                rows.append(feats[:n].copy())
            apply_action(state, int(choose_scripted(c, state.s, legal, n, table)))
    return np.concatenate(rows) if rows else np.zeros((0, n_features))


def bid_sample(
    components, player: np.ndarray, opponent: np.ndarray, players: int, games: range
) -> np.ndarray:
    """The bid features of every legal answer at ``player``'s bids in ``games``."""
    return _sample(
        L.D_BID, bid_features, N_BID_FEATURES, components, player, opponent, players, games
    )


def marker_sample(
    components, player: np.ndarray, opponent: np.ndarray, players: int, games: range
) -> np.ndarray:
    """The marker features of every legal cell at ``player``'s marker placements in ``games``."""
    return _sample(
        L.D_MARKER, marker_features, N_FEATURES, components, player, opponent, players, games
    )
