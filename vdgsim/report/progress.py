"""Progress of `vdg report` and `vdg experiment run` on stderr: experiment k of n, run r of R,
games done of the total, charts rendered.

:class:`Progress` does nothing (the library default); :func:`progress_display` gives a rich
bar on stderr, or the silent one with ``enabled=False`` (``--no-progress``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as Bar
from rich.table import Column


class Progress:
    """Events of a report or experiment command; every method does nothing here but
    ``before_start``, which runs once when the checks have passed and the games begin (the
    command compiles the engine there, so that a usage error never waits for it)."""

    def __init__(self, before_start: Callable[[], None] | None = None) -> None:
        self.before_start = before_start

    def start(self, games: int) -> None:
        """All runs together play ``games`` games (resumed chunks count as they are found)."""
        if self.before_start is not None:
            self.before_start()

    def experiment(self, index: int, total: int, name: str) -> None:
        """Experiment ``index`` of ``total`` starts."""

    def run(self, name: str, index: int, total: int) -> None:
        """Run ``index`` of ``total`` of the current experiment starts."""

    def games(self, n: int) -> None:
        """``n`` more games are done (or found complete on disk)."""

    def charts(self, total: int) -> None:
        """Rendering starts: ``total`` charts to write."""

    def chart(self) -> None:
        """One more chart is written."""

    def log(self, message: str) -> None:
        """A line for the user (stderr), e.g. an experiment's size and time."""
        typer.echo(message, err=True)


class _RichProgress(Progress):
    def __init__(self, bar: Bar, before_start: Callable[[], None] | None) -> None:
        super().__init__(before_start)
        self.bar = bar
        self.task = bar.add_task("starting", total=None, unit="games")
        self.where = ""
        self.chart_task: TaskID | None = None

    def start(self, games: int) -> None:
        super().start(games)
        # shown only once the checks have passed, so a usage error stays a single line
        self.bar.update(self.task, total=games)
        self.bar.start()

    def experiment(self, index: int, total: int, name: str) -> None:
        self.where = f"experiment {index}/{total} {name}"
        self.bar.update(self.task, description=self.where)

    def run(self, name: str, index: int, total: int) -> None:
        self.bar.update(self.task, description=f"{self.where}, run {index}/{total} {name}")

    def games(self, n: int) -> None:
        self.bar.advance(self.task, n)

    def charts(self, total: int) -> None:
        self.bar.update(self.task, description="runs done")
        self.chart_task = self.bar.add_task("rendering", total=total, unit="charts")

    def chart(self) -> None:
        if self.chart_task is not None:
            self.bar.advance(self.chart_task, 1)

    def log(self, message: str) -> None:
        self.bar.console.print(message, markup=False, highlight=False)


@contextmanager
def progress_display(
    enabled: bool, before_start: Callable[[], None] | None = None
) -> Iterator[Progress]:
    """A progress display on stderr for the duration of the block (silent if not enabled);
    ``before_start`` runs when the games begin, with the display enabled or not."""
    with warnings.catch_warnings():
        # on Ctrl-C joblib warns that it cancelled queued chunks: the command's own message
        # says what is kept, so this would only push it off the screen
        warnings.filterwarnings("ignore", "[0-9]+ tasks which were still being processed")
        # loky replaces a worker that stopped on its idle timeout while chunks were queued
        # (long search chunks); the chunks still run, so a user has nothing to do about it
        warnings.filterwarnings("ignore", "A worker stopped while some jobs were given")
        if not enabled:
            yield Progress(before_start)
            return
        bar = Bar(
            # one line in any terminal: a long experiment or run name ends in "…" instead of
            # wrapping the live display over several lines
            TextColumn(
                "{task.description}",
                table_column=Column(no_wrap=True, overflow="ellipsis", ratio=2),
            ),
            BarColumn(bar_width=None, table_column=Column(ratio=1)),
            MofNCompleteColumn(),
            TextColumn("{task.fields[unit]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
            expand=True,
        )
        try:
            yield _RichProgress(bar, before_start)
        finally:
            if bar.live.is_started:
                bar.stop()
