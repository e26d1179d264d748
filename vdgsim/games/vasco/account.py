"""A readable, round-by-round account of one game, and its event log as JSON-able records."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.describe import (
    decision_name,
    describe_action,
    describe_event,
    landings_text,
    seat_name,
)
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.game import (
    GameState,
    apply_action,
    is_over,
    legal_actions,
    log_rows,
    result,
)

Chooser = Callable[[GameState, list[int]], int]


def play_with_account(
    state: GameState, choose: Chooser, decisions: dict[int, str] | None = None
) -> tuple[list[str], list[int]]:
    """Play ``state`` to the end with ``choose``; return the account lines and the actions.
    ``decisions``, if given, receives each decision's words by its row of the event log (for
    :func:`event_records`: an action is described from the state it was taken in)."""
    lines: list[str] = []
    actions: list[int] = []
    renderer = _Renderer(state)
    renderer.render_rows(0, {})
    while not is_over(state):
        legal = legal_actions(state)
        a = choose(state, legal)
        text = describe_action(state, a)
        start = len(log_rows(state))
        apply_action(state, a)
        actions.append(a)
        if decisions is not None:
            decisions[start] = text
        renderer.render_rows(start, {start: text})
    renderer.finish()
    lines.extend(renderer.lines)
    return lines, actions


def replay_with_account(state: GameState, actions: Sequence[int]) -> list[str]:
    """The account of a game replayed from its actions (used by the golden traces)."""
    it = iter(actions)
    lines, _ = play_with_account(state, lambda _g, _legal: next(it))
    return lines


class _Renderer:
    def __init__(self, state: GameState) -> None:
        self.state = state
        self.lines: list[str] = []
        self.heading: tuple[int, int] | None = None
        self.in_navigation = False

    def render_rows(self, start: int, decisions: dict[int, str]) -> None:
        rows = log_rows(self.state)
        comp = self.state.components
        for i in range(start, len(rows)):
            row = rows[i]
            ev, rnd, phase, seat = (int(x) for x in row[:4])
            self._heading(ev, rnd, phase, row)
            if ev == E.EV_DECISION:
                kind = int(row[4])
                text = decisions.get(i, f"{decision_name(kind)} {int(row[5])}")
                paid = int(row[6])
                cost = f" [paid {paid} Reals]" if paid else ""
                self.lines.append(f"    {seat_name(seat)}: {text}{cost}")
            elif ev == E.EV_CALL:
                cost = f", {int(row[6])} Reals to act" if int(row[6]) else ", free to act"
                self.lines.append(
                    f"  Number {int(row[4])}: {seat_name(seat)} in "
                    f"{L.AREA_NAMES[int(row[5])]}{cost}"
                )
            elif ev in (E.EV_FREE, E.EV_ROUND, E.EV_PAY):
                continue  # shown in the headings and in the decision line's [paid] note
            else:
                text = describe_event(comp, row)
                if text:
                    self.lines.append(f"      {text}")
        if self.in_navigation and int(self.state.s[L.S_PHASE]) != L.PH_NAVIGATION:
            self._landings()
            self.in_navigation = False

    def _heading(self, ev: int, rnd: int, phase: int, row) -> None:
        key = (rnd, phase)
        if key == self.heading:
            return
        if self.in_navigation and phase != L.PH_NAVIGATION:
            self._landings()
            self.in_navigation = False
        self.heading = key
        if phase == L.PH_SETUP:
            self.lines.append("Setup")
        elif phase == L.PH_PLACE:
            if ev == E.EV_ROUND:
                self.lines.append("")
                self.lines.append(
                    f"Round {rnd}: Initial Number {int(row[5])}, Vasco da Gama's money "
                    f"{int(row[6])} and {int(row[7])} Reals"
                )
            self.lines.append(" Phase 1: placing action discs")
        elif phase == L.PH_ACTIONS:
            if ev == E.EV_FREE:
                self.lines.append(
                    f" Phase 2: taking actions; First Free Number F = {int(row[7])} "
                    f"(Initial {int(row[5])}, Variation {int(row[6]):+d})"
                )
            else:
                self.lines.append(" Phase 2: taking actions")
        elif phase == L.PH_NAVIGATION:
            self.lines.append(" Phase 3: navigation (and end of round)")
            self.in_navigation = True
        elif phase == L.PH_END:
            self.lines.append("")
            self.lines.append("End of game")

    def _landings(self) -> None:
        self.lines.append(" Landings after Phase 3:")
        self.lines.extend(f"   {line}" for line in landings_text(self.state))

    def finish(self) -> None:
        if self.in_navigation:
            self._landings()
        res = result(self.state)
        self.lines.append("")
        self.lines.append("Final scores")
        order = sorted(range(len(res.vp)), key=lambda p: res.rank[p])
        for p in order:
            sources = ", ".join(f"{k} {v}" for k, v in res.vp_by_source[p].items() if v)
            share = res.win_share[p]
            won = " (winner)" if share == 1 else f" (shares the win, {share:.2f})" if share else ""
            self.lines.append(
                f"  {res.rank[p]}. {seat_name(p)}: {res.vp[p]} VP{won}; {res.reals[p]} Reals left;"
                f" VP from {sources}"
            )


def event_records(
    state: GameState, decisions: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """The event log as JSON-able records with readable names; a decision's text is in the
    account's words where ``decisions`` (from :func:`play_with_account`) holds them."""
    comp = state.components
    out = []
    for i, row in enumerate(log_rows(state)):
        ev, rnd, phase, seat, a, b, c, d = (int(x) for x in row)
        rec: dict[str, Any] = {
            "event": E.EVENT_NAMES[ev],
            "round": rnd,
            "phase": L.PHASE_NAMES[phase],
            "seat": seat if seat >= 0 else None,
        }
        if ev == E.EV_DECISION:
            rec.update(decision=decision_name(a), action=b, reals_paid=c, context=d)
        elif ev == E.EV_VP:
            rec.update(source=L.VP_SOURCE_NAMES[a], vp=b, detail=[c, d])
        elif ev == E.EV_REALS:
            rec.update(source=L.REALS_SOURCE_NAMES[a], reals=b, detail=[c, d])
        elif ev == E.EV_PAY:
            rec.update(reason=L.PAY_REASON_NAMES[a], reals=b, number=c)
        elif ev == E.EV_FREE:
            rec.update(initial=b, variation=c, free_number=d)
        elif ev == E.EV_CALL:
            rec.update(number=a, area=L.AREA_NAMES[b], right_to_act_cost=c)
        elif ev == E.EV_ROUND:
            rec.update(initial=b, vdg_money=[c, d])
        # decisions and calls are told elsewhere in the account; a record still reads alone
        rec["text"] = describe_event(comp, row) or _plain_text(rec, (decisions or {}).get(i))
        out.append(rec)
    return out


def _plain_text(rec: dict[str, Any], words: str | None = None) -> str:
    """One line for a record :func:`describe_event` leaves to the account (decisions, calls);
    ``words``: a decision's action as the account tells it."""
    who = seat_name(rec["seat"]) if rec["seat"] is not None else "nobody"
    if rec["event"] == E.EVENT_NAMES[E.EV_DECISION]:
        paid = f", paying {rec['reals_paid']} Reals" if rec["reals_paid"] else ""
        if words is not None:
            return f"{who}: {words}{paid}"
        # the log alone does not say what an action code meant in its position
        return f"{who} decides: {rec['decision']} (action {rec['action']}){paid}"
    if rec["event"] == E.EVENT_NAMES[E.EV_CALL]:
        return f"number {rec['number']} is called in {rec['area']} ({who})"
    return f"{who}: {rec['event']}"
