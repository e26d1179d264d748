"""Component data: load, validate, override and pack the printed numbers of the game.

The default data lives in ``vdgsim/data/components.toml`` with a provenance mark per group
(S sourced, D derived, R reconstructed). Any other file of the same shape can be passed, and
single values can be overridden with dotted keys (``landings.calicut.completion_vp=6``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from vdgsim import layout as L

DEFAULT_PATH = Path(str(resources.files("vdgsim") / "data" / "components.toml"))
DECKS = ("I", "II", "III")


class ComponentError(ValueError):
    """A component data file or override is invalid; the message names the field."""


@dataclass(frozen=True)
class Components:
    """Validated component data: the raw mapping, the packed array and tile names."""

    data: dict[str, Any]
    array: np.ndarray
    tile_names: tuple[str, ...]
    source: str
    digest: str = field(default="")

    def landing_slots(self, landing: int) -> list[int]:
        """Slot values of a landing, left to right."""
        n = int(self.array[L.C_LAND_NSLOTS + landing])
        base = L.C_LAND_VALUE + landing * L.MAX_SLOTS
        return [int(v) for v in self.array[base : base + n]]

    def tile_index(self, name: str) -> int:
        """Index of a project tile by its printed id (``"I-12"``)."""
        try:
            return self.tile_names.index(name)
        except ValueError:
            raise ComponentError(f"unknown project tile {name!r}") from None


def _parse_override_value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text  # a bare word is taken as a string (e.g. bonus=reals)


def parse_override(item: str) -> tuple[str, Any]:
    """Split ``"landings.calicut.completion_vp=6"`` into its key and its TOML value."""
    if "=" not in item:
        raise ComponentError(f"override {item!r}: expected KEY=VALUE")
    key, _, value = item.partition("=")
    key = key.strip()
    if not key:
        raise ComponentError(f"override {item!r}: empty key")
    return key, _parse_override_value(value.strip())


def apply_overrides(data: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of ``data`` with dotted-key overrides set; the key must already exist.

    List elements are addressed by index: ``vdg_tiles.tiles.3.variation=-1``.
    """
    out = copy.deepcopy(data)
    for key, value in overrides.items():
        parts = key.split(".")
        node: Any = out
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            where = ".".join(parts[: i + 1])
            if isinstance(node, dict):
                if part not in node:
                    raise ComponentError(f"override {key}: no field {where!r} in component data")
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


def _get(d: Any, path: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    """Value at a dotted ``path`` below ``d``; ``where`` prefixes the path in messages."""
    full = f"{where}.{path}" if where else path
    node = d
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise ComponentError(f"component data: missing key {full!r}")
        node = node[part]
    _check_type(node, full, kind)
    return node


def _check_type(value: Any, path: str, kind: type | tuple[type, ...]) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ComponentError(
            f"component data: {path} must be an integer, got {type(value).__name__} {value!r}"
        )
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise ComponentError(
            f"component data: {path} must be {names}, got {type(value).__name__} {value!r}"
        )


def _int(d: Any, path: str, lo: int | None = None, hi: int | None = None, where: str = "") -> int:
    v = _get(d, path, int, where)
    _range(v, f"{where}.{path}" if where else path, lo, hi)
    return v


def _range(v: int, path: str, lo: int | None, hi: int | None) -> None:
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise ComponentError(f"component data: {path} = {v} is outside {lo}..{hi}")


def _int_list(
    d: Any, path: str, n: int | None, lo: int | None, hi: int | None, where: str = ""
) -> list[int]:
    v = _get(d, path, list, where)
    path = f"{where}.{path}" if where else path
    if n is not None and len(v) != n:
        raise ComponentError(f"component data: {path} must hold {n} values, holds {len(v)}")
    for i, x in enumerate(v):
        _check_type(x, f"{path}[{i}]", int)
        _range(x, f"{path}[{i}]", lo, hi)
    return v


def validate_and_pack(data: dict[str, Any]) -> tuple[np.ndarray, tuple[str, ...]]:
    """Check every field and pack the data into the compiled rules' component array."""
    if not isinstance(data, dict):
        raise ComponentError("component data: top level must be a table")
    c = np.zeros(L.C_SIZE, dtype=np.int64)
    for i, key in enumerate(L.LANDING_KEYS):
        base = f"landings.{key}"
        slots = _int_list(data, f"{base}.slots", None, 1, 20)
        if not 1 <= len(slots) <= L.MAX_SLOTS:
            raise ComponentError(
                f"component data: {base}.slots must hold 1..{L.MAX_SLOTS} slots, holds {len(slots)}"
            )
        c[L.C_LAND_NSLOTS + i] = len(slots)
        c[L.C_LAND_VALUE + i * L.MAX_SLOTS : L.C_LAND_VALUE + i * L.MAX_SLOTS + len(slots)] = slots
        c[L.C_LAND_COMPLETION + i] = _int(data, f"{base}.completion_vp", 0, 100)
        bonus = _get(data, f"{base}.bonus", str)
        if bonus not in L.BONUS_KEYS:
            raise ComponentError(
                f"component data: {base}.bonus = {bonus!r}; expected one of {L.BONUS_KEYS}"
            )
        c[L.C_LAND_BONUS + i] = L.BONUS_KEYS.index(bonus)
        c[L.C_LAND_BONUS_REALS + i] = _int(data, f"{base}.bonus_reals", 0, 100)
    extra = set(_get(data, "landings", dict)) - set(L.LANDING_KEYS)
    if extra:
        raise ComponentError(f"component data: unknown landing(s) {sorted(extra)}")

    names: list[str] = []
    for d, deck in enumerate(DECKS):
        tiles = _get(data, f"projects.{deck}", list)
        for j, t in enumerate(tiles):
            path = f"projects.{deck}[{j}]"
            _check_type(t, path, dict)
            for key in ("id", "limit", "crew", "income_reals", "income_vp"):
                if key not in t:
                    raise ComponentError(f"component data: missing key '{path}.{key}'")
            tile_id = _get(t, "id", str, path)
            k = len(names)
            if k < L.N_PROJECTS:
                c[L.C_PROJ_LIMIT + k] = _int(t, "limit", 1, 20, path)
                c[L.C_PROJ_CREW + k] = _int(t, "crew", 1, 5, path)
                c[L.C_PROJ_REALS + k] = _int(t, "income_reals", 0, 20, path)
                c[L.C_PROJ_VP + k] = _int(t, "income_vp", 0, 20, path)
                c[L.C_PROJ_DECK + k] = d
            if tile_id in names:
                raise ComponentError(f"component data: duplicate project id {tile_id!r}")
            names.append(tile_id)
    if len(names) != L.N_PROJECTS:
        raise ComponentError(
            f"component data: the project decks must hold {L.N_PROJECTS} tiles in all "
            f"(7 a round for 5 rounds), they hold {len(names)}"
        )

    limits = _int_list(data, "merchant_ships.limits", L.N_MERCHANTS, 1, 20)
    c[L.C_MERCH_LIMIT : L.C_MERCH_LIMIT + L.N_MERCHANTS] = limits

    for p in (2, 3, 4):
        for a, key in enumerate(L.AREA_KEYS):
            v = _int(data, f"action_slots.players_{p}.{key}", 1, 22)
            c[L.C_AREA_SLOTS + (p - 2) * L.N_AREAS + a] = v
    comp = _int_list(data, "give_up_compensation.numbers_1_to_20", 20, 0, 100)
    c[L.C_COMPENSATION + 1 : L.C_COMPENSATION + 21] = comp

    tiles = _get(data, "vdg_tiles.tiles", list)
    if len(tiles) != L.N_VDG:
        raise ComponentError(
            f"component data: vdg_tiles.tiles must hold {L.N_VDG} tiles, holds {len(tiles)}"
        )
    for i, t in enumerate(tiles):
        path = f"vdg_tiles.tiles[{i}]"
        _check_type(t, path, dict)
        for key in ("initial", "variation", "reals"):
            if key not in t:
                raise ComponentError(f"component data: missing key '{path}.{key}'")
        c[L.C_VDG_INITIAL + i] = _int(t, "initial", 1, 20, path)
        c[L.C_VDG_VARIATION + i] = _int(t, "variation", -19, 19, path)
        reals = _int_list(t, "reals", 2, 0, 100, path)
        c[L.C_VDG_REALS + 2 * i : L.C_VDG_REALS + 2 * i + 2] = reals

    counts = (
        ("counts.starting_reals", L.C_START_REALS, 0, 1000),
        ("counts.sailors_per_colour", L.C_SAILORS_PER_COLOUR, 1, 50),
        ("counts.missionaries", L.C_MISSIONARIES, 0, 50),
        ("counts.captains_per_colour", L.C_CAPTAINS_PER_COLOUR, 1, 50),
        ("counts.starting_captains", L.C_START_CAPTAINS, 0, 50),
        ("counts.section_capacity", L.C_SECTION_CAPACITY, 1, 7),
        ("counts.setup_sailors_per_section", L.C_SETUP_SAILORS, 0, 7),
        ("counts.refill_sailors_per_section", L.C_REFILL_SAILORS, 0, 7),
        ("counts.regular_discs", L.C_REGULAR_DISCS, 1, 5),
        ("costs.one_project", L.C_ONE_PROJECT, 0, 100),
        ("costs.two_projects", L.C_TWO_PROJECTS, 0, 100),
        ("costs.dias_vp", L.C_DIAS_VP, 0, 100),
        ("costs.end_reals_per_vp", L.C_END_REALS_PER_VP, 1, 100),
        ("costs.end_vp_per_ship", L.C_END_VP_PER_SHIP, 0, 100),
    )
    for path, off, lo, hi in counts:
        c[off] = _int(data, path, lo, hi)
    if c[L.C_START_CAPTAINS] > c[L.C_CAPTAINS_PER_COLOUR]:
        raise ComponentError(
            "component data: counts.starting_captains exceeds counts.captains_per_colour"
        )
    if c[L.C_SETUP_SAILORS] > c[L.C_SECTION_CAPACITY]:
        raise ComponentError(
            "component data: counts.setup_sailors_per_section exceeds counts.section_capacity"
        )
    if c[L.C_SAILORS_PER_COLOUR] * L.N_COLOURS < c[L.C_SETUP_SAILORS] * L.N_SECTIONS:
        raise ComponentError("component data: too few sailors to fill the Recruiting Area")
    costs = _int_list(data, "costs.sailors_by_colours", 4, 0, 100)
    c[L.C_SAILOR_COST + 1 : L.C_SAILOR_COST + 5] = costs
    for p in (2, 3, 4):
        slots = sum(int(c[L.C_AREA_SLOTS + (p - 2) * L.N_AREAS + a]) for a in range(L.N_AREAS))
        discs = p * int(c[L.C_REGULAR_DISCS]) + 1
        if slots < discs + 1:
            raise ComponentError(
                f"component data: action_slots.players_{p} has {slots} slots for {discs} discs; "
                "the rules need more slots than discs"
            )
    return c, tuple(names)


def _digest(data: dict[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
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
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ComponentError(f"component data file {src} is not valid TOML: {e}") from None
    if overrides:
        if isinstance(overrides, list):
            overrides = dict(parse_override(o) for o in overrides)
        data = apply_overrides(data, overrides)
    array, names = validate_and_pack(data)
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
