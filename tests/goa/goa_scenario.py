"""Building Goa positions for the rule and example tests.

Positions are made by playing from a new game and, where a test needs a particular position,
by writing fields through the plain named view (``view(g)``) and running the engine on from a
step (``resume``). Names follow the rulebook.
"""

from __future__ import annotations

import numpy as np

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.game import GameState, Options, apply_action, legal_actions, new_game
from vdgsim.games.goa.state import PlainStateView

YELLOW, RED, GREEN, BLUE = 0, 1, 2, 3  # the rulebook's sample round (RULES EX14-EX30)
G, CI, P, N, CL = range(5)  # spices
SHIPS, HARVEST, TAXES, EXPEDITION, COLONISTS = range(5)
QUILON, COCHIN, MADRAS, CALICUT = range(4)


def game(players: int = 4, seed: int = 1, **options: bool) -> GameState:
    return new_game(players, seed, options=Options(**options))


def view(g: GameState) -> PlainStateView:
    return PlainStateView(g.s)


def resume(g: GameState, step: int) -> None:
    """Run the engine on from ``step`` (after a test wrote a position)."""
    view(g).step = step
    flow.advance(g.components.array, g.s, g.log)


def act(g: GameState, action: int) -> None:
    legal = legal_actions(g)
    assert action in legal, (
        f"{A.describe(g.decision, action)} not legal for {L.DECISION_NAMES[g.decision]}: "
        f"{[A.describe(g.decision, a) for a in legal]}"
    )
    apply_action(g, action)


def tile(g: GameState, name: str, k: int = 0) -> int:
    """The k-th tile instance named ``name`` (e.g. ``"A-P2-clove"``)."""
    ids = [t for t, n in enumerate(g.components.tile_names) if n == name]
    return ids[k]


def card(g: GameState, name: str) -> int:
    return g.components.card_names.index(name)


def ctype(g: GameState, colony: int, spices: tuple[int, ...] | None = None) -> int:
    """The colony tile type of ``colony`` (with the given spice pair, for Quilon/Madras)."""
    a = g.components.array
    for k in range(int(a[L.C_N_CTYPES])):
        if a[L.C_CT_COLONY + k] != colony:
            continue
        mask = int(a[L.C_CT_ACCEPT + k])
        if spices is None or mask == sum(1 << x for x in spices):
            return k
    raise KeyError((colony, spices))


def set_deck(g: GameState, top_first: list[int]) -> None:
    """Put these cards on top of the deck, first = top; the rest of the deck keeps its
    order below them; cards taken from the discard pile or hands are moved."""
    st = view(g)
    for k in top_first:
        take_card_out(g, k)
    rest = [int(x) for x in st.deck[: st.deck_size]]
    order = rest + list(reversed(top_first))
    st.deck[:] = -1
    st.deck[: len(order)] = order
    st.deck_size = len(order)
    for k in order:
        st.card_location[k] = L.CARD_DECK


def take_card_out(g: GameState, k: int) -> None:
    """Remove card ``k`` from wherever it is (deck, discard pile, hand)."""
    st = view(g)
    loc = int(st.card_location[k])
    if loc == L.CARD_DECK:
        d = [int(x) for x in st.deck[: st.deck_size] if x != k]
        st.deck[:] = -1
        st.deck[: len(d)] = d
        st.deck_size = len(d)
    elif loc == L.CARD_DISCARD:
        d = [int(x) for x in st.discard_pile[: st.discard_size] if x != k]
        st.discard_pile[:] = -1
        st.discard_pile[: len(d)] = d
        st.discard_size = len(d)
    elif 0 <= loc < L.MAX_PLAYERS:
        st.hand_size[loc] -= 1
    st.card_location[k] = -1


def give_card(g: GameState, p: int, k: int) -> None:
    take_card_out(g, k)
    st = view(g)
    st.card_location[k] = p
    st.hand_size[p] += 1


def hand(g: GameState, p: int) -> list[int]:
    st = view(g)
    return [k for k in range(L.N_CARDS) if st.card_location[k] == p]


def put_on_grid(g: GameState, t: int, cell: int) -> None:
    """Place tile ``t`` in ``cell``; the tile that was there takes ``t``'s old place."""
    st = view(g)
    old = int(st.grid[cell])
    loc = int(st.tile_location[t])
    if loc == L.LOC_GRID:
        other = int(np.nonzero(st.grid == t)[0][0])
        st.grid[other] = old
    elif old >= 0:
        st.tile_location[old] = loc
    st.grid[cell] = t
    st.tile_location[t] = L.LOC_GRID


def give_tile(g: GameState, p: int, t: int, then: int = L.ST_TURN) -> None:
    """Seat ``p`` acquires tile ``t`` (resolved as in G4.4), then play goes on at ``then``."""
    st = view(g)
    if st.tile_location[t] == L.LOC_GRID:
        st.grid[int(np.nonzero(st.grid == t)[0][0])] = -1
    st.tile_location[t] = L.LOC_HELD
    st.resolve_seat = p
    st.resolve_queue[0] = t
    st.resolve_queue_length = 1
    st.resolve_return = then
    resume(g, L.ST_RESOLVE)


def start_turn(g: GameState, p: int) -> None:
    """Make it seat ``p``'s regular action turn (pass 1), with nothing done yet."""
    st = view(g)
    st.actor = p
    st.pass_number = 0
    st.turn_in_pass = (p - st.start_player) % st.players
    st.extra_phase = 0
    resume(g, L.ST_TURN_START)


def store(g: GameState, p: int, space: int, slots: int, mask: int, spices: dict[int, int]) -> None:
    """Write a storage space directly (for positions a test needs)."""
    st = view(g)
    st.space_tile[p, space] = 0 if space >= L.N_PLANT_SPACES else st.space_tile[p, space]
    st.space_slots[p, space] = slots
    st.space_accept[p, space] = mask
    for k in range(L.N_SPICES):
        st.spices[p, space, k] = spices.get(k, 0)


def plantation(g: GameState, p: int, name: str, k: int = 0) -> int:
    """Seat ``p`` acquires the named plantation outside any auction; returns its space."""
    t = tile(g, name, k)
    st = view(g)
    step = int(st.step)
    give_tile(g, p, t, then=step)
    return int(np.nonzero(st.space_tile[p] == t)[0][0])


def total_spices(g: GameState, p: int) -> int:
    return int(view(g).spices[p].sum())


def turn_actions(g: GameState) -> list[str]:
    return [A.describe(g.decision, a) for a in legal_actions(g)]
