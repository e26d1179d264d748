"""`vdg compare BASE VARIANT [--out FILE.md|.html|.json] [--all] [--base-runs D]
[--variant-runs D]`: two reports side by side.

The comparison itself is :mod:`vdgsim.report.compare`. The terminal shows what changed
(findings whose verdict changed, key numbers whose difference is clear; ``--all`` shows every
row); ``--out`` writes every row as Markdown, HTML or JSON, chosen by the file's suffix.

The rows are a table where it fits the console (a pipe or a file is as wide as a row needs);
where it does not, each row is a short block under its section, every cell kept whole: eight
columns of labels and intervals squeezed into 80 would break nearly every cell mid-word.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Annotated

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from vdgsim.commands.common import InputError
from vdgsim.commands.tables import stdout_console
from vdgsim.report import compare as C
from vdgsim.runner.output import atomic_write_bytes

WRITERS = {".md": C.to_markdown, ".html": C.to_html, ".json": C.to_json}
INDENT = "    "
GAP = "   "


def _pack(parts: list[str], width: int, indent: str) -> list[str]:
    """``parts`` on lines of at most ``width`` columns after ``indent``, as many to a line as
    fit; a part is never split (one wider than the line stands alone)."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1] + GAP + part) <= width:
            lines[-1] += GAP + part
        else:
            lines.append(indent + part)
    return lines


def blocks(rows: list[list[str]], width: int, all_rows: bool) -> list[str]:
    """The rows of :func:`vdgsim.report.compare.table_rows` as lines of at most ``width``
    columns (where a word fits): per section, each row's label, then its base, variant and
    difference with their intervals (and a finding's verdicts)."""
    lines: list[str] = []
    section = None
    changed = None
    for flag, sec, label, base, variant, diff, interval, verdicts in rows:
        if all_rows and bool(flag) != changed:
            changed = bool(flag)
            lines += ["", "Changed:" if changed else "Not changed:"]
            section = None
        if sec != section:
            section = sec
            lines += ["", sec]
        lines += textwrap.wrap(
            label, width, initial_indent="  ", subsequent_indent=INDENT, break_long_words=False
        )
        parts = [f"base {base}", f"variant {variant}", f"difference {diff}, {interval}"]
        lines += _pack([*parts, *([f"verdict {verdicts}"] if verdicts else [])], width, INDENT)
    return lines


def _runs(report: Path, given: Path | None, option: str) -> Path:
    """The runs folder of a report: ``given``, which must be a folder, else REPORT/runs
    (which may be missing: the differences are then not paired)."""
    if given is None:
        return (report if report.is_dir() else report.parent) / "runs"
    if not given.is_dir():
        raise InputError(f"{option} {given}: not a folder")
    return given


def compare(
    base: Annotated[Path, typer.Argument(help="The base report's folder (or its report.json).")],
    variant: Annotated[
        Path, typer.Argument(help="The variant report's folder (or its report.json).")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write every row to this file: .md (Markdown), .html or .json."),
    ] = None,
    all_rows: Annotated[
        bool, typer.Option("--all", help="Show every row, not only what changed.")
    ] = False,
    base_runs: Annotated[
        Path | None,
        typer.Option(
            "--base-runs",
            help="The base report's runs, to pair differences deal by deal (default: "
            "BASE/runs; a report made with --runs elsewhere needs this).",
        ),
    ] = None,
    variant_runs: Annotated[
        Path | None,
        typer.Option("--variant-runs", help="The variant report's runs (default: VARIANT/runs)."),
    ] = None,
) -> None:
    """Put a what-if variant's report (vdg report --data/--set) beside its base: each finding's
    effect and each key number in both, their difference with a 95% interval (paired deal by
    deal where both reports' runs are on disk), and every finding whose verdict changed."""
    if out is not None:
        if out.suffix not in WRITERS:
            raise InputError(f"--out {out}: the suffix must be one of {', '.join(WRITERS)}")
        if out.is_dir():
            raise InputError(f"--out {out} is a folder; give a file name")
        if not out.parent.is_dir():
            raise InputError(f"--out {out}: the folder {out.parent} does not exist")
    try:
        result = C.compare(
            C.load_report(base),
            C.load_report(variant),
            _runs(base, base_runs, "--base-runs"),
            _runs(variant, variant_runs, "--variant-runs"),
        )
    except C.CompareError as e:
        raise InputError(str(e)) from None
    rows = C.table_rows(result)
    shown = rows if all_rows else [r for r in rows if r[0]]
    title = (
        f"{C.describe(result['base'])} → {C.describe(result['variant'])}: "
        f"{sum(1 for r in rows if r[0])} of {len(rows)} rows changed"
    )
    _show(stdout_console(), title, shown, all_rows)
    for note in result["notes"]:
        typer.echo(f"vdg: note: {note}", err=True)
    if out is not None:
        try:
            atomic_write_bytes(out, WRITERS[out.suffix](result).encode())
        except OSError as e:
            raise InputError(f"--out {out}: {e.strerror or e}") from None
        typer.echo(str(out))


def _show(console: Console, title: str, rows: list[list[str]], all_rows: bool) -> None:
    """The table where it fits the console with one line per row, else :func:`blocks`."""
    table = Table(title=Text(title), title_justify="left")
    for h in C.HEADERS:
        table.add_column(Text(h), no_wrap=True)
    for row in rows:
        table.add_row(*map(Text, row))
    widths = [max(map(cell_len, col)) for col in zip(C.HEADERS, *rows, strict=True)]
    # a boxed table spends 3 columns between cells and 2 on each edge
    if sum(widths) + 3 * (len(widths) - 1) + 4 <= console.width:
        console.print(table)
        return
    lines = textwrap.wrap(title, console.width, break_long_words=False)
    for line in [*lines, *blocks(rows, console.width, all_rows)]:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
