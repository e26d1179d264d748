"""Goa's compiled chunk loop for the batch runner: play a chunk of games, summarise each player.

The runner is shared with Vasco da Gama (``vdgsim.runner``); what is Goa's own is here: the
per-game and per-player columns and the loop that fills them from each game's final state,
and the optional auctions table read from each game's event log.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from numba import njit

from strategies.goa import play_to_end
from strategies.goa.params import LOT_AXIS, LOT_FLAG, LOT_OF_KIND
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.engine import scoring as SC

# --- per-game integer columns -------------------------------------------------------------------
GAME_COLUMNS = (
    "seed",
    "rotation",
    "start_player",
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
    G_START,
    G_DECISIONS,
    G_LOG_ROWS,
    G_OVERFLOW,
    G_WINNER,
    G_WINNERS,
    G_WIN_VP,
    G_MARGIN,
) = range(len(GAME_COLUMNS))

# --- per-player integer columns (the win share is a float column of its own) -------------------
VP_SOURCE_COLUMNS = L.VP_SOURCE_COLUMNS
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


# --- the auctions table: one row per auctioned item (G4) ----------------------------------------
AUCTION_COLUMNS = (
    "game_in_chunk",
    "round",
    "phase",
    "item",
    "tile",
    "owner",
    "buyer",
    "price",
    "high_bid",
    "bids",
)
(
    A_GAME,
    A_ROUND,
    A_PHASE,
    A_ITEM,
    A_TILE,
    A_OWNER,
    A_BUYER,
    A_PRICE,
    A_HIGH,
    A_BIDS,
) = range(len(AUCTION_COLUMNS))
# every round auctions the Flag and one tile per player (G3.2, G4.1)
AUCTIONS_PER_GAME = L.N_ROUNDS * L.N_MARKERS


@njit(cache=True)
def collect_auctions(log, n_rows, g, out, n_out):
    """Append one row per auctioned item of a game's event log to ``out`` from row ``n_out``;
    returns the new row count (rows beyond ``out`` are counted, not written).

    The log holds no item numbers or owners, so they are rebuilt from its order: a round's
    auctions start with the SP's Flag decision (he owns marker 1), the marker decisions follow
    in marker order (the decider owns the marker), then each item's bids and owner's choice end
    with its hand-over row, the Flag's start-player row first and then each tile's auction row
    (G3, G4.1). Only the ``n_rows`` first rows are read (those stored when the log
    overflows): an item whose hand-over row was not stored is not recorded, and every row
    recorded is whole (the hand-over row is an item's last).
    """
    owners = np.full(L.N_MARKERS + 1, -1, dtype=np.int64)
    item = 0
    placed = 0
    high = 0
    bids = 0
    stored = n_rows if n_rows < log.shape[0] else log.shape[0]
    for i in range(stored):
        ev = log[i, 0]
        if ev == C.EV_DECISION:
            kind = log[i, 4]
            if kind == L.D_FLAG:
                owners[:] = -1
                owners[1] = log[i, 3]
                placed = 1
                item = 0
                high = 0
                bids = 0
            elif kind == L.D_MARKER:
                placed += 1
                if placed <= L.N_MARKERS:
                    owners[placed] = log[i, 3]
            elif kind == L.D_BID and log[i, 5] > 0:
                # a bid must beat the high bid (G4.2), so the last one is the highest
                high = log[i, 5]
                bids += 1
        elif (ev == C.EV_SP and log[i, 6] == 1) or (ev == C.EV_TILE and log[i, 5] == 0):
            item += 1
            if n_out < out.shape[0]:
                row = out[n_out]
                row[A_GAME] = g
                row[A_ROUND] = log[i, 1]
                row[A_PHASE] = log[i, 2]
                row[A_ITEM] = item
                row[A_TILE] = log[i, 4] if ev == C.EV_TILE else -1
                row[A_OWNER] = owners[item] if item <= L.N_MARKERS else -1
                row[A_BUYER] = log[i, 3]
                row[A_PRICE] = log[i, 5] if ev == C.EV_SP else log[i, 6]
                row[A_HIGH] = high
                row[A_BIDS] = bids
            n_out += 1
            high = 0
            bids = 0
    return n_out


@njit(cache=True)
def play_chunk(c, n_players, seeds, rotations, params, auctions):
    """Play one game per seed; game ``g`` uses the parameter table ``params[rotations[g]]``.

    Returns (games, players, win_share, auction_rows, n_auction_rows): int64 tables whose
    columns are ``GAME_COLUMNS`` and ``PLAYER_COLUMNS`` (one row per game, one per player and
    game), the float win shares, and with ``auctions`` the ``AUCTION_COLUMNS`` rows.
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
    cap = n * L.N_ROUNDS * (n_players + 1) if auctions else 0
    auction_rows = np.zeros((cap, len(AUCTION_COLUMNS)), dtype=np.int64)
    n_auctions = 0
    for g in range(n):
        # the G9 variants come with the component data ([variants]; all off by default)
        flow.new_game_state(
            c,
            s,
            log,
            n_players,
            seeds[g],
            c[L.C_VARIANT_QUICK],
            c[L.C_VARIANT_BONANZA],
            c[L.C_VARIANT_STRICT],
        )
        # no extra action card is handed out before the first decision (as game.new_game)
        s[L.S_OPT_EXTRA_CAP] = c[L.C_VARIANT_EXTRA_CAP]
        row = games[g]
        # drawn at set-up (G1.6); the Flag's holder at the end may be another seat
        row[G_START] = S.fields(s).start_player
        play_to_end(c, s, log, params[rotations[g]], legal)
        st = S.fields(s)
        row[G_SEED] = seeds[g]
        row[G_ROTATION] = rotations[g]
        row[G_DECISIONS] = st.decisions_taken
        row[G_LOG_ROWS] = st.log_rows
        row[G_OVERFLOW] = 1 if st.log_rows > log.shape[0] else 0
        summarise_players(s, players, g * n_players, rank, share, win_share, row)
        if auctions:
            n_auctions = collect_auctions(log, st.log_rows, g, auction_rows, n_auctions)
    return games, players, win_share, auction_rows, n_auctions


AUCTION_TABLE_COLUMNS = (
    "game",
    "round",
    "phase",
    "item",
    "lot",
    "category",
    "lot_group",
    "tile",
    "owner",
    "buyer",
    "price",
    "high_bid",
    "bids",
    "kept",
    "players",
    "buyer_strategy",
)


def auction_frame(
    rows: np.ndarray,
    first: int,
    players: int,
    rotations: np.ndarray,
    names: np.ndarray,
    components: np.ndarray,
    tile_names: tuple[str, ...],
) -> pl.DataFrame:
    """The auctions table of a chunk from :func:`collect_auctions` rows (``first``: the
    chunk's first game; ``names``: strategy per rotation and seat; ``tile_names``: the
    component name of every tile instance)."""
    if rows.shape[0] > rotations.shape[0] * L.N_ROUNDS * (players + 1):
        raise AssertionError("more auction rows than a game has items")  # collect_auctions' cap
    g, tile, buyer = rows[:, A_GAME], rows[:, A_TILE], rows[:, A_BUYER]
    flag = tile < 0
    kind = np.where(flag, -1, components[L.C_TILE_KIND + np.where(flag, 0, tile)])
    kind_keys = np.array(L.TILE_KIND_KEYS, dtype=object)
    group_keys = np.array(LOT_AXIS, dtype=object)
    group = np.where(flag, LOT_FLAG, np.array(LOT_OF_KIND)[np.where(flag, 0, kind)])
    lots = np.array([*tile_names, "flag"], dtype=object)
    n = len(rows)
    strat = names[rotations[g], buyer].astype(str) if n else np.array([], str)
    return pl.DataFrame(
        {
            "game": g + first,
            "round": rows[:, A_ROUND],
            "phase": np.array(["A", "B"])[rows[:, A_PHASE]] if n else np.array([], str),
            "item": rows[:, A_ITEM],
            # a flag row's tile is -1: the last name
            "lot": lots[tile].astype(str) if n else np.array([], str),
            "category": np.where(flag, "flag", kind_keys[kind]).astype(str),
            "lot_group": group_keys[group].astype(str),
            "tile": tile,
            "owner": rows[:, A_OWNER],
            "buyer": buyer,
            "price": rows[:, A_PRICE],
            "high_bid": rows[:, A_HIGH],
            "bids": rows[:, A_BIDS],
            "kept": rows[:, A_OWNER] == buyer,
            "players": np.full(n, players),
            "buyer_strategy": strat,
        },
        schema_overrides={
            "game": pl.Int64,
            "phase": pl.String,
            "lot": pl.String,
            "category": pl.String,
            "lot_group": pl.String,
            "buyer_strategy": pl.String,
        },
    ).with_columns(
        pl.col("round", "item", "owner", "buyer", "bids", "players").cast(pl.Int8),
        pl.col("tile").cast(pl.Int8),
        pl.col("price", "high_bid").cast(pl.Int16),
    )
