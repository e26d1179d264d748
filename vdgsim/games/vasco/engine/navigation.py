"""R6 Phase 3: ship income, completion VP, then movement from Calicut down to Natal."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def score_income_and_completion(c, s, log):
    """R6.2 and R6.3, all scored before any ship moves."""
    st = S.fields(s)
    for landing in range(L.N_LANDINGS):
        for j in range(S.comp(c).land_nslots[landing]):
            t = st.landing_slots[landing, j]
            if 0 <= t < L.N_PROJECTS:
                p = st.project_owner[t]
                C.gain_reals(s, log, p, S.comp(c).proj_income_reals[t], L.R_INCOME, landing, t)
                C.gain_vp(s, log, p, S.comp(c).proj_income_vp[t], L.VP_INCOME, landing, t)
    for landing in range(L.N_LANDINGS):
        if not C.landing_complete(c, s, landing):
            continue
        for j in range(S.comp(c).land_nslots[landing]):
            t = st.landing_slots[landing, j]
            if t < L.N_PROJECTS:
                C.gain_vp(
                    s,
                    log,
                    st.project_owner[t],
                    S.comp(c).land_completion[landing],
                    L.VP_COMPLETION,
                    landing,
                    t,
                )


@njit(cache=True, _nrt=False)
def remove_ship(s, log, code, landing, slot):
    """A ship leaves the game; a player's captain returns to his supply."""
    st = S.fields(s)
    if code < L.N_PROJECTS:
        p = st.project_owner[code]
        st.project_location[code] = L.LOC_REMOVED
        st.project_captain[code] = 0
        st.captains_supply[p] += 1
    else:
        p = -1
        st.merchant_location[code - L.N_PROJECTS] = L.M_REMOVED
    E.log_event(s, log, E.EV_MOVE, p, code, A.slot_code(landing, slot), -1, 0)


@njit(cache=True, _nrt=False)
def move_ships(c, s, log):
    """R6.4-R6.5: complete landings empty top down; each ship, left to right, takes the
    leftmost fitting empty slot of the next landing up, or leaves the game."""
    st = S.fields(s)
    for landing in range(L.N_LANDINGS - 1, -1, -1):
        if not C.landing_complete(c, s, landing):
            continue
        for j in range(S.comp(c).land_nslots[landing]):
            code = st.landing_slots[landing, j]
            st.landing_slots[landing, j] = -1
            target = -1
            if landing + 1 < L.N_LANDINGS:
                up = landing + 1
                limit = C.ship_limit(c, code)
                for k in range(S.comp(c).land_nslots[up]):
                    if st.landing_slots[up, k] < 0 and S.comp(c).land_value[up, k] <= limit:
                        target = k
                        break
            if target < 0:
                remove_ship(s, log, code, landing, j)
            else:
                st.landing_slots[landing + 1, target] = code
                owner = st.project_owner[code] if code < L.N_PROJECTS else -1
                E.log_event(
                    s,
                    log,
                    E.EV_MOVE,
                    owner,
                    code,
                    A.slot_code(landing, j),
                    A.slot_code(landing + 1, target),
                    0,
                )
