"""Human descriptions: one line per legal action, per event-log row, and the landings."""

from __future__ import annotations

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import Components
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import recruiting as RE
from vdgsim.games.vasco.game import GameState


def decision_name(kind: int) -> str:
    return L.DECISION_NAMES[kind] if 0 <= kind < len(L.DECISION_NAMES) else f"decision {kind}"


def seat_name(seat: int) -> str:
    return f"seat {seat} ({L.PLAYER_COLOURS[seat]})" if seat >= 0 else "nobody"


def tile_text(comp: Components, t: int) -> str:
    """``I-12 (limit 7, crew 5, income 2 VP)``."""
    cf = comp.fields
    income = []
    if cf.proj_income_vp[t]:
        income.append(f"{cf.proj_income_vp[t]} VP")
    if cf.proj_income_reals[t]:
        income.append(f"{cf.proj_income_reals[t]} Reals")
    inc = f", income {' + '.join(income)}" if income else ""
    return f"{comp.tile_names[t]} (limit {cf.proj_limit[t]}, crew {cf.proj_crew[t]}{inc})"


def ship_text(comp: Components, code: int) -> str:
    if code >= L.N_PROJECTS:
        m = code - L.N_PROJECTS
        return f"merchant ship M{m + 1} (limit {comp.fields.merchant_limit[m]})"
    return tile_text(comp, code)


def slot_text(comp: Components, landing: int, slot: int) -> str:
    value = comp.fields.land_value[landing, slot]
    return f"{L.LANDING_NAMES[landing]} slot {slot + 1} (value {value})"


def crew_text(mask: int) -> str:
    names = [L.COLOUR_NAMES[c] for c in range(L.N_COLOURS) if (mask >> c) & 1]
    if mask & L.MISSIONARY_BIT:
        names.append("missionary")
    return ", ".join(names)


def recruit_text(action: int) -> str:
    sec = A.recruit_section(action)
    parts = []
    if sec != L.RECRUIT_NO_SECTION:
        counts = [A.recruit_count(action, c) for c in range(L.N_COLOURS)]
        taken = [f"{k} {L.COLOUR_NAMES[c]}" for c, k in enumerate(counts) if k]
        parts.append(f"{' + '.join(taken)} from section {sec + 1}")
    if A.recruit_captain(action):
        parts.append("1 captain")
    return "recruit " + " and ".join(parts)


def describe_action(state: GameState, action: int) -> str:
    """One line describing ``action`` for the pending decision of ``state``."""
    comp, s = state.components, state.s
    kind = int(s[L.S_DECISION])
    if kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE:
        num, area = A.placement_number(action), A.placement_area(action)
        extra = " with the additional disc" if num > 20 else ""
        return f"place number {num} in {L.AREA_NAMES[area]}{extra}"
    if kind == L.D_LAUNCH:
        if action == L.LAUNCH_DONE:
            return "launch nothing (more)"
        t, mask = A.launch_tile(action), A.launch_crew(action)
        return f"launch {tile_text(comp, t)} with crew {crew_text(mask)}"
    if kind == L.D_ACT:
        return _describe_act(state, action)
    if kind == L.D_EXPEDITION_SHIP:
        if action == L.EXPEDITION_DONE:
            return "send no more ships"
        t, slot = A.ship_send_tile(action), A.ship_send_slot(action)
        landing = int(s[L.S_EXP_LANDING])
        return f"send {tile_text(comp, t)} to {slot_text(comp, landing, slot)}"
    if kind == L.D_SEND_MERCHANT:
        landing, slot = A.merchant_landing(action), A.merchant_slot(action)
        return f"send the merchant ship to {slot_text(comp, landing, slot)}"
    if kind == L.D_SERNIGI_WHEN:
        return (
            "send the merchant ship now"
            if action == L.SERNIGI_NOW
            else "send it at the start of Phase 3"
        )
    if kind == L.D_PROJECT_BONUS:
        t = int(s[L.S_UPPER + A.project_bonus_space(action)])
        return f"take project {tile_text(comp, t)} (landing bonus)"
    if kind == L.D_SAILOR_BONUS:
        if action == L.SAILOR_BAG_DRAW:
            return "draw a sailor from the bag (landing bonus)"
        sec, col = A.sailor_bonus_section(action), A.sailor_bonus_colour(action)
        return f"take a {L.COLOUR_NAMES[col]} sailor from section {sec + 1} (landing bonus)"
    if kind == L.D_END_BOARD:
        return f"board {A.end_board_captains(action)} captain(s) on launched ships in supply"
    return f"action {action}"


def _describe_act(state: GameState, action: int) -> str:
    comp, s = state.components, state.s
    num = int(s[L.S_CURRENT])
    area = int(s[L.S_NUM_AREA + num])
    cost = int(s[L.S_RIGHT_COST])
    if action == L.GIVE_UP:
        comp_reals = int(comp.fields.compensation[num])
        return f"give up number {num} (+{comp_reals} Reals)"
    prefix = f"pay {cost} to act, " if cost else ""
    if area == L.A_PURCHASE:
        cf = comp.fields
        if A.is_buy_sao_gabriel(action):
            t = int(s[L.S_SAO_GABRIEL])
            what = f"buy the Sao Gabriel project {tile_text(comp, t)} for {cf.proj_crew[t]}"
        elif A.is_buy_two(action):
            i, j = A.bought_pair(action)
            what = (
                f"buy {tile_text(comp, int(s[L.S_UPPER + i]))} and "
                f"{tile_text(comp, int(s[L.S_UPPER + j]))} for {cf.two_projects}"
            )
        else:
            t = int(s[L.S_UPPER + A.bought_space(action)])
            what = f"buy {tile_text(comp, t)} for {cf.one_project}"
    elif area == L.A_RECRUITING:
        what = f"{recruit_text(action)} for {int(RE.recruit_cost(comp.array, action))}"
    elif area == L.A_NAVIGATION:
        what = f"send ships to {L.LANDING_NAMES[A.expedition_landing(action)]}"
    elif not A.is_host(action):
        k = A.money_space(action)
        what = f"take Vasco da Gama's {int(s[L.S_MONEY + k])} Reals"
    else:
        what = f"host {L.CHARACTER_NAMES[A.hosted_character(action)]}"
    return prefix + what


def describe_event(comp: Components, row) -> str | None:
    """One line for an event-log row, or None for rows shown elsewhere (decisions, calls)."""
    ev, _rnd, _ph, seat, a, b, c, d = (int(x) for x in row)
    who = seat_name(seat)
    if ev == E.EV_VP:
        where = ""
        if a in (L.VP_SLOT, L.VP_COMPLETION, L.VP_INCOME):
            where = f" at {L.LANDING_NAMES[c]}"
        return f"{who} +{b} VP ({L.VP_SOURCE_NAMES[a]}{where})"
    if ev == E.EV_REALS:
        return f"{who} +{b} Reals ({L.REALS_SOURCE_NAMES[a]})"
    if ev == E.EV_PAY:
        return f"{who} pays {b} Reals ({L.PAY_REASON_NAMES[a]})"
    if ev == E.EV_FREE:
        return f"First Free Number F = {d} (Initial {b}, Variation {c:+d})"
    if ev == E.EV_MOVE:
        frm = slot_text(comp, A.slot_code_landing(b), A.slot_code_slot(b))
        ship = ship_text(comp, a)
        owner = f"{who}'s " if seat >= 0 else ""
        if c < 0:
            back = "; its captain returns to supply" if seat >= 0 else ""
            return f"{owner}{ship} leaves {frm} and is removed{back}"
        to = slot_text(comp, A.slot_code_landing(c), A.slot_code_slot(c))
        return f"{owner}{ship} moves from {frm} to {to}"
    if ev == E.EV_GAIN:
        if a == E.G_CHARACTER:
            return f"{who} takes {L.CHARACTER_NAMES[c]}"
        if a == E.G_SAILOR:
            return f"{who} gains {b} {L.COLOUR_NAMES[c]} sailor(s)"
        if a == E.G_PROJECT:
            return f"{who} gains project {tile_text(comp, c)}"
        return f"{who} gains {b} {E.GAIN_NAMES[a]}"
    if ev == E.EV_MERCHANT:
        m = f"merchant ship M{a + 1} (limit {comp.fields.merchant_limit[a]})"
        if b == 0:
            return f"{m} is discarded"
        landing, slot = A.merchant_landing(c), A.merchant_slot(c)
        return f"{who} sends {m} to {slot_text(comp, landing, slot)}"
    return None


def landings_text(state: GameState) -> list[str]:
    """One line per landing, top down, with each slot's ship and owner."""
    comp, s = state.components, state.s
    lines = []
    for landing in range(L.N_LANDINGS - 1, -1, -1):
        cells = []
        for j, value in enumerate(comp.landing_slots(landing)):
            code = int(s[L.S_SLOT + landing * L.MAX_SLOTS + j])
            if code < 0:
                cells.append(f"[{value}: empty]")
            elif code >= L.N_PROJECTS:
                cells.append(f"[{value}: merchant M{code - L.N_PROJECTS + 1}]")
            else:
                owner = L.PLAYER_COLOURS[int(s[L.S_PROJ_OWNER + code])]
                cells.append(f"[{value}: {owner} {comp.tile_names[code]}]")
        lines.append(f"{L.LANDING_NAMES[landing]:<19} {' '.join(cells)}")
    return lines
