"""Goa presets: players as TOML files in ``presets/``, validated against
:data:`strategies.goa.params.PARAM_SPECS`.

A preset file::

    name = "ships_first"
    description = "Builds its fleet first."
    inherit = "default"          # start from another preset (a name or a path)
    policy = "heuristic"         # or "random"

    [params]
    ship_value = 0.9
    column_weight = { ships = 4.0 }   # per-column / per-spice values may be partial

    [players.2]                  # optional: values that replace [params]'s in 2-player games
    sell_bias = 0.5

    [learned]                    # with policy = "learned": weights and their provenance
    weights = { own = 1.0, ... } # (strategies.goa.learned, docs/learned.md); the bid_*
                                 # weights are optional: without them it bids as `inherit`

A preset is one row per player count, as in Vasco da Gama's preset files: ``[params]`` for
every count, then a ``[players.N]`` table's values for ``N``-player games; an inheriting
preset starts at each count from its base's row for that count.

Every error is one line naming the file and the field (:class:`PresetError`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from strategies.goa.params import (
    AXES,
    BW_END,
    BW_FIRST,
    KIND_LEARNED,
    LW_END,
    LW_FIRST,
    N_PARAMS,
    P_KIND,
    PARAM_SPECS,
    POLICY_KINDS,
    SPEC_BY_NAME,
)
from vdgsim.core.paramtable import (
    PresetError,
    apply_preset_file,
    fill_defaults,
    read_preset_file,
)
from vdgsim.core.paramtable import preset_path as _preset_path
from vdgsim.games.goa import layout as L

PRESET_DIR = Path(__file__).parent / "presets"
PLAYER_COUNTS = tuple(range(2, L.MAX_PLAYERS + 1))
_TOP_KEYS = {"name", "description", "inherit", "policy", "params", "players", "learned"}


PRESETS: tuple[str, ...] = tuple(sorted(p.stem for p in PRESET_DIR.glob("*.toml")))


def default_row(policy: str = "heuristic") -> np.ndarray:
    """A row with every behaviour parameter at its built-in default."""
    row = np.zeros(N_PARAMS, dtype=np.float64)
    row[P_KIND] = POLICY_KINDS[policy]
    fill_defaults(row, PARAM_SPECS)
    return row


Rows = dict[int | None, np.ndarray]  # by player count; None: the [params] row


def _load(path: Path, seen: tuple[Path, ...]) -> tuple[str, Rows]:
    where = str(path)
    if path in seen:
        raise PresetError(f"{where}: inherit loop ({' -> '.join(str(p) for p in (*seen, path))})")
    data = read_preset_file(path, _TOP_KEYS)
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
        rows = {k: row.copy() for k, row in _load(base, (*seen, path))[1].items()}
    else:
        rows = {k: default_row() for k in (None, *PLAYER_COUNTS)}
    if "policy" not in data and inherit is None:
        raise PresetError(f"{where}: policy: missing (and nothing to inherit it from)")
    apply_preset_file(rows, data, where, P_KIND, POLICY_KINDS, SPEC_BY_NAME, AXES)
    _apply_learned(rows, data, where)
    return description, rows


def _apply_learned(rows: Rows, data: dict, where: str) -> None:
    """A ``[learned]`` table's weights into every row; a learned player needs weights (its
    own or its base's), and only a learned player reads them."""
    from strategies.goa.learned.model import parse_learned

    learned = rows[None][P_KIND] == KIND_LEARNED
    if "learned" in data:
        if not learned:
            raise PresetError(f'{where}: [learned] needs policy = "learned"')
        weights, _ = parse_learned(data["learned"], where)
        for row in rows.values():
            row[LW_FIRST:LW_END] = weights[: LW_END - LW_FIRST]
            row[BW_FIRST:BW_END] = weights[LW_END - LW_FIRST :]
    elif learned and not np.any(rows[None][LW_FIRST:LW_END]):
        raise PresetError(f'{where}: policy = "learned" needs a [learned] table of weights')


def _path(name: str, relative_to: Path | None = None) -> Path:
    path = _preset_path(name, relative_to, PRESET_DIR)
    if path == PRESET_DIR / f"{name}.toml" and name not in PRESETS:  # a name, not a file
        raise PresetError(f"unknown Goa preset {name!r}; known: {', '.join(PRESETS)}")
    return path


def preset_file(path: str | Path, players: int | None = None) -> np.ndarray:
    """The parameter row of the preset file at ``path`` (following ``inherit``) in
    ``players``-player games (``None``: its ``[params]`` row)."""
    return _rows(_load(Path(path), ())[1], players)


def preset_row(name: str, players: int | None = None) -> np.ndarray:
    """The parameter row of preset ``name`` (a shipped name, or a path to a ``.toml`` file) in
    ``players``-player games (``None``: its ``[params]`` row)."""
    return _rows(_load(_path(name), ())[1], players)


def _rows(rows: Rows, players: int | None) -> np.ndarray:
    if players is not None and players not in PLAYER_COUNTS:
        raise PresetError(f"Goa is for 2 to {L.MAX_PLAYERS} players, got {players}")
    return rows[players]


def preset_description(name: str) -> str:
    """The one-line description of preset ``name``."""
    return _load(_path(name), ())[0]
