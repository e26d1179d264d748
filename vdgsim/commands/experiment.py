"""`vdg experiment run FILE` and `vdg experiment list`: experiments as data (experiments/*.toml).

Register in cli.py with ``app.add_typer(experiment_app, name="experiment")``. Usage errors
(invalid spec, unknown preset, unwritable directory) raise :class:`InputError` (exit 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from vdgsim.commands.common import InputError

experiment_app = typer.Typer(
    help="Run experiment specs (one per question) into run directories.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def experiment_run(
    file: Annotated[
        Path, typer.Argument(help="Experiment spec (TOML), e.g. experiments/bidding.toml.")
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Directory for the experiment's run directories (default: runs/NAME)."
        ),
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Use the spec's quick_games.")] = False,
    games: Annotated[
        int | None, typer.Option("--games", help="Games per run (overrides the spec).", min=1)
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    force: Annotated[bool, typer.Option("--force", help="Replace existing runs.")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Finish killed runs.")] = False,
) -> None:
    """Run every arm of an experiment spec (paired arms share seeds) into run directories."""
    from strategies.registry import UnknownPresetError
    from vdgsim.analysis.experiment import SpecError, load_spec, run_experiment
    from vdgsim.analysis.paired import arm_effects
    from vdgsim.runner import RunDirError

    try:
        spec = load_spec(file)
        target = out if out is not None else Path("runs") / spec.name
        exp = run_experiment(
            spec, target, quick=quick, games=games, jobs=jobs, force=force, resume=resume
        )
    except (SpecError, UnknownPresetError, RunDirError, ValueError) as e:
        raise InputError(str(e)) from None
    typer.echo(f"{spec.name}: {len(exp.runs)} run(s) of {exp.games:,} games in {target}")
    if spec.kind == "paired":
        for r in arm_effects(exp).iter_rows(named=True):
            typer.echo(
                f"  {r['arm']:<24} win share {100 * r['win_share_diff']:+.1f} pp "
                f"[{100 * r['win_share_low']:+.1f}, {100 * r['win_share_high']:+.1f}]  "
                f"VP {r['vp_diff']:+.2f} [{r['vp_low']:+.2f}, {r['vp_high']:+.2f}]"
            )


def experiment_list(
    folder: Annotated[
        Path | None, typer.Argument(help="Folder of specs (default: experiments/).")
    ] = None,
) -> None:
    """List the experiment specs: name, kind, games per run, and the question."""
    from vdgsim.analysis.experiment import SpecError, default_experiments_dir, load_spec

    d = folder if folder is not None else default_experiments_dir()
    files = sorted(Path(d).glob("*.toml"))
    if not files:
        raise InputError(f"no experiment specs (*.toml) in {d}")
    for f in files:
        try:
            s = load_spec(f)
        except SpecError as e:
            typer.echo(f"{f.name}: INVALID: {e}")
            continue
        if s.kind == "paired":
            runs = len(s.arms) + 1
        elif s.kind == "tournament":
            from vdgsim.runner import tournament_plan

            runs = len(tournament_plan(s.presets, s.player_counts, s.games))
        else:
            runs = len(s.sweep_values or s.player_counts)
        typer.echo(
            f"{f.name:<20} {s.kind:<10} {s.games:>7,} games x {runs:>2} run(s)  {s.question}"
        )


experiment_app.command("run")(experiment_run)
experiment_app.command("list")(experiment_list)
