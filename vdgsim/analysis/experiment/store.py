"""An experiment's directory: checking and making it, its recorded settings, reloading its
runs."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vdgsim.analysis.experiment.plan import (
    PlannedRun,
)
from vdgsim.analysis.experiment.spec import (
    DEFAULT_SECTION,
    EXPERIMENT_FILE,
    ExperimentSpec,
    _without_default_batch,
)

if TYPE_CHECKING:
    from vdgsim.analysis.skill import SkillAxis


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
    if d.get("kind") in DEFAULT_SECTION:  # recorded before specs named their section
        d.setdefault("section", DEFAULT_SECTION[d["kind"]])
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
    out += [k for k in n if o.get(k) != n[k] and not _levels_added(k, o, n)]
    return out


def _levels_added(key: str, old: dict[str, Any], new: dict[str, Any]) -> bool:
    """A skill axis that only gained levels, or lists them in another order: each level is
    its own runs, so the recorded ones stay valid and resuming plays the new ones."""
    if key != "levels" or new.get("kind") != "axis":
        return False
    return all(lv in new[key] for lv in old.get(key) or [])


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


def saved_runs(top: Path) -> tuple[int, int]:
    """(complete runs, runs with a manifest) below ``top``: what an interrupted command kept."""
    from vdgsim.runner.output import MANIFEST

    done = total = 0
    for m in top.rglob(MANIFEST):
        total += 1
        meta = read_json(m)
        done += bool(meta and meta.get("complete"))
    return done, total


def load_planned(exp: ExperimentRun, plan: list[PlannedRun]) -> None:
    """Reload the run directories of an experiment's plan."""
    from vdgsim.runner import load_run

    assert exp.path is not None
    for p in plan:
        exp.runs[p.name] = load_run(exp.path / p.name)


def load_tournament(exp: ExperimentRun, plan: list[PlannedRun]) -> None:
    """Reload a tournament experiment's tournament (its plan is the tournament's)."""
    from vdgsim.runner import load_tournament

    assert exp.path is not None
    exp.tournament = load_tournament(exp.path / "tournament")
    _tournament_runs(exp)


def _tournament_runs(exp: ExperimentRun) -> None:
    for r in exp.tournament.runs:
        exp.runs[",".join(r.manifest["run"]["lineup"])] = r
