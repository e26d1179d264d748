"""The parameter-table module both games' players are declared with."""

from __future__ import annotations

import numpy as np
import pytest

from vdgsim.paramtable import ParamSpec, PresetError, apply_params, check_specs, fill_defaults

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
