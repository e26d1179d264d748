"""`vdg play`: one game, told round by round (or its event log as JSON)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from strategies.python_loop import preset_player
from strategies.registry import UnknownPresetError
from vdgsim.account import event_records, play_with_account
from vdgsim.commands.common import (
    DataOption,
    InputError,
    SetOption,
    check_player_count,
    components_from_options,
)
from vdgsim.game import GameState, new_game


def compiled_chooser(names: list[str]):
    """A chooser for the Python step loop: each seat asks its named player (a preset)."""
    try:
        players = [preset_player(name) for name in names]
    except UnknownPresetError as e:
        raise InputError(str(e)) from None

    def pick(state: GameState, legal: list[int]) -> int:
        return players[state.current_player](state, legal)

    return pick


def play(
    players: Annotated[int, typer.Option(help="Number of players, 2 to 4.")] = 4,
    seed: Annotated[int, typer.Option(help="Game seed (0 .. 2**63-1): same seed, same game.")] = 0,
    strategy: Annotated[
        str,
        typer.Option(
            help="Player preset per seat, comma separated (one name applies to every seat); "
            "names as in `vdg simulate` (presets, preset files, restrictions).",
        ),
    ] = "default",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the event log as JSON instead of the account.")
    ] = False,
    data: DataOption = None,
    set_: SetOption = None,
) -> None:
    """Play one game and print a round-by-round account: placements with numbers and Areas,
    the free number, each action or give-up with its cost, the landings after Phase 3, and the
    final scores with their sources."""
    check_player_count(players)
    if seed < 0:
        raise InputError(f"--seed must be >= 0, got {seed}")
    comp = components_from_options(data, set_)
    names = [n.strip() for n in strategy.split(",") if n.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise InputError(f"--strategy names {len(names)} players for a {players}-player game")
    game = new_game(players=players, seed=seed, components=comp)
    lines, actions = play_with_account(game, compiled_chooser(names))
    if as_json:
        doc = {
            "players": players,
            "seed": seed,
            "strategies": names,
            "components": comp.digest,
            "actions": actions,
            "events": event_records(game),
        }
        typer.echo(json.dumps(doc, indent=1))
        return
    typer.echo(
        f"Vasco da Gama: {players} players, seed {seed}, players {', '.join(names)}; "
        f"component data {comp.digest} ({comp.data.get('name', comp.source)})"
    )
    for line in lines:
        typer.echo(line)
