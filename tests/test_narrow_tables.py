"""Summary tables in an 80-column terminal: every name whole on one line, every column kept."""

from __future__ import annotations

import io
import re

import pytest
from cli_helpers import run_vdg
from rich.console import Console

from vdgsim.commands.tables import Col, fit_table

LONG_NAMES = ["default+never_host", "cautious+never_pay+never_host", "baseline_v1"]
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def terminal_80(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make rich see an 80-column terminal on stdout, without colour codes."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("NO_COLOR", "1")


def render(table: object, width: int) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(table)
    return out.getvalue().splitlines()


def names_on_one_line(lines: list[str], names: list[str]) -> list[str]:
    """The names that appear whole within a line (a missing or split name is left out)."""
    return [n for n in names if any(re.search(rf"(^|\s){re.escape(n)}(\s|$)", x) for x in lines)]


def _rows() -> list[list]:
    return [
        [str(k), name, ("+123", "[+100, +150]"), "12,000", ("27.3%", "[26.1, 28.5]"), "0.5"]
        for k, name in enumerate(LONG_NAMES, start=1)
    ]


COLS = [Col("#"), Col("player", "left"), Col("rating", "right", "[95%]"), Col("games")]
COLS += [Col("win share", "right", "[95% Wilson]"), Col("score vs anchor", "right", "[95%]")]


def test_a_table_wider_than_the_terminal_keeps_names_whole_and_every_column() -> None:
    lines = render(fit_table("ratings", COLS, _rows(), 80), 80)
    assert max(len(x) for x in lines) <= 80
    assert names_on_one_line(lines, LONG_NAMES) == LONG_NAMES
    text = "\n".join(lines)
    for header in ("#", "player", "rating", "games", "win share", "[95% Wilson]"):
        assert header in text
    # each estimate and its interval are both shown, the interval under the estimate
    assert text.count("[26.1, 28.5]") == 3 and text.count("+123") == 3


def test_a_table_that_fits_keeps_its_box_and_one_line_per_row() -> None:
    lines = render(fit_table("ratings", COLS, _rows(), 200), 200)
    rows = [x for x in lines if "[26.1, 28.5]" in x]
    assert len(rows) == 3 and all(x.startswith("│") for x in rows)
    assert all("+123 [+100, +150]" in x for x in rows)


def test_a_name_with_brackets_prints_as_written() -> None:
    lines = render(fit_table("t", [Col("player", "left")], [["[bold]x[/bold]"]], 80), 80)
    assert any("[bold]x[/bold]" in x for x in lines)


def test_a_name_too_long_for_any_layout_breaks_after_a_plus_not_inside_a_word() -> None:
    name = "random+never_pay+numbers_at_least=navigation:10+never_host=manuel"
    rows = [[name, ("27.3%", "[26.1, 28.5]"), ("45.12", "[44.90, 45.34]")]]
    cols = [Col("strategy", "left"), Col("win share", "right", "[95%]"), Col("mean VP")]
    lines = render(fit_table("by strategy", cols, rows, 64), 64)
    assert max(len(x) for x in lines) <= 64
    parts = ["random+never_pay+", "numbers_at_least=navigation:10+", "never_host=manuel"]
    text = "\n".join(lines)
    assert all(part in text for part in parts)


def test_simulate_summary_at_80_columns_keeps_every_name_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal_80(monkeypatch)
    lineup = "default+never_host=manuel,random+never_pay+never_host=manuel,default,random"
    r = run_vdg("simulate", "--lineup", lineup, "--games", "8", "--no-progress")
    assert r.returncode == 0, r.stderr
    lines = ANSI.sub("", r.stdout).splitlines()
    assert max(len(x) for x in lines) <= 80
    names = lineup.split(",")
    assert names_on_one_line(lines, names) == names
    by_seat = lines[next(i for i, x in enumerate(lines) if x.startswith("by seat")) :]
    assert names_on_one_line(by_seat, names) == names
