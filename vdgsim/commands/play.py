"""`vdg play`: one game, told round by round (or its event log and result as JSON).

One game needs no compiled code: on a machine whose compiled cache is cold, `cli.py` has
already made this process run the engine as plain Python (the same game, about a second)
instead of compiling for a minute or two first.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from strategies.vasco.python_loop import preset_player
from strategies.vasco.registry import UnknownPresetError
from vdgsim.commands import human as human_play
from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    PlayersOption,
    SetOption,
    components_from_options,
    display_names,
    lineup_option,
    note,
    player_lineup,
    seed_option,
)
from vdgsim.core import _numba_cache
from vdgsim.core.plug import game_of
from vdgsim.games.vasco.account import event_records, play_with_account
from vdgsim.games.vasco.game import GameState, new_game, result

PLAIN_PYTHON_NOTE = (
    "played without compiled code (the engine compiles once per machine on the first batch "
    "command, about 3 minutes)"
)


def compiled_chooser(names: list[str]):
    """A chooser for the Python step loop: each seat asks its named player (a preset)."""
    try:
        players = [preset_player(name) for name in names]
    except UnknownPresetError as e:
        raise InputError(str(e)) from None

    def pick(state: GameState, legal: list[int]) -> int:
        return players[state.current_player](state, legal)

    return pick


def result_record(state: GameState) -> dict[str, Any]:
    """The final result as JSON-able lists indexed by seat."""
    res = result(state)
    return {
        "vp": list(res.vp),
        "rank": list(res.rank),
        "win_share": list(res.win_share),
        "reals": list(res.reals),
        "vp_by_source": [dict(d) for d in res.vp_by_source],
    }


def play(
    game: GameOption = DEFAULT_GAME,
    players: PlayersOption = None,
    seed: Annotated[int, seed_option("Game seed (0 .. 2**63-1): same seed, same game.")] = 0,
    lineup: Annotated[str | None, lineup_option("default")] = None,
    strategy: Annotated[
        str | None, typer.Option(hidden=True, help="Old spelling of --lineup.")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the game as JSON instead of the account: players, seed, lineup, "
            "component digest, actions, the event log, and the result (VP, rank, win share, "
            "Reals and VP by source, one entry per seat).",
        ),
    ] = False,
    data: DataOption = None,
    set_: SetOption = None,
    human: Annotated[
        int | None,
        typer.Option(
            "--human",
            metavar="SEAT",
            help="Play seat SEAT (0 = the first) yourself in the terminal against the "
            "line-up's other players: you see only what that seat may see, pick each "
            "decision by its number (? for help, q to stop) and get the final scores.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play one game and print a round-by-round account: placements with numbers and Areas,
    the free number, each action or give-up with its cost, the landings after Phase 3, and the
    final scores with their sources.

    With --game goa, a game of Goa: per round the Flag and markers placed, each auction with
    its bids and price, each action turn with what it changed (ducats, ships, colonists,
    spices, cards), the holdings at the end of the round; then the VP by source and the
    ranking (G8.5: VP, then ducats). --lineup then names Goa players (the presets in
    strategies/goa/presets, mc:... or ismcts:...; default: default), --data and --set Goa's
    component data
    (vdg data --game goa path), and --json adds the options and each seat's ducats; see
    docs/goa-cli.md.

    With --human SEAT, you play that seat (either game) in the terminal against the other
    seats' players, seeing only what the seat may see."""
    notes: list[str] = []
    if strategy is not None:
        if lineup is not None:
            raise InputError("--strategy is the old spelling of --lineup; give only --lineup")
        notes.append("--strategy is now --lineup")
        lineup = strategy
    g = game_of(game)
    if g.play_one is None:
        raise InputError(f"vdg play cannot tell a game of {g.title} (its plug has no play_one)")
    g.play_one(players, seed, lineup, as_json, data, set_, human, notes)


def play_vdg(
    players: str | None,
    seed: int,
    lineup: str | None,
    as_json: bool,
    data: str | None,
    set_: list[str] | None,
    human: int | None,
    notes: list[str],
) -> None:
    """`vdg play` for Vasco da Gama: one game, told round by round, as JSON, or played by a
    human in one seat."""
    names = player_lineup(lineup, players, notes, "default")
    n = len(names)
    comp = components_from_options(data, set_)
    chooser = compiled_chooser(names)
    if human is not None:
        human_play.check_human(human, n, as_json)
    for message in notes:  # after the checks, so that an error stays a single line
        note(message)
    if _numba_cache.plain_python_fallback():
        note(PLAIN_PYTHON_NOTE)
    game = new_game(players=n, seed=seed, components=comp)
    if human is not None:
        human_play.play_vdg(game, names, human, chooser)
        return
    decisions: dict[int, str] = {}
    lines, actions = play_with_account(game, chooser, decisions)
    if as_json:
        doc = {
            "game": "vdg",  # the key of --game, as in Goa's JSON
            "players": n,
            "seed": seed,
            "lineup": names,
            "components": comp.digest,
            "actions": actions,
            "events": event_records(game, decisions),
            "result": result_record(game),
        }
        typer.echo(json.dumps(doc, indent=1))
        return
    typer.echo(
        f"Vasco da Gama: {n} players, seed {seed}, players {', '.join(display_names(names))}; "
        f"component data {comp.digest} ({comp.data.get('name', comp.source)})"
    )
    for line in lines:
        typer.echo(line)
