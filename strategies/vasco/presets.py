"""Presets: players as TOML data files, validated against
:data:`strategies.vasco.params.PARAM_SPECS`.

A preset file (see ``strategies/vasco/presets/default.toml`` for every field with its meaning)::

    name = "early_bidder"
    description = "Pays for low sequence numbers."
    inherit = "default"          # start from another preset (a name or a path)
    policy = "heuristic"         # or "random"

    [params]
    max_pay = 12
    cost_aversion = 0.5
    contest = { navigation = 0.3, purchase = 0.3 }   # per-Area values may be partial

    [players.4]                  # optional: values that replace [params]'s in 4-player games
    max_pay = 10

    [restrict]                   # optional restricted play (see strategies.vasco.restrictions)
    never_host = ["Manuel I"]

    [learned]                    # with policy = "learned": weights and their provenance
    weights = { give_up = 0.3, ... }   # (strategies.vasco.learned.model, docs/learned.md;
                                       # [learned.players.N]: placement weights for N players)

A preset is one row of parameters per player count: ``[params]`` for every count, then a
``[players.N]`` table's values for ``N``-player games. An inheriting preset starts at each
count from its base's row for that count, so the base's per-count values carry over unless
the inheriting file sets the same parameter (in ``[params]`` or its own ``[players.N]``).

Errors name the file and the field (``ValueError`` subclass :class:`PresetError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from strategies.vasco.params import (
    AXES,
    KIND_LEARNED,
    LW_END,
    LW_FIRST,
    N_PARAMS,
    P_KIND,
    PARAM_SPECS,
    POLICY_KINDS,
    PW_END,
    PW_FIRST,
    PW_ON,
    SPEC_BY_NAME,
)
from strategies.vasco.restrictions import RestrictionError, restrict
from vdgsim.core.paramtable import (
    PresetError,
    apply_preset_file,
    fill_defaults,
    read_preset_file,
)
from vdgsim.core.paramtable import preset_path as _preset_path
from vdgsim.games.vasco import layout as L

PRESET_DIR = Path(__file__).parent / "presets"
PLAYER_COUNTS = tuple(range(2, L.MAX_PLAYERS + 1))
_TOP_KEYS = {
    "name",
    "description",
    "inherit",
    "policy",
    "params",
    "players",
    "restrict",
    "learned",
}
_RESTRICT_KEYS = {
    "never_host",
    "always_host",
    "never_pay",
    "numbers_at_least",
    "numbers_below",
    "only_landings",
    "never_landings",
}


@dataclass(frozen=True)
class Preset:
    """A loaded preset: its name, description, source file, its parameter row for any player
    count (``[params]``) and its rows per player count (``[players.N]`` applied)."""

    name: str
    description: str
    path: Path
    row: np.ndarray
    by_count: dict[int, np.ndarray]

    def row_for(self, players: int | None) -> np.ndarray:
        """The row it plays ``players``-player games with (``None``: the ``[params]`` row)."""
        return self.row if players is None else self.by_count[players]


def default_row(policy: str = "heuristic") -> np.ndarray:
    """A row with every behaviour parameter at its built-in default and no restriction."""
    row = np.zeros(N_PARAMS, dtype=np.float64)
    row[P_KIND] = POLICY_KINDS[policy]
    fill_defaults(row, PARAM_SPECS)
    return row


def _apply_restrict(row: np.ndarray, table: Any, where: str) -> np.ndarray:
    if not isinstance(table, dict):
        raise PresetError(f"{where}: [restrict] must be a table")
    for key in table:
        if key not in _RESTRICT_KEYS:
            raise PresetError(
                f"{where}: restrict.{key}: unknown restriction (known: "
                f"{', '.join(sorted(_RESTRICT_KEYS))})"
            )
    if "never_pay" in table and not isinstance(table["never_pay"], bool):
        raise PresetError(f"{where}: restrict.never_pay: expected true or false")
    try:
        return restrict(row, **table)
    except (RestrictionError, TypeError) as exc:
        raise PresetError(f"{where}: restrict: {exc}") from None


def _apply_learned(rows: dict[int | None, np.ndarray], data: dict[str, Any], where: str) -> None:
    """A ``[learned]`` table's weights into every row; a learned player needs weights (its
    own or its base's), and only a learned player reads them."""
    from strategies.vasco.learned.model import (
        parse_count_place,
        parse_hidden_layer,
        parse_learned,
        with_hidden,
    )

    learned = rows[None][P_KIND] == KIND_LEARNED
    if "learned" in data:
        if not learned:
            raise PresetError(f'{where}: [learned] needs policy = "learned"')
        weights, place, _ = parse_learned(data["learned"], where)
        hidden = parse_hidden_layer(data["learned"], where)
        for row in rows.values():
            row[:] = with_hidden(row, hidden)
            row[LW_FIRST:LW_END] = weights
            row[PW_ON] = 0.0 if place is None else 1.0
            row[PW_FIRST:PW_END] = 0.0 if place is None else place
        for count, (count_place, _) in parse_count_place(data["learned"], where).items():
            rows[count][PW_ON] = 1.0
            rows[count][PW_FIRST:PW_END] = count_place
    elif learned and not np.any(rows[None][LW_FIRST:LW_END]):
        raise PresetError(f'{where}: policy = "learned" needs a [learned] table of weights')


def load_preset(source: str | Path, _seen: tuple[Path, ...] = ()) -> Preset:
    """Load and validate a preset file (following ``inherit``)."""
    path = Path(source)
    where = str(path)
    if path in _seen:
        raise PresetError(f"{where}: inherit loop ({' -> '.join(str(p) for p in _seen)})")
    data = read_preset_file(path, _TOP_KEYS)
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name:
        raise PresetError(f"{where}: name: expected a non-empty string")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise PresetError(f"{where}: description: expected a string")
    inherit = data.get("inherit")
    if inherit is not None:
        if not isinstance(inherit, str):
            raise PresetError(f"{where}: inherit: expected a preset name or path")
        base_path = preset_path(inherit, relative_to=path.parent)
        base = load_preset(base_path, (*_seen, path))
        rows = {k: base.row_for(k).copy() for k in (None, *PLAYER_COUNTS)}
    else:
        rows = {k: default_row() for k in (None, *PLAYER_COUNTS)}
    apply_preset_file(rows, data, where, P_KIND, POLICY_KINDS, SPEC_BY_NAME, AXES)
    if "restrict" in data:
        rows = {k: _apply_restrict(row, data["restrict"], where) for k, row in rows.items()}
    _apply_learned(rows, data, where)
    by_count = {k: rows[k] for k in PLAYER_COUNTS}
    return Preset(name=name, description=description, path=path, row=rows[None], by_count=by_count)


def preset_path(name: str, relative_to: Path | None = None) -> Path:
    """The file of a shipped preset name, or ``name`` itself if it is a path to a file."""
    return _preset_path(name, relative_to, PRESET_DIR)


def shipped_presets() -> list[str]:
    """Names of the preset files shipped in ``strategies/vasco/presets``."""
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))
