"""R1 Setup: a new game in a state array."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.rng import randint, seed_stream, shuffle

# The stream of the game's generator that only the random character deal reads
# (setup.character_deal = random); the chance and player streams are 0 and 1.
CHARACTER_DEAL_STREAM = 2


@njit(cache=True, _nrt=False)
def rulebook_character(n_players, k):
    """R1.3: the character dealt to the ``k``-th seat clockwise from seat 0 (k < n_players)."""
    if k == 0:
        return L.CH_DIAS
    if n_players == 2 or k == 2:
        return L.CH_SERNIGI
    if k == 1:
        return L.CH_ALVARES
    return L.CH_MANUEL


@njit(cache=True, _nrt=False)
def character_order(c, s, n_players, seed):
    """The character of each seat, packed 4 bits a seat (seat k's is ``(order >> 4k) & 15``).

    ``rulebook`` deal: R1.3's table, with no random draw. ``random`` deal (a variant, not a
    rule): the same characters in a uniformly random seat order, by a Fisher-Yates shuffle
    drawn from the game's generator on its own stream (:data:`CHARACTER_DEAL_STREAM`, seeded
    from ``seed`` in the chance words, which the caller seeds afterwards as always), so every
    other random part of the game is the rulebook game's of the same seed.
    """
    order = 0
    for k in range(n_players):
        order |= rulebook_character(n_players, k) << (4 * k)
    if S.comp(c).character_deal != L.DEAL_RANDOM:
        return order
    seed_stream(s, L.S_RNG_CHANCE, seed, CHARACTER_DEAL_STREAM)
    for i in range(n_players - 1, 0, -1):
        j = randint(s, L.S_RNG_CHANCE, i + 1)
        a = (order >> (4 * i)) & 15
        b = (order >> (4 * j)) & 15
        order &= ~((15 << (4 * i)) | (15 << (4 * j)))
        order |= (b << (4 * i)) | (a << (4 * j))
    return order


@njit(cache=True, _nrt=False)
def init_state(c, s, log, n_players, seed):
    """Set up a game of ``n_players`` (2..4) from ``seed`` (R1.1-R1.8).

    The first decision is the Sernigi holder's sending of the setup merchant ship (R1.5),
    which happens after the whole setup, before round 1's Phase 1. With the component option
    ``setup.character_deal = random`` the characters of R1.3 go to the seats in a random order
    (:func:`character_order`); seat 0 is still the first player of round 1.
    """
    s[:] = 0
    st = S.fields(s)
    order = character_order(c, s, n_players, seed)
    st.players = n_players
    st.seed = seed
    st.decision_log_row = -1
    seed_stream(s, L.S_RNG_CHANCE, seed, 0)
    seed_stream(s, L.S_RNG_PLAYER, seed, 1)
    for landing in range(L.N_LANDINGS):
        for j in range(L.MAX_SLOTS):
            st.landing_slots[landing, j] = -1
    for n in range(L.N_NUMBERS):
        st.number_owner[n] = -1
        st.number_area[n] = -1
    for ch in range(L.N_CHARACTERS):
        st.character_holder[ch] = -1
        st.character_hosted_by[ch] = -1
    for t in range(L.N_PROJECTS):
        st.project_owner[t] = -1
    for i in range(L.N_UPPER):
        st.upper_spaces[i] = -1
    st.sao_gabriel = -1
    st.round = 1
    st.phase = L.PH_SETUP
    st.expedition_landing = -1
    st.decision_player = -1

    # R1.1 supplies
    for p in range(n_players):
        C.gain_reals(s, log, p, S.comp(c).starting_reals, L.R_START, 0, 0)
        st.captains_supply[p] = S.comp(c).starting_captains
        st.captains_recruiting_area[p] = S.comp(c).captains_per_colour - S.comp(c).starting_captains
    # R1.2 the bag and the active Recruiting sections
    for col in range(L.N_COLOURS):
        st.bag[col] = S.comp(c).sailors_per_colour
    for sec in range(n_players):
        for _ in range(S.comp(c).setup_sailors_per_section):
            col = C.draw_from_bag(s)
            if col >= 0:
                st.sections[sec, col] += 1
    # R1.3 characters dealt clockwise from the first player (or in the variant's order); the
    # Dias holder takes his 2 VP (seat 0 by the rulebook)
    for k in range(n_players):
        st.character_holder[(order >> (4 * k)) & 15] = k
    dias = st.character_holder[L.CH_DIAS]
    C.log_gain(s, log, dias, E.G_CHARACTER, 1, L.CH_DIAS, -1)
    C.gain_vp(s, log, dias, S.comp(c).dias_vp, L.VP_DIAS, 0, 0)
    for ch in range(1, L.N_CHARACTERS):
        h = st.character_holder[ch]
        if h >= 0:
            C.log_gain(s, log, h, E.G_CHARACTER, 1, ch, -1)
    # R1.4 missionaries and the additional disc
    st.missionaries_in_characters_area = S.comp(c).missionaries
    alvares = st.character_holder[L.CH_ALVARES]
    if alvares >= 0:
        C.gain_missionary(s, log, alvares, -1)
    manuel = st.character_holder[L.CH_MANUEL]
    if manuel >= 0:
        st.has_additional_disc[manuel] = 1
    st.manuel_holder_at_round_start = manuel
    # R1.5 merchant ships: tile 0 of the shuffled order goes to the Sernigi holder
    for m in range(L.N_MERCHANTS):
        st.merchant_order[m] = m
    # shuffle works on a range of the flat array, so it takes the field's offset
    shuffle(s, L.S_RNG_CHANCE, s, L.S_MERCH_ORDER, L.N_MERCHANTS)
    st.merchant_top = 1
    st.merchant_location[st.merchant_order[1]] = L.M_FACE_UP
    # R1.6 Vasco da Gama tiles
    for i in range(L.N_VDG):
        st.vdg_order[i] = i
    shuffle(s, L.S_RNG_CHANCE, s, L.S_VDG_ORDER, L.N_VDG)
    st.vdg_face_up = 1
    # R1.7 projects: decks I, II, III each shuffled, dealt in that order
    k = 0
    for deck in range(3):
        start = k
        for t in range(L.N_PROJECTS):
            if S.comp(c).proj_deck[t] == deck:
                st.project_order[k] = t
                k += 1
        shuffle(s, L.S_RNG_CHANCE, s, L.S_PROJ_ORDER + start, k - start)
    C.deal_projects(s)
    st.step = L.ST_SETUP_SEND
