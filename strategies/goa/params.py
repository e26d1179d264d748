"""The columns of a Goa player's parameter row, and the table that names and bounds them.

A player is one float64 row of :data:`N_PARAMS` values, laid out here in declaration order
(:class:`vdgsim.core.paramtable.RowLayout`); column :data:`P_KIND` selects the policy, the ``P_*``
columns are the heuristic's behaviour parameters, then come the restrictions, the learned
player's marker weights, the search players' budget and the learned player's bid weights.
:data:`PARAM_SPECS` gives each behaviour parameter its preset-file name, axis (per development
column, per spice, per lot kind), default, bounds and meaning; preset files (``presets/*.toml``)
are validated against it. VP is the unit of value.
"""

from __future__ import annotations

from vdgsim.core.paramtable import RowLayout
from vdgsim.games.goa import layout as L

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

KIND_RANDOM = 0
KIND_HEURISTIC = 1
# the heuristic but for its marker placements and, with bid weights, its bids, which linear
# models over their features decide (strategies.goa.learned); kinds 2 and 3 are the search
# players'
KIND_LEARNED = 4
POLICY_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC, "learned": KIND_LEARNED}

ROW = RowLayout(AXES)
P_KIND = ROW.columns("kind")
P_COLUMN_W = ROW.param(
    "column_weight",
    (2.5, 3.0, 1.0, 2.0, 4.5),
    0.0,
    20.0,
    "VP of one step's better level in the column with the whole game ahead (G6.7-G6.11)",
    axis="column",
)
P_SPICE_VP = ROW.param(
    "spice_value",
    (1.0, 1.0, 1.0, 1.0, 1.0),
    0.0,
    5.0,
    "VP of a spice the development plan needs (G6.4)",
    axis="spice",
)
P_SHIP_VP = ROW.param("ship_value", 1.0, 0.0, 5.0, "VP of a ship the plan needs (G6.4)")
P_SURPLUS = ROW.param("surplus_share", 0.35, 0.0, 1.0, "share of a unit's value beyond the need")
P_DUCAT_VP = ROW.param("ducat_value", 0.4, 0.0, 3.0, "VP of a ducat up to cash_target")
P_COLONIST_VP = ROW.param("colonist_value", 0.35, 0.0, 3.0, "VP of a colonist (G6.11)")
P_EXTRA_VP = ROW.param("extra_action_value", 1.5, 0.0, 10.0, "VP of an extra action card (G8.1)")
P_CARD_VP = ROW.param("card_value", 0.5, 0.0, 5.0, "VP of a card's effect beyond its symbol (G7)")
P_COLONY_W = ROW.param("colony_weight", 0.6, 0.0, 5.0, "multiplier on colony value")
P_PLANTATION_W = ROW.param("plantation_weight", 0.8, 0.0, 5.0, "multiplier on plantation value")
# on top of the extra action card
P_FLAG_VP = ROW.param("flag_value", 1.0, -5.0, 10.0, "VP of holding the Flag (G4.5)")
P_DENY = ROW.param("deny", 0.3, 0.0, 1.0, "share of a rival's lot value it bids to deny")
# it still outbids up to its limit
P_BID_SHADE = ROW.param("bid_shade", 0.3, 0.1, 1.0, "share of its limit it opens with")
P_RESERVE = ROW.param("reserve", 0.0, 0.0, 30.0, "ducats kept out of auctions")
# the resources those steps need count at their full value
P_PLAN_TARGETS = ROW.param("plan_targets", 1.0, 1.0, 5.0, "development steps planned at once")
P_HORIZON = ROW.param("horizon", 6.0, 1.0, 30.0, "turns left from which resources count full")
P_SPEND = ROW.param("spend_share", 0.15, 0.0, 1.0, "share of a unit's value a step spends (G6.4)")
# more ducats count at the surplus share
P_CASH = ROW.param("cash_target", 12.0, 0.0, 60.0, "ducats that count at full value")
# 0: every ducat paid is valued as the next ducat
P_CASH_CURVE = ROW.param(
    "cash_curve",
    1.0,
    0.0,
    1.0,
    "share of an auction payment valued along the cash curve, not at the next ducat (G4)",
)
P_OWNER_FLOOR = ROW.param(
    "owner_floor",
    1.0,
    0.0,
    1.5,
    "share of the bid the owner would sell at that it bids at least, within its limit (G4.3)",
)
P_FLAG_OWN = ROW.param(
    "flag_own",
    0.0,
    -2.0,
    2.0,
    "weight of its own best tile next to the Flag's cell against the next placer's (G3.1)",
)
P_LOT_W = ROW.param(
    "lot_weight",
    (1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
    0.0,
    3.0,
    "multiplier on a lot's value to itself when it bids, chooses as owner and places a marker "
    "(G3.3, G4), not on what it bids to deny a rival; the tile kinds of each lot kind are listed "
    "under Auctions",
    axis="lot",
)
P_PREEMPT = ROW.param(
    "preempt",
    0.0,
    0.0,
    1.5,
    "share of the highest limit of the bidders still to speak that it bids at least, up to its "
    "own limit (G4.2)",
)
P_CHASE_DENY = ROW.param(
    "chase_deny",
    0.0,
    0.0,
    1.0,
    "share of the deny part of its limit that owner_floor and preempt may raise a bid into",
)
P_SOLVE_BID = ROW.param(
    "solve_bid",
    0.0,
    0.0,
    1.0,
    "share of the way from its opening bid to the least bid that wins the lot when the later "
    "speakers and the owner play as it expects, within its cap (G4.2, G4.3)",
)
P_SELL_BIAS = ROW.param(
    "sell_bias", 1.0, -10.0, 10.0, "VP added to selling its own lot when it is the owner (G4.3)"
)
N_BEHAVIOUR = ROW.size

# Restrictions (strategies.goa.restrictions): 0 unless a player name sets them
R_NEVER_LOT = ROW.columns("never_lot", "lot")  # 1 = never bids for or buys a lot of that kind
R_NEVER_COLUMN = ROW.columns("never_column", "column")  # 1 = never steps in that column
# 1 when any restriction column is set (lets unrestricted rows skip the filter)
R_ANY = ROW.columns("any_restriction")

# The learned player (strategies.goa.learned): one weight per feature of a marker
# placement; its behaviour columns hold the preset it inherits, which plays its other
# decisions and whose value terms are among the features. A search player whose rollout
# preset is learned carries these weights in the same columns.
N_LEARNED_WEIGHTS = 16
LW_FIRST = ROW.columns("learned_weights", width=N_LEARNED_WEIGHTS)
LW_END = ROW.size
ROW.unused_until(72)

# The search players (strategies.goa.search): their budget, in the last columns, which
# the scripted policies never read; the columns below Q_BASE hold the behaviour of the preset
# that plays every seat in their rollouts.
Q_BASE = Q_ROLLOUT_KIND = ROW.columns("rollout_kind")  # policy kind of the rollout preset
Q_DETS = ROW.columns("dets")  # distinct determinizations of the hidden information
Q_ROLLOUTS = ROW.columns("rollouts")  # rollouts per decision (mc)
# reward per VP of lead over the best rival, added to the win share
Q_MARGIN = ROW.columns("margin")
Q_DECISIONS = ROW.columns("decisions")  # bit d set: decision kind d is searched (0: every kind)
Q_ITERS = ROW.columns("iters")  # tree iterations per decision (ismcts)
Q_UCT_C = ROW.columns("uct_c")  # UCB exploration constant (ismcts)
# progressive widening: 1 + floor(widen * sqrt(visits)) children (ismcts)
Q_WIDEN = ROW.columns("widen")
N_SEARCH_END = ROW.size

# The learned player's bids (strategies.goa.learned.bids): one weight per feature of a bid, at
# the row's end, so a row without them (all zero) keeps its run identity; with every bid
# weight 0 the learned player bids as the preset it inherits.
N_BID_WEIGHTS = 10
BW_FIRST = ROW.columns("bid_weights", width=N_BID_WEIGHTS)
BW_END = ROW.size

N_PARAMS = ROW.size
PARAM_SPECS = ROW.specs()
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
