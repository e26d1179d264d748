"""The columns of a player's parameter row, and the table that names and bounds them.

A player is one float64 row of ``N_PARAMS`` values. Column ``P_KIND`` selects the policy;
the heuristic policy reads its behaviour from the ``P_*`` columns, and the restricted-play
decorators (:mod:`strategies.restrictions`) live in the ``R_*`` columns, whose default 0
means "no restriction". :data:`PARAM_SPECS` gives every behaviour parameter its preset-file
name, its axis (for per-Area, per-landing and per-character values), default, bounds and
meaning; preset files (``strategies/presets/*.toml``) are validated against it.
"""

from __future__ import annotations

from vdgsim import vocabulary as V
from vdgsim.paramtable import ParamSpec, check_specs

N_PARAMS = 96
P_KIND = 0
KIND_RANDOM = 0
KIND_HEURISTIC = 1
KIND_MC = 2  # flat Monte Carlo search (strategies.search.mc)
KIND_ISMCTS = 3  # information-set MCTS (strategies.search.ismcts)
KIND_LEARNED = 4  # linear model over features of Phase 2 actions (strategies.learned)
POLICY_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "learned": KIND_LEARNED}
SEARCH_KINDS = {"mc": KIND_MC, "ismcts": KIND_ISMCTS}

# --- heuristic behaviour (VP is the unit of value; Reals are converted by the Real value) ---
P_RV_EARLY = 1  # VP one Real is worth in round 1
P_RV_LATE = 2  # VP one Real is worth in round 5 (end-game: 1 VP per 3 Reals)
P_COST_W = 3  # multiplier on the right-to-act cost (cost aversion)
P_MAX_PAY = 4  # most Reals it will ever pay for the right to act
P_GIVEUP_BIAS = 5  # VP added to the give-up option
P_CONTEST = 6  # [4 Areas] share of an action's value lost per rival acting first
P_AREA_BIAS = 10  # [4 Areas] VP added to acting in the Area
P_CHAR_VALUE = 14  # [4 characters] VP of holding the character, per round left
P_MONEY_W = 18  # multiplier on Vasco da Gama's money
P_LAND_BIAS = 19  # [6 landings] VP added per ship sent there (player's and merchant)
P_COMPLETION_W = 25  # multiplier on expected completion VP
P_MERCH_BLOCK = 26  # VP per slot-value point a merchant ship denies to the rivals
P_PROJ_TARGET = 27  # unlaunched projects it aims to hold (more are discounted)
P_SAILOR_VP = 28  # VP of a sailor that serves a held project
P_CAPT_VP = 29  # VP of a captain that a ship needs
P_LAUNCH_VP = 30  # share of a project's ship value gained by making it launchable
P_SHIP_W = 31  # VP per navigation-limit point of a ship
P_INCOME_W = 32  # multiplier on a ship's income per remaining Phase 3
P_FIRST_PLAYER = 33  # VP of being first player next round
P_MISSIONARY_VP = 34  # VP of a missionary (the fifth crew colour)
P_RESERVE = 35  # Reals it prefers to keep; spending below this costs double
P_CREW_PEN = 36  # VP discount per crew member a project needs
P_REPEAT_W = 37  # value kept by a second disc in the same Area
P_PROJECT_BONUS = 38  # multiplier on the value of Natal's project bonus
N_BEHAVIOUR = 39

# --- restricted play (0 = no restriction) ---------------------------------------------------
R_NEVER_HOST = 40  # [4 characters] 1 = never host it
R_ALWAYS_HOST = 44  # [4 characters] 1 = host it whenever a Characters action can
R_NEVER_PAY = 48  # 1 = never pay a right-to-act cost
R_NUM_AT_LEAST = 49  # [4 Areas] numbers placed there must be >= this value
R_NUM_BELOW = 53  # [4 Areas] numbers placed there must be < this value
R_LAND_FORBID = 57  # [6 landings] 1 = never send a ship there
N_USED = 63

# --- search players (strategies.search): their budget; columns 1..38 hold the behaviour
# parameters of the preset that plays their rollouts -----------------------------------------
Q_ROLLOUT_KIND = 64  # policy kind of the rollout preset (random or heuristic)
Q_ROLLOUTS = 65  # rollouts per decision (mc)
Q_DETS = 66  # distinct determinizations of the hidden decks (mc, ismcts)
Q_MARGIN = 67  # reward weight of the VP margin over the best rival, added to the win share
Q_ITERS = 68  # tree iterations per decision, one rollout each (ismcts)
Q_UCT_C = 69  # exploration constant of the selection rule (ismcts)
Q_WIDEN = 70  # progressive widening: a node may have 1 + floor(widen * sqrt(visits)) children
Q_DECISIONS = 71  # bit mask of the decision kinds it searches (0 = every kind); the rollout
# preset takes the others, so search can show which of the preset's decisions cost it most
N_SEARCH_END = 72

# --- learned player (strategies.learned): one weight per feature of a Phase 2 action; its
# columns 1..38 hold the behaviour of the preset it inherits, which plays its other decisions
# and whose value terms are among the features. A search player whose rollout preset is a
# learned player carries these weights in the same columns. --------------------------------
LW_FIRST = 72
N_LEARNED_WEIGHTS = 24
LW_END = LW_FIRST + N_LEARNED_WEIGHTS

AREA_AXIS = V.AREA_AXIS
LANDING_AXIS = V.LANDING_AXIS
CHARACTER_AXIS = V.CHARACTER_AXIS
AXES = {"area": AREA_AXIS, "landing": LANDING_AXIS, "character": CHARACTER_AXIS}


PARAM_SPECS: tuple[ParamSpec, ...] = (
    ParamSpec("real_value_early", P_RV_EARLY, None, 0.6, 0.0, 5.0, "VP a Real is worth in round 1"),
    ParamSpec("real_value_late", P_RV_LATE, None, 0.34, 0.0, 5.0, "VP a Real is worth in round 5"),
    ParamSpec("cost_aversion", P_COST_W, None, 1.0, 0.0, 10.0, "multiplier on right-to-act costs"),
    ParamSpec("max_pay", P_MAX_PAY, None, 8.0, 0.0, 20.0, "most Reals paid for the right to act"),
    ParamSpec("give_up_bias", P_GIVEUP_BIAS, None, 0.0, -20.0, 20.0, "VP added to giving up"),
    ParamSpec(
        "contest",
        P_CONTEST,
        "area",
        (0.05, 0.05, 0.25, 0.05),
        0.0,
        1.0,
        "share of an action's value lost per rival acting first in the Area",
    ),
    ParamSpec(
        "area_bias", P_AREA_BIAS, "area", (0.0, 0.0, 0.0, 0.0), -20.0, 20.0, "VP added per Area"
    ),
    ParamSpec(
        "character_value",
        P_CHAR_VALUE,
        "character",
        (0.6, 0.3, 0.2, 2.0),
        -5.0,
        20.0,
        "VP of holding a character, per round left",
    ),
    ParamSpec("money_weight", P_MONEY_W, None, 1.5, 0.0, 5.0, "multiplier on VdG's money"),
    ParamSpec(
        "landing_bias",
        P_LAND_BIAS,
        "landing",
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        -20.0,
        20.0,
        "VP added per ship sent to the landing",
    ),
    ParamSpec("completion_weight", P_COMPLETION_W, None, 1.0, 0.0, 5.0, "weight of completion VP"),
    ParamSpec(
        "merchant_block", P_MERCH_BLOCK, None, 0.15, 0.0, 5.0, "VP per slot point a merchant denies"
    ),
    ParamSpec("project_target", P_PROJ_TARGET, None, 2.0, 0.0, 10.0, "unlaunched projects held"),
    ParamSpec("sailor_value", P_SAILOR_VP, None, 0.9, 0.0, 10.0, "VP of a useful sailor"),
    ParamSpec("captain_value", P_CAPT_VP, None, 2.5, 0.0, 10.0, "VP of a needed captain"),
    ParamSpec("launch_value", P_LAUNCH_VP, None, 0.5, 0.0, 5.0, "share of ship value per launch"),
    ParamSpec("ship_weight", P_SHIP_W, None, 0.75, 0.0, 5.0, "VP per navigation-limit point"),
    ParamSpec("income_weight", P_INCOME_W, None, 1.0, 0.0, 5.0, "multiplier on ship income"),
    ParamSpec("first_player_value", P_FIRST_PLAYER, None, 0.5, -5.0, 10.0, "VP of first seat"),
    ParamSpec("missionary_value", P_MISSIONARY_VP, None, 1.2, 0.0, 10.0, "VP of a missionary"),
    ParamSpec("reserve", P_RESERVE, None, 2.0, 0.0, 30.0, "Reals it prefers to keep"),
    ParamSpec("crew_penalty", P_CREW_PEN, None, 0.9, 0.0, 5.0, "VP discount per crew member"),
    ParamSpec("repeat_weight", P_REPEAT_W, None, 0.4, 0.0, 1.0, "value of a 2nd disc in an Area"),
    ParamSpec("project_bonus", P_PROJECT_BONUS, None, 1.0, 0.0, 5.0, "weight of Natal's bonus"),
)
check_specs(PARAM_SPECS, AXES)
SPEC_BY_NAME = {p.name: p for p in PARAM_SPECS}
