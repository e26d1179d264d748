"""R6 Phase 3: ship income, completion VP, then movement from Calicut down to Natal."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import actions as A
from vdgsim.engine import common as C
from vdgsim.engine import events as E


@njit(cache=True, _nrt=False)
def score_income_and_completion(c, s, log):
    """R6.2 and R6.3, all scored before any ship moves."""
    for landing in range(L.N_LANDINGS):
        for j in range(c[L.C_LAND_NSLOTS + landing]):
            t = s[L.S_SLOT + landing * L.MAX_SLOTS + j]
            if 0 <= t < L.N_PROJECTS:
                p = s[L.S_PROJ_OWNER + t]
                C.gain_reals(s, log, p, c[L.C_PROJ_REALS + t], L.R_INCOME, landing, t)
                C.gain_vp(s, log, p, c[L.C_PROJ_VP + t], L.VP_INCOME, landing, t)
    for landing in range(L.N_LANDINGS):
        if not C.landing_complete(c, s, landing):
            continue
        for j in range(c[L.C_LAND_NSLOTS + landing]):
            t = s[L.S_SLOT + landing * L.MAX_SLOTS + j]
            if t < L.N_PROJECTS:
                C.gain_vp(
                    s,
                    log,
                    s[L.S_PROJ_OWNER + t],
                    c[L.C_LAND_COMPLETION + landing],
                    L.VP_COMPLETION,
                    landing,
                    t,
                )


@njit(cache=True, _nrt=False)
def remove_ship(s, log, code, landing, slot):
    """A ship leaves the game; a player's captain returns to his supply."""
    if code < L.N_PROJECTS:
        p = s[L.S_PROJ_OWNER + code]
        s[L.S_PROJ_LOC + code] = L.LOC_REMOVED
        s[L.S_PROJ_CAPTAIN + code] = 0
        s[L.S_CAPT_SUPPLY + p] += 1
    else:
        p = -1
        s[L.S_MERCH_LOC + code - L.N_PROJECTS] = L.M_REMOVED
    E.log_event(s, log, E.EV_MOVE, p, code, A.slot_code(landing, slot), -1, 0)


@njit(cache=True, _nrt=False)
def move_ships(c, s, log):
    """R6.4-R6.5: complete landings empty top down; each ship, left to right, takes the
    leftmost fitting empty slot of the next landing up, or leaves the game."""
    for landing in range(L.N_LANDINGS - 1, -1, -1):
        if not C.landing_complete(c, s, landing):
            continue
        for j in range(c[L.C_LAND_NSLOTS + landing]):
            code = s[L.S_SLOT + landing * L.MAX_SLOTS + j]
            s[L.S_SLOT + landing * L.MAX_SLOTS + j] = -1
            target = -1
            if landing + 1 < L.N_LANDINGS:
                up = landing + 1
                limit = C.ship_limit(c, code)
                for k in range(c[L.C_LAND_NSLOTS + up]):
                    if (
                        s[L.S_SLOT + up * L.MAX_SLOTS + k] < 0
                        and c[L.C_LAND_VALUE + up * L.MAX_SLOTS + k] <= limit
                    ):
                        target = k
                        break
            if target < 0:
                remove_ship(s, log, code, landing, j)
            else:
                s[L.S_SLOT + (landing + 1) * L.MAX_SLOTS + target] = code
                owner = s[L.S_PROJ_OWNER + code] if code < L.N_PROJECTS else -1
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
