"""Goa's side of `vdg play` (``--game goa``, called by Goa's plug) and of its human play
(:mod:`vdgsim.games.goa.human`): its player line-up, its component data, one game told round by
round or as JSON, and the warm-up that compiles Goa's entry points.

Every Goa error becomes one :class:`InputError` line. The engine and players are imported
where they are used: importing them sets up numba, which the other commands of the `vdg`
process need not wait for.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING

import numpy as np
import typer

from vdgsim.commands.common import InputError, game_components, note, parse_names
from vdgsim.core import _numba_cache
from vdgsim.games.goa.components import Components

if TYPE_CHECKING:
    from vdgsim.core.plug import Game
    from vdgsim.games.goa.game import GameState

GOA_PLAYERS = "Goa is for 2 to 4 players"
DEFAULT_LINEUP = "default"


def _goa() -> Game:
    """Goa's entry in the runner's registry: its loader and line-ups are the commands' too.
    Imported on use, as the players are (the registry imports Vasco da Gama's players)."""
    from vdgsim.games.goa.plug import GAME

    return GAME


def components(data: str | None, overrides: list[str] | None) -> Components:
    """Goa's component data from ``--data`` and ``--set`` (KEY=VALUE, values in TOML), loaded
    as the runner loads it."""
    return game_components(_goa().key, data, overrides)


def seats(lineup: str | None, players: str | None) -> list[str]:
    """One Goa preset per seat from ``--lineup`` (one name fills every seat) and
    ``--players`` (2 to 4; default: the number of names, or 4 for one name)."""
    count: int | None = None
    if players is not None:
        try:
            count = int(players)
        except ValueError:
            raise InputError(f"--players is one count (2 to 4), got {players!r}") from None
        if not 2 <= count <= 4:
            raise InputError(f"--players must be 2, 3 or 4 ({GOA_PLAYERS}), got {count}")
    names = parse_names(lineup if lineup is not None else DEFAULT_LINEUP, "--lineup")
    if len(names) == 1:
        return names * (count if count is not None else 4)
    if count is not None and len(names) != count:
        raise InputError(
            f"--lineup names {len(names)} players but --players is {count} "
            "(give one name for every seat, or one name per seat)"
        )
    if not 2 <= len(names) <= 4:
        raise InputError(f"--lineup names {len(names)} players; {GOA_PLAYERS}")
    return names


def params(names: list[str]) -> np.ndarray:
    """The players' parameter table; an unknown preset is a usage error."""
    try:
        return _goa().params_table(names)
    except ValueError as e:
        raise InputError(str(e)) from None


def play_game(comp: Components, table: np.ndarray, players: int, seed: int) -> GameState:
    """One game played to its end by the compiled players of ``table``."""
    from strategies.goa import play_to_end
    from vdgsim.games.goa import layout as L
    from vdgsim.games.goa.game import new_game

    game = new_game(players=players, seed=seed, components=comp)
    play_to_end(comp.array, game.s, game.log, table, np.zeros(L.MAX_LEGAL, dtype=np.int64))
    return game


def warm_up() -> None:
    """Compile (or load) every Goa entry point the commands call: one game each through
    :func:`play_game` and the account's replay (``vdg play``), the compiled batch loop and the
    Python step loop (``vdg bench``)."""
    from strategies.goa import lineup_params
    from vdgsim.games.goa.account import account
    from vdgsim.games.goa.bench import time_compiled, time_python
    from vdgsim.games.goa.components import default_components

    comp = default_components()
    account(play_game(comp, lineup_params(["random"] * 2, 2), 2, 0))
    time_compiled(comp, 2, "random", 1)
    time_python(comp, 2, "random", 1)


def play(
    players: str | None,
    seed: int,
    lineup: str | None,
    as_json: bool,
    data: str | None,
    overrides: list[str] | None,
    plain_python_note: str,
) -> None:
    """`vdg play --game goa`: one game, told round by round, or as JSON."""
    from vdgsim.games.goa.account import account, decisions, event_records, options_of
    from vdgsim.games.goa.game import result

    names = seats(lineup, players)
    comp = components(data, overrides)
    table = params(names)
    if _numba_cache.plain_python_fallback():
        note(plain_python_note)
    n = len(names)
    game = play_game(comp, table, n, seed)
    if as_json:
        res = result(game)
        doc = {
            "game": "goa",
            "players": n,
            "seed": seed,
            "lineup": names,
            "options": asdict(options_of(game)),
            "components": comp.digest,
            "actions": decisions(game),
            "events": event_records(game),
            "result": {
                "vp": list(res.vp),
                "rank": list(res.rank),
                "win_share": list(res.win_share),
                "ducats": list(res.ducats),
                "vp_by_source": [dict(d) for d in res.vp_by_source],
            },
        }
        typer.echo(json.dumps(doc, indent=1))
        return
    typer.echo(
        f"Goa: {n} players, seed {seed}, players {', '.join(names)}; "
        f"component data {comp.digest} ({comp.data.get('name', comp.source)})"
    )
    for line in account(game):
        typer.echo(line)
