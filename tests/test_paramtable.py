"""The parameter-table module both games' players are declared with."""

from __future__ import annotations

import numpy as np
import pytest

from vdgsim.paramtable import (
    ParamSpec,
    PresetError,
    SearchName,
    SearchOption,
    apply_params,
    check_specs,
    fill_defaults,
    parse_search_name,
)

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
