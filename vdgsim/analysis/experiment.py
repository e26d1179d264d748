"""Experiments as data: a TOML spec per question, validated, run into run directories.

A spec names its question, its kind and its sizes::

    name = "characters"
    game = "vdg"                   # vdg (default) | goa: the game the experiment plays
    title = "Character value"
    question = "What is each character worth?"
    kind = "paired"                # paired | seats | tournament | sweep
    section = "characters"         # its report section (default: the kind's general one)
    games = 12000                  # games per arm at full size
    quick_games = 400              # games per arm for --quick
    seed = 303
    players = ["default", "default", "default", "default"]
    rotate = true                  # rotate seats (paired arms always rotate)
    decisions = 0.0                # fraction of decision rows kept in the baseline arm

    [overrides]                    # component-data overrides for every arm (optional)
    "landings.calicut.completion_vp" = 5

    [[arms]]                       # paired: variants of line-up position 0, baseline implicit
    name = "never_dias"
    label = "never hosts Bartolomeu Dias"
    restrict = "never_host=dias"   # appended to players[0]; or player = "frugal"

    [robustness]                   # paired, seats, sweep, optional: replay to label findings
    replicates = 3                 # independent seeds, this spec's own seed the first
    quick_replicates = 2           # with --quick
    data_games = 4000              # games per arm under each reconstructed-data alternative
    quick_data_games = 0           # 0: not played with --quick (the label says "not checked")
    [[robustness.strengths]]       # the focus player at other strengths (restriction kept)
    player = "baseline_v1"
    opponents = "baseline_v1"      # every other seat (default: the same player)
    games = 4000
    quick_games = 200              # 0: not played with --quick
    batch = 0                      # > 0: looks of batch games, doubled until decided

Kinds: ``paired`` (a baseline run of ``players`` and one run per arm in which line-up position
0 is replaced; every arm is played on the same seeds, so the focus seat's results differ only
by its behaviour), ``seats`` (``preset`` at every seat for each of ``player_counts``, seats not
rotated; ``character_deal = ["rulebook", "random"]`` plays them again below ``deal/random/``
with the characters dealt to the seats at random, ``deal_games`` and ``quick_deal_games`` games
per player count, and ``deal_presets``, players of ``[[other_presets]]``, as many, at most
their own games), ``tournament`` (every line-up of ``presets`` for ``player_counts``, seats
rotated), ``sweep`` (``players`` for each value of ``[sweep] key``/``values``, same seeds),
``axis`` (the skill axis: each of ``[[levels]]``, a table of ``player``, ``games`` and
``quick_games``, in one seat against ``anchor`` in the others, seats rotated, for each of
``player_counts``; :mod:`vdgsim.analysis.skill` rates them).
A ``[robustness]`` table adds, below ``robust/<variant>/``, the runs that
:mod:`vdgsim.analysis.robustness` labels findings from (:func:`robust_variants`): on other
seeds, at other strengths and under every reconstructed-data alternative of
:mod:`vdgsim.analysis.reconstructed`. A paired spec replays its baseline and every arm, a sweep
its first and last value (a strength replaces identical players everywhere, else line-up
position 0: :func:`sweep_strength_lineup`; an alternative that sets the swept key is skipped),
a seats spec every player count (no ``strengths``: its other players are ``[[other_presets]]``).

Each kind is one :class:`Kind` in :data:`KINDS`: how its fields are read, its runs planned,
played, reloaded and summarised. The report section of a spec is its ``section`` field, one
of :data:`SECTIONS` for its kind (never its name, so renaming a spec file keeps its section);
``vdgsim.report.sections`` holds the function of each section.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import polars as pl

from vdgsim.components import ComponentError
from vdgsim.plug import GameComponents, game_keys, game_of, implicit_key

if TYPE_CHECKING:
    from vdgsim.analysis.skill import SkillAxis

BASELINE = "baseline"
EXPERIMENT_FILE = "experiment.json"


@dataclass(frozen=True)
class ReportSection:
    """A report section as the experiments know it: the kind of experiment it reads, and the
    optional table its baseline run records (Vasco da Gama's ships, Goa's auctions)."""

    kind: str
    baseline_table: str | None = None


# the report sections of every game; a game adds its own (vdgsim.plug.Game.report_sections),
# and vdgsim.report.sections has the function of each
SECTIONS: dict[str, ReportSection] = {
    "paired": ReportSection("paired"),
    "seats": ReportSection("seats"),
    "matchups": ReportSection("tournament"),
    "sweep": ReportSection("sweep"),
    "axis": ReportSection("axis"),
}


def sections_of(game: str | None) -> dict[str, ReportSection]:
    """The report sections a spec of ``game`` may name: every game's, then its own."""
    own = {k: ReportSection(*v) for k, v in game_of(game).report_sections().items()}
    return {**SECTIONS, **own}


_TOP_KEYS = {
    "name",
    "game",
    "title",
    "question",
    "kind",
    "section",
    "games",
    "quick_games",
    "seed",
    "players",
    "rotate",
    "decisions",
    "overrides",
    "arms",
    "preset",
    "player_counts",
    "presets",
    "sweep",
    "chunk_size",
    "notes",
    "robustness",
    "other_presets",
    "character_deal",
    "deal_games",
    "quick_deal_games",
    "deal_presets",
    "anchor",
    "levels",
}


class SpecError(ValueError):
    """An invalid experiment spec; the message names the file and the field."""


@dataclass(frozen=True)
class Arm:
    """One variant of a paired experiment: the player at line-up position 0."""

    name: str
    label: str
    player: str


@dataclass(frozen=True)
class Strength:
    """The focus player at another strength, its opponents, and its games per run (full and
    --quick)."""

    player: str
    games: int
    quick_games: int
    opponents: str  # every other seat (a spec that names none: the same player)
    # games of the first look when the runs grow until their findings are decided
    # (:func:`_run_looks`); 0: all ``games`` at once
    batch: int = 0

    def looks(self, quick: bool) -> tuple[int, ...]:
        """The games per run after each look: ``batch`` doubled until ``games`` (or
        ``quick_games``); one look when ``batch`` is 0 or not smaller."""
        n = self.quick_games if quick else self.games
        if self.batch <= 0 or self.batch >= n:
            return (n,)
        out = [self.batch]
        while out[-1] < n:
            out.append(min(n, 2 * out[-1]))
        return tuple(out)


@dataclass(frozen=True)
class Robustness:
    """What a paired experiment replays to label its findings (see the module docstring)."""

    replicates: int = 3
    quick_replicates: int = 2
    strengths: tuple[Strength, ...] = ()
    data_games: int = 4000
    quick_data_games: int = 0  # 0: the reconstructed-data panel is not played with --quick


@dataclass(frozen=True)
class ExperimentSpec:
    """A validated experiment spec (see the module docstring for the file format)."""

    name: str
    title: str
    question: str
    kind: str
    games: int
    quick_games: int
    seed: int
    section: str
    players: tuple[str, ...] = ()
    rotate: bool = True
    decisions: float = 0.0
    overrides: dict[str, Any] = field(default_factory=dict)
    arms: tuple[Arm, ...] = ()
    preset: str = "default"
    player_counts: tuple[int, ...] = (2, 3, 4)
    presets: tuple[str, ...] = ()
    sweep_key: str = ""
    sweep_values: tuple[Any, ...] = ()
    chunk_size: int = 2000
    notes: str = ""
    source: str = ""
    robustness: Robustness | None = None
    other_presets: tuple[Strength, ...] = ()  # seats: the same table for other players
    # seats: the character deals played (setup.character_deal), the rulebook's first; the
    # games per player count of each other deal (full and --quick; 0 skips it with --quick)
    character_deal: tuple[str, ...] = ("rulebook",)
    deal_games: int = 0
    quick_deal_games: int = 0
    deal_presets: tuple[str, ...] = ()  # other presets that play the other deals too
    game: str = field(default_factory=implicit_key)  # the game every run plays (vdgsim.plug)
    # axis: the player every level is rated against, and the levels (weakest first)
    anchor: str = "default"
    levels: tuple[Strength, ...] = ()
    # a component data file every run plays instead of the game's default (a what-if variant,
    # `vdg report --data`); None: the default data
    data: str | None = None

    def games_for(self, quick: bool = False, games: int | None = None) -> int:
        """Games per run: an explicit count, else the quick or full size of the spec."""
        if games is not None:
            return games
        return self.quick_games if quick else self.games

    def components(self, extra: dict[str, Any] | None = None) -> GameComponents:
        """The component data of the experiment (with the spec's and ``extra`` overrides)."""
        over = {**self.overrides, **(extra or {})}
        return game_of(self.game).load_components(self.data, over or None)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["arms"] = [asdict(a) for a in self.arms]
        if self.robustness is None:  # as recorded before robustness existed
            del d["robustness"]
        if not self.other_presets:
            del d["other_presets"]
        if self.character_deal == ("rulebook",):  # as recorded before the deal variant existed
            for k in ("character_deal", "deal_games", "quick_deal_games", "deal_presets"):
                del d[k]
        if game_of(self.game).implicit:  # as recorded before experiments named their game
            del d["game"]
        if self.kind != "axis":  # as recorded before the skill axis existed
            del d["anchor"], d["levels"]
        if self.data is None:  # as recorded before variants existed
            del d["data"]
        return _without_default_batch(d)


def _without_default_batch(d: dict[str, Any]) -> dict[str, Any]:
    """A spec dict whose strengths and other players leave out a ``batch`` of 0, as recorded
    before looks existed, so that older experiments still resume (and newer records with it
    compare equal)."""
    for s in [*d.get("other_presets", ()), *(d.get("robustness") or {}).get("strengths", ())]:
        if s.get("batch") == 0:
            del s["batch"]
    return d


def _fail(source: str, where: str, message: str) -> SpecError:
    return SpecError(f"{source}: {where}: {message}")


def _typed(d: dict[str, Any], key: str, kind: type, source: str, default: Any = ...) -> Any:
    if key not in d:
        if default is ...:
            raise _fail(source, key, "missing (required)")
        return default
    v = d[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise _fail(source, key, f"must be an integer, got {v!r}")
    if kind is float and (isinstance(v, bool) or not isinstance(v, int | float)):
        raise _fail(source, key, f"must be a number, got {v!r}")
    if kind not in (int, float) and not isinstance(v, kind):
        raise _fail(source, key, f"must be a {kind.__name__}, got {type(v).__name__} {v!r}")
    return v


def _check_player(name: Any, source: str, where: str, game: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise _fail(source, where, f"must be a player name, got {name!r}")
    try:
        game_of(game).parameter_row(name)
    except ValueError as e:
        raise _fail(source, where, str(e)) from None
    return name


def _check_overrides(over: dict[str, Any], source: str, where: str, game: str) -> None:
    from vdgsim.goa.components import ComponentError as GoaComponentError

    try:
        game_of(game).load_components(None, over or None)
    except (ComponentError, GoaComponentError) as e:
        raise _fail(source, where, str(e)) from None


def parse_spec(data: dict[str, Any], source: str = "<spec>") -> ExperimentSpec:
    """Validate a spec mapping (a parsed TOML file); raises :class:`SpecError` naming the field."""
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise _fail(source, unknown[0], f"unknown field (known: {', '.join(sorted(_TOP_KEYS))})")
    name = _typed(data, "name", str, source)
    if not name.replace("_", "").replace("-", "").isalnum():
        raise _fail(source, "name", f"use letters, digits, - and _ only, got {name!r}")
    game = _typed(data, "game", str, source, implicit_key())
    if game not in game_keys():
        raise _fail(source, "game", f"must be one of {', '.join(game_keys())}, got {game!r}")
    kind = _typed(data, "kind", str, source)
    if kind not in KINDS:
        raise _fail(source, "kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    for key, only in (
        ("robustness", ("paired", "seats", "sweep")),
        ("other_presets", ("seats",)),
        ("character_deal", ("seats",)),
        ("deal_games", ("seats",)),
        ("quick_deal_games", ("seats",)),
        ("deal_presets", ("seats",)),
        ("anchor", ("axis",)),
        ("levels", ("axis",)),
    ):
        if key in data and kind not in only:
            kinds = " or ".join(only)
            raise _fail(source, key, f"only a {kinds} experiment takes it, not a {kind} one")
    section = _typed(data, "section", str, source, KINDS[kind].section)
    sections = sections_of(game)
    if section not in sections or sections[section].kind != kind:
        known = ", ".join(k for k, s in sections.items() if s.kind == kind)
        what = f"a {game_of(game).title} {kind} experiment"
        raise _fail(source, "section", f"must be one of {known} for {what}, got {section!r}")
    games = _typed(data, "games", int, source)
    quick = _typed(data, "quick_games", int, source, min(games, 200))
    for key, v in (("games", games), ("quick_games", quick)):
        if v < 1:
            raise _fail(source, key, f"must be at least 1, got {v}")
    seed = _typed(data, "seed", int, source)
    if not 0 <= seed < 2**63:
        raise _fail(source, "seed", f"must be in 0..2**63-1, got {seed}")
    decisions = float(_typed(data, "decisions", float, source, 0.0))
    if not 0.0 <= decisions <= 1.0:
        raise _fail(source, "decisions", f"must be a fraction in 0..1, got {decisions}")
    chunk = _typed(data, "chunk_size", int, source, 2000)
    if chunk < 1:
        raise _fail(source, "chunk_size", f"must be at least 1, got {chunk}")
    overrides = _typed(data, "overrides", dict, source, {})
    _check_overrides(overrides, source, "overrides", game)
    kw: dict[str, Any] = {
        "name": name,
        "game": game,
        "title": _typed(data, "title", str, source, name),
        "question": _typed(data, "question", str, source, ""),
        "kind": kind,
        "section": section,
        "games": games,
        "quick_games": quick,
        "seed": seed,
        "decisions": decisions,
        "overrides": dict(overrides),
        "rotate": _typed(data, "rotate", bool, source, True),
        "chunk_size": chunk,
        "notes": _typed(data, "notes", str, source, ""),
        "source": source,
    }
    KINDS[kind].fields(data, source, kw)
    return ExperimentSpec(**kw)


def _players_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    players = _typed(data, "players", list, source)
    if not 2 <= len(players) <= 4:
        title = game_of(kw["game"]).title
        raise _fail(source, "players", f"{title} is for 2 to 4 players, got {len(players)}")
    kw["players"] = tuple(
        _check_player(p, source, f"players[{i}]", kw["game"]) for i, p in enumerate(players)
    )


def _paired_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    _players_fields(data, source, kw)
    arms = _typed(data, "arms", list, source)
    if not arms:
        raise _fail(source, "arms", "a paired experiment needs at least one arm")
    out, seen = [], {BASELINE}
    for i, a in enumerate(arms):
        where = f"arms[{i}]"
        if not isinstance(a, dict):
            raise _fail(source, where, "must be a table")
        bad = sorted(set(a) - {"name", "label", "restrict", "player"})
        if bad:
            raise _fail(source, f"{where}.{bad[0]}", "unknown field")
        arm_name = _typed(a, "name", str, f"{source}: {where}")
        if arm_name in seen:
            raise _fail(source, f"{where}.name", f"duplicate arm name {arm_name!r}")
        seen.add(arm_name)
        if ("restrict" in a) == ("player" in a):
            raise _fail(source, where, "give exactly one of 'restrict' or 'player'")
        if "restrict" in a:
            r = _typed(a, "restrict", str, f"{source}: {where}")
            player = f"{kw['players'][0]}+{r}"
            _check_player(player, source, f"{where}.restrict", kw["game"])
        else:
            player = _check_player(a["player"], source, f"{where}.player", kw["game"])
        out.append(Arm(arm_name, str(a.get("label", arm_name)), player))
    kw["arms"] = tuple(out)
    if "robustness" in data:
        kw["robustness"] = _robustness_fields(
            data["robustness"], source, kw["players"][0], kw["game"]
        )


def _robustness_fields(
    data: Any, source: str, focus: str, game: str, with_strengths: bool = True
) -> Robustness:
    """The ``[robustness]`` table; ``with_strengths`` False for a seats spec, whose other
    players are its ``[[other_presets]]``."""
    where = f"{source}: robustness"
    if not isinstance(data, dict):
        raise _fail(source, "robustness", "must be a table")
    if not with_strengths and "strengths" in data:
        raise _fail(
            source,
            "robustness.strengths",
            "a seats experiment replays other players with [[other_presets]], not strengths",
        )
    known = {"replicates", "quick_replicates", "data_games", "quick_data_games"}
    known |= {"strengths"} if with_strengths else set()
    bad = sorted(set(data) - known)
    if bad:
        raise _fail(
            source, f"robustness.{bad[0]}", f"unknown field (known: {', '.join(sorted(known))})"
        )
    reps = _typed(data, "replicates", int, where, 3)
    quick_reps = _typed(data, "quick_replicates", int, where, min(reps, 2))
    for key, v in (("replicates", reps), ("quick_replicates", quick_reps)):
        if not 1 <= v <= 20:
            raise _fail(source, f"robustness.{key}", f"must be 1 to 20, got {v}")
    strengths = _strengths(data, "strengths", source, where, "robustness.", focus, game)
    data_games = _typed(data, "data_games", int, where, 4000)
    quick_data = _typed(data, "quick_data_games", int, where, 0)
    if data_games < 0 or quick_data < 0:
        raise _fail(source, "robustness", "data_games and quick_data_games must be at least 0")
    return Robustness(reps, quick_reps, strengths, data_games, quick_data)


def _strengths(
    data: dict[str, Any], key: str, source: str, where: str, prefix: str, focus: str, game: str
) -> tuple[Strength, ...]:
    """A list of ``{player, opponents, games, quick_games}`` tables (other players to replay
    an experiment with); ``focus`` is the spec's own player, which may not repeat."""
    out = []
    for i, s in enumerate(_typed(data, key, list, where, [])):
        at = f"{prefix}{key}[{i}]"
        if not isinstance(s, dict) or set(s) - {
            "player",
            "opponents",
            "games",
            "quick_games",
            "batch",
        }:
            raise _fail(
                source, at, "must be a table of player, opponents, games, quick_games, batch"
            )
        player = _check_player(
            _typed(s, "player", str, f"{source}: {at}"), source, f"{at}.player", game
        )
        if player == focus:
            raise _fail(source, f"{at}.player", f"{player!r} is already the focus player")
        opponents = _check_player(
            _typed(s, "opponents", str, f"{source}: {at}", player),
            source,
            f"{at}.opponents",
            game,
        )
        games = _typed(s, "games", int, f"{source}: {at}")
        quick = _typed(s, "quick_games", int, f"{source}: {at}", 0)
        batch = _typed(s, "batch", int, f"{source}: {at}", 0)
        if games < 1 or quick < 0 or batch < 0:
            raise _fail(source, at, "games must be at least 1, quick_games and batch at least 0")
        out.append(Strength(player, games, quick, opponents, batch))
    return tuple(out)


def _seats_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    game = kw["game"]
    kw["preset"] = _check_player(
        _typed(data, "preset", str, source, "default"), source, "preset", game
    )
    kw["player_counts"] = _counts(data, source)
    kw["rotate"] = False
    kw["other_presets"] = _strengths(data, "other_presets", source, source, "", kw["preset"], game)
    _deal_fields(data, source, kw)
    if "robustness" in data:
        kw["robustness"] = _robustness_fields(data["robustness"], source, kw["preset"], game, False)


DEAL = "deal"  # the folder of a seats experiment's runs with another character deal
DEAL_OPTION = "setup.character_deal"


def _deal_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    """``character_deal`` (the deals of ``setup.character_deal`` to play, the rulebook's
    first) and the games of each other deal, ``deal_games`` and ``quick_deal_games``."""
    from vdgsim.layout import CHARACTER_DEAL_KEYS

    g = game_of(kw["game"])
    if not g.seat_characters:
        for key in ("character_deal", "deal_games", "quick_deal_games", "deal_presets"):
            if key in data:
                raise _fail(source, key, f"{g.title} deals no characters to the seats")
        return
    deals = _typed(data, "character_deal", list, source, ["rulebook"])
    for i, d in enumerate(deals):
        if d not in CHARACTER_DEAL_KEYS:
            raise _fail(
                source,
                f"character_deal[{i}]",
                f"must be one of {', '.join(CHARACTER_DEAL_KEYS)}, got {d!r}",
            )
    if not deals or deals[0] != "rulebook" or len(set(deals)) != len(deals):
        raise _fail(
            source, "character_deal", f'must list distinct deals, "rulebook" first, got {deals}'
        )
    if len(deals) > 1 and DEAL_OPTION in kw["overrides"]:
        raise _fail(
            source,
            "overrides",
            f"{DEAL_OPTION} is chosen by character_deal in a seats experiment, not overridden",
        )
    games = _typed(data, "deal_games", int, source, kw["games"])
    quick = _typed(data, "quick_deal_games", int, source, min(games, kw["quick_games"]))
    if games < 1 or quick < 0:
        raise _fail(
            source, "deal_games", "deal_games must be at least 1 and quick_deal_games at least 0"
        )
    presets = _typed(data, "deal_presets", list, source, [])
    others = [s.player for s in kw["other_presets"]]
    for i, name in enumerate(presets):
        if name not in others or len(deals) < 2:
            raise _fail(
                source,
                f"deal_presets[{i}]",
                f"must be a player of [[other_presets]] and character_deal list another deal, "
                f"got {name!r}",
            )
    kw["character_deal"] = tuple(deals)
    kw["deal_games"] = games
    kw["quick_deal_games"] = quick
    kw["deal_presets"] = tuple(presets)


AXIS = "axis"  # the folder of an axis experiment's runs


def _axis_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    """``anchor`` (the player every level is rated against) and ``[[levels]]`` (``player``,
    ``games`` and ``quick_games`` per run, by default the spec's), weakest first."""
    game = kw["game"]
    kw["anchor"] = _check_player(
        _typed(data, "anchor", str, source, "default"), source, "anchor", game
    )
    kw["player_counts"] = _counts(data, source)
    levels = _typed(data, "levels", list, source)
    if not levels:
        raise _fail(source, "levels", "an axis experiment needs at least one level")
    out = []
    for i, lv in enumerate(levels):
        at = f"levels[{i}]"
        if not isinstance(lv, dict) or set(lv) - {"player", "games", "quick_games"}:
            raise _fail(source, at, "must be a table of player, games, quick_games")
        player = _check_player(
            _typed(lv, "player", str, f"{source}: {at}"), source, f"{at}.player", game
        )
        if player == kw["anchor"] or player in (s.player for s in out):
            raise _fail(source, f"{at}.player", f"{player!r} is the anchor or another level")
        games = _typed(lv, "games", int, f"{source}: {at}", kw["games"])
        quick = _typed(lv, "quick_games", int, f"{source}: {at}", min(games, kw["quick_games"]))
        if games < 1 or quick < 0:
            raise _fail(source, at, "games must be at least 1 and quick_games at least 0")
        out.append(Strength(player, games, quick, kw["anchor"]))
    kw["levels"] = tuple(out)


def _axis_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    """One run per level and player count: the level in one seat, the anchor in the others,
    seats rotated (a level's run is cut small enough to spread over every job)."""
    plan = []
    for s in spec.levels:
        n = s.quick_games if quick else s.games
        if n == 0:
            continue
        plan += [
            _planned(
                spec,
                n,
                f"{AXIS}/{strength_label(s.player)}/{p}p",
                [s.player, *[spec.anchor] * (p - 1)],
                True,
                0.0,
                chunk_size=_spread(spec, n, p),
            )
            for p in spec.player_counts
        ]
    return plan


def _tournament_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    presets = _typed(data, "presets", list, source)
    if len(presets) < 2:
        raise _fail(source, "presets", "a tournament needs at least two presets")
    kw["presets"] = tuple(
        _check_player(p, source, f"presets[{i}]", kw["game"]) for i, p in enumerate(presets)
    )
    kw["player_counts"] = _counts(data, source)


def _sweep_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    _players_fields(data, source, kw)
    sweep = _typed(data, "sweep", dict, source)
    key = _typed(sweep, "key", str, f"{source}: sweep")
    values = _typed(sweep, "values", list, f"{source}: sweep")
    if not values:
        raise _fail(source, "sweep.values", "needs at least one value")
    for i, v in enumerate(values):
        _check_overrides({**kw["overrides"], key: v}, source, f"sweep.values[{i}]", kw["game"])
    kw["sweep_key"] = key
    kw["sweep_values"] = tuple(values)
    if "robustness" in data:
        if len(values) < 2:
            raise _fail(source, "robustness", "a sweep needs two values to have a change to check")
        rob = _robustness_fields(data["robustness"], source, kw["players"][0], kw["game"])
        identical = len(set(kw["players"])) == 1
        for i, st in enumerate(rob.strengths):
            at = f"robustness.strengths[{i}]"
            if identical and st.opponents != st.player:
                raise _fail(
                    source,
                    f"{at}.opponents",
                    "a sweep of identical players puts the player in every seat; leave it out",
                )
            if not identical and st.player in sweep_strength_lineup(kw["players"], st)[1:]:
                raise _fail(
                    source,
                    f"{at}.player",
                    f"{st.player!r} also plays another seat, so its win share is not its own",
                )
        kw["robustness"] = rob


def sweep_strength_lineup(players: tuple[str, ...], s: Strength) -> list[str]:
    """The line-up a sweep replays at strength ``s``: identical players all become
    ``s.player``; in a mixed line-up position 0 becomes ``s.player`` and the other seats keep
    their presets, or all become ``s.opponents`` when it names another player."""
    if len(set(players)) == 1:
        return [s.player] * len(players)
    rest = list(players[1:]) if s.opponents == s.player else [s.opponents] * (len(players) - 1)
    return [s.player, *rest]


def _counts(data: dict[str, Any], source: str) -> tuple[int, ...]:
    counts = _typed(data, "player_counts", list, source, [2, 3, 4])
    for i, c in enumerate(counts):
        if isinstance(c, bool) or not isinstance(c, int) or not 2 <= c <= 4:
            raise _fail(source, f"player_counts[{i}]", f"must be 2, 3 or 4, got {c!r}")
    if not counts:
        raise _fail(source, "player_counts", "needs at least one player count")
    return tuple(counts)


def load_spec(path: str | Path) -> ExperimentSpec:
    """Read and validate an experiment spec file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise SpecError(f"{p}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise SpecError(f"{p}: not UTF-8 text (byte {e.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{p}: not valid TOML: {e}") from None
    return parse_spec(data, str(p))


def default_experiments_dir(game: str | None = None) -> Path:
    """The folder of ``game``'s shipped specs (:attr:`vdgsim.plug.Game.experiments`)."""
    g = game_of(game)
    if g.experiments is None:
        raise SpecError(f"{g.title} ships no experiment specs: give a folder of them")
    return g.experiments()


def list_specs(folder: str | Path | None = None) -> list[ExperimentSpec]:
    """Every valid spec in ``folder`` (default: ``experiments/``), sorted by file name."""
    d = Path(folder) if folder is not None else default_experiments_dir()
    return [load_spec(p) for p in sorted(d.glob("*.toml"))]


# --- output directories ----------------------------------------------------------------------
def check_output_dir(
    top: Path,
    *,
    what: str,
    markers: dict[str, tuple[str, ...]],
    settings: Callable[[], dict[str, Any] | None],
    differences: Callable[[dict[str, Any] | None], list[str]],
    resume: bool,
    force: bool,
    option: str = "--out",
) -> bool:
    """Apply the rules of a run directory (``vdgsim.runner.output.prepare_run_dir``) to a
    directory that holds several runs, without touching the disk; True if ``force`` replaces it.

    ``top`` is one of ours when it holds one of ``markers`` (a file name, and the keys its JSON
    must hold: a file of that name alone is not enough). A non-empty ``top`` is refused unless
    ``resume`` (its recorded ``settings()`` must show no ``differences``) or ``force`` (only
    one of ours is ever deleted). ``option`` is what the user gave ``top`` with, for
    the messages. Raises :class:`~vdgsim.runner.RunDirError`.
    """
    from vdgsim.runner import RunDirError

    if resume and force:
        raise RunDirError(
            "--resume and --force cannot be used together: --resume keeps the complete runs, "
            "--force deletes them"
        )
    if top.exists() and not top.is_dir():
        raise RunDirError(f"{top} exists and is not a directory; choose a folder for {option}")
    if not top.is_dir() or not any(top.iterdir()):
        return False
    from vdgsim.runner.output import marker_holds

    ours = any(marker_holds(top / m, keys) for m, keys in markers.items())
    article = "an" if what[0] in "aeiou" else "a"
    if not ours:
        verb = "resume" if resume else "delete" if force else "write into"
        raise RunDirError(
            f"{top} is not empty and is not {article} {what} directory; refusing to {verb} it "
            f"(choose a new or empty folder for {option})"
        )
    if force:
        return True
    if not resume:
        raise RunDirError(
            f"{what} directory {top} already exists; use --resume to finish it "
            "or --force to replace it"
        )
    diff = differences(settings())
    if diff:
        raise RunDirError(
            f"cannot resume {top}: it was made with different settings ({'; '.join(diff)}); "
            "use --force to replace it"
        )
    return False


def make_output_dir(top: Path, replace: bool) -> None:
    """Create ``top`` (deleting it first if ``replace``) and check that it can be written;
    on failure nothing this call created is left behind."""
    from vdgsim.runner import RunDirError

    if replace:
        shutil.rmtree(top)
    created = next((p for p in [*reversed(top.parents), top] if not p.exists()), None)
    try:
        top.mkdir(parents=True, exist_ok=True)
        probe = top / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        if created is not None and created.is_dir():
            shutil.rmtree(created, ignore_errors=True)
        raise RunDirError(f"cannot write to {top}: {e.strerror or e}") from None


def read_json(path: Path) -> dict[str, Any] | None:
    """A JSON object written by vdg, or None if it is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Atomically (re)write a small JSON file, so a killed command never leaves half of one."""
    from vdgsim.runner.output import atomic_write_bytes

    atomic_write_bytes(path, (json.dumps(data, indent=2, default=str) + "\n").encode())


# --- running ---------------------------------------------------------------------------------
@dataclass
class ExperimentRun:
    """The runs of one experiment, by arm (paired), player count (seats) or value (sweep)."""

    spec: ExperimentSpec
    runs: dict[str, Any]
    path: Path | None = None
    tournament: Any = None
    games: int = 0
    quick: bool = False  # played at the spec's --quick sizes (robustness runs differ by it)
    # the rated skill axis the findings' levels are ordered by (None: not rated)
    axis: SkillAxis | None = None

    def manifests(self) -> list[dict[str, Any]]:
        if self.tournament is not None:
            return [r.manifest for r in self.tournament.runs]
        return [r.manifest for r in self.runs.values()]


def sweep_label(key: str, value: Any) -> str:
    """A run name for one value of a sweep (``calicut.completion_vp=6``)."""
    short = ".".join(key.split(".")[-2:])
    return f"{short}={json.dumps(value, separators=(',', ':'))}".replace("/", "_").replace('"', "")


@dataclass(frozen=True)
class PlannedRun:
    """One run of an experiment: its directory name, line-up and games (after rounding)."""

    name: str
    lineup: tuple[str, ...]
    games: int
    rotate: bool
    decisions: float
    overrides: dict[str, Any] = field(default_factory=dict)
    table: str | None = None  # the optional table it records (ships, auctions)
    seed: int | None = None  # None: the spec's seed
    chunk_size: int | None = None  # None: the spec's chunk size
    # the games after each look of a run that grows until its findings are decided (empty:
    # ``games`` at once); the runs of one ``group`` grow together (see :func:`_run_looks`)
    looks: tuple[int, ...] = ()
    group: str = ""


def look_sizes(s: Strength, quick: bool, players: int, chunk: int) -> tuple[int, ...]:
    """:meth:`Strength.looks` with every look but the last rounded up to whole chunks of
    ``chunk`` games, so that a run can grow from one look to the next (its recorded chunks are
    the first chunks of the larger run); empty for a single look."""
    looks = s.looks(quick)
    if len(looks) < 2:
        return ()
    out = [-(-n // chunk) * chunk for n in looks[:-1]]
    return tuple(dict.fromkeys(n for n in [*out, looks[-1]] if n <= looks[-1]))


def adaptive_chunk(spec: ExperimentSpec, s: Strength, quick: bool, players: int) -> int:
    """The chunk size of a run at strength ``s``: cut its first look (or its only one) in
    at least :data:`SPREAD_CHUNKS` chunks, so that a slow player's run spreads over every job."""
    looks = s.looks(quick)
    return _spread(spec, looks[0], players)


def experiment_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    """The runs of ``spec`` at ``games`` games per run (a tournament's line-ups are named
    ``tournament/<line-up run>``; robustness runs of a paired spec have their own sizes, the
    ``quick`` ones with --quick); raises ValueError or UnknownPresetError for bad input."""
    return KINDS[spec.kind].plan(spec, games, quick)


def _planned(
    spec: ExperimentSpec,
    games: int,
    name: str,
    lineup: list[str],
    rotate: bool,
    decisions: float,
    overrides: dict[str, Any] | None = None,
    table: str | None = None,
    seed: int | None = None,
    chunk_size: int | None = None,
    looks: tuple[int, ...] = (),
    group: str = "",
) -> PlannedRun:
    from vdgsim.runner import make_spec

    n = make_spec(
        lineup,
        games,
        spec.seed if seed is None else seed,
        chunk_size or spec.chunk_size,
        rotate,
        game=spec.game,
    ).games
    return PlannedRun(
        name,
        tuple(lineup),
        n,
        rotate,
        decisions,
        overrides or {},
        table,
        seed,
        chunk_size,
        (*(k for k in looks if k < n), n) if looks else (),
        group,
    )


def _paired_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    table = sections_of(spec.game)[spec.section].baseline_table
    arms = [(BASELINE, spec.players[0], spec.decisions, table)]
    arms += [(a.name, a.player, 0.0, None) for a in spec.arms]
    plan = [
        _planned(spec, games, n, [p, *spec.players[1:]], True, d, table=t) for n, p, d, t in arms
    ]
    return plan + _robust_plan(spec, games, quick)


ROBUST = "robust"  # the folder of the robustness runs, below the experiment's directory


def replicate_seed(seed: int, k: int) -> int:
    """The root seed of replicate ``k`` (2, 3, ...) of an experiment with root ``seed``:
    independent of it and of the other replicates (hashed, never ``seed + k``, whose deals
    would overlap a neighbouring experiment's)."""
    state = np.random.SeedSequence([seed, k]).generate_state(2, np.uint32)
    return int((int(state[0]) << 31) ^ int(state[1])) & (2**63 - 1)


def strength_label(player: str) -> str:
    """A directory-safe name for a strength (``ismcts:iters=32`` -> ``ismcts_iters=32``)."""
    return player.replace(":", "_").replace("/", "_").replace("+", "_")


def arm_restriction(spec: ExperimentSpec, arm: Arm) -> str | None:
    """The restriction an arm adds to the focus player, or None for an arm that swaps the
    player (``player = ...``), which has no meaning at another strength."""
    prefix = spec.players[0] + "+"
    return arm.player[len(prefix) :] if arm.player.startswith(prefix) else None


def _is_player(name: str, game: str) -> bool:
    """Whether ``name`` names a player of ``game``: a search player takes restrictions but no
    parameter changes (its parameters are its rollout preset's), so an arm that changes a
    parameter has no run at a search strength, like an arm that swaps the player."""
    try:
        game_of(game).parameter_row(name)
    except ValueError:
        return False
    return True


SPREAD_CHUNKS = 8  # a run of other players is cut in at least this many chunks


def _spread(spec: ExperimentSpec, games: int, players: int) -> int:
    """A chunk size that cuts a run of ``games`` in at least :data:`SPREAD_CHUNKS` chunks of
    whole deals, so that a slow (search) player's run spreads over every job."""
    return max(1, min(spec.chunk_size, games // SPREAD_CHUNKS) // players) * players


@dataclass(frozen=True)
class RobustVariant:
    """One replay of an experiment for its robustness labels: its folder below ``robust/``
    (``seed2``, ``strength_baseline_v1``, ``data_slots4_fewer``), its games per run, the
    strength it plays at (None: the spec's players), its seed or component overrides, and
    its chunk size (None: the spec's)."""

    name: str
    games: int
    strength: Strength | None = None
    seed: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    chunk_size: int | None = None
    looks: tuple[int, ...] = ()


def overrides_touch(overrides: dict[str, Any], key: str) -> bool:
    """True when a component override sets ``key``, a part of it or a table holding it."""
    return any(k == key or key.startswith(f"{k}.") or k.startswith(f"{key}.") for k in overrides)


def robust_variants(spec: ExperimentSpec, games: int, quick: bool) -> list[RobustVariant]:
    """The robustness variants of a spec with a ``[robustness]`` table, at full or --quick
    sizes (a size of 0 plays none): the other seeds (``games`` each), the strengths and the
    reconstructed-data alternatives, less those that set a sweep's own key."""
    rob = spec.robustness
    if rob is None:
        return []
    from vdgsim.analysis.reconstructed import alternatives

    out = [
        RobustVariant(f"seed{k}", games, seed=replicate_seed(spec.seed, k))
        for k in range(2, (rob.quick_replicates if quick else rob.replicates) + 1)
    ]
    # a search player's run is cut small enough to spread over every job
    p = len(spec.players)
    out += [
        RobustVariant(
            f"strength_{strength_label(s.player)}",
            n,
            s,
            chunk_size=(c := adaptive_chunk(spec, s, quick, p)),
            # a sweep's two end values grow together only in a paired spec's design
            looks=look_sizes(s, quick, p, c) if spec.kind == "paired" else (),
        )
        for s in rob.strengths
        if (n := s.quick_games if quick else s.games) > 0
    ]
    n = rob.quick_data_games if quick else rob.data_games
    out += [
        RobustVariant(f"data_{alt.name}", n, overrides=alt.overrides)
        for alt in alternatives(spec.game)
        if n > 0 and not (spec.sweep_key and overrides_touch(alt.overrides, spec.sweep_key))
    ]
    return out


def _robust_plan(spec: ExperimentSpec, games: int, quick: bool) -> list[PlannedRun]:
    """The robustness runs of a paired spec: each variant is a baseline and every arm again
    (see module doc)."""
    plan: list[PlannedRun] = []
    rest = list(spec.players[1:])
    for v in robust_variants(spec, games, quick):
        s = v.strength
        focus = spec.players[0] if s is None else s.player
        lineup = rest if s is None else [s.opponents] * len(rest)
        kw: dict[str, Any] = {
            "seed": v.seed,
            "overrides": v.overrides,
            "chunk_size": v.chunk_size,
            "looks": v.looks,
            "group": f"{ROBUST}/{v.name}/" if v.looks else "",
        }
        plan.append(
            _planned(
                spec, v.games, f"{ROBUST}/{v.name}/{BASELINE}", [focus, *lineup], True, 0.0, **kw
            )
        )
        for a in spec.arms:
            r = arm_restriction(spec, a)
            if s is None:
                player = a.player
            elif r is not None and _is_player(f"{focus}+{r}", spec.game):
                player = f"{focus}+{r}"
            else:
                continue
            plan.append(
                _planned(
                    spec, v.games, f"{ROBUST}/{v.name}/{a.name}", [player, *lineup], True, 0.0, **kw
                )
            )
    return plan


def _seats_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    plan = [
        _planned(spec, games, f"{p}p", [spec.preset] * p, False, spec.decisions)
        for p in spec.player_counts
    ]
    for s in spec.other_presets:
        n = s.quick_games if quick else s.games
        if n == 0:
            continue
        for p in spec.player_counts:
            chunk = adaptive_chunk(spec, s, quick, p)
            looks = look_sizes(s, quick, p, chunk)
            name = f"{OTHER}/{strength_label(s.player)}/{p}p"
            plan.append(
                _planned(
                    spec,
                    n,
                    name,
                    [s.player] * p,
                    False,
                    0.0,
                    chunk_size=chunk,
                    looks=looks,
                    group=name if looks else "",
                )
            )
    # the seats again on other seeds and under each reconstructed-data alternative
    plan += [
        _planned(
            spec,
            v.games,
            f"{ROBUST}/{v.name}/{p}p",
            [spec.preset] * p,
            False,
            0.0,
            v.overrides,
            seed=v.seed,
        )
        for v in robust_variants(spec, games, quick)
        for p in spec.player_counts
    ]
    # the other character deals: the preset's, then those of deal_presets (at most their games)
    n = spec.quick_deal_games if quick else spec.deal_games
    for deal in spec.character_deal[1:] if n > 0 else ():
        over = {DEAL_OPTION: deal}
        plan += [
            _planned(spec, n, f"{DEAL}/{deal}/{p}p", [spec.preset] * p, False, 0.0, over)
            for p in spec.player_counts
        ]
        # ... also on the other seeds and under each alternative (at most the deal's games)
        plan += [
            _planned(
                spec,
                min(n, v.games),
                f"{ROBUST}/{v.name}/{DEAL}/{deal}/{p}p",
                [spec.preset] * p,
                False,
                0.0,
                {**v.overrides, **over},
                seed=v.seed,
            )
            for v in robust_variants(spec, games, quick)
            for p in spec.player_counts
        ]
        for s in spec.other_presets:
            m = min(n, s.quick_games if quick else s.games)
            if s.player not in spec.deal_presets or m == 0:
                continue
            plan += [
                _planned(
                    spec,
                    m,
                    f"{DEAL}/{deal}/{OTHER}/{strength_label(s.player)}/{p}p",
                    [s.player] * p,
                    False,
                    0.0,
                    over,
                    chunk_size=_spread(spec, m, p),
                )
                for p in spec.player_counts
            ]
    return plan


OTHER = "other"  # the folder of a seats experiment's runs with other presets


def _tournament_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    from vdgsim.runner import tournament_plan

    return [
        PlannedRun(f"tournament/{e['name']}", tuple(e["lineup"]), e["games"], True, spec.decisions)
        for e in tournament_plan(spec.presets, spec.player_counts, games, game=spec.game)
    ]


def _sweep_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    key = spec.sweep_key
    plan = [
        _planned(
            spec,
            games,
            sweep_label(key, v),
            list(spec.players),
            spec.rotate,
            spec.decisions,
            {key: v},
        )
        for v in spec.sweep_values
    ]
    # the robustness variants replay the two end values only: the change a finding quotes
    for rv in robust_variants(spec, games, quick):
        s = rv.strength
        lineup = list(spec.players) if s is None else sweep_strength_lineup(spec.players, s)
        plan += [
            _planned(
                spec,
                rv.games,
                f"{ROBUST}/{rv.name}/{sweep_label(key, v)}",
                lineup,
                spec.rotate,
                0.0,
                {**rv.overrides, key: v},
                seed=rv.seed,
                chunk_size=rv.chunk_size,
            )
            for v in (spec.sweep_values[0], spec.sweep_values[-1])
        ]
    return plan


_COSMETIC = ("title", "question", "notes", "source")


def experiment_settings(spec: ExperimentSpec, games: int, quick: bool = False) -> dict[str, Any]:
    """What the games of an experiment depend on: its spec without the words, and the size
    (with robustness runs, also whether they are played at their --quick sizes)."""
    d = {k: v for k, v in spec.to_dict().items() if k not in _COSMETIC}
    d["arms"] = [{k: v for k, v in a.items() if k != "label"} for a in d["arms"]]
    out: dict[str, Any] = {"spec": d, "games": games}
    if spec.robustness is not None or spec.other_presets or len(spec.character_deal) > 1:
        out["quick"] = quick
    # tuples and lists compare unequal, and experiment.json holds lists
    return json.loads(json.dumps(out, default=str))


def _recorded_settings(meta: dict[str, Any] | None) -> dict[str, Any] | None:
    if meta is None or not isinstance(meta.get("spec"), dict):
        return None
    d = _without_default_batch({k: v for k, v in meta["spec"].items() if k not in _COSMETIC})
    d["arms"] = [{k: v for k, v in a.items() if k != "label"} for a in d.get("arms", [])]
    if d.get("kind") in KINDS:  # recorded before specs named their section
        d.setdefault("section", KINDS[d["kind"]].section)
    out: dict[str, Any] = {"spec": d, "games": meta.get("games")}
    if (
        d.get("robustness") is not None
        or d.get("other_presets")
        or len(d.get("character_deal") or ()) > 1
    ):
        out["quick"] = bool(meta.get("quick"))
    return json.loads(json.dumps(out, default=str))


def settings_differences(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """The settings of an experiment that differ, as ``games 400 -> 12000`` or ``seed``."""
    if old is None:
        return [f"no readable {EXPERIMENT_FILE}"]
    out = []
    if old.get("games") != new["games"]:
        out.append(f"games per run {old.get('games')} -> {new['games']}")
    if old.get("quick") != new.get("quick"):
        out.append(f"quick {old.get('quick')} -> {new.get('quick')}")
    o, n = _without_default_batch(json.loads(json.dumps(old.get("spec", {})))), new["spec"]
    out += [k for k in n if o.get(k) != n[k]]
    return out


def check_experiment_dir(
    spec: ExperimentSpec,
    top: Path,
    games: int,
    *,
    resume: bool,
    force: bool,
    option: str = "--out",
    quick: bool = False,
) -> bool:
    """Check ``top`` for :func:`run_experiment` (see :func:`check_output_dir`)."""
    new = experiment_settings(spec, games, quick)
    return check_output_dir(
        top,
        what="experiment",
        markers={EXPERIMENT_FILE: ("spec", "games")},
        settings=lambda: _recorded_settings(read_json(top / EXPERIMENT_FILE)),
        differences=lambda old: settings_differences(old, new),
        resume=resume,
        force=force,
        option=option,
    )


def run_experiment(
    spec: ExperimentSpec,
    out: str | Path | None = None,
    *,
    quick: bool = False,
    games: int | None = None,
    jobs: int = 1,
    force: bool = False,
    resume: bool = False,
    progress: Callable[[int], None] | None = None,
    on_run: Callable[[str, int, int], None] | None = None,
    checked: bool = False,
) -> ExperimentRun:
    """Play every run of ``spec``; with ``out``, each run is a run directory below it.

    Every run of an experiment uses the spec's seed, so paired arms and sweep values meet
    the same deals (common random numbers). ``out`` follows the rules of a run directory:
    a non-empty one is refused unless ``resume`` (same settings: complete runs are kept,
    killed ones finished) or ``force`` (replaced; only an experiment directory is deleted).
    ``checked`` means the caller has already checked and prepared ``out``.
    ``progress`` gets the games each finished chunk adds, ``on_run`` (name, k, runs) is called
    before each run starts.
    """
    n = spec.games_for(quick, games)
    if n < 1:
        raise SpecError(f"{spec.source}: games must be at least 1, got {n}")
    plan = experiment_plan(spec, n, quick)
    top = Path(out) if out is not None else None
    if top is not None and not checked:
        replace = check_experiment_dir(spec, top, n, resume=resume, force=force, quick=quick)
        make_output_dir(top, replace)
    if top is not None:
        write_json(top / EXPERIMENT_FILE, {"spec": spec.to_dict(), "games": n, "quick": quick})
    # the directory was replaced above if forced, so no run below is ever deleted
    common = {"jobs": jobs, "resume": resume, "progress": progress, "chunk_size": spec.chunk_size}
    result = ExperimentRun(spec, {}, top, games=n, quick=quick)
    KINDS[spec.kind].run(result, plan, common, on_run)
    return result


def _run_planned(
    exp: ExperimentRun,
    plan: list[PlannedRun],
    common: dict[str, Any],
    on_run: Callable[[str, int, int], None] | None,
) -> None:
    """Play each planned run into ``exp.runs`` (and its directory below ``exp.path``): the
    runs of a fixed size first, then the groups of runs that grow look by look
    (:func:`_run_looks`; in memory, without a directory, they are played at their full size)."""
    spec = exp.spec
    base = spec.components()
    grow = exp.path is not None
    fixed = [p for p in plan if not (grow and p.looks)]
    groups: dict[str, list[PlannedRun]] = {}
    for p in plan:
        if grow and p.looks:
            groups.setdefault(p.group, []).append(p)
    k = 0
    for p in fixed:
        k += 1
        if on_run is not None:
            on_run(p.name, k, len(plan))
        exp.runs[p.name] = _play_planned(exp, p, p.games, base, common)
    for group, runs in groups.items():
        if on_run is not None:
            on_run(f"{group} (up to {runs[0].games:,} games a run)", k + 1, len(plan))
        k += len(runs)
        _run_looks(exp, group, runs, base, common)


def _play_planned(
    exp: ExperimentRun,
    p: PlannedRun,
    games: int,
    base: GameComponents,
    common: dict[str, Any],
    extend: bool = False,
) -> Any:
    from vdgsim.runner import simulate

    spec = exp.spec
    return simulate(
        list(p.lineup),
        games,
        spec.seed if p.seed is None else p.seed,
        out=exp.path / p.name if exp.path is not None else None,
        rotate=p.rotate,
        decisions=p.decisions,
        game=spec.game,
        components=spec.components(p.overrides) if p.overrides else base,
        **({p.table: True} if p.table else {}),
        **{
            **common,
            "chunk_size": p.chunk_size or common["chunk_size"],
            **({"resume": True, "extend": True} if extend else {}),
        },
    )


LOOK_ALPHA = 0.05
"""The error rate of a look's "decided" (Bonferroni over a group's looks)."""


def look_z(looks: int) -> float:
    """The normal quantile a look's effect must clear to be decided: two-sided
    :data:`LOOK_ALPHA` shared over ``looks`` looks, so that stopping early is rarely wrong."""
    from scipy import stats

    return float(stats.norm.ppf(1 - LOOK_ALPHA / (2 * max(1, looks))))


def _run_looks(
    exp: ExperimentRun,
    group: str,
    runs: list[PlannedRun],
    base: GameComponents,
    common: dict[str, Any],
) -> None:
    """Grow the runs of one group look by look (their ``looks``: games after each): after a
    look, the runs whose findings are decided (:attr:`Kind.decided`, :func:`look_decided` at
    :func:`look_z`) stop; the others grow to the next look, until the last. A run already
    recorded at or past a look (a resumed report) is read, not played again, or finished at
    its recorded size if it was interrupted while it grew."""
    from vdgsim.runner import load_run
    from vdgsim.runner.output import MANIFEST

    looks = runs[0].looks
    z = look_z(len(looks))
    open_runs = list(runs)
    for j, target in enumerate(looks):
        for p in open_runs:
            meta = read_json(exp.path / p.name / MANIFEST) if exp.path is not None else None
            recorded = int((meta or {}).get("run", {}).get("games", 0) or 0)
            if meta is not None and meta.get("complete") and recorded >= target:
                exp.runs[p.name] = load_run(exp.path / p.name)
            elif meta is not None and recorded >= target:
                # a look that was interrupted while it grew: finish it at its own size
                exp.runs[p.name] = _play_planned(exp, p, recorded, base, common, extend=True)
            else:
                exp.runs[p.name] = _play_planned(exp, p, target, base, common, extend=j > 0)
        if j == len(looks) - 1:
            break
        done = KINDS[exp.spec.kind].decided(exp, group, [p.name for p in open_runs], z)
        open_runs = [p for p in open_runs if p.name not in done]
        if not open_runs:
            break


def look_decided(diff: float, se: float, own: float, own_se: float, z: float) -> bool:
    """Whether a finding's effect at another level is decided after a look: its sign is
    (``diff`` clears ``z`` standard errors ``se``), or it is told apart from the effect with the
    spec's own player (``own``, ``own_se``): more games would not change its skill label
    from *vanishes*, *grows* or *shrinks* to *holds* or back."""
    if se <= 0:
        return False
    return abs(diff) > z * se or abs(diff - own) > z * math.hypot(se, own_se)


def _paired_decided(exp: ExperimentRun, group: str, names: list[str], z: float) -> set[str]:
    """The runs of a paired strength variant (``group``: its prefix) whose arm's effect on the
    focus player's win share is decided (:func:`look_decided`); the baseline once every arm's
    is."""
    from vdgsim.analysis.paired import arm_effects

    own = {r["arm"]: r for r in arm_effects(exp).iter_rows(named=True)}
    eff = arm_effects(exp, prefix=group)
    done = {
        group + r["arm"]
        for r in eff.iter_rows(named=True)
        if look_decided(
            r["win_share_diff"],
            r["win_share_se"],
            own[r["arm"]]["win_share_diff"],
            own[r["arm"]]["win_share_se"],
            z,
        )
    }
    if all(n in done for n in names if n != group + BASELINE):
        done.add(group + BASELINE)
    return done


def _seats_decided(exp: ExperimentRun, group: str, names: list[str], z: float) -> set[str]:
    """The run of another player in every seat (``group``: ``other/<player>/<P>p``) once the
    distance from the fair share of each seat (and each turn position, for a game that draws
    its start player) that is off it with the spec's own player is decided with this player
    (:func:`look_decided`)."""
    from vdgsim.analysis import seats

    count = group.rsplit("/", 1)[1]
    own = seats.seat_players({count: exp.runs[count]})
    theirs = seats.seat_players({group: exp.runs[group]})
    characters = game_of(exp.spec.game).seat_characters
    tables = [(lambda t: seats.win_by_seat(t, characters), "seat")]
    if "start_player" in own.columns:
        tables.append((seats.win_by_turn_position, "position"))
    for table, key in tables:
        mine = table(own).filter(pl.col("above_fair") | pl.col("below_fair"))
        other = {r[key]: r for r in table(theirs).iter_rows(named=True)}
        for r in mine.iter_rows(named=True):
            o = other[r[key]]
            se = (o["win_high"] - o["win_low"]) / (2 * 1.959964)
            own_se = (r["win_high"] - r["win_low"]) / (2 * 1.959964)
            if not look_decided(o["gap"], se, r["gap"], own_se, z):
                return set()
    return {group}


def _run_tournament(
    exp: ExperimentRun,
    plan: list[PlannedRun],
    common: dict[str, Any],
    on_run: Callable[[str, int, int], None] | None,
) -> None:
    """Play every line-up of the tournament (one run directory ``tournament``)."""
    from vdgsim.runner import tournament

    spec = exp.spec
    if on_run is not None:
        on_run(f"tournament of {len(plan)} line-ups", 1, 1)
    exp.tournament = tournament(
        list(spec.presets),
        spec.player_counts,
        exp.games,
        spec.seed,
        out=exp.path / "tournament" if exp.path is not None else None,
        components=spec.components(),
        decisions=spec.decisions,
        game=spec.game,
        **common,
    )
    _tournament_runs(exp)


def _tournament_runs(exp: ExperimentRun) -> None:
    for r in exp.tournament.runs:
        exp.runs[",".join(r.manifest["run"]["lineup"])] = r


def saved_runs(top: Path) -> tuple[int, int]:
    """(complete runs, runs with a manifest) below ``top``: what an interrupted command kept."""
    from vdgsim.runner.output import MANIFEST

    done = total = 0
    for m in top.rglob(MANIFEST):
        total += 1
        meta = read_json(m)
        done += bool(meta and meta.get("complete"))
    return done, total


def spec_from_record(meta: dict[str, Any]) -> ExperimentSpec:
    """The spec recorded in an ``experiment.json`` (one written before specs named their
    section gets its kind's general section)."""
    sd = dict(meta["spec"])
    arms = tuple(Arm(**a) for a in sd.pop("arms"))
    for k in ("players", "player_counts", "presets", "sweep_values"):
        sd[k] = tuple(sd[k])
    for k in ("character_deal", "deal_presets"):
        if k in sd:
            sd[k] = tuple(sd[k])
    if "levels" in sd:
        sd["levels"] = tuple(Strength(**s) for s in sd["levels"])
    sd.setdefault("section", KINDS[sd["kind"]].section)
    sd["other_presets"] = tuple(
        Strength(**{**s, "opponents": s.get("opponents") or s["player"]})
        for s in sd.pop("other_presets", ())
    )
    rob = sd.pop("robustness", None)
    if rob is not None:
        strengths = tuple(
            Strength(**{**s, "opponents": s.get("opponents") or s["player"]})
            for s in rob.pop("strengths")
        )
        sd["robustness"] = Robustness(**rob, strengths=strengths)
    return ExperimentSpec(**sd, arms=arms)


def load_experiment(path: str | Path) -> ExperimentRun:
    """Reload an experiment's run directories written by :func:`run_experiment`."""
    top = Path(path)
    meta = json.loads((top / EXPERIMENT_FILE).read_text(encoding="utf-8"))
    res = ExperimentRun(
        spec_from_record(meta), {}, top, games=int(meta["games"]), quick=bool(meta.get("quick"))
    )
    KINDS[res.spec.kind].load(res)
    return res


def _load_planned(exp: ExperimentRun) -> None:
    from vdgsim.runner import load_run

    assert exp.path is not None
    for p in experiment_plan(exp.spec, exp.games, exp.quick):
        exp.runs[p.name] = load_run(exp.path / p.name)


def _load_tournament(exp: ExperimentRun) -> None:
    from vdgsim.runner import load_tournament

    assert exp.path is not None
    exp.tournament = load_tournament(exp.path / "tournament")
    _tournament_runs(exp)


def _no_summary(exp: ExperimentRun) -> list[str]:
    return []


def _paired_summary(exp: ExperimentRun) -> list[str]:
    """One line per arm: the focus player's win share and VP change, with intervals."""
    from vdgsim.analysis.paired import arm_effects

    return [
        f"  {r['arm']:<24} win share {100 * r['win_share_diff']:+.1f} pp "
        f"[{100 * r['win_share_low']:+.1f}, {100 * r['win_share_high']:+.1f}]  "
        f"VP {r['vp_diff']:+.2f} [{r['vp_low']:+.2f}, {r['vp_high']:+.2f}]"
        for r in arm_effects(exp).iter_rows(named=True)
    ]


_Fields = Callable[[dict[str, Any], str, dict[str, Any]], None]
_Plan = Callable[[ExperimentSpec, int, bool], list[PlannedRun]]
_Run = Callable[
    [ExperimentRun, list[PlannedRun], dict[str, Any], Callable[[str, int, int], None] | None],
    None,
]


@dataclass(frozen=True)
class Kind:
    """One kind of experiment: everything that differs between kinds, in one place.

    ``fields`` checks the kind's own spec fields into the spec's keyword arguments, ``plan``
    lists its runs, ``run`` plays them into an :class:`ExperimentRun`, ``load`` reloads them
    from its directory, ``summary`` gives the lines ``vdg experiment run`` prints after the
    run; ``section`` is the report section of a spec that names none.
    """

    section: str
    fields: _Fields
    plan: _Plan
    run: _Run
    load: Callable[[ExperimentRun], None]
    summary: Callable[[ExperimentRun], list[str]] = _no_summary
    decided: Callable[[ExperimentRun, str, list[str], float], set[str]] = lambda *_: set()


KINDS: dict[str, Kind] = {
    "paired": Kind(
        "paired",
        _paired_fields,
        _paired_plan,
        _run_planned,
        _load_planned,
        _paired_summary,
        _paired_decided,
    ),
    "seats": Kind(
        "seats", _seats_fields, _seats_plan, _run_planned, _load_planned, decided=_seats_decided
    ),
    "tournament": Kind(
        "matchups", _tournament_fields, _tournament_plan, _run_tournament, _load_tournament
    ),
    "sweep": Kind("sweep", _sweep_fields, _sweep_plan, _run_planned, _load_planned),
    "axis": Kind("axis", _axis_fields, _axis_plan, _run_planned, _load_planned),
}


def wilson_games_for_halfwidth(halfwidth: float, p: float = 0.25) -> int:
    """Player rows needed for a Wilson 95% interval of about +-``halfwidth`` at share ``p``."""
    return math.ceil((1.96**2) * p * (1 - p) / halfwidth**2)
