"""Tournaments: every combination of a list of presets, for 2, 3 and 4 players, seats rotated.

Each line-up is one run (its own run directory under the tournament's, ``4p-03`` ...) played
with seat rotation and the same root seed, so every line-up of a player count meets the same
deals (common random numbers across line-ups as well as across rotations).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from vdgsim.core.plug import GameComponents, game_of
from vdgsim.runner import output as O
from vdgsim.runner.backends import check_backend, open_backend
from vdgsim.runner.run import DEFAULT_CHUNK_SIZE, Progress, Run, load_run, make_spec, simulate

TOURNAMENT_MANIFEST = "tournament.json"


def lineups(presets: Sequence[str], players: int, mirror: bool = False) -> list[tuple[str, ...]]:
    """Every multiset of ``players`` presets (seats are rotated, so order does not matter).

    Line-ups of a single preset ("mirror matches") are left out unless ``mirror`` is set:
    they say nothing about how presets compare. So one preset without ``mirror`` has none.
    """
    names = list(dict.fromkeys(presets))
    combos = list(itertools.combinations_with_replacement(names, players))
    if mirror:
        return combos
    return [c for c in combos if len(set(c)) > 1]


@dataclass
class Tournament:
    """The runs of a tournament; ``players`` stacks their player tables."""

    manifest: dict[str, Any]
    runs: list[Run]
    path: Path | None = None

    @property
    def players(self) -> pl.DataFrame:
        """Player rows of every run, with ``players`` (count) and ``lineup`` columns."""
        return self.stacked("players")

    def stacked(self, table: str) -> pl.DataFrame:
        """One table of every run (``players``, ``games``, or an optional table the tournament
        recorded: ``ships``, ``auctions``), with ``players`` (count) and ``lineup`` columns."""
        return pl.concat(
            [
                r.table(table).with_columns(
                    pl.lit(r.manifest["run"]["players"], dtype=pl.Int8).alias("players"),
                    pl.lit(",".join(r.manifest["run"]["lineup"])).alias("lineup"),
                )
                for r in self.runs
            ]
        )

    @property
    def complete(self) -> bool:
        return all(r.complete for r in self.runs)


def tournament_plan(
    presets: Sequence[str],
    player_counts: Sequence[int],
    games: int,
    mirror: bool = False,
    game: str | None = None,
) -> list[dict[str, Any]]:
    """The runs of a tournament: name, player count, line-up and games of each."""
    g = game_of(game)
    if not presets:
        raise ValueError("a tournament needs at least one preset")
    if len(set(presets)) == 1 and not mirror:
        raise ValueError("a tournament of one preset plays only mirror matches: set mirror")
    for name in set(presets):
        g.parameter_row(name)  # raises the game's unknown-preset error
    if len(set(player_counts)) < len(player_counts):
        # each count's line-ups are named after it: a repeated count would replay into them
        raise ValueError(f"a player count is listed twice: {list(player_counts)}")
    if not player_counts:
        raise ValueError("a tournament needs at least one player count")
    for p in player_counts:
        g.check_players(p)
    plan = []
    for p in player_counts:
        for k, lu in enumerate(lineups(presets, p, mirror)):
            spec = make_spec(lu, games, rotate=True, game=game)
            plan.append(
                {"name": f"{p}p-{k:02d}", "players": p, "lineup": list(lu), "games": spec.games}
            )
    return plan


def tournament(
    presets: Sequence[str],
    player_counts: Sequence[int] = (2, 3, 4),
    games: int = 1000,
    seed: int = 0,
    *,
    out: str | Path | None = None,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    decisions: float = 0.0,
    mirror: bool = False,
    components: GameComponents | None = None,
    resume: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    game: str | None = None,
    ships: bool = False,
    auctions: bool = False,
) -> Tournament:
    """Play ``games`` games (rounded up to whole rotations) of every line-up of ``presets``.

    ``game`` is a key of :mod:`vdgsim.core.plug`, as for :func:`simulate`; ``ships`` and
    ``auctions`` add that optional table (of the games that record it) to every line-up's run
    (:meth:`Tournament.stacked` reads them together).

    Everything is checked (presets, player counts, ``resume`` with ``force``) before the
    tournament directory is touched.
    """
    if resume and force:
        raise ValueError("resume and force contradict each other: resume keeps the saved games")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    check_backend(backend, scheduler)
    plan = tournament_plan(presets, player_counts, games, mirror, game)
    for entry in plan:
        # a bad seed or chunk size would otherwise stop the tournament after its first runs
        make_spec(
            entry["lineup"],
            games,
            seed,
            chunk_size,
            rotate=True,
            decisions=decisions,
            ships=ships,
            game=game,
            auctions=auctions,
        )
    manifest: dict[str, Any] = {
        "format": O.FORMAT_VERSION,
        "presets": list(dict.fromkeys(presets)),
        "player_counts": list(player_counts),
        "games_per_lineup": games,
        "seed": seed,
        "mirror": mirror,
        "runs": plan,
    }
    # absent for the implicit game, as in tournaments written before there were several
    manifest.update(game_of(game).recorded())
    # recorded only when on, so tournaments written before these options still resume
    for table, on in (("ships", ships), ("auctions", auctions)):
        if on:
            manifest[table] = True
    top = Path(out) if out is not None else None
    # held for the whole tournament: no other one may replace or resume it meanwhile
    with O.dir_lock(top) if top is not None else contextlib.nullcontext():
        if top is not None:
            if scheduler:
                # an unreachable scheduler must fail before --force deletes the old tournament
                with open_backend(backend, jobs, scheduler):
                    pass
            _prepare(top, manifest, resume, force)
        runs = []
        for entry in plan:
            runs.append(
                simulate(
                    entry["lineup"],
                    games,
                    seed,
                    out=top / entry["name"] if top is not None else None,
                    jobs=jobs,
                    backend=backend,
                    scheduler=scheduler,
                    chunk_size=chunk_size,
                    rotate=True,
                    decisions=decisions,
                    ships=ships,
                    auctions=auctions,
                    components=components,
                    resume=resume,
                    progress=progress,
                    game=game,
                )
            )
        return Tournament(manifest, runs, top)


TOURNAMENT_MARKER_KEYS = ("format", "presets", "runs")


def check_tournament_dir(top: Path, resume: bool, force: bool) -> None:
    """Refuse a tournament directory that cannot be used as asked, without touching anything.

    An existing non-empty directory needs ``resume`` or ``force``, and either only acts on a
    tournament directory (one with ``tournament.json``), never on arbitrary files.
    """
    marker = top / TOURNAMENT_MANIFEST
    if top.exists() and not top.is_dir():
        raise O.RunDirError(f"{top} exists and is not a directory")
    if not top.exists() or not any(top.iterdir()):
        return
    if resume:
        if not marker.exists():
            raise O.RunDirError(f"cannot resume: {top} is not a tournament directory")
    elif force:
        if not O.marker_holds(marker, TOURNAMENT_MARKER_KEYS):
            raise O.RunDirError(
                f"{top} is not empty and is not a tournament directory; refusing to delete it"
            )
    else:
        raise O.RunDirError(
            f"tournament directory {top} already exists; use --resume to finish it "
            "or --force to replace it"
        )


def _prepare(top: Path, manifest: dict[str, Any], resume: bool, force: bool) -> None:
    check_tournament_dir(top, resume, force)
    marker = top / TOURNAMENT_MANIFEST
    if marker.exists():
        if resume:
            if json.loads(marker.read_text()) != manifest:
                raise O.RunDirError(f"cannot resume {top}: it was started with other settings")
        elif force:
            shutil.rmtree(top)
    try:
        top.mkdir(parents=True, exist_ok=True)
        O.atomic_write_bytes(marker, (json.dumps(manifest, indent=2) + "\n").encode())
    except OSError as e:
        raise O.RunDirError(f"cannot write to {top}: {e.strerror or e}") from None


def load_tournament(path: str | Path) -> Tournament:
    """Reload a tournament directory written by :func:`tournament`."""
    top = Path(path)
    try:
        manifest = json.loads((top / TOURNAMENT_MANIFEST).read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        raise O.RunDirError(f"{top} is not a tournament directory") from None
    except (OSError, ValueError) as e:  # ValueError: not UTF-8, or not JSON
        raise O.RunDirError(f"cannot read {top / TOURNAMENT_MANIFEST}: {e}") from None
    runs = [load_run(top / e["name"]) for e in manifest["runs"] if (top / e["name"]).exists()]
    return Tournament(manifest, runs, top)
