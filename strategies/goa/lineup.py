"""A line-up by name: one player name per seat — a preset (``default``, a style, ``random``)
or a search player with its budget (``mc:rollouts=64``) — into the parameter table."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from strategies.goa.params import AXES, KIND_HEURISTIC, N_PARAMS, P_KIND, SPEC_BY_NAME
from strategies.goa.presets import PresetError, preset_row
from strategies.goa.restrictions import (
    RESTRICTION_KEYS,
    RestrictionError,
    apply_restriction_text,
    is_restriction,
)
from strategies.goa.search.names import is_search_name, search_row
from vdgsim.core.paramtable import apply_params, param_changes
from vdgsim.games.goa import layout as L


def player_row(name: str, players: int | None = None) -> np.ndarray:
    """The parameter row of a preset or of a search player in ``players``-player games
    (``None``: the ``[params]`` row; a preset file may have values per count).

    A name may be followed by ``+`` terms. Restrictions (``never_lot=flag``,
    ``never_column=expedition``, :mod:`strategies.goa.restrictions`) bind any player,
    a search player too. A heuristic preset also takes parameter changes,
    ``default+flag_value=0+lot_weight.red=0`` (the names and bounds of ``PARAM_SPECS``): the
    preset with those parameters changed, at every count."""
    base, *mods = name.split("+")
    terms = [m for m in mods if is_restriction(m)]
    mods = [m for m in mods if not is_restriction(m)]
    if is_search_name(base):
        # a decision name may hold a '+' (colony_+1_card), so only a term that names a
        # parameter is a parameter change
        if any(m.partition("=")[0].partition(".")[0].strip() in SPEC_BY_NAME for m in mods):
            raise PresetError(
                f"{name!r}: only a heuristic preset takes parameter changes (a search player's "
                "parameters are its rollout preset's; restrictions: "
                f"{', '.join(RESTRICTION_KEYS)})"
            )
        row = search_row("+".join([base, *mods]), players)
    else:
        row = preset_row(base.strip(), players)
        if mods:
            if int(row[P_KIND]) != KIND_HEURISTIC:
                raise PresetError(f"{name!r}: only a heuristic preset takes parameter changes")
            row = row.copy()
            apply_params(row, param_changes(name, mods), repr(name), SPEC_BY_NAME, AXES)
    for term in terms:
        try:
            row = apply_restriction_text(row, term)
        except RestrictionError as exc:
            raise PresetError(f"{name!r}: {exc}") from None
    return row


def lineup_params(names: Sequence[str], players: int) -> np.ndarray:
    """The parameter table (MAX_PLAYERS x N_PARAMS) of one player name per seat."""
    if not 2 <= players <= L.MAX_PLAYERS:
        raise PresetError(f"Goa is for 2 to {L.MAX_PLAYERS} players, got {players}")
    if len(names) != players:
        raise PresetError(f"a line-up of {players} players needs {players} names, got {len(names)}")
    table = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for seat, name in enumerate(names):
        table[seat] = player_row(name, players)
    return table
