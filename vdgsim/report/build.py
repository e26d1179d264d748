"""Build a balance report: run every experiment spec, analyse, render.

>>> build_report("reports/quick", quick=True)   # small and fast, for CI

Runs go below ``runs`` (default ``<out>/runs``). ``out`` follows the rules of a run directory
(``vdg simulate --out``): a non-empty folder is refused unless it is a report directory and
``resume`` (same settings: complete runs are kept, killed ones finished) or ``force`` (the
old report, and its runs, are deleted first) is given. A report directory is recognised by
``report-settings.json`` (written first, with the settings) or, for reports made before it
existed, ``report.json``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shlex
import shutil
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import matplotlib

from vdgsim.analysis.experiment import (
    ExperimentSpec,
    SpecError,
    check_experiment_dir,
    check_output_dir,
    check_resumable,
    default_experiments_dir,
    experiment_plan,
    experiment_settings,
    list_specs,
    make_output_dir,
    read_json,
    run_experiment,
    settings_differences,
    write_json,
)
from vdgsim.analysis.skill import SkillAxis, axis_of
from vdgsim.core.plug import game_of, parse_overrides
from vdgsim.report.findings import Section
from vdgsim.report.fix import add_fixes
from vdgsim.report.progress import Progress
from vdgsim.report.render import Header, write_report
from vdgsim.report.sections import build_section
from vdgsim.runner import RunDirError

SETTINGS_FILE = "report-settings.json"
# what identifies a report directory written before SETTINGS_FILE existed
_LEGACY_MARKER = "report.json"


def _earlier_time(out: Path) -> tuple[float, int]:
    """The wall time and sessions of the earlier builds of a report being resumed (a report
    written before its settings kept them: its header's wall time, one session)."""
    meta = read_json(out / SETTINGS_FILE) or {}
    if isinstance(meta.get("seconds"), int | float):
        return float(meta["seconds"]), int(meta.get("sessions") or 1)
    header = (read_json(out / _LEGACY_MARKER) or {}).get("header") or {}
    seconds = header.get("wall_seconds")
    return (float(seconds), 1) if isinstance(seconds, int | float) else (0.0, 0)


def axis_line(axis: SkillAxis | None) -> str:
    """The header's skill axis: every level, weakest first, with its pooled rating."""
    if axis is None:
        return "not rated (no axis experiment): findings are checked at the listed players only"
    levels = sorted(
        [axis.anchor, *axis.levels],
        key=lambda p: r.rating if (r := axis.rating(p)) is not None else 0.0,
    )
    parts = []
    for p in levels:
        r = axis.rating(p)
        parts.append(p if p == axis.anchor else f"{p} {r.text() if r else 'not rated'}")
    earned = "in the field, " if axis.field is not None else ""
    return (
        f"{' < '.join(parts)} ({earned}relative to {axis.anchor}, pooled over the player "
        "counts; per count in the skill axis section)"
    )


def spec_levels(spec: ExperimentSpec) -> list[str]:
    """The players a spec measures its findings with beside its own: the axis levels, the
    strengths and the other presets."""
    rob = spec.robustness.strengths if spec.robustness is not None else ()
    return [s.player for s in (*spec.levels, *rob, *spec.other_presets)]


def keep_levels(specs: Sequence[ExperimentSpec], levels: Sequence[str]) -> list[ExperimentSpec]:
    """The specs with only the named levels of the skill axis (axis levels, strengths, other
    presets; the anchor and each spec's own player always stay); raises SpecError for a name
    no spec measures with, or an axis left without a level."""
    known = list(dict.fromkeys(p for s in specs for p in spec_levels(s)))
    unknown = [p for p in levels if p not in known]
    if unknown:
        raise SpecError(
            f"--levels: {unknown[0]!r} is not a level of this report (its levels: "
            f"{', '.join(known) or 'none'})"
        )
    out = []
    for s in specs:
        rob = s.robustness
        others = tuple(o for o in s.other_presets if o.player in levels)
        kept = dataclasses.replace(
            s,
            levels=tuple(lv for lv in s.levels if lv.player in levels),
            other_presets=others,
            deal_presets=tuple(p for p in s.deal_presets if p in {o.player for o in others}),
            robustness=None
            if rob is None
            else dataclasses.replace(
                rob, strengths=tuple(x for x in rob.strengths if x.player in levels)
            ),
        )
        if s.kind == "axis" and not kept.levels:
            raise SpecError(f"--levels leaves the skill axis ({s.source}) without a level")
        out.append(kept)
    return out


def report_settings(specs: Sequence[ExperimentSpec], quick: bool, games: int | None) -> dict:
    """What a report's games depend on: the size options and each experiment's settings."""
    return {
        "quick": quick,
        "games": games,
        "experiments": {
            s.name: experiment_settings(s, s.games_for(quick, games), quick) for s in specs
        },
        # what to change: its runs are named by these settings, so a change plays new runs
        # and is no reason to refuse a resume
        "fixes": {s.name: dataclasses.asdict(s.fix) for s in specs if s.fix is not None},
    }


def report_differences(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """How the settings of an earlier report differ from ``new`` (empty if they match; an
    experiment only ``new`` has is no difference: resuming plays it)."""
    if old is None:
        return [f"its settings were not recorded (no readable {SETTINGS_FILE})"]
    out = []
    if old.get("quick") != new["quick"]:
        out.append(f"--quick was {'on' if old.get('quick') else 'off'}")
    if old.get("games") != new["games"]:
        out.append(f"--games was {old.get('games') or 'not given'}")
    sized = bool(out)
    o, n = old.get("experiments") or {}, new["experiments"]
    # an experiment added since is played on resume: nothing recorded depends on it
    gone = sorted(set(o) - set(n))
    if gone:
        out.append(f"experiments not in this report: {', '.join(gone)}")
    for name in sorted(set(o) & set(n)):
        diff = [
            d
            for d in settings_differences(o[name], n[name])
            if not (sized and d.startswith("games per run"))  # already said by --quick/--games
        ]
        if diff:
            out.append(f"experiment {name}: {', '.join(diff)}")
    return out


def build_report(
    out: str | Path,
    *,
    quick: bool = False,
    jobs: int = 1,
    experiments: str | Path | None = None,
    runs: str | Path | None = None,
    games: int | None = None,
    only: Sequence[str] | None = None,
    levels: Sequence[str] | None = None,
    command: str | None = None,
    resume: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    game: str | None = None,
    data: str | Path | None = None,
    overrides: Sequence[str] | None = None,
    tolerance: float | None = None,
) -> dict[str, Any]:
    """Run the experiments in ``experiments`` (default: the game's shipped specs) and write the
    report of ``game`` (``None``: the implicit game); every spec must play it.

    ``data`` (a component data file) and ``overrides`` (``KEY=VALUE`` strings, as ``--set``)
    make the report of a variant: every run plays them, on the spec's own seeds, on top of
    the spec's own ``[overrides]`` (which win where both set a key), so a variant's report
    pairs game by game with the report of the default data (:mod:`vdgsim.report.compare`).

    ``quick`` uses each spec's ``quick_games``; ``games`` overrides every spec's size;
    ``only`` keeps the named experiments (and the skill axis); ``levels`` keeps only the named
    levels of the skill axis (:func:`keep_levels`); ``tolerance`` (a share; None: each seats
    spec's own) is how far from the fair share the verdict lets a seat's win share be
    (:mod:`vdgsim.report.verdict`), and so when the runs of stronger players in every seat
    stop. Every check
    of the input and of the directories is made before anything is deleted or written
    (RunDirError, SpecError, ValueError). Returns the report summary (``report.json``).
    """
    t0 = time.perf_counter()
    game = game_of(game).key
    out = Path(out)
    runs_dir = Path(runs) if runs is not None else out / "runs"
    progress = progress if progress is not None else Progress()
    if experiments is None:
        experiments = default_experiments_dir(game)
    specs = _chosen_specs(game, experiments, only, levels, data, overrides or ())
    if tolerance is not None:
        specs = [
            dataclasses.replace(s, tolerance=tolerance) if s.kind == "seats" else s for s in specs
        ]
    sizes = {s.name: s.games_for(quick, games) for s in specs}
    total_games = sum(r.games for s in specs for r in experiment_plan(s, sizes[s.name], quick))
    settings = report_settings(specs, quick, games)
    replace, replace_exp = _check_dirs(out, runs_dir, specs, sizes, settings, quick, resume, force)
    if resume:
        for s in specs:
            if not replace_exp[s.name] and (runs_dir / s.name).is_dir():
                check_resumable(s, runs_dir / s.name, experiment_plan(s, sizes[s.name], quick))
    fresh = not out.exists()
    make_output_dir(out, replace)
    try:
        make_output_dir(runs_dir, False)
    except RunDirError:
        if fresh or replace:
            shutil.rmtree(out, ignore_errors=True)
        raise
    earlier, sessions = _earlier_time(out) if resume and not replace else (0.0, 0)

    def record(complete: bool, **extra: Any) -> None:
        # the time of every session that built this report, so a resumed one counts them all
        spent = {"seconds": round(earlier + time.perf_counter() - t0, 1), "sessions": sessions + 1}
        write_json(
            out / SETTINGS_FILE, {"settings": settings, "complete": complete, **spent, **extra}
        )

    record(False)
    progress.start(total_games)
    # every chart stays open until the report is written (they are closed as they are saved)
    with matplotlib.rc_context({"figure.max_open_warning": 0}), _closing_new_charts():
        sections: list[Section] = []
        fix_files: list[str] = []
        played = 0
        axis: SkillAxis | None = None
        for k, spec in enumerate(specs, 1):
            t = time.perf_counter()
            progress.experiment(k, len(specs), spec.name)
            where = runs_dir / spec.name
            make_output_dir(where, replace_exp[spec.name])
            exp = run_experiment(
                spec,
                where,
                quick=quick,
                games=games,
                jobs=jobs,
                resume=resume,
                progress=progress.games,
                on_run=progress.run,
                checked=True,
            )
            if spec.kind == "axis":
                axis = axis_of(exp)
            exp.axis = axis
            sections.append(build_section(exp))
            if spec.kind == "seats":
                files, fix_games = add_fixes(
                    exp, sections[-1], out, quick=quick, jobs=jobs, progress=progress
                )
                fix_files += files
                played += fix_games
            played += sum(run.manifest["counts"]["games"] for run in exp.runs.values())
            record(False)
            progress.log(
                f"{spec.name}: {sections[-1].info.games:,} games, {time.perf_counter() - t:.1f} s"
            )
        summary = _render(
            out,
            specs,
            sections,
            quick,
            command,
            progress,
            t0 - earlier,
            game,
            axis,
            sessions + 1,
            data,
            overrides or (),
            played,
        )
    written = ["index.html", "report.md", "report.json", *fix_files]
    written += [f for s in summary["sections"] for f in (*s["charts"], *s["tables"])]
    record(True, files=written)
    progress.log(f"report written to {out} in {time.perf_counter() - t0:.1f} s")
    return summary


@contextlib.contextmanager
def _closing_new_charts() -> Iterator[None]:
    """Close, on the way out, every chart opened inside: one a section built and dropped, or
    every chart of a report stopped before they were written. Charts open before are kept
    (a notebook's own)."""
    import matplotlib.pyplot as plt

    before = set(plt.get_fignums())
    try:
        yield
    finally:
        for number in set(plt.get_fignums()) - before:
            plt.close(number)


VERDICT = "verdict"
"""``--only verdict``: the skill axis and the seats runs the verdict's balance rests on."""


def verdict_only(spec: ExperimentSpec) -> ExperimentSpec:
    """A seats spec reduced to what the verdict reads: its own player and the other players in
    every seat, without the other character deals and the robustness replays."""
    return dataclasses.replace(
        spec,
        robustness=None,
        character_deal=("rulebook",),
        deal_games=0,
        quick_deal_games=0,
        deal_presets=(),
    )


def _chosen_specs(
    game: str,
    experiments: str | Path,
    only: Sequence[str] | None,
    levels: Sequence[str] | None,
    data: str | Path | None,
    overrides: Sequence[str],
) -> list[ExperimentSpec]:
    """The specs of ``experiments`` the report plays, the skill axis first (``only`` may name
    :data:`VERDICT`: the seats spec reduced by :func:`verdict_only`); a spec of another game,
    an unknown ``only`` name, no spec or two skill axes is a :class:`SpecError`."""
    specs = list_specs(experiments)
    if only and VERDICT in only:
        specs = [verdict_only(s) if s.kind == "seats" else s for s in specs]
        only = [*(n for n in only if n != VERDICT), *(s.name for s in specs if s.kind == "seats")]
    others = [s for s in specs if s.game != game]
    if others:
        raise SpecError(
            f"{others[0].source}: game: the report is of {game_of(game).title}, "
            f"this spec plays {game_of(others[0].game).title}"
        )
    if only:
        unknown = set(only) - {s.name for s in specs}
        if unknown:
            raise SpecError(f"unknown experiment(s): {', '.join(sorted(unknown))}")
        # the skill axis always plays: every section orders its levels by it
        specs = [s for s in specs if s.name in only or s.kind == "axis"]
    if not specs:
        raise SpecError(f"no experiment specs (*.toml) in {experiments}")
    if levels is not None:
        specs = keep_levels(specs, levels)
    if data is not None or overrides:
        specs = with_variant(specs, game, data, overrides)
    # the skill axis is rated first: every other section orders its levels by it
    specs.sort(key=lambda s: s.kind != "axis")
    if sum(s.kind == "axis" for s in specs) > 1:
        raise SpecError(f'more than one skill axis spec (kind = "axis") in {experiments}')
    return specs


def _check_dirs(
    out: Path,
    runs_dir: Path,
    specs: Sequence[ExperimentSpec],
    sizes: dict[str, int],
    settings: dict[str, Any],
    quick: bool,
    resume: bool,
    force: bool,
) -> tuple[bool, dict[str, bool]]:
    """Whether the report folder is replaced, and each experiment's run folder, after every
    check of both (nothing is deleted or written here)."""
    replace = check_output_dir(
        out,
        what="report",
        markers={SETTINGS_FILE: ("settings", "complete"), _LEGACY_MARKER: ("header", "sections")},
        settings=lambda: (read_json(out / SETTINGS_FILE) or {}).get("settings"),
        differences=lambda old: report_differences(old, settings),
        resume=resume,
        force=force,
    )
    if runs_dir.exists() and not runs_dir.is_dir():
        raise RunDirError(f"{runs_dir} exists and is not a directory; choose a folder for --runs")
    # replacing a report folder that holds the runs replaces them with it
    runs_go_with_out = replace and out.resolve() in (
        runs_dir.resolve(),
        *runs_dir.resolve().parents,
    )
    replace_exp = {
        s.name: not runs_go_with_out
        and check_experiment_dir(
            s,
            runs_dir / s.name,
            sizes[s.name],
            resume=resume,
            force=force,
            option="--runs",
            quick=quick,
        )
        for s in specs
    }
    return replace, replace_exp


def with_variant(
    specs: Sequence[ExperimentSpec], game: str, data: str | Path | None, overrides: Sequence[str]
) -> list[ExperimentSpec]:
    """The specs playing a what-if variant: ``data`` instead of the default component data and
    the ``--set`` strings ``overrides`` under each spec's own ``[overrides]``. Checked here:
    an unreadable file or a bad key is a ValueError naming it, before anything is played."""
    path = None if data is None else str(Path(data).resolve())
    try:
        parsed = parse_overrides(list(overrides))
        game_of(game).load_components(path, parsed or None)
    except ValueError as e:
        raise SpecError(f"the variant (--data/--set): {e}") from None
    return [dataclasses.replace(s, data=path, overrides={**parsed, **s.overrides}) for s in specs]


def variant_text(data: str | Path | None, overrides: Sequence[str]) -> str:
    """The header's words for a variant ("" for the default data)."""
    parts = ([f"--data {data}"] if data is not None else []) + [f"--set {o}" for o in overrides]
    return " ".join(parts)


def _render(
    out: Path,
    specs: list[ExperimentSpec],
    sections: list[Section],
    quick: bool,
    command: str | None,
    progress: Progress,
    t0: float,
    game: str,
    axis: SkillAxis | None = None,
    sessions: int = 1,
    data: str | Path | None = None,
    overrides: Sequence[str] = (),
    played: int | None = None,
) -> dict[str, Any]:
    g = game_of(game)
    # the data every spec shares: the default, or the variant's (without a spec's own
    # [overrides], which its section states)
    comps = g.load_components(data, parse_overrides(list(overrides)) or None)
    header = Header(
        title=f"{g.title} balance report" + (" (quick)" if quick else ""),
        games=sum(s.info.games for s in sections),
        seeds=[s.seed for s in specs],
        version=sections[0].info.version,
        commit=sections[0].info.commit,
        digest=comps.digest,
        provenance={k: str(v) for k, v in comps.data.get("provenance", {}).items()},
        command=command or "vdg report " + " ".join(shlex.quote(a) for a in sys.argv[1:]),
        quick=quick,
        wall_seconds=0.0,
        axis=axis_line(axis),
        sessions=sessions,
        variant=variant_text(data, overrides),
        games_played=played,
    )
    header.wall_seconds = time.perf_counter() - t0
    progress.charts(sum(len(s.figures) for s in sections))
    return write_report(out, header, sections, on_chart=progress.chart)
