"""Small rules helpers shared by every phase: gains, payments, table lookups, the bag."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.rng import randint


@njit(cache=True, _nrt=False)
def gain_vp(s, log, p, amount, source, d1, d2):
    """Score ``amount`` VP for seat ``p`` from ``source`` (layout.VP_*), logged."""
    if amount <= 0:
        return
    st = S.fields(s)
    st.vp[p] += amount
    st.vp_by_source[p, source] += amount
    E.log_event(s, log, E.EV_VP, p, source, amount, d1, d2)


@njit(cache=True, _nrt=False)
def gain_reals(s, log, p, amount, source, d1, d2):
    """Give seat ``p`` ``amount`` Reals from the bank (unlimited, R9.1), logged."""
    if amount <= 0:
        return
    st = S.fields(s)
    st.reals[p] += amount
    st.reals_by_source[p, source] += amount
    E.log_event(s, log, E.EV_REALS, p, source, amount, d1, d2)


@njit(cache=True, _nrt=False)
def pay(s, log, p, amount, reason, dec_row):
    """Seat ``p`` pays ``amount`` Reals; added to the Reals-paid column of its decision row."""
    if amount <= 0:
        return
    st = S.fields(s)
    st.reals[p] -= amount
    st.reals_paid[p, reason] += amount
    E.log_event(s, log, E.EV_PAY, p, reason, amount, st.called_number, 0)
    if 0 <= dec_row < log.shape[0]:
        log[dec_row, 6] += amount


@njit(cache=True, _nrt=False)
def log_gain(s, log, p, item, amount, detail, source):
    E.log_event(s, log, E.EV_GAIN, p, item, amount, detail, source)


@njit(cache=True, _nrt=False)
def area_capacity(c, s, area):
    """Action slots of an Area at this player count (C4)."""
    return S.comp(c).area_slots[S.fields(s).players - 2, area]


@njit(cache=True, _nrt=False)
def right_to_act_cost(s, number):
    """R4.3: F - n Reals when n < F; numbers 21 and 22 are always free."""
    if number > 20:
        return 0
    f = S.fields(s).free_number
    return f - number if number < f else 0


@njit(cache=True, _nrt=False)
def slot_value(c, landing, slot):
    return S.comp(c).land_value[landing, slot]


@njit(cache=True, _nrt=False)
def n_slots(c, landing):
    return S.comp(c).land_nslots[landing]


@njit(cache=True, _nrt=False)
def ship_limit(c, code):
    """Navigation limit of a ship code (0..34 project tiles, 35..40 merchant ships)."""
    if code >= L.N_PROJECTS:
        return S.comp(c).merchant_limit[code - L.N_PROJECTS]
    return S.comp(c).proj_limit[code]


@njit(cache=True, _nrt=False)
def landing_complete(c, s, landing):
    slots = S.fields(s).landing_slots[landing]
    for j in range(S.comp(c).land_nslots[landing]):
        if slots[j] < 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def fits_in_landing(c, s, landing, limit):
    """True if an empty slot of value <= limit exists at the landing."""
    slots = S.fields(s).landing_slots[landing]
    for j in range(S.comp(c).land_nslots[landing]):
        if slots[j] < 0 and S.comp(c).land_value[landing, j] <= limit:
            return True
    return False


@njit(cache=True, _nrt=False)
def tiles_owned_at(s, p, loc):
    """How many of seat ``p``'s project tiles are at location ``loc`` (``layout.LOC_*``)."""
    st = S.fields(s)
    k = 0
    for t in range(L.N_PROJECTS):
        if st.project_location[t] == loc and st.project_owner[t] == p:
            k += 1
    return k


@njit(cache=True, _nrt=False)
def bag_total(s):
    bag = S.fields(s).bag
    t = 0
    for col in range(L.N_COLOURS):
        t += bag[col]
    return t


@njit(cache=True, _nrt=False)
def draw_from_bag(s):
    """Draw one sailor at random from the bag; returns its colour, or -1 if the bag is empty."""
    total = bag_total(s)
    if total == 0:
        return -1
    r = randint(s, L.S_RNG_CHANCE, total)
    bag = S.fields(s).bag
    for col in range(L.N_COLOURS):
        r -= bag[col]
        if r < 0:
            bag[col] -= 1
            return col
    return -1


@njit(cache=True, _nrt=False)
def section_total(s, section):
    sec = S.fields(s).sections[section]
    t = 0
    for col in range(L.N_COLOURS):
        t += sec[col]
    return t


@njit(cache=True, _nrt=False)
def n_upper(s):
    upper = S.fields(s).upper_spaces
    k = 0
    for i in range(L.N_UPPER):
        if upper[i] >= 0:
            k += 1
    return k


@njit(cache=True, _nrt=False)
def deal_projects(s):
    """R1.7 / R7.1: the next tile to the Sao Gabriel space, the next six to the upper spaces."""
    st = S.fields(s)
    for k in range(L.N_UPPER + 1):
        nxt = st.project_next
        if nxt >= L.N_PROJECTS:
            t = -1
        else:
            t = st.project_order[nxt]
            st.project_next = nxt + 1
        if k == 0:
            st.sao_gabriel = t
            if t >= 0:
                st.project_location[t] = L.LOC_SAO_GABRIEL
        else:
            st.upper_spaces[k - 1] = t
            if t >= 0:
                st.project_location[t] = L.LOC_UPPER


@njit(cache=True, _nrt=False)
def take_project(s, log, p, space, source):
    """Seat ``p`` takes the project from upper space ``space`` into supply (project side)."""
    st = S.fields(s)
    t = st.upper_spaces[space]
    st.upper_spaces[space] = -1
    st.project_location[t] = L.LOC_PROJECT
    st.project_owner[t] = p
    log_gain(s, log, p, E.G_PROJECT, 1, t, source)


@njit(cache=True, _nrt=False)
def gain_missionary(s, log, p, source):
    """Seat ``p`` takes a missionary from the Characters Area if one is there."""
    st = S.fields(s)
    if st.missionaries_in_characters_area > 0:
        st.missionaries_in_characters_area -= 1
        st.missionaries[p] += 1
        log_gain(s, log, p, E.G_MISSIONARY, 1, 0, source)


@njit(cache=True, _nrt=False)
def gain_captain_from_area(s, log, p, source):
    """Seat ``p`` takes a captain of his colour from the Recruiting Area if one is left."""
    st = S.fields(s)
    if st.captains_recruiting_area[p] > 0:
        st.captains_recruiting_area[p] -= 1
        st.captains_supply[p] += 1
        log_gain(s, log, p, E.G_CAPTAIN, 1, 0, source)
