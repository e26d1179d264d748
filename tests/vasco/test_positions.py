"""Positions: state_to_dict / state_from_dict round-trip exactly and loaded games continue
identically; bad input gives a ValueError naming the field."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator

import numpy as np
import pytest

from vdgsim import (
    GameState,
    apply_action,
    clone,
    default_components,
    is_over,
    legal_actions,
    load_components,
    log_rows,
    new_game,
    state_from_dict,
    state_to_dict,
)
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.positions import KNOWN_AXES, KNOWN_KINDS

GAMES = [(2, 3, 101), (3, 4, 202), (4, 5, 303)]  # (players, game seed, choice seed)


def decision_points(players: int, seed: int, choice_seed: int) -> Iterator[GameState]:
    """Every decision point of one random-legal game, then the finished game."""
    g = new_game(players, seed)
    pick = random.Random(choice_seed)
    while not is_over(g):
        yield g
        apply_action(g, pick.choice(legal_actions(g)))
    yield g


def via_json(g: GameState, include_log: bool = True) -> GameState:
    text = json.dumps(state_to_dict(g, include_log=include_log))
    return state_from_dict(json.loads(text))


def assert_same(a: GameState, b: GameState) -> None:
    assert np.array_equal(a.s, b.s)
    assert np.array_equal(log_rows(a), log_rows(b))


def play_both(a: GameState, b: GameState, choice_seed: int) -> None:
    """Play two games with the same choices, checking they offer the same legal actions."""
    pick = random.Random(choice_seed)
    while not is_over(a):
        legal = legal_actions(a)
        assert legal_actions(b) == legal
        action = pick.choice(legal)
        apply_action(a, action)
        apply_action(b, action)
        assert np.array_equal(a.s, b.s)
    assert is_over(b)


def test_layout_has_a_rule_for_every_state_field():
    for f in L.STATE_FIELDS:
        assert f.kind in KNOWN_KINDS, f.name
        assert set(f.axes) <= KNOWN_AXES, f.name
    d = state_to_dict(new_game(2, 0))
    assert list(d["state"]) == [f.name for f in L.STATE_FIELDS]


@pytest.mark.parametrize(("players", "seed", "choice_seed"), GAMES)
def test_round_trip_exact_at_every_decision_point(players, seed, choice_seed):
    n = 0
    for g in decision_points(players, seed, choice_seed):
        assert_same(via_json(g), g)
        n += 1
    assert n > 50


def test_round_trip_at_phase_boundaries():
    comp = default_components()
    # Freshly set up, before the rules have run to the first decision.
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.init_state(comp.array, s, log, 4, 9)
    fresh = GameState(comp, s, log)
    loaded = via_json(fresh)
    assert_same(loaded, fresh)
    flow.advance(comp.array, fresh.s, fresh.log)
    flow.advance(comp.array, loaded.s, loaded.log)
    assert_same(loaded, fresh)
    # The first decision of every phase of every round, and the finished game.
    seen = set()
    for g in decision_points(3, 77, 7):
        key = (g.round, g.phase)
        if key not in seen or is_over(g):
            seen.add(key)
            assert_same(via_json(g), g)
    phases = {p for _, p in seen}
    assert {L.PH_SETUP, L.PH_PLACE, L.PH_ACTIONS, L.PH_NAVIGATION, L.PH_OVER} <= phases
    assert {r for r, _ in seen} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize(("players", "seed", "choice_seed"), GAMES)
def test_loaded_game_continues_identically(players, seed, choice_seed):
    for k, g in enumerate(decision_points(players, seed, choice_seed)):
        if k % 45 != 10 or is_over(g):
            continue
        original = clone(g)
        with_log = via_json(g, include_log=True)
        without_log = via_json(g, include_log=False)
        rows_before = int(g.s[L.S_LOG_N])
        play_both(original, with_log, choice_seed + k)
        assert_same(with_log, original)
        play_both(clone(g), without_log, choice_seed + k)
        # Without the log the earlier rows are zeros; every later row is identical.
        assert np.array_equal(log_rows(without_log)[rows_before:], log_rows(original)[rows_before:])
        assert not log_rows(without_log)[:rows_before].any()


def test_random_generators_survive_the_round_trip():
    g = new_game(4, 12345)
    loaded = via_json(g)
    for off in (L.S_RNG_CHANCE, L.S_RNG_PLAYER):
        assert np.array_equal(loaded.s[off : off + 4], g.s[off : off + 4])
    assert loaded.s[L.S_RNG_CHANCE : L.S_RNG_CHANCE + 4].any()


def test_readable_names():
    comp = default_components()
    g = new_game(2, 4)
    d = json.loads(json.dumps(state_to_dict(g)))
    st = d["state"]
    assert d["players"] == 2
    assert d["components_digest"] == comp.digest
    # R1.1 / C: every player starts with 10 Reals; seats are keyed by the players' colours.
    assert st["reals"] == {"yellow": 10, "red": 10}
    # R1.3 two players: the first player holds Bartolomeu Dias, the other Girolamo Sernigi.
    assert st["character_holder"]["Bartolomeu Dias"] == "yellow"
    assert st["character_holder"]["Girolamo Sernigi"] == "red"
    assert st["character_holder"]["Manuel I"] is None
    assert set(st["landing_slots"]) == {
        "Natal",
        "Terra de Boa Gente",
        "Mozambique",
        "Mombasa",
        "Malindi",
        "Calicut",
    }
    assert set(st["bag"]) == {"turquoise", "violet", "grey", "orange"}
    assert st["phase"] == "setup"
    assert st["decision"] == "send merchant ship"
    # R1.7: the first tile of deck I lies on the Sao Gabriel space; names are printed ids.
    assert st["sao_gabriel"].startswith("I-")
    assert st["project_location"][st["sao_gabriel"]] == "Sao Gabriel space"
    assert sorted(st["merchant_order"]) == ["M1", "M2", "M3", "M4", "M5", "M6"]


def test_finished_game_end_seat_round_trips():
    # After the last player's end-of-game turn the end seat counter equals the player count,
    # a value no colour names; it is written as an integer and read back exactly.
    g = list(decision_points(2, 8, 8))[-1]
    assert is_over(g)
    d = state_to_dict(g)
    assert d["state"]["end_seat"] == 2
    assert_same(via_json(g), g)


# --- bad input ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saved() -> dict:
    g = new_game(3, 21)
    pick = random.Random(21)
    for _ in range(40):
        apply_action(g, pick.choice(legal_actions(g)))
    return json.loads(json.dumps(state_to_dict(g, include_log=True)))


def broken(d: dict, edit) -> dict:
    d = copy.deepcopy(d)
    edit(d)
    return d


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["state"].pop("reals"), "state.reals"),
        (lambda d: d.pop("players"), "players"),
        (lambda d: d.pop("components_digest"), "components_digest"),
        (lambda d: d["state"].update(bogus=1), "state.bogus"),
        (lambda d: d["state"]["landing_slots"].pop("Calicut"), "landing_slots"),
        (
            lambda d: d["state"]["landing_slots"].update(Lisbon=[None] * 8),
            "state.landing_slots",
        ),
        (lambda d: d["state"].update(sao_gabriel="IV-1"), "state.sao_gabriel"),
        (lambda d: d["state"]["character_holder"].update({"Dias": "red"}), "character_holder"),
        (lambda d: d["state"]["character_holder"].update({"Manuel I": "pink"}), "Manuel I"),
        (lambda d: d["state"].update(phase="phase 9"), "state.phase"),
        (lambda d: d["state"].update(phase=None), "state.phase"),
        (lambda d: d["state"].update(round="two"), "state.round"),
        (lambda d: d["state"].update(round=2.0), "state.round"),
        (lambda d: d["state"].update(vdg_face_up=1), "state.vdg_face_up"),
        (lambda d: d["state"]["bag"].update(turquoise=True), "state.bag.turquoise"),
        (lambda d: d["state"].update(money_spaces=[0, 0, 0]), "state.money_spaces"),
        (lambda d: d["state"]["sailors"]["yellow"].pop("grey"), "state.sailors.yellow"),
        (lambda d: d.update(players=5), "players"),
        (lambda d: d.update(players=2), "state."),  # a 3-player position
        (lambda d: d["state"]["reals"].update(blue=3), "state.reals"),  # seat beyond 3 players
        (lambda d: d["state"]["reals"].pop("black"), "state.reals"),
        (lambda d: d["state"].update(decision_player="blue"), "state.decision_player"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d["log"].pop(), "log"),
        (lambda d: d["log"][0].append(1), "log[0]"),
    ],
)
def test_bad_input_names_the_field(saved, edit, message):
    with pytest.raises(ValueError, match="position field") as err:
        state_from_dict(broken(saved, edit))
    assert message in str(err.value)


def test_player_count_must_match_the_state(saved):
    d = broken(saved, lambda d: d["state"].update(players=4))
    with pytest.raises(ValueError, match=r"state\.players"):
        state_from_dict(d)


def test_other_component_data_is_refused(saved):
    other = load_components(overrides={"landings.calicut.completion_vp": 9})
    with pytest.raises(ValueError, match="components_digest"):
        state_from_dict(saved, components=other)


def test_position_saved_with_other_components_loads_with_them():
    other = load_components(overrides={"landings.calicut.completion_vp": 9})
    g = new_game(2, 5, components=other)
    d = json.loads(json.dumps(state_to_dict(g, include_log=True)))
    assert d["components_digest"] == other.digest != default_components().digest
    assert_same(state_from_dict(d, components=other), g)
    with pytest.raises(ValueError, match="components_digest"):
        state_from_dict(d)
