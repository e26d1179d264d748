"""Flat array layouts of the component data and of a game state.

The compiled rules work on two int64 arrays: ``c`` (component data, read only) and ``s``
(the whole game state, including both random generators). Every field has a fixed offset
declared here as a module constant, so numba folds them into the machine code. The field
tables (``COMPONENT_FIELDS``, ``STATE_FIELDS``) carry each field's axes and value kind so that
serialisation (:mod:`vdgsim.games.vasco.positions`) can name landings, colours, characters and
tiles.
"""

from __future__ import annotations

from vdgsim.core.fieldtable import FieldBuilder
from vdgsim.games.vasco import vocabulary as V

# --- fixed sizes ---------------------------------------------------------------------------
MAX_PLAYERS = 4
N_LANDINGS = 6
MAX_SLOTS = V.MAX_SLOTS
N_PROJECTS = 35
N_MERCHANTS = 6
N_VDG = 9
N_COLOURS = 4
N_SECTIONS = 4
N_AREAS = 4
N_CHARACTERS = 4
N_NUMBERS = 23  # index 0 unused; 1..20 regular, 21 and 22 Manuel I's numbers
N_ROUNDS = V.N_ROUNDS
N_UPPER = 6
N_SOURCES = 8

# Names and codes come from the vocabulary; the compiled rules need them as plain ints, which
# numba folds into the machine code like any other module constant.
LANDING_KEYS = V.LANDING_KEYS
LANDING_NAMES = V.LANDING_NAMES
COLOUR_NAMES = V.COLOUR_NAMES
AREA_KEYS = V.AREA_KEYS
AREA_NAMES = V.AREA_NAMES
CHARACTER_NAMES = V.CHARACTER_NAMES
PLAYER_COLOURS = V.PLAYER_COLOURS

# Areas
A_CHARACTERS = int(V.Area.CHARACTERS)
A_RECRUITING = int(V.Area.RECRUITING)
A_PURCHASE = int(V.Area.PURCHASE)
A_NAVIGATION = int(V.Area.NAVIGATION)
# Characters
CH_DIAS = int(V.Character.DIAS)
CH_ALVARES = int(V.Character.ALVARES)
CH_SERNIGI = int(V.Character.SERNIGI)
CH_MANUEL = int(V.Character.MANUEL)
# Landing bonus kinds
BONUS_NONE = int(V.LandingBonus.NONE)
BONUS_PROJECT = int(V.LandingBonus.PROJECT)
BONUS_SAILOR = int(V.LandingBonus.SAILOR)
BONUS_CAPTAIN = int(V.LandingBonus.CAPTAIN)
BONUS_REALS = int(V.LandingBonus.REALS)
BONUS_KEYS = V.LANDING_BONUS_KEYS

# setup.character_deal: R1.3's table, or the same characters in a random seat order
DEAL_RULEBOOK = int(V.CharacterDeal.RULEBOOK)
DEAL_RANDOM = int(V.CharacterDeal.RANDOM)
CHARACTER_DEAL_KEYS = V.CHARACTER_DEAL_KEYS

# Project tile locations
LOC_DECK, LOC_UPPER, LOC_SAO_GABRIEL, LOC_PROJECT, LOC_SHIP, LOC_NAVIGATION = 0, 1, 2, 3, 4, 5
LOC_REMOVED, LOC_DISCARDED = 6, 7
PROJECT_LOC_NAMES = (
    "deck",
    "upper space",
    "Sao Gabriel space",
    "supply (project)",
    "supply (launched)",
    "Navigation Area",
    "removed",
    "discarded",
)
# Merchant tile locations
M_DECK, M_FACE_UP, M_NAVIGATION, M_REMOVED, M_DISCARDED = 0, 1, 2, 3, 4
MERCHANT_LOC_NAMES = ("deck", "face up", "Navigation Area", "removed", "discarded")


# --- component array -----------------------------------------------------------------------
_c = FieldBuilder()
C_LAND_NSLOTS = _c.add("land_nslots", (N_LANDINGS,), ("landing",))
C_LAND_VALUE = _c.add("land_value", (N_LANDINGS, MAX_SLOTS), ("landing", "slot"))
C_LAND_COMPLETION = _c.add("land_completion", (N_LANDINGS,), ("landing",))
C_LAND_BONUS = _c.add("land_bonus", (N_LANDINGS,), ("landing",))
C_LAND_BONUS_REALS = _c.add("land_bonus_reals", (N_LANDINGS,), ("landing",))
C_PROJ_LIMIT = _c.add("proj_limit", (N_PROJECTS,), ("tile",))
C_PROJ_CREW = _c.add("proj_crew", (N_PROJECTS,), ("tile",))
C_PROJ_REALS = _c.add("proj_income_reals", (N_PROJECTS,), ("tile",))
C_PROJ_VP = _c.add("proj_income_vp", (N_PROJECTS,), ("tile",))
C_PROJ_DECK = _c.add("proj_deck", (N_PROJECTS,), ("tile",))
C_MERCH_LIMIT = _c.add("merchant_limit", (N_MERCHANTS,), ("merchant",))
C_AREA_SLOTS = _c.add("area_slots", (3, N_AREAS), ("players_minus_2", "area"))
C_COMPENSATION = _c.add("compensation", (N_NUMBERS,), ("number",))
C_VDG_INITIAL = _c.add("vdg_initial", (N_VDG,), ("vdg",))
C_VDG_VARIATION = _c.add("vdg_variation", (N_VDG,), ("vdg",))
C_VDG_REALS = _c.add("vdg_reals", (N_VDG, 2), ("vdg", "money"))
C_SAILOR_COST = _c.add("sailor_cost", (N_COLOURS + 1,), ("colours",))
C_START_REALS = _c.add("starting_reals")
C_SAILORS_PER_COLOUR = _c.add("sailors_per_colour")
C_MISSIONARIES = _c.add("missionaries")
C_CAPTAINS_PER_COLOUR = _c.add("captains_per_colour")
C_START_CAPTAINS = _c.add("starting_captains")
C_SECTION_CAPACITY = _c.add("section_capacity")
C_SETUP_SAILORS = _c.add("setup_sailors_per_section")
C_REFILL_SAILORS = _c.add("refill_sailors_per_section")
C_REGULAR_DISCS = _c.add("regular_discs")
C_ONE_PROJECT = _c.add("one_project")
C_TWO_PROJECTS = _c.add("two_projects")
C_DIAS_VP = _c.add("dias_vp")
C_END_REALS_PER_VP = _c.add("end_reals_per_vp")
C_END_VP_PER_SHIP = _c.add("end_vp_per_ship")
# options (variants of the rules); each packs 0 at its default, and they come last
C_CHARACTER_DEAL = _c.add("character_deal")
C_SIZE = _c.size
COMPONENT_FIELDS = tuple(_c.fields)

# --- state array ---------------------------------------------------------------------------
_s = FieldBuilder()
S_N_PLAYERS = _s.add("players")
S_ROUND = _s.add("round")
S_PHASE = _s.add("phase", kind="phase")
S_STEP = _s.add("step", kind="step")
S_DECISION = _s.add("decision", kind="decision")
S_DEC_PLAYER = _s.add("decision_player", kind="seat")
S_FIRST_PLAYER = _s.add("first_player", kind="seat")
S_PLACE_TURN = _s.add("placing_seat", kind="seat")
S_INITIAL = _s.add("initial_number")
S_VARIATION = _s.add("variation_number")
S_FREE = _s.add("free_number")
S_CURRENT = _s.add("called_number")
S_RIGHT_COST = _s.add("right_to_act_cost")
S_EXP_LANDING = _s.add("expedition_landing", kind="landing")
S_EXP_CAPTAINS = _s.add("expedition_captains")
S_EXP_SENT = _s.add("expedition_sent")
S_BONUS_RESUME = _s.add("bonus_resume", kind="step")
S_MERCH_CONTEXT = _s.add("merchant_context")
S_LAUNCH_CONTEXT = _s.add("launch_context")
S_END_PLAYER = _s.add("end_seat")  # reaches the player count when all are done
S_DECISIONS_TAKEN = _s.add("decisions_taken")
S_DEC_ROW = _s.add("decision_log_row")
S_LOG_N = _s.add("log_rows")
S_SEED = _s.add("seed")
S_RNG_CHANCE = _s.add("rng_chance", (4,), ("word",), "rng")
S_RNG_PLAYER = _s.add("rng_player", (4,), ("word",), "rng")
# chance, decks and Vasco da Gama tiles
S_VDG_ORDER = _s.add("vdg_order", (N_VDG,), ("position",), "vdg")
S_VDG_DISCARDED = _s.add("vdg_discarded")
S_VDG_FACE_UP = _s.add("vdg_face_up", kind="bool")
S_MONEY = _s.add("money_spaces", (2,), ("money",))
S_MONEY_TAKEN = _s.add("money_taken", (2,), ("money",), "bool")
S_MERCH_ORDER = _s.add("merchant_order", (N_MERCHANTS,), ("position",), "merchant")
S_MERCH_LOC = _s.add("merchant_location", (N_MERCHANTS,), ("merchant",), "merchant_loc")
S_MERCH_TOP = _s.add("merchant_top")
S_MERCH_SENT = _s.add("merchant_sent_this_round", kind="bool")
S_PROJ_ORDER = _s.add("project_order", (N_PROJECTS,), ("position",), "tile")
S_PROJ_NEXT = _s.add("project_next")
S_PROJ_LOC = _s.add("project_location", (N_PROJECTS,), ("tile",), "tile_loc")
S_PROJ_OWNER = _s.add("project_owner", (N_PROJECTS,), ("tile",), "seat")
S_PROJ_CAPTAIN = _s.add("project_captain", (N_PROJECTS,), ("tile",), "bool")
S_UPPER = _s.add("upper_spaces", (N_UPPER,), ("space",), "tile")
S_SAO_GABRIEL = _s.add("sao_gabriel", kind="tile")
S_SLOT = _s.add("landing_slots", (N_LANDINGS, MAX_SLOTS), ("landing", "slot"), "ship")
# sailors, captains, missionaries
S_BAG = _s.add("bag", (N_COLOURS,), ("colour",))
S_SECTION = _s.add("sections", (N_SECTIONS, N_COLOURS), ("section", "colour"))
S_MISS_AREA = _s.add("missionaries_in_characters_area")
# numbers, discs and Areas
S_NUM_OWNER = _s.add("number_owner", (N_NUMBERS,), ("number",), "seat")
S_NUM_AREA = _s.add("number_area", (N_NUMBERS,), ("number",), "area")
S_AREA_USED = _s.add("area_discs", (N_AREAS,), ("area",))
# characters
S_CHAR_HOLDER = _s.add("character_holder", (N_CHARACTERS,), ("character",), "seat")
S_CHAR_HOSTED = _s.add("character_hosted_by", (N_CHARACTERS,), ("character",), "seat")
S_MANUEL_START = _s.add("manuel_holder_at_round_start", kind="seat")
# players
S_REALS = _s.add("reals", (MAX_PLAYERS,), ("seat",))
S_VP = _s.add("vp", (MAX_PLAYERS,), ("seat",))
S_CAPT_SUPPLY = _s.add("captains_supply", (MAX_PLAYERS,), ("seat",))
S_CAPT_AREA = _s.add("captains_recruiting_area", (MAX_PLAYERS,), ("seat",))
S_SAILORS = _s.add("sailors", (MAX_PLAYERS, N_COLOURS), ("seat", "colour"))
S_MISSIONARIES = _s.add("missionaries", (MAX_PLAYERS,), ("seat",))
S_DISCS_LEFT = _s.add("discs_to_place", (MAX_PLAYERS,), ("seat",))
S_EXTRA_DISC = _s.add("has_additional_disc", (MAX_PLAYERS,), ("seat",), "bool")
S_EXTRA_LEFT = _s.add("additional_disc_to_place", (MAX_PLAYERS,), ("seat",), "bool")
S_VP_SOURCE = _s.add("vp_by_source", (MAX_PLAYERS, N_SOURCES), ("seat", "vp_source"))
S_REALS_SOURCE = _s.add("reals_by_source", (MAX_PLAYERS, N_SOURCES), ("seat", "reals_source"))
S_REALS_PAID = _s.add("reals_paid", (MAX_PLAYERS, N_SOURCES), ("seat", "pay_reason"))
S_SIZE = _s.size
STATE_FIELDS = tuple(_s.fields)

# --- steps of the game's program counter ---------------------------------------------------
ST_SETUP_SEND = 0
ST_ROUND_START = 1
ST_PLACE = 2
ST_PHASE2_START = 3
ST_CALL_NEXT = 4
ST_PRE_LAUNCH = 5
ST_ACT = 6
ST_EXPEDITION = 7
ST_POST_LAUNCH = 8
ST_CALL_END = 9
ST_PHASE3 = 10
ST_PHASE3_SCORE = 11
ST_END_GAME = 12
ST_END_LAUNCH = 13
ST_END_BOARD = 14
ST_OVER = 15
STEP_NAMES = (
    "setup send",
    "round start",
    "place discs",
    "phase 2 start",
    "call next",
    "launch before",
    "act",
    "expedition",
    "launch after",
    "call end",
    "phase 3",
    "phase 3 scoring",
    "end of game",
    "end launch",
    "end board",
    "over",
)

# --- phases ----------------------------------------------------------------------------------
PH_SETUP = int(V.Phase.SETUP)
PH_PLACE = int(V.Phase.PLACE)
PH_ACTIONS = int(V.Phase.ACTIONS)
PH_NAVIGATION = int(V.Phase.NAVIGATION)
PH_END = int(V.Phase.END)
PH_OVER = int(V.Phase.OVER)
PHASE_NAMES = V.PHASE_NAMES

# --- decisions -------------------------------------------------------------------------------
D_NONE = int(V.Decision.NONE)
# Action codes are packed and unpacked by vdgsim.games.vasco.engine.actions only (one encoder per
# kind).
D_SEND_MERCHANT = int(V.Decision.SEND_MERCHANT)  # action: actions.merchant_send(landing, slot)
# action: SERNIGI_NOW, or SERNIGI_PHASE3 (at the start of Phase 3)
D_SERNIGI_WHEN = int(V.Decision.SERNIGI_WHEN)
D_PLACE_DISC = int(V.Decision.PLACE_DISC)  # action: actions.placement(number, area)
D_LAUNCH = int(V.Decision.LAUNCH)  # action: LAUNCH_DONE, else actions.launch(tile, crew mask)
D_ACT = int(
    V.Decision.ACT
)  # action: GIVE_UP, else area-specific (see vdgsim.games.vasco.engine.actions)
# action: EXPEDITION_DONE, else actions.ship_send(tile, slot)
D_EXPEDITION_SHIP = int(V.Decision.EXPEDITION_SHIP)
D_MANUEL_PLACE = int(V.Decision.MANUEL_PLACE)  # action: actions.placement(number, area)
D_PROJECT_BONUS = int(V.Decision.PROJECT_BONUS)  # action: actions.project_bonus(upper space)
# action: actions.sailor_bonus(section, colour), or SAILOR_BAG_DRAW
D_SAILOR_BONUS = int(V.Decision.SAILOR_BONUS)
D_END_BOARD = int(V.Decision.END_BOARD)  # action: actions.end_board(captains to board)
DECISION_NAMES = V.DECISION_NAMES

SAILOR_BAG_DRAW = N_SECTIONS * N_COLOURS
LAUNCH_DONE = V.LAUNCH_DONE
GIVE_UP = V.GIVE_UP
EXPEDITION_DONE = 0
SERNIGI_NOW, SERNIGI_PHASE3 = 0, 1
MISSIONARY_BIT = 16

# merchant-send contexts
MC_SETUP, MC_HOST, MC_PHASE3 = 0, 1, 2
# launch contexts
LC_BEFORE, LC_AFTER, LC_END = 0, 1, 2

# --- VP and Reals sources --------------------------------------------------------------------
VP_SLOT = int(V.VpSource.SLOT)
VP_COMPLETION = int(V.VpSource.COMPLETION)
VP_INCOME = int(V.VpSource.INCOME)
VP_DIAS = int(V.VpSource.DIAS)
VP_END_REALS = int(V.VpSource.END_REALS)
VP_END_SHIPS = int(V.VpSource.END_SHIPS)
VP_SOURCE_NAMES = V.VP_SOURCE_NAMES
R_START = int(V.RealsSource.START)
R_LANDING_BONUS = int(V.RealsSource.LANDING_BONUS)
R_INCOME = int(V.RealsSource.INCOME)
R_GIVE_UP = int(V.RealsSource.GIVE_UP)
R_VDG_MONEY = int(V.RealsSource.VDG_MONEY)
REALS_SOURCE_NAMES = V.REALS_SOURCE_NAMES
PAY_RIGHT_TO_ACT = int(V.PayReason.RIGHT_TO_ACT)
PAY_PURCHASE = int(V.PayReason.PURCHASE)
PAY_RECRUIT = int(V.PayReason.RECRUIT)
PAY_REASON_NAMES = V.PAY_REASON_NAMES

# action codes of D_ACT, by Area (encoded and decoded by vdgsim.games.vasco.engine.actions)
ACT_BUY_ONE = V.ACT_BUY_ONE  # + upper space (1..6)
ACT_BUY_TWO = V.ACT_BUY_TWO  # + pair index (7..21)
ACT_BUY_SAO_GABRIEL = V.ACT_BUY_SAO_GABRIEL
ACT_MONEY = V.ACT_MONEY  # + money space (1..2)
ACT_HOST = V.ACT_HOST  # + character (3..6)
ACT_LANDING = V.ACT_LANDING  # + landing (1..6)
ACT_RECRUIT = V.ACT_RECRUIT  # + packed (captain << 15 | section << 12 | 3 bits per colour)
RECRUIT_NO_SECTION = 4

MAX_LEGAL = 1024
LOG_WIDTH = 8
LOG_CAPACITY = 4096
