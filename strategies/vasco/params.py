"""The columns of a player's parameter row, and the table that names and bounds them.

A player is one float64 row of ``N_PARAMS`` values, laid out here in declaration order
(:class:`vdgsim.core.paramtable.RowLayout`). Column ``P_KIND`` selects the policy; the heuristic
policy reads its behaviour from the ``P_*`` columns, and the restricted-play decorators
(:mod:`strategies.vasco.restrictions`) live in the ``R_*`` columns, whose default 0 means "no
restriction". :data:`PARAM_SPECS` gives every behaviour parameter its preset-file name, its
axis (for per-Area, per-landing and per-character values), default, bounds and meaning; preset
files (``strategies/vasco/presets/*.toml``) are validated against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vdgsim.core.paramtable import RowLayout
from vdgsim.games.vasco import vocabulary as V

AREA_AXIS = V.AREA_AXIS
LANDING_AXIS = V.LANDING_AXIS
CHARACTER_AXIS = V.CHARACTER_AXIS
AXES = {"area": AREA_AXIS, "landing": LANDING_AXIS, "character": CHARACTER_AXIS}

KIND_RANDOM = 0
KIND_HEURISTIC = 1
KIND_MC = 2  # flat Monte Carlo search (strategies.vasco.search.mc)
KIND_ISMCTS = 3  # information-set MCTS (strategies.vasco.search.ismcts)
KIND_LEARNED = 4  # linear model over features of Phase 2 actions (strategies.vasco.learned)
POLICY_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "learned": KIND_LEARNED}
SEARCH_KINDS = {"mc": KIND_MC, "ismcts": KIND_ISMCTS}

ROW = RowLayout(AXES)
P_KIND = ROW.columns("kind")

# --- heuristic behaviour (VP is the unit of value; Reals are converted by the Real value) ---
P_RV_EARLY = ROW.param("real_value_early", 0.6, 0.0, 5.0, "VP a Real is worth in round 1")
# end-game: 1 VP per 3 Reals
P_RV_LATE = ROW.param("real_value_late", 0.34, 0.0, 5.0, "VP a Real is worth in round 5")
P_COST_W = ROW.param("cost_aversion", 1.0, 0.0, 10.0, "multiplier on right-to-act costs")
P_MAX_PAY = ROW.param("max_pay", 8.0, 0.0, 20.0, "most Reals paid for the right to act")
P_GIVEUP_BIAS = ROW.param("give_up_bias", 0.0, -20.0, 20.0, "VP added to giving up")
P_CONTEST = ROW.param(
    "contest",
    (0.05, 0.05, 0.25, 0.05),
    0.0,
    1.0,
    "share of an action's value lost per rival acting first in the Area",
    axis="area",
)
P_AREA_BIAS = ROW.param(
    "area_bias", (0.0, 0.0, 0.0, 0.0), -20.0, 20.0, "VP added per Area", axis="area"
)
P_CHAR_VALUE = ROW.param(
    "character_value",
    (0.6, 0.3, 0.2, 2.0),
    -5.0,
    20.0,
    "VP of holding a character, per round left",
    axis="character",
)
P_MONEY_W = ROW.param("money_weight", 1.5, 0.0, 5.0, "multiplier on VdG's money")
# counted for the player's ships and for the merchant ships it sends
P_LAND_BIAS = ROW.param(
    "landing_bias",
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    -20.0,
    20.0,
    "VP added per ship sent to the landing",
    axis="landing",
)
P_COMPLETION_W = ROW.param("completion_weight", 1.0, 0.0, 5.0, "weight of completion VP")
# the points a merchant ship's slot value denies to the rivals
P_MERCH_BLOCK = ROW.param("merchant_block", 0.15, 0.0, 5.0, "VP per slot point a merchant denies")
# more unlaunched projects than this are discounted
P_PROJ_TARGET = ROW.param("project_target", 2.0, 0.0, 10.0, "unlaunched projects held")
# a sailor that serves a held project; a captain that a ship needs
P_SAILOR_VP = ROW.param("sailor_value", 0.9, 0.0, 10.0, "VP of a useful sailor")
P_CAPT_VP = ROW.param("captain_value", 2.5, 0.0, 10.0, "VP of a needed captain")
# the share of a project's ship value gained by making it launchable
P_LAUNCH_VP = ROW.param("launch_value", 0.5, 0.0, 5.0, "share of ship value per launch")
P_SHIP_W = ROW.param("ship_weight", 0.75, 0.0, 5.0, "VP per navigation-limit point")
# on a ship's income per remaining Phase 3
P_INCOME_W = ROW.param("income_weight", 1.0, 0.0, 5.0, "multiplier on ship income")
# of being first player next round
P_FIRST_PLAYER = ROW.param("first_player_value", 0.5, -5.0, 10.0, "VP of first seat")
# the fifth crew colour
P_MISSIONARY_VP = ROW.param("missionary_value", 1.2, 0.0, 10.0, "VP of a missionary")
# spending below it costs double
P_RESERVE = ROW.param("reserve", 2.0, 0.0, 30.0, "Reals it prefers to keep")
# per crew member a project needs
P_CREW_PEN = ROW.param("crew_penalty", 0.9, 0.0, 5.0, "VP discount per crew member")
# the value kept by a second disc in the same Area
P_REPEAT_W = ROW.param("repeat_weight", 0.4, 0.0, 1.0, "value of a 2nd disc in an Area")
P_PROJECT_BONUS = ROW.param("project_bonus", 1.0, 0.0, 5.0, "weight of Natal's bonus")
N_BEHAVIOUR = ROW.size
ROW.unused_until(40)

# --- restricted play (0 = no restriction) ---------------------------------------------------
R_NEVER_HOST = ROW.columns("never_host", "character")  # 1 = never host it
R_ALWAYS_HOST = ROW.columns("always_host", "character")  # 1 = host it whenever it can
R_NEVER_PAY = ROW.columns("never_pay")  # 1 = never pay a right-to-act cost
R_NUM_AT_LEAST = ROW.columns("number_at_least", "area")  # numbers placed there are >= this
R_NUM_BELOW = ROW.columns("number_below", "area")  # numbers placed there are < this
R_LAND_FORBID = ROW.columns("landing_forbidden", "landing")  # 1 = never send a ship there
# 1 when any restriction column is set (lets unrestricted rows skip the filter)
R_ANY = ROW.columns("any_restriction")

# --- search players (strategies.vasco.search): their budget; the behaviour columns hold the
# parameters of the preset that plays their rollouts ---------------------------------------
Q_ROLLOUT_KIND = ROW.columns("rollout_kind")  # policy kind of the rollout preset
Q_ROLLOUTS = ROW.columns("rollouts")  # rollouts per decision (mc)
Q_DETS = ROW.columns("dets")  # distinct determinizations of the hidden decks (mc, ismcts)
# reward weight of the VP margin over the best rival, added to the win share
Q_MARGIN = ROW.columns("margin")
Q_ITERS = ROW.columns("iters")  # tree iterations per decision, one rollout each (ismcts)
Q_UCT_C = ROW.columns("uct_c")  # exploration constant of the selection rule (ismcts)
# progressive widening: a node may have 1 + floor(widen * sqrt(visits)) children
Q_WIDEN = ROW.columns("widen")
# bit mask of the decision kinds it searches (0 = every kind); the rollout preset takes the
# others, so search can show which of the preset's decisions cost it most
Q_DECISIONS = ROW.columns("decisions")
N_SEARCH_END = ROW.size

# --- learned player (strategies.vasco.learned): one weight per feature of a Phase 2 action; its
# behaviour columns hold the preset it inherits, which plays its other decisions and whose
# value terms are among the features. A search player whose rollout preset is a learned player
# carries these weights in the same columns. ------------------------------------------------
N_LEARNED_WEIGHTS = 24
LW_FIRST = ROW.columns("learned_weights", width=N_LEARNED_WEIGHTS)
LW_END = ROW.size
# Its placements (optional): 1 when the placement weights that follow choose its disc
# placements, 0 when its inherited preset places (a preset without [learned.place_weights],
# such as the shipped learned).
PW_ON = ROW.columns("place_learned")
N_PLACE_WEIGHTS = 16
PW_FIRST = ROW.columns("place_weights", width=N_PLACE_WEIGHTS)
PW_END = ROW.size
# A hidden layer over the Phase 2 features (optional): a score adds, per hidden unit h,
# hidden_out[h] * max(0, hidden_bias[h] + hidden_weights[h] . features); all 0 adds nothing.
N_HIDDEN = 16
HW_FIRST = ROW.columns("hidden_weights", width=N_HIDDEN * N_LEARNED_WEIGHTS)
HB_FIRST = ROW.columns("hidden_bias", width=N_HIDDEN)
HO_FIRST = ROW.columns("hidden_out", width=N_HIDDEN)
HIDDEN_END = ROW.size
LEARNED_END = ROW.size  # every learned column is in LW_FIRST:LEARNED_END

N_PARAMS = ROW.size
PARAM_SPECS = ROW.specs()
SPEC_BY_NAME = {p.name: p for p in PARAM_SPECS}


def named_parameters(row: Sequence[float]) -> dict[str, Any]:
    """A parameter row by name: its policy, behaviour parameters and restrictions.

    Behaviour parameters are given for the policies that read them (not ``random``);
    restrictions only when set, under the keyword names of
    ``strategies.vasco.restrictions.restrict`` (what a run's manifest records of each player).
    """
    kind = int(row[P_KIND])
    policy = next((k for k, v in POLICY_KINDS.items() if v == kind), f"kind {kind}")
    out: dict[str, Any] = {"policy": policy}
    if kind != KIND_RANDOM:
        out["params"] = {
            spec.name: float(row[spec.column])
            if spec.axis is None
            else {a: float(row[spec.column + i]) for i, a in enumerate(AXES[spec.axis])}
            for spec in PARAM_SPECS
        }

    def flagged(base: int, axis: tuple[str, ...]) -> list[str]:
        return [a for i, a in enumerate(axis) if row[base + i] > 0]

    def numbers(base: int) -> dict[str, int]:
        return {a: int(row[base + i]) for i, a in enumerate(AREA_AXIS) if row[base + i] > 0}

    restrictions = {
        "never_host": flagged(R_NEVER_HOST, CHARACTER_AXIS),
        "always_host": flagged(R_ALWAYS_HOST, CHARACTER_AXIS),
        "never_pay": bool(row[R_NEVER_PAY] > 0),
        "numbers_at_least": numbers(R_NUM_AT_LEAST),
        "numbers_below": numbers(R_NUM_BELOW),
        "never_landings": flagged(R_LAND_FORBID, LANDING_AXIS),
    }
    restrictions = {k: v for k, v in restrictions.items() if v}
    if restrictions:
        out["restrictions"] = restrictions
    return out
