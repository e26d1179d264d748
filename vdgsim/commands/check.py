"""`vdg check DIR`: is a run (or tournament) directory whole and as its manifest records it?

Prints one line per problem (a chunk file missing, cut short, changed or not recorded; an
unreadable manifest; an unfinished run) and a summary line with the command that repairs it.
Exit code 0 when the directory is sound, 1 when it has problems, 2 when it is not a run or
tournament directory.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer

from vdgsim.commands.common import usage_error
from vdgsim.runner import output as O
from vdgsim.runner.run import check_run, recovered_settings, resume_command
from vdgsim.runner.tournament import TOURNAMENT_MANIFEST


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _size(run_dir: Path, manifest: dict[str, Any] | None) -> tuple[int, int]:
    """Files and bytes the manifest records."""
    if manifest is None:
        return 0, 0
    records = [r for c in manifest.get("chunks", []) for r in (c.get("files") or {}).values() if r]
    return len(records), sum(r.get("bytes", 0) for r in records)


def _check_one(run_dir: Path, checksum: bool) -> tuple[dict[str, Any] | None, list[O.Problem]]:
    manifest, problems = check_run(run_dir, checksum)
    for p in problems:
        typer.echo(str(p) if p.path is not None else f"{run_dir}: {p}")
    return manifest, problems


def _rebuild(run_dir: Path) -> str:
    """How to repair a run whose manifest cannot be read: its --resume replays every chunk."""
    recovered = recovered_settings(run_dir)
    if recovered is not None:
        return (
            "; without its checksums no chunk file can be trusted: repair with "
            f"{resume_command(recovered, run_dir)} (plays every chunk again)"
        )
    args = shlex.join(["--out", str(run_dir), "--resume"])
    return (
        "; its settings cannot be read either: repair with the command that started the run "
        f"and {args} (plays every chunk again)"
    )


def tournament_command(top: Path, meta: dict[str, Any], sub: dict[str, Any] | None) -> str:
    """The `vdg tournament ... --resume` command that finishes or repairs a tournament."""
    args = ["vdg", "tournament"] + (["--game", meta["game"]] if "game" in meta else [])
    args += ["--presets", ",".join(meta.get("presets", []))]
    args += ["--player-counts", ",".join(str(p) for p in meta.get("player_counts", []))]
    args += ["--games", str(meta.get("games_per_lineup")), "--seed", str(meta.get("seed"))]
    for flag in ("mirror", "ships", "auctions"):
        if meta.get(flag):
            args.append(f"--{flag}")
    if sub is not None:
        # the settings a tournament does not record itself are those of its runs
        run_args = shlex.split(resume_command(sub, top))
        keep = {"--chunk-size", "--decisions", "--data", "--set"}
        for i, a in enumerate(run_args):
            if a in keep:
                args += [a, run_args[i + 1]]
    args += ["--out", str(top), "--resume"]
    return shlex.join(args)


def check(
    directory: Annotated[
        Path, typer.Argument(help="A run directory (manifest.json) or a tournament directory.")
    ],
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help="Compare sizes only, not sha256 checksums (catches files cut short, "
            "not changed bytes).",
        ),
    ] = False,
) -> None:
    """Check a run directory: its manifest and every chunk file's size and sha256."""
    checksum = not quick
    if not directory.is_dir():
        raise usage_error(f"{directory} is not a directory")
    how = "sizes" if quick else "sizes and sha256"
    if (directory / O.MANIFEST).exists():
        manifest, problems = _check_one(directory, checksum)
        files, size = _size(directory, manifest)
        leftovers = len(O.temporaries(directory))
        note = (
            f"; {leftovers} half-written temporary files (removed by --resume)" if leftovers else ""
        )
        if not problems:
            typer.echo(f"{directory}: sound: {files} chunk files, {size:,} bytes ({how}){note}")
            raise typer.Exit(0)
        if manifest is None:
            typer.echo(f"{directory}: {_n(len(problems), 'problem')}{note}{_rebuild(directory)}")
            raise typer.Exit(1)
        chunks = {p.chunk for p in problems if p.chunk is not None}
        typer.echo(
            f"{directory}: {_n(len(problems), 'problem')}, {_n(len(chunks), 'chunk')} to replay"
            f"{note}; repair with: {resume_command(manifest, directory)}"
        )
        raise typer.Exit(1)
    if (directory / TOURNAMENT_MANIFEST).exists():
        try:
            meta = json.loads((directory / TOURNAMENT_MANIFEST).read_text(encoding="utf-8"))
            names = [e["name"] for e in meta["runs"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            typer.echo(f"{directory / TOURNAMENT_MANIFEST}: unreadable ({e})")
            typer.echo(f"{directory}: 1 problem")
            raise typer.Exit(1) from None
        n_problems, bad_runs, files, size = 0, 0, 0, 0
        sample = None
        for name in names:
            sub = directory / name
            if not (sub / O.MANIFEST).exists():
                typer.echo(f"{sub}: not started")
                n_problems, bad_runs = n_problems + 1, bad_runs + 1
                continue
            manifest, problems = _check_one(sub, checksum)
            sample = sample or manifest
            f, b = _size(sub, manifest)
            files, size = files + f, size + b
            n_problems += len(problems)
            bad_runs += bool(problems)
        if not n_problems:
            typer.echo(
                f"{directory}: sound: {len(names)} line-ups, {files} chunk files, "
                f"{size:,} bytes ({how})"
            )
            raise typer.Exit(0)
        typer.echo(
            f"{directory}: {_n(n_problems, 'problem')} in {bad_runs} of {len(names)} line-ups; "
            f"repair with: {tournament_command(directory, meta, sample)}"
        )
        raise typer.Exit(1)
    raise usage_error(
        f"{directory} is not a run directory (no {O.MANIFEST}) "
        f"nor a tournament directory (no {TOURNAMENT_MANIFEST})"
    )
