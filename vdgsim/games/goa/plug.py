"""Goa as the game-free layers see it (:class:`vdgsim.core.plug.Game`).

Every hook imports what it needs when called: registering the game loads nothing of it, so
Vasco da Gama's commands start no slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core.plug import Game, parse_overrides, table_columns
from vdgsim.search.names import SEARCH_PLAYERS


def _default_data() -> Path:
    from vdgsim.games.goa.components import DEFAULT_PATH

    return DEFAULT_PATH


def _load(path: str | Path | None, overrides: Any) -> Any:
    from vdgsim.games.goa.components import ComponentError, load_components

    # its errors say which game's data they are about: commands and reports show them as is
    try:
        if isinstance(overrides, list):
            overrides = parse_overrides(overrides)
        return load_components(path, overrides or None)
    except ValueError as e:
        raise ComponentError(f"Goa component data {e}") from None


def _default() -> Any:
    from vdgsim.games.goa.components import default_components

    return default_components()


def _row(name: str, players: int | None = None) -> np.ndarray:
    from strategies.goa import player_row

    return player_row(name, players)


def _named(row: Sequence[float]) -> dict[str, Any]:
    from strategies.goa import KIND_HEURISTIC, KIND_RANDOM, P_KIND
    from strategies.goa.params import KIND_LEARNED
    from strategies.goa.restrictions import restrictions_of
    from strategies.goa.search import KIND_ISMCTS, KIND_MC

    kinds = {
        KIND_RANDOM: "random",
        KIND_HEURISTIC: "heuristic",
        KIND_LEARNED: "learned",
        KIND_MC: "mc",
        KIND_ISMCTS: "ismcts",
    }
    kind = int(row[P_KIND])
    out: dict[str, Any] = {"policy": kinds.get(kind, f"kind {kind}")}
    restrictions = restrictions_of(np.asarray(row, dtype=np.float64))
    if restrictions:
        out["restrictions"] = restrictions
    return out


def _params(seats: Sequence[str]) -> np.ndarray:
    from strategies.goa import lineup_params

    return lineup_params(list(seats), len(seats))


def _columns() -> dict[str, tuple[str, ...]]:
    from vdgsim.games.goa import batch as GB

    return table_columns(GB.GAME_COLUMNS, GB.PLAYER_COLUMNS)


def _play(task: Any) -> tuple[dict[str, pl.DataFrame], int]:
    from vdgsim.games.goa import batch as GB
    from vdgsim.runner import chunk as CH

    seeds, game_ids, rotations = CH.chunk_games(task)
    games, players, share, auctions, n_auctions = GB.play_chunk(
        task.components,
        task.players,
        seeds,
        rotations,
        np.ascontiguousarray(task.params, dtype=np.float64),
        task.auctions,
    )
    p = task.players
    game_frame = pl.DataFrame(
        {"game": game_ids, **{name: games[:, i] for i, name in enumerate(GB.GAME_COLUMNS)}}
    ).with_columns(
        pl.lit(p, dtype=pl.Int8).alias("players"),
        pl.col("rotation", "start_player", "winner", "winners").cast(pl.Int8),
        pl.col("decisions", "log_rows", "winning_vp", "vp_margin").cast(pl.Int32),
        pl.col("log_overflow").cast(pl.Boolean),
    )
    cols = {name: players[:, i] for i, name in enumerate(GB.PLAYER_COLUMNS)}
    player_frame = pl.DataFrame(
        {
            "game": np.repeat(game_ids, p),
            "seat": cols.pop("seat"),
            "strategy": CH.seat_names(task, rotations),
            "vp": cols.pop("vp"),
            "rank": cols.pop("rank"),
            "win_share": share,
            **cols,
        }
    ).with_columns(
        pl.col("seat", "rank", *GB.ROW_COLUMNS).cast(pl.Int8),
        pl.col("vp", *(c for c in cols if c not in GB.ROW_COLUMNS)).cast(pl.Int32),
    )
    frames = {"games": game_frame, "players": player_frame}
    if task.auctions:
        names = np.array(task.seat_strategies, dtype=object)  # (rotations, seats)
        frames["auctions"] = GB.auction_frame(
            auctions[:n_auctions],
            task.chunk.first,
            p,
            rotations,
            names,
            task.components,
            task.tile_names,
        )
    return frames, int(games[:, GB.G_OVERFLOW].sum())


def _compile() -> None:
    from vdgsim.games.goa.commands import warm_up

    warm_up()


def _presets() -> list[tuple[str, str]]:
    from strategies.goa import PRESETS, preset_description

    return [(name, preset_description(name)) for name in PRESETS]


def _experiments() -> Path:
    return Path(__file__).resolve().parents[3] / "experiments" / "goa"


def _vp_sources() -> tuple[str, ...]:
    from vdgsim.games.goa.layout import VP_SOURCE_COLUMNS

    return VP_SOURCE_COLUMNS


def _behaviour() -> dict[str, str]:
    from vdgsim.games.goa.behaviour import WORDS

    return WORDS


def _sections() -> dict[str, tuple[str, str | None]]:
    return {"lots": ("paired", "auctions")}


def _builders() -> dict[str, Any]:
    from vdgsim.games.goa.sections import GOA_SECTION_FUNCTIONS

    return GOA_SECTION_FUNCTIONS


def _alternatives() -> tuple[Any, ...]:
    from vdgsim.analysis.reconstructed import GOA_ALTERNATIVES

    return GOA_ALTERNATIVES


def _play_one(
    players: str | None,
    seed: int,
    lineup: str | None,
    as_json: bool,
    data: str | None,
    overrides: list[str] | None,
    human: int | None,
    notes: list[str],
) -> None:
    from vdgsim.commands.common import note
    from vdgsim.commands.play import PLAIN_PYTHON_NOTE
    from vdgsim.games.goa import commands as goa

    if notes and human is None:
        for message in notes:
            note(message)
    if human is not None:
        # the engine and players load only when a seat is played by hand
        from vdgsim.games.goa.human import play_goa

        play_goa(players, seed, lineup, as_json, data, overrides, human)
        return
    goa.play(players, seed, lineup, as_json, data, overrides, PLAIN_PYTHON_NOTE)


def _time_games(comp: Any, players: int, player: str, games: int, compiled: bool) -> float:
    from vdgsim.games.goa.bench import time_compiled, time_python

    run = time_compiled if compiled else time_python
    return run(comp, players, player, games).seconds


def _tuning_kit() -> Any:
    from strategies.goa.tuning import KIT

    return KIT


def _regret_kit() -> Any:
    from strategies.goa.search.regret import KIT

    return KIT


def _distill_kit() -> Any:
    from strategies.goa.learned.kit import KIT

    return KIT


GAME = Game(
    key="goa",
    title="Goa",
    blurb="Goa (Rüdiger Dorn, 2012 edition)",
    load_components=_load,
    default_components=_default,
    default_data=_default_data,
    parameter_row=_row,
    named_parameters=_named,
    params_table=_params,
    play=_play,
    columns=_columns,
    optional_tables=("auctions",),
    compile=_compile,
    presets=_presets,
    search_players=SEARCH_PLAYERS,
    experiments=_experiments,
    vp_sources=_vp_sources,
    behaviour=_behaviour,
    data_alternatives=_alternatives,
    seat_effects="the order in which seats reveal cards for the start player, G1.6, and the "
    "turn order from the start player",
    report_sections=_sections,
    section_builders=_builders,
    play_one=_play_one,
    time_games=_time_games,
    tuning_kit=_tuning_kit,
    regret_kit=_regret_kit,
    distill_kit=_distill_kit,
)
