"""The columns of a Goa player's parameter row, and the table that names and bounds them.

A player is one float64 row of :data:`N_PARAMS` values; column :data:`P_KIND` selects the
policy, the other columns are the heuristic's behaviour parameters. :data:`PARAM_SPECS` gives
each its preset-file name, axis (per development column, per spice), default, bounds and
meaning; preset files (``presets/*.toml``) are validated against it. VP is the unit of value.
"""

from __future__ import annotations

from vdgsim.goa import layout as L
from vdgsim.paramtable import ParamSpec, check_specs

N_PARAMS = 80
P_KIND = 0
KIND_RANDOM = 0
KIND_HEURISTIC = 1
# the heuristic but for its marker placements, which a linear model over their features
# decides (vdgsim.goa.players.learned); kinds 2 and 3 are the search players'
KIND_LEARNED = 4
POLICY_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "learned": KIND_LEARNED}

P_COLUMN_W = 1  # [5 columns] VP of one step's better level, with the whole game still ahead
P_SPICE_VP = 6  # [5 spices] VP of a spice the development plan needs
P_SHIP_VP = 11  # VP of a ship the development plan needs
P_SURPLUS = 12  # share of a unit's value kept beyond the plan's need
P_DUCAT_VP = 13  # VP of a ducat
P_COLONIST_VP = 14  # VP of a colonist towards a colony
P_EXTRA_VP = 15  # VP of an extra action card
P_CARD_VP = 16  # VP of an expedition card's effect, on top of its symbol
P_COLONY_W = 17  # multiplier on a colony's value
P_PLANTATION_W = 18  # multiplier on a plantation's value
P_FLAG_VP = 19  # VP of being start player next round (on top of the extra action card)
P_DENY = 20  # share of a rival's value of a lot added to what it will pay
P_BID_SHADE = 21  # share of its limit it opens with (it still outbids up to the limit)
P_RESERVE = 22  # ducats it keeps out of auctions
P_PLAN_TARGETS = 23  # development steps the plan aims at (the resources it needs count full)
P_HORIZON = 24  # own action turns left from which a resource is worth its full value
P_SPEND = 25  # share of its full value a ship or spice costs when a step spends it
P_CASH = 26  # ducats worth their full value; more count at the surplus share
P_CASH_CURVE = 27  # share of a payment valued along the cash curve (0: at the next ducat's value)
P_OWNER_FLOOR = 28  # share of the bid at which the owner would rather sell that it bids at least
P_FLAG_OWN = 29  # weight of its own best tile next to the Flag cell when placing the Flag
P_LOT_W = 30  # [6 lot kinds] multiplier on a lot's value to itself in the auction decisions
P_PREEMPT = 36  # share of the later speakers' highest estimated limit that it bids at least
P_CHASE_DENY = 37  # share of the deny part of its limit that floor and pre-emptive bids may use
P_SOLVE_BID = 38  # share of the way from its opening bid to the least bid expected to win
P_SELL_BIAS = 39  # VP added to selling its own lot as owner
N_BEHAVIOUR = 40
# Restrictions (vdgsim.goa.players.restrictions): 0 unless a player name sets them
R_NEVER_LOT = 40  # [6 lot kinds] 1 = never bids for or buys a lot of that kind
R_NEVER_COLUMN = 46  # [5 columns] 1 = never takes a step in that development column
R_ANY = 51  # 1 when any restriction column is set (lets unrestricted rows skip the filter)
# The learned player (vdgsim.goa.players.learned): one weight per feature of a marker
# placement; its behaviour columns hold the preset it inherits, which plays its other
# decisions and whose value terms are among the features. A search player whose rollout
# preset is learned carries these weights in the same columns.
LW_FIRST = 52
N_LEARNED_WEIGHTS = 16
LW_END = LW_FIRST + N_LEARNED_WEIGHTS

COLUMN_AXIS = L.COLUMN_KEYS
SPICE_AXIS = L.SPICE_KEYS
# The kinds of auction lot a seat can weigh: the tile kinds (G5) grouped where a kind is
# rare or works like another, and the Flag (G4.5). Every tile kind is on the grid in some
# phase, so every kind has a group.
LOT_AXIS = ("plantation", "red", "instant", "scoring", "special", "flag")
LOT_PLANTATION, LOT_RED, LOT_INSTANT, LOT_SCORING, LOT_SPECIAL, LOT_FLAG = range(len(LOT_AXIS))
_LOT_GROUPS = {
    "plantation": ("plantation", "crop_rotation", "plantation_manager"),
    "red": ("red",),
    "instant": ("instant", "ships_or_colonists"),
    "scoring": ("poll_tax", "mission"),
    "special": ("additional_harvest", "relief", "espionage", "viceroy", "exchange", "gift"),
}
# the lot_weight key (index into LOT_AXIS) of each tile kind, by L.TILE_KIND_KEYS index
LOT_OF_KIND = tuple(
    next(LOT_AXIS.index(g) for g, kinds in _LOT_GROUPS.items() if k in kinds)
    for k in L.TILE_KIND_KEYS
)
AXES = {"column": COLUMN_AXIS, "spice": SPICE_AXIS, "lot": LOT_AXIS}


PARAM_SPECS: tuple[ParamSpec, ...] = (
    ParamSpec(
        "column_weight",
        P_COLUMN_W,
        "column",
        (2.5, 3.0, 1.0, 2.0, 4.5),
        0.0,
        20.0,
        "VP of one step's better level in the column with the whole game ahead (G6.7-G6.11)",
    ),
    ParamSpec(
        "spice_value",
        P_SPICE_VP,
        "spice",
        (1.0, 1.0, 1.0, 1.0, 1.0),
        0.0,
        5.0,
        "VP of a spice the development plan needs (G6.4)",
    ),
    ParamSpec("ship_value", P_SHIP_VP, None, 1.0, 0.0, 5.0, "VP of a ship the plan needs (G6.4)"),
    ParamSpec(
        "surplus_share", P_SURPLUS, None, 0.35, 0.0, 1.0, "share of a unit's value beyond the need"
    ),
    ParamSpec("ducat_value", P_DUCAT_VP, None, 0.4, 0.0, 3.0, "VP of a ducat up to cash_target"),
    ParamSpec("colonist_value", P_COLONIST_VP, None, 0.35, 0.0, 3.0, "VP of a colonist (G6.11)"),
    ParamSpec(
        "extra_action_value", P_EXTRA_VP, None, 1.5, 0.0, 10.0, "VP of an extra action card (G8.1)"
    ),
    ParamSpec(
        "card_value", P_CARD_VP, None, 0.5, 0.0, 5.0, "VP of a card's effect beyond its symbol (G7)"
    ),
    ParamSpec("colony_weight", P_COLONY_W, None, 0.6, 0.0, 5.0, "multiplier on colony value"),
    ParamSpec(
        "plantation_weight", P_PLANTATION_W, None, 0.8, 0.0, 5.0, "multiplier on plantation value"
    ),
    ParamSpec("flag_value", P_FLAG_VP, None, 1.0, -5.0, 10.0, "VP of holding the Flag (G4.5)"),
    ParamSpec("deny", P_DENY, None, 0.3, 0.0, 1.0, "share of a rival's lot value it bids to deny"),
    ParamSpec("bid_shade", P_BID_SHADE, None, 0.3, 0.1, 1.0, "share of its limit it opens with"),
    ParamSpec("reserve", P_RESERVE, None, 0.0, 0.0, 30.0, "ducats kept out of auctions"),
    ParamSpec(
        "plan_targets", P_PLAN_TARGETS, None, 1.0, 1.0, 5.0, "development steps planned at once"
    ),
    ParamSpec(
        "horizon", P_HORIZON, None, 6.0, 1.0, 30.0, "turns left from which resources count full"
    ),
    ParamSpec(
        "spend_share", P_SPEND, None, 0.15, 0.0, 1.0, "share of a unit's value a step spends (G6.4)"
    ),
    ParamSpec("cash_target", P_CASH, None, 12.0, 0.0, 60.0, "ducats that count at full value"),
    ParamSpec(
        "cash_curve",
        P_CASH_CURVE,
        None,
        1.0,
        0.0,
        1.0,
        "share of an auction payment valued along the cash curve, not at the next ducat (G4)",
    ),
    ParamSpec(
        "owner_floor",
        P_OWNER_FLOOR,
        None,
        1.0,
        0.0,
        1.5,
        "share of the bid the owner would sell at that it bids at least, within its limit (G4.3)",
    ),
    ParamSpec(
        "flag_own",
        P_FLAG_OWN,
        None,
        0.0,
        -2.0,
        2.0,
        "weight of its own best tile next to the Flag's cell against the next placer's (G3.1)",
    ),
    ParamSpec(
        "lot_weight",
        P_LOT_W,
        "lot",
        (1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
        0.0,
        3.0,
        "multiplier on a lot's value to itself when it bids, chooses as owner and places a "
        "marker (G3.3, G4), not on what it bids to deny a rival; the tile kinds of each lot "
        "kind are listed under Auctions",
    ),
    ParamSpec(
        "preempt",
        P_PREEMPT,
        None,
        0.0,
        0.0,
        1.5,
        "share of the highest limit of the bidders still to speak that it bids at least, "
        "up to its own limit (G4.2)",
    ),
    ParamSpec(
        "chase_deny",
        P_CHASE_DENY,
        None,
        0.0,
        0.0,
        1.0,
        "share of the deny part of its limit that owner_floor and preempt may raise a bid into",
    ),
    ParamSpec(
        "solve_bid",
        P_SOLVE_BID,
        None,
        0.0,
        0.0,
        1.0,
        "share of the way from its opening bid to the least bid that wins the lot when the "
        "later speakers and the owner play as it expects, within its cap (G4.2, G4.3)",
    ),
    ParamSpec(
        "sell_bias",
        P_SELL_BIAS,
        None,
        1.0,
        -10.0,
        10.0,
        "VP added to selling its own lot when it is the owner (G4.3)",
    ),
)
check_specs(PARAM_SPECS, AXES)
SPEC_BY_NAME = {p.name: p for p in PARAM_SPECS}


def params_markdown() -> str:
    """The parameter table of docs/goa-players.md, generated from :data:`PARAM_SPECS`."""
    lines = ["| parameter | axis | default | bounds | meaning |", "|---|---|---|---|---|"]
    for s in PARAM_SPECS:
        if s.axis is None:
            default = f"{s.default:g}"
        else:
            default = ", ".join(f"{k} {v:g}" for k, v in zip(AXES[s.axis], s.default, strict=True))
        bounds = f"{s.lo:g} – {s.hi:g}"
        lines.append(f"| `{s.name}` | {s.axis or '—'} | {default} | {bounds} | {s.doc} |")
    return "\n".join(lines)
