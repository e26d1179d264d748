"""Goa at the table (`vdg play --game goa --human SEAT`): what a seat sees, how an action
reads and the final scores, for the game-free loop of :mod:`vdgsim.commands.human`.

Every status line is read from Goa's observation of that seat
(:func:`vdgsim.games.goa.observation.observation`), never from the state, so what is hidden
there (other seats' hands, the value of Missions not the seat's own, the deck's order) cannot
reach the screen. Goa's plug imports this module when a seat is played by hand, so the engine
and players it loads cost nothing to the other commands.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from strategies.goa import choose
from vdgsim.commands.human import check_human, header, run
from vdgsim.commands.human_screen import pack, wrap
from vdgsim.commands.human_views import ranking, won
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import commands as goa
from vdgsim.games.goa import layout as GL
from vdgsim.games.goa.account import seat_name
from vdgsim.games.goa.explain import explain
from vdgsim.games.goa.game import GameState as GoaState
from vdgsim.games.goa.game import apply_action, is_over, legal_actions, new_game, result
from vdgsim.games.goa.observation import observation, tile_name

# a seat's line: seat (``*`` you), ducats, ships, colonists, extra action cards, cards in
# hand, spices in storage by kind, the row of each development column; then its tiles
SEAT_ROW = "  {:<5}{:>3}{:>4}{:>4}{:>3}{:>5} {:<14} {:<9} "
SEAT_HEADER = (
    SEAT_ROW.format(
        "seat",
        "duc",
        "shp",
        "col",
        "xa",
        "hand",
        "/".join(k[:2] for k in GL.SPICE_KEYS),
        "/".join(c[0] for c in GL.COLUMN_NAMES),
    )
    + "tiles"
)
TILES_LEAD = " " * 6  # where a seat's tiles go on when they overflow its line
# what ``?`` tells of the screen's columns and codes, after the decision
SCREEN_WORDS = (
    "The seat lines (* your seat): duc, ducats; shp, ships; col, colonists; xa, extra action "
    "cards; hand, cards in hand; the spices in storage by kind, "
    + "/".join(GL.SPICE_KEYS)
    + "; the row (1 to 5) of each development column, "
    + "/".join(GL.COLUMN_NAMES)
    + "; the tiles held, a plantation's spice shortened as in the heading. The grid: each "
    "tile without its phase's letter, :m marker m, F the Flag, - a cell without a tile."
)


class GoaTable:
    """Goa at the table: hands, Missions' values and the deck's order are hidden (G9.5)."""

    def __init__(self, params: np.ndarray) -> None:
        self.params = params
        self.legal_buffer = np.zeros(GL.MAX_LEGAL, dtype=np.int64)

    def legal(self, state: GoaState) -> list[int]:
        return legal_actions(state)

    def apply(self, state: GoaState, action: int) -> None:
        apply_action(state, action)

    def is_over(self, state: GoaState) -> bool:
        return is_over(state)

    def current(self, state: GoaState) -> int:
        return state.current_player

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def bot(self, state: GoaState, legal: list[int]) -> int:
        """The action of the seat's compiled player (its row of the line-up's table)."""
        self.legal_buffer[: len(legal)] = legal
        return int(
            choose(state.components.array, state.s, self.legal_buffer, len(legal), self.params)
        )

    def describe(self, state: GoaState, action: int, viewer: int) -> str:
        # the game's describe_action with the tile names as the viewer sees them: a Mission
        # in the grid, the Gift pool or another hand shows no value

        c = state.components
        names = [tile_name(state, t, viewer) for t in range(len(c.tile_names))]
        text = A.describe(state.decision, action, names, c.card_names, c.colony_tile_names)
        return text + self._cell_text(state, action, viewer)

    def _cell_text(self, state: GoaState, action: int, viewer: int) -> str:
        """The tile on the grid cell a marker or an Exchange names."""
        if state.decision not in (GL.D_MARKER, GL.D_EXCHANGE):
            return ""
        t = int(state.s[GL.S_GRID + action])
        return f": {tile_name(state, t, viewer)}" if t >= 0 else ""

    def status(self, state: GoaState, viewer: int) -> list[str]:
        """The decision, a line per seat, the grid while it is played for, the auction, your
        hand and the public piles; every line at most 80 columns."""
        obs = observation(state, viewer)
        lines = wrap(
            f"Your decision ({self.seat_name(viewer)}): {obs['decision']} — round "
            f"{obs['round']} (phase {obs['phase']} tiles), {obs['step']}",
            lead="  ",
        )
        lines += self._seats(obs)
        # the Flag's choices draw the grid with their numbers in it (choice_grid)
        if obs["step"] == "place marker" or obs["step"].startswith("auction"):
            lines.extend(self._grid(obs))
        if obs["step"].startswith("auction"):
            lines.append(self._auction(obs))
        lines += wrap(self._piles(obs), "  ")
        return lines

    def _piles(self, obs: dict[str, Any]) -> str:
        """Your hand, the Gift pool, the deck's size and the discard pile: its cards, or
        only their number while the grid takes the room (``?`` lists them)."""
        discards = obs["discard_pile"]
        count = f"{len(discards)} card" + "s" * (len(discards) > 1)
        pile = count if grid_played(obs) else " ".join(discards)
        gifts = ", ".join(short_tile(t) for t in obs["gift_pool"]) or "empty"
        return (
            f"Your hand: {' '.join(obs['hand']) or 'empty'}; Gift pool: {gifts}; expedition "
            f"deck {obs['deck_size']} cards; discard pile {pile if discards else 'empty'}"
        )

    def _seats(self, obs: dict[str, Any]) -> list[str]:
        """A line per seat (``*`` is the viewer), its columns as :data:`SEAT_HEADER` names
        them; a long list of tiles goes on in the next line rather than wrap at 80."""
        rows = [SEAT_HEADER]
        for p in obs["players_public"]:
            spices = np.asarray(p["spices"]).sum(axis=0)
            row = SEAT_ROW.format(
                f"{p['seat']}" + ("*" if p["seat"] == obs["viewer"] else ""),
                p["ducats"],
                p["ships"],
                p["colonists"],
                p["extra_actions"],
                p["hand_size"],
                "/".join(str(int(v)) for v in spices),
                "/".join(str(int(r)) for r in p["rows"]),
            )
            tiles = [short_tile(t) for t in p["tiles"]] or ["-"]
            rows += pack(tiles, row, " ", lead=TILES_LEAD)
        return rows

    def _auction(self, obs: dict[str, Any]) -> str:
        """The item on auction (1 is the Flag, m the tile under marker m), its owner and the
        high bid so far."""
        auction = obs["auction"]
        item = auction["item"]
        what = "the Flag" if item == 1 else f"marker {item}"
        owner = self.seat_name(obs["item_owner"][item])
        bidder = auction["high_bidder"]
        bid = (
            f"high bid {auction['high_bid']} by {self.seat_name(bidder)}"
            if bidder >= 0
            else "no bid yet"
        )
        return f"  Auction of {what} ({owner}'s): {bid}"

    def _grid(self, obs: dict[str, Any], numbers: dict[int, int] | None = None) -> list[str]:
        """The 5 x 5 grid: each cell its tile without the phase's letter (all the grid's tiles
        are of one phase) and ``:m`` for marker m; ``F`` the Flag, ``-`` a cell without a tile.
        The frame around it (row or column -1 or 5), where the Flag may stand, is drawn while
        the Flag is placed, then only its side that holds the Flag while the markers are
        placed. ``numbers`` puts a choice's number on its Flag cell."""
        flag = obs["flag_cell"]
        fr, fc = A.flag_rc(flag) if flag >= 0 else (None, None)
        numbers = numbers or {}

        def cell(r: int, c: int) -> str:
            if (r, c) == (fr, fc):
                return "F"
            if A.flag_cell(r, c) in numbers:
                return str(numbers[A.flag_cell(r, c)])
            if not (0 <= r < GL.GRID and 0 <= c < GL.GRID):
                return ""
            name = obs["grid"][r * GL.GRID + c]
            m = obs["cell_marker"][r * GL.GRID + c]
            text = short_tile(name).split("-", 1)[1] if name and "-" in name else (name or "-")
            return text + (f":{m}" if m else "")

        # the Flag's cell matters while it and the markers are placed (G3.1, G3.3), not after
        placing = obs["step"] == "place flag"
        side = (fr, fc) if obs["step"] == "place marker" else (None, None)
        span = range(-1, GL.GRID + 1)
        rows = [r for r in span if placing or 0 <= r < GL.GRID or r == side[0]]
        cols = [c for c in span if placing or 0 <= c < GL.GRID or c == side[1]]
        widths = {c: max([2] + [len(cell(r, c)) for r in rows]) for c in cols}
        lines = ["  Grid " + " ".join(f"{c:>{widths[c]}}" for c in cols)]
        for r in rows:
            lines.append(f"  {r:>4} " + " ".join(f"{cell(r, c):>{widths[c]}}" for c in cols))
        return [line.rstrip() for line in lines]

    def choice_grid(self, state: GoaState, legal: list[int], viewer: int) -> list[str] | None:
        """The Flag's choices in the grid, each number on the cell it puts the Flag on (the
        status leaves the grid to this); None for any other decision."""
        if state.decision != GL.D_FLAG:
            return None
        numbers = {a: k for k, a in enumerate(legal, 1)}
        heading = "Choices: enter the number on the cell where the Flag goes"
        return [heading, *self._grid(observation(state, viewer), numbers)]

    def help(self, state: GoaState, viewer: int, shown: list[str]) -> list[str]:
        """What the decision is and what its choices mean (from the seat's observation),
        what the screen's columns stand for, the discard pile's cards when the screen only
        counts them, then what each tile and card code on this screen means (:func:`legend`)."""
        obs = observation(state, viewer)
        texts = [*explain(state, viewer), SCREEN_WORDS]
        lines = [line for text in texts for line in wrap(text, lead="  ")]
        if grid_played(obs) and obs["discard_pile"]:
            lines += wrap(f"Discard pile: {' '.join(obs['discard_pile'])}", "  ")
        text = " ".join(shown + lines)
        codes = [
            line for code, line in legend(state.components) if code_shown(code, text, obs["phase"])
        ]
        return lines + [part for line in codes for part in wrap(line, lead="      ")]

    def final(self, state: GoaState) -> list[str]:
        res = result(state)
        return ranking(
            res.rank,
            [
                f"{self.seat_name(p)}: {res.vp[p]} VP, {res.ducats[p]} ducats"
                f"{won(res.win_share[p])}"
                for p in range(len(res.vp))
            ],
        )


def play_goa(
    players: str | None,
    seed: int,
    lineup: str | None,
    as_json: bool,
    data: str | None,
    overrides: list[str] | None,
    seat: int,
) -> None:
    """`vdg play --game goa --human SEAT`: the line-up's Goa players in the other seats."""
    names = goa.seats(lineup, players)
    comp = goa.components(data, overrides)
    table = GoaTable(goa.params(names))
    check_human(seat, len(names), as_json)
    state = new_game(players=len(names), seed=seed, components=comp)
    run(table, state, seat, table.bot, header("Goa", seed, names, seat, comp))


def grid_played(obs: dict[str, Any]) -> bool:
    """Whether the grid is on the screen: while the Flag and the markers are placed and the
    items auctioned."""
    step = obs["step"]
    return step in ("place flag", "place marker") or step.startswith("auction")


def short_tile(name: str) -> str:
    """A tile's name with its spice as the seat lines' header spells it (``A-P2-clove`` is
    ``A-P2-cl``), so a seat's tiles fit beside its numbers."""
    head, _, spice = name.rpartition("-")
    return f"{head}-{spice[:2]}" if head and spice in GL.SPICE_KEYS else name


def code_shown(code: str, text: str, phase: str) -> bool:
    """Whether ``code`` appears in ``text`` as a whole code; a tile of ``phase`` (the grid's)
    also without its phase's letter, which the grid leaves off."""
    pattern = re.escape(code)
    if code.startswith(f"{phase}-"):
        pattern = rf"(?:{re.escape(phase)}-)?{re.escape(code[2:])}"
    return bool(re.search(rf"(?<![\w-]){pattern}(?![\w])", text))


GAIN_WORDS = ("ship", "colonist", "ducat", "extra action card", "card", "spice of choice")


def _gains(gain: list[int]) -> str:
    return " + ".join(
        f"{n} {w}{'s' if n > 1 else ''}" for n, w in zip(gain, GAIN_WORDS, strict=False) if n
    )


def _tile_text(tile: dict[str, Any]) -> str:
    """One tile type of the data in words (G5)."""
    kind = tile["kind"]
    gain = _gains(tile.get("gain", []))
    slots = tile.get("slots", 1)
    return {
        "plantation": f"plantation, {slots} slot{'s' if slots > 1 else ''} of the spice named",
        "crop_rotation": "crop rotation: 1 slot for any spice, never scores",
        "plantation_manager": "plantation manager: your small plantations score 3 each",
        "red": f"red tile: once a round in your turn, {gain}",
        "instant": f"at once: {gain}",
        "ships_or_colonists": f"at once: {tile.get('amount')} ships or {tile.get('amount')} "
        "colonists",
        "poll_tax": f"poll tax: return {tile.get('amount')} spices for {tile.get('vp')} VP",
        "additional_harvest": f"additional harvest: fill up to {tile.get('amount')} storage spaces",
        "relief": f"relief: reveal {tile.get('amount')} cards, gain their colonist total of "
        "ships, colonists or spices",
        "espionage": "espionage: do another seat's Build ships, Harvest, Taxes or colony",
        "viceroy": "viceroy: your lowest column marker moves up one row",
        "exchange": "exchange: later, swap it for any grid tile",
        "mission": f"mission: {tile.get('vp')} VP, its value hidden from the others",
        "gift": "gift: take a tile of the Gift pool",
    }.get(kind, kind)


CARD_WORDS = {
    "SHIPS2": "2 ships",
    "COLONISTS2": "2 colonists",
    "DUCATS5": "5 ducats",
    "SPICES2": "2 spices of choice",
    "SELL4": "sell up to 4 spices",
    "BUY_PROGRESS": "buy one row of progress",
    "HARVEST_MIX": "harvest spices, ships or colonists",
    "COLONY_PLUS1": "+1 to a colony's reveal",
    "SHIPS_ONLY": "develop with ships only",
    "SPICES_ONLY": "develop with spices only",
}


def legend(comp: Any) -> list[tuple[str, str]]:
    """(code, line) for every tile type and expedition card of the component data: what a
    code on the screen means."""
    lines = []
    for tile in comp.data["tiles"]:
        code = tile["id"]
        shown = f"{code}-<spice>" if tile["kind"] == "plantation" else code
        lines.append((code, f"  {shown}: {_tile_text(tile)}"))
    for cid, effect, colonists, symbol in comp.data["cards"]["list"]:
        words = CARD_WORDS.get(effect, effect)
        lines.append((cid, f"  {cid}: expedition card, {words}; {colonists} colonists, {symbol}"))
    return lines
