"""A player's public observation of a game (RULES R9.4), and the hidden part of a state.

Everything on the table is public: the board, every player's supply, the numbers, the
Initial / Variation / First Free Number once known, the face-up Vasco da Gama tile and merchant
ship, the face-up top tile of each project deck and how many tiles each deck still holds, the
bag's contents by colour (every sailor outside it is visible, so its counts are known) and the
discard piles.

Hidden, and absent from the observation: the order of the face-down decks (Vasco da Gama tiles
beyond the face-up one, merchant ships beyond the face-up one, projects below each deck's face-up
top tile), both random generators and the game's seed (which determines every shuffle).
Which tiles are still face down is public (the decks' contents are the tiles not yet seen);
only their order is hidden, so the observation lists them sorted, never in deck order.

:func:`shuffle_hidden` returns a copy of a state with every hidden order reshuffled and the
chance generator reseeded, for "no peeking" tests: a player's decisions must not depend on it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import DECKS
from vdgsim.games.vasco.engine.state import PlainComponentView
from vdgsim.games.vasco.game import GameState
from vdgsim.games.vasco.positions import MERCHANT_NAMES, VDG_NAMES, state_to_dict

OBSERVATION_FORMAT = "vdgsim observation"

# State fields left out of the observation whole, and those whose order is partly hidden.
HIDDEN_FIELDS: dict[str, str] = {
    "seed": "the game's seed determines every shuffle and draw",
    "rng_chance": "the chance generator (future shuffles and bag draws)",
    "rng_player": "the player generator (players' future random picks)",
    "vdg_order": "order of the Vasco da Gama tiles after the face-up one (discards are public)",
    "merchant_order": "order of the merchant ships after the face-up one (earlier ones are public)",
    "project_order": "order of each project deck below its face-up top tile",
}


def hidden_fields() -> dict[str, str]:
    """State fields that are hidden in whole or in part, with what is hidden in each."""
    return dict(HIDDEN_FIELDS)


def deck_ranges(c: np.ndarray) -> list[tuple[int, int]]:
    """Positions ``[start, end)`` of decks I, II, III in the project order (dealt in turn)."""
    ranges = []
    start = 0
    for d in range(len(DECKS)):
        n = int(np.count_nonzero(PlainComponentView(c).proj_deck == d))
        ranges.append((start, start + n))
        start += n
    return ranges


def _vdg_hidden_from(s: np.ndarray) -> int:
    """First VdG order position still face down."""
    return int(s[L.S_VDG_DISCARDED] + s[L.S_VDG_FACE_UP])


def _merchant_hidden_from(s: np.ndarray) -> int:
    """First merchant order position still face down (the top one is face up, R7.2)."""
    return int(s[L.S_MERCH_TOP]) + 1


def _deck_hidden(s: np.ndarray, start: int, end: int) -> tuple[int, int, int]:
    """(top position or -1, first hidden position, tiles left) of one project deck."""
    first = max(start, int(s[L.S_PROJ_NEXT]))
    left = max(0, end - first)
    if left == 0:
        return -1, end, 0
    return first, first + 1, left


def hidden_indices(state: GameState) -> np.ndarray:
    """Indices into ``state.s`` that hold hidden information at this moment (sorted)."""
    s = state.s
    idx: list[int] = []
    for name in ("seed", "rng_chance", "rng_player"):
        f = next(f for f in L.STATE_FIELDS if f.name == name)
        idx.extend(range(f.offset, f.offset + f.size))
    idx.extend(range(L.S_VDG_ORDER + _vdg_hidden_from(s), L.S_VDG_ORDER + L.N_VDG))
    idx.extend(range(L.S_MERCH_ORDER + _merchant_hidden_from(s), L.S_MERCH_ORDER + L.N_MERCHANTS))
    for start, end in deck_ranges(state.components.array):
        _, hidden_from, _ = _deck_hidden(s, start, end)
        idx.extend(range(L.S_PROJ_ORDER + hidden_from, L.S_PROJ_ORDER + end))
    return np.array(sorted(set(idx)), dtype=np.int64)


def _check_player(state: GameState, player: int) -> int:
    if isinstance(player, bool) or not isinstance(player, int | np.integer):
        raise ValueError(f"player must be a seat number, got {player!r}")
    if not 0 <= player < state.players:
        raise ValueError(f"player must be a seat 0..{state.players - 1}, got {player}")
    return int(player)


def observation(state: GameState, player: int) -> dict[str, Any]:
    """Everything ``player`` (a seat) may see, as a JSON-able dict with readable names.

    ``"state"`` holds every state field of :func:`vdgsim.games.vasco.positions.state_to_dict` except
    the hidden ones (:data:`HIDDEN_FIELDS`); the other keys give the public views of the decks,
    the bag and the discard piles, and the round's numbers once they are known.
    """
    seat = _check_player(state, player)
    s, comp = state.s, state.components
    fields = state_to_dict(state)["state"]
    for name in HIDDEN_FIELDS:
        del fields[name]

    # Vasco da Gama tiles: the discards in order, the face-up tile, the rest as a set.
    discarded = int(s[L.S_VDG_DISCARDED])
    vorder = [int(v) for v in s[L.S_VDG_ORDER : L.S_VDG_ORDER + L.N_VDG]]
    face_up = vorder[discarded] if s[L.S_VDG_FACE_UP] and discarded < L.N_VDG else -1
    unseen = sorted(vorder[_vdg_hidden_from(s) :])
    vdg = {
        "discards": [VDG_NAMES[v] for v in vorder[:discarded]],
        "face_up": VDG_NAMES[face_up] if face_up >= 0 else None,
        "face_down": [VDG_NAMES[v] for v in unseen],
    }

    # Merchant ships: the ones seen so far in order, the face-up one, the rest as a set.
    top = int(s[L.S_MERCH_TOP])
    morder = [int(m) for m in s[L.S_MERCH_ORDER : L.S_MERCH_ORDER + L.N_MERCHANTS]]
    m_up = morder[top] if top < L.N_MERCHANTS else -1
    merchants = {
        "seen": [MERCHANT_NAMES[m] for m in morder[: min(top, L.N_MERCHANTS)]],
        "face_up": MERCHANT_NAMES[m_up] if m_up >= 0 else None,
        "face_up_location": L.MERCHANT_LOC_NAMES[s[L.S_MERCH_LOC + m_up]] if m_up >= 0 else None,
        "face_down": [MERCHANT_NAMES[m] for m in sorted(morder[_merchant_hidden_from(s) :])],
    }

    # Project decks: each deck's face-up top tile, its size and its other tiles as a set.
    decks = {}
    for deck, (start, end) in zip(DECKS, deck_ranges(comp.array), strict=True):
        top_pos, hidden_from, left = _deck_hidden(s, start, end)
        rest = sorted(int(t) for t in s[L.S_PROJ_ORDER + hidden_from : L.S_PROJ_ORDER + end])
        decks[deck] = {
            "top": comp.tile_names[int(s[L.S_PROJ_ORDER + top_pos])] if top_pos >= 0 else None,
            "count": left,
            "face_down": [comp.tile_names[t] for t in rest],
        }

    discards = [
        comp.tile_names[t] for t in range(L.N_PROJECTS) if s[L.S_PROJ_LOC + t] == L.LOC_DISCARDED
    ]
    merchant_discards = [
        MERCHANT_NAMES[m] for m in range(L.N_MERCHANTS) if s[L.S_MERCH_LOC + m] == L.M_DISCARDED
    ]
    initial = int(s[L.S_INITIAL])
    free = int(s[L.S_FREE])
    numbers = {
        "initial": initial if initial > 0 else None,
        "variation": int(s[L.S_VARIATION]) if free > 0 else None,
        "free": free if free > 0 else None,
    }
    return {
        "format": OBSERVATION_FORMAT,
        "player": L.PLAYER_COLOURS[seat],
        "seat": seat,
        "players": state.players,
        "components_digest": comp.digest,
        "numbers": numbers,
        "vdg_tiles": vdg,
        "merchant_ships": merchants,
        "project_decks": decks,
        "bag": {L.COLOUR_NAMES[c]: int(s[L.S_BAG + c]) for c in range(L.N_COLOURS)},
        "discards": {"projects": discards, "merchant_ships": merchant_discards},
        "state": fields,
    }


def shuffle_hidden(state: GameState, seed: int) -> GameState:
    """A copy of ``state`` with every hidden order reshuffled, the chance generator reseeded
    from ``seed`` and the game's seed field replaced (it determined every shuffle, so a player
    reading it would be peeking); the player generator and everything public are unchanged.

    The event log is copied unchanged (it is history; it shows no hidden order).
    """
    rng = np.random.default_rng(seed)
    s = state.s.copy()

    def shuffle(lo: int, hi: int) -> None:
        if hi - lo > 1:
            s[lo:hi] = rng.permutation(s[lo:hi])

    shuffle(L.S_VDG_ORDER + _vdg_hidden_from(s), L.S_VDG_ORDER + L.N_VDG)
    shuffle(L.S_MERCH_ORDER + _merchant_hidden_from(s), L.S_MERCH_ORDER + L.N_MERCHANTS)
    for start, end in deck_ranges(state.components.array):
        _, hidden_from, _ = _deck_hidden(s, start, end)
        shuffle(L.S_PROJ_ORDER + hidden_from, L.S_PROJ_ORDER + end)
    words = rng.integers(0, 2**32, size=4, dtype=np.int64)
    if not words.any():  # xoshiro's one forbidden state
        words[0] = 1
    s[L.S_RNG_CHANCE : L.S_RNG_CHANCE + 4] = words
    s[L.S_SEED] = int(rng.integers(0, 2**63 - 1))
    return GameState(state.components, s, state.log.copy())
