"""`vdg play --human SEAT`: one seat played from scripted stdin against the bots, in both
games; the screen shows only what that seat may see."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import Ran, run_vdg

from vdgsim.commands import human
from vdgsim.commands.human_views import VdgTable
from vdgsim.games.goa.human import GoaTable
from vdgsim.games.goa.observation import observation as goa_observation
from vdgsim.games.vasco.components import DEFAULT_PATH as VDG_DATA
from vdgsim.games.vasco.engine.state import PlainComponentView
from vdgsim.games.vasco.game import legal_actions, new_game
from vdgsim.games.vasco.observation import observation as vdg_observation
from vdgsim.games.vasco.observation import shuffle_hidden

ALWAYS_FIRST = "1\n" * 20_000  # more answers than any game asks for
GAMES = {
    "vdg": ["play", "--players", "3", "--seed", "5"],
    "goa": ["play", "--game", "goa", "--players", "3", "--seed", "5"],
}


def play_with_input(monkeypatch, text: str, *args: str) -> Ran:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    return run_vdg(*args)


@pytest.mark.parametrize("game", GAMES)
def test_choosing_option_one_throughout_finishes_and_prints_the_final_scores(monkeypatch, game):
    ran = play_with_input(monkeypatch, ALWAYS_FIRST, *GAMES[game], "--human", "1")
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr == ""
    assert "players default, you, default" in ran.stdout.splitlines()[0]
    final = ran.stdout.split("Final scores\n")[1].splitlines()
    assert [line.split(".")[0].strip() for line in final] == sorted(
        line.split(".")[0].strip() for line in final
    )
    assert len(final) == 3
    assert {line.split(": ")[0].split(". ")[1].split(" (")[0] for line in final} == {
        "seat 0",
        "seat 1",
        "seat 2",
    }
    assert ran.stdout.count("Your choice (") > 10


ROOT = Path(__file__).resolve().parents[1]
WAIT = 120  # seconds, far more than either step takes; a Ctrl-C left waiting never ends


def read_until(fd: int, text: bytes, seen: bytearray) -> None:
    """Read the terminal's output into ``seen`` until ``text`` appears in what is new."""
    start, deadline = len(seen), time.monotonic() + WAIT
    while text not in seen[start:]:
        assert time.monotonic() < deadline, bytes(seen[-400:])
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            seen += os.read(fd, 65536)


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_at_the_prompt_of_a_terminal_stops_the_game_at_once(game):
    """The game on a terminal (a pty), as a player has it: an answer typed is read, and
    Ctrl-C (SIGINT to the process) at the prompt stops the game without waiting for Enter."""
    main, child_side = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *GAMES[game], "--human", "0"],
        stdin=child_side,
        stdout=child_side,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,
    )
    os.close(child_side)
    seen = bytearray()
    try:
        read_until(main, b"Your choice (", seen)
        os.write(main, b"1\n")
        read_until(main, b"you: ", seen)  # the answer was read and taken
        read_until(main, b"Your choice (", seen)
        time.sleep(0.5)  # waiting for the player, as a person thinking
        proc.send_signal(signal.SIGINT)
        # without Enter: a Ctrl-C that waited for one would never return here
        returncode = proc.wait(timeout=WAIT)
        err = proc.stderr.read().decode()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    assert returncode == 130, err
    assert err == "vdg: interrupted; the game was not finished\n"


def rows_at_80_columns(lines: list[str]) -> int:
    """The terminal rows ``lines`` take at 80 columns, a longer line wrapping."""
    return sum(max(1, -(-len(line) // 80)) for line in lines)


@pytest.mark.parametrize("players", ["3", "4"])
def test_a_placement_shows_its_choices_as_a_grid_that_fits_a_24_row_terminal(monkeypatch, players):
    # seat 0 places first: 80 choices, an Area per row and a number per column
    args = ["play", "--players", players, "--seed", "5", "--human", "0"]
    ran = play_with_input(monkeypatch, "21\nq\n", *args)
    screen = ran.stdout.split("\nYour decision")[1].split("Your choice (")[0].splitlines()
    assert rows_at_80_columns(screen) + 1 <= 24, screen  # and the prompt
    assert max(len(line) for line in screen) <= 80, screen
    grid = [line for line in screen if line.startswith("  Recruiting ")]
    assert grid and len(grid[0]) <= 80
    assert grid[0].split()[1] == "21"  # under number 1
    assert "  you: place number 1 in Recruiting" in ran.stdout


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_entry_asks_again_and_q_stops_with_exit_130(monkeypatch, game):
    ran = play_with_input(monkeypatch, "abc\n0\n99999\n?\nq\n", *GAMES[game], "--human", "0")
    assert ran.returncode == 130
    out = ran.stdout
    assert "'abc' is not a choice" in out
    assert "'0' is not a choice" in out
    assert "'99999' is not a choice" in out
    assert "? shows this help" in out.split("'99999' is not a choice")[1]
    assert out.count("Your choice (") == 5  # one decision asked five times
    assert "Final scores" not in out
    assert ran.stderr.splitlines() == ["vdg: stopped: you quit; the game was not finished"]


@pytest.mark.parametrize("game", GAMES)
def test_end_of_input_stops_cleanly_with_one_line(monkeypatch, game):
    ran = play_with_input(monkeypatch, "1\n1\n", *GAMES[game], "--human", "2")
    assert ran.returncode == 130
    assert "Traceback" not in ran.stdout + ran.stderr
    assert ran.stderr.splitlines() == ["vdg: stopped: end of input; the game was not finished"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--human", "3"], "--human must be a seat 0..2 of this game, got 3"),
        (["--human", "-1"], "--human must be a seat 0..2 of this game, got -1"),
        (["--human", "0", "--json"], "--human plays in the terminal"),
    ],
)
def test_a_bad_human_seat_is_a_one_line_usage_error(monkeypatch, game, extra, message):
    ran = play_with_input(monkeypatch, ALWAYS_FIRST, *GAMES[game], *extra)
    assert ran.returncode == 2
    assert len(ran.stderr.splitlines()) == 1
    assert message in ran.stderr
    assert ran.stdout == ""


def test_vasco_da_gama_data_file_reaches_the_game(monkeypatch, tmp_path: Path):
    data = tmp_path / "rich.toml"
    text = VDG_DATA.read_text(encoding="utf-8")
    assert "starting_reals = 10" in text
    data.write_text(text.replace("starting_reals = 10", "starting_reals = 23"), encoding="utf-8")
    ran = play_with_input(monkeypatch, "q\n", *GAMES["vdg"], "--human", "0", "--data", str(data))
    assert ran.returncode == 130
    yellow = next(line for line in ran.stdout.splitlines() if line.startswith("  yellow*"))
    assert yellow.split()[2] == "23"  # the Reals column of your seat's line


def test_goa_set_reaches_the_game(monkeypatch):
    args = [*GAMES["goa"], "--human", "0", "--set", "start.ducats_other=17"]
    ran = play_with_input(monkeypatch, "q\n", *args)
    assert ran.returncode == 130
    seats = ran.stdout.split("  seat duc ")[1].splitlines()[1:4]
    assert "17" in [line.split()[1] for line in seats]  # the ducats column of a seat's line


def test_goa_screen_never_shows_a_rival_hand(monkeypatch):
    """Each status the human seat is shown names no card that sits in another seat's hand."""
    from vdgsim.games.goa import layout as GL

    shown: list[tuple[set[str], list[str]]] = []
    status = GoaTable.status

    def recording(self, state, viewer):
        lines = status(self, state, viewer)
        names = state.components.card_names
        hidden = {
            names[k]
            for k in range(GL.N_CARDS)
            if int(state.s[GL.S_CARD_LOC + k]) in range(state.players)  # a seat's hand
            and int(state.s[GL.S_CARD_LOC + k]) != viewer
        }
        shown.append((hidden, lines))
        return lines

    monkeypatch.setattr(GoaTable, "status", recording)
    ran = play_with_input(monkeypatch, ALWAYS_FIRST, *GAMES["goa"], "--human", "0")
    assert ran.returncode == 0, ran.stderr
    assert any(hidden for hidden, _ in shown), "no rival ever held a card: nothing was checked"
    for hidden, lines in shown:
        text = "\n".join(lines)
        assert text in ran.stdout
        assert not [card for card in hidden if card in text]


def test_vasco_da_gama_screen_is_the_same_whatever_the_hidden_deck_order():
    table = VdgTable()
    game = new_game(players=4, seed=11)
    for _ in range(40):  # into Phase 1, past the set-up's draws
        seat = game.current_player
        legal = legal_actions(game)
        other = shuffle_hidden(game, 99)
        assert table.status(other, seat) == table.status(game, seat)
        assert [table.describe(other, a, seat) for a in legal] == [
            table.describe(game, a, seat) for a in legal
        ]
        table.apply(game, legal[0])


class ScriptedTerminal(human.Terminal):
    """The terminal of `vdg play --human` with the player's lines given and the screen kept."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__()
        self.answers = list(answers)
        self.screen: list[str] = []

    def show(self, line: str = "") -> None:
        self.screen.append(line)

    def read(self, prompt: str) -> str:
        self.screen.append(prompt)
        if not self.answers:
            raise human.PlayerQuitError("end of input")
        return self.answers.pop(0)


def vdg_navigation_decision(players: int = 4, seed: int = 3):
    """A 4-player game played by spread-out choices, up to seat 0's first decision to act in
    Navigation, with a ship in some landing and landings to choose: a Navigation choice."""
    table = VdgTable()
    game = new_game(players=players, seed=seed)
    step = 0
    while not table.is_over(game):
        legal = legal_actions(game)
        obs = vdg_observation(game, game.current_player)["state"]
        called = obs["called_number"]
        if (
            game.current_player == 0
            and obs["decision"] == "act or give up"
            and called
            and obs["number_area"][called] == "Navigation"
            and any(t for slots in obs["landing_slots"].values() for t in slots)
            and len(legal) > 2
        ):
            return table, game
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    raise AssertionError("seat 0 never acted in Navigation")


def screen_of(table, game, answers=("q",)) -> list[str]:
    """What the player sees at the pending decision, up to the prompt and what it answers."""
    terminal = ScriptedTerminal(list(answers))
    with contextlib.suppress(human.PlayerQuitError):
        human.decide(table, game, game.current_player, table.legal(game), terminal)
    return terminal.screen


def test_a_navigation_decision_shows_the_landings_and_every_seats_ships_in_24_rows():
    table, game = vdg_navigation_decision()
    screen = screen_of(table, game)
    before_prompt = screen[: next(i for i, s in enumerate(screen) if "Your choice (" in s)]
    assert rows_at_80_columns(before_prompt) + 1 <= 24, "\n".join(before_prompt)
    text = "\n".join(before_prompt)
    st = vdg_observation(game, 0)["state"]
    # each landing's line names its ships with their owners and counts its slots taken
    board = PlainComponentView(game.components.array)
    for k, (landing, slots) in enumerate(st["landing_slots"].items()):
        n = int(board.land_nslots[k])
        ships = [t for t in slots[:n] if t]
        assert f"{landing} {len(ships)}/{n}" in text
        for t in ships:
            owner = st["project_owner"].get(t)
            assert (f"{t} {owner}" if owner else t) in text
    # each seat's line: VP, Reals, ships at sea and projects held, as the state has them
    for colour in st["vp"]:
        line = next(s for s in before_prompt if s.split() and s.split()[0].rstrip("*") == colour)
        cells = line.split()
        assert cells[1] == str(st["vp"][colour]) and cells[2] == str(st["reals"][colour])
        at_sea = [
            t
            for t, owner in st["project_owner"].items()
            if owner == colour and st["project_location"][t] == "Navigation Area"
        ]
        assert cells[6] == str(len(at_sea))
        for t, owner in st["project_owner"].items():
            if owner == colour and st["project_location"][t] == "supply (launched)":
                assert t + "^" in text
    assert any(line.startswith("  yellow*") for line in before_prompt)  # you: seat 0


def test_vasco_da_gama_screen_is_the_same_whatever_the_hidden_order_through_a_game():
    """Status, choices and the help of every decision of seat 0, to the end of a game, are
    the same when only what is hidden (the decks' order, the seed) is reshuffled."""
    table = VdgTable()
    game = new_game(players=3, seed=8)
    checked = 0
    while not table.is_over(game):
        if game.current_player == 0:
            other = shuffle_hidden(game, 1000 + checked)
            assert screen_of(table, other, ["?", "q"]) == screen_of(table, game, ["?", "q"])
            checked += 1
        table.apply(game, legal_actions(game)[-1])
    assert checked > 20


def test_goa_question_mark_explains_every_code_on_the_screen_and_the_flag_is_in_the_frame(
    monkeypatch,
):
    # seed 5: seat 1 puts the Flag on (1, -1), the frame left of the grid, before seat 0 plays
    # the help is a screen at a time: ? again shows its next page
    ran = play_with_input(monkeypatch, "?\n?\n?\nq\n", *GAMES["goa"], "--human", "0")
    screen, after = ran.stdout.split("\nYour decision")[1].split("Your choice (", 1)
    grid = screen.split("\n  Grid ")[1].splitlines()
    assert grid[0].split()[0] == "-1"  # the frame's column left of the grid, where the Flag is
    flag = next(line for line in grid if line.split()[0] == "1")
    assert flag.split()[1] == "F"  # row 1, column -1: the first column of the frame
    legend = after.split("? shows this help")[1]
    for code in ("A-CR", "A-SE", "A-RC", "X15", "X03"):
        assert f"  {code}: " in legend, code
    assert "  A-P1-<spice>: plantation, 1 slot" in legend
    assert "  B-" not in legend  # phase B's tiles are not on this screen


def goa_table_and_game(players: int = 4, seed: int = 5):
    from vdgsim.games.goa import commands as goa
    from vdgsim.games.goa.game import new_game as new_goa_game

    names = goa.seats(None, str(players))
    table = GoaTable(goa.params(names))
    return table, new_goa_game(players=players, seed=seed, components=goa.components(None, None))


def test_goa_status_lines_fit_80_columns_through_a_game():
    """Every seat's line, the grid and the piles, at every decision of a 4-player game."""
    table, game = goa_table_and_game()
    step, widest = 0, ""
    while not table.is_over(game):
        legal = table.legal(game)
        lines = table.status(game, game.current_player)
        widest = max([widest, *lines], key=len)
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    assert len(widest) <= 80, widest
    assert step > 200


def vdg_decision_with_many_choices(least: int = 60):
    """Seat 0's first decision, in a 4-player game of spread-out choices, with at least
    ``least`` choices and no grid of them: a Recruiting call."""
    table = VdgTable()
    game = new_game(players=4, seed=3)
    step = 0
    while not table.is_over(game):
        legal = legal_actions(game)
        if (
            game.current_player == 0
            and len(legal) >= least
            and table.choice_grid(game, legal, 0) is None
        ):
            return table, game
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    raise AssertionError(f"seat 0 never had {least} choices outside a placement")


def redraws(screen: list[str]) -> list[list[str]]:
    """Each drawing of the decision: from the blank line above its status to its prompt."""
    starts = [i for i, line in enumerate(screen) if line.startswith("Your decision")]
    out = []
    for start in starts:
        end = next(i for i in range(start, len(screen)) if "Your choice (" in screen[i])
        out.append(screen[start - 1 : end + 1])
    return out


def choices_shown(drawing: list[str]) -> dict[int, str]:
    """The numbered choices of one drawing, in columns or one a line (a long one going on in
    the next line)."""
    heading = next(i for i, line in enumerate(drawing) if line.startswith("Choices"))
    first = next(i for i in range(heading + 1, len(drawing)) if re.match(r"\s+\d+\. ", drawing[i]))
    shown: dict[int, str] = {}
    last = 0
    for line in drawing[first:-1]:
        entries = re.findall(r"(\d+)\. (.+?)(?=\s+\d+\. |\s*$)", line)
        if not re.match(r"\s+\d+\. ", line):
            shown[last] += " " + line.strip()
        for number, text in entries:
            last = int(number)
            shown[last] = text
    return shown


def assert_fits_24_by_80(drawing: list[str]) -> None:
    assert rows_at_80_columns(drawing) <= 24, "\n".join(drawing)
    assert max(len(line) for line in drawing) <= 80, "\n".join(drawing)


def test_a_recruiting_call_shows_its_choices_a_page_at_a_time_each_in_24_rows():
    table, game = vdg_decision_with_many_choices()
    legal = table.legal(game)
    texts = [table.describe(game, a, 0) for a in legal]
    screen = screen_of(table, game, ["n"] * 30 + ["p", "q"])
    drawings = redraws(screen)
    assert "no next page" in screen
    pages = [choices_shown(d) for d in drawings]
    assert len(pages) > 5
    seen: dict[int, str] = {}
    for drawing, page in zip(drawings, pages, strict=True):
        assert_fits_24_by_80(drawing)
        seen.update(page)
    # every choice on some page, under its number in the decision's list
    assert seen == {k: text for k, text in enumerate(texts, 1)}
    assert pages[-1] == pages[-3]  # p went back a page from the last


def test_a_filter_shows_only_the_choices_containing_it_under_their_own_numbers():
    table, game = vdg_decision_with_many_choices()
    legal = table.legal(game)
    texts = [table.describe(game, a, 0) for a in legal]
    wanted = [k for k, text in enumerate(texts, 1) if "section 2" in text]
    assert 1 < len(wanted) < len(texts) - 10
    terminal = ScriptedTerminal(["/Section 2", "/no such choice", str(wanted[-1])])
    action = human.decide(table, game, 0, legal, terminal)
    assert action == legal[wanted[-1] - 1]  # the number picks the same choice as unfiltered
    drawings = redraws(terminal.screen)
    assert len(drawings) == 2  # the filter drew the decision again; the miss did not
    assert_fits_24_by_80(drawings[1])
    assert "Choices containing 'Section 2'" in drawings[1][-len(choices_shown(drawings[1])) - 2]
    assert choices_shown(drawings[1]) == {k: texts[k - 1] for k in wanted}
    assert "no choice contains 'no such choice'" in terminal.screen


def test_a_filter_on_a_placement_lists_the_grid_s_choices_and_slash_shows_the_grid_again():
    table = VdgTable()
    game = new_game(players=4, seed=5)
    while table.choice_grid(game, table.legal(game), game.current_player) is None:
        table.apply(game, table.legal(game)[0])
    legal = table.legal(game)
    texts = [table.describe(game, a, game.current_player) for a in legal]
    terminal = ScriptedTerminal(["/in navigation", "n", "/", "q"])
    with contextlib.suppress(human.PlayerQuitError):
        human.decide(table, game, game.current_player, legal, terminal)
    grid, *listed, again = redraws(terminal.screen)
    assert grid == again
    assert any(line.startswith("  Recruiting ") for line in grid)
    shown = choices_shown(listed[0]) | choices_shown(listed[1])
    assert shown == {k: t for k, t in enumerate(texts, 1) if "in Navigation" in t}
    for drawing in (grid, *listed):
        assert_fits_24_by_80(drawing)


@pytest.mark.parametrize("game_name", GAMES)
def test_every_decision_of_a_4_player_game_fits_a_24_row_80_column_screen(game_name):
    """Each decision seat 0 .. 3 meets, drawn with its status, first page and prompt."""
    if game_name == "vdg":
        table, game = VdgTable(), new_game(players=4, seed=5)
    else:
        table, game = goa_table_and_game(4, 5)
    step = decisions = 0
    while not table.is_over(game):
        legal = table.legal(game)
        if len(legal) > 1:
            (drawing,) = redraws(screen_of(table, game))
            assert_fits_24_by_80(drawing)
            decisions += 1
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    assert decisions > 150


def test_goa_flag_choices_are_drawn_in_the_grid_each_on_its_cell():
    from vdgsim.games.goa import layout as GL

    table, game = goa_table_and_game(3, 1)
    while not (game.decision == GL.D_FLAG and len(table.legal(game)) > 1):
        table.apply(game, table.legal(game)[0])
    legal = table.legal(game)
    texts = [table.describe(game, a, game.current_player) for a in legal]
    screen = screen_of(table, game, ["?", "q"])
    (drawing,) = redraws(screen)
    assert_fits_24_by_80(drawing)
    heading = next(i for i, line in enumerate(drawing) if line.startswith("  Grid "))
    columns = [int(c) for c in drawing[heading].split()[1:]]
    found = {}
    for line in drawing[heading + 1 : -1]:
        row = int(line.split()[0])
        for c, end in zip(columns, column_ends(drawing[heading]), strict=True):
            # a cell ends where its column's number does (right-aligned under it)
            cell = line[: end + 1].split(" ")[-1] if len(line) > end else ""
            if cell.isdigit():
                found[int(cell)] = f"Flag on ({row}, {c})"
    assert found == {k: text for k, text in enumerate(texts, 1)}
    legend = "\n".join(screen[screen.index(drawing[-1]) + 1 :])
    assert "  A-CR: crop rotation" in legend  # a tile only the Flag's grid shows, as CR


def column_ends(heading: str) -> list[int]:
    """Where each column's number ends in the grid's heading (its cells end there too)."""
    return [m.end() - 1 for m in re.finditer(r"-?\d+", heading)]


def help_pages(screen: list[str]) -> list[list[str]]:
    """Each page of the help: the lines between a prompt answered ``?`` and the next."""
    prompts = [i for i, line in enumerate(screen) if line.startswith("Your choice (")]
    return [screen[a + 1 : b] for a, b in itertools.pairwise(prompts)]


def assert_help_fits(pages: list[list[str]]) -> None:
    """Each page, with the prompt it was asked at and the next, fits the screen."""
    for page in pages:
        assert rows_at_80_columns(page) + 2 <= 24, "\n".join(page)
        assert max(len(line) for line in page) <= 80, "\n".join(page)


def test_question_mark_at_a_recruiting_call_explains_the_call_and_recruiting():
    table, game = vdg_decision_with_many_choices()
    pages = help_pages(screen_of(table, game, ["?", "?", "q"]))
    assert_help_fits(pages)
    text = " ".join(" ".join(page) for page in pages)
    number = vdg_observation(game, 0)["state"]["called_number"]
    assert "This decision: act or give up." in text
    assert f"Your number {number} is called in Recruiting (R4.2)" in text
    assert "Recruiting (R5.3): take sailors from one active section" in text
    assert "1, 3, 6 or 10 Reals for 1, 2, 3 or 4 colours" in text
    assert "? shows this help" in text


def test_question_mark_at_a_placement_explains_phase_1_and_the_grid():
    table = VdgTable()
    game = new_game(players=4, seed=5)
    while table.choice_grid(game, table.legal(game), game.current_player) is None:
        table.apply(game, table.legal(game)[0])
    pages = help_pages(screen_of(table, game, ["?", "q"]))
    assert_help_fits(pages)
    text = " ".join(pages[0])
    assert "This decision: place disc. Phase 1, placing action discs (R3.2" in text
    assert "First Free Number F" in text and "under the number" in text


def test_question_mark_at_a_goa_spice_gain_lists_your_storage_spaces():
    from vdgsim.games.goa import layout as GL

    table, game = goa_table_and_game(3, 5)
    step = 0
    while not (game.decision == GL.D_GAIN_SPICE and game.current_player == 0):
        legal = table.legal(game)
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    pages = help_pages(screen_of(table, game, ["?", "?", "?", "q"]))
    assert_help_fits(pages)
    text = " ".join(" ".join(line.strip() for line in page) for page in pages)
    assert "This decision: gain spice. Gaining a spice (G6.13)" in text
    mine = goa_observation(game, 0)["players_public"][0]
    spaces = [k for k, slots in enumerate(mine["space_slots"]) if slots]
    assert spaces
    for k in spaces:
        assert f"space {k} " in text.split("Your storage: ")[1]
    assert "duc, ducats; shp, ships" in text  # what the seat lines' columns are


@pytest.mark.parametrize("game_name", GAMES)
def test_question_mark_names_and_explains_each_decision_met_in_a_game(game_name):
    """Every kind of decision seat 0 meets in a 4-player game: ``?`` starts with its name
    and a rule, then says what it is in words."""
    if game_name == "vdg":
        table, game = VdgTable(), new_game(players=4, seed=5)
    else:
        table, game = goa_table_and_game(4, 5)
    met: set[str] = set()
    step = 0
    while not table.is_over(game):
        legal = table.legal(game)
        if game.current_player == 0 and len(legal) > 1:
            first = " ".join(table.help(game, 0, [])[:2])
            name = first.split("This decision: ", 1)[1].split(". ", 1)[0]
            assert re.search(r"\((R|G)\d", first), first  # a rule the words come from
            assert len(first) > len(name) + 80, first
            met.add(name)
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    assert len(met) >= 7, met


@pytest.mark.parametrize(
    ("module", "names", "other"),
    [
        ("vdgsim.games.vasco.explain", "vdgsim.games.vasco.layout", {"none", "act or give up"}),
        ("vdgsim.games.goa.explain", "vdgsim.games.goa.layout", {"none"}),
    ],
)
def test_every_decision_of_each_game_has_its_words(module, names, other):
    import importlib

    words = importlib.import_module(module).DECISIONS
    assert set(words) | other == set(importlib.import_module(names).DECISION_NAMES)


def test_goa_screen_and_help_are_the_same_whatever_the_hidden_cards_and_missions():
    """Status, choices and the help of seat 0's decisions, through a game, are the same when
    only what seat 0 cannot see (other hands, the deck, unseen Missions) is dealt anew."""
    from vdgsim.games.goa.observation import shuffle_hidden as goa_shuffle_hidden

    table, game = goa_table_and_game(3, 8)
    checked = step = 0
    while not table.is_over(game):
        legal = table.legal(game)
        if game.current_player == 0 and len(legal) > 1 and step % 3 == 0:
            other = goa_shuffle_hidden(game, 0, 1000 + checked)
            answers = ["?", "?", "?", "q"]
            assert screen_of(table, other, answers) == screen_of(table, game, answers)
            checked += 1
        table.apply(game, legal[(step * 7919) % len(legal)])
        step += 1
    assert checked > 20


def test_goa_legend_lines_fit_80_columns():
    from vdgsim.games.goa.human import legend

    table, game = goa_table_and_game(3, 5)
    lines = [line for _, line in legend(game.components)]
    assert max(map(len, lines)) > 80  # a tile's words are longer than a line
    helped = table.help(game, game.current_player, lines)  # every code on the screen
    assert max(map(len, helped)) <= 80
    assert "B-RL: relief" in " ".join(helped)
