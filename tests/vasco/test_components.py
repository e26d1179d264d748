"""Component data: the default file's numbers, validation errors that name the field, overrides."""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_vdg

from vdgsim import ComponentError, load_components, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import (
    AXES,
    CROSS_CHECKS,
    DEFAULT_PATH,
    FIELD_SPECS,
    METADATA_KEYS,
    FieldSpec,
    apply_overrides,
    known_keys,
    validate_and_pack,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "components.md"


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
    # options are variants of the rules, not printed numbers: no provenance mark covers them
    assert set(comp.data["provenance"]) == {s.group for s in FIELD_SPECS if not s.option}


# Expected sha256 of the packed array (and the data digest), computed once from the hand-written
# validation this table replaced: `git worktree add /tmp/base79 79c055f`, then in it
# `hashlib.sha256(load_components(overrides=o).array.tobytes()).hexdigest()` for these overrides.
PACKED_AT_79C055F = [
    (None, "fb214029ddc8e8ecca0da65b93539d7d7c63bf1f34e564c72643c63152e57688", "1171d7fc0623842e"),
    (
        [
            "landings.calicut.completion_vp=6",
            "landings.natal.slots=[9, 3, 2]",
            "projects.II.4.crew=1",
            "vdg_tiles.tiles.3.reals=[7, 0]",
            "counts.regular_discs=3",
            "landings.mombasa.bonus=sailor",
            "action_slots.players_3.purchase=6",
            "costs.sailors_by_colours=[0, 2, 5, 9]",
            "give_up_compensation.numbers_1_to_20=[0,0,0,0,0,1,1,1,1,1,2,2,2,2,2,3,3,3,3,4]",
            "merchant_ships.limits=[4, 5, 6, 7, 8, 20]",
            "vdg_tiles.tiles.8.variation=-19",
        ],
        "3a970266dbb44f78e061023d5b9154e7a5ec6154a58bbc25fe8080a7a5175ca2",
        "bc7338c05863bd10",
    ),
]


@pytest.mark.parametrize(("overrides", "array_sha", "digest"), PACKED_AT_79C055F)
def test_packed_array_is_byte_identical_to_the_hand_written_checks(
    overrides: list[str] | None, array_sha: str, digest: str
) -> None:
    comp = load_components(overrides=overrides)
    assert comp.array.dtype == "int64" and comp.array.shape == (L.C_SIZE,)
    # the options (setup.character_deal) are packed after every field of 79c055f, 0 by default
    assert hashlib.sha256(comp.array[: L.C_CHARACTER_DEAL].tobytes()).hexdigest() == array_sha
    assert not comp.array[L.C_CHARACTER_DEAL :].any()
    assert comp.digest == digest


def test_an_option_at_its_default_is_the_same_data_as_no_option(tmp_path: Path) -> None:
    """setup.character_deal: the digest (and the packed array) of data that leaves the option
    out, or holds it at its default, are those of the data before the option existed; another
    value is other data. A file without the option still takes it through --set."""
    text = DEFAULT_PATH.read_text()
    assert 'character_deal = "rulebook"' in text
    bare = tmp_path / "no_setup.toml"
    bare.write_text(text[: text.index("\n# Setup variants")] + "\n")
    assert "setup" not in tomllib.loads(bare.read_text())
    default, without = load_components(), load_components(bare)
    assert default.digest == without.digest == PACKED_AT_79C055F[0][2]
    assert default.array.tobytes() == without.array.tobytes()
    assert load_components(overrides=["setup.character_deal=rulebook"]).digest == default.digest
    random = load_components(overrides=["setup.character_deal=random"])
    assert random.digest != default.digest
    assert random.array[L.C_CHARACTER_DEAL] == L.DEAL_RANDOM
    assert (random.array[: L.C_CHARACTER_DEAL] == default.array[: L.C_CHARACTER_DEAL]).all()
    also = load_components(bare, ["setup.character_deal=random"])
    assert also.digest == random.digest and also.data["setup"] == {"character_deal": "random"}
    with pytest.raises(ComponentError, match=r"expected one of \('rulebook', 'random'\)$"):
        load_components(bare, ["setup.character_deal=shuffled"])
    assert all(s.option == (s.group == "setup") for s in FIELD_SPECS)
    assert all(
        "." in s.key and "<" not in s.key and "[]" not in s.key for s in FIELD_SPECS if s.option
    )


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
        ({"counts.missionaries": True}, "counts.missionaries must be an integer, got bool"),
        ({"landings": 3}, "landings must be a table, got int 3"),
        ({"projects.I.0": 3}, "projects.I[0] must be a table, got int 3"),
        ({"landings.natal.slots": []}, "landings.natal.slots must hold 1..8 values, holds 0"),
        ({"landings.natal.bonus": 1}, "landings.natal.bonus must be a string, got int 1"),
        (
            {"vdg_tiles.tiles": [{"initial": 4, "variation": 0, "reals": [1, 1]}]},
            "vdg_tiles.tiles must hold 9 tables, holds 1",
        ),
        ({"projects.II.0.id": "I-1"}, "projects.II[0].id = 'I-1' repeats projects.I[0].id"),
        # the cross-field checks
        ({"counts.starting_captains": 8}, "counts.starting_captains exceeds"),
        ({"counts.setup_sailors_per_section": 6}, "setup_sailors_per_section exceeds"),
        ({"counts.sailors_per_colour": 4}, "too few sailors to fill the Recruiting Area"),
        (
            {f"action_slots.players_4.{a}": 4 for a in L.AREA_KEYS},
            "action_slots.players_4 has 16 slots for 17 discs",
        ),
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


@pytest.mark.parametrize(
    ("key", "nearest"),
    [
        ("landings.calcut.completion_vp", "landings.calicut.completion_vp"),
        ("counts.starting_real", "counts.starting_reals"),
        ("projects.I.3.crw", "projects.I.<n>.crew"),
    ],
)
def test_override_of_an_unknown_key_names_the_nearest_known_keys(key: str, nearest: str) -> None:
    with pytest.raises(ComponentError, match=r"nearest known keys: [^;]*" + re.escape(nearest)):
        load_components(overrides=[f"{key}=1"])


def _default_data() -> dict:
    return tomllib.loads(DEFAULT_PATH.read_text())


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (
            ("counts", "starting_real"),
            "unknown key 'counts.starting_real'; nearest known keys here: starting_reals",
        ),
        (("landings", "atlantis"), "unknown key 'landings.atlantis'"),
        (("action_slots", "players_5"), "unknown key 'action_slots.players_5'"),
        (("extra", None), "unknown key 'extra'"),
    ],
)
def test_a_data_file_with_an_unknown_key_is_refused(path: tuple, message: str) -> None:
    data = _default_data()
    parent, key = path
    if key is None:
        data[parent] = {}
    else:
        data[parent][key] = 1
    with pytest.raises(ComponentError, match=re.escape(message)):
        validate_and_pack(data)


def test_unknown_key_inside_a_list_of_tables_is_named() -> None:
    data = _default_data()
    data["projects"]["II"][4]["colour"] = "red"
    with pytest.raises(ComponentError, match=re.escape("unknown key 'projects.II[4].colour'")):
        validate_and_pack(data)


def test_provenance_and_name_are_free_form() -> None:
    data = _default_data()
    data["provenance"]["anything"] = "R"
    data["name"] = "mine"
    validate_and_pack(data)


def test_the_table_covers_the_default_file_exactly() -> None:
    data = _default_data()
    leaves: set[str] = set()

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict) and path != "provenance":
            for k, v in node.items():
                walk(v, f"{path}.{k}" if path else k)
        elif isinstance(node, list) and node and isinstance(node[0], dict):
            for item in node:
                walk(item, f"{path}.<n>")
        else:
            leaves.add(path)

    walk(data, "")
    assert leaves == set(known_keys())
    # and every key the table knows can be overridden through --set
    one_each = {k.replace("<n>", "0"): None for k in known_keys()}
    assert apply_overrides(data, one_each)


def _missing_from_doc(doc: str) -> list[str]:
    """Table keys whose parts are not all written (in backticks) in their group's section."""
    sections = doc.split("\n## ")[1:]  # the overview table before the first section is no proof
    missing = [k for k in METADATA_KEYS if f"`{k}`" not in doc]
    for spec in FIELD_SPECS:
        # the section that writes the group as a key (`counts`, `landings.natal`), not as the
        # start of another word (`setup_sailors_per_section`)
        group = re.compile(rf"`{spec.group}[`.]")
        section = next((s for s in sections if group.search(s)), "")
        written = {part for tok in re.findall(r"`([^`]+)`", section) for part in tok.split(".")}
        for seg in spec.key.split("."):
            seg = seg.removesuffix("[]")
            names = AXES[seg[1:-1]] if seg.startswith("<") else (seg,)
            missing += [f"{spec.key} ({n})" for n in names if n not in written]
    return missing


def test_every_field_of_the_table_is_documented() -> None:
    assert _missing_from_doc(DOCS.read_text()) == []


def test_the_documentation_check_notices_a_missing_key() -> None:
    doc = DOCS.read_text()
    assert _missing_from_doc(doc.replace("`crew`", "crew")) == ["projects.<deck>[].crew (crew)"]
    assert _missing_from_doc(doc.replace("`counts`", "counts")) != []


def test_vdg_data_check_names_the_field_and_the_nearest_keys(tmp_path: Path) -> None:
    bad = tmp_path / "typo.toml"
    bad.write_text(
        DEFAULT_PATH.read_text().replace("missionaries = 6", "missionaries = 6\nmisionaries = 5")
    )
    for args in (["data", "check", str(bad)], ["data", "check", "--set", "counts.misionaries=5"]):
        out = run_vdg(*args)
        assert out.returncode == 2
        assert len(out.stderr.strip().splitlines()) == 1
        assert "counts.misionaries" in out.stderr and "missionaries" in out.stderr


def _first_instance(spec: FieldSpec) -> tuple[str, str]:
    """The first instance of a field: its ``--set`` key and its path as error messages name it."""
    key: list[str] = []
    path: list[str] = []
    for seg in spec.key.split("."):
        name = seg.removesuffix("[]")
        name = AXES[name[1:-1]][0] if name.startswith("<") else name
        key.append(name + (".0" if seg.endswith("[]") else ""))
        path.append(name + ("[0]" if seg.endswith("[]") else ""))
    return ".".join(key), ".".join(path)


def _bad_values(spec: FieldSpec) -> list[tuple[Any, str]]:
    """Bad values for every check the table makes of a field, each with its expected message.

    A kind without an entry here fails the test below, so a new kind of check is tested too."""
    _, path = _first_instance(spec)
    if spec.kind == "int":
        return [
            (spec.lo - 1, f"{path} = {spec.lo - 1} is outside {spec.lo}..{spec.hi}"),
            (spec.hi + 1, f"{path} = {spec.hi + 1} is outside {spec.lo}..{spec.hi}"),
            ("7", f"{path} must be an integer, got str '7'"),
            (True, f"{path} must be an integer, got bool True"),
        ]
    if spec.kind == "ints":
        fewest, most = (spec.size, spec.size) if isinstance(spec.size, int) else spec.size
        count = str(fewest) if fewest == most else f"{fewest}..{most}"
        ok = [spec.lo] * fewest
        return [
            ([spec.lo] * (most + 1), f"{path} must hold {count} values, holds {most + 1}"),
            ([spec.hi + 1, *ok[1:]], f"{path}[0] = {spec.hi + 1} is outside {spec.lo}..{spec.hi}"),
            ([*ok[:-1], spec.lo - 1], f"{path}[{fewest - 1}] = {spec.lo - 1} is outside"),
            ([str(spec.lo), *ok[1:]], f"{path}[0] must be an integer, got str"),
            (spec.lo, f"{path} must be a list of integers, got int {spec.lo}"),
        ] + ([] if fewest == 0 else [([], f"{path} must hold {count} values, holds 0")])
    if spec.kind == "choice":
        return [
            ("gold", f"{path} = 'gold'; expected one of {spec.choices}"),
            (1, f"{path} must be a string, got int 1"),
        ]
    if spec.kind == "id":
        return [(1, f"{path} must be a string, got int 1")]
    raise AssertionError(f"no bad values for the {spec.kind!r} kind of {spec.key}: add them here")


@pytest.mark.parametrize("spec", FIELD_SPECS, ids=[s.key for s in FIELD_SPECS])
def test_every_check_of_the_table_refuses_a_bad_value_in_one_line(spec: FieldSpec) -> None:
    key, _ = _first_instance(spec)
    for value, message in _bad_values(spec):
        with pytest.raises(ComponentError) as e:
            load_components(overrides={key: value})
        text = str(e.value)
        assert text.startswith("component data: ") and message in text, (value, text)
        assert "\n" not in text


def test_a_repeated_id_is_refused() -> None:
    ids = [s for s in FIELD_SPECS if s.kind == "id"]
    assert ids
    for spec in ids:
        key, path = _first_instance(spec)
        comp = load_components()
        second = key.removesuffix(".0." + spec.key.rsplit(".", 1)[1])
        data = apply_overrides(comp.data, {f"{second}.1.id": comp.tile_names[0]})
        with pytest.raises(ComponentError, match=re.escape(f"repeats {path}; ids must be unique")):
            validate_and_pack(data)


def _drop_last_tile(data: dict) -> None:
    data["projects"]["III"].pop()


def _set(key: str, value: object) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        data.update(apply_overrides(data, {key: value}))

    return change


def _crowd_players_4(data: dict) -> None:
    for area in L.AREA_KEYS:
        data["action_slots"]["players_4"][area] = 4


# One data change per cross-field check that breaks that check alone, and its message.
CROSS_CASES: dict[str, tuple[Callable[[dict], None], str]] = {
    "decks_hold_35_tiles": (_drop_last_tile, "the project decks must hold 35 tiles in all"),
    "starting_captains_in_supply": (
        _set("counts.starting_captains", 8),
        "counts.starting_captains exceeds counts.captains_per_colour",
    ),
    "setup_sailors_fit_a_section": (
        _set("counts.setup_sailors_per_section", 6),
        "counts.setup_sailors_per_section exceeds counts.section_capacity",
    ),
    "sailors_fill_the_recruiting_area": (
        _set("counts.sailors_per_colour", 4),
        "too few sailors to fill the Recruiting Area",
    ),
    "more_slots_than_discs": (_crowd_players_4, "action_slots.players_4 has 16 slots for 17 discs"),
}


@pytest.mark.parametrize("check", CROSS_CHECKS, ids=[c.__name__ for c in CROSS_CHECKS])
def test_every_cross_field_check_refuses_bad_data_in_one_line(check: Callable) -> None:
    assert check.__name__ in CROSS_CASES, f"add a bad-data case for {check.__name__}"
    change, message = CROSS_CASES[check.__name__]
    data = _default_data()
    assert check(_fields(data)) is None
    change(data)
    assert check(_fields(data)) is not None
    with pytest.raises(ComponentError) as e:
        validate_and_pack(data)
    assert str(e.value).startswith("component data: ") and message in str(e.value)
    assert "\n" not in str(e.value)


def _fields(data: dict) -> dict[str, list]:
    from vdgsim.games.vasco.components import check_fields

    return {k: [i.value for i in inst] for k, inst in check_fields(data).items()}


def test_packed_values_are_the_numbers_of_the_file() -> None:
    """Independent of the table: read the TOML by hand and find its numbers where layout says."""
    data = _default_data()
    c = load_components().array
    for i, key in enumerate(L.LANDING_KEYS):
        land = data["landings"][key]
        n = len(land["slots"])
        assert c[L.C_LAND_NSLOTS + i] == n
        assert list(c[L.C_LAND_VALUE + i * L.MAX_SLOTS :][:n]) == land["slots"]
        assert c[L.C_LAND_COMPLETION + i] == land["completion_vp"]
        assert c[L.C_LAND_BONUS_REALS + i] == land["bonus_reals"]
    tiles = [t for deck in ("I", "II", "III") for t in data["projects"][deck]]
    assert [int(c[L.C_PROJ_CREW + k]) for k in range(len(tiles))] == [t["crew"] for t in tiles]
    assert [int(c[L.C_PROJ_LIMIT + k]) for k in range(len(tiles))] == [t["limit"] for t in tiles]
    assert (
        list(c[L.C_MERCH_LIMIT : L.C_MERCH_LIMIT + L.N_MERCHANTS])
        == data["merchant_ships"]["limits"]
    )
    assert (
        list(c[L.C_COMPENSATION + 1 : L.C_COMPENSATION + 21])
        == data["give_up_compensation"]["numbers_1_to_20"]
    )
    assert c[L.C_START_REALS] == data["counts"]["starting_reals"]
    assert c[L.C_END_VP_PER_SHIP] == data["costs"]["end_vp_per_ship"]
