"""Landing bonuses (R5.4) and merchant ships (R5.5), shared by expeditions, Sernigi and Phase 3."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def merchant_tile(s):
    """This round's face-up merchant tile, or -1 if it was already sent or discarded."""
    st = S.fields(s)
    top = st.merchant_top
    if top >= L.N_MERCHANTS:
        return -1
    m = st.merchant_order[top]
    if st.merchant_location[m] != L.M_FACE_UP:
        return -1
    return m


@njit(cache=True, _nrt=False)
def merchant_fits(c, s, m):
    limit = S.comp(c).merchant_limit[m]
    for landing in range(L.N_LANDINGS):
        if C.fits_in_landing(c, s, landing, limit):
            return True
    return False


@njit(cache=True, _nrt=False)
def legal_merchant_sends(c, s, m, out, n):
    """Every empty slot of value <= the merchant's limit; encoded by ``actions.merchant_send``."""
    st = S.fields(s)
    limit = S.comp(c).merchant_limit[m]
    for landing in range(L.N_LANDINGS):
        for j in range(S.comp(c).land_nslots[landing]):
            if st.landing_slots[landing, j] < 0 and S.comp(c).land_value[landing, j] <= limit:
                out[n] = A.merchant_send(landing, j)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def send_merchant(s, log, p, m, action):
    """Place merchant tile ``m``; the sender gets the landing bonus but no slot VP (R5.5)."""
    landing = A.merchant_landing(action)
    slot = A.merchant_slot(action)
    st = S.fields(s)
    st.landing_slots[landing, slot] = L.N_PROJECTS + m
    st.merchant_location[m] = L.M_NAVIGATION
    st.merchant_sent_this_round = 1
    E.log_event(s, log, E.EV_MERCHANT, p, m, 1, action, 0)
    return landing


@njit(cache=True, _nrt=False)
def discard_merchant(s, log, m):
    S.fields(s).merchant_location[m] = L.M_DISCARDED
    E.log_event(s, log, E.EV_MERCHANT, -1, m, 0, -1, 0)


@njit(cache=True, _nrt=False)
def sailor_bonus_available(s):
    if C.bag_total(s) > 0:
        return True
    for sec in range(S.fields(s).players):
        if C.section_total(s, sec) > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def landing_bonus(c, s, log, p, landing):
    """Give seat ``p`` the landing's bonus for one ship (R5.4); an unavailable bonus is lost.

    Returns the decision kind of a bonus the player chooses (``D_PROJECT_BONUS``,
    ``D_SAILOR_BONUS``), which the caller asks for, else ``D_NONE``.
    """
    kind = S.comp(c).land_bonus[landing]
    if kind == L.BONUS_PROJECT:
        if C.n_upper(s) > 0:
            return L.D_PROJECT_BONUS
    elif kind == L.BONUS_SAILOR:
        if sailor_bonus_available(s):
            return L.D_SAILOR_BONUS
    elif kind == L.BONUS_CAPTAIN:
        C.gain_captain_from_area(s, log, p, landing)
    elif kind == L.BONUS_REALS:
        C.gain_reals(s, log, p, S.comp(c).land_bonus_reals[landing], L.R_LANDING_BONUS, landing, 0)
    return L.D_NONE


@njit(cache=True, _nrt=False)
def legal_project_bonus(s, out, n):
    st = S.fields(s)
    for i in range(L.N_UPPER):
        if st.upper_spaces[i] >= 0:
            out[n] = A.project_bonus(i)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def legal_sailor_bonus(s, out, n):
    """Any colour of any active section, or a random draw from the bag."""
    st = S.fields(s)
    for sec in range(st.players):
        for col in range(L.N_COLOURS):
            if st.sections[sec, col] > 0:
                out[n] = A.sailor_bonus(sec, col)
                n += 1
    if C.bag_total(s) > 0:
        out[n] = L.SAILOR_BAG_DRAW
        n += 1
    return n


@njit(cache=True, _nrt=False)
def take_sailor_bonus(s, log, p, action):
    st = S.fields(s)
    if action == L.SAILOR_BAG_DRAW:
        col = C.draw_from_bag(s)
    else:
        sec = A.sailor_bonus_section(action)
        col = A.sailor_bonus_colour(action)
        st.sections[sec, col] -= 1
    st.sailors[p, col] += 1
    C.log_gain(s, log, p, E.G_SAILOR, 1, col, action)
