"""`vdg experiment run FILE` and `vdg experiment list`: experiments as data (experiments/*.toml).

Register in cli.py with ``app.add_typer(experiment_app, name="experiment")``. Usage errors
(invalid spec, unknown preset, unwritable directory, a folder that is not an experiment
directory, settings that differ on ``--resume``) raise :class:`InputError` (exit 2); so does
`list` when any spec is invalid, after listing them all. Ctrl-C says what is kept and how to
resume (exit 130).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from vdgsim.commands.common import (
    DEFAULT_GAME,
    GameOption,
    InputError,
    check_resume_target,
    ensure_compiled,
    note,
)
from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.core.plug import games

experiment_app = typer.Typer(
    help="Run experiment specs (one per question) into run directories.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _spec_path(file: Path, game: str) -> Path:
    """FILE as given, or the name of a shipped spec of ``game`` (``bidding`` or
    ``bidding.toml``), found in its experiments folder from any working directory."""
    from vdgsim.analysis.experiment import default_experiments_dir

    if file.exists() or file.parent != Path("."):
        return file
    folder = default_experiments_dir(game)
    shipped = folder / (file.name if file.suffix == ".toml" else f"{file.name}.toml")
    if shipped.is_file():
        return shipped
    names = ", ".join(sorted(p.stem for p in folder.glob("*.toml")))
    others = [f"--game {k} for {g.title}'s" for k, g in games().items() if k != game]
    other = f" ({'; '.join(others)})" if others else ""
    raise InputError(f"no spec file {file}, and no shipped spec of that name: {names}{other}")


def experiment_run(
    ctx: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            help="Experiment spec (TOML), e.g. experiments/bidding.toml, or the name of a "
            "shipped spec, e.g. bidding (with --game goa, of Goa's)."
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Directory for the experiment's run directories (default: runs/NAME): new or "
            "empty, or an experiment directory with --resume or --force.",
        ),
    ] = None,
    quick: Annotated[bool, typer.Option("--quick", help="Use the spec's quick_games.")] = False,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help="Games per run (overrides the spec); an experiment plays several runs.",
            min=1,
        ),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace an existing experiment directory (deleted first)."),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Finish an interrupted experiment: keep complete runs (the settings must "
            "match), finish the others.",
        ),
    ] = False,
    progress: Annotated[
        bool,
        typer.Option("--progress/--no-progress", help="Show progress on stderr: run, games done."),
    ] = True,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """Run every arm of an experiment spec (paired arms share seeds) into run directories.
    FILE may be a shipped spec's name (bidding); --game goa looks it up among Goa's."""
    from strategies.vasco.registry import UnknownPresetError
    from vdgsim.analysis.experiment import (
        KINDS,
        SpecError,
        check_experiment_dir,
        check_resumable,
        experiment_plan,
        load_spec,
        make_output_dir,
        run_experiment,
        saved_runs,
    )
    from vdgsim.report.progress import progress_display
    from vdgsim.runner import RunDirError

    file = _spec_path(file, game)
    target = out
    try:
        spec = load_spec(file)
        source = ctx.get_parameter_source("game")
        if source is not None and source.name == "COMMANDLINE" and spec.game != game:
            raise InputError(f"{file} is an experiment of --game {spec.game}, not {game}")
        target = out if out is not None else Path("runs") / spec.name
        n = spec.games_for(quick, games)
        plan = experiment_plan(spec, n, quick)
        total = sum(r.games for r in plan)
        # checked here rather than in run_experiment so that errors come before the bar
        check_resume_target(target, resume, force)
        replace = check_experiment_dir(spec, target, n, resume=resume, force=force, quick=quick)
        if resume and not replace and target.is_dir():
            check_resumable(spec, target, plan)
        make_output_dir(target, replace)
        if games is not None and len(plan) > 1:
            # --games sizes runs, not the experiment, which may play a great many of them
            note(f"--games {games:,}: {spec.name} plays {len(plan)} runs, {total:,} games in all")
        with compiled_interrupts(), progress_display(progress, ensure_compiled) as bar:
            bar.start(total)
            bar.experiment(1, 1, spec.name)
            exp = run_experiment(
                spec,
                target,
                games=n,
                quick=quick,
                jobs=jobs,
                resume=resume,
                progress=bar.games,
                on_run=bar.run,
                checked=True,
            )
    except (SpecError, UnknownPresetError, RunDirError, ValueError) as e:
        raise InputError(str(e)) from None
    except KeyboardInterrupt:
        if target is None:  # interrupted while reading the spec: nothing was written
            raise typer.Exit(130) from None
        done, started = saved_runs(target) if target.is_dir() else (0, 0)
        args = ["vdg", "experiment", "run", str(file), "--out", str(target)]
        args += (["--quick"] if quick else []) + (["--games", str(games)] if games else [])
        args += ["--jobs", str(jobs), "--resume"]
        typer.echo(
            f"vdg: interrupted; {done} complete run(s) and the finished chunks of "
            f"{started - done} more are kept in {target} - continue with: {shlex.join(args)}",
            err=True,
        )
        raise typer.Exit(130) from None
    typer.echo(f"{spec.name}: {len(exp.runs)} run(s) of {exp.games:,} games in {target}")
    for line in KINDS[spec.kind].summary(exp):
        typer.echo(line)


def experiment_list(
    folder: Annotated[
        Path | None,
        typer.Argument(help="Folder of specs (default: experiments/, for Goa experiments/goa/)."),
    ] = None,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """List every experiment spec (name, kind, games per run, question); invalid ones are
    marked INVALID with their error and make the command fail (exit 2)."""
    from vdgsim.analysis.experiment import (
        SpecError,
        default_experiments_dir,
        experiment_plan,
        load_spec,
    )

    d = folder if folder is not None else default_experiments_dir(game)
    if not Path(d).is_dir():
        raise InputError(f"{d} is not a folder of experiment specs")
    files = sorted(Path(d).glob("*.toml"))
    if not files:
        raise InputError(f"no experiment specs (*.toml) in {d}")
    invalid = 0
    width = max(len(f.name) for f in files)
    for f in files:
        try:
            s = load_spec(f)
        except SpecError as e:
            invalid += 1
            typer.echo(f"{f.name:<{width}} INVALID: {str(e).removeprefix(f'{f}: ')}")
            continue
        runs = len(experiment_plan(s, s.games))
        typer.echo(
            f"{f.name:<{width}} {s.kind:<10} {s.games:>7,} games x {runs:>2} run(s)  {s.question}"
        )
    if invalid:
        raise InputError(f"{invalid} of {len(files)} experiment specs in {d} are invalid")


experiment_app.command("run")(experiment_run)
experiment_app.command("list")(experiment_list)
