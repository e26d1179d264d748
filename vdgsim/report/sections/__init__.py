"""Report sections: one per experiment, each with charts, tables, key numbers and findings.

Findings are sentences generated from the key numbers (never typed by hand), so they always
say what the tables say. Every key number names the table (CSV) and row it comes from. Each
kind of section has its module; a game adds its own through its plug."""

from __future__ import annotations

from collections.abc import Callable

from vdgsim.analysis.common import run_info
from vdgsim.analysis.experiment import DEAL, OTHER, ROBUST, ExperimentRun
from vdgsim.core.plug import game_of
from vdgsim.report.findings import Section
from vdgsim.report.sections.axis import axis_section
from vdgsim.report.sections.matchups import matchups_section
from vdgsim.report.sections.paired import paired_section
from vdgsim.report.sections.seats import seats_section
from vdgsim.report.sections.sweep import sweep_section

# the function of each section of vdgsim.analysis.experiment.SECTIONS (every game's)
SECTION_FUNCTIONS: dict[str, Callable[[ExperimentRun, Section], None]] = {
    "axis": axis_section,
    "paired": paired_section,
    "seats": seats_section,
    "matchups": matchups_section,
    "sweep": sweep_section,
}


def section_functions(
    game: str | None = None,
) -> dict[str, Callable[[ExperimentRun, Section], None]]:
    """The section functions of ``game`` by section key: every game's, then its own
    (:attr:`vdgsim.core.plug.Game.section_builders`)."""
    return {**SECTION_FUNCTIONS, **game_of(game).section_builders()}


def build_section(exp: ExperimentRun) -> Section:
    """The report section of one experiment's runs: the one its spec names. Its provenance
    counts the experiment's own runs; robustness runs and the seats runs of other presets or
    deals are described where they are used."""
    robust = {n for n in exp.runs if n.startswith((f"{ROBUST}/", f"{OTHER}/", f"{DEAL}/"))}
    if robust:
        info = run_info(r.manifest for n, r in exp.runs.items() if n not in robust)
    else:
        info = run_info(exp.manifests())
    sec = Section(exp.spec.name, exp.spec.title, exp.spec.question, info)
    section_functions(exp.spec.game)[exp.spec.section](exp, sec)
    return sec
