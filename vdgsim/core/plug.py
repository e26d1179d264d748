"""The game plug: what the game-free layers (runner, analysis, report, commands) need of a game,
and the registry that finds a game by its key.

Each game defines one :class:`Game` in its own plug module (``vdgsim.games.vasco.plug``,
``vdgsim.games.goa.plug``) and the shared layers reach it only through :func:`game_of`; they call
its attributes and never compare game keys. The command line resolves ``--game`` here once.

Games are found, in this order, among the built-in plugs, the ``vdgsim.games`` entry points of
installed packages (``key = "module:attribute"``), and the modules named in the environment
variable ``VDGSIM_GAMES`` (comma-separated ``module`` or ``module:attribute``, default attribute
``GAME``) — the way to plug in a game under development without installing it; worker
processes inherit the variable, so they find it too. :func:`register` adds one in-process.

>>> game_of("goa").title
'Goa'
"""

from __future__ import annotations

import importlib
import os
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:
    import polars as pl

    Frames = tuple[dict[str, pl.DataFrame], int]
else:
    Frames = tuple

BUILT_IN = ("vdgsim.games.vasco.plug:GAME", "vdgsim.games.goa.plug:GAME")
ENTRY_POINTS = "vdgsim.games"
ENV = "VDGSIM_GAMES"


class ComponentError(ValueError):
    """A game's component data file or override is invalid; the message names the field.
    Each game's loader raises its own subclass, so shared code catches this one."""


class GameComponents(Protocol):
    """What the shared layers read of a game's component data."""

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


def _no_presets() -> list[tuple[str, str]]:
    return []


def _no_columns() -> tuple[str, ...]:
    return ()


def _same(rows: pl.DataFrame) -> pl.DataFrame:
    return rows


@dataclass(frozen=True)
class Game:
    """One game, as every shared layer sees it. A chunk task names its game by :attr:`key`,
    and a worker looks it up again (so tasks pickle without functions).

    Every game has a player named ``random`` (uniform over the legal actions), which the
    runner plays to compile a game's loop before the timed play, and one named ``default``,
    the line-up when a command is given none."""

    key: str  # the --game value, and the "game" of manifests and specs
    title: str
    # (path or None, overrides as --set strings or a dict) -> the game's Components
    load_components: Callable[[str | Path | None, Any], GameComponents]
    default_components: Callable[[], GameComponents]
    default_data: Callable[[], Path]  # the component file used when none is given
    parameter_row: ParameterRow
    named_parameters: Callable[[Sequence[float]], dict[str, Any]]
    # one name per seat -> the parameter table the game's chunk loop reads
    params_table: Callable[[Sequence[str]], np.ndarray]
    # a chunk task -> its frames by table, and its log overflows (vdgsim.runner.chunk)
    play: Callable[[Any], Frames]
    # columns of the games and players tables (the optional tables declare their own)
    columns: Callable[[], dict[str, tuple[str, ...]]]
    player_counts: tuple[int, ...] = (2, 3, 4)
    optional_tables: tuple[str, ...] = ()  # tables beyond games and players it can record
    # the game the toolkit began with: its key is left out of manifests, specs and commands,
    # so that those written before there were several games read as before
    implicit: bool = False
    # compile (or load from numba's cache) every compiled entry point; None: plain Python
    compile: Callable[[], None] | None = None
    presets: Callable[[], list[tuple[str, str]]] = _no_presets  # shipped (name, description)
    # the kinds of search player a line-up may name, as (name, how to spell one)
    search_players: tuple[tuple[str, str], ...] = ()
    experiments: Callable[[], Path] | None = None  # the folder of its shipped experiment specs
    vp_sources: Callable[[], tuple[str, ...]] = _no_columns  # players-table VP-by-source columns
    # players-table columns besides the VP sources whose means a sensitivity sweep reports
    response_columns: Callable[[], tuple[str, ...]] = _no_columns
    # {players-table column: words} of what a player did (a paired experiment compares them
    # between an arm and its baseline), the VP-by-source columns among them
    behaviour: Callable[[], dict[str, str]] = dict
    # a focus player's rows (one per game) -> the same with the columns behaviour names that
    # the players table holds only in parts
    derive_behaviour: Callable[[pl.DataFrame], pl.DataFrame] = _same
    # each seat is dealt a character at setup, which seat tables name beside the seat
    seat_characters: bool = False
    # its reconstructed component values with plausible alternatives (each a
    # vdgsim.analysis.reconstructed.Alternative), whose runs label a finding's robustness
    data_alternatives: Callable[[], tuple[Any, ...]] = tuple
    # its own report sections: {section: (experiment kind, optional table of the baseline
    # run)} and {section: function building it} (vdgsim.analysis.experiment.SECTIONS and
    # vdgsim.report.sections hold every game's)
    report_sections: Callable[[], dict[str, tuple[str, str | None]]] = dict
    section_builders: Callable[[], dict[str, Callable[..., None]]] = dict
    # what a sweep reports besides the win shares: (experiment, section, player rows, run
    # info per value, swept key, first and last value) -> findings, after adding its tables
    # and charts to the section; None: VP by source (vdgsim.report.sections)
    sweep_response: Callable[..., list[Any]] | None = None
    # what the seat effects of identical players consist of, as the seats section's note
    # says it ("the turn order" unless the game says more)
    seat_effects: str = "the turn order"
    # what the game adds to the seats section: (experiment, section, win share by seat,
    # robustness labels) -> None, after the seats the section shares with every game
    seats_more: Callable[..., None] | None = None
    # vdg play: (players, seed, lineup, as JSON, data, --set, the human's seat or None, notes
    # to print after the checks) -> one game told round by round
    play_one: Callable[..., None] | None = None
    # (components, players, player in every seat, games, compiled loop or the Python step
    # loop) -> seconds to play games seeded 0..games-1, warm-up excluded; for vdg bench
    time_games: Callable[[Any, int, str, int, bool], float] | None = None
    tuning_kit: Callable[[], Any] | None = None  # vdgsim.core.tuning.TuneKit, for vdg tune
    regret_kit: Callable[[], Any] | None = None  # vdgsim.core.regret_sampling.RegretKit, vdg regret
    distill_kit: Callable[[], Any] | None = (
        None  # vdgsim.core.linear_policy.DistillKit, vdg distill
    )
    # the game's command-line help, a line after "--game KEY:"
    blurb: str = ""

    def check_players(self, players: int) -> None:
        """Refuse a player count the game is not for."""
        if players not in self.player_counts:
            raise ValueError(f"{self.title} is for {self.counts_text()} players, got {players}")

    def counts_text(self) -> str:
        """The player counts in words: "2 to 4", "2 or 3", "2"."""
        c = sorted(self.player_counts)
        if len(c) > 2 and c == list(range(c[0], c[-1] + 1)):
            return f"{c[0]} to {c[-1]}"
        return " or ".join(map(str, c)) if len(c) <= 2 else ", ".join(map(str, c))

    def argv(self) -> list[str]:
        """The ``--game`` option a command repeating this game's work needs."""
        return [] if self.implicit else ["--game", self.key]

    def recorded(self) -> dict[str, str]:
        """The ``game`` entry of a manifest or spec (none for the implicit game)."""
        return {} if self.implicit else {"game": self.key}


_REGISTRY: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    """Add ``game`` to the registry (in this process); a second game with a key already
    registered is a ValueError."""
    _discover()  # the built-in games keep their place first
    known = _REGISTRY.get(game.key)
    if known is not None and known is not game:
        raise ValueError(f"a game with key {game.key!r} ({known.title}) is already registered")
    _REGISTRY[game.key] = game
    return game


def _load(target: str) -> Game:
    module, _, attr = target.partition(":")
    game = getattr(importlib.import_module(module), attr or "GAME")
    if not isinstance(game, Game):
        raise TypeError(f"{target} is not a vdgsim.core.plug.Game")
    return game


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for target in BUILT_IN:
        register(_load(target))
    for ep in metadata.entry_points(group=ENTRY_POINTS):
        register(_load(ep.value))
    for target in filter(None, (t.strip() for t in os.environ.get(ENV, "").split(","))):
        register(_load(target))


def games() -> dict[str, Game]:
    """Every registered game by key, the built-in ones first."""
    _discover()
    return dict(_REGISTRY)


def game_keys() -> tuple[str, ...]:
    return tuple(games())


def implicit_key() -> str:
    """The key of the implicit game: what a manifest or spec without ``game`` was played with."""
    return next(g.key for g in games().values() if g.implicit)


def game_of(key: str | None = None) -> Game:
    """The game whose ``--game`` key is ``key`` (``None``: the implicit game); an unknown key
    is a ValueError naming the known ones."""
    found = games()
    if key is None:
        key = implicit_key()
    try:
        return found[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(found)}") from None


GAME_COLUMNS = ("game", "seed", "rotation", "winner", "winners", "winning_vp", "players")
"""The columns every game's games table has (the analyses read them): the game number, its
seed and rotation of the line-up, the winning seat (the lowest of shared winners), the
number of winners, the winner's score and the player count."""
PLAYER_COLUMNS = ("game", "seat", "strategy", "vp", "rank", "win_share")
"""The columns every game's players table has, first and in this order: the game number, the
seat, the player's name, its score, its rank (1 best, shared on a tie) and its win share (1/k
for each of k shared winners)."""


def table_columns(
    game_columns: Sequence[str], player_columns: Sequence[str]
) -> dict[str, tuple[str, ...]]:
    """The columns of a game's games and players tables, from its chunk loop's columns: the
    game number first, the line-up and win share where every game has them."""
    lead = PLAYER_COLUMNS[1:]
    return {
        "games": ("game", *game_columns, "players"),
        "players": ("game", *lead, *(c for c in player_columns if c not in lead)),
    }


def _override_value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text  # a bare word is taken as a string (e.g. bonus=reals)


def parse_override(item: str) -> tuple[str, Any]:
    """Split a ``--set`` string, ``"landings.calicut.completion_vp=6"``, into its key and its
    value read as TOML; a malformed one is a ValueError naming it."""
    if "=" not in item:
        raise ValueError(f"override {item!r}: expected KEY=VALUE")
    key, _, value = item.partition("=")
    key = key.strip()
    if not key:
        raise ValueError(f"override {item!r}: empty key")
    return key, _override_value(value.strip())


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """``--set KEY=VALUE`` strings as a dict of overrides, as every game's loader takes them."""
    return dict(parse_override(o) for o in items)
