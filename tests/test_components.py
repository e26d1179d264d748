"""Component data: the default file's numbers, validation errors that name the field, overrides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vdgsim import ComponentError, load_components, new_game
from vdgsim import layout as L
from vdgsim.components import DEFAULT_PATH


def test_default_data_matches_components_md() -> None:
    comp = load_components()
    # C1 (landings bottom to top) and the facts the examples force
    assert [comp.landing_slots(i) for i in range(6)] == [
        [4],
        [5, 4],
        [6, 5, 4],
        [7, 7, 6, 5],
        [9, 9, 7, 7, 6],
        [11, 11, 9, 9, 7, 7],
    ]
    assert min(comp.landing_slots(3)) == 5  # a 4-limit ship never reaches Mombasa
    assert [int(comp.array[L.C_LAND_COMPLETION + i]) for i in range(6)] == [0, 1, 2, 3, 4, 5]
    # C2: I-12 is the rulebook's tile: limit 7, crew 5, 2 VP
    t = comp.tile_index("I-12")
    assert (comp.array[L.C_PROJ_LIMIT + t], comp.array[L.C_PROJ_CREW + t]) == (7, 5)
    assert comp.array[L.C_PROJ_VP + t] == 2
    assert len(comp.tile_names) == 35
    # C5, C6: number 6 pays 2, 15 pays 3; the Initial 11 tile puts out 9 and 4 Reals
    assert comp.array[L.C_COMPENSATION + 6] == 2 and comp.array[L.C_COMPENSATION + 15] == 3
    i11 = next(i for i in range(9) if comp.array[L.C_VDG_INITIAL + i] == 11)
    assert list(comp.array[L.C_VDG_REALS + 2 * i11 : L.C_VDG_REALS + 2 * i11 + 2]) == [9, 4]
    assert sum(int(comp.array[L.C_VDG_VARIATION + i]) for i in range(9)) == 0
    assert sorted(int(comp.array[L.C_VDG_INITIAL + i]) for i in range(9)) == list(range(4, 13))


def test_every_group_has_a_provenance_mark() -> None:
    comp = load_components()
    for group in (
        "landings",
        "projects",
        "merchant_ships",
        "action_slots",
        "give_up_compensation",
        "vdg_tiles",
    ):
        assert group in comp.data["provenance"]


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (
            {"landings.calicut.completion_vp": "x"},
            "landings.calicut.completion_vp must be an integer",
        ),
        ({"landings.malindi.slots": [9, 21]}, "landings.malindi.slots[1] = 21 is outside 1..20"),
        ({"projects.I.3.crew": 6}, "projects.I[3].crew = 6 is outside 1..5"),
        ({"projects.I.3.crew": 0}, "projects.I[3].crew = 0 is outside 1..5"),
        ({"merchant_ships.limits": [5, 6, 7]}, "merchant_ships.limits must hold 6 values"),
        ({"landings.natal.bonus": "gold"}, "landings.natal.bonus"),
        ({"vdg_tiles.tiles.0.reals": [1]}, "vdg_tiles.tiles[0].reals must hold 2 values"),
        ({"nonsense.key": 1}, "no field 'nonsense'"),
    ],
)
def test_bad_values_are_named(override: dict, message: str) -> None:
    with pytest.raises(ComponentError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_components(overrides=override)


def test_deck_must_hold_35_tiles(tmp_path: Path) -> None:
    text = DEFAULT_PATH.read_text().replace(
        '    { id = "III-11", limit = 11, crew = 5, income_reals = 1, income_vp = 1 },\n', ""
    )
    bad = tmp_path / "short.toml"
    bad.write_text(text)
    with pytest.raises(ComponentError, match=r"must hold 35 tiles in all.*hold 34"):
        load_components(bad)


def test_missing_key_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "nocomp.toml"
    bad.write_text(DEFAULT_PATH.read_text().replace("completion_vp = 5\n", ""))
    with pytest.raises(
        ComponentError, match=re.escape("missing key 'landings.calicut.completion_vp'")
    ):
        load_components(bad)


def test_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="cannot read component data file"):
        load_components(tmp_path / "absent.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("landings = [")
    with pytest.raises(ComponentError, match="not valid TOML"):
        load_components(broken)


def test_override_changes_the_game_and_the_digest() -> None:
    base = load_components()
    comp = load_components(overrides=["landings.calicut.completion_vp=6"])
    assert comp.array[L.C_LAND_COMPLETION + 5] == 6
    assert comp.digest != base.digest
    assert new_game(players=2, seed=1, components=comp).components is comp
