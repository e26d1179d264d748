"""Goa's flat array layouts: the component array ``c`` and the game state ``s``.

Every block has a fixed offset declared here as a module constant (numba folds them into the
machine code) and is listed in ``COMPONENT_FIELDS`` / ``STATE_FIELDS`` with its axes and value
kind, so positions and observations can name every value. Rule IDs (G1.5, G6.11 ...) refer to
/work/shared/goa/RULES.md as restated in docs/goa-rules.md.
"""

from __future__ import annotations

from vdgsim.core.fieldtable import FieldBuilder

# --- fixed sizes ---------------------------------------------------------------------------
MAX_PLAYERS = 4
N_COLS = 5  # development columns
N_ROWS = 5
N_STEPS = 4  # row 1->2 .. 4->5
N_SPICES = 5
N_SYMBOLS = 6
GRID = 5
N_CELLS = GRID * GRID
FRAME = GRID + 2  # flag cells are coded on the 7x7 square of the grid and its frame
N_FLAG_CELLS = FRAME * FRAME
PHASE_TILES = 29  # G1.5: tiles per phase
SET_ASIDE = 4
MAX_ASIDE_PLANTATIONS = 2
N_TILES = 2 * PHASE_TILES  # A tiles 0..28, B tiles 29..57
N_CARDS = 30
N_COLONIES = 4  # colony names
MAX_COLONY_TYPES = 16  # distinct colony tiles (Quilon pairs, Cochin, Madras pairs, Calicut)
N_SPACES = 8  # storage: 4 plantation spaces, then one colony space per colony name
N_PLANT_SPACES = 4
MAX_SLOTS = 3
N_BONANZA = 8
N_CORNERS = 4
N_GAINS = 6  # gain vector of instant / red / Bonanza tiles
N_MARKERS = MAX_PLAYERS + 1
N_ROUNDS = 8
ROUNDS_PER_PHASE = 4
PASSES = 3
N_VP_SOURCES = 7
RESOLVE_CAP = 8

# --- names (the one place they are spelled) -------------------------------------------------
COLUMN_KEYS = ("ships", "harvest", "taxes", "expedition", "colonists")
COLUMN_NAMES = ("Ships", "Harvest", "Taxes", "Expedition", "Colonists")
COL_SHIPS, COL_HARVEST, COL_TAXES, COL_EXPEDITION, COL_COLONISTS = 0, 1, 2, 3, 4
SPICE_KEYS = ("ginger", "cinnamon", "pepper", "nutmeg", "clove")
SYMBOL_KEYS = ("elephant", "tiger", "fish", "palm", "shell", "statue")
SYM_ELEPHANT = 0
COLONY_KEYS = ("quilon", "cochin", "madras", "calicut")
COLONY_NAMES = ("Quilon", "Cochin", "Madras", "Calicut")
GAIN_KEYS = ("ships", "colonists", "ducats", "extra_actions", "cards", "spices")
GN_SHIPS, GN_COLONISTS, GN_DUCATS, GN_EXTRA, GN_CARDS, GN_SPICES = 0, 1, 2, 3, 4, 5

# tile kinds (G5.1): how the engine resolves a tile
TILE_KIND_KEYS = (
    "plantation",
    "crop_rotation",
    "plantation_manager",
    "red",
    "instant",
    "ships_or_colonists",
    "poll_tax",
    "additional_harvest",
    "relief",
    "espionage",
    "viceroy",
    "exchange",
    "mission",
    "gift",
)
(
    TK_PLANTATION,
    TK_CROP_ROTATION,
    TK_MANAGER,
    TK_RED,
    TK_INSTANT,
    TK_SHIPS_OR_COLONISTS,
    TK_POLL_TAX,
    TK_ADDITIONAL_HARVEST,
    TK_RELIEF,
    TK_ESPIONAGE,
    TK_VICEROY,
    TK_EXCHANGE,
    TK_MISSION,
    TK_GIFT,
) = range(len(TILE_KIND_KEYS))

# expedition card effects (G7.4)
CARD_EFFECT_KEYS = (
    "SHIPS2",
    "COLONISTS2",
    "DUCATS5",
    "SPICES2",
    "SELL4",
    "BUY_PROGRESS",
    "HARVEST_MIX",
    "COLONY_PLUS1",
    "SHIPS_ONLY",
    "SPICES_ONLY",
)
(
    CE_SHIPS,
    CE_COLONISTS,
    CE_DUCATS,
    CE_SPICES,
    CE_SELL,
    CE_BUY_PROGRESS,
    CE_HARVEST_MIX,
    CE_COLONY_PLUS,
    CE_SHIPS_ONLY,
    CE_SPICES_ONLY,
) = range(len(CARD_EFFECT_KEYS))
N_BENEFIT_EFFECTS = 6  # effects below this code are benefit cards, the rest modifiers

# tile locations
LOC_OUT = 0  # not in play yet (B tiles before the phase change) or removed from the game
LOC_GRID = 1
LOC_ASIDE = 2  # set aside: the Gift pool (G1.5, G2.4)
LOC_HELD = 3  # kept face up (red, one-time, Exchange, scoring tiles)
LOC_PLANTED = 4  # on a plantation space
LOC_REMOVED_SMALL = 5  # small plantation removed by G5.3: face down, still scores
LOC_USED = 6  # used up or discarded
LOC_POLL_TAX_USED = 7  # Poll tax turned face down: scores (G5.7)
LOC_AUCTION = 8  # flag: reserved
TILE_LOC_NAMES = (
    "out",
    "grid",
    "gift pool",
    "held",
    "plantation space",
    "removed small plantation",
    "used",
    "poll tax used",
    "auction",
)
# expedition card locations: 0..3 = in that seat's hand
CARD_DECK = 4
CARD_DISCARD = 5
CARD_REVEALED = 6

# --- component array -----------------------------------------------------------------------
_c = FieldBuilder()
C_DEV_VALUE = _c.add("dev_value", (N_COLS, N_ROWS), ("column", "row"))
C_EXP_LIMIT = _c.add("expedition_limit", (N_ROWS,), ("row",))
C_STEP_COST = _c.add("step_cost", (N_COLS, N_STEPS, N_SPICES), ("column", "step", "spice"))
C_STEP_SHIPS = _c.add("step_ships", (N_COLS, N_STEPS), ("column", "step"))
C_ROW_VP = _c.add("row_vp", (N_ROWS,), ("row",))
C_COLONY_VP = _c.add("colony_vp", (N_COLONIES + 1,), ("colonies",))
C_SYMBOL_VP = _c.add("symbol_vp", (6,), ("cards",))
C_MOST_DUCATS_VP = _c.add("most_ducats_vp")
C_SMALL_VP = _c.add("small_plantation_vp")
C_MANAGER_VP = _c.add("managed_small_plantation_vp")
C_COLONY_NEED = _c.add("colony_need", (N_COLONIES,), ("colony",))
C_N_CTYPES = _c.add("colony_types")
C_CT_COLONY = _c.add("ctype_colony", (MAX_COLONY_TYPES,), ("ctype",), "colony")
C_CT_SLOTS = _c.add("ctype_slots", (MAX_COLONY_TYPES,), ("ctype",))
C_CT_ACCEPT = _c.add("ctype_accept", (MAX_COLONY_TYPES,), ("ctype",), "spice_mask")
C_CT_COUNT = _c.add("ctype_count", (MAX_COLONY_TYPES,), ("ctype",))
C_COLONY_REVEAL = _c.add("colony_reveal")
C_COLONY_FAIL_COLONISTS = _c.add("colony_fail_colonists")
C_TILE_PHASE = _c.add("tile_phase", (N_TILES,), ("tile",))
C_TILE_KIND = _c.add("tile_kind", (N_TILES,), ("tile",), "tile_kind")
C_TILE_SPICE = _c.add("tile_spice", (N_TILES,), ("tile",), "spice")
C_TILE_SLOTS = _c.add("tile_slots", (N_TILES,), ("tile",))
C_TILE_AMOUNT = _c.add("tile_amount", (N_TILES,), ("tile",))
C_TILE_VP = _c.add("tile_vp", (N_TILES,), ("tile",))
C_TILE_GAIN = _c.add("tile_gain", (N_TILES, N_GAINS), ("tile", "gain"))
C_TILE_TYPE = _c.add("tile_type", (N_TILES,), ("tile",))  # index into the data's tile list
C_CARD_EFFECT = _c.add("card_effect", (N_CARDS,), ("card",), "card_effect")
C_CARD_COLONISTS = _c.add("card_colonists", (N_CARDS,), ("card",))
C_CARD_SYMBOL = _c.add("card_symbol", (N_CARDS,), ("card",), "symbol")
C_CARD_AMOUNT = _c.add("card_amount", (N_CARDS,), ("card",))
C_SELL_PRICE = _c.add("sell_price")
# the G9 variants of the data's optional [variants] table (all off: the rulebook game)
C_VARIANT_QUICK = _c.add("variant_quick_start", kind="bool")
C_VARIANT_BONANZA = _c.add("variant_bonanza", kind="bool")
C_VARIANT_STRICT = _c.add("variant_strict_hand_limit", kind="bool")
C_VARIANT_EXTRA_CAP = _c.add("variant_extra_action_cap")
C_PROGRESS_PRICE = _c.add("progress_price", (N_STEPS,), ("row",))
C_BONANZA_GAIN = _c.add("bonanza_gain", (N_BONANZA, N_GAINS), ("bonanza", "gain"))
C_START_SHIPS = _c.add("start_ships")
C_START_COLONISTS = _c.add("start_colonists")
C_START_DUCATS_SP = _c.add("start_ducats_sp")
C_START_DUCATS = _c.add("start_ducats")
C_FLAG_EXTRA = _c.add("flag_extra_actions")
C_FIRST_TO_CARDS = _c.add("first_to_cards")
C_LAST_MARKER_EXTRA = _c.add("last_marker_extra_actions")
C_QUICK_DUCATS = _c.add("quick_start_ducats")
C_QUICK_ROW = _c.add("quick_start_row")
C_SIZE = _c.size
COMPONENT_FIELDS = tuple(_c.fields)

# --- state array ---------------------------------------------------------------------------
_s = FieldBuilder()
S_N_PLAYERS = _s.add("players")
S_ROUND = _s.add("round")
S_PHASE = _s.add("phase", kind="phase")  # 0 = phase A, 1 = phase B
S_STEP = _s.add("step", kind="step")
S_DECISION = _s.add("decision", kind="decision")
S_DEC_PLAYER = _s.add("decision_player", kind="seat")
S_SP = _s.add("start_player", kind="seat")  # the Flag's holder
S_SEED = _s.add("seed")
S_OPT_QUICK = _s.add("option_quick_start", kind="bool")
S_OPT_BONANZA = _s.add("option_bonanza", kind="bool")
S_OPT_STRICT = _s.add("option_strict_hand_limit", kind="bool")
S_OPT_EXTRA_CAP = _s.add("option_extra_action_cap")  # A6: 0 = unlimited
S_DECISIONS_TAKEN = _s.add("decisions_taken")
S_LOG_N = _s.add("log_rows")
S_DEC_ROW = _s.add("decision_log_row")
S_RNG_CHANCE = _s.add("rng_chance", (4,), ("word",), "rng")
S_RNG_PLAYER = _s.add("rng_player", (4,), ("word",), "rng")
# tiles and the grid
S_TILE_LOC = _s.add("tile_location", (N_TILES,), ("tile",), "tile_loc")
S_TILE_OWNER = _s.add("tile_owner", (N_TILES,), ("tile",), "seat")
S_TILE_USED = _s.add("tile_used_this_round", (N_TILES,), ("tile",), "bool")
S_TILE_ROUND = _s.add("tile_acquired_round", (N_TILES,), ("tile",))
S_PILE = _s.add("tile_pile", (PHASE_TILES,), ("position",), "tile")
S_GRID = _s.add("grid", (N_CELLS,), ("cell",), "tile")
S_CELL_MARKER = _s.add("cell_marker", (N_CELLS,), ("cell",))  # marker number, 0 = none
S_ITEM_CELL = _s.add("item_cell", (N_MARKERS + 1,), ("marker",), "cell")  # by marker number
S_ITEM_OWNER = _s.add("item_owner", (N_MARKERS + 1,), ("marker",), "seat")
S_FLAG_CELL = _s.add("flag_cell", kind="flag_cell")
S_PLACE_M = _s.add("marker_to_place")
S_BONANZA_PILE = _s.add("bonanza_pile", (N_BONANZA,), ("position",), "bonanza")
S_BONANZA_UNDER = _s.add("bonanza_under", (N_CORNERS,), ("corner",), "bonanza")
# auctions (G4)
S_AUC_ITEM = _s.add("auction_item")  # marker number 1..N+1
S_AUC_K = _s.add("auction_speaker")  # 0..N-2 the non-owners, N-1 the owner
S_AUC_HIGH = _s.add("auction_high_bid")
S_AUC_BIDDER = _s.add("auction_high_bidder", kind="seat")
# resolving acquired tiles (G4.4, G5.8, G5.9, G9.2)
S_RQ = _s.add("resolve_queue", (RESOLVE_CAP,), ("position",))  # tile, or N_TILES + bonanza
S_RQ_N = _s.add("resolve_queue_length")
S_RQ_SEAT = _s.add("resolve_seat", kind="seat")
S_RQ_RET = _s.add("resolve_return", kind="step")
S_PENDING_TILE = _s.add("pending_tile", kind="tile")  # being placed, chosen or exchanged
# players
S_DUCATS = _s.add("ducats", (MAX_PLAYERS,), ("seat",))
S_SHIPS = _s.add("ships", (MAX_PLAYERS,), ("seat",))
S_COLONISTS = _s.add("colonists", (MAX_PLAYERS,), ("seat",))
S_EXTRA = _s.add("extra_actions", (MAX_PLAYERS,), ("seat",))
S_ROW = _s.add("row", (MAX_PLAYERS, N_COLS), ("seat", "column"))
S_HAND_N = _s.add("hand_size", (MAX_PLAYERS,), ("seat",))
S_SPACE_TILE = _s.add("space_tile", (MAX_PLAYERS, N_SPACES), ("seat", "space"))
S_SPACE_SLOTS = _s.add("space_slots", (MAX_PLAYERS, N_SPACES), ("seat", "space"))
S_SPACE_ACCEPT = _s.add("space_accept", (MAX_PLAYERS, N_SPACES), ("seat", "space"), "spice_mask")
S_SPICE = _s.add(
    "spices", (MAX_PLAYERS, N_SPACES, N_SPICES), ("seat", "space", "spice")
)  # count of each spice in each storage space
S_FIRST_TO = _s.add("first_to", (N_COLS, 2), ("column", "row4_row5"), "seat")
S_CT_LEFT = _s.add("colony_tiles_left", (MAX_COLONY_TYPES,), ("ctype",))
# expedition cards (G7)
S_CARD_LOC = _s.add("card_location", (N_CARDS,), ("card",), "card_loc")
S_DECK = _s.add("deck", (N_CARDS,), ("position",), "card")  # top = deck[deck_n - 1]
S_DECK_N = _s.add("deck_size")
S_DISCARD = _s.add("discard_pile", (N_CARDS,), ("position",), "card")
S_DISCARD_N = _s.add("discard_size")
S_REVEALED = _s.add("revealed", (3,), ("position",), "card")
S_REVEALED_N = _s.add("revealed_count")
# the action phase (G6) and the extra-action phase (G8.1)
S_PASS = _s.add("pass_number")
S_TURN_K = _s.add("turn_in_pass")
S_ACTOR = _s.add("actor", kind="seat")
S_ACTION_DONE = _s.add("action_done", kind="bool")
S_CARD_PLAYED = _s.add("card_played", kind="bool")
S_IN_EXTRA = _s.add("extra_phase", kind="bool")
S_EXTRA_PASSED = _s.add("extra_passed", (MAX_PLAYERS,), ("seat",), "bool")
S_EXTRA_PTR = _s.add("extra_pointer", kind="seat")
S_QUICK_K = _s.add("quick_start_turn")
# sub-procedures of an action turn
S_GAIN_LEFT = _s.add("spices_to_gain")
S_GAIN_SPACE = _s.add("gain_space")  # -1 any space
S_GAIN_MIX = _s.add("gain_mix", kind="bool")  # harvest mix: ships and colonists allowed
S_GAIN_RET = _s.add("gain_return", kind="step")
S_GAIN_SEAT = _s.add("gain_seat", kind="seat")
S_PAY_NEED = _s.add("spices_to_pay", (N_SPICES,), ("spice",))
S_PAY_ANY = _s.add("spices_to_pay_any")
S_PAY_RET = _s.add("pay_return", kind="step")
S_SELL_LEFT = _s.add("spices_to_sell")
S_DRAW_LEFT = _s.add("cards_to_draw")
S_DEV_COL = _s.add("developing_column", kind="column")
S_COL_NAME = _s.add("colony_name", kind="colony")
S_COL_POP = _s.add("colony_population")
S_COL_R = _s.add("colony_revealed_total")
S_COL_MOD_OK = _s.add("colony_modifier_allowed", kind="bool")
S_RELIEF_T = _s.add("relief_total")
S_AH_LEFT = _s.add("additional_harvest_spaces_left")
# results
S_VP = _s.add("vp", (MAX_PLAYERS,), ("seat",))
S_VP_SOURCE = _s.add("vp_by_source", (MAX_PLAYERS, N_VP_SOURCES), ("seat", "vp_source"))
S_SIZE = _s.size
STATE_FIELDS = tuple(_s.fields)

VP_SOURCE_NAMES = (
    "development",
    "colonies",
    "expedition cards",
    "most ducats",
    "small plantations",
    "poll tax",
    "missions",
)
VP_DEV, VP_COLONIES, VP_CARDS, VP_DUCATS, VP_SMALL, VP_POLL, VP_MISSION = range(N_VP_SOURCES)
# the players table's VP-by-source columns (vdgsim.games.goa.batch), read by the analysis
VP_SOURCE_COLUMNS = tuple("vp_" + name.replace(" ", "_") for name in VP_SOURCE_NAMES)

# --- steps of the game's program counter ---------------------------------------------------
STEP_NAMES = (
    "quick start",
    "round start",
    "place flag",
    "place marker",
    "auction next item",
    "auction bid",
    "auction owner",
    "resolve",
    "action turn start",
    "action turn",
    "action turn next",
    "extra-action next",
    "round end",
    "gain spice",
    "pay spice",
    "sell spice",
    "develop finish",
    "expedition draw",
    "discard down",
    "colony reveal",
    "colony decide",
    "colony tile",
    "additional harvest",
    "over",
)
(
    ST_QUICK,
    ST_ROUND_START,
    ST_PLACE_FLAG,
    ST_PLACE_MARKER,
    ST_AUCTION_NEXT,
    ST_AUCTION_BID,
    ST_AUCTION_OWNER,
    ST_RESOLVE,
    ST_TURN_START,
    ST_TURN,
    ST_TURN_NEXT,
    ST_EXTRA_NEXT,
    ST_ROUND_END,
    ST_GAIN,
    ST_PAY,
    ST_SELL,
    ST_DEVELOP_FINISH,
    ST_DRAW,
    ST_DISCARD_DOWN,
    ST_COLONY_REVEAL,
    ST_COLONY_DECIDE,
    ST_COLONY_TILE,
    ST_ADDITIONAL_HARVEST,
    ST_OVER,
) = range(len(STEP_NAMES))

# --- decisions ---------------------------------------------------------------------------------
DECISION_NAMES = (
    "none",
    "quick start",
    "place flag",
    "place marker",
    "bid",
    "owner's choice",
    "remove plantation",
    "ships or colonists",
    "gift",
    "gain spice",
    "pay spice",
    "sell spice",
    "action turn",
    "expedition draw",
    "discard down",
    "colony +1 card",
    "colony pay shortfall",
    "colony tile",
    "relief kind",
    "espionage",
    "viceroy column",
    "exchange cell",
    "additional harvest space",
    "extra action",
)
(
    D_NONE,
    D_QUICK,
    D_FLAG,
    D_MARKER,
    D_BID,
    D_OWNER,
    D_REMOVE_PLANTATION,
    D_SHIPS_OR_COLONISTS,
    D_GIFT,
    D_GAIN_SPICE,
    D_PAY_SPICE,
    D_SELL,
    D_TURN,
    D_DRAW,
    D_DISCARD_DOWN,
    D_COLONY_PLUS,
    D_COLONY_PAY,
    D_COLONY_TILE,
    D_RELIEF,
    D_ESPIONAGE,
    D_VICEROY,
    D_EXCHANGE,
    D_AH_SPACE,
    D_EXTRA,
) = range(len(DECISION_NAMES))

MAX_LEGAL = 2048
LOG_WIDTH = 8
LOG_CAPACITY = 8192
