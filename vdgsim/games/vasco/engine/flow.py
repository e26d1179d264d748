"""The forward model: what is legal now, applying a choice, and running the game's automatic
steps until the next decision.

The state's ``step`` field is the game's program counter (``layout.ST_*``). Each step has one
handler below, named after its rulebook phase and step: it runs the step's automatic rules
and returns the step to go to; a step that needs a player's choice sets the decision
(:func:`_decide`) and returns the step at which play waits for it. Each decision kind has one
``apply_<kind>`` that takes the chosen action and likewise returns the next step. Only
:func:`advance` and :func:`apply` write the step, so every transition is in a handler's
return value.

The handlers, the ``apply_<kind>`` functions and their helpers are ``inline="always"``: numba
splices them into :func:`advance` and :func:`apply`, which then compile to what one function
with every step in it did (as separate calls they cost the compiled random-player loop 5 to
10% of its speed).
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import characters as CH
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import expedition as X
from vdgsim.games.vasco.engine import landings as LD
from vdgsim.games.vasco.engine import launching as LA
from vdgsim.games.vasco.engine import navigation as NV
from vdgsim.games.vasco.engine import placement as PL
from vdgsim.games.vasco.engine import purchase as PU
from vdgsim.games.vasco.engine import recruiting as RE
from vdgsim.games.vasco.engine import rounds as RO
from vdgsim.games.vasco.engine import scoring as SC
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.setup import init_state


@njit(cache=True, _nrt=False, inline="always")
def _decide(s, kind, p):
    st = S.fields(s)
    st.decision = kind
    st.decision_player = p


@njit(cache=True, _nrt=False, inline="always")
def _caller(s):
    """The seat whose number is being called."""
    st = S.fields(s)
    return st.number_owner[st.called_number]


@njit(cache=True, _nrt=False)
def sending_merchant(s):
    """The merchant tile being sent: the setup one (dealt face up to the Sernigi holder) or
    this round's face-up one."""
    st = S.fields(s)
    if st.merchant_context == L.MC_SETUP:
        return st.merchant_order[0]
    return LD.merchant_tile(s)


@njit(cache=True, _nrt=False, inline="always")
def _offer_merchant(c, s, log, m, p, context):
    """Ask seat ``p`` where to send merchant ship ``m`` if it fits anywhere, else discard it
    (R5.5, R6.1)."""
    if p >= 0 and LD.merchant_fits(c, s, m):
        S.fields(s).merchant_context = context
        _decide(s, L.D_SEND_MERCHANT, p)
    else:
        LD.discard_merchant(s, log, m)


@njit(cache=True, _nrt=False, inline="always")
def _offer_launch(c, s, p, context):
    """Ask seat ``p`` to launch a ship if it can (R5.2, R8.2); True when it was asked."""
    if LA.can_launch(c, s, p):
        S.fields(s).launch_context = context
        _decide(s, L.D_LAUNCH, p)
        return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _landing_bonus(c, s, log, p, landing, resume):
    """Give a ship's landing bonus (R5.4); a bonus of the player's choice waits for it.
    Either way play goes on at ``resume``."""
    kind = LD.landing_bonus(c, s, log, p, landing)
    if kind != L.D_NONE:
        S.fields(s).bonus_resume = resume
        _decide(s, kind, p)
    return resume


# --- the steps: setup and Phase 1 -----------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def setup_merchant_ship(c, s, log):
    """R1.5: the Sernigi holder sends the setup merchant ship, if it fits."""
    st = S.fields(s)
    _offer_merchant(c, s, log, st.merchant_order[0], st.character_holder[L.CH_SERNIGI], L.MC_SETUP)
    return L.ST_ROUND_START


@njit(cache=True, _nrt=False, inline="always")
def round_start(c, s, log):
    """R2.1, R3.1: a new round and its Vasco da Gama tile."""
    RO.start_round(c, s, log)
    return L.ST_PLACE


@njit(cache=True, _nrt=False, inline="always")
def phase1_place_discs(c, s, log):
    """R3.2–R3.4: the next seat places a disc, until every disc is placed."""
    p = PL.next_placer(s)
    if p < 0:
        return L.ST_PHASE2_START
    _decide(s, L.D_PLACE_DISC, p)
    return L.ST_PLACE


# --- Phase 2 ----------------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def phase2_start(c, s, log):
    """R4.1: the First Free Number and the start of the calls."""
    RO.start_phase2(c, s, log)
    return L.ST_CALL_NEXT


@njit(cache=True, _nrt=False, inline="always")
def phase2_call_number(c, s, log):
    """R4.2, R4.3, R4.6: call the next number with a disc and price its right to act; after
    the last one, Phase 3."""
    st = S.fields(s)
    num = st.called_number + 1
    while num < L.N_NUMBERS and st.number_owner[num] < 0:
        num += 1
    if num >= L.N_NUMBERS:
        return L.ST_PHASE3
    st.called_number = num
    area = st.number_area[num]
    # The disc leaves its slot when called (R4.6), so a slot frees up for Manuel I.
    st.area_discs[area] -= 1
    st.right_to_act_cost = C.right_to_act_cost(s, num)
    p = st.number_owner[num]
    st.decision_player = p
    E.log_event(s, log, E.EV_CALL, p, num, area, st.right_to_act_cost, 0)
    return L.ST_PRE_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def launch_before_acting(c, s, log):
    """R5.2: the called seat may launch ships before its action."""
    if _offer_launch(c, s, _caller(s), L.LC_BEFORE):
        return L.ST_PRE_LAUNCH
    return L.ST_ACT


@njit(cache=True, _nrt=False, inline="always")
def phase2_act(c, s, log):
    """R4.3–R4.5: the called seat gives up or pays and performs the Area's action."""
    _decide(s, L.D_ACT, _caller(s))
    return L.ST_ACT


@njit(cache=True, _nrt=False, inline="always")
def expedition_ships(c, s, log):
    """R5.4: one ship at a time to the expedition's landing, up to the captains sent."""
    st = S.fields(s)
    p = _caller(s)
    if st.expedition_sent < st.expedition_captains and X.can_send_to(
        c, s, p, st.expedition_landing
    ):
        _decide(s, L.D_EXPEDITION_SHIP, p)
        return L.ST_EXPEDITION
    st.expedition_landing = -1
    return L.ST_POST_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def launch_after_acting(c, s, log):
    """R5.2: the called seat may launch ships after its action."""
    if _offer_launch(c, s, _caller(s), L.LC_AFTER):
        return L.ST_POST_LAUNCH
    return L.ST_CALL_END


@njit(cache=True, _nrt=False, inline="always")
def phase2_call_end(c, s, log):
    """R4.6: the called disc is done."""
    st = S.fields(s)
    num = st.called_number
    st.number_owner[num] = -1
    st.number_area[num] = -1
    return L.ST_CALL_NEXT


# --- Phase 3 and the end of the round -------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def phase3_merchant_ship(c, s, log):
    """R6.1: the Sernigi holder sends this round's unsent merchant ship, if it fits."""
    st = S.fields(s)
    st.phase = L.PH_NAVIGATION
    st.called_number = 0
    m = LD.merchant_tile(s)
    if m >= 0:
        _offer_merchant(c, s, log, m, st.character_holder[L.CH_SERNIGI], L.MC_PHASE3)
    return L.ST_PHASE3_SCORE


@njit(cache=True, _nrt=False, inline="always")
def phase3_navigation(c, s, log):
    """R6.2–R6.4, then R7 after rounds 1 to 4: income, completion, movement, next round."""
    NV.score_income_and_completion(c, s, log)
    NV.move_ships(c, s, log)
    if S.fields(s).round < L.N_ROUNDS:
        RO.end_of_round(c, s, log)
        return L.ST_ROUND_START
    return L.ST_END_GAME


# --- the end of the game ----------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def end_holder_bonuses(c, s, log):
    """R8.1: the last holder bonuses; then each seat's last launches and boarding."""
    st = S.fields(s)
    st.phase = L.PH_END
    RO.holder_bonuses(c, s, log)
    st.end_seat = 0
    return L.ST_END_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def end_launches(c, s, log):
    """R8.2: the seat's last launches; after the last seat, final scoring (R8.3)."""
    st = S.fields(s)
    p = st.end_seat
    if p >= st.players:
        SC.final_scoring(c, s, log)
        st.phase = L.PH_OVER
        return L.ST_OVER
    if _offer_launch(c, s, p, L.LC_END):
        return L.ST_END_LAUNCH
    return L.ST_END_BOARD


@njit(cache=True, _nrt=False, inline="always")
def end_boarding(c, s, log):
    """R8.2: the seat boards captains from its supply onto its unboarded ships."""
    st = S.fields(s)
    p = st.end_seat
    if st.captains_supply[p] > 0 and SC.unboarded_ships(s, p) > 0:
        _decide(s, L.D_END_BOARD, p)
        return L.ST_END_BOARD
    st.end_seat = p + 1
    return L.ST_END_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def game_over(c, s, log):
    """R8.3: nobody decides any more."""
    _decide(s, L.D_NONE, -1)
    return L.ST_OVER


@njit(cache=True, _nrt=False, inline="always")
def _run_step(c, s, log, step):
    if step == L.ST_SETUP_SEND:
        return setup_merchant_ship(c, s, log)
    if step == L.ST_ROUND_START:
        return round_start(c, s, log)
    if step == L.ST_PLACE:
        return phase1_place_discs(c, s, log)
    if step == L.ST_PHASE2_START:
        return phase2_start(c, s, log)
    if step == L.ST_CALL_NEXT:
        return phase2_call_number(c, s, log)
    if step == L.ST_PRE_LAUNCH:
        return launch_before_acting(c, s, log)
    if step == L.ST_ACT:
        return phase2_act(c, s, log)
    if step == L.ST_EXPEDITION:
        return expedition_ships(c, s, log)
    if step == L.ST_POST_LAUNCH:
        return launch_after_acting(c, s, log)
    if step == L.ST_CALL_END:
        return phase2_call_end(c, s, log)
    if step == L.ST_PHASE3:
        return phase3_merchant_ship(c, s, log)
    if step == L.ST_PHASE3_SCORE:
        return phase3_navigation(c, s, log)
    if step == L.ST_END_GAME:
        return end_holder_bonuses(c, s, log)
    if step == L.ST_END_LAUNCH:
        return end_launches(c, s, log)
    if step == L.ST_END_BOARD:
        return end_boarding(c, s, log)
    return game_over(c, s, log)


@njit(cache=True, _nrt=False)
def advance(c, s, log):
    """Run automatic steps until a decision is pending or the game is over."""
    st = S.fields(s)
    # a decision left over from before (a test setting up a position) must not stop the run
    st.decision = L.D_NONE
    while True:
        step = st.step
        st.step = _run_step(c, s, log, step)
        if st.decision != L.D_NONE or step == L.ST_OVER:
            return


# --- the legal actions of each decision -----------------------------------------------------
@njit(cache=True, _nrt=False)
def legal_acts(c, s, p, out, n):
    """Give up, plus every way of performing the called number's Area action (R4.5: only
    ways the player can pay for after paying the right to act)."""
    st = S.fields(s)
    out[n] = L.GIVE_UP
    n += 1
    budget = st.reals[p] - st.right_to_act_cost
    if budget < 0:
        return n
    area = st.number_area[st.called_number]
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
def legal_actions(c, s, out):
    """Fill ``out`` with the legal actions of the pending decision; returns how many."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
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
        k = min(st.captains_supply[p], SC.unboarded_ships(s, p))
        for i in range(k + 1):
            out[i] = A.end_board(i)
        n = k + 1
    return n


# --- applying each decision -----------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def apply_place_disc(c, s, log, p, action, row):
    """R3.2: place the disc; the turn passes clockwise."""
    PL.place_disc(s, p, action)
    st = S.fields(s)
    st.placing_seat = (p + 1) % st.players
    return L.ST_PLACE


@njit(cache=True, _nrt=False, inline="always")
def apply_launch(c, s, log, p, action, row):
    """R5.2, R8.2: launch a ship and be asked again, or stop launching."""
    st = S.fields(s)
    if action != L.LAUNCH_DONE:
        LA.launch(s, p, action)
        return st.step
    ctx = st.launch_context
    if ctx == L.LC_BEFORE:
        return L.ST_ACT
    if ctx == L.LC_AFTER:
        return L.ST_CALL_END
    return L.ST_END_BOARD


@njit(cache=True, _nrt=False, inline="always")
def _act_characters(c, s, log, p, action):
    """R5.5: Vasco da Gama's money, or host a character; Sernigi and Manuel I may ask a
    follow-up choice."""
    if not A.is_host(action):
        CH.take_money(s, log, p, A.money_space(action))
        return
    ch = A.hosted_character(action)
    prev = CH.host(c, s, log, p, ch)
    if ch == L.CH_SERNIGI and LD.merchant_tile(s) >= 0:
        _decide(s, L.D_SERNIGI_WHEN, p)
    elif ch == L.CH_MANUEL and prev != p and CH.manuel_can_place(c, s):
        _decide(s, L.D_MANUEL_PLACE, p)


@njit(cache=True, _nrt=False, inline="always")
def apply_act(c, s, log, p, action, row):
    """R4.4: give up for the compensation; or R4.3, R5: pay the right to act and perform the
    called number's Area action (an expedition records its captains first, R5.4)."""
    st = S.fields(s)
    num = st.called_number
    if action == L.GIVE_UP:
        C.gain_reals(s, log, p, S.comp(c).compensation[num], L.R_GIVE_UP, num, 0)
        return L.ST_CALL_END
    C.pay(s, log, p, st.right_to_act_cost, L.PAY_RIGHT_TO_ACT, row)
    area = st.number_area[num]
    if area == L.A_PURCHASE:
        PU.purchase(c, s, log, p, action, row)
    elif area == L.A_RECRUITING:
        RE.recruit(c, s, log, p, action, row)
    elif area == L.A_NAVIGATION:
        st.expedition_landing = A.expedition_landing(action)
        st.expedition_captains = st.captains_supply[p]
        st.expedition_sent = 0
        return L.ST_EXPEDITION
    else:
        _act_characters(c, s, log, p, action)
    return L.ST_POST_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def apply_expedition_ship(c, s, log, p, action, row):
    """R5.4: send one ship and take its landing bonus, or end the expedition."""
    if action == L.EXPEDITION_DONE:
        S.fields(s).expedition_landing = -1
        return L.ST_POST_LAUNCH
    landing = X.send_ship(c, s, log, p, action)
    return _landing_bonus(c, s, log, p, landing, L.ST_EXPEDITION)


@njit(cache=True, _nrt=False, inline="always")
def apply_send_merchant(c, s, log, p, action, row):
    """R1.5, R5.5, R6.1: place the merchant ship and take its landing bonus; play resumes
    where the ship was offered."""
    ctx = S.fields(s).merchant_context
    landing = LD.send_merchant(s, log, p, sending_merchant(s), action)
    if ctx == L.MC_SETUP:
        resume = L.ST_ROUND_START
    elif ctx == L.MC_HOST:
        resume = L.ST_POST_LAUNCH
    else:
        resume = L.ST_PHASE3_SCORE
    return _landing_bonus(c, s, log, p, landing, resume)


@njit(cache=True, _nrt=False, inline="always")
def apply_sernigi_when(c, s, log, p, action, row):
    """R5.5: send the merchant ship now, or leave it to Phase 3."""
    if action == L.SERNIGI_NOW:
        _offer_merchant(c, s, log, LD.merchant_tile(s), p, L.MC_HOST)
    return L.ST_POST_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def apply_manuel_place(c, s, log, p, action, row):
    """R5.5: Manuel I's disc goes to a free number and Area."""
    CH.place_manuel_disc(s, p, action)
    return L.ST_POST_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def apply_project_bonus(c, s, log, p, action, row):
    """R5.4: the landing bonus project of the player's choice."""
    C.take_project(s, log, p, A.project_bonus_space(action), -3)
    return S.fields(s).bonus_resume


@njit(cache=True, _nrt=False, inline="always")
def apply_sailor_bonus(c, s, log, p, action, row):
    """R5.4: the landing bonus sailor of the player's choice."""
    LD.take_sailor_bonus(s, log, p, action)
    return S.fields(s).bonus_resume


@njit(cache=True, _nrt=False, inline="always")
def apply_end_board(c, s, log, p, action, row):
    """R8.2: board captains; the next seat's last launches."""
    SC.board_captains(s, p, A.end_board_captains(action))
    S.fields(s).end_seat = p + 1
    return L.ST_END_LAUNCH


@njit(cache=True, _nrt=False, inline="always")
def _apply_decision(c, s, log, kind, p, action, row):
    if kind == L.D_PLACE_DISC:
        return apply_place_disc(c, s, log, p, action, row)
    if kind == L.D_LAUNCH:
        return apply_launch(c, s, log, p, action, row)
    if kind == L.D_ACT:
        return apply_act(c, s, log, p, action, row)
    if kind == L.D_EXPEDITION_SHIP:
        return apply_expedition_ship(c, s, log, p, action, row)
    if kind == L.D_SEND_MERCHANT:
        return apply_send_merchant(c, s, log, p, action, row)
    if kind == L.D_SERNIGI_WHEN:
        return apply_sernigi_when(c, s, log, p, action, row)
    if kind == L.D_MANUEL_PLACE:
        return apply_manuel_place(c, s, log, p, action, row)
    if kind == L.D_PROJECT_BONUS:
        return apply_project_bonus(c, s, log, p, action, row)
    if kind == L.D_SAILOR_BONUS:
        return apply_sailor_bonus(c, s, log, p, action, row)
    return apply_end_board(c, s, log, p, action, row)


@njit(cache=True, _nrt=False, inline="always")
def _decision_context(s, kind):
    """The event log's context of a decision: where a merchant ship or a launch was
    offered, else the called number."""
    st = S.fields(s)
    if kind == L.D_SEND_MERCHANT:
        return st.merchant_context
    if kind == L.D_LAUNCH:
        return st.launch_context
    return st.called_number


@njit(cache=True, _nrt=False)
def apply(c, s, log, action):
    """Take ``action`` for the pending decision (it must be legal) and advance."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
    row = E.log_event(s, log, E.EV_DECISION, p, kind, action, 0, _decision_context(s, kind))
    st.decision_log_row = row
    st.decisions_taken += 1
    st.decision = L.D_NONE
    st.step = _apply_decision(c, s, log, kind, p, action, row)
    st.decision_log_row = -1
    if st.decision == L.D_NONE:
        advance(c, s, log)


@njit(cache=True, _nrt=False)
def new_game_state(c, s, log, n_players, seed):
    """Set up a game and run it to its first decision."""
    init_state(c, s, log, n_players, seed)
    advance(c, s, log)
