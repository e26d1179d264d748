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
