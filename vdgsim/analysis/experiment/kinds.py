"""The kinds of experiment in one table, and what goes through it: reading a spec, planning,
running and reloading an experiment."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vdgsim.analysis.experiment.plan import (
    PlannedRun,
    _axis_plan,
    _paired_plan,
    _seats_plan,
    _sweep_plan,
    _tournament_plan,
)
from vdgsim.analysis.experiment.play import (
    _run_planned,
    _run_tournament,
    check_resumable,
)
from vdgsim.analysis.experiment.spec import (
    _TOP_KEYS,
    DEFAULT_SECTION,
    EXPERIMENT_FILE,
    Arm,
    ExperimentSpec,
    Robustness,
    SpecError,
    Strength,
    _axis_fields,
    _check_overrides,
    _fail,
    _paired_fields,
    _seats_fields,
    _sweep_fields,
    _tournament_fields,
    _typed,
    default_experiments_dir,
    sections_of,
)
from vdgsim.analysis.experiment.store import (
    ExperimentRun,
    check_experiment_dir,
    load_planned,
    load_tournament,
    make_output_dir,
    write_json,
)
from vdgsim.core.plug import game_keys, game_of, implicit_key

if TYPE_CHECKING:
    pass


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
        ("field", ("axis",)),
        ("tolerance_pp", ("seats",)),
    ):
        if key in data and kind not in only:
            kinds = " or ".join(only)
            raise _fail(source, key, f"only a {kinds} experiment takes it, not a {kind} one")
    section = _typed(data, "section", str, source, DEFAULT_SECTION[kind])
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


def load_spec(path: str | Path) -> ExperimentSpec:
    """Read and validate an experiment spec file (with the fields of the spec it
    ``extends``, if it names one)."""
    p = Path(path)
    return parse_spec(_spec_table(p, ()), str(p))


def _read_toml(p: Path) -> dict[str, Any]:
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise SpecError(f"{p}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise SpecError(f"{p}: not UTF-8 text (byte {e.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{p}: not valid TOML: {e}") from None


def _spec_table(p: Path, seen: tuple[Path, ...]) -> dict[str, Any]:
    """The fields of the spec file ``p``: those of the spec its ``extends`` names (a file
    beside it), each replaced whole by a field of ``p`` of the same name. The same arms at
    another player count are one line-up and one seed in a file of their own, not a copy of
    every arm."""
    data = _read_toml(p)
    base = data.pop("extends", None)
    if base is None:
        return data
    if not isinstance(base, str) or not base.endswith(".toml") or Path(base).name != base:
        raise SpecError(f"{p}: extends: must name a .toml file in the same folder, got {base!r}")
    if "name" not in data:
        raise SpecError(f"{p}: name: missing (a spec that extends another names itself)")
    q = p.parent / base
    if q.resolve() in seen or q.resolve() == p.resolve():
        raise SpecError(f"{p}: extends: {base} extends this file again (a cycle)")
    return {**_spec_table(q, (*seen, p.resolve())), **data}


def list_specs(folder: str | Path | None = None) -> list[ExperimentSpec]:
    """Every valid spec in ``folder`` (default: ``experiments/``), sorted by file name."""
    d = Path(folder) if folder is not None else default_experiments_dir()
    return [load_spec(p) for p in sorted(d.glob("*.toml"))]


# --- output directories ----------------------------------------------------------------------


def experiment_plan(spec: ExperimentSpec, games: int, quick: bool = False) -> list[PlannedRun]:
    """The runs of ``spec`` at ``games`` games per run (a tournament's line-ups are named
    ``tournament/<line-up run>``; robustness runs of a paired spec have their own sizes, the
    ``quick`` ones with --quick); raises ValueError or UnknownPresetError for bad input."""
    return KINDS[spec.kind].plan(spec, games, quick)


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
        if resume and not replace and top.is_dir():
            check_resumable(spec, top, plan)
        make_output_dir(top, replace)
    if top is not None:
        write_json(top / EXPERIMENT_FILE, {"spec": spec.to_dict(), "games": n, "quick": quick})
    # the directory was replaced above if forced, so no run below is ever deleted
    common = {"jobs": jobs, "resume": resume, "progress": progress, "chunk_size": spec.chunk_size}
    result = ExperimentRun(spec, {}, top, games=n, quick=quick)
    KINDS[spec.kind].run(result, plan, common, on_run)
    return result


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
    sd.setdefault("section", DEFAULT_SECTION[sd["kind"]])
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
    KINDS[res.spec.kind].load(res, experiment_plan(res.spec, res.games, res.quick))
    return res


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
    from its directory (given its plan), ``summary`` gives the lines ``vdg experiment run``
    prints after the run. A spec that names no section gets its kind's
    :data:`DEFAULT_SECTION`; the runs of a paired or seats experiment grow in looks until
    decided (:data:`DECIDED`).
    """

    fields: _Fields
    plan: _Plan
    run: _Run
    load: Callable[[ExperimentRun, list[PlannedRun]], None]
    summary: Callable[[ExperimentRun], list[str]] = _no_summary


KINDS: dict[str, Kind] = {
    "paired": Kind(_paired_fields, _paired_plan, _run_planned, load_planned, _paired_summary),
    "seats": Kind(_seats_fields, _seats_plan, _run_planned, load_planned),
    "tournament": Kind(_tournament_fields, _tournament_plan, _run_tournament, load_tournament),
    "sweep": Kind(_sweep_fields, _sweep_plan, _run_planned, load_planned),
    "axis": Kind(_axis_fields, _axis_plan, _run_planned, load_planned),
}
