"""Small rules helpers shared by every phase: gains, payments, table lookups, the bag."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import events as E
from vdgsim.engine.rng import randint


@njit(cache=True, _nrt=False)
def gain_vp(s, log, p, amount, source, d1, d2):
    """Score ``amount`` VP for seat ``p`` from ``source`` (layout.VP_*), logged."""
    if amount <= 0:
        return
    s[L.S_VP + p] += amount
    s[L.S_VP_SOURCE + p * L.N_SOURCES + source] += amount
    E.log_event(s, log, E.EV_VP, p, source, amount, d1, d2)


@njit(cache=True, _nrt=False)
def gain_reals(s, log, p, amount, source, d1, d2):
    """Give seat ``p`` ``amount`` Reals from the bank (unlimited, R9.1), logged."""
    if amount <= 0:
        return
    s[L.S_REALS + p] += amount
    s[L.S_REALS_SOURCE + p * L.N_SOURCES + source] += amount
    E.log_event(s, log, E.EV_REALS, p, source, amount, d1, d2)


@njit(cache=True, _nrt=False)
def pay(s, log, p, amount, reason, dec_row):
    """Seat ``p`` pays ``amount`` Reals; added to the Reals-paid column of its decision row."""
    if amount <= 0:
        return
    s[L.S_REALS + p] -= amount
    s[L.S_REALS_PAID + p * L.N_SOURCES + reason] += amount
    E.log_event(s, log, E.EV_PAY, p, reason, amount, s[L.S_CURRENT], 0)
    if 0 <= dec_row < log.shape[0]:
        log[dec_row, 6] += amount


@njit(cache=True, _nrt=False)
def log_gain(s, log, p, item, amount, detail, source):
    E.log_event(s, log, E.EV_GAIN, p, item, amount, detail, source)


@njit(cache=True, _nrt=False)
def area_capacity(c, s, area):
    """Action slots of an Area at this player count (C4)."""
    return c[L.C_AREA_SLOTS + (s[L.S_N_PLAYERS] - 2) * L.N_AREAS + area]


@njit(cache=True, _nrt=False)
def right_to_act_cost(s, number):
    """R4.3: F - n Reals when n < F; numbers 21 and 22 are always free."""
    if number > 20:
        return 0
    f = s[L.S_FREE]
    return f - number if number < f else 0


@njit(cache=True, _nrt=False)
def slot_value(c, landing, slot):
    return c[L.C_LAND_VALUE + landing * L.MAX_SLOTS + slot]


@njit(cache=True, _nrt=False)
def n_slots(c, landing):
    return c[L.C_LAND_NSLOTS + landing]


@njit(cache=True, _nrt=False)
def ship_limit(c, code):
    """Navigation limit of a ship code (0..34 project tiles, 35..40 merchant ships)."""
    if code >= L.N_PROJECTS:
        return c[L.C_MERCH_LIMIT + code - L.N_PROJECTS]
    return c[L.C_PROJ_LIMIT + code]


@njit(cache=True, _nrt=False)
def landing_complete(c, s, landing):
    n = c[L.C_LAND_NSLOTS + landing]
    for j in range(n):
        if s[L.S_SLOT + landing * L.MAX_SLOTS + j] < 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def fits_in_landing(c, s, landing, limit):
    """True if an empty slot of value <= limit exists at the landing."""
    n = c[L.C_LAND_NSLOTS + landing]
    for j in range(n):
        if (
            s[L.S_SLOT + landing * L.MAX_SLOTS + j] < 0
            and c[L.C_LAND_VALUE + landing * L.MAX_SLOTS + j] <= limit
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def tiles_owned_at(s, p, loc):
    """How many of seat ``p``'s project tiles are at location ``loc`` (``layout.LOC_*``)."""
    k = 0
    for t in range(L.N_PROJECTS):
        if s[L.S_PROJ_LOC + t] == loc and s[L.S_PROJ_OWNER + t] == p:
            k += 1
    return k


@njit(cache=True, _nrt=False)
def bag_total(s):
    t = 0
    for col in range(L.N_COLOURS):
        t += s[L.S_BAG + col]
    return t


@njit(cache=True, _nrt=False)
def draw_from_bag(s):
    """Draw one sailor at random from the bag; returns its colour, or -1 if the bag is empty."""
    total = bag_total(s)
    if total == 0:
        return -1
    r = randint(s, L.S_RNG_CHANCE, total)
    for col in range(L.N_COLOURS):
        r -= s[L.S_BAG + col]
        if r < 0:
            s[L.S_BAG + col] -= 1
            return col
    return -1


@njit(cache=True, _nrt=False)
def section_total(s, section):
    t = 0
    for col in range(L.N_COLOURS):
        t += s[L.S_SECTION + section * L.N_COLOURS + col]
    return t


@njit(cache=True, _nrt=False)
def n_upper(s):
    k = 0
    for i in range(L.N_UPPER):
        if s[L.S_UPPER + i] >= 0:
            k += 1
    return k


@njit(cache=True, _nrt=False)
def deal_projects(s):
    """R1.7 / R7.1: the next tile to the Sao Gabriel space, the next six to the upper spaces."""
    for k in range(L.N_UPPER + 1):
        nxt = s[L.S_PROJ_NEXT]
        if nxt >= L.N_PROJECTS:
            t = -1
        else:
            t = s[L.S_PROJ_ORDER + nxt]
            s[L.S_PROJ_NEXT] = nxt + 1
        if k == 0:
            s[L.S_SAO_GABRIEL] = t
            if t >= 0:
                s[L.S_PROJ_LOC + t] = L.LOC_SAO_GABRIEL
        else:
            s[L.S_UPPER + k - 1] = t
            if t >= 0:
                s[L.S_PROJ_LOC + t] = L.LOC_UPPER


@njit(cache=True, _nrt=False)
def take_project(s, log, p, space, source):
    """Seat ``p`` takes the project from upper space ``space`` into supply (project side)."""
    t = s[L.S_UPPER + space]
    s[L.S_UPPER + space] = -1
    s[L.S_PROJ_LOC + t] = L.LOC_PROJECT
    s[L.S_PROJ_OWNER + t] = p
    log_gain(s, log, p, E.G_PROJECT, 1, t, source)


@njit(cache=True, _nrt=False)
def gain_missionary(s, log, p, source):
    """Seat ``p`` takes a missionary from the Characters Area if one is there."""
    if s[L.S_MISS_AREA] > 0:
        s[L.S_MISS_AREA] -= 1
        s[L.S_MISSIONARIES + p] += 1
        log_gain(s, log, p, E.G_MISSIONARY, 1, 0, source)


@njit(cache=True, _nrt=False)
def gain_captain_from_area(s, log, p, source):
    """Seat ``p`` takes a captain of his colour from the Recruiting Area if one is left."""
    if s[L.S_CAPT_AREA + p] > 0:
        s[L.S_CAPT_AREA + p] -= 1
        s[L.S_CAPT_SUPPLY + p] += 1
        log_gain(s, log, p, E.G_CAPTAIN, 1, 0, source)
