"""`vdg play --human SEAT`: one seat played from the terminal against the bots.

The loop here is the same for both games; what a seat may see, how an action reads and how
the final scores read come from a :class:`Table` (:mod:`vdgsim.commands.human_views`), which
builds every line from the game's observation API, so the screen shows what the seat may see
and nothing hidden, in 80 columns and, with the prompt, 24 rows
(:mod:`vdgsim.commands.human_screen`). Input is plain lines on stdin: a number picks a
choice, ``n``/``p`` turn the pages of a long list of choices, ``/text`` shows only those
containing ``text``, ``?`` explains the decision, ``q`` (or the end of input, or Ctrl-C) stops
the game.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, Protocol

import typer

from vdgsim.commands.common import InputError, display_names
from vdgsim.commands.human_screen import SCREEN_ROWS, Choices, leaves, rows_taken, wrap
from vdgsim.games.vasco import layout as VL

INTERRUPTED_EXIT = 130
HELP = (
    "Enter the number of a choice and press Enter; ? explains the decision, q stops the game "
    "(nothing is saved). A decision with only one choice is taken for you. The lines above "
    "the choices tell what each seat did since your last decision, then what you may see: "
    "your holdings and everyone's public ones."
)
KEYS = (
    "? shows this help. A number picks its choice, on any page; n and p turn the pages of a "
    "long list, /text shows only the choices containing text, / alone all of them; q stops "
    "the game (nothing is saved)."
)

Bot = Callable[[Any, list[int]], int]


class PlayerQuitError(Exception):
    """The player stopped the game: ``q``, the end of input or Ctrl-C."""


class Table(Protocol):
    """One game as a seat at the table sees it (the engine's step API plus what to print)."""

    def legal(self, state: Any) -> list[int]: ...

    def apply(self, state: Any, action: int) -> None: ...

    def is_over(self, state: Any) -> bool: ...

    def current(self, state: Any) -> int: ...

    def seat_name(self, seat: int) -> str: ...

    def describe(self, state: Any, action: int, viewer: int) -> str:
        """One line for ``action`` of the pending decision, naming only what ``viewer`` may
        see."""
        ...

    def status(self, state: Any, viewer: int) -> list[str]:
        """The decision, the viewer's holdings and the public ones, from the observation."""
        ...

    def help(self, state: Any, viewer: int, shown: list[str]) -> list[str]:
        """What ``?`` tells of the pending decision: what kind of decision it is and what its
        choices mean, then what the screen's columns and the codes in ``shown`` (the screen's
        lines) stand for; lines of at most 80 columns, naming only what ``viewer`` may
        see."""
        ...

    # A table may also have ``choice_grid(state, legal, viewer) -> list[str] | None``: the
    # choices of a decision laid out compactly (numbered as in the list), None for the list.

    def final(self, state: Any) -> list[str]: ...


def check_human(seat: int, players: int, as_json: bool) -> None:
    """``--human``: a seat of the game (0 .. players-1) and not with ``--json``, else a
    one-line usage error."""
    if as_json:
        raise InputError("--human plays in the terminal; --json prints a game the bots play")
    if not 0 <= seat < players:
        raise InputError(f"--human must be a seat 0..{players - 1} of this game, got {seat}")


class Terminal:
    """Reads the player's lines from stdin and prints to stdout."""

    def __init__(self) -> None:
        self._pending = b""  # bytes read from a terminal past the line returned

    def show(self, line: str = "") -> None:
        typer.echo(line)

    def read(self, prompt: str) -> str:
        typer.echo(prompt, nl=False)
        line = self._read_line()
        if not line:
            typer.echo()
            raise PlayerQuitError("end of input")
        if not sys.stdin.isatty():  # a script's answer: shown, so the screen reads as typed
            typer.echo(line.strip())
        return line.strip()

    def _read_line(self) -> str:
        """The next line of stdin ("" at its end). On a terminal, Ctrl-C stops the wait at
        once: the wait is a select() that a signal wakes, since SIGINT may be delivered to
        any of the threads numba and polars start, and a read() on the main thread would
        then wait on until Enter before Python saw the Ctrl-C."""
        fd = _terminal_fd()
        if fd is None:
            return sys.stdin.readline()
        wake_r, wake_w = os.pipe()
        os.set_blocking(wake_r, False)
        os.set_blocking(wake_w, False)
        old = signal.set_wakeup_fd(wake_w)
        try:
            while b"\n" not in self._pending:
                ready, _, _ = select.select([fd, wake_r], [], [])
                if wake_r in ready:
                    os.read(wake_r, 512)  # a signal: its Python handler runs on the way back
                    continue
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                self._pending += chunk
        finally:
            signal.set_wakeup_fd(old)
            os.close(wake_r)
            os.close(wake_w)
        line, nl, self._pending = self._pending.partition(b"\n")
        return (line + nl).decode(sys.stdin.encoding or "utf-8", errors="replace")


def _terminal_fd() -> int | None:
    """stdin's file descriptor when it is a terminal this process can wait on with select()
    (POSIX, from the main thread, which alone may set the wakeup fd); else None."""
    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # replaced by a StringIO, or closed
        return None
    return fd if os.isatty(fd) else None


def ask(
    terminal: Terminal, choices: Choices, more_help: list[str], redraw: Callable[[], None]
) -> int:
    """The index (0-based) of the choice the player enters; asks again after a bad entry.
    ``n``/``p`` turn the choices' pages and ``/text`` filters them (each then ``redraw``s
    the decision); ``?`` shows the keys, then ``more_help`` (the table's account of this
    decision), a screen at a time."""
    count = len(choices.texts)
    prompt = f"Your choice (1-{count}, ? for help, q to quit): "
    # the help a screen at a time, between the line the ``?`` was typed on and the prompt
    helps = leaves([*wrap(KEYS, lead=""), *more_help], SCREEN_ROWS - 2)
    asked = 0
    while True:
        text = terminal.read(prompt)
        word = text.lower()
        if word in ("q", "quit"):
            raise PlayerQuitError("you quit")
        if word.isdigit() and 1 <= int(word) <= count:
            return int(word) - 1
        if word in ("?", "h", "help"):
            show(terminal, helps[asked % len(helps)])
            asked += 1
        elif word in ("n", "p"):
            if choices.turn(1 if word == "n" else -1):
                redraw()
            else:
                terminal.show(f"no {'next' if word == 'n' else 'previous'} page")
        elif text.startswith("/"):
            if choices.only(text[1:].strip()):
                redraw()
            else:
                terminal.show(f"no choice contains {text[1:].strip()!r}")
        else:
            terminal.show(f"{word!r} is not a choice: enter a number from 1 to {count}")


def decide(table: Table, state: Any, seat: int, legal: list[int], terminal: Terminal) -> int:
    """The human seat's action: the status and the numbered choices (a page at a time, or
    those the player filters), then the answer."""
    status = table.status(state, seat)
    texts = [table.describe(state, a, seat) for a in legal]
    if len(legal) == 1:
        show(terminal, ["", *status, *wrap(f"you: {texts[0]} (the only choice)", "  ")])
        return legal[0]
    grid = table.choice_grid(state, legal, seat) if hasattr(table, "choice_grid") else None
    # the rows left under the status, between the blank line above it and the prompt
    choices = Choices(texts, SCREEN_ROWS - 2 - rows_taken(status), grid)

    def redraw() -> None:
        show(terminal, ["", *status, *choices.lines()])

    redraw()
    more = table.help(state, seat, status + texts + (grid or []))
    pick = ask(terminal, choices, more, redraw)
    show(terminal, wrap(f"you: {texts[pick]}", "  "))
    return legal[pick]


def show(terminal: Terminal, lines: list[str]) -> None:
    for line in lines:
        terminal.show(line)


def play_human(table: Table, state: Any, seat: int, bot: Bot, terminal: Terminal) -> None:
    """Play ``state`` to its end: ``seat`` asks the terminal, the other seats ``bot``; each
    bot decision is told in a line (two if it is long) as it happens."""
    while not table.is_over(state):
        legal = table.legal(state)
        player = table.current(state)
        if player == seat:
            action = decide(table, state, seat, legal, terminal)
        else:
            action = bot(state, legal)
            told = f"{table.seat_name(player)}: {table.describe(state, action, seat)}"
            show(terminal, wrap(told, "  "))
        table.apply(state, action)
    terminal.show()
    for line in table.final(state):
        terminal.show(line)


def run(table: Table, state: Any, seat: int, bot: Bot, header: str) -> None:
    """`vdg play --human`: the game in the terminal; stopping it early is one line on stderr
    and exit code 130, as Ctrl-C is in the other commands."""
    terminal = Terminal()
    terminal.show(header)
    show(terminal, wrap(f"You play {table.seat_name(seat)}. {HELP}"))
    try:
        play_human(table, state, seat, bot, terminal)
    except PlayerQuitError as e:
        typer.echo(f"vdg: stopped: {e}; the game was not finished", err=True)
        raise typer.Exit(INTERRUPTED_EXIT) from None
    except KeyboardInterrupt:
        typer.echo()  # off the prompt's line
        typer.echo("vdg: interrupted; the game was not finished", err=True)
        raise typer.Exit(INTERRUPTED_EXIT) from None


def header(game: str, seed: int, names: list[str], seat: int, comp: Any) -> str:
    """The first line, as `vdg play` prints it, with ``you`` in the human seat."""
    shown = ", ".join("you" if p == seat else name for p, name in enumerate(names))
    return (
        f"{game}: {len(names)} players, seed {seed}, players {shown}; "
        f"component data {comp.digest} ({comp.data.get('name', comp.source)})"
    )


def play_vdg(state: Any, names: list[str], seat: int, bot: Bot) -> None:
    """`vdg play --human SEAT`: Vasco da Gama, the other seats played by ``bot``."""
    from vdgsim.commands.human_views import VdgTable

    seed = int(state.s[VL.S_SEED])
    title = header("Vasco da Gama", seed, display_names(names), seat, state.components)
    run(VdgTable(), state, seat, bot, title)
