"""A Vasco da Gama decision in words, for a seat played by hand (`vdg play --human`, ``?``):
the rule it comes from (docs/rules.md) and what its choices mean.

Everything is read from the seat's observation, so nothing hidden (the decks' order) can be
told. Each paragraph is one string; the table at the terminal wraps them.
"""

from __future__ import annotations

from typing import Any

from vdgsim.games.vasco.game import GameState
from vdgsim.games.vasco.observation import observation

# by the decision's name in the observation
DECISIONS = {
    "place disc": (
        "Phase 1, placing action discs (R3.2–R3.4): put one of your discs on an Area with an "
        "empty action slot, with a sequence number 1 to 20 nobody has used this round; every "
        "disc must be placed. In Phase 2 the numbers are called lowest first and each disc's "
        "owner performs its Area's action or gives it up for the Reals printed beside the "
        "number. Acting with a number n below the First Free Number F first costs F - n Reals; "
        "F is known only when Phase 2 begins. The additional disc of Manuel I's holder takes "
        "21 or 22, called last and always free. In the grid, each entry is a choice: the "
        "Area's row, under the number."
    ),
    "place Manuel I disc": (
        "Manuel I (R5.5): you hosted him, so place his additional disc at once, with 21 or 22 "
        "(whichever is still free), on any empty action slot of any Area. That number is "
        "called after 20, free of the right to act."
    ),
    "launch": (
        "Launching a ship (R5.2), which is not an action: turn one of your projects to its "
        "ship side by paying a crew of as many sailors as its crew size, all of different "
        "colours; a missionary counts as a fifth colour (white). The sailors go back to the "
        "bag, a missionary to the Characters Area. Each choice names the project (its "
        "navigation limit, crew size and income) and the crew; 'launch nothing (more)' ends "
        "launching for now. Only a launched ship can sail on an expedition."
    ),
    "expedition ship": (
        "Expedition (R5.4): send your launched ships to this landing one at a time, each "
        "carrying a captain from your supply, into an empty slot whose value is at most the "
        "ship's navigation limit. Each ship scores its slot's value in VP at once and takes "
        "the landing's bonus. 'send no more ships' ends the expedition."
    ),
    "send merchant ship": (
        "Sending a merchant ship (R5.5, and R1.5 before round 1): put it into any empty slot, "
        "at any landing, whose value is at most its limit. You take that landing's bonus but "
        "not the slot's VP; the ship belongs to nobody and earns nothing, but it fills the "
        "slot, can complete a landing and moves in Phase 3 like every ship."
    ),
    "Sernigi: when to send": (
        "Girolamo Sernigi (R5.5): send this round's merchant ship now, or at the start of "
        "Phase 3, when his holder must send it (R6.1)."
    ),
    "landing bonus: project": (
        "Natal's landing bonus (R5.4): take one project of your choice from the upper spaces, "
        "free, into your supply (not launched)."
    ),
    "landing bonus: sailor": (
        "Terra de Boa Gente's landing bonus (R5.4): take one sailor of any colour from any "
        "active section of the Recruiting Area, or draw one at random from the bag."
    ),
    "board captains": (
        "End of the game (R8.2): put captains from your supply aboard your launched ships that "
        "are still in your supply, not in the landings. At the final scoring (R8.3) each such "
        "ship with a captain aboard scores 3 VP; choose how many captains to board."
    ),
}

# an "act or give up" call, by the Area of the disc called
AREAS = {
    "Purchase Projects": (
        "Purchase Projects (R5.1): buy one project from the upper spaces for 1 Real, two of "
        "them for 4 Reals, or the Sao Gabriel project, already launched, for as many Reals as "
        "its crew size. Each choice names the projects with their navigation limit, crew size "
        "and income."
    ),
    "Recruiting": (
        "Recruiting (R5.3): take sailors from one active section, and/or one captain of your "
        "colour from the Recruiting Area. Sailors cost by the number of colours taken, "
        "however many of each: 1, 3, 6 or 10 Reals for 1, 2, 3 or 4 colours; the captain costs "
        "1 Real per sailor taken with him, so alone he is free. Each choice names the sailors, "
        "the section, the captain and the price; /section 2 shows only section 2's choices."
    ),
    "Navigation": (
        "Navigation (R5.4): send one or more of your launched ships to a single landing, each "
        "carrying a captain from your supply, into an empty slot whose value is at most its "
        "navigation limit. Each ship scores its slot's VP at once and takes the landing's "
        "bonus: Natal a project, Terra de Boa Gente a sailor, Mozambique a captain, Mombasa 2 "
        "Reals, Malindi 1 Real, Calicut none. This choice is the landing; the ships come next."
    ),
    "Characters": (
        "Characters (R5.5): take one of the two Reals amounts on the money spaces, or host a "
        "character nobody has hosted this round, taking his tile: Bartolomeu Dias 2 VP (his "
        "holder scores 2 VP more and becomes first player at the round's end), Francisco "
        "Alvares a missionary, Girolamo Sernigi the right to send the merchant ship, Manuel I "
        "the additional disc, placed at once."
    ),
}


def explain(state: GameState, viewer: int) -> list[str]:
    """Paragraphs that tell ``viewer`` what the pending decision is and what its choices
    mean."""
    obs = observation(state, viewer)
    name = obs["state"]["decision"]
    if name == "act or give up":
        return _call(obs)
    words = DECISIONS.get(name, "")
    if name == "expedition ship":
        words = words.replace("this landing", obs["state"]["expedition_landing"] or "a landing")
    if name == "launch":
        moment = "before you act" if obs["state"]["step"] == "launch before" else "after acting"
        words += f" You may launch now, {moment} on your call, and again at the game's end."
    return [f"This decision: {name}. {words}".rstrip()]


def _call(obs: dict[str, Any]) -> list[str]:
    """A call of the viewer's number (R4.2): what acting costs, what giving up pays, then the
    Area's action."""
    st = obs["state"]
    n = st["called_number"]
    area = st["number_area"][n]
    cost = st["right_to_act_cost"]
    free = obs["numbers"]["free"]
    price = (
        f"number {n} is below the First Free Number F = {free}, so acting first costs "
        f"F - n = {cost} Reals (R4.3)"
        if cost
        else f"number {n} acts for free (R4.3: at or above F = {free}, or 21 or 22)"
    )
    return [
        f"This decision: act or give up. Your number {n} is called in {area} (R4.2): perform "
        f"that Area's action or give it up for the Reals printed beside the number (R4.4); "
        f"{price}. Acting is offered only when you can pay and the action changes something "
        "(R4.5).",
        AREAS.get(area, ""),
    ]
