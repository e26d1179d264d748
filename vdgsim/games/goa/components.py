"""Goa's component data: load, validate, override and pack the printed numbers.

The default data is ``vdgsim/games/goa/data/components.toml``; every group carries a provenance mark
(S sourced, D derived, W public source, R reconstructed) in its ``[provenance]`` table and most
tiles carry their own ``mark``. The default set is partly reconstructed (see the file's header
and docs/goa-rules.md). Any file of the same shape can be loaded and single values overridden
with dotted keys. Every problem is reported as a one-line :class:`ComponentError` naming the
field.
"""

from __future__ import annotations

import copy
import difflib
import functools
import hashlib
import itertools
import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from vdgsim.core import plug
from vdgsim.games.goa import layout as L

DEFAULT_PATH = Path(str(resources.files("vdgsim.games.goa") / "data" / "components.toml"))


class ComponentError(plug.ComponentError):
    """A component data file or override is invalid; the message names the field."""


@dataclass(frozen=True)
class Components:
    """Validated component data: the raw mapping, the packed array, names and a digest."""

    data: dict[str, Any]
    array: np.ndarray
    tile_names: tuple[str, ...]  # per tile instance 0..57 (e.g. "A-P2-clove")
    card_names: tuple[str, ...]
    colony_tile_names: tuple[str, ...]
    source: str
    digest: str

    def provenance(self) -> dict[str, str]:
        return dict(self.data.get("provenance", {}))


def _err(key: str, msg: str) -> ComponentError:
    return ComponentError(f"{key}: {msg}")


def _get(data: dict[str, Any], key: str) -> Any:
    node: Any = data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise _err(key, "missing")
        node = node[part]
    return node


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = _get(data, key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise _err(key, f"expected an integer, got {v!r}")
    if not lo <= v <= hi:
        raise _err(key, f"{v} is outside {lo}..{hi}")
    return v


def _ints(data: dict[str, Any], key: str, n: int, lo: int, hi: int, rising: bool = False) -> list:
    v = _get(data, key)
    if not isinstance(v, list) or len(v) != n:
        raise _err(key, f"expected a list of {n} integers, got {v!r}")
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
            raise _err(key, f"every value must be an integer in {lo}..{hi}, got {x!r}")
    if rising and any(b < a for a, b in itertools.pairwise(v)):
        raise _err(key, f"values must not fall from row to row, got {v}")
    return v


def _choice(key: str, v: Any, choices: tuple[str, ...]) -> int:
    if v not in choices:
        raise _err(key, f"{v!r} is not one of {', '.join(choices)}")
    return choices.index(v)


# G9: the variants a data file may leave out (then the rulebook game), and their defaults;
# `--set variants.bonanza=true` plays one in any command
OPTIONS: dict[str, Any] = {
    "variants.quick_start": False,
    "variants.bonanza": False,
    "variants.strict_hand_limit": False,
    "variants.extra_action_cap": 0,
}


def apply_overrides(data: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` with each dotted key replaced; a key must already exist. A list
    element is addressed by its index: ``development.taxes.2=7``,
    ``colonies.tiles.1.spices=["pepper", "clove"]``."""
    out = copy.deepcopy(data)
    for key, value in overrides.items():
        node: Any = out
        parts = key.split(".")
        if key in OPTIONS and isinstance(out.get(parts[0], {}), dict):
            out.setdefault(parts[0], {}).setdefault(parts[1], OPTIONS[key])
        for i, part in enumerate(parts):
            if isinstance(node, dict) and part in node:
                slot: Any = part
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                slot = int(part)
            else:
                where = ".".join(parts[: i + 1])
                raise _err(key, f"no such key to override ({where!r} is not in the data)")
            if i == len(parts) - 1:
                node[slot] = value
            else:
                node = node[slot]
    return out


def _spice_mask(key: str, spices: Any) -> int:
    if spices == ["any"]:
        return (1 << L.N_SPICES) - 1
    if not isinstance(spices, list) or not spices:
        raise _err(key, f'expected a list of spices or ["any"], got {spices!r}')
    mask = 0
    for sp in spices:
        mask |= 1 << _choice(key, sp, L.SPICE_KEYS)
    return mask


def _pack_start(d: dict[str, Any], a: np.ndarray) -> None:
    a[L.C_START_SHIPS] = _int(d, "start.ships", 0, 99)
    a[L.C_START_COLONISTS] = _int(d, "start.colonists", 0, 99)
    a[L.C_START_DUCATS_SP] = _int(d, "start.ducats_start_player", 0, 999)
    a[L.C_START_DUCATS] = _int(d, "start.ducats_other", 0, 999)
    a[L.C_FLAG_EXTRA] = _int(d, "start.flag_extra_actions", 0, 9)
    a[L.C_FIRST_TO_CARDS] = _int(d, "start.first_to_cards", 0, 9)
    a[L.C_LAST_MARKER_EXTRA] = _int(d, "start.last_marker_extra_actions", 0, 9)
    a[L.C_QUICK_DUCATS] = _int(d, "start.quick_start_ducats", 0, 999)
    a[L.C_QUICK_ROW] = _int(d, "start.quick_start_row", 1, L.N_ROWS)


def _pack_development(d: dict[str, Any], a: np.ndarray) -> None:
    values = ("ships", "harvest", "taxes", "expedition_draw", "colonists")
    for col, name in enumerate(values):
        row = _ints(d, f"development.{name}", L.N_ROWS, 0, 99, rising=True)
        a[L.C_DEV_VALUE + col * L.N_ROWS : L.C_DEV_VALUE + (col + 1) * L.N_ROWS] = row
    lim = _ints(d, "development.expedition_limit", L.N_ROWS, 0, L.N_CARDS, rising=True)
    a[L.C_EXP_LIMIT : L.C_EXP_LIMIT + L.N_ROWS] = lim
    ships = _ints(d, "development.step_ships", L.N_STEPS, 0, 99)
    for col, key in enumerate(L.COLUMN_KEYS):
        k = f"development.step_costs.{key}"
        steps = _get(d, k)
        if not isinstance(steps, list) or len(steps) != L.N_STEPS:
            raise _err(k, f"expected {L.N_STEPS} lists of spices, got {steps!r}")
        for st, spices in enumerate(steps):
            if not isinstance(spices, list):
                raise _err(f"{k}[{st}]", f"expected a list of spices, got {spices!r}")
            for sp in spices:
                i = _choice(f"{k}[{st}]", sp, L.SPICE_KEYS)
                a[L.C_STEP_COST + (col * L.N_STEPS + st) * L.N_SPICES + i] += 1
            a[L.C_STEP_SHIPS + col * L.N_STEPS + st] = ships[st]


def _pack_scoring(d: dict[str, Any], a: np.ndarray) -> None:
    a[L.C_ROW_VP : L.C_ROW_VP + L.N_ROWS] = _ints(d, "scoring.row_vp", L.N_ROWS, 0, 99)
    a[L.C_COLONY_VP : L.C_COLONY_VP + 5] = _ints(d, "scoring.colony_vp", 5, 0, 99)
    a[L.C_SYMBOL_VP : L.C_SYMBOL_VP + 6] = _ints(d, "scoring.symbol_vp", 6, 0, 99)
    a[L.C_MOST_DUCATS_VP] = _int(d, "scoring.most_ducats_vp", 0, 99)
    a[L.C_SMALL_VP] = _int(d, "scoring.small_plantation_vp", 0, 99)
    a[L.C_MANAGER_VP] = _int(d, "scoring.managed_small_plantation_vp", 0, 99)


def _pack_colonies(d: dict[str, Any], a: np.ndarray) -> list[str]:
    a[L.C_COLONY_REVEAL] = _int(d, "colonies.reveal", 0, 3)
    a[L.C_COLONY_FAIL_COLONISTS] = _int(d, "colonies.fail_colonists", 0, 9)
    for i, name in enumerate(L.COLONY_KEYS):
        a[L.C_COLONY_NEED + i] = _int(d, f"colonies.need.{name}", 0, 99)
    tiles = _get(d, "colonies.tiles")
    if not isinstance(tiles, list) or not 1 <= len(tiles) <= L.MAX_COLONY_TYPES:
        raise _err("colonies.tiles", f"expected 1..{L.MAX_COLONY_TYPES} colony tiles")
    names = []
    seen = [0] * L.N_COLONIES
    for t, tile in enumerate(tiles):
        k = f"colonies.tiles[{t}]"
        col = _choice(f"{k}.colony", tile.get("colony"), L.COLONY_KEYS)
        a[L.C_CT_COLONY + t] = col
        a[L.C_CT_SLOTS + t] = _int(tile, "slots", 1, L.MAX_SLOTS)
        a[L.C_CT_ACCEPT + t] = _spice_mask(f"{k}.spices", tile.get("spices"))
        a[L.C_CT_COUNT + t] = _int(tile, "count", 0, 99)
        seen[col] += 1
        names.append(f"{L.COLONY_NAMES[col]} ({'/'.join(tile['spices'])})")
    for i, n in enumerate(seen):
        if n == 0:
            raise _err("colonies.tiles", f"no tile of {L.COLONY_KEYS[i]}")
    a[L.C_N_CTYPES] = len(tiles)
    return names


def _gain(key: str, tile: dict[str, Any]) -> list[int]:
    g = tile.get("gain", [0] * L.N_GAINS)
    if not isinstance(g, list) or len(g) != L.N_GAINS:
        raise _err(key, f"expected {L.N_GAINS} integers ({', '.join(L.GAIN_KEYS)}), got {g!r}")
    for x in g:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 99:
            raise _err(key, f"every gain must be an integer in 0..99, got {x!r}")
    return g


def _pack_tiles(d: dict[str, Any], a: np.ndarray) -> list[str]:
    """One entry per tile instance: phase A tiles get 0..28, B tiles 29..57 (G1.5)."""
    rows = _get(d, "tiles")
    if not isinstance(rows, list):
        raise _err("tiles", "expected a list of tile tables")
    by_phase: list[list[tuple[str, dict[str, Any], int]]] = [[], []]
    for t, tile in enumerate(rows):
        k = f"tiles[{t}] ({tile.get('id', '?')})"
        phase = _choice(f"{k}.phase", tile.get("phase"), ("A", "B"))
        kind = _choice(f"{k}.kind", tile.get("kind"), L.TILE_KIND_KEYS)
        count = _int(tile, "count", 0, L.PHASE_TILES)
        spices = tile.get("spices")
        if kind == L.TK_PLANTATION:
            if not isinstance(spices, list) or not spices:
                raise _err(f"{k}.spices", "a plantation needs a list of spices")
            for sp in spices:
                i = _choice(f"{k}.spices", sp, L.SPICE_KEYS)
                for _ in range(count):
                    by_phase[phase].append((f"{tile['id']}-{sp}", tile, i))
        else:
            for _ in range(count):
                by_phase[phase].append((tile["id"], tile, -1))
    names = []
    for phase in (0, 1):
        if len(by_phase[phase]) != L.PHASE_TILES:
            raise _err("tiles", f"phase {'AB'[phase]} has {len(by_phase[phase])} tiles, needs 29")
        plantations = 0
        for j, (name, tile, spice) in enumerate(by_phase[phase]):
            t = phase * L.PHASE_TILES + j
            k = f"tiles ({name})"
            kind = L.TILE_KIND_KEYS.index(tile["kind"])
            a[L.C_TILE_PHASE + t] = phase
            a[L.C_TILE_KIND + t] = kind
            a[L.C_TILE_SPICE + t] = spice
            a[L.C_TILE_TYPE + t] = d["tiles"].index(tile)
            if kind in (L.TK_PLANTATION, L.TK_CROP_ROTATION):
                a[L.C_TILE_SLOTS + t] = _int(tile, "slots", 1, L.MAX_SLOTS)
                plantations += 1
            if kind in (L.TK_POLL_TAX, L.TK_MISSION):
                a[L.C_TILE_VP + t] = _int(tile, "vp", 0, 99)
            if kind in (L.TK_SHIPS_OR_COLONISTS, L.TK_POLL_TAX, L.TK_ADDITIONAL_HARVEST):
                a[L.C_TILE_AMOUNT + t] = _int(tile, "amount", 1, 99)
            if kind == L.TK_RELIEF:
                a[L.C_TILE_AMOUNT + t] = _int(tile, "amount", 1, 3)
            if kind in (L.TK_RED, L.TK_INSTANT):
                g = _gain(f"{k}.gain", tile)
                a[L.C_TILE_GAIN + t * L.N_GAINS : L.C_TILE_GAIN + (t + 1) * L.N_GAINS] = g
            names.append(name)
        if L.PHASE_TILES - plantations < L.SET_ASIDE - L.MAX_ASIDE_PLANTATIONS:
            raise _err("tiles", f"phase {'AB'[phase]} has too few non-plantations to set aside")
    return names


def _pack_cards(d: dict[str, Any], a: np.ndarray) -> list[str]:
    a[L.C_SELL_PRICE] = _int(d, "cards.sell_price", 0, 99)
    amounts = _get(d, "cards.amounts")
    rows = _get(d, "cards.list")
    if not isinstance(rows, list) or len(rows) != L.N_CARDS:
        raise _err("cards.list", f"expected {L.N_CARDS} cards")
    names = []
    elephants = 0
    for i, row in enumerate(rows):
        k = f"cards.list[{i}]"
        if not isinstance(row, list) or len(row) != 4:
            raise _err(k, "expected [id, effect, colonists, symbol]")
        cid, effect, colonists, symbol = row
        e = _choice(f"{k}.effect", effect, L.CARD_EFFECT_KEYS)
        a[L.C_CARD_EFFECT + i] = e
        if isinstance(colonists, bool) or not isinstance(colonists, int) or not 0 <= colonists <= 9:
            raise _err(f"{k}.colonists", f"expected an integer 0..9, got {colonists!r}")
        a[L.C_CARD_COLONISTS + i] = colonists
        sym = _choice(f"{k}.symbol", symbol, L.SYMBOL_KEYS)
        a[L.C_CARD_SYMBOL + i] = sym
        elephants += sym == L.SYM_ELEPHANT
        a[L.C_CARD_AMOUNT + i] = int(amounts.get(effect, 0))
        names.append(str(cid))
    if elephants == 0:
        raise _err("cards.list", "no elephant card: the start player cannot be chosen (G1.6)")
    price = _ints(d, "cards.progress_price", L.N_STEPS, 0, 999)
    a[L.C_PROGRESS_PRICE : L.C_PROGRESS_PRICE + L.N_STEPS] = price
    return names


def _pack_bonanza(d: dict[str, Any], a: np.ndarray) -> None:
    gains = _get(d, "bonanza.gains")
    if not isinstance(gains, list) or len(gains) != L.N_BONANZA:
        raise _err("bonanza.gains", f"expected {L.N_BONANZA} gain lists")
    for b, g in enumerate(gains):
        g = _gain(f"bonanza.gains[{b}]", {"gain": g})
        a[L.C_BONANZA_GAIN + b * L.N_GAINS : L.C_BONANZA_GAIN + (b + 1) * L.N_GAINS] = g


def _pack_variants(d: dict[str, Any], a: np.ndarray) -> None:
    v = d.get("variants", {})
    if not isinstance(v, dict):
        raise _err("variants", f"expected a table, got {v!r}")
    known = {k.removeprefix("variants.") for k in OPTIONS}
    for key in v:
        if key not in known:
            raise _err(f"variants.{key}", f"unknown variant (known: {', '.join(sorted(known))})")
    for key, col in (
        ("quick_start", L.C_VARIANT_QUICK),
        ("bonanza", L.C_VARIANT_BONANZA),
        ("strict_hand_limit", L.C_VARIANT_STRICT),
    ):
        on = v.get(key, False)
        if not isinstance(on, bool):
            raise _err(f"variants.{key}", f"expected true or false, got {on!r}")
        a[col] = int(on)
    if "extra_action_cap" in v:
        a[L.C_VARIANT_EXTRA_CAP] = _int(d, "variants.extra_action_cap", 0, 99)


def variant_flags(c: Components) -> tuple[bool, bool, bool, int]:
    """(quick start, Bonanza, strict hand limit, extra-action cap) of the data's variants."""
    a = c.array
    return (
        bool(a[L.C_VARIANT_QUICK]),
        bool(a[L.C_VARIANT_BONANZA]),
        bool(a[L.C_VARIANT_STRICT]),
        int(a[L.C_VARIANT_EXTRA_CAP]),
    )


# Tables whose keys are free text rather than fields the engine reads
_FREE_TABLES = frozenset({"provenance"})


def _shape(node: Any) -> Any:
    """The keys ``node`` may hold, nested: a dict of sub-shapes for a table, a one-element list
    (the union of its elements' shapes) for a list of tables, None for a value."""
    if isinstance(node, dict):
        return {k: _shape(v) for k, v in node.items()}
    if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        union: dict[str, Any] = {}
        for x in node:
            for k, v in _shape(x).items():
                union[k] = union.get(k) or v
        return [union]
    return None


@functools.cache
def _known_shape() -> dict[str, Any]:
    """Every key the default data uses (the union over list elements) and every variant."""
    shape = _shape(tomllib.loads(DEFAULT_PATH.read_text(encoding="utf-8")))
    shape.setdefault("variants", {})
    for key in OPTIONS:
        shape["variants"][key.removeprefix("variants.")] = None
    return shape


def _unknown(key: str, where: str, known: dict[str, Any], table: bool) -> ComponentError:
    close = difflib.get_close_matches(key, list(known), n=1)
    path = f"{where}.{key}" if where else key
    hint = f"; did you mean {f'{where}.' if where else ''}{close[0]}?" if close else ""
    what = "table" if table else "key"
    return _err(path, f"unknown {what} (known here: {', '.join(sorted(known))}){hint}")


def _check_keys(node: Any, shape: Any, where: str) -> None:
    """Refuse a key the engine would not read (a typo would otherwise load silently)."""
    if isinstance(shape, list) and isinstance(node, list):
        for i, x in enumerate(node):
            _check_keys(x, shape[0], f"{where}[{i}]")
        return
    if not isinstance(shape, dict) or not isinstance(node, dict) or where in _FREE_TABLES:
        return  # a value, or a shape the field checks report
    for key, value in node.items():
        if key not in shape:
            raise _unknown(key, where, shape, isinstance(value, dict))
        _check_keys(value, shape[key], f"{where}.{key}" if where else key)


def build(data: dict[str, Any], source: str) -> Components:
    """Validate ``data`` and pack it."""
    _check_keys(data, _known_shape(), "")
    a = np.zeros(L.C_SIZE, dtype=np.int64)
    _pack_start(data, a)
    _pack_development(data, a)
    _pack_scoring(data, a)
    ctypes = _pack_colonies(data, a)
    tiles = _pack_tiles(data, a)
    cards = _pack_cards(data, a)
    _pack_bonanza(data, a)
    _pack_variants(data, a)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    digest = hashlib.sha256(canonical).hexdigest()[:16]
    return Components(data, a, tuple(tiles), tuple(cards), tuple(ctypes), source, digest)


def load_components(
    path: str | Path | None = None, overrides: dict[str, Any] | None = None
) -> Components:
    """Load a component file (default: the packaged one), apply overrides, validate, pack.
    Every problem with the file or the overrides is a one-line :class:`ComponentError`."""
    p = Path(path) if path is not None else DEFAULT_PATH
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ComponentError(f"{p}: {e}") from None
    except OSError as e:
        raise ComponentError(f"{p}: cannot read it: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ComponentError(f"{p}: not UTF-8 text (byte {e.start})") from None
    try:
        return build(apply_overrides(data, overrides) if overrides else data, str(p))
    except ComponentError as e:
        raise ComponentError(f"{p}: {e}") from None
    except (KeyError, TypeError, AttributeError) as e:
        # the field checks name most problems; a table where another shape is expected
        # slips past them as a Python error
        where = " (with the overrides)" if overrides else ""
        raise ComponentError(f"{p}{where} has the wrong shape: {e!r}") from None


_DEFAULT: Components | None = None


def default_components() -> Components:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_components()
    return _DEFAULT
