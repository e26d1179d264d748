"""Goa's compiled chunk loop for the batch runner: play a chunk of games, summarise each player.

The runner is shared with Vasco da Gama (``vdgsim.runner``); what is Goa's own is here: the
per-game and per-player columns and the loop that fills them from each game's final state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.engine import flow
from vdgsim.goa.engine import scoring as SC
from vdgsim.goa.players import play_to_end

# --- per-game integer columns -------------------------------------------------------------------
GAME_COLUMNS = (
    "seed",
    "rotation",
    "decisions",
    "log_rows",
    "log_overflow",
    "winner",
    "winners",
    "winning_vp",
    "vp_margin",
)
(
    G_SEED,
    G_ROTATION,
    G_DECISIONS,
    G_LOG_ROWS,
    G_OVERFLOW,
    G_WINNER,
    G_WINNERS,
    G_WIN_VP,
    G_MARGIN,
) = range(len(GAME_COLUMNS))

# --- per-player integer columns (the win share is a float column of its own) -------------------
VP_SOURCE_COLUMNS = tuple("vp_" + name.replace(" ", "_") for name in L.VP_SOURCE_NAMES)
ROW_COLUMNS = tuple(f"row_{key}" for key in L.COLUMN_KEYS)
PLAYER_COLUMNS = (
    "seat",
    "vp",
    "rank",
    *VP_SOURCE_COLUMNS,
    "ducats",
    "ships",
    "colonists",
    "spices",
    "colonies",
    "cards",
    "extra_actions",
    *ROW_COLUMNS,
)
_P = {name: i for i, name in enumerate(PLAYER_COLUMNS)}
P_SEAT, P_VP, P_RANK, P_VP_SRC = _P["seat"], _P["vp"], _P["rank"], _P[VP_SOURCE_COLUMNS[0]]
P_DUCATS, P_SHIPS, P_COLONISTS, P_SPICES = _P["ducats"], _P["ships"], _P["colonists"], _P["spices"]
P_COLONIES, P_CARDS, P_EXTRA, P_ROW = (
    _P["colonies"],
    _P["cards"],
    _P["extra_actions"],
    _P[ROW_COLUMNS[0]],
)


@njit(cache=True)
def summarise_players(s, players, base, rank, share, win_share, game_row):
    """Fill ``players[base + seat]``, ``win_share[base + seat]`` and the winner columns of
    ``game_row`` from a finished game's state."""
    st = S.fields(s)
    n_players = st.players
    SC.ranks_and_shares(s, rank, share)
    winners = 0
    winner = -1
    best = -(2**62)
    second = -(2**62)
    for p in range(n_players):
        vp = st.vp[p]
        if vp > best:
            second = best
            best = vp
        elif vp > second:
            second = vp
        if rank[p] == 1:
            winners += 1
            winner = p
        row = players[base + p]
        row[:] = 0
        row[P_SEAT] = p
        row[P_VP] = vp
        row[P_RANK] = rank[p]
        win_share[base + p] = share[p]
        for k in range(L.N_VP_SOURCES):
            row[P_VP_SRC + k] = st.vp_by_source[p, k]
        row[P_DUCATS] = st.ducats[p]
        row[P_SHIPS] = st.ships[p]
        row[P_COLONISTS] = st.colonists[p]
        spices = 0
        for space in range(L.N_SPACES):
            for spice in range(L.N_SPICES):
                spices += st.spices[p, space, spice]
        row[P_SPICES] = spices
        colonies = 0
        for k in range(L.N_COLONIES):
            if st.space_tile[p, L.N_PLANT_SPACES + k] >= 0:
                colonies += 1
        row[P_COLONIES] = colonies
        row[P_CARDS] = st.hand_size[p]
        row[P_EXTRA] = st.extra_actions[p]
        for col in range(L.N_COLS):
            row[P_ROW + col] = st.row[p, col]
    game_row[G_WINNERS] = winners
    # a first place shared after the ducats tie-break has no single winner
    game_row[G_WINNER] = winner if winners == 1 else -1
    game_row[G_WIN_VP] = best
    game_row[G_MARGIN] = best - second


@njit(cache=True)
def play_chunk(c, n_players, seeds, rotations, params):
    """Play one game per seed; game ``g`` uses the parameter table ``params[rotations[g]]``.

    Returns (games, players, win_share): int64 tables whose columns are ``GAME_COLUMNS`` and
    ``PLAYER_COLUMNS`` (one row per game, one per player and game), and the float win shares.
    """
    n = seeds.shape[0]
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    games = np.zeros((n, len(GAME_COLUMNS)), dtype=np.int64)
    players = np.zeros((n * n_players, len(PLAYER_COLUMNS)), dtype=np.int64)
    win_share = np.zeros(n * n_players, dtype=np.float64)
    for g in range(n):
        # the runner plays the rulebook game: no G9 variants
        flow.new_game_state(c, s, log, n_players, seeds[g], 0, 0, 0)
        play_to_end(c, s, log, params[rotations[g]], legal)
        st = S.fields(s)
        row = games[g]
        row[G_SEED] = seeds[g]
        row[G_ROTATION] = rotations[g]
        row[G_DECISIONS] = st.decisions_taken
        row[G_LOG_ROWS] = st.log_rows
        row[G_OVERFLOW] = 1 if st.log_rows > log.shape[0] else 0
        summarise_players(s, players, g * n_players, rank, share, win_share, row)
    return games, players, win_share
