"""Goa's action codec: how each decision's choice is packed into one int64 action code.

No other module does arithmetic on action codes. Codes by decision kind (``layout.D_*``):

- ``D_QUICK``: ``QUICK_DUCATS`` or ``quick_markers(i, j)`` (two columns, i < j);
- ``D_FLAG``: ``flag_cell(r, c)`` for r, c in -1..5 (the grid and its frame);
- ``D_MARKER``: grid cell ``r * 5 + c``; ``D_EXCHANGE`` likewise;
- ``D_BID``: ``PASS`` (0) or the bid in ducats; ``D_OWNER``: ``OWNER_SELL`` / ``OWNER_BUY``;
- ``D_REMOVE_PLANTATION``: plantation space 0..3, or ``REMOVE_NEW`` (4) for the new tile;
- ``D_SHIPS_OR_COLONISTS`` and ``D_RELIEF``: ``TAKE_SHIPS`` / ``TAKE_COLONISTS`` /
  ``TAKE_SPICES`` (Relief only);
- ``D_GIFT``: the tile; ``D_COLONY_TILE``: the colony tile type; ``D_VICEROY``: the column;
- ``D_GAIN_SPICE``, ``D_PAY_SPICE``, ``D_SELL``: ``slot(space, spice)``; ``MIX_SHIP`` and
  ``MIX_COLONIST`` (harvest mix), ``SELL_STOP``;
- ``D_TURN``: ``turn_*`` (kind << 8 | parameter), see below;
- ``D_DRAW``: ``DRAW_STOP`` / ``DRAW_ONE``; ``D_DISCARD_DOWN``: the card;
- ``D_COLONY_PLUS``: ``NO_CARD`` or ``card + 1``; ``D_COLONY_PAY``: ``DECLINE`` / ``PAY``;
- ``D_ESPIONAGE``: ``espionage(target, what)``, what = ``SPY_SHIPS``, ``SPY_HARVEST``,
  ``SPY_TAXES`` or ``SPY_COLONY + colony``;
- ``D_AH_SPACE``: a storage space, or ``AH_DONE``; ``D_EXTRA``: ``EXTRA_PASS`` / ``EXTRA_PLAY``.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L

QUICK_DUCATS = 0
PASS = 0
OWNER_SELL, OWNER_BUY = 0, 1
REMOVE_NEW = L.N_PLANT_SPACES
TAKE_SHIPS, TAKE_COLONISTS, TAKE_SPICES = 0, 1, 2
MIX_SHIP = L.N_SPACES * L.N_SPICES
MIX_COLONIST = MIX_SHIP + 1
SELL_STOP = MIX_SHIP + 2
DRAW_STOP, DRAW_ONE = 0, 1
NO_CARD = 0
DECLINE, PAY = 0, 1
SPY_SHIPS, SPY_HARVEST, SPY_TAXES, SPY_COLONY = 0, 1, 2, 3
SPY_WHATS = SPY_COLONY + L.N_COLONIES
AH_DONE = L.N_SPACES
EXTRA_PASS, EXTRA_PLAY = 0, 1

# D_TURN kinds
(
    T_END,
    T_DEVELOP,
    T_SHIPS,
    T_HARVEST,
    T_TAXES,
    T_EXPEDITION,
    T_COLONY,
    T_USE_TILE,
    T_PLAY,
    T_DISCARD,
) = range(10)
TURN_KIND_NAMES = (
    "end turn",
    "Develop",
    "Build ships",
    "Harvest",
    "Taxes",
    "Expedition",
    "Found a colony",
    "use tile",
    "play card",
    "discard card",
)
_SHIFT = 8
_MASK = 255
_CARD_SPAN = 32  # card ids 0..29 (+1 for "none") fit below this


# --- quick start (G9.1) ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def quick_markers(i, j):
    return 1 + i * L.N_COLS + j


@njit(cache=True, _nrt=False, inline="always")
def quick_columns(a):
    return (a - 1) // L.N_COLS, (a - 1) % L.N_COLS


# --- flag and markers (G3) ---------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def flag_cell(r, c):
    return (r + 1) * L.FRAME + (c + 1)


@njit(cache=True, _nrt=False, inline="always")
def flag_rc(a):
    return a // L.FRAME - 1, a % L.FRAME - 1


# --- storage slots ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def slot(space, spice):
    return space * L.N_SPICES + spice


@njit(cache=True, _nrt=False, inline="always")
def slot_space(a):
    return a // L.N_SPICES


@njit(cache=True, _nrt=False, inline="always")
def slot_spice(a):
    return a % L.N_SPICES


# --- the action turn (G6.2, G6.3, G7.2) ----------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def turn(kind, param):
    return (kind << _SHIFT) | param


@njit(cache=True, _nrt=False, inline="always")
def turn_kind(a):
    return a >> _SHIFT


@njit(cache=True, _nrt=False, inline="always")
def turn_param(a):
    return a & _MASK


@njit(cache=True, _nrt=False, inline="always")
def develop(col, card):
    """Develop ``col``; ``card`` = -1 or the ships-only / spices-only card played with it."""
    return turn(T_DEVELOP, col + L.N_COLS * (card + 1))


@njit(cache=True, _nrt=False, inline="always")
def develop_column(a):
    return turn_param(a) % L.N_COLS


@njit(cache=True, _nrt=False, inline="always")
def develop_card(a):
    return turn_param(a) // L.N_COLS - 1


@njit(cache=True, _nrt=False, inline="always")
def harvest(card):
    """Harvest; ``card`` = -1 or the harvest-mix card played with it."""
    return turn(T_HARVEST, card + 1)


@njit(cache=True, _nrt=False, inline="always")
def harvest_card(a):
    return turn_param(a) - 1


@njit(cache=True, _nrt=False, inline="always")
def play(card, col):
    """Play benefit card ``card``; ``col`` is the column of a buy-progress card (else 0)."""
    return turn(T_PLAY, card + _CARD_SPAN * col)


@njit(cache=True, _nrt=False, inline="always")
def play_card(a):
    return turn_param(a) % _CARD_SPAN


@njit(cache=True, _nrt=False, inline="always")
def play_column(a):
    return turn_param(a) // _CARD_SPAN


# --- espionage (G5.7) ------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def espionage(target, what):
    return target * SPY_WHATS + what


@njit(cache=True, _nrt=False, inline="always")
def espionage_target(a):
    return a // SPY_WHATS


@njit(cache=True, _nrt=False, inline="always")
def espionage_what(a):
    return a % SPY_WHATS


# --- descriptions (plain Python) -------------------------------------------------------------
def describe(
    kind: int, action: int, tile_names=None, card_names=None, colony_tile_names=None
) -> str:
    """A human description of ``action`` for decision ``kind`` (names from the component
    data when given)."""
    sp = L.SPICE_KEYS
    tn = (lambda t: tile_names[t]) if tile_names else (lambda t: f"tile {t}")
    cn = (lambda k: card_names[k]) if card_names else (lambda k: f"card {k}")
    if kind == L.D_QUICK:
        if action == QUICK_DUCATS:
            return "quick start: take ducats"
        i, j = quick_columns(action)
        return f"quick start: {L.COLUMN_NAMES[i]} and {L.COLUMN_NAMES[j]} to row 2"
    if kind == L.D_FLAG:
        r, c = flag_rc(action)
        return f"Flag on ({r}, {c})"
    if kind in (L.D_MARKER, L.D_EXCHANGE):
        what = "marker" if kind == L.D_MARKER else "exchange for the tile"
        return f"{what} on ({action // L.GRID}, {action % L.GRID})"
    if kind == L.D_BID:
        return "pass" if action == PASS else f"bid {action}"
    if kind == L.D_OWNER:
        return "sell to the highest bidder" if action == OWNER_SELL else "buy (take the item)"
    if kind == L.D_REMOVE_PLANTATION:
        return "remove the new plantation" if action == REMOVE_NEW else f"remove space {action}"
    if kind in (L.D_SHIPS_OR_COLONISTS, L.D_RELIEF):
        return ("take ships", "take colonists", "take spices")[action]
    if kind == L.D_GIFT:
        return f"gift: {tn(action)}"
    if kind in (L.D_GAIN_SPICE, L.D_PAY_SPICE, L.D_SELL):
        if action == MIX_SHIP:
            return "a ship"
        if action == MIX_COLONIST:
            return "a colonist"
        if action == SELL_STOP:
            return "stop selling"
        return f"{sp[slot_spice(action)]} in space {slot_space(action)}"
    if kind == L.D_DRAW:
        return "draw a card" if action == DRAW_ONE else "stop drawing"
    if kind == L.D_DISCARD_DOWN:
        return f"discard {cn(action)}"
    if kind == L.D_COLONY_PLUS:
        return "no card" if action == NO_CARD else f"play {cn(action - 1)}: reveal one more"
    if kind == L.D_COLONY_PAY:
        return "pay the shortfall" if action == PAY else "decline"
    if kind == L.D_COLONY_TILE:
        return colony_tile_names[action] if colony_tile_names else f"colony tile type {action}"
    if kind == L.D_ESPIONAGE:
        w = espionage_what(action)
        names = ("Build ships", "Harvest", "Taxes")
        what = names[w] if w < SPY_COLONY else f"Found {L.COLONY_NAMES[w - SPY_COLONY]}"
        return f"espionage on seat {espionage_target(action)}: {what}"
    if kind == L.D_VICEROY:
        return f"Viceroy: {L.COLUMN_NAMES[action]}"
    if kind == L.D_AH_SPACE:
        return "stop" if action == AH_DONE else f"fill space {action}"
    if kind == L.D_EXTRA:
        return "play an extra action card" if action == EXTRA_PLAY else "pass"
    if kind == L.D_TURN:
        k = turn_kind(action)
        if k == T_DEVELOP:
            card = develop_card(action)
            extra = f" with {cn(card)}" if card >= 0 else ""
            return f"Develop {L.COLUMN_NAMES[develop_column(action)]}{extra}"
        if k == T_HARVEST:
            card = harvest_card(action)
            return "Harvest" + (f" with {cn(card)}" if card >= 0 else "")
        if k == T_COLONY:
            return f"Found {L.COLONY_NAMES[turn_param(action)]}"
        if k == T_USE_TILE:
            return f"use {tn(turn_param(action))}"
        if k == T_PLAY:
            return f"play {cn(play_card(action))} (column {play_column(action)})"
        if k == T_DISCARD:
            return f"discard {cn(turn_param(action))}"
        return TURN_KIND_NAMES[k]
    return f"action {action}"
