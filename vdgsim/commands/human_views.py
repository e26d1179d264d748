"""What a seat sees when it plays from the terminal (`vdg play --human`), for each game.

Every status line is read from the game's observation of that seat
(:func:`vdgsim.games.vasco.observation.observation`; Goa's table is
:class:`vdgsim.games.goa.human.GoaTable`), never from the state, so what is hidden there (the
decks' order, other seats' hands, the value of Missions not the seat's own) cannot reach the
screen. The final-scores helpers here are shared by every game's table.
"""

from __future__ import annotations

from vdgsim.commands.human_screen import WIDTH, pack, wrap
from vdgsim.games.vasco import describe as vdg_describe
from vdgsim.games.vasco import game as vdg_game
from vdgsim.games.vasco import layout as VL
from vdgsim.games.vasco.engine import actions as VA
from vdgsim.games.vasco.engine.state import PlainComponentView
from vdgsim.games.vasco.explain import explain
from vdgsim.games.vasco.observation import observation as vdg_observation


def ranking(rank: tuple[int, ...], lines: list[str]) -> list[str]:
    """``lines`` (one per seat) in the order of ``rank``, the heading first."""
    order = sorted(range(len(rank)), key=lambda p: (rank[p], p))
    return ["Final scores"] + [f"  {rank[p]}. {lines[p]}" for p in order]


def won(share: float) -> str:
    return " (winner)" if share == 1 else f" (shares the win, {share:.2f})" if share else ""


def counts(values: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in values.items() if v) or "none"


# a seat's line of the board: seat (``*`` you), VP, Reals, captains in supply + in the
# recruiting area, sailors by colour, missionaries, ships at sea, characters; then projects
SEAT_ROW = "  {:<7}{:>3}{:>6}  {:<5} {:<12} {:>4}{:>4}  {:<8} "
SEAT_HEADER = (
    SEAT_ROW.format("seat", "VP", "Reals", "capt", "sail t/v/g/o", "miss", "sea", "chars")
    + "projects (^ launched)"
)

# the characters by their initials, which a seat's line has room for
CHARACTER_SHORT = {
    "Bartolomeu Dias": "D",
    "Francisco Alvares": "A",
    "Girolamo Sernigi": "S",
    "Manuel I": "M",
}


CHARACTERS_TOLD = ", ".join(f"{short} {name}" for name, short in CHARACTER_SHORT.items())
# what ``?`` tells of the screen's columns and codes, after the decision
SCREEN_WORDS = (
    "The seat lines (* your seat): VP; Reals; capt, captains in supply + in the Recruiting "
    "Area; sail, sailors by colour, turquoise/violet/grey/orange; miss, missionaries; sea, "
    f"ships in the landings; chars, the characters held ({CHARACTERS_TOLD}); the projects "
    "held, ^ a launched ship ready to sail. The landings, from Natal up to Calicut: slots "
    "taken of its slots, the VP of the free slots and each ship there with its owner (M1 to "
    "M6 are merchant ships, nobody's). The bag: its sailors by colour's initial."
)


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

    def choice_grid(
        self, state: vdg_game.GameState, legal: list[int], viewer: int
    ) -> list[str] | None:
        """A placement's choices as a grid, an Area per row and a number per column, each
        cell the choice's number: the first placement has 80 choices, which one per line
        would scroll the status off a 24-row terminal. None for any other decision, or when
        the grid would be wider than 80 columns."""
        if int(state.s[VL.S_DECISION]) not in (VL.D_PLACE_DISC, VL.D_MANUEL_PLACE):
            return None
        cells = {(VA.placement_area(a), VA.placement_number(a)): k for k, a in enumerate(legal, 1)}
        numbers = sorted({n for _, n in cells})
        areas = sorted({area for area, _ in cells})
        width = len(str(max(len(legal), *numbers))) + 1
        name = max(len(VL.AREA_NAMES[area]) for area in areas) + 1
        if 2 + name + width * len(numbers) > WIDTH:
            return None
        closed = len(cells) < len(areas) * len(numbers)
        rows = [
            "Choices: enter the entry in the Area's row, under the number"
            + (" (·: not open)" if closed else ""),
            "  " + "number".ljust(name) + "".join(f"{n:>{width}}" for n in numbers),
        ]
        for area in areas:
            entries = (str(cells.get((area, n), "·")) for n in numbers)
            rows.append(
                "  " + VL.AREA_NAMES[area].ljust(name) + "".join(f"{e:>{width}}" for e in entries)
            )
        return rows

    def status(self, state: vdg_game.GameState, viewer: int) -> list[str]:
        """The decision, then the public board as a seat needs it for a choice (a Navigation
        choice most): one line per seat, the landings, what is on offer. Every line is at
        most 80 columns, so a placement's screen fits a 24-row terminal."""
        obs = vdg_observation(state, viewer)
        st = obs["state"]
        numbers = ", ".join(
            f"{k} {v:+d}" if k == "variation" else f"{k} {v}"
            for k, v in obs["numbers"].items()
            if v is not None
        )
        called = f", number {st['called_number']} called" if st["called_number"] else ""
        known = f"; numbers: {numbers}" if numbers else ""
        lines = wrap(
            f"Your decision ({obs['player']}): {st['decision']} — round {st['round']}, "
            f"{st['phase']}{called}{known}",
            lead="  ",
        )
        lines += self._seats(obs)
        lines += self._landings(state, obs)
        merchant = obs["merchant_ships"]["face_up"]
        lines += pack(
            [
                f"On offer: projects {' '.join(t for t in st['upper_spaces'] if t) or 'none'}",
                f"Sao Gabriel {st['sao_gabriel'] or 'none'}",
                f"VdG tile {obs['vdg_tiles']['face_up'] or 'none'}",
                f"merchant ship {merchant or 'none'}",
                "bag " + " ".join(f"{k[0]}{v}" for k, v in obs["bag"].items()),
            ],
            "  ",
            "; ",
        )
        return lines

    def _seats(self, obs: dict) -> list[str]:
        """A line per seat (``*`` is the viewer): VP, Reals, captains in supply + in the
        recruiting area, sailors by colour, missionaries, characters, projects held (``^``
        a ship launched, ready to sail) and ships in the landings."""
        st = obs["state"]
        me = obs["player"]
        rows = [SEAT_HEADER]
        for colour in st["vp"]:
            held = [
                t + ("^" if where == "supply (launched)" else "")
                for t, owner in st["project_owner"].items()
                if owner == colour
                and (where := st["project_location"][t])
                in ("supply (project)", "supply (launched)")
            ]
            at_sea = sum(
                1
                for t, owner in st["project_owner"].items()
                if owner == colour and st["project_location"][t] == "Navigation Area"
            )
            characters = [
                CHARACTER_SHORT.get(c, c) for c, h in st["character_holder"].items() if h == colour
            ]
            row = SEAT_ROW.format(
                colour + ("*" if colour == me else ""),
                st["vp"][colour],
                st["reals"][colour],
                f"{st['captains_supply'][colour]}+{st['captains_recruiting_area'][colour]}",
                "/".join(str(v) for v in st["sailors"][colour].values()),
                st["missionaries"][colour],
                at_sea,
                " ".join(characters) or "-",
            )
            # a long list of projects goes on under its column rather than wrap at 80
            rows += pack(held or ["-"], row, " ", lead=" " * len(row))
        return rows

    def _landings(self, state: vdg_game.GameState, obs: dict) -> list[str]:
        """Each landing: slots taken of its slots, the free slots' VP, and each ship there
        with its owner. The slot counts and values are the printed board (the component
        data); what sits in each slot comes from the observation."""
        st = obs["state"]
        board = PlainComponentView(state.components.array)
        items = []
        for k, (landing, slots) in enumerate(st["landing_slots"].items()):
            n = int(board.land_nslots[k])
            ships = [
                t if t in st["merchant_location"] else f"{t} {st['project_owner'].get(t)}"
                for t in slots[:n]
                if t is not None
            ]
            free = " ".join(str(int(board.land_value[k][i])) for i in range(n) if slots[i] is None)
            items.append(
                f"{landing} {len(ships)}/{n}"
                + (f" [free {free}]" if free else "")
                + (f": {', '.join(ships)}" if ships else "")
            )
        items[0] = "Landings (taken/slots [free slots' VP]: ships) " + items[0]
        return pack(items, "  ", "; ")

    def help(self, state: vdg_game.GameState, viewer: int, shown: list[str]) -> list[str]:
        """What the decision is and what its choices mean (from the seat's observation),
        then what the screen's columns and codes stand for."""
        texts = [*explain(state, viewer), SCREEN_WORDS]
        return [line for text in texts for line in wrap(text, lead="  ")]

    def final(self, state: vdg_game.GameState) -> list[str]:
        res = vdg_game.result(state)
        return ranking(
            res.rank,
            [
                f"{self.seat_name(p)}: {res.vp[p]} VP{won(res.win_share[p])}; "
                f"{res.reals[p]} Reals left"
                for p in range(len(res.vp))
            ],
        )
