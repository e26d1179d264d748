"""An experiment spec: its fields, their checks, and the report sections a spec may name."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vdgsim.core.plug import ComponentError, GameComponents, game_of, implicit_key

if TYPE_CHECKING:
    pass


BASELINE = "baseline"
EXPERIMENT_FILE = "experiment.json"


@dataclass(frozen=True)
class ReportSection:
    """A report section as the experiments know it: the kind of experiment it reads, and the
    optional table its baseline run records (Vasco da Gama's ships, Goa's auctions)."""

    kind: str
    baseline_table: str | None = None


# the report sections of every game; a game adds its own (vdgsim.core.plug.Game.report_sections),
# and vdgsim.report.sections has the function of each
SECTIONS: dict[str, ReportSection] = {
    "paired": ReportSection("paired"),
    "seats": ReportSection("seats"),
    "matchups": ReportSection("tournament"),
    "sweep": ReportSection("sweep"),
    "axis": ReportSection("axis"),
}


# the section of a spec that names none (and of one recorded before specs named theirs)
DEFAULT_SECTION = {
    "paired": "paired",
    "seats": "seats",
    "tournament": "matchups",
    "sweep": "sweep",
    "axis": "axis",
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
    "field",
    "tolerance_pp",
    "fix",
}


DEFAULT_TOLERANCE = 0.03
"""How far (as a share: 0.03 is 3 pp) a seat's win share may sit from the fair share and the
game still count as balanced, unless a seats spec's ``tolerance_pp`` or ``vdg report
--tolerance`` says otherwise."""


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
class FixKnob:
    """A component value the search for a fix may change: its ``--set`` key, an integer range
    and the elements it is tied to (a name found in a seat's label, e.g. a character dealt to
    it, or ``start player``; none: any seat)."""

    key: str
    lo: int
    hi: int
    tied_to: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fix:
    """A seats spec's search for what to change at a count that is not balanced
    (:mod:`vdgsim.analysis.fixes`): ``search_player`` in every seat plays ``games`` per
    candidate (common seeds; up to ``budget`` candidates, ``quick_*`` with --quick), the
    ``finalists`` best are played at skilled play in looks of ``check_batch`` games doubled
    up to ``check_games``. ``fitted`` players were fitted to the printed numbers (a learned
    player), so they never judge other numbers: the next level checks instead."""

    knobs: tuple[FixKnob, ...]
    search_player: str = "default"
    games: int = 4000
    quick_games: int = 200
    budget: int = 24
    quick_budget: int = 4
    finalists: int = 2
    check_games: int = 2000
    quick_check_games: int = 0
    check_batch: int = 250
    fitted: tuple[str, ...] = ()
    seed: int = 1


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
    # seats: how far from the fair share a seat may be in a balanced game (a share); the
    # looks of another player in every seat stop once its balance is decided against it
    tolerance: float = DEFAULT_TOLERANCE
    game: str = field(default_factory=implicit_key)  # the game every run plays (vdgsim.core.plug)
    # axis: the player every level is rated against, and the levels (weakest first)
    anchor: str = "default"
    levels: tuple[Strength, ...] = ()
    # axis: games per line-up of the field, where the levels and the anchor play each other
    # (full and --quick; 0: no field, the levels are rated against the anchor only)
    field_games: int = 0
    quick_field_games: int = 0
    # a component data file every run plays instead of the game's default (a what-if variant,
    # `vdg report --data`); None: the default data
    data: str | None = None
    # seats: how the report searches for a change at a count that is not balanced
    fix: Fix | None = None

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
        if self.kind != "axis" or not (self.field_games or self.quick_field_games):
            # as recorded before the field existed
            del d["field_games"], d["quick_field_games"]
        if self.data is None:  # as recorded before variants existed
            del d["data"]
        if self.tolerance == DEFAULT_TOLERANCE:  # as recorded before the tolerance was a field
            del d["tolerance"]
        # the fix search's runs are named by its settings, so a change to it plays new runs
        # beside the experiment's: it is recorded with the report's settings, not here
        del d["fix"]
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
    try:
        game_of(game).load_components(None, over or None)
    except ComponentError as e:
        raise _fail(source, where, str(e)) from None


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
    tolerance = float(_typed(data, "tolerance_pp", float, source, 100 * DEFAULT_TOLERANCE))
    if not 0.0 < tolerance < 100.0:
        raise _fail(source, "tolerance_pp", f"must be between 0 and 100 pp, got {tolerance:g}")
    kw["tolerance"] = tolerance / 100.0
    _deal_fields(data, source, kw)
    if "robustness" in data:
        kw["robustness"] = _robustness_fields(data["robustness"], source, kw["preset"], game, False)
    if "fix" in data:
        kw["fix"] = _fix_fields(_typed(data, "fix", dict, source), source, kw)


_FIX_KEYS = {
    "knobs",
    "search_player",
    "games",
    "quick_games",
    "budget",
    "quick_budget",
    "finalists",
    "check_games",
    "quick_check_games",
    "check_batch",
    "fitted",
    "seed",
}


def _fix_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> Fix:
    """A seats spec's ``[fix]`` table and its ``[[fix.knobs]]`` (each ``key``, ``range =
    [lo, hi]``, optional ``tied_to``), every knob's ends checked against the data."""
    game = kw["game"]
    where = f"{source}: fix"
    unknown = set(data) - _FIX_KEYS
    if unknown:
        raise _fail(source, "fix", f"unknown key(s): {', '.join(sorted(unknown))}")
    knobs = []
    for i, k in enumerate(_typed(data, "knobs", list, where)):
        at = f"fix.knobs[{i}]"
        if not isinstance(k, dict) or set(k) - {"key", "range", "tied_to"}:
            raise _fail(source, at, "must be a table of key, range and tied_to")
        key = _typed(k, "key", str, f"{source}: {at}")
        span = _typed(k, "range", list, f"{source}: {at}")
        if (
            len(span) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in span)
            or span[0] >= span[1]
        ):
            raise _fail(source, f"{at}.range", f"must be [lo, hi], integers, lo < hi, got {span}")
        tied = _typed(k, "tied_to", list, f"{source}: {at}", [])
        if not all(isinstance(t, str) and t for t in tied):
            raise _fail(source, f"{at}.tied_to", f"must list element names, got {tied}")
        for v in span:
            _check_overrides({**kw["overrides"], key: v}, source, f"{at}.range", game)
        knobs.append(FixKnob(key, span[0], span[1], tuple(tied)))
    if not knobs or len({k.key for k in knobs}) != len(knobs):
        raise _fail(source, "fix.knobs", "must list at least one knob, each key once")
    ints = {}
    for name, low, default in (
        ("games", 10, 4000),
        ("quick_games", 0, 200),
        ("budget", 1, 24),
        ("quick_budget", 1, 4),
        ("finalists", 1, 2),
        ("check_games", 0, 2000),
        ("quick_check_games", 0, 0),
        ("check_batch", 1, 250),
        ("seed", 0, kw["seed"] + 1),
    ):
        ints[name] = _typed(data, name, int, where, default)
        if ints[name] < low:
            raise _fail(source, f"fix.{name}", f"must be at least {low}, got {ints[name]}")
    fitted = _typed(data, "fitted", list, where, [])
    return Fix(
        knobs=tuple(knobs),
        search_player=_check_player(
            _typed(data, "search_player", str, where, kw["preset"]),
            source,
            "fix.search_player",
            game,
        ),
        fitted=tuple(
            _check_player(f, source, f"fix.fitted[{i}]", game) for i, f in enumerate(fitted)
        ),
        **ints,
    )


DEAL = "deal"  # the folder of a seats experiment's runs with another character deal
DEAL_OPTION = "setup.character_deal"


def _deal_fields(data: dict[str, Any], source: str, kw: dict[str, Any]) -> None:
    """``character_deal`` (the deals of ``setup.character_deal`` to play, the rulebook's
    first) and the games of each other deal, ``deal_games`` and ``quick_deal_games``."""
    from vdgsim.games.vasco.layout import CHARACTER_DEAL_KEYS

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
FIELD = "field"  # ... and of its field's runs, where the levels play each other


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
    field = _typed(data, "field", dict, source, {})
    if set(field) - {"games", "quick_games"}:
        raise _fail(source, "field", "must be a table of games and quick_games")
    games = _typed(field, "games", int, f"{source}: field", 0)
    quick = _typed(field, "quick_games", int, f"{source}: field", min(games, kw["quick_games"]))
    if games < 0 or quick < 0:
        raise _fail(source, "field", "games and quick_games must be at least 0")
    kw["field_games"], kw["quick_field_games"] = games, quick


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


def _counts(data: dict[str, Any], source: str) -> tuple[int, ...]:
    counts = _typed(data, "player_counts", list, source, [2, 3, 4])
    for i, c in enumerate(counts):
        if isinstance(c, bool) or not isinstance(c, int) or not 2 <= c <= 4:
            raise _fail(source, f"player_counts[{i}]", f"must be 2, 3 or 4, got {c!r}")
    if not counts:
        raise _fail(source, "player_counts", "needs at least one player count")
    return tuple(counts)


def default_experiments_dir(game: str | None = None) -> Path:
    """The folder of ``game``'s shipped specs (:attr:`vdgsim.core.plug.Game.experiments`)."""
    g = game_of(game)
    if g.experiments is None:
        raise SpecError(f"{g.title} ships no experiment specs: give a folder of them")
    return g.experiments()


def sweep_strength_lineup(players: tuple[str, ...], s: Strength) -> list[str]:
    """The line-up a sweep replays at strength ``s``: identical players all become
    ``s.player``; in a mixed line-up position 0 becomes ``s.player`` and the other seats keep
    their presets, or all become ``s.opponents`` when it names another player."""
    if len(set(players)) == 1:
        return [s.player] * len(players)
    rest = list(players[1:]) if s.opponents == s.player else [s.opponents] * (len(players) - 1)
    return [s.player, *rest]
