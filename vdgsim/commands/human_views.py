"""What a seat sees when it plays from the terminal (`vdg play --human`), for each game.

Every status line is read from the game's observation of that seat
(:func:`vdgsim.observation.observation`, :func:`vdgsim.goa.observation.observation`), never
from the state, so what is hidden there (the decks' order, other seats' hands, the value of
Missions not the seat's own) cannot reach the screen. Goa is imported where it is used, as in
:mod:`vdgsim.commands.goa`: importing it sets up numba.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from vdgsim import describe as vdg_describe
from vdgsim import game as vdg_game
from vdgsim.observation import observation as vdg_observation

if TYPE_CHECKING:
    from vdgsim.goa.game import GameState as GoaState


def _ranking(rank: tuple[int, ...], lines: list[str]) -> list[str]:
    """``lines`` (one per seat) in the order of ``rank``, the heading first."""
    order = sorted(range(len(rank)), key=lambda p: (rank[p], p))
    return ["Final scores"] + [f"  {rank[p]}. {lines[p]}" for p in order]


def _won(share: float) -> str:
    return " (winner)" if share == 1 else f" (shares the win, {share:.2f})" if share else ""


def _counts(values: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in values.items() if v) or "none"


class VdgTable:
    """Vasco da Gama at the table: everything but the decks' order is public (R9.4)."""

    def legal(self, state: vdg_game.GameState) -> list[int]:
        return vdg_game.legal_actions(state)

    def apply(self, state: vdg_game.GameState, action: int) -> None:
        vdg_game.apply_action(state, action)

    def is_over(self, state: vdg_game.GameState) -> bool:
        return vdg_game.is_over(state)

    def current(self, state: vdg_game.GameState) -> int:
        return state.current_player

    def seat_name(self, seat: int) -> str:
        return vdg_describe.seat_name(seat)

    def describe(self, state: vdg_game.GameState, action: int, viewer: int) -> str:
        # the action's text names only public things: tiles on show, the board, the numbers
        return vdg_describe.describe_action(state, action)

    def status(self, state: vdg_game.GameState, viewer: int) -> list[str]:
        obs = vdg_observation(state, viewer)
        st = obs["state"]
        me = obs["player"]
        numbers = ", ".join(
            f"{k} {v:+d}" if k == "variation" else f"{k} {v}"
            for k, v in obs["numbers"].items()
            if v is not None
        )
        called = f", number {st['called_number']} called" if st["called_number"] else ""
        lines = [
            f"Your decision ({self.seat_name(viewer)}): {st['decision']} — round {st['round']}, "
            f"{st['phase']}{called}" + (f"; numbers: {numbers}" if numbers else "")
        ]
        projects = [
            f"{t} ({where})"
            for t, owner in st["project_owner"].items()
            if owner == me and (where := st["project_location"][t]) not in ("removed", "discarded")
        ]
        characters = [c for c, holder in st["character_holder"].items() if holder == me]
        lines.append(
            f"  You: {st['reals'][me]} Reals, {st['vp'][me]} VP, captains "
            f"{st['captains_supply'][me]} in supply and {st['captains_recruiting_area'][me]} "
            f"in the recruiting area, sailors {_counts(st['sailors'][me])}, missionaries "
            f"{st['missionaries'][me]}; projects: {', '.join(projects) or 'none'}; "
            f"characters: {', '.join(characters) or 'none'}"
        )
        lines.append(
            "  Scores: "
            + ", ".join(f"{c} {st['vp'][c]} VP {st['reals'][c]} Reals" for c in st["vp"])
        )
        lines.append(
            f"  On offer: projects {', '.join(t for t in st['upper_spaces'] if t) or 'none'}, "
            f"Sao Gabriel {st['sao_gabriel'] or 'none'}; Vasco da Gama tile "
            f"{obs['vdg_tiles']['face_up'] or 'none'}; merchant ship "
            f"{obs['merchant_ships']['face_up'] or 'none'}; bag {_counts(obs['bag'])}"
        )
        return lines

    def final(self, state: vdg_game.GameState) -> list[str]:
        res = vdg_game.result(state)
        return _ranking(
            res.rank,
            [
                f"{self.seat_name(p)}: {res.vp[p]} VP{_won(res.win_share[p])}; "
                f"{res.reals[p]} Reals left"
                for p in range(len(res.vp))
            ],
        )


class GoaTable:
    """Goa at the table: hands, Missions' values and the deck's order are hidden (G9.5)."""

    def __init__(self, params: np.ndarray) -> None:
        from vdgsim.goa import layout as GL

        self.params = params
        self.legal_buffer = np.zeros(GL.MAX_LEGAL, dtype=np.int64)

    def legal(self, state: GoaState) -> list[int]:
        from vdgsim.goa.game import legal_actions

        return legal_actions(state)

    def apply(self, state: GoaState, action: int) -> None:
        from vdgsim.goa.game import apply_action

        apply_action(state, action)

    def is_over(self, state: GoaState) -> bool:
        from vdgsim.goa.game import is_over

        return is_over(state)

    def current(self, state: GoaState) -> int:
        return state.current_player

    def seat_name(self, seat: int) -> str:
        from vdgsim.goa.account import seat_name

        return seat_name(seat)

    def bot(self, state: GoaState, legal: list[int]) -> int:
        """The action of the seat's compiled player (its row of the line-up's table)."""
        from vdgsim.goa.players import choose

        self.legal_buffer[: len(legal)] = legal
        return int(
            choose(state.components.array, state.s, self.legal_buffer, len(legal), self.params)
        )

    def describe(self, state: GoaState, action: int, viewer: int) -> str:
        # the game's describe_action with the tile names as the viewer sees them: a Mission
        # in the grid, the Gift pool or another hand shows no value
        from vdgsim.goa import actions as A
        from vdgsim.goa.observation import tile_name

        c = state.components
        names = [tile_name(state, t, viewer) for t in range(len(c.tile_names))]
        text = A.describe(state.decision, action, names, c.card_names, c.colony_tile_names)
        return text + self._cell_text(state, action, viewer)

    def _cell_text(self, state: GoaState, action: int, viewer: int) -> str:
        """The tile on the grid cell a marker or an Exchange names."""
        from vdgsim.goa import layout as GL
        from vdgsim.goa.observation import tile_name

        if state.decision not in (GL.D_MARKER, GL.D_EXCHANGE):
            return ""
        t = int(state.s[GL.S_GRID + action])
        return f": {tile_name(state, t, viewer)}" if t >= 0 else ""

    def status(self, state: GoaState, viewer: int) -> list[str]:
        from vdgsim.goa import layout as GL
        from vdgsim.goa.observation import observation

        obs = observation(state, viewer)
        lines = [
            f"Your decision ({self.seat_name(viewer)}): {obs['decision']} — round "
            f"{obs['round']} (phase {obs['phase']} tiles), {obs['step']}"
        ]
        for p in obs["players_public"]:
            who = "You" if p["seat"] == viewer else self.seat_name(p["seat"])
            hand = (
                f"hand {', '.join(obs['hand']) or 'empty'}"
                if p["seat"] == viewer
                else f"{p['hand_size']} cards in hand"
            )
            spices = np.asarray(p["spices"]).sum(axis=0)
            rows = ", ".join(
                f"{name} {row}" for name, row in zip(GL.COLUMN_NAMES, p["rows"], strict=True)
            )
            lines.append(
                f"  {who}: {p['ducats']} ducats, {p['ships']} ships, {p['colonists']} colonists, "
                f"{p['extra_actions']} extra action cards, {hand}; spices "
                f"{_counts(dict(zip(GL.SPICE_KEYS, spices.tolist(), strict=True)))}; "
                f"rows: {rows}; tiles: {', '.join(p['tiles']) or 'none'}"
            )
        if obs["step"] in ("place flag", "place marker") or obs["step"].startswith("auction"):
            lines.extend(self._grid(obs))
        if obs["step"].startswith("auction"):
            lines.append(self._auction(obs))
        lines.append(
            f"  Gift pool: {', '.join(obs['gift_pool']) or 'empty'}; expedition deck "
            f"{obs['deck_size']} cards; discard pile {', '.join(obs['discard_pile']) or 'empty'}"
        )
        return lines

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

    def _grid(self, obs: dict[str, Any]) -> list[str]:
        from vdgsim.goa import layout as GL

        cells = [
            (name or "-") + (f" [marker {m}]" if m else "")
            for name, m in zip(obs["grid"], obs["cell_marker"], strict=True)
        ]
        return ["  Grid (row, column):"] + [
            f"    {r}: " + " | ".join(cells[r * GL.GRID : (r + 1) * GL.GRID])
            for r in range(GL.GRID)
        ]

    def final(self, state: GoaState) -> list[str]:
        from vdgsim.goa.game import result

        res = result(state)
        return _ranking(
            res.rank,
            [
                f"{self.seat_name(p)}: {res.vp[p]} VP, {res.ducats[p]} ducats"
                f"{_won(res.win_share[p])}"
                for p in range(len(res.vp))
            ],
        )
