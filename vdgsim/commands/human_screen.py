"""The screen of a seat played by hand (`vdg play --human`): 24 rows of 80 columns.

A decision's status and its choices are drawn to fit that screen with the prompt below them.
A list of choices too long for the rows the status leaves (a Recruiting call offers about 90)
goes in columns when its entries are short and is shown a page at a time; ``/text`` shows only
the choices whose text contains ``text``. A choice keeps its number, its place in the
decision's whole list, on every page and under any filter, so a number always picks the same
choice. Nothing here knows a game.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

SCREEN_ROWS = 24  # the smallest usual terminal: a decision and its prompt fit in it
WIDTH = 80  # a terminal's usual width: a screen line longer than this would wrap
INDENT = "  "
GAP = "  "  # between two columns of choices
MIN_PAGE_ROWS = 2  # a status too long for the screen still leaves this many rows of choices
FILTER_SHOWN = 20  # how much of a filter's text its heading repeats, so the heading fits


def rows_taken(lines: list[str], width: int = WIDTH) -> int:
    """The terminal rows ``lines`` take, a line longer than ``width`` wrapping."""
    return sum(max(1, -(-len(line) // width)) for line in lines)


def pack(
    items: list[str], indent: str, sep: str, width: int = WIDTH, lead: str | None = None
) -> list[str]:
    """``items`` joined by ``sep`` into lines of at most ``width`` columns, the first starting
    with ``indent``, the others with ``lead`` (two more spaces than ``indent`` unless given);
    an item longer than a line stands alone."""
    lead = indent + "  " if lead is None else lead
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(sep) + len(item) <= width:
            line += sep + item
            continue
        if line:
            lines.append(line)
        line = (lead if lines else indent) + item
    if line:
        lines.append(line)
    return lines


def wrap(text: str, indent: str = "", lead: str = "    ") -> list[str]:
    """``text`` in lines of at most 80 columns, broken between words: the first starting
    with ``indent``, the others with ``lead``."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=lead) or [""]


def paginate(labels: list[str], rows: int, width: int = WIDTH) -> list[list[str]]:
    """``labels`` in pages of at most ``rows`` lines: in as many columns as ``width`` holds
    (filled down, then across, as ``ls`` does), or one a line when the longest needs the
    whole width, a label longer than a line going on under its text."""
    cell = max(len(label) for label in labels)
    across = max(1, (width - len(INDENT) + len(GAP)) // (cell + len(GAP)))
    if across == 1:
        return _one_a_line(labels, rows, width)
    pages = []
    per_page = across * rows
    for start in range(0, len(labels), per_page):
        chunk = labels[start : start + per_page]
        down = -(-len(chunk) // across)  # the last page's columns as even as the others'
        pages.append(
            [
                (INDENT + GAP.join(label.ljust(cell) for label in chunk[r::down])).rstrip()
                for r in range(down)
            ]
        )
    return pages


def _one_a_line(labels: list[str], rows: int, width: int) -> list[list[str]]:
    """A label a line (wrapped under its text), pages filled while its lines fit whole."""
    pages: list[list[str]] = [[]]
    for label in labels:
        hang = " " * (len(INDENT) + label.index(". ") + 2)
        lines = textwrap.wrap(label, width, initial_indent=INDENT, subsequent_indent=hang)
        if pages[-1] and len(pages[-1]) + len(lines) > rows:
            pages.append([])
        pages[-1] += lines
    return pages


def leaves(lines: list[str], rows: int) -> list[list[str]]:
    """``lines`` (the help) in pages of at most ``rows`` lines, each but a lone page ending
    with a line that tells which it is and that ``?`` again turns it."""
    if len(lines) <= rows:
        return [lines]
    size = rows - 1
    chunks = [lines[i : i + size] for i in range(0, len(lines), size)]
    pages = []
    for k, chunk in enumerate(chunks, 1):
        turn = "next" if k < len(chunks) else "first"
        pages.append([*chunk, f"(help page {k} of {len(chunks)}: ? again shows the {turn})"])
    return pages


@dataclass
class Choices:
    """A decision's choices as the screen shows them: the page, the filter, the layout.

    ``rows`` is what the screen leaves them under the status, their heading included;
    ``grid`` the table's own layout of all of them (a placement's Areas by numbers), shown
    when it fits and no filter is set."""

    texts: list[str]
    rows: int
    grid: list[str] | None = None
    wanted: str = ""  # the filter; "" shows every choice
    page: int = 0

    def shown(self) -> list[int]:
        """The choices (0-based, in the decision's order) that the filter lets through."""
        key = self.wanted.lower()
        return [i for i, text in enumerate(self.texts) if key in text.lower()]

    def layout(self) -> tuple[list[str], list[list[str]]]:
        """The heading's lines and the pages: the table's grid, or the list in the rows the
        heading leaves (a long filter's heading may take two)."""
        if self._grid_shown():
            return [], [list(self.grid or [])]
        digits = len(str(len(self.texts)))
        labels = [f"{i + 1:>{digits}}. {self.texts[i]}" for i in self.shown()]
        for heading_rows in (1, 2):
            pages = paginate(labels, max(self.rows - heading_rows, MIN_PAGE_ROWS))
            heading = wrap(self.heading(min(self.page, len(pages) - 1), len(pages)), lead="  ")
            if len(heading) <= heading_rows:
                break
        return heading, pages

    def _grid_shown(self) -> bool:
        return bool(self.grid) and not self.wanted and len(self.grid or []) <= self.rows

    def lines(self) -> list[str]:
        """The heading and the page shown."""
        heading, pages = self.layout()
        self.page = min(self.page, len(pages) - 1)
        return [*heading, *pages[self.page]]

    def heading(self, page: int, count: int) -> str:
        where = f"page {page + 1} of {count}" if count > 1 else ""
        if self.wanted:
            text = self.wanted[:FILTER_SHOWN] + ("…" if len(self.wanted) > FILTER_SHOWN else "")
            found = f"{len(self.shown())} of {len(self.texts)}"
            turn = f", {where} (n, p)" if where else ""
            return f"Choices containing {text!r}: {found}{turn}; / shows all:"
        if where:
            return f"Choices, {where} (n next, p previous; /text: only those containing text):"
        return "Choices:"

    def turn(self, step: int) -> bool:
        """Go ``step`` pages on; False, and nothing changes, past the first or last page."""
        page = self.page + step
        if not 0 <= page < len(self.layout()[1]):
            return False
        self.page = page
        return True

    def only(self, wanted: str) -> bool:
        """Show only the choices containing ``wanted`` ("" all of them), from their first
        page; False, and nothing changes, when no choice contains it."""
        before = self.wanted
        self.wanted = wanted
        if not self.shown():
            self.wanted = before
            return False
        self.page = 0
        return True
