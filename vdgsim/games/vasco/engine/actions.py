"""The action codec: how each decision's choice is packed into one int64 action code.

Every decision kind (``layout.D_*``) has an encoder named after the rulebook's choice and a
decoder per field; no other module does arithmetic on action codes. The engine, the players,
the runner and the descriptions all go through these functions, so a change of packing is
made here alone.

Each function is ``inline="always"``: numba splices it into the caller's IR, so a call costs
what the bare arithmetic did (``_nrt=False`` as every rule function, see
:mod:`vdgsim.games.vasco.engine`). Called from Python they work on ints (slowly, one dispatch each).

Codes by decision kind (the constants ``GIVE_UP``, ``LAUNCH_DONE``, ``EXPEDITION_DONE``,
``SERNIGI_NOW``, ``SERNIGI_PHASE3``, ``SAILOR_BAG_DRAW`` and the ``ACT_*`` offsets are in
:mod:`vdgsim.games.vasco.layout`):

- ``D_PLACE_DISC`` and ``D_MANUEL_PLACE``: number * 4 + Area;
- ``D_ACT``: 0 give up, else by the called number's Area: ``ACT_BUY_ONE`` + upper space,
  ``ACT_BUY_TWO`` + pair index, ``ACT_BUY_SAO_GABRIEL``; ``ACT_RECRUIT`` + (captain << 15 |
  section << 12 | 3 bits of count per colour); ``ACT_LANDING`` + landing; ``ACT_MONEY`` +
  money space, ``ACT_HOST`` + character;
- ``D_LAUNCH``: 0 done, else (tile + 1) * 32 + crew colour mask (bit 4 = the missionary);
- ``D_EXPEDITION_SHIP``: 0 done, else 1 + tile * MAX_SLOTS + slot;
- ``D_SEND_MERCHANT``: landing * MAX_SLOTS + slot (the event log's slot code too);
- ``D_SERNIGI_WHEN``: ``SERNIGI_NOW`` or ``SERNIGI_PHASE3``;
- ``D_PROJECT_BONUS``: upper space; ``D_SAILOR_BONUS``: section * 4 + colour, or
  ``SAILOR_BAG_DRAW``; ``D_END_BOARD``: number of captains boarded.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L

_LAUNCH_BASE = 32  # crew masks take 5 bits (4 colours and the missionary)
_RECRUIT_COUNT_BITS = 3  # up to 7 sailors of a colour in a section
_RECRUIT_COUNT_MASK = 7
_RECRUIT_SECTION_SHIFT = 12
_RECRUIT_CAPTAIN_SHIFT = 15


# --- Phase 1 and Manuel I: a numbered disc on an Area (R3.2, R5.5) ---------------------------
@njit(cache=True, _nrt=False, inline="always")
def placement(number, area):
    return number * L.N_AREAS + area


@njit(cache=True, _nrt=False, inline="always")
def placement_number(a):
    return a // L.N_AREAS


@njit(cache=True, _nrt=False, inline="always")
def placement_area(a):
    return a % L.N_AREAS


# --- D_ACT, Purchase Projects (R5.1) ---------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def pair_index(i, j):
    """Index of the upper spaces (i, j), i < j, in lexicographic order (0..14)."""
    # i * (2N - 1 - i) is even: a shift, not numba's floor division (sign fix-ups, a zero
    # check), in the loop that lists the purchases
    return ((i * (2 * L.N_UPPER - 1 - i)) >> 1) + j - i - 1


@njit(cache=True, _nrt=False, inline="always")
def pair_spaces(idx):
    """The (i, j) upper spaces, i < j, of pair index ``idx`` (0..14)."""
    k = 0
    for i in range(L.N_UPPER):
        for j in range(i + 1, L.N_UPPER):
            if k == idx:
                return i, j
            k += 1
    return -1, -1


@njit(cache=True, _nrt=False, inline="always")
def buy_one(space):
    return L.ACT_BUY_ONE + space


@njit(cache=True, _nrt=False, inline="always")
def buy_two(i, j):
    return L.ACT_BUY_TWO + pair_index(i, j)


@njit(cache=True, _nrt=False, inline="always")
def is_buy_sao_gabriel(a):
    return a == L.ACT_BUY_SAO_GABRIEL


@njit(cache=True, _nrt=False, inline="always")
def is_buy_two(a):
    # & rather than a chained comparison: vdgsim.games.vasco.analysis.action_columns runs this
    # source on polars expressions, which have no truth value
    return (a >= L.ACT_BUY_TWO) & (a < L.ACT_BUY_SAO_GABRIEL)


@njit(cache=True, _nrt=False, inline="always")
def bought_space(a):
    """The upper space of a one-project purchase."""
    return a - L.ACT_BUY_ONE


@njit(cache=True, _nrt=False, inline="always")
def bought_pair(a):
    """The (i, j) upper spaces of a two-project purchase."""
    return pair_spaces(a - L.ACT_BUY_TWO)


# --- D_ACT, Recruiting (R5.3) ----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def recruit(section, k0, k1, k2, k3, captain):
    """``k0..k3`` sailors of each colour from ``section`` (``RECRUIT_NO_SECTION``: none),
    and a captain when ``captain`` is 1."""
    return L.ACT_RECRUIT + (
        (captain << _RECRUIT_CAPTAIN_SHIFT)
        | (section << _RECRUIT_SECTION_SHIFT)
        | k0
        | (k1 << _RECRUIT_COUNT_BITS)
        | (k2 << (2 * _RECRUIT_COUNT_BITS))
        | (k3 << (3 * _RECRUIT_COUNT_BITS))
    )


@njit(cache=True, _nrt=False, inline="always")
def recruit_count(a, colour):
    return ((a - L.ACT_RECRUIT) >> (_RECRUIT_COUNT_BITS * colour)) & _RECRUIT_COUNT_MASK


@njit(cache=True, _nrt=False, inline="always")
def recruit_section(a):
    return ((a - L.ACT_RECRUIT) >> _RECRUIT_SECTION_SHIFT) & _RECRUIT_COUNT_MASK


@njit(cache=True, _nrt=False, inline="always")
def recruit_captain(a):
    return ((a - L.ACT_RECRUIT) >> _RECRUIT_CAPTAIN_SHIFT) & 1


# --- D_ACT, Navigation: the expedition's landing (R5.4) --------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def expedition(landing):
    return L.ACT_LANDING + landing


@njit(cache=True, _nrt=False, inline="always")
def expedition_landing(a):
    return a - L.ACT_LANDING


# --- D_ACT, Characters: Vasco da Gama's money or a character (R5.5) --------------------------
@njit(cache=True, _nrt=False, inline="always")
def take_money(space):
    return L.ACT_MONEY + space


@njit(cache=True, _nrt=False, inline="always")
def host(character):
    return L.ACT_HOST + character


@njit(cache=True, _nrt=False, inline="always")
def is_host(a):
    return a >= L.ACT_HOST


@njit(cache=True, _nrt=False, inline="always")
def money_space(a):
    return a - L.ACT_MONEY


@njit(cache=True, _nrt=False, inline="always")
def hosted_character(a):
    return a - L.ACT_HOST


# --- D_LAUNCH (R5.2) -------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def launch(tile, crew):
    """Launch ``tile`` with the crew colour mask ``crew`` (bits 0..3 sailors, bit 4 =
    ``MISSIONARY_BIT``)."""
    return (tile + 1) * _LAUNCH_BASE + crew


@njit(cache=True, _nrt=False, inline="always")
def launch_tile(a):
    return a // _LAUNCH_BASE - 1


@njit(cache=True, _nrt=False, inline="always")
def launch_crew(a):
    return a % _LAUNCH_BASE


# --- D_EXPEDITION_SHIP: one ship to one slot of the expedition's landing (R5.4) --------------
@njit(cache=True, _nrt=False, inline="always")
def ship_send(tile, slot):
    return 1 + tile * L.MAX_SLOTS + slot


@njit(cache=True, _nrt=False, inline="always")
def ship_send_tile(a):
    return (a - 1) // L.MAX_SLOTS


@njit(cache=True, _nrt=False, inline="always")
def ship_send_slot(a):
    return (a - 1) % L.MAX_SLOTS


# --- D_SEND_MERCHANT (R5.5); the event log names slots the same way ------------------------
@njit(cache=True, _nrt=False, inline="always")
def slot_code(landing, slot):
    """One slot of the Navigation Area, as merchant sends and move events name it."""
    return landing * L.MAX_SLOTS + slot


@njit(cache=True, _nrt=False, inline="always")
def slot_code_landing(code):
    return code // L.MAX_SLOTS


@njit(cache=True, _nrt=False, inline="always")
def slot_code_slot(code):
    return code % L.MAX_SLOTS


@njit(cache=True, _nrt=False, inline="always")
def merchant_send(landing, slot):
    return slot_code(landing, slot)


@njit(cache=True, _nrt=False, inline="always")
def merchant_landing(a):
    return slot_code_landing(a)


@njit(cache=True, _nrt=False, inline="always")
def merchant_slot(a):
    return slot_code_slot(a)


# --- landing bonuses (R5.4) and the end-of-game boarding (R8.2) ------------------------------
@njit(cache=True, _nrt=False, inline="always")
def project_bonus(space):
    return space


@njit(cache=True, _nrt=False, inline="always")
def project_bonus_space(a):
    return a


@njit(cache=True, _nrt=False, inline="always")
def sailor_bonus(section, colour):
    return section * L.N_COLOURS + colour


@njit(cache=True, _nrt=False, inline="always")
def sailor_bonus_section(a):
    return a // L.N_COLOURS


@njit(cache=True, _nrt=False, inline="always")
def sailor_bonus_colour(a):
    return a % L.N_COLOURS


@njit(cache=True, _nrt=False, inline="always")
def end_board(captains):
    return captains


@njit(cache=True, _nrt=False, inline="always")
def end_board_captains(a):
    return a
