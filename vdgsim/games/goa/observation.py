"""What one seat may see of a Goa game (G9.5): everything public, his own hand and Missions.

Hidden, and never in an observation: the order of the expedition deck (its size is public),
the cards in other players' hands (their number is public), the value of Missions not his own
(in the grid, in the Gift pool or held by others), the Bonanza tiles under the corners (only
whether one is there), the B tiles before the phase change (they are not laid yet) and the
game's random generators. Money is public (A15). Strategies read this, never the state.

:func:`shuffle_hidden` returns a copy of a state with everything one seat cannot see dealt
anew, for "no peeking" tests: that seat's decisions must not depend on it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vdgsim.core.fieldtable import field_by_name, read_field
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import GameState


def tile_name(state: GameState, t: int, viewer: int) -> str:
    """A tile's name as the viewer sees it: a Mission's value only for its holder."""
    c = state.components
    name = c.tile_names[t]
    kind = int(c.array[L.C_TILE_KIND + t])
    if kind == L.TK_MISSION and int(state.s[L.S_TILE_OWNER + t]) != viewer:
        return "Mission"
    return name


def observation(state: GameState, viewer: int) -> dict[str, Any]:
    s = state.s
    c = state.components
    n = state.players
    if not 0 <= viewer < n:
        raise ValueError(f"viewer must be a seat 0..{n - 1}")

    def f(name: str) -> Any:
        return read_field(s, field_by_name(L.STATE_FIELDS, name))

    loc = f("tile_location")
    owner = f("tile_owner")
    cards = f("card_location")
    grid = [(tile_name(state, t, viewer) if t >= 0 else None) for t in f("grid")]
    players = []
    for p in range(n):
        held = [
            tile_name(state, t, viewer)
            for t in range(L.N_TILES)
            if owner[t] == p and loc[t] in (L.LOC_HELD, L.LOC_PLANTED, L.LOC_REMOVED_SMALL)
        ]
        used_poll = sum(
            1 for t in range(L.N_TILES) if owner[t] == p and loc[t] == L.LOC_POLL_TAX_USED
        )
        players.append(
            {
                "seat": p,
                "ducats": f("ducats")[p],
                "ships": f("ships")[p],
                "colonists": f("colonists")[p],
                "extra_actions": f("extra_actions")[p],
                "rows": f("row")[p],
                "tiles": held,
                "poll_taxes_used": used_poll,
                "space_tile": f("space_tile")[p],
                "space_slots": f("space_slots")[p],
                "space_accept": f("space_accept")[p],
                "spices": f("spices")[p],
                "hand_size": f("hand_size")[p],
                "tiles_used_this_round": [
                    c.tile_names[t]
                    for t in range(L.N_TILES)
                    if owner[t] == p and f("tile_used_this_round")[t]
                ],
            }
        )
    return {
        "viewer": viewer,
        "players": n,
        "round": f("round"),
        "phase": "AB"[f("phase")],
        "step": L.STEP_NAMES[f("step")],
        "decision": L.DECISION_NAMES[f("decision")],
        "decision_player": f("decision_player"),
        "start_player": f("start_player"),
        "options": {
            "quick_start": bool(f("option_quick_start")),
            "bonanza": bool(f("option_bonanza")),
            "strict_hand_limit": bool(f("option_strict_hand_limit")),
            "extra_action_cap": f("option_extra_action_cap"),
        },
        "grid": grid,
        "cell_marker": f("cell_marker"),
        "item_owner": f("item_owner"),
        "flag_cell": f("flag_cell"),
        "bonanza_under_corner": [b >= 0 for b in f("bonanza_under")],
        "gift_pool": [
            tile_name(state, t, viewer) for t in range(L.N_TILES) if loc[t] == L.LOC_ASIDE
        ],
        "auction": {
            "item": f("auction_item"),
            "high_bid": f("auction_high_bid"),
            "high_bidder": f("auction_high_bidder"),
        },
        "first_to": f("first_to"),
        "colony_tiles_left": f("colony_tiles_left")[: int(c.array[L.C_N_CTYPES])],
        "deck_size": f("deck_size"),
        "discard_pile": [c.card_names[k] for k in f("discard_pile")[: f("discard_size")]],
        "revealed": [c.card_names[k] for k in f("revealed")[: f("revealed_count")]],
        "hand": [c.card_names[k] for k in range(L.N_CARDS) if cards[k] == viewer],
        "pass": f("pass_number"),
        "actor": f("actor"),
        "action_done": bool(f("action_done")),
        "card_played": bool(f("card_played")),
        "players_public": players,
        "vp": f("vp")[:n] if f("step") == L.ST_OVER else None,
    }


def _slice(name: str) -> slice:
    f = field_by_name(L.STATE_FIELDS, name)
    return slice(f.offset, f.offset + f.size)


# the fields indexed by tile, and those whose entries name a tile (a resolve queue entry of
# N_TILES or more names a Bonanza tile)
_BY_TILE = ("tile_location", "tile_owner", "tile_used_this_round", "tile_acquired_round")
_NAMING_TILES = ("grid", "tile_pile", "resolve_queue", "pending_tile")


def unseen_missions(state: GameState, viewer: int) -> list[int]:
    """The Mission tiles whose value ``viewer`` may not see: every one he does not hold."""
    c = state.components.array
    s = state.s
    return [
        t
        for t in range(L.N_TILES)
        if c[L.C_TILE_KIND + t] == L.TK_MISSION and s[L.S_TILE_OWNER + t] != viewer
    ]


def shuffle_hidden(state: GameState, viewer: int, seed: int) -> GameState:
    """A copy of ``state`` in which everything seat ``viewer`` cannot see (G9.5) is dealt
    anew from ``seed``: the expedition cards in the deck and in the other hands (each hand
    keeps its size), which unseen Mission is which (they swap identities in every field
    that names a tile, so their values are redealt over their places), the Bonanza tiles
    under the corners and those left out this phase, the chance generator (which also lays
    the B tiles at the phase change) and the game's seed (it determined every shuffle). The
    player generator and everything public are unchanged, so ``viewer``'s observation is
    the same; the event log is copied unchanged (it is history).
    """
    n = state.players
    if not 0 <= viewer < n:
        raise ValueError(f"viewer must be a seat 0..{n - 1}")
    rng = np.random.default_rng(seed)
    old = state.s
    s = old.copy()

    loc = old[_slice("card_location")]
    unseen = [
        k
        for k in range(L.N_CARDS)
        if loc[k] == L.CARD_DECK or (0 <= loc[k] < n and loc[k] != viewer)
    ]
    cards = [int(k) for k in rng.permutation(unseen)]
    for q in range(n):
        if q != viewer:
            for _ in range(int(old[L.S_HAND_N + q])):
                s[L.S_CARD_LOC + cards.pop()] = q
    for i in range(int(old[L.S_DECK_N])):
        card = cards.pop()
        s[L.S_DECK + i] = card
        s[L.S_CARD_LOC + card] = L.CARD_DECK

    missions = unseen_missions(state, viewer)
    new_id = np.arange(L.N_TILES)
    new_id[missions] = rng.permutation(missions)
    for name in _BY_TILE:
        s[_slice(name)][new_id] = old[_slice(name)]
    for name in _NAMING_TILES:
        block = s[_slice(name)]
        tiles = (block >= 0) & (block < L.N_TILES)
        block[tiles] = new_id[block[tiles]]

    if old[L.S_OPT_BONANZA]:
        under = s[_slice("bonanza_under")]
        pile = s[_slice("bonanza_pile")]
        # under a corner: pile[k] is under[k]; taken ones (under -1) were seen and stay
        places = [k for k in range(L.N_CORNERS) if under[k] >= 0]
        places += list(range(L.N_CORNERS, L.N_BONANZA))
        drawn = rng.permutation([int(pile[k]) for k in places])
        for k, b in zip(places, drawn, strict=True):
            pile[k] = b
            if k < L.N_CORNERS:
                under[k] = b

    words = rng.integers(0, 2**32, size=4, dtype=np.int64)
    if not words.any():  # xoshiro's one forbidden state
        words[0] = 1
    s[_slice("rng_chance")] = words
    s[L.S_SEED] = int(rng.integers(0, 2**63 - 1))
    return GameState(state.components, s, state.log.copy())
