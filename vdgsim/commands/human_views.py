"""What a seat sees when it plays from the terminal (`vdg play --human`), for each game.

Every status line is read from the game's observation of that seat
(:func:`vdgsim.games.vasco.observation.observation`; Goa's table is
:class:`vdgsim.games.goa.human.GoaTable`), never from the state, so what is hidden there (the
decks' order, other seats' hands, the value of Missions not the seat's own) cannot reach the
screen. The final-scores helpers here are shared by every game's table.
"""

from __future__ import annotations

from vdgsim.games.vasco import describe as vdg_describe
from vdgsim.games.vasco import game as vdg_game
from vdgsim.games.vasco import layout as VL
from vdgsim.games.vasco.engine import actions as VA
from vdgsim.games.vasco.observation import observation as vdg_observation


def ranking(rank: tuple[int, ...], lines: list[str]) -> list[str]:
    """``lines`` (one per seat) in the order of ``rank``, the heading first."""
    order = sorted(range(len(rank)), key=lambda p: (rank[p], p))
    return ["Final scores"] + [f"  {rank[p]}. {lines[p]}" for p in order]


def won(share: float) -> str:
    return " (winner)" if share == 1 else f" (shares the win, {share:.2f})" if share else ""


def counts(values: dict[str, int]) -> str:
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
        if 2 + name + width * len(numbers) > 80:
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
            f"in the recruiting area, sailors {counts(st['sailors'][me])}, missionaries "
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
            f"{obs['merchant_ships']['face_up'] or 'none'}; bag {counts(obs['bag'])}"
        )
        return lines

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
