"""Summary tables that stay readable in any terminal.

A table is printed with its usual boxed layout when it fits the terminal. When it does not
(an 80-column terminal and long player names), it drops the box and puts each interval under
its estimate, instead of letting rich split names and numbers mid-word or drop columns: a
name is never broken, and every column stays.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

Justify = Literal["left", "right"]

Cell = str | tuple[str, str]
"""A cell: one text, or an estimate and its interval (side by side, or stacked when narrow)."""

# The boxed layout spends 3 characters between columns and 2 on the edges; the narrow one 2.
_BOXED_GAP, _BOXED_EDGES = 3, 4
_NARROW_GAP = 2


@dataclass(frozen=True)
class Col:
    """A column: its header (a second part goes under the first when narrow) and alignment."""

    header: str
    justify: Justify = "right"
    header_detail: str = ""


def stdout_console() -> Console:
    """The console of a command's tables on stdout."""
    console = Console()
    if not console.is_terminal:
        # Piped or redirected, rich assumes 80 columns and cuts names to "default+never_hos…";
        # a table read by a program or a file must keep every name whole.
        console = Console(width=1_000_000, soft_wrap=True)
    return console


def _joined(cell: Cell) -> str:
    return cell if isinstance(cell, str) else " ".join(filter(None, cell))


def _stacked(cell: Cell) -> str:
    return cell if isinstance(cell, str) else "\n".join(filter(None, cell))


def _width(text: str) -> int:
    return max(cell_len(line) for line in text.split("\n"))


def _cell_widths(cols: Sequence[Col], rows: Sequence[Sequence[Cell]], narrow: bool) -> list[int]:
    show = _stacked if narrow else _joined
    return [max([0] + [_width(show(r[i])) for r in rows]) for i in range(len(cols))]


def _header(col: Col, narrow: bool, width: int) -> str:
    """The header on one line; when narrow, broken between words to fit the column's cells
    (never inside a word)."""
    if not narrow:
        return f"{col.header} {col.header_detail}".strip()
    lines = textwrap.wrap(col.header, max(width, 1), break_long_words=False)
    if col.header_detail:
        lines.append(col.header_detail)
    return "\n".join(lines)


def _layout(
    cols: Sequence[Col], rows: Sequence[Sequence[Cell]], narrow: bool
) -> tuple[list[str], int]:
    """The headers of a layout and its total width."""
    cells = _cell_widths(cols, rows, narrow)
    headers = [_header(c, narrow, w) for c, w in zip(cols, cells, strict=True)]
    widths = [max(w, _width(h)) for w, h in zip(cells, headers, strict=True)]
    gaps = (len(cols) - 1) * (_NARROW_GAP if narrow else _BOXED_GAP)
    return headers, sum(widths) + gaps + (0 if narrow else _BOXED_EDGES)


def _wrap_name(name: str, width: int) -> str:
    """A player name on lines of at most ``width`` columns, broken only after a ``+`` (a
    preset and its restrictions) where possible."""
    lines = [""]
    for part in re.split(r"(?<=\+)", name):
        if lines[-1] and cell_len(lines[-1] + part) > width:
            lines.append(part)
        else:
            lines[-1] += part
    return "\n".join(lines)


def _narrow_names(
    cols: Sequence[Col], rows: Sequence[Sequence[Cell]], excess: int
) -> tuple[int | None, list[list[Cell]]]:
    """When even the narrow layout is ``excess`` columns too wide: the widest name column
    (left-aligned text) and the rows with its names broken into lines that save them."""
    names = [i for i, c in enumerate(cols) if c.justify == "left"]
    if not names:
        return None, [list(r) for r in rows]
    widths = _cell_widths(cols, rows, narrow=True)
    i = max(names, key=lambda k: widths[k])
    fit = max(widths[i] - excess, 1)
    out = [list(r) for r in rows]
    for r in out:
        if isinstance(r[i], str):
            r[i] = _wrap_name(r[i], fit)
    return i, out


def fit_table(title: str, cols: Sequence[Col], rows: Sequence[Sequence[Cell]], width: int) -> Table:
    """A rich table of ``rows`` for a console ``width`` columns wide. Cells are plain text
    (never markup): a name with brackets prints as it is."""
    headers, needed = _layout(cols, rows, narrow=False)
    narrow = needed > width
    folded: int | None = None
    if narrow:
        headers, needed = _layout(cols, rows, narrow=True)
        if needed > width:
            folded, rows = _narrow_names(cols, rows, needed - width)
        table = Table(
            title=Text(title),
            title_justify="left",
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            padding=(0, 1, 0, 0),
        )
    else:
        table = Table(title=Text(title), title_justify="left")
    for k, (col, header) in enumerate(zip(cols, headers, strict=True)):
        # A cell breaks only where this layout puts a line break; a name too long for any
        # layout is broken after a "+", and folds only where one part is wider than the space
        table.add_column(Text(header), justify=col.justify, no_wrap=k != folded, overflow="fold")
    show = _stacked if narrow else _joined
    for row in rows:
        table.add_row(*(Text(show(cell)) for cell in row))
    return table
