"""Goa component data: provenance, validation with one-line errors, overrides, digest."""

from __future__ import annotations

import pytest

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import ComponentError, default_components, load_components


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
    from vdgsim.games.goa.components import variant_flags

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
    from vdgsim.games.goa.game import Options, new_game

    data = load_components(overrides={"variants.quick_start": True})
    by_data = new_game(players=3, seed=11, components=data)
    by_option = new_game(players=3, seed=11, options=Options(quick_start=True))
    plain = new_game(players=3, seed=11)
    assert by_data.s[L.S_OPT_QUICK] == 1 and plain.s[L.S_OPT_QUICK] == 0
    assert (by_data.s == by_option.s).all()
    # explicit options win over the data's
    assert new_game(players=3, seed=11, components=data, options=Options()).s[L.S_OPT_QUICK] == 0


def _data_file(tmp_path, change) -> str:
    from vdgsim.games.goa.components import DEFAULT_PATH

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    changed = change(text)
    assert changed != text  # the edit found its line
    path = tmp_path / "mine.toml"
    path.write_text(changed, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (
            lambda t: t.replace("\nmost_ducats_vp", "\nmost_ducat_vp"),
            "scoring.most_ducat_vp: unknown key",
        ),
        (lambda t: t.replace("\n[scoring]\n", "\n[scorring]\n"), "scorring: unknown table"),
        (
            lambda t: t.replace('\nmark = "D"', '\nmrak = "D"', 1),
            "colonies.tiles[0].mrak: unknown key",
        ),
    ],
    ids=["key-in-a-known-table", "top-level-table", "key-in-a-list-of-tables"],
)
def test_an_unknown_key_or_table_is_refused_naming_the_file_and_the_key(tmp_path, change, needle):
    path = _data_file(tmp_path, change)
    with pytest.raises(ComponentError) as e:
        load_components(path)
    text = str(e.value)
    assert text.startswith(f"{path}: ") and needle in text and "\n" not in text


def test_an_unknown_key_suggests_the_closest_known_one(tmp_path):
    path = _data_file(tmp_path, lambda t: t.replace("\nmost_ducats_vp", "\nmost_ducat_vp"))
    with pytest.raises(ComponentError, match=r"did you mean scoring\.most_ducats_vp\?"):
        load_components(path)
    path = _data_file(tmp_path, lambda t: t.replace("\n[scoring]\n", "\n[scorring]\n"))
    with pytest.raises(ComponentError, match=r"did you mean scoring\?"):
        load_components(path)


def _leaf_keys(node, prefix=""):
    """Every dotted key of a value in ``node`` that --set can address (tables and indices)."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, v in items:
        key = f"{prefix}{k}"
        if (
            isinstance(v, dict | list)
            and v
            and not (isinstance(v, list) and not isinstance(v[0], dict | list))
        ):
            yield from _leaf_keys(v, key + ".")
        else:
            yield key, v


def test_every_key_of_the_shipped_data_and_every_variant_still_loads_with_set(tmp_path):
    from vdgsim.games.goa.components import DEFAULT_PATH, OPTIONS

    assert load_components(DEFAULT_PATH).digest == default_components().digest
    data = {k: v for k, v in default_components().data.items() if k != "provenance"}  # free text
    keys = dict(_leaf_keys(data))
    assert len(keys) > 100 and "scoring.most_ducats_vp" in keys and "tiles.0.count" in keys
    for key, value in keys.items():  # its own value: only the key is under test
        load_components(overrides={key: value})
    for key, value in OPTIONS.items():
        load_components(overrides={key: value})
    # a file that names every variant explicitly loads too
    path = _data_file(
        tmp_path, lambda t: t + "\n[variants]\nbonanza = true\nextra_action_cap = 2\n"
    )
    assert load_components(path).data["variants"]["bonanza"] is True
