"""Build game positions for the rules tests (not a test module).

A position starts as a real game (:func:`vdgsim.new_game`) and is then edited through the
state's named fields (``g.fields``, from :data:`vdgsim.games.vasco.layout.STATE_FIELDS`); from there
the engine is driven with :func:`vdgsim.apply_action` or run to its next decision with
:func:`run`. Helper names follow the rulebook: sequence numbers, Areas, landings, slots,
projects, ships, captains, sailors, missionaries, Reals, the First Free Number.

Action codes are built here from the conventions documented in :mod:`vdgsim.games.vasco.layout`, so
the tests do not borrow the engine's own encoders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from vdgsim import GameState, apply_action, legal_actions, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import Components
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import flow

# Seats by the rulebook's colours (seat order = layout.PLAYER_COLOURS).
YELLOW, RED, BLACK, BLUE = 0, 1, 2, 3
# Landings bottom to top, Areas, characters and sailor colours.
NATAL, TERRA, MOZAMBIQUE, MOMBASA, MALINDI, CALICUT = range(6)
CHARACTERS, RECRUITING, PURCHASE, NAVIGATION = (
    L.A_CHARACTERS,
    L.A_RECRUITING,
    L.A_PURCHASE,
    L.A_NAVIGATION,
)
DIAS, ALVARES, SERNIGI, MANUEL = L.CH_DIAS, L.CH_ALVARES, L.CH_SERNIGI, L.CH_MANUEL
TURQUOISE, VIOLET, GREY, ORANGE = range(4)
WHITE = "missionary"


# --- reading the state -----------------------------------------------------------------------
def reals(g: GameState, seat: int) -> int:
    return int(g.fields.reals[seat])


def vp(g: GameState, seat: int) -> int:
    return int(g.fields.vp[seat])


def vp_from(g: GameState, seat: int, source: int) -> int:
    """VP a seat scored from one source (``layout.VP_*``)."""
    return int(g.fields.vp_by_source[seat, source])


def reals_from(g: GameState, seat: int, source: int) -> int:
    """Reals a seat gained from one source (``layout.R_*``)."""
    return int(g.fields.reals_by_source[seat, source])


def captains(g: GameState, seat: int) -> int:
    """Captains of the seat's colour in his supply."""
    return int(g.fields.captains_supply[seat])


def captains_in_area(g: GameState, seat: int) -> int:
    """Captains of the seat's colour still in the Recruiting Area."""
    return int(g.fields.captains_recruiting_area[seat])


def sailors(g: GameState, seat: int) -> list[int]:
    """The seat's sailors by colour (turquoise, violet, grey, orange)."""
    return [int(x) for x in g.fields.sailors[seat]]


def missionaries(g: GameState, seat: int) -> int:
    return int(g.fields.missionaries[seat])


def section(g: GameState, sec: int) -> list[int]:
    """Sailors by colour in a Recruiting section."""
    return [int(x) for x in g.fields.sections[sec]]


def bag(g: GameState) -> list[int]:
    return [int(x) for x in g.fields.bag[:]]


def holder(g: GameState, character: int) -> int:
    return int(g.fields.character_holder[character])


def slot(g: GameState, landing: int, index: int) -> int:
    """Ship code in a landing's slot: -1 empty, 0..34 a project tile, 35.. a merchant ship."""
    return int(g.fields.landing_slots[landing, index])


def landing_ships(g: GameState, landing: int) -> list[int]:
    """Ship codes of a landing's slots, left to right (-1 empty)."""
    n = len(g.components.landing_slots(landing))
    return [slot(g, landing, j) for j in range(n)]


def tile(g: GameState, name: str) -> int:
    """Index of a project tile by its printed id, e.g. ``"I-12"``."""
    return g.components.tile_index(name)


def merchant(index: int) -> int:
    """Ship code of merchant tile ``index`` when it sits in a slot."""
    return L.N_PROJECTS + index


def where(g: GameState, name: str) -> int:
    """Location of a project tile (``layout.LOC_*``)."""
    return int(g.fields.project_location[tile(g, name)])


def projects_of(g: GameState, seat: int, loc: int = L.LOC_PROJECT) -> list[int]:
    """Tiles a seat owns at a location (default: in supply, project side up)."""
    return [
        t
        for t in range(L.N_PROJECTS)
        if g.fields.project_location[t] == loc and g.fields.project_owner[t] == seat
    ]


# --- building a position -------------------------------------------------------------------
def set_vdg_tiles(g: GameState, initials: Sequence[int], start: int = 0) -> None:
    """Reorder the Vasco da Gama deck so that, from position ``start``, the tiles come in the
    order of the given Initial Numbers (each tile named by its Initial Number)."""
    c = g.components.array
    by_initial = {int(c[L.C_VDG_INITIAL + i]): i for i in range(L.N_VDG)}
    chosen = [by_initial[n] for n in initials]
    order = [int(x) for x in g.fields.vdg_order[:]]
    head = order[:start]
    rest = [t for t in order if t not in chosen and t not in head]
    new = head + chosen + rest
    g.fields.vdg_order[:] = new


def position(
    players: int = 4,
    seed: int = 0,
    components: Components | None = None,
    vdg: Sequence[int] = (),
    before_round: Callable[[GameState], None] | None = None,
) -> GameState:
    """A new game at round 1's first placement, the setup merchant ship set aside.

    ``vdg`` fixes the first Vasco da Gama tiles by Initial Number (the first one gives round
    1's Initial Number, the second one its Variation Number). ``before_round`` edits the
    position before round 1 starts (e.g. who holds Manuel I at the start of the round).
    """
    g = new_game(players=players, seed=seed, components=components)
    if vdg:
        set_vdg_tiles(g, vdg)
    if before_round is not None:
        before_round(g)
    m = int(g.fields.merchant_order[0])
    g.fields.merchant_location[m] = L.M_DISCARDED
    g.fields.step = L.ST_ROUND_START
    run(g)
    return g


def run(g: GameState) -> None:
    """Run the automatic rules from the current step to the next decision."""
    g.fields.decision = L.D_NONE
    flow.advance(g.components.array, g.s, g.log)


def give(
    g: GameState,
    seat: int,
    *,
    reals: int | None = None,
    captains: int | None = None,
    sailors: Sequence[int] | None = None,
    missionaries: int | None = None,
    vp: int | None = None,
) -> None:
    """Set what a player has in his supply (absolute values)."""
    st = g.fields
    if reals is not None:
        st.reals[seat] = reals
    if captains is not None:
        st.captains_supply[seat] = captains
    if sailors is not None:
        st.sailors[seat] = list(sailors)
    if missionaries is not None:
        st.missionaries[seat] = missionaries
    if vp is not None:
        st.vp[seat] = vp


def give_project(g: GameState, seat: int, name: str, launched: bool = False) -> int:
    """Put a project tile in a player's supply, project side up or launched; returns its index."""
    t = tile(g, name)
    _lift_tile(g, t)
    g.fields.project_location[t] = L.LOC_SHIP if launched else L.LOC_PROJECT
    g.fields.project_owner[t] = seat
    g.fields.project_captain[t] = 0
    return t


def give_ship(g: GameState, seat: int, name: str) -> int:
    """A launched ship in a player's supply (no captain aboard yet)."""
    return give_project(g, seat, name, launched=True)


def _lift_tile(g: GameState, t: int) -> None:
    """Take a tile off wherever it lies on the board, so it can be put elsewhere."""
    st = g.fields
    # A tile still in a face-down deck leaves it: the undealt tiles keep their order.
    nxt = int(st.project_next)
    order = [int(x) for x in st.project_order[:]]
    k = order.index(t)
    if k >= nxt:
        order = [*order[:nxt], t, *order[nxt:k], *order[k + 1 :]]
        st.project_order[:] = order
        st.project_next = nxt + 1
    for i in range(L.N_UPPER):
        if st.upper_spaces[i] == t:
            st.upper_spaces[i] = -1
    if st.sao_gabriel == t:
        st.sao_gabriel = -1
    st.landing_slots[st.landing_slots == t] = -1


def clear_navigation(g: GameState) -> None:
    """Empty every ship slot (ships there leave the game)."""
    st = g.fields
    for code in st.landing_slots.ravel():
        if 0 <= code < L.N_PROJECTS:
            st.project_location[code] = L.LOC_REMOVED
        elif code >= L.N_PROJECTS:
            st.merchant_location[code - L.N_PROJECTS] = L.M_REMOVED
    st.landing_slots[:] = -1


def put_ship(
    g: GameState,
    landing: int,
    index: int,
    name: str | None = None,
    seat: int = -1,
    *,
    merchant_tile: int | None = None,
) -> int:
    """Put a player's ship (tile ``name``, owned by ``seat``, captain aboard) or a merchant ship
    in a landing's slot; returns the ship code."""
    st = g.fields
    if merchant_tile is not None:
        code = merchant(merchant_tile)
        st.merchant_location[merchant_tile] = L.M_NAVIGATION
    else:
        assert name is not None
        code = tile(g, name)
        _lift_tile(g, code)
        st.project_location[code] = L.LOC_NAVIGATION
        st.project_owner[code] = seat
        st.project_captain[code] = 1
    st.landing_slots[landing, index] = code
    return code


def fill_landing(
    g: GameState, landing: int, merchants: Iterable[int] = (), skip: Iterable[int] = ()
) -> None:
    """Occupy the landing's slots (except ``skip``) with merchant ships, to make it full."""
    ms = list(merchants)
    n = len(g.components.landing_slots(landing))
    k = 0
    for j in range(n):
        if j in skip or slot(g, landing, j) >= 0:
            continue
        put_ship(g, landing, j, merchant_tile=ms[k])
        k += 1


def set_upper(g: GameState, names: Sequence[str | None], sao_gabriel: str | None = None) -> None:
    """Lay out the Purchase Projects Area: the 6 upper spaces and the Sao Gabriel space."""
    st = g.fields
    for i in range(L.N_UPPER):
        t = int(st.upper_spaces[i])
        if t >= 0:
            st.project_location[t] = L.LOC_DISCARDED
        st.upper_spaces[i] = -1
    t = int(st.sao_gabriel)
    if t >= 0:
        st.project_location[t] = L.LOC_DISCARDED
    st.sao_gabriel = -1
    for i, name in enumerate(names):
        if name is None:
            continue
        t = tile(g, name)
        _lift_tile(g, t)
        st.upper_spaces[i] = t
        st.project_location[t] = L.LOC_UPPER
        st.project_owner[t] = -1
    if sao_gabriel is not None:
        t = tile(g, sao_gabriel)
        _lift_tile(g, t)
        st.sao_gabriel = t
        st.project_location[t] = L.LOC_SAO_GABRIEL
        st.project_owner[t] = -1


def set_section(g: GameState, sec: int, counts: Sequence[int]) -> None:
    """Sailors by colour in a Recruiting section (the bag is not adjusted)."""
    g.fields.sections[sec] = list(counts)


def set_characters(g: GameState, **holders: int) -> None:
    """Hand out character tiles: ``set_characters(g, dias=0, manuel=-1)``; -1 = on the board."""
    keys = {"dias": DIAS, "alvares": ALVARES, "sernigi": SERNIGI, "manuel": MANUEL}
    for key, seat in holders.items():
        g.fields.character_holder[keys[key]] = seat


def set_additional_disc(g: GameState, seat: int, has: bool = True) -> None:
    g.fields.has_additional_disc[seat] = int(has)


def no_merchant_ship(g: GameState) -> None:
    """Make this round's face-up merchant ship gone (as if already discarded)."""
    top = int(g.fields.merchant_top)
    if top < L.N_MERCHANTS:
        m = int(g.fields.merchant_order[top])
        if g.fields.merchant_location[m] == L.M_FACE_UP:
            g.fields.merchant_location[m] = L.M_DISCARDED


def face_up_merchant(g: GameState, index: int) -> None:
    """Make merchant tile ``index`` this round's face-up merchant ship."""
    st = g.fields
    top = int(st.merchant_top)
    order = [int(x) for x in st.merchant_order[:]]
    j = order.index(index)
    order[j], order[top] = order[top], order[j]
    st.merchant_order[:] = order
    for m in range(L.N_MERCHANTS):
        if st.merchant_location[m] == L.M_FACE_UP:
            st.merchant_location[m] = L.M_DECK
    st.merchant_location[index] = L.M_FACE_UP
    st.merchant_sent_this_round = 0


# --- Phase 2: numbers on the board and calls -----------------------------------------------
def clear_numbers(g: GameState) -> None:
    """Take every sequence number and disc off the action slots."""
    st = g.fields
    for n in range(L.N_NUMBERS):
        st.number_owner[n] = -1
        st.number_area[n] = -1
    for a in range(L.N_AREAS):
        st.area_discs[a] = 0
    for p in range(L.MAX_PLAYERS):
        st.discs_to_place[p] = 0
        st.additional_disc_to_place[p] = 0


def put_number(g: GameState, seat: int, number: int, area: int) -> None:
    """A disc of ``seat`` with sequence number ``number`` on an action slot of ``area``."""
    g.fields.number_owner[number] = seat
    g.fields.number_area[number] = area
    g.fields.area_discs[area] += 1


def actions_phase(g: GameState, free: int, numbers: Iterable[tuple[int, int, int]] = ()) -> None:
    """Switch the position to Phase 2 with First Free Number ``free`` and the given
    (seat, number, Area) discs as the only ones on the board; nothing is called yet."""
    clear_numbers(g)
    for seat, number, area in numbers:
        put_number(g, seat, number, area)
    g.fields.phase = L.PH_ACTIONS
    g.fields.free_number = free
    g.fields.called_number = 0


def call_next(g: GameState, skip_launch: bool = True) -> None:
    """Call the lowest number still on the board and stop at its owner's decision
    (by default past the optional launch before acting)."""
    g.fields.step = L.ST_CALL_NEXT
    run(g)
    if skip_launch:
        skip_launches(g)


def skip_launches(g: GameState) -> None:
    """Decline the optional launch decisions pending now."""
    while g.decision == L.D_LAUNCH:
        apply_action(g, L.LAUNCH_DONE)


def call(
    g: GameState,
    seat: int,
    number: int,
    area: int,
    free: int = 1,
    skip_launch: bool = True,
    barrier: bool = True,
) -> None:
    """Put one disc on the board and call it: the position stops at the owner's act-or-give-up
    decision. With ``barrier`` a later number (20, or 22 when 20 is the one called) of
    another seat sits in the Characters Area so the engine stops after the action instead of
    running on to Phase 3."""
    numbers = [(seat, number, area)]
    if barrier:
        other = (seat + 1) % g.players
        numbers.append((other, 22 if number >= 20 else 20, CHARACTERS))
    actions_phase(g, free, numbers)
    call_next(g, skip_launch)


def run_phase3(g: GameState) -> None:
    """Run Phase 3 (and, before round 5, the end-of-round operations) from a position with
    no disc left on the board; stops at the next decision."""
    clear_numbers(g)
    g.fields.phase = L.PH_ACTIONS
    g.fields.step = L.ST_PHASE3
    run(g)


# --- action codes (vdgsim.games.vasco.engine.actions) ---------------------------------------------
def place_code(number: int, area: int) -> int:
    """D_PLACE_DISC / D_MANUEL_PLACE."""
    return A.placement(number, area)


def recruit_code(
    sec: int | None, counts: Sequence[int] = (0, 0, 0, 0), captain: bool = False
) -> int:
    """D_ACT in the Recruiting Area: a section (None = captain only), sailors per colour."""
    s = L.RECRUIT_NO_SECTION if sec is None else sec
    return A.recruit(s, *counts, int(captain))


def buy_one_code(space: int) -> int:
    return A.buy_one(space)


def buy_two_code(i: int, j: int) -> int:
    """Upper spaces i < j."""
    return A.buy_two(i, j)


def money_code(space: int) -> int:
    return A.take_money(space)


def host_code(character: int) -> int:
    return A.host(character)


def landing_code(landing: int) -> int:
    return A.expedition(landing)


def send_code(g: GameState, name: str, index: int) -> int:
    """D_EXPEDITION_SHIP: send tile ``name`` to slot ``index`` of the chosen landing."""
    return A.ship_send(tile(g, name), index)


def merchant_code(landing: int, index: int) -> int:
    """D_SEND_MERCHANT: slot ``index`` of ``landing``."""
    return A.merchant_send(landing, index)


def launch_code(g: GameState, name: str, colours: Iterable[int | str]) -> int:
    """D_LAUNCH: tile ``name`` with a crew of these colours (``WHITE`` = the missionary)."""
    mask = 0
    for col in colours:
        mask |= L.MISSIONARY_BIT if col == WHITE else 1 << int(col)
    return A.launch(tile(g, name), mask)


def sailor_code(sec: int, colour: int) -> int:
    """D_SAILOR_BONUS: a colour from a section (``layout.SAILOR_BAG_DRAW`` for the bag)."""
    return A.sailor_bonus(sec, colour)


def act(g: GameState, action: int) -> None:
    """Apply an action, asserting first that the engine lists it as legal."""
    legal = legal_actions(g)
    assert action in legal, f"action {action} not legal for decision {g.decision}: {legal}"
    apply_action(g, action)


def play_randomly(g: GameState, seed: int = 0, until=None) -> None:
    """Play uniformly random legal actions (Python's seeded generator) until the game is over
    or ``until(g)`` is true."""
    import random

    from vdgsim import is_over

    rng = random.Random(seed)
    while not is_over(g) and not (until is not None and until(g)):
        apply_action(g, rng.choice(legal_actions(g)))
