"""Players' parameter rows for any game: the spec of each behaviour parameter and reading a
preset file into a row.

A player is one float64 row. Each game declares its behaviour parameters as a tuple of
:class:`ParamSpec` (Vasco da Gama's in ``strategies/vasco/params.py``, Goa's in
``strategies/goa/params.py``) and its axes (the keys of per-Area, per-column ...
parameters); a preset file's ``[params]`` table is validated against them here, so both
games' preset files read, and fail, the same way: one line naming the file and the field.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vdgsim.core.fieldtable import Field, FieldBuilder


class PresetError(ValueError):
    """A preset file that cannot be read or does not validate, or an unknown preset name."""


@dataclass(frozen=True)
class ParamSpec:
    """One behaviour parameter as a preset file names it: a scalar, or one value per key of
    its axis (then ``default`` holds one value per key)."""

    name: str
    column: int
    axis: str | None
    default: float | tuple[float, ...]
    lo: float
    hi: float
    doc: str

    @property
    def width(self) -> int:
        """Columns of the row it takes."""
        return 1 if not isinstance(self.default, tuple) else len(self.default)


@dataclass(frozen=True)
class SearchOption:
    """One budget or behaviour option of the search players ``kinds`` (``mc``, ``ismcts``),
    as each game's search names read them: its column in the row, standard value, bounds."""

    name: str
    column: int
    kinds: tuple[str, ...]
    standard: float
    lo: float
    hi: float
    integer: bool
    doc: str


class RowLayout:
    """A player's parameter row laid out on a field table (:class:`FieldBuilder`): each block
    of columns is declared once, by name, and starts where the previous one ended, so no
    column is numbered by hand. A behaviour parameter's declaration is also its
    :class:`ParamSpec` (preset-file name, axis, default, bounds, meaning)."""

    def __init__(self, axes: Mapping[str, tuple[str, ...]]) -> None:
        self.axes = dict(axes)
        self._table = FieldBuilder()
        self._specs: list[ParamSpec] = []

    @property
    def size(self) -> int:
        """Columns declared so far: the next block's column."""
        return self._table.size

    @property
    def fields(self) -> tuple[Field, ...]:
        """Every block, in row order."""
        return tuple(self._table.fields)

    def columns(self, name: str, axis: str | None = None, width: int | None = None) -> int:
        """The first of the next block's columns: one column, one per key of ``axis``, or
        ``width``."""
        if axis is not None:
            shape, axes = (len(self.axes[axis]),), (axis,)
        elif width is not None:
            shape, axes = (width,), ()
        else:
            shape, axes = (), ()
        if any(f.name == name for f in self._table.fields):
            raise ValueError(f"{name}: declared twice in the parameter row")
        return self._table.add(name, shape, axes, kind="float")

    def param(
        self,
        name: str,
        default: float | tuple[float, ...],
        lo: float,
        hi: float,
        doc: str,
        axis: str | None = None,
    ) -> int:
        """A behaviour parameter's column(s), and its spec."""
        column = self.columns(name, axis)
        self._specs.append(ParamSpec(name, column, axis, default, lo, hi, doc))
        return column

    def unused_until(self, column: int) -> None:
        """Leave the columns before ``column`` free. A run's manifest records the rows it
        played and ``--resume`` compares them, so a declared block never moves."""
        if column < self.size:
            raise ValueError(f"column {column} is already taken (the row has {self.size})")
        if column > self.size:
            self.columns(f"unused_{self.size}", width=column - self.size)

    def specs(self) -> tuple[ParamSpec, ...]:
        """The behaviour parameters' specs, checked against the axes."""
        specs = tuple(self._specs)
        check_specs(specs, self.axes)
        return specs


def check_specs(specs: tuple[ParamSpec, ...], axes: Mapping[str, tuple[str, ...]]) -> None:
    """Refuse a spec table whose per-axis defaults do not have one value per key of their
    axis, or whose columns overlap (a programming error, found at import)."""
    taken: set[int] = set()
    for spec in specs:
        if spec.axis is not None:
            keys = axes[spec.axis]
            if not isinstance(spec.default, tuple) or len(spec.default) != len(keys):
                raise ValueError(f"{spec.name}: default needs one value per {spec.axis}: {keys}")
        elif isinstance(spec.default, tuple):
            raise ValueError(f"{spec.name}: a scalar parameter with a tuple default")
        cols = set(range(spec.column, spec.column + spec.width))
        if cols & taken:
            raise ValueError(f"{spec.name}: columns {sorted(cols & taken)} already taken")
        taken |= cols


def fill_defaults(row: np.ndarray, specs: tuple[ParamSpec, ...]) -> None:
    """Every parameter of ``specs`` at its default."""
    for spec in specs:
        row[spec.column : spec.column + spec.width] = spec.default


def number(value: Any, where: str, lo: float, hi: float) -> float:
    """``value`` as a float in ``lo .. hi``, else a :class:`PresetError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PresetError(f"{where}: expected a number, got {value!r}")
    v = float(value)
    if not lo <= v <= hi:
        raise PresetError(f"{where}: {v} is outside {lo}..{hi}")
    return v


def option_number(
    text: str, name: str, key: str, lo: float, hi: float, integer: bool, error: type[ValueError]
) -> float:
    """The value of option ``key=text`` of the player name ``name`` (a search player's budget,
    ``mc:rollouts=64``): a finite number in ``lo .. hi``, whole if ``integer``; else a one-line
    ``error``."""
    try:
        value = float(text)
    except ValueError:
        raise error(f"{name!r}: {key} must be a number, got {text!r}") from None
    if not math.isfinite(value):
        raise error(f"{name!r}: {key} must be a finite number, got {text!r}")
    if integer and value != int(value):
        raise error(f"{name!r}: {key} must be a whole number, got {text!r}")
    if not lo <= value <= hi:
        raise error(f"{name!r}: {key}={text} is outside {lo:g}..{hi:g}")
    return value


def decision_keys(kinds: Sequence[str]) -> tuple[str, ...]:
    """The decision kinds as a search player's name spells them: ``owner's choice`` is
    ``owners_choice``."""
    return tuple(k.lower().replace("'", "").replace(" ", "_") for k in kinds)


def decision_mask(text: str, name: str, kinds: Sequence[str], error: type[ValueError]) -> int:
    """The bit mask of the decision kinds ``text`` names (``bid/owners_choice``; bit ``d`` for
    ``kinds[d]``, kind 0 being "no decision") in the search player name ``name``; an unknown
    kind is a one-line ``error`` naming the known ones."""
    keys = decision_keys(kinds)
    mask = 0
    for word in text.split("/"):
        word = word.strip().lower()
        if word not in keys[1:]:
            known = "/".join(keys[1:])
            raise error(f"{name!r}: unknown decision kind {word!r} (known: {known})")
        mask |= 1 << keys.index(word)
    return mask


@dataclass(frozen=True)
class SearchName:
    """A search player's name read: ``kind[:key=value]...`` (``mc:rollouts=64:rollout=frugal``)."""

    kind: str
    values: dict[str, float]  # every option of the kind: the name's value, else its standard
    rollout: str | None  # the rollout preset the name gives (None: the game's standard one)
    decisions: int  # bit mask of the decision kinds searched (0: every kind)


def parse_search_name(
    name: str,
    kinds: Mapping[str, int],
    options: Sequence[SearchOption],
    decision_names: Sequence[str],
    error: type[ValueError],
) -> SearchName:
    """Read the search player name ``name`` of a game whose search kinds, options and decision
    kinds are given; anything unknown or out of range is a one-line ``error``. Each game checks
    the rollout preset itself (its presets differ)."""
    kind, *items = [part.strip() for part in name.split(":")]
    if kind not in kinds:
        known = ", ".join(kinds)
        raise error(f"{name!r}: unknown search kind {kind!r} (known: {known})")
    own = {o.name: o for o in options if kind in o.kinds}
    values = {o.name: float(o.standard) for o in own.values()}
    rollout = None
    decisions = 0
    for item in items:
        key, eq, text = (part.strip() for part in item.partition("="))
        if not eq:
            raise error(f"{name!r}: option {item!r} needs key=value")
        if key == "rollout":
            rollout = text
        elif key == "decisions":
            decisions = decision_mask(text, name, decision_names, error)
        elif key in own:
            o = own[key]
            values[key] = option_number(text, name, key, o.lo, o.hi, o.integer, error)
        else:
            known = ", ".join([*own, "rollout", "decisions"])
            raise error(f"{name!r}: unknown option {key!r} for {kind} (known: {known})")
    return SearchName(kind, values, rollout, decisions)


def apply_params(
    row: np.ndarray,
    params: Any,
    where: str,
    by_name: Mapping[str, ParamSpec],
    axes: Mapping[str, tuple[str, ...]],
) -> None:
    """Write a preset file's ``[params]`` table into ``row`` (per-axis values may be partial)."""
    if not isinstance(params, dict):
        raise PresetError(f"{where}: [params] must be a table")
    for key, value in params.items():
        spec = by_name.get(key)
        field = f"{where}: params.{key}"
        if spec is None:
            known = ", ".join(sorted(by_name))
            raise PresetError(f"{field}: unknown parameter (known: {known})")
        if spec.axis is None:
            row[spec.column] = number(value, field, spec.lo, spec.hi)
            continue
        names = axes[spec.axis]
        if not isinstance(value, dict):
            raise PresetError(
                f"{field}: expected a table keyed by {spec.axis} ({', '.join(names)}), "
                f"got {value!r}"
            )
        for sub, v in value.items():
            if sub not in names:
                raise PresetError(f"{field}.{sub}: unknown {spec.axis} (known: {', '.join(names)})")
            row[spec.column + names.index(sub)] = number(v, f"{field}.{sub}", spec.lo, spec.hi)


def apply_preset_file(
    rows: Mapping[int | None, np.ndarray],
    data: Mapping[str, Any],
    where: str,
    policy_column: int,
    policy_kinds: Mapping[str, int],
    by_name: Mapping[str, ParamSpec],
    axes: Mapping[str, tuple[str, ...]],
) -> None:
    """Write a preset file's ``policy``, ``[params]`` and ``[players.N]`` tables into its rows
    (one per player count, ``None`` for the ``[params]`` row; inherited values already in
    them): ``[params]`` at every count, then each count's own table."""
    policy = data.get("policy")
    if policy is not None and policy not in policy_kinds:
        raise PresetError(f"{where}: policy: {policy!r} is not one of {', '.join(policy_kinds)}")
    counts = [k for k in rows if k is not None]
    per_count = player_count_params(data.get("players", {}), where, counts)
    for k, row in rows.items():
        if policy is not None:
            row[policy_column] = policy_kinds[policy]
        if "params" in data:
            apply_params(row, data["params"], where, by_name, axes)
        if k in per_count:
            apply_params(row, per_count[k], f"{where}: players.{k}", by_name, axes)


def player_count_params(table: Any, where: str, counts: Sequence[int]) -> dict[int, dict[str, Any]]:
    """A preset file's ``[players]`` table: for a player count ``N``, the ``[params]``-like
    table of values that replace ``[params]``'s in ``N``-player games (``[players.4]``).
    Only the keys are checked here; :func:`apply_params` checks the values."""
    if not isinstance(table, dict):
        raise PresetError(f"{where}: [players] must be a table of player counts ([players.4])")
    out: dict[int, dict[str, Any]] = {}
    for key, params in table.items():
        if not (key.isdigit() and int(key) in counts):
            known = ", ".join(str(k) for k in counts)
            raise PresetError(f"{where}: players.{key}: not a player count (known: {known})")
        if not isinstance(params, dict):
            raise PresetError(f"{where}: [players.{key}] must be a table of parameters")
        out[int(key)] = params
    return out


def param_changes(name: str, mods: Sequence[str]) -> dict[str, Any]:
    """The parameter changes after a preset's name, ``["flag_value=0", "lot_weight.flag=0"]``,
    as a preset file's ``[params]`` table (for :func:`apply_params`, which checks names and
    bounds)."""
    table: dict[str, Any] = {}
    for mod in mods:
        key, eq, text = mod.partition("=")
        key, _, sub = key.strip().partition(".")
        try:
            value = float(text)
        except ValueError:
            value = None
        if not eq or not key or value is None:
            raise PresetError(
                f"{name!r}: {mod!r} is not PARAMETER=NUMBER or PARAMETER.KEY=NUMBER (a "
                "parameter of the preset, by the name its preset file gives it)"
            )
        if sub:
            table.setdefault(key, {})
            if not isinstance(table[key], dict):
                raise PresetError(f"{name!r}: {key} is set whole and by {sub}")
            table[key][sub] = value
        else:
            table[key] = value
    return table


def read_preset_file(path: Path, top_keys: set[str]) -> dict[str, Any]:
    """A preset file's TOML table, its top-level keys checked against ``top_keys`` (plus
    ``provenance``: where a generated preset came from, e.g. ``vdg tune``; a record for
    readers, not for play, but it must be a table)."""
    where = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PresetError(f"{where}: no such preset file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PresetError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{where}: not valid TOML: {exc}") from None
    top_keys = top_keys | {"provenance"}
    for key in data:
        if key not in top_keys:
            known = ", ".join(sorted(top_keys))
            raise PresetError(f"{where}: {key}: unknown field (known: {known})")
    if "provenance" in data and not isinstance(data["provenance"], dict):
        raise PresetError(f"{where}: [provenance] must be a table")
    return data


def preset_path(name: str, relative_to: Path | None, shipped: Path) -> Path:
    """The file of a shipped preset name (in ``shipped``), or ``name`` itself if it names a
    file (a ``.toml`` name or a path; relative paths also tried from ``relative_to``)."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        p = Path(name)
        if not p.is_absolute() and relative_to is not None and not p.exists():
            p = relative_to / p
        return p
    return shipped / f"{name}.toml"
