"""The game's vocabulary: every code the state, the event log and the run tables use, and its name.

One place for the integer codes and their names (Areas, landings, characters, colours,
phases, decision kinds, event-log rows, VP and Reals sources) and for the keys built from them
(preset axes, run-table columns). Codes are ``IntEnum`` members indexed from 0 in the
rulebook's order, so ``NAMES[code]`` is the name of a code. :mod:`vdgsim.games.vasco.layout`
re-exports them as plain ints for the compiled rules; analysis and reports import them from here.

This module imports only the standard library (no numba, no numpy), so that it can be read
anywhere; ``tests/vasco/test_vocabulary.py`` checks that, and that it agrees with the layout.
"""

from __future__ import annotations

from enum import IntEnum


def _keys(codes: type[IntEnum]) -> tuple[str, ...]:
    """The lower-case member names: the keys preset files, component data and columns use."""
    return tuple(m.name.lower() for m in codes)


N_ROUNDS = 5
MAX_SLOTS = 8  # slots per landing row in ship and slot codes (landing * MAX_SLOTS + slot)


# --- board --------------------------------------------------------------------------------------
class Area(IntEnum):
    """The four Action Areas, in the order of the board (C4)."""

    CHARACTERS = 0
    RECRUITING = 1
    PURCHASE = 2
    NAVIGATION = 3


AREA_KEYS = _keys(Area)
AREA_NAMES = ("Characters", "Recruiting", "Purchase Projects", "Navigation")


class Landing(IntEnum):
    """The six landings, nearest first."""

    NATAL = 0
    TERRA_DE_BOA_GENTE = 1
    MOZAMBIQUE = 2
    MOMBASA = 3
    MALINDI = 4
    CALICUT = 5


LANDING_KEYS = _keys(Landing)
LANDING_NAMES = ("Natal", "Terra de Boa Gente", "Mozambique", "Mombasa", "Malindi", "Calicut")


class LandingBonus(IntEnum):
    """What completing a slot row of a landing gives (component data ``landings.*.bonus``)."""

    NONE = 0
    PROJECT = 1
    SAILOR = 2
    CAPTAIN = 3
    REALS = 4


LANDING_BONUS_KEYS = _keys(LandingBonus)


class Character(IntEnum):
    """The four characters, in R1.3's dealing order (also their bit in a character mask)."""

    DIAS = 0
    ALVARES = 1
    SERNIGI = 2
    MANUEL = 3


CHARACTER_KEYS = _keys(Character)
CHARACTER_NAMES = ("Bartolomeu Dias", "Francisco Alvares", "Girolamo Sernigi", "Manuel I")


class CharacterDeal(IntEnum):
    """How the characters are dealt at setup (component option ``setup.character_deal``):
    R1.3's table, or the same characters to the seats in a random order (a variant)."""

    RULEBOOK = 0
    RANDOM = 1


CHARACTER_DEAL_KEYS = _keys(CharacterDeal)


class Colour(IntEnum):
    """Sailor colours (the crew colours a project asks for)."""

    TURQUOISE = 0
    VIOLET = 1
    GREY = 2
    ORANGE = 3


COLOUR_NAMES = _keys(Colour)
PLAYER_COLOURS = ("yellow", "red", "black", "blue")  # seat 0, 1, 2, 3


# --- game flow ------------------------------------------------------------------------------
class Phase(IntEnum):
    SETUP = 0
    PLACE = 1
    ACTIONS = 2
    NAVIGATION = 3
    END = 4
    OVER = 5


PHASE_NAMES = ("setup", "phase 1", "phase 2", "phase 3", "end of game", "over")


class Decision(IntEnum):
    """Decision kinds (``S_DECISION``; column ``kind`` of the decisions table)."""

    NONE = 0
    SEND_MERCHANT = 1
    SERNIGI_WHEN = 2
    PLACE_DISC = 3
    LAUNCH = 4
    ACT = 5
    EXPEDITION_SHIP = 6
    MANUEL_PLACE = 7
    PROJECT_BONUS = 8
    SAILOR_BONUS = 9
    END_BOARD = 10


DECISION_NAMES = (
    "none",
    "send merchant ship",
    "Sernigi: when to send",
    "place disc",
    "launch",
    "act or give up",
    "expedition ship",
    "place Manuel I disc",
    "landing bonus: project",
    "landing bonus: sailor",
    "board captains",
)

# Action-code offsets that analysis decodes (the codec itself lives with the rules): a
# Decision.ACT action is 0 to give up, else an Area-specific code starting at these offsets.
GIVE_UP = 0
LAUNCH_DONE = 0
ACT_BUY_ONE = 1  # + upper space (1..6)
ACT_BUY_TWO = 7  # + pair index (7..21)
ACT_BUY_SAO_GABRIEL = 22
ACT_MONEY = 1  # + money space (1..2)
ACT_HOST = 3  # + character (3..6)
ACT_LANDING = 1  # + landing (1..6)
ACT_RECRUIT = 1  # + packed (captain << 15 | section << 12 | counts in 3 bits per colour)


# --- event log ------------------------------------------------------------------------------
class Event(IntEnum):
    """Kinds of event-log row (column 0; see :mod:`vdgsim.games.vasco.engine.events` for a..d)."""

    DECISION = 1
    VP = 2
    REALS = 3
    PAY = 4
    FREE = 5
    CALL = 6
    MOVE = 7
    GAIN = 8
    MERCHANT = 9
    ROUND = 10


EVENT_NAMES = (
    "",
    "decision",
    "vp",
    "reals",
    "pay",
    "free number",
    "call",
    "move",
    "gain",
    "merchant",
    "round",
)


class Gain(IntEnum):
    """Items of a ``Event.GAIN`` row (field a)."""

    CAPTAIN = 0
    SAILOR = 1
    MISSIONARY = 2
    PROJECT = 3
    CHARACTER = 4
    EXTRA_DISC = 5


GAIN_NAMES = ("captain", "sailor", "missionary", "project", "character", "additional disc")


class VpSource(IntEnum):
    """Where VP come from (field a of ``Event.VP`` rows; the state's VP-by-source table)."""

    SLOT = 0
    COMPLETION = 1
    INCOME = 2
    DIAS = 3
    END_REALS = 4
    END_SHIPS = 5


VP_SOURCE_KEYS = _keys(VpSource)
VP_SOURCE_NAMES = ("slot", "completion", "ship income", "Dias", "end-game Reals", "end-game ships")


class RealsSource(IntEnum):
    """Where Reals come from (field a of ``Event.REALS`` rows)."""

    START = 0
    LANDING_BONUS = 1
    INCOME = 2
    GIVE_UP = 3
    VDG_MONEY = 4


REALS_SOURCE_KEYS = _keys(RealsSource)
REALS_SOURCE_NAMES = ("start", "landing bonus", "ship income", "give-up compensation", "VdG money")


class PayReason(IntEnum):
    """What Reals are paid for (field a of ``Event.PAY`` rows)."""

    RIGHT_TO_ACT = 0
    PURCHASE = 1
    RECRUIT = 2


PAY_REASON_KEYS = _keys(PayReason)
PAY_REASON_NAMES = ("right to act", "purchase", "recruiting")


# --- run tables (vdgsim.runner.batch fills them) ---------------------------------------------
GAME_COLUMNS = (
    "seed",
    "rotation",
    "decisions",
    "log_rows",
    "log_overflow",
    "winner",
    "winners",
    "winning_vp",
    "options",
    "forced_decisions",
)
VP_SOURCE_COLUMNS = tuple("vp_" + k for k in VP_SOURCE_KEYS)
REALS_SOURCE_COLUMNS = tuple("reals_" + k for k in REALS_SOURCE_KEYS)
PAID_COLUMNS = tuple("paid_" + k for k in PAY_REASON_KEYS)
SENT_COLUMNS = tuple("sent_" + k for k in LANDING_KEYS)
# bit k of characters_r<r> = character k held at the end of round r
CHARACTER_COLUMNS = tuple(f"characters_r{r}" for r in range(1, N_ROUNDS + 1))
# characters_dealt: the same bit mask for the characters dealt at setup (R1.3, or the
# setup.character_deal variant), before anyone can host one
# VP at the end of round r, before the end-game scoring (R8.3): vp_r5 = vp - vp_end_reals
# - vp_end_ships, since the last Dias bonus (R8.1) belongs to round 5 like the others (R7.5)
VP_ROUND_COLUMNS = tuple(f"vp_r{r}" for r in range(1, N_ROUNDS + 1))
PLAYER_COLUMNS = (
    "seat",
    "vp",
    "rank",
    *VP_SOURCE_COLUMNS,
    "reals",
    *REALS_SOURCE_COLUMNS,
    *PAID_COLUMNS,
    *SENT_COLUMNS,
    *CHARACTER_COLUMNS,
    "numbers_taken",
    "number_sum",
    "acts_performed",
    "acts_given_up",
    "acts_paid",
    "merchants_sent",
    *VP_ROUND_COLUMNS,
    "characters_dealt",
)
DECISION_COLUMNS = (
    "game_in_chunk",
    "seat",
    "round",
    "phase",
    "kind",  # Decision
    "action",
    "paid",
    "context",
    "number",
    "area",  # Area
    "free_number",
)
# one row per player ship sent: where it went, what it scored there and afterwards, its fate
SHIP_COLUMNS = (
    "game_in_chunk",
    "seat",
    "tile",
    "round",  # sent in
    "landing",  # sent to
    "slot",
    "slot_vp",
    "income_vp",
    "income_reals",
    "completion_vp",
    "left_landing",  # its landing completed while it was there
    "left_round",
    "moved_up",  # to the next landing (else removed from the game)
    "removed",  # from the game, at once or later
    "vp_after_moving",
)

# --- preset axes (strategies.vasco.params): per-Area, per-landing and per-character values --------
AREA_AXIS = AREA_KEYS
LANDING_AXIS = LANDING_KEYS
CHARACTER_AXIS = CHARACTER_KEYS
