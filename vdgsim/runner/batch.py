"""The compiled chunk loop: play a chunk of games and summarise each player from the log.

For every game the loop plays to the end with ``strategies.vasco.loop.play_to_end`` and then reads
the final state (VP, Reals, VP/Reals by source, Reals paid, ranks) and the event log (ships
sent per landing, characters held and VP at each round end, numbers taken, acts performed,
given up or paid for, merchant ships sent, characters dealt at setup) into integer tables;
optionally it copies decision rows and follows every player ship from the slot it was sent to
(what it earned, where it went).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco.loop import play_to_end
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco import vocabulary as V
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine import scoring as SC
from vdgsim.games.vasco.engine.rng import next_u32, seed_stream

# --- per-game integer columns ---------------------------------------------------------------
GAME_COLUMNS = V.GAME_COLUMNS
(
    G_SEED,
    G_ROTATION,
    G_DECISIONS,
    G_LOG_ROWS,
    G_OVERFLOW,
    G_WINNER,
    G_WINNERS,
    G_WIN_VP,
    G_OPTIONS,
    G_FORCED,
) = range(len(GAME_COLUMNS))

# --- per-player integer columns ---------------------------------------------------------------
PLAYER_COLUMNS = V.PLAYER_COLUMNS
_P = {name: i for i, name in enumerate(PLAYER_COLUMNS)}
P_SEAT = _P["seat"]
P_VP = _P["vp"]
P_RANK = _P["rank"]
P_VP_SRC = _P["vp_slot"]
P_REALS = _P["reals"]
P_REALS_SRC = _P["reals_start"]
P_PAID = _P["paid_right_to_act"]
P_SENT = _P["sent_natal"]
P_CHARS = _P["characters_r1"]
P_NUMBERS = _P["numbers_taken"]
P_NUMBER_SUM = _P["number_sum"]
P_PERFORMED = _P["acts_performed"]
P_GIVEN_UP = _P["acts_given_up"]
P_ACTS_PAID = _P["acts_paid"]
P_MERCHANTS = _P["merchants_sent"]
P_VP_ROUND = _P["vp_r1"]
P_DEALT = _P["characters_dealt"]
N_PLAYER_COLUMNS = len(PLAYER_COLUMNS)
N_VP_SRC = len(V.VP_SOURCE_COLUMNS)
N_REALS_SRC = len(V.REALS_SOURCE_COLUMNS)
N_PAID = len(V.PAID_COLUMNS)

# --- decision rows ----------------------------------------------------------------------------
DECISION_COLUMNS = V.DECISION_COLUMNS
N_DECISION_COLUMNS = len(DECISION_COLUMNS)
SAMPLE_ALL = 1 << 32  # threshold meaning "every decision row"

# --- ship rows ----------------------------------------------------------------------------------
SHIP_COLUMNS = V.SHIP_COLUMNS
N_SHIP_COLUMNS = len(SHIP_COLUMNS)
_H = {name: i for i, name in enumerate(SHIP_COLUMNS)}
H_SEAT, H_TILE, H_ROUND, H_LANDING = _H["seat"], _H["tile"], _H["round"], _H["landing"]
H_SLOT, H_SLOT_VP, H_INCOME_VP = _H["slot"], _H["slot_vp"], _H["income_vp"]
H_INCOME_REALS, H_COMPLETION_VP = _H["income_reals"], _H["completion_vp"]
H_LEFT, H_LEFT_ROUND, H_MOVED_UP = _H["left_landing"], _H["left_round"], _H["moved_up"]
H_REMOVED, H_AFTER_MOVING = _H["removed"], _H["vp_after_moving"]
N_SHIP_CODES = L.N_PROJECTS + L.N_MERCHANTS


@njit(cache=True)
def _grow(buf, needed):
    """A copy of ``buf`` with room for at least ``needed`` rows."""
    cap = buf.shape[0]
    while cap < needed:
        cap = cap * 2 + 1024
    out = np.empty((cap, buf.shape[1]), dtype=buf.dtype)
    out[: buf.shape[0]] = buf
    return out


@njit(cache=True)
def summarise_players(s, log, players, base, rank, share, win_share, game_row):
    """Fill ``players[base + seat]`` and ``win_share[base + seat]`` from the final state and log."""
    n_players = s[L.S_N_PLAYERS]
    SC.ranks_and_shares(s, rank, share)
    winners = 0
    winner = -1
    best_vp = 0
    for p in range(n_players):
        row = players[base + p]
        row[:] = 0
        row[P_SEAT] = p
        row[P_VP] = s[L.S_VP + p]
        row[P_RANK] = rank[p]
        win_share[base + p] = share[p]
        if rank[p] == 1:
            winners += 1
            winner = p
            best_vp = s[L.S_VP + p]
        for k in range(N_VP_SRC):
            row[P_VP_SRC + k] = s[L.S_VP_SOURCE + p * L.N_SOURCES + k]
        row[P_REALS] = s[L.S_REALS + p]
        for k in range(N_REALS_SRC):
            row[P_REALS_SRC + k] = s[L.S_REALS_SOURCE + p * L.N_SOURCES + k]
        for k in range(N_PAID):
            row[P_PAID + k] = s[L.S_REALS_PAID + p * L.N_SOURCES + k]
    game_row[G_WINNERS] = winners
    # a shared first place has no single winner
    game_row[G_WINNER] = winner if winners == 1 else -1
    game_row[G_WIN_VP] = best_vp

    # characters: the holder of each one, snapshotted when a round's rows are over
    holder = np.full(L.N_CHARACTERS, -1, dtype=np.int64)
    snap_round = 1
    n_rows = min(s[L.S_LOG_N], log.shape[0])
    for i in range(n_rows):
        ev = log[i, 0]
        rnd = log[i, 1]
        while snap_round < rnd and snap_round <= L.N_ROUNDS:
            for ch in range(L.N_CHARACTERS):
                if holder[ch] >= 0:
                    players[base + holder[ch], P_CHARS + snap_round - 1] |= 1 << ch
            snap_round += 1
        p = log[i, 3]
        if ev == E.EV_GAIN:
            if log[i, 4] == E.G_CHARACTER:
                holder[log[i, 6]] = p
                if log[i, 2] == L.PH_SETUP:  # dealt (R1.3), before anyone could host it
                    players[base + p, P_DEALT] |= 1 << log[i, 6]
        elif ev == E.EV_VP:
            source = log[i, 4]
            if source == L.VP_SLOT:
                players[base + p, P_SENT + log[i, 6]] += 1
            # the end-game scoring (R8.3) is no round's; every other VP row is logged in
            # the round it was scored in (setup counts as round 1)
            if source != L.VP_END_REALS and source != L.VP_END_SHIPS and 1 <= rnd <= L.N_ROUNDS:
                for r in range(rnd, L.N_ROUNDS + 1):
                    players[base + p, P_VP_ROUND + r - 1] += log[i, 5]
        elif ev == E.EV_DECISION:
            kind = log[i, 4]
            action = log[i, 5]
            if kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE:
                players[base + p, P_NUMBERS] += 1
                players[base + p, P_NUMBER_SUM] += A.placement_number(action)
            elif kind == L.D_ACT:
                if action == L.GIVE_UP:
                    players[base + p, P_GIVEN_UP] += 1
                else:
                    players[base + p, P_PERFORMED] += 1
        elif ev == E.EV_PAY:
            if log[i, 4] == L.PAY_RIGHT_TO_ACT:
                players[base + p, P_ACTS_PAID] += 1
        elif ev == E.EV_MERCHANT and log[i, 5] == 1 and p >= 0:
            players[base + p, P_MERCHANTS] += 1
    while snap_round <= L.N_ROUNDS:
        for ch in range(L.N_CHARACTERS):
            if holder[ch] >= 0:
                players[base + holder[ch], P_CHARS + snap_round - 1] |= 1 << ch
        snap_round += 1


@njit(cache=True)
def copy_decisions(log, n_rows, g, threshold, sampler, dec, n_dec):
    """Append the game's decision rows (each kept if a sampler draw is below ``threshold``).

    ``free_number`` is the First Free Number F of the row's round, for every row of that round:
    F is revealed only in Phase 2, but Phase 1 placements are made against that round's F
    (unknown when they are made), so analyses of early numbers join on it.
    """
    if n_dec + n_rows > dec.shape[0]:
        dec = _grow(dec, n_dec + n_rows)
    free_by_round = np.zeros(L.N_ROUNDS + 2, dtype=np.int64)
    for i in range(n_rows):
        if log[i, 0] == E.EV_FREE:
            free_by_round[log[i, 1]] = log[i, 7]
    area = -1
    for i in range(n_rows):
        ev = log[i, 0]
        free = free_by_round[log[i, 1]]
        if ev == E.EV_CALL:
            area = log[i, 5]
        elif ev == E.EV_DECISION:
            if threshold < SAMPLE_ALL and next_u32(sampler, 0) >= threshold:
                continue
            kind = log[i, 4]
            action = log[i, 5]
            number = -1
            dec_area = -1
            if kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE:
                number = A.placement_number(action)
                dec_area = A.placement_area(action)
            elif kind == L.D_ACT:
                number = log[i, 7]
                dec_area = area
            row = dec[n_dec]
            row[0] = g
            row[1] = log[i, 3]
            row[2] = log[i, 1]
            row[3] = log[i, 2]
            row[4] = kind
            row[5] = action
            row[6] = log[i, 6]
            row[7] = log[i, 7]
            row[8] = number
            row[9] = dec_area
            row[10] = free
            n_dec += 1
    return dec, n_dec


@njit(cache=True)
def collect_ships(log, n_rows, g, ships, n_ships):
    """Append one row (``SHIP_COLUMNS``) per player ship sent in game ``g``, read from its log.

    A ship is known by its project tile from the slot VP row that follows its send decision;
    the income, completion VP and Reals rows and the move rows naming that tile are then
    added to its row. Merchant ships have no send decision, so they never get a row.
    """
    row_of = np.full(N_SHIP_CODES, -1, dtype=np.int64)
    pending_tile = -1
    for i in range(n_rows):
        ev = log[i, 0]
        a = log[i, 4]
        b = log[i, 5]
        c = log[i, 6]
        d = log[i, 7]
        if ev == E.EV_DECISION and a == L.D_EXPEDITION_SHIP and b > 0:
            pending_tile = A.ship_send_tile(b)
        elif ev == E.EV_VP and a == L.VP_SLOT and pending_tile >= 0:
            if n_ships + 1 > ships.shape[0]:
                ships = _grow(ships, n_ships + 1)
            row = ships[n_ships]
            row[:] = 0
            row[0] = g
            row[H_SEAT] = log[i, 3]
            row[H_TILE] = pending_tile
            row[H_ROUND] = log[i, 1]
            row[H_LANDING] = c
            row[H_SLOT] = d
            row[H_SLOT_VP] = b
            row_of[pending_tile] = n_ships
            n_ships += 1
            pending_tile = -1
        elif (
            ev == E.EV_VP
            and (a == L.VP_INCOME or a == L.VP_COMPLETION)
            and 0 <= d < N_SHIP_CODES
            and row_of[d] >= 0
        ):
            row = ships[row_of[d]]
            row[H_INCOME_VP if a == L.VP_INCOME else H_COMPLETION_VP] += b
            if row[H_LEFT] or c != row[H_LANDING]:  # earned after leaving its first landing
                row[H_AFTER_MOVING] += b
        elif ev == E.EV_REALS and a == L.R_INCOME and 0 <= d < N_SHIP_CODES and row_of[d] >= 0:
            ships[row_of[d], H_INCOME_REALS] += b
        elif ev == E.EV_MOVE and 0 <= a < N_SHIP_CODES and row_of[a] >= 0:
            row = ships[row_of[a]]
            if not row[H_LEFT]:  # the first move: its landing was complete (R6.4)
                row[H_LEFT] = 1
                row[H_LEFT_ROUND] = log[i, 1]
                row[H_MOVED_UP] = 1 if c >= 0 else 0
            if c < 0:
                row[H_REMOVED] = 1
    return ships, n_ships


@njit(cache=True)
def play_chunk(c, n_players, seeds, rotations, params, threshold, sample_key, with_ships):
    """Play one game per seed; game ``g`` uses the parameter table ``params[rotations[g]]``.

    Returns (games, players, win_share, decisions, n_decisions, ships, n_ships): int64 tables
    whose columns are ``GAME_COLUMNS``, ``PLAYER_COLUMNS``, ``DECISION_COLUMNS`` and
    ``SHIP_COLUMNS``, and the float win shares. ``threshold`` is 0 for no decisions,
    ``SAMPLE_ALL`` for all, else a 32-bit cut-off; ``with_ships`` fills the ship rows. Neither
    changes the games: both only read each game's log after it has been played.
    """
    n = seeds.shape[0]
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    games = np.zeros((n, len(GAME_COLUMNS)), dtype=np.int64)
    players = np.zeros((n * n_players, N_PLAYER_COLUMNS), dtype=np.int64)
    win_share = np.zeros(n * n_players, dtype=np.float64)
    dec = np.zeros((1024 if threshold > 0 else 0, N_DECISION_COLUMNS), dtype=np.int64)
    n_dec = 0
    ships = np.zeros((256 if with_ships else 0, N_SHIP_COLUMNS), dtype=np.int64)
    n_ships = 0
    sampler = np.zeros(4, dtype=np.int64)
    seed_stream(sampler, 0, sample_key, 0)
    for g in range(n):
        flow.new_game_state(c, s, log, n_players, seeds[g])
        options, forced = play_to_end(c, s, log, params[rotations[g]], legal)
        row = games[g]
        row[G_SEED] = seeds[g]
        row[G_ROTATION] = rotations[g]
        row[G_DECISIONS] = s[L.S_DECISIONS_TAKEN]
        row[G_LOG_ROWS] = s[L.S_LOG_N]
        row[G_OVERFLOW] = 1 if s[L.S_LOG_N] > log.shape[0] else 0
        row[G_OPTIONS] = options
        row[G_FORCED] = forced
        summarise_players(s, log, players, g * n_players, rank, share, win_share, row)
        if threshold > 0:
            n_rows = min(s[L.S_LOG_N], log.shape[0])
            dec, n_dec = copy_decisions(log, n_rows, g, threshold, sampler, dec, n_dec)
        if with_ships:
            n_rows = min(s[L.S_LOG_N], log.shape[0])
            ships, n_ships = collect_ships(log, n_rows, g, ships, n_ships)
    return games, players, win_share, dec, n_dec, ships, n_ships
