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

A spec may start from another: ``extends = "characters.toml"`` (a file in the same folder)
takes every field of that spec, and each field this file sets replaces the other's whole (the
same arms at two players: ``extends``, ``name``, ``title``, ``players`` and ``seed``).

Kinds: ``paired`` (a baseline run of ``players`` and one run per arm in which line-up position
0 is replaced; every arm is played on the same seeds, so the focus seat's results differ only
by its behaviour), ``seats`` (``preset`` at every seat for each of ``player_counts``, seats not
rotated; ``character_deal = ["rulebook", "random"]`` plays them again below ``deal/random/``
with the characters dealt to the seats at random, ``deal_games`` and ``quick_deal_games`` games
per player count, and ``deal_presets``, players of ``[[other_presets]]``, as many, at most
their own games; a ``[fix]`` table with ``[[fix.knobs]]`` says how the report searches for
what to change at a count that is not balanced, :class:`Fix`, played by
:mod:`vdgsim.analysis.fixes` and recorded with the report's settings rather than the
experiment's), ``tournament`` (every line-up of ``presets`` for ``player_counts``, seats
rotated), ``sweep`` (``players`` for each value of ``[sweep] key``/``values``, same seeds),
``axis`` (the skill axis: each of ``[[levels]]``, a table of ``player``, ``games`` and
``quick_games``, in one seat against ``anchor`` in the others, seats rotated, for each of
``player_counts``; with a ``[field]`` table of ``games`` and ``quick_games``, the levels and
the anchor also play each other below ``field/``, in line-ups where every pair meets
(:func:`field_lineups`), seats rotated; :mod:`vdgsim.analysis.skill` rates them).
A ``[robustness]`` table adds, below ``robust/<variant>/``, the runs that
:mod:`vdgsim.analysis.robustness` labels findings from (:func:`robust_variants`): on other
seeds, at other strengths and under every reconstructed-data alternative of
:mod:`vdgsim.analysis.reconstructed`. A paired spec replays its baseline and every arm, a sweep
its first and last value (a strength replaces identical players everywhere, else line-up
position 0: :func:`sweep_strength_lineup`; an alternative that sets the swept key is skipped),
a seats spec every player count (no ``strengths``: its other players are ``[[other_presets]]``).

Each kind is one :class:`Kind` in :data:`KINDS`: how its fields are read, its runs planned,
played, reloaded and summarised. The package is split by job: :mod:`.spec` (the fields and
their checks), :mod:`.plan` (the runs of each kind, their seeds and looks), :mod:`.store` (the
experiment's directory and recorded settings), :mod:`.play` (playing the planned runs) and
:mod:`.kinds` (the table of kinds and what goes through it: reading, planning, running and
reloading an experiment); each imports only those before it.

The report section of a spec is its ``section`` field, one of :func:`sections_of` its game
for its kind (never its name, so renaming a spec file keeps its section);
``vdgsim.report.sections`` and the game's plug hold the function of each section.
"""

from vdgsim.analysis.experiment.kinds import (
    KINDS,
    Kind,
    experiment_plan,
    list_specs,
    load_experiment,
    load_spec,
    parse_spec,
    run_experiment,
    spec_from_record,
)
from vdgsim.analysis.experiment.plan import (
    OTHER,
    ROBUST,
    PlannedRun,
    RobustVariant,
    adaptive_chunk,
    arm_restriction,
    field_lineups,
    look_sizes,
    overrides_touch,
    replicate_seed,
    robust_variants,
    strength_label,
    sweep_label,
    wilson_games_for_halfwidth,
)
from vdgsim.analysis.experiment.play import DECIDED, check_resumable, look_decided, look_z
from vdgsim.analysis.experiment.spec import (
    AXIS,
    BASELINE,
    DEAL,
    DEAL_OPTION,
    DEFAULT_SECTION,
    DEFAULT_TOLERANCE,
    EXPERIMENT_FILE,
    FIELD,
    SECTIONS,
    Arm,
    ExperimentSpec,
    Fix,
    FixKnob,
    ReportSection,
    Robustness,
    SpecError,
    Strength,
    default_experiments_dir,
    sections_of,
    sweep_strength_lineup,
)
from vdgsim.analysis.experiment.store import (
    ExperimentRun,
    check_experiment_dir,
    check_output_dir,
    experiment_settings,
    make_output_dir,
    read_json,
    saved_runs,
    settings_differences,
    write_json,
)

__all__ = [
    "AXIS", "BASELINE", "DEAL", "DEAL_OPTION", "DECIDED", "DEFAULT_SECTION",
    "DEFAULT_TOLERANCE", "EXPERIMENT_FILE",
    "FIELD", "KINDS", "OTHER", "ROBUST", "SECTIONS", "Arm", "ExperimentRun", "ExperimentSpec",
    "Fix", "FixKnob", "Kind", "PlannedRun", "ReportSection", "RobustVariant", "Robustness",
    "SpecError", "Strength",
    "adaptive_chunk", "arm_restriction", "check_experiment_dir", "check_output_dir",
    "check_resumable", "default_experiments_dir", "experiment_plan", "experiment_settings",
    "field_lineups", "list_specs", "load_experiment", "load_spec", "look_decided", "look_sizes",
    "look_z", "make_output_dir", "overrides_touch", "parse_spec", "read_json", "replicate_seed",
    "robust_variants", "run_experiment", "saved_runs", "sections_of", "settings_differences",
    "spec_from_record", "strength_label", "sweep_label", "sweep_strength_lineup",
    "wilson_games_for_halfwidth", "write_json",
]  # fmt: skip
