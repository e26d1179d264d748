"""Goa presets: players as TOML files in ``presets/``, validated against
:data:`vdgsim.goa.players.params.PARAM_SPECS`.

A preset file::

    name = "ships_first"
    description = "Builds its fleet first."
    inherit = "default"          # start from another preset (a name or a path)
    policy = "heuristic"         # or "random"

    [params]
    ship_value = 0.9
    column_weight = { ships = 4.0 }   # per-column / per-spice values may be partial

Every error is one line naming the file and the field (:class:`PresetError`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import numpy as np

from vdgsim.goa.players.params import (
    AXES,
    N_PARAMS,
    P_KIND,
    PARAM_SPECS,
    POLICY_KINDS,
    SPEC_BY_NAME,
)

PRESET_DIR = Path(__file__).parent / "presets"
_TOP_KEYS = {"name", "description", "inherit", "policy", "params"}


class PresetError(ValueError):
    """An unknown preset name or a preset file that does not validate."""


PRESETS: tuple[str, ...] = tuple(sorted(p.stem for p in PRESET_DIR.glob("*.toml")))


def default_row(policy: str = "heuristic") -> np.ndarray:
    """A row with every behaviour parameter at its built-in default."""
    row = np.zeros(N_PARAMS, dtype=np.float64)
    row[P_KIND] = POLICY_KINDS[policy]
    for spec in PARAM_SPECS:
        row[spec.column : spec.column + spec.width] = spec.default
    return row


def _number(value: Any, where: str, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PresetError(f"{where}: expected a number, got {value!r}")
    v = float(value)
    if not lo <= v <= hi:
        raise PresetError(f"{where}: {v} is outside {lo}..{hi}")
    return v


def _apply_params(row: np.ndarray, params: Any, where: str) -> None:
    if not isinstance(params, dict):
        raise PresetError(f"{where}: [params] must be a table")
    for key, value in params.items():
        spec = SPEC_BY_NAME.get(key)
        field = f"{where}: params.{key}"
        if spec is None:
            known = ", ".join(sorted(SPEC_BY_NAME))
            raise PresetError(f"{field}: unknown parameter (known: {known})")
        if spec.axis is None:
            row[spec.column] = _number(value, field, spec.lo, spec.hi)
            continue
        names = AXES[spec.axis]
        if not isinstance(value, dict):
            keys = ", ".join(names)
            raise PresetError(f"{field}: expected a table keyed by {spec.axis} ({keys})")
        for sub, v in value.items():
            if sub not in names:
                raise PresetError(f"{field}.{sub}: unknown {spec.axis} (known: {', '.join(names)})")
            row[spec.column + names.index(sub)] = _number(v, f"{field}.{sub}", spec.lo, spec.hi)


def _load(path: Path, seen: tuple[Path, ...]) -> tuple[str, np.ndarray]:
    where = str(path)
    if path in seen:
        raise PresetError(f"{where}: inherit loop ({' -> '.join(str(p) for p in (*seen, path))})")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PresetError(f"{where}: no such preset file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PresetError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PresetError(f"{where}: not valid TOML: {exc}") from None
    for key in data:
        if key not in _TOP_KEYS:
            known = ", ".join(sorted(_TOP_KEYS))
            raise PresetError(f"{where}: {key}: unknown field (known: {known})")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise PresetError(f"{where}: description: expected a string")
    inherit = data.get("inherit")
    if inherit is not None:
        if not isinstance(inherit, str):
            raise PresetError(f"{where}: inherit: expected a preset name or path")
        try:
            base = _path(inherit, path.parent)
        except PresetError as exc:
            raise PresetError(f"{where}: inherit: {exc}") from None
        row = _load(base, (*seen, path))[1].copy()
    else:
        row = default_row()
    if "policy" in data:
        policy = data["policy"]
        if policy not in POLICY_KINDS:
            kinds = ", ".join(POLICY_KINDS)
            raise PresetError(f"{where}: policy: {policy!r} is not one of {kinds}")
        row[P_KIND] = POLICY_KINDS[policy]
    elif inherit is None:
        raise PresetError(f"{where}: policy: missing (and nothing to inherit it from)")
    if "params" in data:
        _apply_params(row, data["params"], where)
    return description, row


def _path(name: str, relative_to: Path | None = None) -> Path:
    if name.endswith(".toml") or "/" in name or "\\" in name:
        p = Path(name)
        if not p.is_absolute() and relative_to is not None and not p.exists():
            p = relative_to / p
        return p
    if name not in PRESETS:
        raise PresetError(f"unknown Goa preset {name!r}; known: {', '.join(PRESETS)}")
    return PRESET_DIR / f"{name}.toml"


def preset_file(path: str | Path) -> np.ndarray:
    """The parameter row of the preset file at ``path`` (following ``inherit``)."""
    return _load(Path(path), ())[1]


def preset_row(name: str) -> np.ndarray:
    """The parameter row of preset ``name`` (a shipped name, or a path to a ``.toml`` file)."""
    return _load(_path(name), ())[1]


def preset_description(name: str) -> str:
    """The one-line description of preset ``name``."""
    return _load(_path(name), ())[0]
