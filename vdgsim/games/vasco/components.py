"""Component data: load, validate, override and pack the printed numbers of the game.

The default data lives in ``vdgsim/games/vasco/data/components.toml`` with a provenance mark per
group (S sourced, D derived, R reconstructed). Any other file of the same shape can be passed, and
single values can be overridden with dotted keys (``landings.calicut.completion_vp=6``).
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

import numpy as np

from vdgsim.core import plug
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine.state import PlainComponentView

DEFAULT_PATH = Path(str(resources.files("vdgsim.games.vasco") / "data" / "components.toml"))
DECKS = ("I", "II", "III")


class ComponentError(plug.ComponentError):
    """A component data file or override is invalid; the message names the field."""


@dataclass(frozen=True)
class Components:
    """Validated component data: the raw mapping, the packed array and tile names."""

    data: dict[str, Any]
    array: np.ndarray
    tile_names: tuple[str, ...]
    source: str
    digest: str = field(default="")

    @property
    def fields(self) -> Any:
        """The packed array read through the field names of :data:`vdgsim.games.vasco.layout.
        COMPONENT_FIELDS` (``comp.fields.land_value[landing, slot]``), as the compiled rules
        read it (:func:`vdgsim.games.vasco.engine.state.comp`)."""
        return PlainComponentView(self.array)

    def landing_slots(self, landing: int) -> list[int]:
        """Slot values of a landing, left to right."""
        cf = self.fields
        return [int(v) for v in cf.land_value[landing, : cf.land_nslots[landing]]]

    def tile_index(self, name: str) -> int:
        """Index of a project tile by its printed id (``"I-12"``)."""
        try:
            return self.tile_names.index(name)
        except ValueError:
            raise ComponentError(f"unknown project tile {name!r}") from None


def parse_override(item: str) -> tuple[str, Any]:
    """Split ``"landings.calicut.completion_vp=6"`` into its key and its TOML value."""
    try:
        return plug.parse_override(item)
    except ValueError as e:
        raise ComponentError(str(e)) from None


PLAYER_KEYS = ("players_2", "players_3", "players_4")
# What a ``<axis>`` segment of a field's key stands for, in packing order.
AXES: dict[str, tuple[str, ...]] = {
    "landing": L.LANDING_KEYS,
    "deck": DECKS,
    "players": PLAYER_KEYS,
    "area": L.AREA_KEYS,
}
# Top-level keys for people (the report prints them); free-form, never read by the rules.
METADATA_KEYS = ("name", "provenance")

Kind = Literal["int", "ints", "choice", "id"]


@dataclass(frozen=True)
class FieldSpec:
    """One field of the component data: its key, what it may hold and where it is packed.

    ``key`` is a dotted TOML path: a ``<axis>`` segment stands for every key of that
    :data:`AXES` entry, and a segment ending in ``[]`` is a list of tables. The field has one
    instance per axis key and list entry; instance ``k`` (in that order) is packed at
    ``at + k * stride``. Kinds: ``int`` (in ``lo..hi``), ``ints`` (a list of ``size`` such
    integers, or ``(fewest, most)`` with its length packed at ``count_at``), ``choice`` (one of
    ``choices``, packed as its index) and ``id`` (a string unique over the instances, which
    packs the index of its first axis; ``lo``/``hi`` are unused by the last two).

    A field with a ``default`` is an *option* (a documented variant of the rules, not a printed
    number): a plain key (no axis, no list) that a data file may leave out, which then holds
    ``default``; no ``[provenance]`` mark covers it, and the data digest leaves it out while it
    holds its default, so data without the option and data with it at its default are the same
    data (the same digest, the same games).
    """

    key: str
    kind: Kind
    at: int
    lo: int
    hi: int
    doc: str
    size: int | tuple[int, int] = 1
    count_at: int | None = None
    choices: tuple[str, ...] = ()
    default: Any = None

    @property
    def option(self) -> bool:
        """A variant option: may be absent, holds ``default`` then (see the class doc)."""
        return self.default is not None

    @property
    def group(self) -> str:
        """The provenance group: the field's top-level key, which ``[provenance]`` marks."""
        return self.key.split(".", 1)[0]

    @property
    def stride(self) -> int:
        return self.size if isinstance(self.size, int) else self.size[1]


FIELD_SPECS: tuple[FieldSpec, ...] = (
    # C1 landings, bottom to top
    FieldSpec(
        "landings.<landing>.slots",
        "ints",
        L.C_LAND_VALUE,
        1,
        20,
        "ship slot values, left to right",
        size=(1, L.MAX_SLOTS),
        count_at=L.C_LAND_NSLOTS,
    ),
    FieldSpec(
        "landings.<landing>.completion_vp",
        "int",
        L.C_LAND_COMPLETION,
        0,
        100,
        "VP per player ship when the landing completes (R6.3)",
    ),
    FieldSpec(
        "landings.<landing>.bonus",
        "choice",
        L.C_LAND_BONUS,
        0,
        0,
        "what each ship sent earns (R5.4)",
        choices=L.BONUS_KEYS,
    ),
    FieldSpec(
        "landings.<landing>.bonus_reals",
        "int",
        L.C_LAND_BONUS_REALS,
        0,
        100,
        "the Reals of a reals bonus",
    ),
    # C2 project tiles, deck after deck
    FieldSpec("projects.<deck>[].id", "id", L.C_PROJ_DECK, 0, 0, "printed id, e.g. I-12"),
    FieldSpec("projects.<deck>[].limit", "int", L.C_PROJ_LIMIT, 1, 20, "navigation limit"),
    FieldSpec("projects.<deck>[].crew", "int", L.C_PROJ_CREW, 1, 5, "crew size"),
    FieldSpec(
        "projects.<deck>[].income_reals", "int", L.C_PROJ_REALS, 0, 20, "Reals a Phase 3 (R6.2)"
    ),
    FieldSpec("projects.<deck>[].income_vp", "int", L.C_PROJ_VP, 0, 20, "VP a Phase 3 (R6.2)"),
    # C3 merchant ships
    FieldSpec(
        "merchant_ships.limits",
        "ints",
        L.C_MERCH_LIMIT,
        1,
        20,
        "navigation limits of the merchant ships",
        size=L.N_MERCHANTS,
    ),
    # C4 action slots
    FieldSpec(
        "action_slots.<players>.<area>", "int", L.C_AREA_SLOTS, 1, 22, "action slots in the Area"
    ),
    # C5 Numbers Zone (numbers 0, 21 and 22 pay nothing: a rule, not data)
    FieldSpec(
        "give_up_compensation.numbers_1_to_20",
        "ints",
        L.C_COMPENSATION + 1,
        0,
        100,
        "Reals for giving up numbers 1..20 (R4.4)",
        size=20,
    ),
    # C6 Vasco da Gama tiles
    FieldSpec("vdg_tiles.tiles[].initial", "int", L.C_VDG_INITIAL, 1, 20, "Initial Number"),
    FieldSpec("vdg_tiles.tiles[].variation", "int", L.C_VDG_VARIATION, -19, 19, "Variation Number"),
    FieldSpec(
        "vdg_tiles.tiles[].reals",
        "ints",
        L.C_VDG_REALS,
        0,
        100,
        "Reals put on the money spaces, upper then lower",
        size=2,
    ),
    # C7 counts
    FieldSpec(
        "counts.starting_reals", "int", L.C_START_REALS, 0, 1000, "Reals a player starts with"
    ),
    FieldSpec(
        "counts.sailors_per_colour", "int", L.C_SAILORS_PER_COLOUR, 1, 50, "sailors of a colour"
    ),
    FieldSpec("counts.missionaries", "int", L.C_MISSIONARIES, 0, 50, "missionaries in the game"),
    FieldSpec(
        "counts.captains_per_colour", "int", L.C_CAPTAINS_PER_COLOUR, 1, 50, "captains a player"
    ),
    FieldSpec(
        "counts.starting_captains", "int", L.C_START_CAPTAINS, 0, 50, "of them supplied at start"
    ),
    FieldSpec(
        "counts.section_capacity", "int", L.C_SECTION_CAPACITY, 1, 7, "sailors a section holds"
    ),
    FieldSpec(
        "counts.setup_sailors_per_section",
        "int",
        L.C_SETUP_SAILORS,
        0,
        7,
        "sailors drawn into a section at setup",
    ),
    FieldSpec(
        "counts.refill_sailors_per_section",
        "int",
        L.C_REFILL_SAILORS,
        0,
        7,
        "sailors drawn into a section at a round's end",
    ),
    FieldSpec("counts.regular_discs", "int", L.C_REGULAR_DISCS, 1, 5, "action discs a player"),
    # costs stated in the rules
    FieldSpec(
        "costs.sailors_by_colours",
        "ints",
        L.C_SAILOR_COST + 1,
        0,
        100,
        "Reals for sailors of 1, 2, 3, 4 distinct colours",
        size=4,
    ),
    FieldSpec("costs.one_project", "int", L.C_ONE_PROJECT, 0, 100, "one upper-space project"),
    FieldSpec("costs.two_projects", "int", L.C_TWO_PROJECTS, 0, 100, "two upper-space projects"),
    FieldSpec("costs.dias_vp", "int", L.C_DIAS_VP, 0, 100, "VP for receiving or holding Dias"),
    FieldSpec("costs.end_reals_per_vp", "int", L.C_END_REALS_PER_VP, 1, 100, "Reals per end VP"),
    FieldSpec(
        "costs.end_vp_per_ship", "int", L.C_END_VP_PER_SHIP, 0, 100, "end VP per captained ship"
    ),
    # setup variants (options, not rules: docs/rules.md "Variants")
    FieldSpec(
        "setup.character_deal",
        "choice",
        L.C_CHARACTER_DEAL,
        0,
        0,
        "characters dealt by R1.3's table (rulebook), or the same characters to the seats in "
        "a random order drawn from the game's seed (random)",
        choices=L.CHARACTER_DEAL_KEYS,
        default="rulebook",
    ),
)
# The variant options of FIELD_SPECS by key, with their defaults.
OPTIONS: dict[str, Any] = {s.key: s.default for s in FIELD_SPECS if s.option}
# Lists of tables that must hold a fixed number of entries (the decks are counted together).
LIST_SIZES = {"vdg_tiles.tiles": L.N_VDG}


class Instance(NamedTuple):
    """One value of a field: its path as messages name it (``projects.I[3].crew``), the index
    along the field's first axis (0 without one), and the value."""

    path: str
    axis: int
    value: Any


# Validated values by field key, one per instance in packing order.
Fields = dict[str, list[Any]]


def _shape() -> dict[str, Any]:
    """The key tree the table allows, axes expanded; ``"[]"`` holds a list entry's keys."""
    tree: dict[str, Any] = {k: {} for k in METADATA_KEYS}
    for spec in FIELD_SPECS:
        levels = [tree]
        for seg in spec.key.split("."):
            name = seg.removesuffix("[]")
            names = AXES[name[1:-1]] if name.startswith("<") else (name,)
            nxt = []
            for node in levels:
                for n in names:
                    child = node.setdefault(n, {})
                    nxt.append(child.setdefault("[]", {}) if seg.endswith("[]") else child)
            levels = nxt
    return tree


SHAPE = _shape()


def known_keys() -> list[str]:
    """Every key the table allows, as ``--set`` spells it (``<n>`` for a list index)."""
    out: list[str] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for k, child in node.items():
            path = f"{prefix}.{k}" if prefix else k
            if "[]" in child:
                walk(child["[]"], f"{path}.<n>")
            elif child:
                walk(child, path)
            else:
                out.append(path)

    walk(SHAPE, "")
    return out


def _nearest(word: str, candidates: list[str], fallback: list[str] | None = None) -> str:
    """The few candidates closest to ``word``; with none close, ``fallback`` (or all)."""
    near = difflib.get_close_matches(word, candidates, n=3, cutoff=0.6)
    return ", ".join(near or sorted(candidates if fallback is None else fallback))


def apply_overrides(data: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of ``data`` with dotted-key overrides set; the key must already exist
    (or be an option of :data:`OPTIONS`, which a data file may leave out).

    List elements are addressed by index: ``vdg_tiles.tiles.3.variation=-1``.
    """
    out = copy.deepcopy(data)
    for key, value in overrides.items():
        parts = key.split(".")
        if key in OPTIONS:  # an option the data leaves out: its tables are made here
            table: Any = out
            for part in parts[:-1]:
                if not isinstance(table, dict):
                    break
                table = table.setdefault(part, {})
            if isinstance(table, dict):
                table.setdefault(parts[-1], OPTIONS[key])
        node: Any = out
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            where = ".".join(parts[: i + 1])
            if isinstance(node, dict):
                if part not in node:
                    spelt = ".".join("<n>" if p.isdigit() else p for p in parts)
                    raise ComponentError(
                        f"override {key}: no field {where!r} in component data; "
                        f"nearest known keys: {_nearest(spelt, known_keys(), list(SHAPE))}"
                    )
                if last:
                    node[part] = value
                else:
                    node = node[part]
            elif isinstance(node, list):
                if not part.isdigit() or int(part) >= len(node):
                    raise ComponentError(f"override {key}: {where!r} is not a valid list index")
                if last:
                    node[int(part)] = value
                else:
                    node = node[int(part)]
            else:
                raise ComponentError(f"override {key}: {where!r} is not a table or list")
    return out


def _error(text: str) -> ComponentError:
    return ComponentError(f"component data: {text}")


def _need(value: Any, path: str, kind: type, what: str) -> None:
    # bool is an int subclass in Python, and `true` in TOML is never meant as a number
    if isinstance(value, bool) or not isinstance(value, kind):
        raise _error(f"{path} must be {what}, got {type(value).__name__} {value!r}")


def _check_int(value: Any, path: str, lo: int, hi: int) -> None:
    _need(value, path, int, "an integer")
    if not lo <= value <= hi:
        raise _error(f"{path} = {value} is outside {lo}..{hi}")


def _instances(spec: FieldSpec, data: dict[str, Any]) -> list[Instance]:
    """Every instance of a field in ``data``, in packing order; checks the tables on the way."""
    level: list[tuple[str, int | None, Any]] = [("", None, data)]
    segs = spec.key.split(".")
    for depth, seg in enumerate(segs):
        name = seg.removesuffix("[]")
        axis = AXES[name[1:-1]] if name.startswith("<") else None
        nxt: list[tuple[str, int | None, Any]] = []
        for path, first, node in level:
            for i, n in enumerate(axis or (name,)):
                here = f"{path}.{n}" if path else n
                if n not in node:
                    raise _error(f"missing key {here!r}")
                child = node[n]
                ax = i if first is None and axis is not None else first
                if seg.endswith("[]"):
                    _need(child, here, list, "a list of tables")
                    size = LIST_SIZES.get(".".join(segs[: depth + 1]).removesuffix("[]"))
                    if size is not None and len(child) != size:
                        raise _error(f"{here} must hold {size} tables, holds {len(child)}")
                    for j, item in enumerate(child):
                        _need(item, f"{here}[{j}]", dict, "a table")
                        nxt.append((f"{here}[{j}]", ax, item))
                else:
                    if depth < len(segs) - 1:
                        _need(child, here, dict, "a table")
                    nxt.append((here, ax, child))
        level = nxt
    return [Instance(path, first or 0, value) for path, first, value in level]


def _option(spec: FieldSpec, data: dict[str, Any]) -> list[Instance]:
    """The one instance of an option: its value in ``data``, or its default when left out."""
    node: Any = data
    parts = spec.key.split(".")
    for depth, part in enumerate(parts):
        if part not in node:
            return [Instance(spec.key, 0, spec.default)]
        node = node[part]
        if depth < len(parts) - 1:
            _need(node, ".".join(parts[: depth + 1]), dict, "a table")
    return [Instance(spec.key, 0, node)]


def _check_field(spec: FieldSpec, path: str, value: Any) -> None:
    if spec.kind == "int":
        _check_int(value, path, spec.lo, spec.hi)
    elif spec.kind == "ints":
        _need(value, path, list, "a list of integers")
        lo_n, hi_n = (spec.size, spec.size) if isinstance(spec.size, int) else spec.size
        if not lo_n <= len(value) <= hi_n:
            count = lo_n if lo_n == hi_n else f"{lo_n}..{hi_n}"
            raise _error(f"{path} must hold {count} values, holds {len(value)}")
        for i, x in enumerate(value):
            _check_int(x, f"{path}[{i}]", spec.lo, spec.hi)
    else:
        _need(value, path, str, "a string")
        if spec.kind == "choice" and value not in spec.choices:
            raise _error(f"{path} = {value!r}; expected one of {spec.choices}")


def check_fields(data: dict[str, Any]) -> dict[str, list[Instance]]:
    """Every field of :data:`FIELD_SPECS` in ``data``, checked, by key."""
    found: dict[str, list[Instance]] = {}
    for spec in FIELD_SPECS:
        found[spec.key] = _option(spec, data) if spec.option else _instances(spec, data)
        seen: dict[str, str] = {}
        for path, _, value in found[spec.key]:
            _check_field(spec, path, value)
            if spec.kind == "id":
                if value in seen:
                    raise _error(f"{path} = {value!r} repeats {seen[value]}; ids must be unique")
                seen[value] = path
    return found


def _check_no_unknown_keys(node: Any, shape: dict[str, Any], path: str = "") -> None:
    """Refuse keys the table does not know: a misspelt key would otherwise be silently unused."""
    if not shape:
        return  # a field or a free-form metadata entry
    if "[]" in shape:
        for j, item in enumerate(node):
            _check_no_unknown_keys(item, shape["[]"], f"{path}[{j}]")
        return
    for key, child in node.items():
        here = f"{path}.{key}" if path else key
        if key not in shape:
            raise _error(
                f"unknown key {here!r}; nearest known keys here: {_nearest(key, list(shape))}"
            )
        _check_no_unknown_keys(child, shape[key], here)


# --- cross-field checks: each returns what is wrong, or None ---------------------------------


def _one(fields: Fields, key: str) -> int:
    return int(fields[key][0])


def decks_hold_35_tiles(fields: Fields) -> str | None:
    n = len(fields["projects.<deck>[].id"])
    if n == L.N_PROJECTS:
        return None
    return (
        f"the project decks must hold {L.N_PROJECTS} tiles in all "
        f"(7 a round for 5 rounds), they hold {n}"
    )


def starting_captains_in_supply(fields: Fields) -> str | None:
    if _one(fields, "counts.starting_captains") <= _one(fields, "counts.captains_per_colour"):
        return None
    return "counts.starting_captains exceeds counts.captains_per_colour"


def setup_sailors_fit_a_section(fields: Fields) -> str | None:
    if _one(fields, "counts.setup_sailors_per_section") <= _one(fields, "counts.section_capacity"):
        return None
    return "counts.setup_sailors_per_section exceeds counts.section_capacity"


def sailors_fill_the_recruiting_area(fields: Fields) -> str | None:
    have = _one(fields, "counts.sailors_per_colour") * L.N_COLOURS
    if have >= _one(fields, "counts.setup_sailors_per_section") * L.N_SECTIONS:
        return None
    return "too few sailors to fill the Recruiting Area (counts.sailors_per_colour)"


def more_slots_than_discs(fields: Fields) -> str | None:
    slots = fields["action_slots.<players>.<area>"]
    for i, key in enumerate(PLAYER_KEYS):
        p = int(key.removeprefix("players_"))
        n = sum(slots[i * L.N_AREAS : (i + 1) * L.N_AREAS])
        discs = p * _one(fields, "counts.regular_discs") + 1  # and Manuel I's disc
        if n < discs + 1:
            return (
                f"action_slots.{key} has {n} slots for {discs} discs; "
                "the rules need more slots than discs"
            )
    return None


CROSS_CHECKS: tuple[Callable[[Fields], str | None], ...] = (
    decks_hold_35_tiles,
    starting_captains_in_supply,
    setup_sailors_fit_a_section,
    sailors_fill_the_recruiting_area,
    more_slots_than_discs,
)


def validate_and_pack(data: dict[str, Any]) -> tuple[np.ndarray, tuple[str, ...]]:
    """Check every field of :data:`FIELD_SPECS` and :data:`CROSS_CHECKS`, and pack the data
    into the compiled rules' component array."""
    if not isinstance(data, dict):
        raise _error("top level must be a table")
    found = check_fields(data)
    _check_no_unknown_keys(data, SHAPE)
    fields = {key: [i.value for i in inst] for key, inst in found.items()}
    for check in CROSS_CHECKS:
        problem = check(fields)
        if problem is not None:
            raise _error(problem)
    c = np.zeros(L.C_SIZE, dtype=np.int64)
    for spec in FIELD_SPECS:
        for k, (_, axis, value) in enumerate(found[spec.key]):
            base = spec.at + k * spec.stride
            if spec.kind == "ints":
                c[base : base + len(value)] = value
                if spec.count_at is not None:
                    c[spec.count_at + k] = len(value)
            elif spec.kind == "int":
                c[base] = value
            elif spec.kind == "choice":
                c[base] = spec.choices.index(value)
            else:
                c[base] = axis
    return c, tuple(fields["projects.<deck>[].id"])


def _without_default_options(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the options that hold their default (and the tables that leaves
    empty): what the digest reads, so that an option at its default is the same as absent."""
    out = copy.deepcopy(data)
    for key, default in OPTIONS.items():
        parts = key.split(".")
        path: list[dict[str, Any]] = [out]
        for part in parts[:-1]:
            node = path[-1].get(part)
            if not isinstance(node, dict):
                break
            path.append(node)
        else:
            if parts[-1] in path[-1] and path[-1][parts[-1]] == default:
                del path[-1][parts[-1]]
                for depth in range(len(parts) - 1, 0, -1):
                    if path[depth]:
                        break
                    del path[depth - 1][parts[depth - 1]]
    return out


def _digest(data: dict[str, Any]) -> str:
    """16 hex digits of the data (an option at its default counts as absent)."""
    text = json.dumps(_without_default_options(data), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_components(
    path: str | Path | None = None, overrides: dict[str, Any] | list[str] | None = None
) -> Components:
    """Load, override and validate component data (the default file when ``path`` is None).

    ``overrides`` maps dotted keys to values, or is a list of ``"KEY=VALUE"`` strings as the
    command line's ``--set`` takes them. Raises :class:`ComponentError` naming the bad field.
    """
    src = Path(path) if path is not None else DEFAULT_PATH
    try:
        text = src.read_text(encoding="utf-8")
    except OSError as e:
        raise ComponentError(f"cannot read component data file {src}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ComponentError(
            f"component data file {src} is not UTF-8 text (byte {e.start})"
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ComponentError(f"component data file {src} is not valid TOML: {e}") from None
    try:
        if overrides:
            if isinstance(overrides, list):
                overrides = dict(parse_override(o) for o in overrides)
            data = apply_overrides(data, overrides)
        array, names = validate_and_pack(data)
    except ComponentError as e:
        if path is None:  # the default file: the error is in an override, which it names
            raise
        raise ComponentError(
            f"component data file {src}: {str(e).removeprefix('component data: ')}"
        ) from None
    array.setflags(write=False)
    return Components(
        data=data, array=array, tile_names=names, source=str(src), digest=_digest(data)
    )


_DEFAULT: Components | None = None


def default_components() -> Components:
    """The default component data, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_components()
    return _DEFAULT
