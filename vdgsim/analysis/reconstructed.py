"""The reconstructed component numbers, each group with plausible alternatives.

Several printed numbers of Vasco da Gama are not known (``docs/components.md`` marks them R:
reconstructed). A finding is about the game only if it survives every plausible value of the
numbers it may hang on, so the robustness check of a paired experiment (its ``data`` label,
:mod:`vdgsim.analysis.robustness`) replays every arm under each alternative below. Every
alternative keeps the sourced (S) and derived (D) facts of its group and moves only R values,
within the range the rulebook allows; the reasons are in ``docs/components.md``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from vdgsim.core.plug import game_keys, game_of
from vdgsim.games.vasco.components import DEFAULT_PATH


@dataclass(frozen=True)
class Alternative:
    """One plausible setting of a reconstructed group: a name and its component overrides."""

    group: str  # the reconstructed group it belongs to, as the report names it
    name: str  # short, usable as a directory name
    overrides: dict[str, Any]


def _deck_iii_one_step_lower() -> dict[str, Any]:
    # the limits a tile can print, in order: one step lower keeps every limit a printed value
    ladder = (4, 5, 6, 7, 9, 11)
    deck = tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8"))["projects"]["III"]
    return {
        f"projects.III.{i}.limit": ladder[max(0, ladder.index(tile["limit"]) - 1)]
        for i, tile in enumerate(deck)
    }


ALTERNATIVES: tuple[Alternative, ...] = (
    Alternative(
        "4-player action slots",
        "slots4_fewer",
        # Characters >= 5 at 4 players is D, the other Areas R; 17 discs need 18 slots
        {f"action_slots.players_4.{a}": 4 for a in ("purchase", "navigation")},
    ),
    Alternative(
        "4-player action slots",
        "slots4_more",
        {f"action_slots.players_4.{a}": 6 for a in ("recruiting", "purchase", "navigation")},
    ),
    Alternative(
        "give-up compensation 1-5",
        "comp1_5_none",
        {"give_up_compensation.numbers_1_to_20": [0] * 5 + [2] * 5 + [3] * 10},
    ),
    Alternative(
        "give-up compensation 1-5",
        "comp1_5_two",
        {"give_up_compensation.numbers_1_to_20": [2] * 10 + [3] * 10},
    ),
    Alternative(
        "give-up compensation 16-20",
        "comp16_20_four",
        {"give_up_compensation.numbers_1_to_20": [1] * 5 + [2] * 5 + [3] * 5 + [4] * 5},
    ),
    Alternative("deck III ship limits", "deck3_lower", _deck_iii_one_step_lower()),
    Alternative(
        "Mombasa and Calicut slot values",
        "mombasa_lower",
        # four slots, the 5 and the 6 beside it are fixed; the two 7s are R
        {"landings.mombasa.slots": [6, 6, 6, 5]},
    ),
    Alternative(
        "Mombasa and Calicut slot values",
        "calicut_lower",
        {"landings.calicut.slots": [11, 9, 9, 7, 7, 6]},
    ),
    Alternative(
        "merchant ship limits",
        "merchants_lower",
        # 7 and 11 are sourced; the four others are R
        {"merchant_ships.limits": [4, 5, 7, 7, 7, 11]},
    ),
    Alternative(
        "merchant ship limits",
        "merchants_higher",
        {"merchant_ships.limits": [6, 7, 7, 9, 9, 11]},
    ),
    Alternative(
        "Vasco da Gama tile pairing",
        "vdg_pairing_reversed",
        # Initial and Variation ranges are S; which Initial carries which Variation is R
        {
            f"vdg_tiles.tiles.{i}.variation": v
            for i, v in enumerate((-3, 1, -1, 2, 0, -2, 1, -1, 3))
        },
    ),
)


GOA_ALTERNATIVES: tuple[Alternative, ...] = (
    # Goa's development board (docs/goa-rules.md, Component provenance): every alternative
    # keeps row 1 of each column (D, W), Ships row 2 (S), Expedition row 4 (S), the rows 5
    # from public reviews, a level of 4 in Harvest and Colonists and of 6 in Taxes somewhere
    # (the rulebook's pictures), and columns that never fall
    Alternative("Goa Taxes levels", "goa_taxes_lower", {"development.taxes": [4, 5, 6, 7, 8]}),
    Alternative("Goa Taxes levels", "goa_taxes_higher", {"development.taxes": [4, 6, 8, 10, 12]}),
    Alternative(
        "Goa Harvest levels", "goa_harvest_lower", {"development.harvest": [1, 2, 3, 4, 8]}
    ),
    Alternative(
        "Goa Harvest levels", "goa_harvest_higher", {"development.harvest": [1, 4, 5, 6, 8]}
    ),
    Alternative(
        "Goa Colonists levels",
        "goa_colonists_lower",
        {"development.colonists": [0, 1, 2, 4, 6]},
    ),
    Alternative(
        "Goa Colonists levels",
        "goa_colonists_higher",
        {"development.colonists": [0, 3, 4, 7, 10]},
    ),
    Alternative(
        "Goa Expedition draws",
        "goa_expedition_fewer",
        {"development.expedition_draw": [1, 1, 1, 2, 2]},
    ),
    Alternative(
        "Goa Expedition draws",
        "goa_expedition_more",
        {"development.expedition_draw": [1, 2, 2, 2, 3]},
    ),
)
"""Goa's reconstructed development values with plausible alternatives. The tile mix, the
expedition deck and the colony spice pairs are reconstructed too but not in this panel
(docs/goa-report.md says so)."""


def alternatives(game: str | None = None) -> tuple[Alternative, ...]:
    """The reconstructed-data panel of ``game`` (:attr:`vdgsim.core.plug.Game.data_alternatives`;
    none for a game whose data is all sourced)."""
    return tuple(game_of(game).data_alternatives())


def every_alternative() -> tuple[Alternative, ...]:
    """Every game's alternatives (their names are distinct: a variant folder names one)."""
    return tuple(a for key in game_keys() for a in alternatives(key))


def groups(game: str | None = None) -> list[str]:
    """The reconstructed groups the panel of ``game`` covers, in report order."""
    return list(dict.fromkeys(a.group for a in alternatives(game)))
