"""The parameter-table module both games' players are declared with."""

from __future__ import annotations

import numpy as np
import pytest

from vdgsim.core.paramtable import (
    ParamSpec,
    PresetError,
    RowLayout,
    SearchName,
    SearchOption,
    apply_params,
    check_specs,
    fill_defaults,
    parse_search_name,
)
from vdgsim.search.names import SearchColumns, SearchNames, standard_options

AXES = {"colour": ("red", "blue")}
SPECS = (
    ParamSpec("weight", 1, None, 0.5, 0.0, 1.0, "a scalar"),
    ParamSpec("per_colour", 2, "colour", (1.0, 2.0), 0.0, 5.0, "one value per colour"),
)


def test_defaults_fill_each_parameter_and_its_axis() -> None:
    check_specs(SPECS, AXES)
    row = np.zeros(4)
    fill_defaults(row, SPECS)
    assert row.tolist() == [0.0, 0.5, 1.0, 2.0]


@pytest.mark.parametrize(
    ("specs", "words"),
    [
        ((ParamSpec("x", 1, "colour", (1.0,), 0, 1, ""),), "one value per colour"),
        ((ParamSpec("x", 1, None, (1.0, 2.0), 0, 1, ""),), "scalar parameter with a tuple"),
        (
            (ParamSpec("x", 1, None, 0.0, 0, 1, ""), ParamSpec("y", 0, "colour", (0, 0), 0, 1, "")),
            r"columns \[1\] already taken",
        ),
    ],
)
def test_a_wrong_spec_table_is_refused(specs: tuple[ParamSpec, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check_specs(specs, AXES)


def test_params_table_partial_axis_and_one_line_errors() -> None:
    by_name = {s.name: s for s in SPECS}
    row = np.zeros(4)
    apply_params(row, {"per_colour": {"blue": 4}}, "f.toml", by_name, AXES)
    assert row.tolist() == [0.0, 0.0, 0.0, 4.0]
    for params, words in [
        ({"nope": 1}, "f.toml: params.nope: unknown parameter"),
        ({"weight": 2}, "params.weight: 2.0 is outside 0.0..1.0"),
        ({"weight": True}, "params.weight: expected a number"),
        ({"per_colour": {"green": 1}}, "params.per_colour.green: unknown colour"),
        ({"per_colour": 1}, "expected a table keyed by colour"),
    ]:
        with pytest.raises(PresetError, match=words):
            apply_params(row, params, "f.toml", by_name, AXES)


# a made-up game's search players: the parser knows no game
KINDS = {"flat": 2, "tree": 3}
OPTIONS = (
    SearchOption("budget", 10, ("flat", "tree"), 64, 1, 1000, True, "rollouts"),
    SearchOption("c", 11, ("tree",), 0.7, 0.0, 5.0, False, "exploration"),
)
DECISIONS = ("none", "bid", "owner's choice")


def test_a_search_name_gives_every_option_of_its_kind_with_standards_filled_in() -> None:
    name = parse_search_name(
        "tree:c=1.5:decisions=bid/owners_choice:rollout=greedy", KINDS, OPTIONS, DECISIONS,
        ValueError,
    )  # fmt: skip
    assert name == SearchName("tree", {"budget": 64.0, "c": 1.5}, "greedy", 0b110)
    plain = parse_search_name("flat", KINDS, OPTIONS, DECISIONS, ValueError)
    assert plain == SearchName("flat", {"budget": 64.0}, None, 0)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("walk", "unknown search kind 'walk'"),
        ("flat:c=1", "unknown option 'c' for flat (known: budget, rollout, decisions)"),
        ("flat:budget", "needs key=value"),
        ("flat:budget=2.5", "whole number"),
        ("tree:c=9", "outside 0..5"),
        ("tree:decisions=launch", "unknown decision kind 'launch'"),
    ],
)
def test_a_bad_search_name_is_one_line_naming_the_problem(text: str, words: str) -> None:
    with pytest.raises(ValueError) as e:
        parse_search_name(text, KINDS, OPTIONS, DECISIONS, ValueError)
    assert words in str(e.value)
    assert "\n" not in str(e.value)


class ToyNameError(ValueError):
    pass


# a 12-column row: kind 0, behaviour 1..3, search columns 4..11
TOY_COLUMNS = SearchColumns(
    kind=0, rollout_kind=4, decisions=5, rollouts=6, dets=7, margin=8, iters=9, uct_c=10,
    widen=11, inherit=(slice(1, 4),),
)  # fmt: skip
TOY_NAMES = SearchNames(
    kinds={"mc": 2, "ismcts": 3},
    columns=TOY_COLUMNS,
    options=standard_options(TOY_COLUMNS, iters=100, dets_doc="redraws"),
    decision_keys=("none", "bid", "act"),
    error=ToyNameError,
)


def _toy_preset(name: str) -> np.ndarray:
    if name not in ("default", "greedy"):
        raise ToyNameError(f"unknown preset {name!r}")
    return np.array([1.0, 0.5, 0.25, 7.0 if name == "greedy" else 3.0, *[99.0] * 8])


def test_a_search_row_carries_the_rollout_preset_and_its_budget_in_the_game_columns() -> None:
    row = TOY_NAMES.row("ismcts:iters=64:dets=4:decisions=act:rollout=greedy", _toy_preset)
    expected = [3, 0.5, 0.25, 7, 1, 0b100, 0, 4, 0.01, 64, 0.7, 1.0]
    assert row.tolist() == expected
    standard = TOY_NAMES.row("mc", _toy_preset)
    # the standard rollout preset; the preset's own search columns are not carried over
    assert standard.tolist() == [2, 0.5, 0.25, 3, 1, 0, 256, 32, 0.01, 0, 0, 0]
    assert TOY_NAMES.is_search_name("mc:rollouts=8") and not TOY_NAMES.is_search_name("default")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("mc:rollout=ismcts", "the rollout player must be a preset, not 'ismcts'"),
        ("mc:rollout=nobody", "unknown preset 'nobody'"),
        ("mc:iters=4", "unknown option 'iters' for mc"),
        ("ismcts:widen=-1", "outside 0..100"),
    ],
)
def test_a_bad_search_player_name_is_the_games_own_error(text: str, words: str) -> None:
    with pytest.raises(ToyNameError, match=words):
        TOY_NAMES.row(text, _toy_preset)


def test_a_row_layout_gives_each_block_the_next_columns_and_each_parameter_its_spec() -> None:
    row = RowLayout(AXES)
    assert row.columns("kind") == 0
    assert row.param("weight", 0.5, 0.0, 1.0, "a scalar") == 1
    assert row.param("per_colour", (1.0, 2.0), 0.0, 5.0, "by colour", axis="colour") == 2
    row.unused_until(6)
    assert row.columns("flags", "colour") == 6
    assert row.columns("weights", width=3) == 8 and row.size == 11
    assert [(f.name, f.offset, f.size) for f in row.fields] == [
        ("kind", 0, 1), ("weight", 1, 1), ("per_colour", 2, 2), ("unused_4", 4, 2),
        ("flags", 6, 2), ("weights", 8, 3),
    ]  # fmt: skip
    assert row.specs() == (
        ParamSpec("weight", 1, None, 0.5, 0.0, 1.0, "a scalar"),
        ParamSpec("per_colour", 2, "colour", (1.0, 2.0), 0.0, 5.0, "by colour"),
    )


def test_a_row_layout_refuses_a_block_twice_a_taken_column_and_a_bad_default() -> None:
    row = RowLayout(AXES)
    row.columns("kind", width=3)
    with pytest.raises(ValueError, match="declared twice"):
        row.columns("kind")
    with pytest.raises(ValueError, match="already taken"):
        row.unused_until(2)
    row.param("per_colour", (1.0,), 0.0, 5.0, "one value short", axis="colour")
    with pytest.raises(ValueError, match="one value per colour"):
        row.specs()
