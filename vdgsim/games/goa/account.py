"""A round-by-round account of one Goa game in plain words, told from its event log, and the
log as JSON-able records with named columns.

The log records every decision and what the rules did with it (tiles taken and their prices,
markers moved, colonies, bonuses, the final VP), but not the ducats, ships, colonists, spices
and cards that each step moved. A game is a pure function of its set-up and its decisions, so
the account replays the logged decisions on a fresh game and reads those off the state: it
can tell any finished game, however it was played (compiled loop or step by step).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.engine.common import (
    EV_BONANZA,
    EV_BONUS,
    EV_COLONY,
    EV_DECISION,
    EV_MARKER,
    EV_SP,
    EV_TILE,
    EV_VP,
    EVENT_NAMES,
)
from vdgsim.games.goa.game import GameState, Options, apply_action, log_rows, new_game, result
from vdgsim.games.goa.state import PlainStateView

TILE_HOW = ("auction", "gift", "exchange", "free")
MARKER_HOW = ("develop", "card", "viceroy", "quick start")
HOLDINGS = ("ducats", "ships", "colonists", "extra action cards", "cards")
# decisions whose effect the account tells as a change of holdings, not one by one
# (or, for an Exchange, as the tile taken)
_SILENT = (
    L.D_GAIN_SPICE,
    L.D_PAY_SPICE,
    L.D_SELL,
    L.D_DRAW,
    L.D_EXTRA,
    L.D_BID,
    L.D_OWNER,
    L.D_EXCHANGE,
)


def seat_name(seat: int) -> str:
    return f"seat {seat}"


def options_of(state: GameState) -> Options:
    """The variants (G9) a game was set up with."""
    s = state.s
    return Options(
        quick_start=bool(s[L.S_OPT_QUICK]),
        bonanza=bool(s[L.S_OPT_BONANZA]),
        strict_hand_limit=bool(s[L.S_OPT_STRICT]),
        extra_action_cap=int(s[L.S_OPT_EXTRA_CAP]),
    )


def holdings(state: GameState) -> np.ndarray:
    """Per seat: ducats, ships, colonists, extra action cards, cards in hand, then the spices
    stored of each kind (``layout.SPICE_KEYS``)."""
    st = PlainStateView(state.s)
    n = state.players
    out = np.zeros((n, len(HOLDINGS) + L.N_SPICES), dtype=np.int64)
    for p in range(n):
        out[p, : len(HOLDINGS)] = (
            st.ducats[p],
            st.ships[p],
            st.colonists[p],
            st.extra_actions[p],
            st.hand_size[p],
        )
        out[p, len(HOLDINGS) :] = st.spices[p].sum(axis=0)
    return out


def count(n: int, plural: str) -> str:
    """``1 ship``, ``2 ships``: every plural here ends in a plain "s"."""
    return f"{n} {plural[:-1] if n == 1 else plural}"


def holdings_text(h: np.ndarray) -> str:
    """``12 ducats, 3 ships, ... 4 spices (ginger 1, clove 3)`` for one seat's holdings."""
    parts = [count(int(v), name) for name, v in zip(HOLDINGS, h, strict=False)]
    spices = h[len(HOLDINGS) :]
    kinds = ", ".join(f"{k} {int(v)}" for k, v in zip(L.SPICE_KEYS, spices, strict=True) if v)
    parts.append(count(int(spices.sum()), "spices") + (f" ({kinds})" if kinds else ""))
    return ", ".join(parts)


def change_text(before: np.ndarray, after: np.ndarray) -> str:
    """What changed between two holdings of one seat (empty if nothing did)."""
    d = after - before
    parts = [f"{name} {int(v):+d}" for name, v in zip(HOLDINGS, d, strict=False) if v]
    spices = d[len(HOLDINGS) :]
    if spices.any():
        kinds = ", ".join(
            f"{k} {int(v):+d}" for k, v in zip(L.SPICE_KEYS, spices, strict=True) if v
        )
        parts.append(f"spices {int(spices.sum()):+d} ({kinds})")
    return ", ".join(parts)


def replay(state: GameState) -> tuple[GameState, list[int]]:
    """A fresh game with ``state``'s set-up, and the actions of ``state``'s logged
    decisions."""
    s = state.s
    game = new_game(
        players=state.players,
        seed=int(s[L.S_SEED]),
        components=state.components,
        options=options_of(state),
    )
    return game, decisions(state)


def decisions(state: GameState) -> list[int]:
    """The action of every decision of the game so far, in order."""
    rows = log_rows(state)
    return [int(r[5]) for r in rows if r[0] == EV_DECISION]


def account(state: GameState) -> list[str]:
    """The account of the finished game ``state``, one line per list item."""
    game, actions = replay(state)
    teller = _Teller(game)
    teller.rows(0, None)
    for action in actions:
        start = int(game.s[L.S_LOG_N])
        before = _Before(game)
        apply_action(game, action)
        teller.rows(start, before)
    if not np.array_equal(log_rows(game), log_rows(state)):
        raise RuntimeError("the replayed game differs from the logged one")
    teller.finish()
    return teller.lines


class _Before:
    """What the account needs of the state before a decision is applied."""

    def __init__(self, game: GameState) -> None:
        st = PlainStateView(game.s)
        self.grid = np.array(st.grid)
        self.extra_phase = bool(st.extra_phase)
        self.holdings = holdings(game)


class _Teller:
    def __init__(self, game: GameState) -> None:
        self.game = game
        self.comp = game.components
        self.lines: list[str] = []
        self.round = 0
        self.section = ""
        self.open: list[str] | None = None  # the line being written: parts joined by "; "
        self.turn_seat = -1  # the seat whose action turn the open line tells, else -1
        self.turn_holdings: np.ndarray | None = None
        self.round_holdings = holdings(game)
        self.owners: list[int] = []  # per auction item of this round: the marker's owner
        self.items = 0  # auction items settled this round
        self.bids: list[str] = []
        self.vp: dict[int, list[str]] = {}

    # --- lines -----------------------------------------------------------------------------
    def _section(self, name: str) -> None:
        if self.section != name:
            self._close()
            self.section = name
            self.lines.append(f" {name}")

    def _start(self, text: str) -> None:
        self._close()
        self.open = [text]

    def _add(self, text: str) -> None:
        if self.open is None:
            self.open = [text]
        else:
            self.open.append(text)

    def _close(self) -> None:
        if self.open is None:
            return
        head, *parts = self.open
        text = f"{head} {'; '.join(parts)}" if head.endswith(":") else "; ".join(self.open)
        if self.turn_seat >= 0 and self.turn_holdings is not None:
            change = change_text(self.turn_holdings, holdings(self.game)[self.turn_seat])
            text += f" -> {change}" if change else " -> no change"
        self.lines.append(f"   {text}")
        self.open = None
        self.turn_seat = -1
        self.turn_holdings = None

    # --- rounds ----------------------------------------------------------------------------
    def _round_end(self, now: np.ndarray) -> None:
        self._close()
        self.lines.append(f" End of round {self.round}:")
        for p in range(self.game.players):
            change = change_text(self.round_holdings[p], now[p])
            self.lines.append(
                f"   {seat_name(p)}: {holdings_text(now[p])}"
                + (f" (this round: {change})" if change else "")
            )
        self.round_holdings = now

    def _round_start(self, row: np.ndarray, before: _Before) -> None:
        if self.round:
            self._round_end(before.holdings)
        self.round = int(row[1])
        self.section = ""
        self.owners = [int(row[3])]  # the start player places the Flag (G3.1)
        self.items = 0
        self.lines.append("")
        self.lines.append(
            f"Round {self.round} (phase {'AB'[int(row[2])]} tiles): "
            f"{seat_name(int(row[3]))} is the start player and places the Flag"
        )

    # --- the log ---------------------------------------------------------------------------
    def rows(self, start: int, before: _Before | None) -> None:
        rows = log_rows(self.game)
        for i in range(start, len(rows)):
            row = rows[i]
            if row[0] == EV_DECISION:
                assert before is not None  # a decision row is the first of its apply
                self._decision(row, before)
            else:
                self._event(row)

    def _decision(self, row: np.ndarray, before: _Before) -> None:
        seat, kind, action = int(row[3]), int(row[4]), int(row[5])
        c = self.comp
        if kind == L.D_FLAG:
            self._round_start(row, before)
            self._section("Markers")
            self._start(f"Flag at {_cell(*A.flag_rc(action))} ({seat_name(seat)})")
            return
        if kind == L.D_MARKER:
            self.owners.append(seat)
            tile = c.tile_names[int(before.grid[action])]
            self._add(
                f"marker {len(self.owners)} on {tile} at "
                f"{_cell(action // L.GRID, action % L.GRID)} ({seat_name(seat)})"
            )
            return
        if kind == L.D_BID:
            self.bids.append(
                f"{seat_name(seat)} {'passes' if action == A.PASS else f'bids {action}'}"
            )
            return
        if kind == L.D_OWNER:
            self.bids.append(f"{seat_name(seat)} {'sells' if action == A.OWNER_SELL else 'buys'}")
            return
        if kind == L.D_TURN:
            if self.turn_seat != seat:
                self._section("Action turns")
                extra = " (extra action card)" if before.extra_phase else ""
                self._start(f"{seat_name(seat)}{extra}:")
                self.turn_seat = seat
                self.turn_holdings = before.holdings[seat]
            if A.turn_kind(action) == A.T_END:
                self._close()
                return
        elif kind == L.D_QUICK:
            self._section("Quick start (G9.1)")
            self._start(f"{seat_name(seat)}:")
        if kind in _SILENT:
            return
        self._add(A.describe(kind, action, c.tile_names, c.card_names, c.colony_tile_names))

    def _event(self, row: np.ndarray) -> None:
        ev, seat, a, b, cc = int(row[0]), int(row[3]), int(row[4]), int(row[5]), int(row[6])
        c = self.comp
        if ev == EV_SP and cc == 0:
            self.lines.append(f"Set-up: {seat_name(seat)} reveals the first elephant and starts")
            for p in range(self.game.players):
                self.lines.append(f"   {seat_name(p)}: {holdings_text(self.round_holdings[p])}")
        elif ev == EV_SP or (ev == EV_TILE and b == 0):
            self._auction(
                seat, "the Flag" if ev == EV_SP else c.tile_names[a], b if ev == EV_SP else cc
            )
        elif ev == EV_TILE:
            self._add(f"{'takes the Gift' if b == 1 else 'exchanges for'} {c.tile_names[a]}")
        elif ev == EV_MARKER:
            how = f" ({MARKER_HOW[cc]})" if cc else ""
            self._add(f"{L.COLUMN_NAMES[a]} marker to row {b}{how}")
        elif ev == EV_BONUS:
            if a == 0:
                self._add(f"first to row {cc} in {L.COLUMN_NAMES[b]}: draws a card (G6.5)")
            else:
                self._add(f"lowest marker now on row {b}: extra action card (G6.6)")
        elif ev == EV_COLONY:
            if b == 1:
                self._add(f"founds the colony {c.colony_tile_names[a]}")
            else:
                self._add(f"fails to found {L.COLONY_NAMES[a]} (+1 colonist)")
        elif ev == EV_BONANZA:
            self._add(f"Bonanza tile {a}")
        elif ev == EV_VP:
            self.vp.setdefault(seat, []).append(f"{L.VP_SOURCE_NAMES[a]} {b}")

    def _auction(self, taker: int, item: str, price: int) -> None:
        self.items += 1
        owner = self.owners[self.items - 1]
        self._section("Auctions")
        bids = ", ".join(self.bids) if self.bids else "no bids"
        self.bids = []
        if price == 0:
            outcome = f"{seat_name(owner)} takes it free"
        elif taker == owner:
            outcome = f"{seat_name(owner)} buys it for {count(price, 'ducats')} (to the bank)"
        else:
            outcome = f"{seat_name(taker)} pays {count(price, 'ducats')} to {seat_name(owner)}"
        what = "Flag" if item == "the Flag" else f"marker {self.items}: {item}"
        self._start(f"{what} ({seat_name(owner)}'s): {bids} -> {outcome}")
        if item == "the Flag":
            self._add(f"{seat_name(taker)} is the next start player, +1 extra action card")

    def finish(self) -> None:
        self._round_end(holdings(self.game))
        res = result(self.game)
        self.lines.append("")
        self.lines.append("Final scoring (G8.4), VP by source:")
        for p in range(self.game.players):
            sources = ", ".join(self.vp.get(p, [])) or "nothing"
            self.lines.append(f"   {seat_name(p)}: {sources} = {res.vp[p]} VP")
        self.lines.append(
            "Ranking (G8.5: most VP, then most ducats; a tie after that shares the win):"
        )
        for p in sorted(range(self.game.players), key=lambda q: (res.rank[q], q)):
            same_vp = [q for q in range(self.game.players) if q != p and res.vp[q] == res.vp[p]]
            on_ducats = [seat_name(q) for q in same_vp if res.ducats[q] != res.ducats[p]]
            on_both = [seat_name(q) for q in same_vp if res.ducats[q] == res.ducats[p]]
            note = f"; VP tied with {', '.join(on_ducats)}, ducats decide" if on_ducats else ""
            if on_both:
                note += f"; VP and ducats tied with {', '.join(on_both)}"
            share = res.win_share[p]
            won = " (winner)" if share == 1 else f" (shares the win, {share:.2f})" if share else ""
            self.lines.append(
                f"   {res.rank[p]}. {seat_name(p)}: {res.vp[p]} VP, {res.ducats[p]} ducats"
                f"{won}{note}"
            )


def _cell(r: int, c: int) -> str:
    return f"(row {r}, column {c})"


def event_records(state: GameState) -> list[dict[str, Any]]:
    """The event log as JSON-able records: one per row, its columns named by event kind."""
    comp = state.components
    out = []
    for row in log_rows(state):
        ev, rnd, phase, seat, a, b, c = (int(x) for x in row[:7])
        rec: dict[str, Any] = {
            "event": EVENT_NAMES[ev],
            "round": rnd,
            "phase": "AB"[phase],
            "seat": seat if seat >= 0 else None,
        }
        if ev == EV_DECISION:
            rec.update(
                decision=L.DECISION_NAMES[a],
                action=b,
                step=L.STEP_NAMES[c],
                text=A.describe(a, b, comp.tile_names, comp.card_names, comp.colony_tile_names),
            )
        elif ev == EV_VP:
            rec.update(source=L.VP_SOURCE_NAMES[a], vp=b)
        elif ev == EV_TILE:
            rec.update(tile=comp.tile_names[a], how=TILE_HOW[b], price=c)
        elif ev == EV_COLONY:
            name = comp.colony_tile_names[a] if b else L.COLONY_NAMES[a]
            rec.update(colony=name, founded=bool(b))
        elif ev == EV_MARKER:
            rec.update(column=L.COLUMN_NAMES[a], row=b, how=MARKER_HOW[c])
        elif ev == EV_BONUS:
            if a == 0:
                rec.update(bonus="first to row", column=L.COLUMN_NAMES[b], row=c)
            else:
                rec.update(bonus="lowest marker", row=b)
        elif ev == EV_SP:
            rec.update(start_player=a, price=b, how="Flag auction" if c else "set-up")
        elif ev == EV_BONANZA:
            rec.update(bonanza=a)
        out.append(rec)
    return out
