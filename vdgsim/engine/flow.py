"""The forward model: what is legal now, applying a choice, and running the game's automatic
steps until the next decision.

The state's ``step`` field is the game's program counter. :func:`advance` runs automatic
rules until some player must decide (``decision`` set) or the game is over; :func:`apply`
takes one legal action for the pending decision and advances again.
"""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import actions as A
from vdgsim.engine import characters as CH
from vdgsim.engine import common as C
from vdgsim.engine import events as E
from vdgsim.engine import expedition as X
from vdgsim.engine import landings as LD
from vdgsim.engine import launching as LA
from vdgsim.engine import navigation as NV
from vdgsim.engine import placement as PL
from vdgsim.engine import purchase as PU
from vdgsim.engine import recruiting as RE
from vdgsim.engine import rounds as RO
from vdgsim.engine import scoring as SC
from vdgsim.engine.setup import init_state


@njit(cache=True, _nrt=False)
def _decide(s, kind, p):
    s[L.S_DECISION] = kind
    s[L.S_DEC_PLAYER] = p


@njit(cache=True, _nrt=False)
def legal_acts(c, s, p, out, n):
    """Give up, plus every way of performing the called number's Area action (R4.5: only
    ways the player can pay for after paying the right to act)."""
    out[n] = L.GIVE_UP
    n += 1
    budget = s[L.S_REALS + p] - s[L.S_RIGHT_COST]
    if budget < 0:
        return n
    area = s[L.S_NUM_AREA + s[L.S_CURRENT]]
    if area == L.A_PURCHASE:
        n = PU.legal_purchases(c, s, p, budget, out, n)
    elif area == L.A_RECRUITING:
        n = RE.legal_recruits(c, s, p, budget, out, n)
    elif area == L.A_NAVIGATION:
        n = X.legal_landings(c, s, p, out, n)
    else:
        n = CH.legal_character_actions(s, out, n)
    return n


@njit(cache=True, _nrt=False)
def advance(c, s, log):
    """Run automatic steps until a decision is pending or the game is over."""
    while True:
        st = s[L.S_STEP]
        if st == L.ST_SETUP_SEND:
            s[L.S_MERCH_CONTEXT] = L.MC_SETUP
            s[L.S_STEP] = L.ST_ROUND_START
            m = s[L.S_MERCH_ORDER]
            if LD.merchant_fits(c, s, m):
                _decide(s, L.D_SEND_MERCHANT, s[L.S_CHAR_HOLDER + L.CH_SERNIGI])
                return
            LD.discard_merchant(s, log, m)
        elif st == L.ST_ROUND_START:
            RO.start_round(c, s, log)
            s[L.S_STEP] = L.ST_PLACE
        elif st == L.ST_PLACE:
            p = PL.next_placer(s)
            if p < 0:
                s[L.S_STEP] = L.ST_PHASE2_START
            else:
                _decide(s, L.D_PLACE_DISC, p)
                return
        elif st == L.ST_PHASE2_START:
            RO.start_phase2(c, s, log)
            s[L.S_STEP] = L.ST_CALL_NEXT
        elif st == L.ST_CALL_NEXT:
            num = s[L.S_CURRENT] + 1
            while num < L.N_NUMBERS and s[L.S_NUM_OWNER + num] < 0:
                num += 1
            if num >= L.N_NUMBERS:
                s[L.S_STEP] = L.ST_PHASE3
                continue
            s[L.S_CURRENT] = num
            area = s[L.S_NUM_AREA + num]
            # The disc leaves its slot when called (R4.6), so a slot frees up for Manuel I.
            s[L.S_AREA_USED + area] -= 1
            s[L.S_RIGHT_COST] = C.right_to_act_cost(s, num)
            p = s[L.S_NUM_OWNER + num]
            s[L.S_DEC_PLAYER] = p
            E.log_event(s, log, E.EV_CALL, p, num, area, s[L.S_RIGHT_COST], 0)
            s[L.S_STEP] = L.ST_PRE_LAUNCH
        elif st == L.ST_PRE_LAUNCH or st == L.ST_POST_LAUNCH:
            p = s[L.S_NUM_OWNER + s[L.S_CURRENT]]
            if LA.can_launch(c, s, p):
                s[L.S_LAUNCH_CONTEXT] = L.LC_BEFORE if st == L.ST_PRE_LAUNCH else L.LC_AFTER
                _decide(s, L.D_LAUNCH, p)
                return
            s[L.S_STEP] = L.ST_ACT if st == L.ST_PRE_LAUNCH else L.ST_CALL_END
        elif st == L.ST_ACT:
            _decide(s, L.D_ACT, s[L.S_NUM_OWNER + s[L.S_CURRENT]])
            return
        elif st == L.ST_EXPEDITION:
            p = s[L.S_NUM_OWNER + s[L.S_CURRENT]]
            if s[L.S_EXP_SENT] < s[L.S_EXP_CAPTAINS] and X.can_send_to(c, s, p, s[L.S_EXP_LANDING]):
                _decide(s, L.D_EXPEDITION_SHIP, p)
                return
            s[L.S_EXP_LANDING] = -1
            s[L.S_STEP] = L.ST_POST_LAUNCH
        elif st == L.ST_CALL_END:
            num = s[L.S_CURRENT]
            s[L.S_NUM_OWNER + num] = -1
            s[L.S_NUM_AREA + num] = -1
            s[L.S_STEP] = L.ST_CALL_NEXT
        elif st == L.ST_PHASE3:
            s[L.S_PHASE] = L.PH_NAVIGATION
            s[L.S_CURRENT] = 0
            s[L.S_STEP] = L.ST_PHASE3_SCORE
            m = LD.merchant_tile(s)
            if m >= 0:
                holder = s[L.S_CHAR_HOLDER + L.CH_SERNIGI]
                if holder >= 0 and LD.merchant_fits(c, s, m):
                    s[L.S_MERCH_CONTEXT] = L.MC_PHASE3
                    _decide(s, L.D_SEND_MERCHANT, holder)
                    return
                LD.discard_merchant(s, log, m)
        elif st == L.ST_PHASE3_SCORE:
            NV.score_income_and_completion(c, s, log)
            NV.move_ships(c, s, log)
            if s[L.S_ROUND] < L.N_ROUNDS:
                RO.end_of_round(c, s, log)
                s[L.S_STEP] = L.ST_ROUND_START
            else:
                s[L.S_STEP] = L.ST_END_GAME
        elif st == L.ST_END_GAME:
            s[L.S_PHASE] = L.PH_END
            RO.holder_bonuses(c, s, log)
            s[L.S_END_PLAYER] = 0
            s[L.S_STEP] = L.ST_END_LAUNCH
        elif st == L.ST_END_LAUNCH:
            p = s[L.S_END_PLAYER]
            if p >= s[L.S_N_PLAYERS]:
                SC.final_scoring(c, s, log)
                s[L.S_PHASE] = L.PH_OVER
                s[L.S_STEP] = L.ST_OVER
                continue
            if LA.can_launch(c, s, p):
                s[L.S_LAUNCH_CONTEXT] = L.LC_END
                _decide(s, L.D_LAUNCH, p)
                return
            s[L.S_STEP] = L.ST_END_BOARD
        elif st == L.ST_END_BOARD:
            p = s[L.S_END_PLAYER]
            if s[L.S_CAPT_SUPPLY + p] > 0 and SC.unboarded_ships(s, p) > 0:
                _decide(s, L.D_END_BOARD, p)
                return
            s[L.S_END_PLAYER] = p + 1
            s[L.S_STEP] = L.ST_END_LAUNCH
        else:  # ST_OVER
            _decide(s, L.D_NONE, -1)
            return


@njit(cache=True, _nrt=False)
def legal_actions(c, s, out):
    """Fill ``out`` with the legal actions of the pending decision; returns how many."""
    kind = s[L.S_DECISION]
    p = s[L.S_DEC_PLAYER]
    n = 0
    if kind == L.D_PLACE_DISC:
        n = PL.legal_placements(c, s, p, out, 0)
    elif kind == L.D_ACT:
        n = legal_acts(c, s, p, out, 0)
    elif kind == L.D_LAUNCH:
        out[0] = L.LAUNCH_DONE
        n = LA.legal_launches(c, s, p, out, 1)
    elif kind == L.D_EXPEDITION_SHIP:
        n = X.legal_ship_sends(c, s, p, out, 0)
    elif kind == L.D_SEND_MERCHANT:
        n = LD.legal_merchant_sends(c, s, sending_merchant(s), out, 0)
    elif kind == L.D_SERNIGI_WHEN:
        out[0] = L.SERNIGI_NOW
        out[1] = L.SERNIGI_PHASE3
        n = 2
    elif kind == L.D_MANUEL_PLACE:
        n = CH.legal_manuel_placements(c, s, out, 0)
    elif kind == L.D_PROJECT_BONUS:
        n = LD.legal_project_bonus(s, out, 0)
    elif kind == L.D_SAILOR_BONUS:
        n = LD.legal_sailor_bonus(s, out, 0)
    elif kind == L.D_END_BOARD:
        k = min(s[L.S_CAPT_SUPPLY + p], SC.unboarded_ships(s, p))
        for i in range(k + 1):
            out[i] = A.end_board(i)
        n = k + 1
    return n


@njit(cache=True, _nrt=False)
def sending_merchant(s):
    """The merchant tile being sent: the setup one (dealt face up to the Sernigi holder) or
    this round's face-up one."""
    if s[L.S_MERCH_CONTEXT] == L.MC_SETUP:
        return s[L.S_MERCH_ORDER]
    return LD.merchant_tile(s)


@njit(cache=True, _nrt=False)
def _after_bonus(c, s, log, p, landing, resume):
    if not LD.landing_bonus(c, s, log, p, landing, resume):
        s[L.S_STEP] = resume
        s[L.S_DECISION] = L.D_NONE


@njit(cache=True, _nrt=False)
def apply(c, s, log, action):
    """Take ``action`` for the pending decision (it must be legal) and advance."""
    kind = s[L.S_DECISION]
    p = s[L.S_DEC_PLAYER]
    context = s[L.S_CURRENT]
    if kind == L.D_SEND_MERCHANT:
        context = s[L.S_MERCH_CONTEXT]
    elif kind == L.D_LAUNCH:
        context = s[L.S_LAUNCH_CONTEXT]
    row = E.log_event(s, log, E.EV_DECISION, p, kind, action, 0, context)
    s[L.S_DEC_ROW] = row
    s[L.S_DECISIONS_TAKEN] += 1
    s[L.S_DECISION] = L.D_NONE

    if kind == L.D_PLACE_DISC:
        PL.place_disc(s, p, action)
        s[L.S_PLACE_TURN] = (p + 1) % s[L.S_N_PLAYERS]
    elif kind == L.D_LAUNCH:
        if action == L.LAUNCH_DONE:
            ctx = s[L.S_LAUNCH_CONTEXT]
            if ctx == L.LC_BEFORE:
                s[L.S_STEP] = L.ST_ACT
            elif ctx == L.LC_AFTER:
                s[L.S_STEP] = L.ST_CALL_END
            else:
                s[L.S_STEP] = L.ST_END_BOARD
        else:
            LA.launch(s, p, action)
    elif kind == L.D_ACT:
        _apply_act(c, s, log, p, action, row)
    elif kind == L.D_EXPEDITION_SHIP:
        if action == L.EXPEDITION_DONE:
            s[L.S_EXP_LANDING] = -1
            s[L.S_STEP] = L.ST_POST_LAUNCH
        else:
            landing = X.send_ship(c, s, log, p, action)
            _after_bonus(c, s, log, p, landing, L.ST_EXPEDITION)
    elif kind == L.D_SEND_MERCHANT:
        ctx = s[L.S_MERCH_CONTEXT]
        landing = LD.send_merchant(s, log, p, sending_merchant(s), action)
        if ctx == L.MC_SETUP:
            resume = L.ST_ROUND_START
        elif ctx == L.MC_HOST:
            resume = L.ST_POST_LAUNCH
        else:
            resume = L.ST_PHASE3_SCORE
        _after_bonus(c, s, log, p, landing, resume)
    elif kind == L.D_SERNIGI_WHEN:
        s[L.S_STEP] = L.ST_POST_LAUNCH
        if action == L.SERNIGI_NOW:
            m = LD.merchant_tile(s)
            if LD.merchant_fits(c, s, m):
                s[L.S_MERCH_CONTEXT] = L.MC_HOST
                _decide(s, L.D_SEND_MERCHANT, p)
            else:
                LD.discard_merchant(s, log, m)
    elif kind == L.D_MANUEL_PLACE:
        CH.place_manuel_disc(s, p, action)
        s[L.S_STEP] = L.ST_POST_LAUNCH
    elif kind == L.D_PROJECT_BONUS:
        C.take_project(s, log, p, A.project_bonus_space(action), -3)
        s[L.S_STEP] = s[L.S_BONUS_RESUME]
    elif kind == L.D_SAILOR_BONUS:
        LD.take_sailor_bonus(s, log, p, action)
        s[L.S_STEP] = s[L.S_BONUS_RESUME]
    elif kind == L.D_END_BOARD:
        SC.board_captains(s, p, A.end_board_captains(action))
        s[L.S_END_PLAYER] = p + 1
        s[L.S_STEP] = L.ST_END_LAUNCH
    s[L.S_DEC_ROW] = -1
    if s[L.S_DECISION] == L.D_NONE:
        advance(c, s, log)


@njit(cache=True, _nrt=False)
def _apply_act(c, s, log, p, action, row):
    num = s[L.S_CURRENT]
    if action == L.GIVE_UP:
        C.gain_reals(s, log, p, c[L.C_COMPENSATION + num], L.R_GIVE_UP, num, 0)
        s[L.S_STEP] = L.ST_CALL_END
        return
    C.pay(s, log, p, s[L.S_RIGHT_COST], L.PAY_RIGHT_TO_ACT, row)
    area = s[L.S_NUM_AREA + num]
    s[L.S_STEP] = L.ST_POST_LAUNCH
    if area == L.A_PURCHASE:
        PU.purchase(c, s, log, p, action, row)
    elif area == L.A_RECRUITING:
        RE.recruit(c, s, log, p, action, row)
    elif area == L.A_NAVIGATION:
        s[L.S_EXP_LANDING] = A.expedition_landing(action)
        s[L.S_EXP_CAPTAINS] = s[L.S_CAPT_SUPPLY + p]
        s[L.S_EXP_SENT] = 0
        s[L.S_STEP] = L.ST_EXPEDITION
    elif not A.is_host(action):
        CH.take_money(s, log, p, A.money_space(action))
    else:
        ch = A.hosted_character(action)
        prev = CH.host(c, s, log, p, ch)
        if ch == L.CH_SERNIGI and LD.merchant_tile(s) >= 0:
            _decide(s, L.D_SERNIGI_WHEN, p)
        elif ch == L.CH_MANUEL and prev != p and CH.manuel_can_place(c, s):
            _decide(s, L.D_MANUEL_PLACE, p)


@njit(cache=True, _nrt=False)
def new_game_state(c, s, log, n_players, seed):
    """Set up a game and run it to its first decision."""
    init_state(c, s, log, n_players, seed)
    advance(c, s, log)
