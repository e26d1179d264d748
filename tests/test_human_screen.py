"""The choices of a decision on a 24-row, 80-column screen: columns, pages and a filter that
never change which number picks which choice."""

from __future__ import annotations

import re

import pytest

from vdgsim.commands.human_screen import Choices, leaves, paginate

SHORT = [f"{k:>2}. bid {k - 1}" for k in range(1, 41)]
SECTIONS = "2341" * 10  # any section text: only the length of a choice matters here
LONG = [
    f"{k:>2}. recruit 1 turquoise + 1 violet + 1 grey from section {s} and 1 captain for {k}"
    for k, s in zip(range(1, 41), SECTIONS, strict=True)
]


def numbers(lines: list[str]) -> list[int]:
    return [int(n) for line in lines for n in re.findall(r"(\d+)\. ", line)]


def test_short_choices_go_in_columns_filled_down_then_across():
    pages = paginate(SHORT, rows=5)
    assert len(pages) == 2
    assert all(len(page) <= 5 and max(map(len, page)) <= 80 for page in pages)
    first = pages[0]
    assert numbers([first[0]])[:2] == [1, 6]  # the second column starts under the first's end
    assert sorted(numbers(pages[0] + pages[1])) == list(range(1, 41))


def test_long_choices_go_one_a_line_and_wrap_under_their_text():
    pages = paginate(LONG, rows=7)
    assert all(len(page) <= 7 and max(map(len, page)) <= 80 for page in pages)
    assert sorted(numbers([line for page in pages for line in page])) == list(range(1, 41))
    wrapped = next(line for page in pages for line in page if not re.match(r"\s+\d+\. ", line))
    assert wrapped.startswith(" " * 6) and not wrapped.startswith(" " * 7)


@pytest.mark.parametrize("wanted", ["", "section 2", "x" * 60])
def test_every_heading_and_page_fits_its_rows_and_80_columns(wanted):
    texts = [label.split(". ", 1)[1] for label in LONG] * 25  # 1,000 choices
    if wanted.startswith("x"):
        texts[0] += wanted
    choices = Choices(texts, rows=8)
    assert choices.only(wanted)
    while True:
        lines = choices.lines()
        assert len(lines) <= 8 and max(map(len, lines)) <= 80, lines
        if not choices.turn(1):
            break
    assert choices.page > 0 or wanted.startswith("x")


def test_a_filter_keeps_each_choice_s_number_and_a_miss_changes_nothing():
    texts = [label.split(". ", 1)[1] for label in LONG]
    choices = Choices(texts, rows=10)
    assert choices.turn(1)
    assert not choices.only("no such text")
    assert (choices.wanted, choices.page) == ("", 1)
    assert choices.only("SECTION 3")
    assert choices.page == 0
    shown = numbers(choices.lines())
    assert shown == [k for k, text in enumerate(texts, 1) if "section 3" in text][: len(shown)]
    assert not choices.turn(-1)


def test_a_grid_is_shown_unless_a_filter_is_set_or_it_does_not_fit():
    grid = ["Choices: a grid", "  row  1  2"]
    assert Choices(["a", "b"], rows=5, grid=grid).lines() == grid
    assert Choices(["a", "b"], rows=1, grid=grid).lines()[0] == "Choices:"
    choices = Choices(["a", "b"], rows=5, grid=grid)
    assert choices.only("b")
    assert numbers(choices.lines()) == [2]


def test_a_long_help_goes_a_screen_at_a_time_each_page_saying_which_it_is():
    lines = [f"line {k}" for k in range(50)]
    pages = leaves(lines, rows=22)
    assert [len(page) for page in pages] == [22, 22, 9]
    assert [line for page in pages for line in page[:-1]] == lines
    assert pages[0][-1] == "(help page 1 of 3: ? again shows the next)"
    assert pages[-1][-1] == "(help page 3 of 3: ? again shows the first)"
    assert leaves(lines[:22], rows=22) == [lines[:22]]
