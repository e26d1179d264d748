"""A Goa decision in words, for a seat played by hand (`vdg play --game goa --human`, ``?``):
the rule it comes from (docs/goa-rules.md) and what its choices mean.

Everything is read from the seat's observation (G9.5), so nothing hidden (other hands, the
value of Missions not the seat's own, the deck's order) can be told. Each paragraph is one
string; the table at the terminal wraps them.
"""

from __future__ import annotations

from typing import Any

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import GameState
from vdgsim.games.goa.observation import observation, tile_name

STORAGE = (
    "A spice choice names the spice and your storage space: 0 to 3 are your plantation "
    "spaces, 4 to 7 your colonies Quilon, Cochin, Madras and Calicut."
)
# by the decision's name in the observation
DECISIONS = {
    "quick start": (
        "Quick start (G9.1): take 10 ducats, or put two different column markers on row 2 "
        "(no bonuses)."
    ),
    "place flag": (
        "Placing the Flag (G3.1): as start player, put the Flag on a cell without a tile that "
        "has a tile on at least one of its four sides (a corner is not enough), in the grid "
        "or its frame. Marker 2 then goes on a tile touching the Flag, each later marker on a "
        "tile touching the one before, and the Flag and the tiles under the markers are "
        "auctioned in marker order (G4). In the grid, each number is a choice: the cell it "
        "stands on."
    ),
    "place marker": (
        "Placing an auction marker (G3.3–G3.6): put your marker on a free tile touching, "
        "corners included, the previous marker's tile (marker 2: the Flag's cell); if none "
        "is free there, any free tile. The tile under it is auctioned later in marker order, "
        "with you as its owner, who speaks last and sells it or buys it (G4.3)."
    ),
    "bid": (
        "Bidding (G4.2): each player but the owner speaks once, clockwise from the owner's "
        "left: pass, or bid more than the highest bid so far, at most your ducats. The owner "
        "then sells the item to the highest bidder, who pays him, or buys it, paying the "
        "highest bid less 1 to the bank (G4.3). Whoever takes the Flag also gets an extra "
        "action card and is start player next round (G4.5)."
    ),
    "owner's choice": (
        "The owner's choice (G4.3): you own the item on auction and speak last: sell it to "
        "the highest bidder, who pays you his bid, or buy it, paying the highest bid less 1 "
        "to the bank."
    ),
    "remove plantation": (
        "A fifth plantation (G5.3): remove one of the five, the new one included, with its "
        "spices. A removed small plantation (1 slot, printed spice) is kept face down and "
        "still scores; anything else removed is discarded."
    ),
    "ships or colonists": (
        "A tile of ships or colonists (G5.6): take its ships or its colonists, one kind."
    ),
    "gift": (
        "Gift (G5.8): take one tile of the Gift pool; it resolves as if you had just acquired "
        "it, the rest stay in the pool."
    ),
    "gain spice": (
        "Gaining a spice (G6.13): put it into an empty slot of your storage that takes it, "
        "one spice at a time; a gain is taken while a slot fits it. With the harvest mix card "
        "a unit may be a ship or a colonist instead (G7.4)."
    ),
    "pay spice": (
        "Paying a spice (G6.4, G5.7): a Develop step's spices or the Poll tax's are paid one "
        "at a time; choose the storage space it comes from."
    ),
    "sell spice": (
        "Selling spices (G7.4): sell one spice at a time for 3 ducats each, up to 4; 'stop "
        "selling' ends it."
    ),
    "action turn": (
        "Your action turn (G6.2, G6.3): one step at a time, use a tile (red tiles once a "
        "round, one-time tiles, an Exchange), play a card (one a turn) or discard one, and "
        "take your action once: Develop a column (pay its step's spices and ships, the marker "
        "goes up a row), Build ships, Harvest, Taxes, Expedition or Found a colony; then end "
        "the turn. Each column's row sets what its action gives (your seat line's S/H/T/E/C)."
    ),
    "expedition draw": (
        "Expedition (G6.10): draw cards one at a time, up to what your Expedition row allows, "
        "stopping when you like; a hand above your limit is then discarded down to it."
    ),
    "discard down": "Your hand is above its limit (G6.10, G9.3): discard a card of your choice.",
    "colony +1 card": (
        "Founding a colony (G6.11): the two cards revealed and your Colonists value fall "
        "short of the colony's need; play a colony +1 card to reveal one more, or not."
    ),
    "colony pay shortfall": (
        "Founding a colony (G6.11): your Colonists value and the cards revealed fall short of "
        "the need (Quilon 6, Cochin 8, Madras 10, Calicut 12): pay the shortfall in "
        "colonists, or decline; failing gives you 1 colonist."
    ),
    "colony tile": (
        "Founding a colony (G6.11): choose which of its name's tiles you take; its spices set "
        "what its storage slots take."
    ),
    "relief kind": (
        "Relief (G5.7): take T ships, T colonists or up to T spices into fitting slots, T the "
        "colonist numbers of the cards revealed."
    ),
    "espionage": (
        "Espionage (G5.7): perform another seat's Build ships, Harvest, Taxes or Found a "
        "colony at that seat's level, not as your action; no card may modify it."
    ),
    "viceroy column": (
        "Viceroy (G5.7): your lowest column marker moves up one row free; choose among the "
        "columns tied lowest."
    ),
    "exchange cell": (
        "Exchange (G5.9): take any grid tile and put your Exchange tile in its cell; the tile "
        "taken resolves as if just acquired."
    ),
    "additional harvest space": (
        "Additional harvest (G5.7): choose up to 3 storage spaces one by one, each chosen "
        "space's empty slots filled; 'stop' ends it."
    ),
    "extra action": (
        "The extra-action phase (G8.1): play an extra action card for a full action turn, or "
        "pass, and you are done for the round."
    ),
}
STORAGE_DECISIONS = ("remove plantation", "gain spice", "pay spice", "sell spice")
STORAGE_DECISIONS += ("additional harvest space",)


def explain(state: GameState, viewer: int) -> list[str]:
    """Paragraphs that tell ``viewer`` what the pending decision is and what its choices
    mean; a decision about storage spaces also lists the viewer's."""
    obs = observation(state, viewer)
    name = obs["decision"]
    lines = [f"This decision: {name}. {DECISIONS.get(name, '')}".rstrip()]
    if name in STORAGE_DECISIONS:
        lines += [STORAGE, "Your storage: " + "; ".join(storage(state, obs, viewer)) + "."]
    return lines


def storage(state: GameState, obs: dict[str, Any], viewer: int) -> list[str]:
    """Each storage space of ``viewer`` that has slots: what it is, the spices its slots take
    and those it holds."""
    mine = obs["players_public"][viewer]
    c = state.components
    out = []
    for k, slots in enumerate(mine["space_slots"]):
        if not slots:
            continue
        t = mine["space_tile"][k]
        what = tile_name(state, t, viewer) if k < L.N_PLANT_SPACES else c.colony_tile_names[t]
        mask = mine["space_accept"][k]
        takes = [sp for i, sp in enumerate(L.SPICE_KEYS) if mask >> i & 1]
        kinds = "any spice" if len(takes) == len(L.SPICE_KEYS) else "/".join(takes)
        held = ", ".join(
            f"{sp} {n}" for sp, n in zip(L.SPICE_KEYS, mine["spices"][k], strict=True) if n
        )
        out.append(f"space {k} {what}, {slots} for {kinds}, {held or 'empty'}")
    return out or ["empty"]
