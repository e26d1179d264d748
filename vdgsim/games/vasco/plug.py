"""Vasco da Gama as the game-free layers see it (:class:`vdgsim.core.plug.Game`).

Every hook imports what it needs when called, so registering the game costs nothing and the
plug may reach every layer of the game without the layers below importing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core.plug import Game, table_columns
from vdgsim.games.vasco import components as C
from vdgsim.games.vasco import vocabulary as V
from vdgsim.search.names import SEARCH_PLAYERS


def _row(name: str, players: int | None = None) -> np.ndarray:
    from strategies.vasco import registry

    return registry.resolve(name, players)


def _params(seats: Sequence[str]) -> np.ndarray:
    from strategies.vasco import registry

    return registry.params_table(seats)


def _named(row: Sequence[float]) -> dict[str, Any]:
    from strategies.vasco.params import named_parameters

    return named_parameters(row)


def _play(task: Any) -> Any:
    from vdgsim.runner import chunk

    return chunk.play(task)


def _compile() -> None:
    """The step-by-step API with a compiled player (``vdg play``), the whole-game loop
    (``vdg bench``) and the batch chunk loop (``simulate``, ``tournament``, ``experiment``)."""
    from strategies.vasco.loop import play_games
    from strategies.vasco.python_loop import play_python, preset_player
    from strategies.vasco.registry import params_table
    from vdgsim.games.vasco.game import new_game
    from vdgsim.runner.run import warm_up

    comp = C.default_components()
    play_python(new_game(players=2, seed=0, components=comp), [preset_player("random")] * 2)
    play_games(comp, 2, np.arange(1, dtype=np.int64), params_table(["random"] * 2))
    warm_up(comp, GAME.key)


def _presets() -> list[tuple[str, str]]:
    from strategies.vasco.presets import load_preset, preset_path, shipped_presets

    return [(name, load_preset(preset_path(name)).description) for name in shipped_presets()]


def _experiments() -> Path:
    return Path(__file__).resolve().parents[3] / "experiments"


def _behaviour() -> dict[str, str]:
    from vdgsim.games.vasco.behaviour import WORDS

    return WORDS


def _derive(rows: pl.DataFrame) -> pl.DataFrame:
    from vdgsim.games.vasco.behaviour import derive

    return derive(rows)


def _seats_more(exp: Any, sec: Any, by_seat: pl.DataFrame, labels: dict[str, Any]) -> None:
    from vdgsim.games.vasco.seat_deal import random_deal_seats

    random_deal_seats(exp, sec, by_seat, labels)


def _sections() -> dict[str, tuple[str, str | None]]:
    return {
        "bidding": ("paired", None),
        "ports": ("paired", "ships"),
        "characters": ("paired", None),
        "measures": ("tournament", None),
    }


def _builders() -> dict[str, Any]:
    from vdgsim.games.vasco.sections import SECTION_FUNCTIONS

    return SECTION_FUNCTIONS


def _sweep_response(*args: Any) -> list[Any]:
    from vdgsim.games.vasco.sections import sweep_response

    return sweep_response(*args)


def _alternatives() -> tuple[Any, ...]:
    from vdgsim.analysis.reconstructed import ALTERNATIVES

    return ALTERNATIVES


def _play_one(*args: Any) -> None:
    from vdgsim.commands.play import play_vdg

    play_vdg(*args)


def _time_games(comp: Any, players: int, player: str, games: int, compiled: bool) -> float:
    from vdgsim.games.vasco.bench import bench_compiled, bench_python

    run = bench_compiled if compiled else bench_python
    return run(comp, players, player, games).seconds


def _tuning_kit() -> Any:
    from strategies.vasco.tuning import KIT

    return KIT


def _regret_kit() -> Any:
    from strategies.vasco.search.regret import KIT

    return KIT


def _distill_kit() -> Any:
    from strategies.vasco.learned.kit import KIT

    return KIT


GAME = Game(
    key="vdg",
    title="Vasco da Gama",
    blurb="Vasco da Gama (Paolo Mori, 2009)",
    load_components=C.load_components,
    default_components=C.default_components,
    default_data=lambda: C.DEFAULT_PATH,
    parameter_row=_row,
    named_parameters=_named,
    params_table=_params,
    play=_play,
    columns=lambda: table_columns(V.GAME_COLUMNS, V.PLAYER_COLUMNS),
    optional_tables=("decisions", "ships"),
    implicit=True,
    compile=_compile,
    presets=_presets,
    search_players=SEARCH_PLAYERS,
    experiments=_experiments,
    vp_sources=lambda: V.VP_SOURCE_COLUMNS,
    response_columns=lambda: V.SENT_COLUMNS,
    behaviour=_behaviour,
    derive_behaviour=_derive,
    seat_characters=True,
    seat_effects="first player, the character dealt to the seat",
    seats_more=_seats_more,
    data_alternatives=_alternatives,
    report_sections=_sections,
    section_builders=_builders,
    sweep_response=_sweep_response,
    play_one=_play_one,
    time_games=_time_games,
    tuning_kit=_tuning_kit,
    regret_kit=_regret_kit,
    distill_kit=_distill_kit,
)
