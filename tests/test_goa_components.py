"""Goa component data: provenance, validation with one-line errors, overrides, digest."""

from __future__ import annotations

import pytest

from vdgsim.goa import layout as L
from vdgsim.goa.components import ComponentError, default_components, load_components


def test_default_data_packs_and_has_provenance():
    c = default_components()
    assert len(c.tile_names) == 58 and len(c.card_names) == 30
    prov = c.provenance()
    assert "R" in prov["tiles"] and "development.taxes" in prov
    assert all("mark" in t for t in c.data["tiles"])


def test_overrides_change_values_and_digest():
    c = load_components(overrides={"development.taxes": [4, 5, 6, 7, 9]})
    assert int(c.array[L.C_DEV_VALUE + 2 * 5 + 3]) == 7
    assert c.digest != default_components().digest


def test_a_list_element_is_overridden_by_its_index():
    c = load_components(overrides={"development.taxes.3": 7})
    assert c.data["development"]["taxes"] == [4, 5, 6, 7, 10]
    assert int(c.array[L.C_DEV_VALUE + 2 * 5 + 3]) == 7
    tiles = load_components(overrides={"colonies.tiles.1.spices": ["pepper", "clove"]})
    assert tiles.data["colonies"]["tiles"][1]["spices"] == ["pepper", "clove"]
    assert tiles.data["colonies"]["tiles"][0] == default_components().data["colonies"]["tiles"][0]


@pytest.mark.parametrize("key", ["development.taxes.5", "development.taxes.x", "start.ships.0"])
def test_a_missing_list_element_is_one_line(key):
    with pytest.raises(ComponentError, match=f"{key}: no such key") as e:
        load_components(overrides={key: 1})
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(
    ("key", "value", "msg"),
    [
        ("development.taxes", [4, 5, 6], "development.taxes: expected a list of 5"),
        ("development.ships", [1, 2, 3, 2, 5], "must not fall"),
        ("colonies.need.quilon", "six", "expected an integer"),
        ("start.ships", -1, "outside"),
        ("nope.key", 1, "no such key"),
    ],
)
def test_invalid_values_give_one_line_errors(key, value, msg):
    with pytest.raises(ComponentError) as e:
        load_components(overrides={key: value})
    assert msg in str(e.value) and "\n" not in str(e.value)


def test_tile_counts_must_be_29_per_phase():
    data = default_components().data
    tiles = [dict(t) for t in data["tiles"]]
    tiles[-1]["count"] = 2
    with pytest.raises(ComponentError, match="phase B has 30 tiles"):
        load_components(overrides={"tiles": tiles})


def test_the_variants_are_off_unless_the_data_turns_them_on():
    from vdgsim.goa.components import variant_flags

    assert "variants" not in default_components().data  # the default data leaves them out
    assert variant_flags(default_components()) == (False, False, False, 0)
    c = load_components(overrides={"variants.bonanza": True, "variants.extra_action_cap": 10})
    assert variant_flags(c) == (False, True, False, 10)
    assert c.digest != default_components().digest


@pytest.mark.parametrize(
    ("key", "value", "msg"),
    [
        ("variants.bonanza", "yes", "expected true or false"),
        ("variants.extra_action_cap", -1, "outside"),
        ("variants.quick", True, "no such key"),
    ],
)
def test_a_bad_variant_is_one_line(key, value, msg):
    with pytest.raises(ComponentError, match=msg) as e:
        load_components(overrides={key: value})
    assert "\n" not in str(e.value)


def test_a_game_plays_the_variants_of_its_data():
    from vdgsim.goa.game import Options, new_game

    data = load_components(overrides={"variants.quick_start": True})
    by_data = new_game(players=3, seed=11, components=data)
    by_option = new_game(players=3, seed=11, options=Options(quick_start=True))
    plain = new_game(players=3, seed=11)
    assert by_data.s[L.S_OPT_QUICK] == 1 and plain.s[L.S_OPT_QUICK] == 0
    assert (by_data.s == by_option.s).all()
    # explicit options win over the data's
    assert new_game(players=3, seed=11, components=data, options=Options()).s[L.S_OPT_QUICK] == 0
