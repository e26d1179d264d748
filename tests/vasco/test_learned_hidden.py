"""The learned player's hidden layer (vdgsim.core.hidden_layer, strategies.vasco.learned): the
compiled score adds exactly the layer's score, units with outputs 0 change nothing, the layer
round-trips through a preset file and a malformed one is one line, the units' fit learns what a
linear score cannot, and `vdg distill --refine-block hidden` fits units to a folder's labels and
refines their outputs by play."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

from strategies.vasco import params as P
from strategies.vasco.heuristic import work as W
from strategies.vasco.learned import features as F
from strategies.vasco.learned.model import (
    hidden_of,
    weights_of,
    with_hidden,
    write_learned_preset,
)
from strategies.vasco.loop import play_games
from strategies.vasco.presets import load_preset
from strategies.vasco.registry import params_table, resolve
from tests.cli_helpers import run_vdg
from tests.vasco.test_learned_player import act_decisions, random_weights
from vdgsim.core.hidden_layer import HiddenLayer, fit_units
from vdgsim.core.linear_policy import Positions, score
from vdgsim.core.paramtable import PresetError
from vdgsim.games.vasco.components import default_components


def random_layer(seed: int, units: int = 5) -> HiddenLayer:
    rng = np.random.default_rng(seed)
    w = rng.normal(0.0, 0.3, (units, F.N_FEATURES))
    return HiddenLayer(w, rng.normal(0.0, 1.0, units), rng.normal(0.0, 2.0, units))


def _games(row: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    table = params_table(["default"] * 4)
    table[0] = row
    vp, _ = play_games(default_components(), 4, seeds, table)
    return vp


def test_units_with_outputs_0_play_as_the_linear_player_and_outputs_change_play() -> None:
    row = with_hidden(resolve("learned", 4), None)
    seeds = np.arange(40, dtype=np.int64)
    layer = random_layer(1)
    silent = with_hidden(row, HiddenLayer(layer.weights, layer.bias, np.zeros(layer.units)))
    assert np.array_equal(_games(silent, seeds), _games(row, seeds))
    assert not np.array_equal(_games(with_hidden(row, layer), seeds), _games(row, seeds))


def test_the_compiled_choice_is_the_best_linear_plus_hidden_score() -> None:
    """At Phase 2 decisions the learned player picks the action whose features score highest
    under w . x plus the layer's score, the layer as HiddenLayer.scores computes it."""
    row = with_hidden(resolve("learned", 4).copy(), random_layer(2))
    row[P.LW_FIRST : P.LW_END] = random_weights(3)
    layer = hidden_of(row)
    assert layer is not None
    table = np.tile(row, (4, 1))
    wi, wf = W.new_work()
    checked = 0
    for seed in (6, 7):
        for g, legal, n in act_decisions(4, seed, table, 0):
            x = np.empty((n, F.N_FEATURES))
            F.act_features(g.components.array, g.s, row, legal, n, wi, wf, x)
            total = x @ weights_of(row) + layer.scores(x)
            picked = F.decide_act(g.components.array, g.s.copy(), row, legal, n, wi, wf)
            # a tie is broken from the player generator: only clear winners are checked
            if np.sort(total)[-2] < total.max() - 1e-6:
                assert picked == legal[int(np.argmax(total))]
                checked += 1
    assert checked >= 20


def test_a_hidden_layer_round_trips_through_a_preset_file(tmp_path: Path) -> None:
    layer = random_layer(4, units=3)
    path = tmp_path / "h.toml"
    write_learned_preset(path, random_weights(5), {"command": "t"}, hidden=layer)
    row = load_preset(path).row_for(4)
    back = hidden_of(row)
    assert back is not None and back.units == 3
    assert np.array_equal(back.weights, layer.weights)
    assert np.array_equal(back.bias, layer.bias) and np.array_equal(back.out, layer.out)
    assert not np.any(row[P.HO_FIRST + 3 : P.HO_FIRST + P.N_HIDDEN])
    plain = tmp_path / "p.toml"
    write_learned_preset(plain, random_weights(5), {"command": "t"})
    assert hidden_of(load_preset(plain).row_for(4)) is None
    assert "[learned.hidden]" not in plain.read_text()


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("out = [", "out = [1.0, ", "learned.hidden.out: expected a list of 3"),
        (
            "[learned.hidden.weights]\n",
            "[learned.hidden.weights]\nnot_a_feature = [1, 2, 3]\n",
            "learned.hidden.weights.not_a_feature: unknown feature",
        ),
        ("bias = [", "colour = 1\nbias = [", "learned.hidden.colour: unknown key"),
        ("give_up = [", "give_up = [true, ", "learned.hidden.weights.give_up: expected a list"),
    ],
)
def test_a_malformed_hidden_layer_is_one_line(
    tmp_path: Path, old: str, new: str, says: str
) -> None:
    path = tmp_path / "h.toml"
    write_learned_preset(path, random_weights(5), {"command": "t"}, hidden=random_layer(6, 3))
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(PresetError) as caught:
        load_preset(path)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def _xor_positions(n: int, seed: int) -> Positions:
    """Positions of two actions: acting (features a, b) or not (all 0); acting is worth 1 when
    exactly one of a and b is positive, else 0, which no weights on a and b can rank."""
    rng = np.random.default_rng(seed)
    ab = rng.uniform(-1.0, 1.0, (n, 2))
    x = np.zeros((2 * n, 3))
    x[0::2, :2] = ab
    x[0::2, 2] = 1.0
    value = np.zeros(2 * n)
    value[0::2] = ((ab[:, 0] > 0) != (ab[:, 1] > 0)) * 1.0
    value[1::2] = 0.5
    return Positions(x, value, np.arange(0, 2 * n + 1, 2))


def test_fitted_units_rank_what_a_linear_score_cannot() -> None:
    data, held = _xor_positions(600, 1), _xor_positions(300, 2)
    linear = np.array([0.0, 0.0, 0.01])
    layer = fit_units(data, linear, units=8, l2=1e-4, temperature=0.05, seed=0)
    plain = score(held, linear)["agreement"]
    total = held.x @ linear + layer.scores(held.x)
    fitted = score(Positions(total[:, None], held.value, held.starts), np.array([1.0]))
    assert plain < 0.6 and fitted["agreement"] > 0.9
    with pytest.raises(ValueError):
        fit_units(Positions(np.zeros((0, 3)), np.zeros(0), np.zeros(1, dtype=int)), linear, 2)


def test_distill_fits_units_to_a_folders_labels_then_refines_their_outputs(
    tmp_path: Path,
) -> None:
    labels = tmp_path / "labels"
    made = run_vdg(
        "distill",
        str(labels),
        "--games",
        "5",
        "--label-rollouts",
        "1",
        "--dets",
        "1",
        "--play-games",
        "0",
        "--no-progress",
    )
    assert made.returncode == 0, made.stderr
    start = tmp_path / "linear.toml"
    write_learned_preset(start, random_weights(11), {"command": "t"})
    out = tmp_path / "hidden"
    args = ["distill", str(out), "--iterations", "0", "--start", str(start), "--refine", "1"]
    args += ["--refine-block", "hidden", "--refine-pairs", "2", "--refine-games", "40"]
    args += ["--refine-sigma", "0.5", "--play-games", "8", "--no-progress"]
    refused = run_vdg(*args)
    assert refused.returncode == 2 and "has no hidden units" in refused.stderr
    empty = run_vdg(*args, "--hidden-labels", str(tmp_path))
    assert empty.returncode == 2 and "holds no labelled positions" in empty.stderr
    elsewhere = [*args, "--hidden-labels", str(labels), "--set", "landings.calicut.completion_vp=6"]
    refused_data = run_vdg(*elsewhere)
    assert refused_data.returncode == 2 and "other component data" in refused_data.stderr
    assert not out.exists()  # refused before anything is written
    ran = run_vdg(*args, "--hidden-labels", str(labels), "--hidden-units", "4")
    assert ran.returncode == 0, ran.stderr
    path = out / "iter-0" / "refined.toml"
    before, after = load_preset(start).row_for(4), load_preset(path).row_for(4)
    layer = hidden_of(after)
    assert layer is not None and layer.units == 4
    assert np.any(layer.out != 0.0)
    # everything but the Phase 2 weights and the units is the start's
    assert np.array_equal(after[: P.LW_FIRST], before[: P.LW_FIRST])
    assert np.array_equal(after[P.PW_ON : P.PW_END], before[P.PW_ON : P.PW_END])
    provenance = tomllib.loads(path.read_text())["learned"]["provenance"]
    assert provenance["refine_block"] == "hidden" and provenance["hidden_units"] == 4
    assert provenance["hidden_positions"] > 0
    assert provenance["hidden_labels_command"].startswith("vdg distill labels")
    # a preset with units refines again without labels, and keeps them
    args[1], args[5] = str(tmp_path / "b"), str(path)
    again = run_vdg(*args)
    assert again.returncode == 0, again.stderr
    kept = hidden_of(load_preset(tmp_path / "b" / "iter-0" / "refined.toml").row_for(4))
    assert kept is not None and np.array_equal(kept.weights, layer.weights)


def test_a_search_player_over_a_preset_with_units_rolls_out_with_them(tmp_path: Path) -> None:
    path = tmp_path / "units.toml"
    layer = random_layer(9, units=2)
    write_learned_preset(path, random_weights(10), {"command": "t"}, hidden=layer)
    searcher = resolve(f"mc:rollouts=8:rollout={path}", 4)
    assert np.array_equal(
        searcher[P.HW_FIRST : P.HIDDEN_END], load_preset(path).row_for(4)[P.HW_FIRST : P.HIDDEN_END]
    )
    carried = hidden_of(searcher)
    assert carried is not None and np.array_equal(carried.out, layer.out)
