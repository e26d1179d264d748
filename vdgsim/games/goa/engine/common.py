"""Helpers every Goa rule uses: deciding, logging, supplies, storage and the expedition deck.

Event log rows are ``[event, round, phase, seat, a, b, c, d]`` (see :data:`EVENT_NAMES`).
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.vasco.engine import rng as R

EVENT_NAMES = (
    "decision",  # a = decision kind, b = action code
    "vp",  # a = VP source, b = amount
    "tile",  # a = tile, b = how (0 auction, 1 gift, 2 exchange, 3 free), c = price
    "colony",  # a = colony tile type, b = founded 1 / failed 0, c = colonists paid
    "marker",  # a = column, b = new row, c = how (0 develop, 1 card, 2 viceroy, 3 quick start)
    "bonus",  # a = 0 first-to card / 1 last-marker extra action card, b = column or row
    "start player",  # a = new start player (setup or Flag)
    "bonanza",  # a = Bonanza tile
)
EV_DECISION, EV_VP, EV_TILE, EV_COLONY, EV_MARKER, EV_BONUS, EV_SP, EV_BONANZA = range(8)


@njit(cache=True, _nrt=False)
def log_event(s, log, ev, seat, a, b, c, d):
    """Append one row; rows past the log's capacity are counted but not stored."""
    st = S.fields(s)
    n = st.log_rows
    if n < log.shape[0]:
        log[n, 0] = ev
        log[n, 1] = st.round
        log[n, 2] = st.phase
        log[n, 3] = seat
        log[n, 4] = a
        log[n, 5] = b
        log[n, 6] = c
        log[n, 7] = d
    st.log_rows = n + 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def decide(s, kind, p):
    st = S.fields(s)
    st.decision = kind
    st.decision_player = p


@njit(cache=True, _nrt=False)
def randint(s, n):
    """A uniform 0..n-1 from the game's chance generator (G9.4)."""
    return R.randint(s, L.S_RNG_CHANCE, n)


# --- supplies (G1.2) ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def gain_extra(s, p, k):
    """Seat ``p`` takes ``k`` extra action cards: unlimited (A6), or with the optional cap
    only as many as the supply still holds."""
    st = S.fields(s)
    cap = st.option_extra_action_cap
    if cap > 0:
        held = 0
        for q in range(st.players):
            held += st.extra_actions[q]
        if k > cap - held:
            k = cap - held
    if k > 0:
        st.extra_actions[p] += k


# --- storage (G0, G6.13) ---------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def space_used(s, p, sp):
    st = S.fields(s)
    n = 0
    for k in range(L.N_SPICES):
        n += st.spices[p, sp, k]
    return n


@njit(cache=True, _nrt=False, inline="always")
def space_free(s, p, sp):
    """Empty slots of storage space ``sp`` (0 for an empty space)."""
    st = S.fields(s)
    return st.space_slots[p, sp] - space_used(s, p, sp)


@njit(cache=True, _nrt=False)
def can_store(s, p, sp, spice):
    st = S.fields(s)
    return space_free(s, p, sp) > 0 and (st.space_accept[p, sp] >> spice) & 1 == 1


@njit(cache=True, _nrt=False)
def can_store_any(s, p):
    """True if some empty slot of the player's storage can take some spice."""
    st = S.fields(s)
    for sp in range(L.N_SPACES):
        if st.space_slots[p, sp] > 0 and space_free(s, p, sp) > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def spice_total(s, p, spice):
    st = S.fields(s)
    n = 0
    for sp in range(L.N_SPACES):
        n += st.spices[p, sp, spice]
    return n


@njit(cache=True, _nrt=False)
def all_spices(s, p):
    n = 0
    for k in range(L.N_SPICES):
        n += spice_total(s, p, k)
    return n


@njit(cache=True, _nrt=False)
def single_spice(mask):
    """The spice of a one-spice mask, else -1."""
    for k in range(L.N_SPICES):
        if mask == 1 << k:
            return k
    return -1


@njit(cache=True, _nrt=False)
def clear_space(s, p, sp):
    st = S.fields(s)
    st.space_tile[p, sp] = -1
    st.space_slots[p, sp] = 0
    st.space_accept[p, sp] = 0
    for k in range(L.N_SPICES):
        st.spices[p, sp, k] = 0


# --- development levels ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def level(c, s, p, col):
    """v(column, row) of seat ``p`` (for Expedition: the cards drawn d)."""
    cf = S.comp(c)
    st = S.fields(s)
    return cf.dev_value[col, st.row[p, col] - 1]


@njit(cache=True, _nrt=False, inline="always")
def hand_limit(c, s, p):
    cf = S.comp(c)
    st = S.fields(s)
    return cf.expedition_limit[st.row[p, L.COL_EXPEDITION] - 1]


@njit(cache=True, _nrt=False)
def lowest_row(s, p):
    st = S.fields(s)
    m = L.N_ROWS
    for col in range(L.N_COLS):
        if st.row[p, col] < m:
            m = st.row[p, col]
    return m


# --- the expedition deck (G7.7, G7.8) --------------------------------------------------------
@njit(cache=True, _nrt=False)
def top_card(s):
    """Take the top card off the deck (reshuffling the discard pile into a new deck when the
    deck is empty, G7.8); -1 if deck and discard pile are both empty (A22)."""
    st = S.fields(s)
    if st.deck_size == 0:
        n = st.discard_size
        if n == 0:
            return -1
        for i in range(n):
            st.deck[i] = st.discard_pile[i]
            st.card_location[st.discard_pile[i]] = L.CARD_DECK
            st.discard_pile[i] = -1
        st.discard_size = 0
        st.deck_size = n
        R.shuffle(s, L.S_RNG_CHANCE, st.deck, 0, n)
    st.deck_size -= 1
    card = st.deck[st.deck_size]
    st.deck[st.deck_size] = -1
    return card


@njit(cache=True, _nrt=False)
def discard_card(s, card):
    st = S.fields(s)
    owner = st.card_location[card]
    if 0 <= owner < L.MAX_PLAYERS:
        st.hand_size[owner] -= 1
    st.discard_pile[st.discard_size] = card
    st.discard_size += 1
    st.card_location[card] = L.CARD_DISCARD


@njit(cache=True, _nrt=False)
def draw_cards(s, p, n):
    """Seat ``p`` draws ``n`` cards into his hand (fewer if deck and discard run out)."""
    st = S.fields(s)
    got = 0
    for _ in range(n):
        card = top_card(s)
        if card < 0:
            break
        st.card_location[card] = p
        st.hand_size[p] += 1
        got += 1
    return got


@njit(cache=True, _nrt=False)
def reveal_card(s):
    """Reveal the top card into the revealed row (G6.11, Relief); its colonist number, or 0
    when nothing is left to reveal (A22)."""
    st = S.fields(s)
    card = top_card(s)
    if card < 0:
        return -1
    st.card_location[card] = L.CARD_REVEALED
    st.revealed[st.revealed_count] = card
    st.revealed_count += 1
    return card


@njit(cache=True, _nrt=False)
def discard_revealed(s):
    st = S.fields(s)
    for i in range(st.revealed_count):
        discard_card(s, st.revealed[i])
        st.revealed[i] = -1
    st.revealed_count = 0


@njit(cache=True, _nrt=False)
def holds_card(s, p, card):
    st = S.fields(s)
    return st.card_location[card] == p
