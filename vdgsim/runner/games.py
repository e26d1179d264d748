"""The games the runner plays: one :class:`Game` per game package, found by its key.

The runner (chunks, seeds, Parquet, manifest, resume, backends) is the same for every game; a
:class:`Game` holds what differs: how its component data is loaded, how a line-up becomes a
parameter table, the compiled chunk loop that fills its tables, and the tables it can record.

>>> game_of("goa").title
'Goa'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import polars as pl

from strategies import registry
from vdgsim import components as vdg_components
from vdgsim import vocabulary as V
from vdgsim.runner import chunk as CH

Frames = tuple[dict[str, pl.DataFrame], int]


class GameComponents(Protocol):
    """What the runner reads of a game's component data (``vdgsim.components.Components``,
    ``vdgsim.goa.components.Components``)."""

    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def array(self) -> np.ndarray: ...
    @property
    def source(self) -> str: ...
    @property
    def digest(self) -> str: ...


class ParameterRow(Protocol):
    """The parameter row of one player name in games of a player count (``None``: the
    preset's row for any count, enough to check the name); raises a ValueError naming the
    known presets."""

    def __call__(self, name: str, players: int | None = None, /) -> np.ndarray: ...


@dataclass(frozen=True)
class Game:
    """What the runner needs of one game. A chunk task names its game by :attr:`key`, and a
    worker looks the game up here (so tasks pickle without functions)."""

    key: str  # the --game value, and the manifest's "game" (absent for Vasco da Gama)
    title: str
    default_data: Callable[[], Path]  # the component file used when none is given
    # (path or None, overrides as --set strings or a dict) -> the game's Components
    load_components: Callable[[str | Path | None, Any], GameComponents]
    default_components: Callable[[], GameComponents]
    parameter_row: ParameterRow
    named_parameters: Callable[[Sequence[float]], dict[str, Any]]
    # one name per seat -> the (MAX_PLAYERS, N_PARAMS) table the compiled loop reads
    params_table: Callable[[Sequence[str]], np.ndarray]
    play: Callable[[CH.ChunkTask], Frames]  # a chunk's frames by table, and its log overflows
    # columns of the games and players tables (the optional tables declare their own)
    columns: Callable[[], dict[str, tuple[str, ...]]]
    optional_tables: tuple[str, ...] = ()  # tables beyond games and players it can record

    def check_players(self, players: int) -> None:
        """Refuse a player count the game is not for (every game so far: 2 to 4)."""
        if not 2 <= players <= 4:
            raise ValueError(f"{self.title} is for 2 to 4 players, got {players}")


def table_columns(
    game_columns: Sequence[str], player_columns: Sequence[str]
) -> dict[str, tuple[str, ...]]:
    """The columns of every game's games and players tables, from its compiled loop's integer
    columns: the game number first, the line-up and win share where every game has them."""
    lead = ("seat", "strategy", "vp", "rank", "win_share")
    return {
        "games": ("game", *game_columns, "players"),
        "players": ("game", *lead, *(c for c in player_columns if c not in lead)),
    }


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """``--set KEY=VALUE`` strings as a dict of overrides (values read as TOML values, as
    every game's component loader reads them); a malformed item is a ValueError naming it."""
    return dict(vdg_components.parse_override(o) for o in items)


# --- Vasco da Gama ----------------------------------------------------------------------------


def _vdg_named(row: Sequence[float]) -> dict[str, Any]:
    from vdgsim.runner.run import named_parameters  # run.py imports this registry

    return named_parameters(row)


# --- Goa ---------------------------------------------------------------------------------------
# Goa's modules are imported on first use, so Vasco da Gama's commands start no slower.


def _goa_default_data() -> Path:
    from vdgsim.goa.components import DEFAULT_PATH

    return DEFAULT_PATH


def _goa_load(path: str | Path | None, overrides: Any) -> GameComponents:
    from vdgsim.goa.components import ComponentError, load_components

    if isinstance(overrides, list):  # --set KEY=VALUE strings, parsed as for Vasco da Gama
        overrides = dict(vdg_components.parse_override(o) for o in overrides)
    for key in overrides or {}:
        if key in vdg_components.OPTIONS:
            raise ComponentError(f"--set {key} is a Vasco da Gama variant; Goa has no such option")
    return load_components(path, overrides or None)


def _goa_default() -> GameComponents:
    from vdgsim.goa.components import default_components

    return default_components()


def _goa_row(name: str, players: int | None = None) -> np.ndarray:
    from vdgsim.goa.players import player_row

    return player_row(name, players)


def _goa_named(row: Sequence[float]) -> dict[str, Any]:
    from vdgsim.goa.players import KIND_HEURISTIC, KIND_RANDOM, P_KIND
    from vdgsim.goa.players.search import KIND_ISMCTS, KIND_MC

    kinds = {
        KIND_RANDOM: "random",
        KIND_HEURISTIC: "heuristic",
        KIND_MC: "mc",
        KIND_ISMCTS: "ismcts",
    }
    from vdgsim.goa.players.restrictions import restrictions_of

    kind = int(row[P_KIND])
    out: dict[str, Any] = {"policy": kinds.get(kind, f"kind {kind}")}
    restrictions = restrictions_of(np.asarray(row, dtype=np.float64))
    if restrictions:
        out["restrictions"] = restrictions
    return out


def _goa_params(seats: Sequence[str]) -> np.ndarray:
    from vdgsim.goa.players import lineup_params

    return lineup_params(list(seats), len(seats))


def _goa_columns() -> dict[str, tuple[str, ...]]:
    from vdgsim.goa import batch as GB

    return table_columns(GB.GAME_COLUMNS, GB.PLAYER_COLUMNS)


def _goa_play(task: CH.ChunkTask) -> Frames:
    from vdgsim.goa import batch as GB

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


VDG = Game(
    key="vdg",
    title="Vasco da Gama",
    default_data=lambda: vdg_components.DEFAULT_PATH,
    load_components=vdg_components.load_components,
    default_components=vdg_components.default_components,
    parameter_row=registry.resolve,
    named_parameters=_vdg_named,
    params_table=registry.params_table,
    play=CH.play,
    columns=lambda: table_columns(V.GAME_COLUMNS, V.PLAYER_COLUMNS),
    optional_tables=("decisions", "ships"),
)
GOA = Game(
    key="goa",
    title="Goa",
    default_data=_goa_default_data,
    load_components=_goa_load,
    default_components=_goa_default,
    parameter_row=_goa_row,
    named_parameters=_goa_named,
    params_table=_goa_params,
    play=_goa_play,
    columns=_goa_columns,
    optional_tables=("auctions",),
)
GAMES: dict[str, Game] = {g.key: g for g in (VDG, GOA)}


def game_of(key: str) -> Game:
    """The game whose ``--game`` key is ``key`` (``vdg``, ``goa``)."""
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(GAMES)}") from None
