"""`vdg tune` and strategies.vasco.tuning: the written preset loads and plays, records where it came
from, is reproducible, and the optimiser actually finds something better."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import Ran, run_vdg

from strategies.vasco.loop import play_games
from strategies.vasco.params import P_GIVEUP_BIAS, P_MAX_PAY
from strategies.vasco.registry import params_table, resolve
from strategies.vasco.tuning import TuneResult, coordinates, tune
from vdgsim.games.vasco.components import default_components

ROOT = Path(__file__).resolve().parents[1]
TINY = {"generations": 2, "popsize": 4, "games": 16, "eval_games": 16}


def vdg(*args: str, cwd: Path) -> Ran:
    return run_vdg(*args, cwd=cwd)


@pytest.fixture(scope="module")
def components():
    return default_components()


def _tiny(components, **kw) -> TuneResult:
    args = {"params": ["max_pay", "contest"], "seed": 3, "components": components, **TINY, **kw}
    return tune("default", ["default", "frugal"], 3, **args)


def test_written_preset_loads_plays_and_records_provenance(components, tmp_path: Path) -> None:
    result = _tiny(components)
    path = result.write(tmp_path / "tuned.toml", command="vdg tune test")
    row = resolve(str(path))
    assert np.array_equal(row, result.row)  # the file holds exactly what was evaluated
    # only the tuned columns may differ from the base
    tuned_cols = {c.column for c in coordinates(["max_pay", "contest"])}
    other = [i for i in range(len(row)) if i not in tuned_cols]
    assert np.array_equal(row[other], resolve("default")[other])
    _, share = play_games(
        components, 3, np.arange(4), params_table([str(path), "default", "frugal"])
    )
    assert share.sum(axis=1) == pytest.approx(np.ones(4))

    doc = tomllib.loads(path.read_text())
    assert doc["name"] == "default_tuned" and "default" in doc["description"]
    prov = doc["provenance"]
    for key in (
        "components_digest",
        "base",
        "field",
        "players",
        "seed",
        "evaluation_seeds",
        "games_per_candidate",
        "generations",
        "popsize",
        "win_share",
        "base_win_share",
        "difference_vs_base",
        "vdgsim_version",
        "command",
    ):
        assert key in prov, key
    assert prov["components_digest"] == components.digest != ""
    assert prov["base"] == "default" and prov["field"] == ["default", "frugal"]
    assert prov["players"] == 3 and prov["seed"] == 3 and prov["generations"] == 2
    assert prov["popsize"] == 4 and prov["games_per_candidate"] == 18  # 6 deals x 3 seats
    assert len(prov["evaluation_seeds"]) == 6 and prov["command"] == "vdg tune test"
    for key in ("win_share", "base_win_share", "difference_vs_base"):
        est = prov[key]
        assert est["low"] <= est["mean"] <= est["high"] and est["deals"] == 6


def test_provenance_must_be_a_table(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('inherit = "default"\nprovenance = 3\n')
    from strategies.vasco.presets import PresetError, load_preset

    with pytest.raises(PresetError, match=r"\[provenance\] must be a table"):
        load_preset(bad)


def test_same_seed_same_file_and_no_global_random_state(components) -> None:
    np.random.seed(1)
    a = _tiny(components).to_toml(command="c")
    state = np.random.get_state()[1].copy()
    np.random.seed(2)  # tuning must not read numpy's global state ...
    b = _tiny(components).to_toml(command="c")
    assert a == b
    np.random.seed(1)
    _tiny(components)
    assert np.array_equal(np.random.get_state()[1], state)  # ... nor reseed it
    assert _tiny(components, seed=4).to_toml(command="c") != a


def test_workers_do_not_change_the_result(components) -> None:
    one = _tiny(components, workers=1)
    two = _tiny(components, workers=2)
    assert one.to_toml(command="c") == two.to_toml(command="c")


def test_tuning_repairs_a_damaged_preset(components, tmp_path: Path) -> None:
    # A player that adds 15 VP to giving up almost never acts, so it almost never wins; tuning
    # that one parameter against its undamaged self must move it down and win more on fresh
    # deals. One coordinate: a wide first step (a quarter of the range) is right here.
    damaged = tmp_path / "damaged.toml"
    damaged.write_text('inherit = "baseline_v1"\n[params]\ngive_up_bias = 15\n')
    result = tune(
        str(damaged),
        ["baseline_v1"],
        2,
        params=["give_up_bias"],
        generations=5,
        popsize=6,
        games=40,
        eval_games=200,
        seed=0,
        components=components,
        sigma=0.25,
    )
    assert result.base_row[P_GIVEUP_BIAS] == 15
    assert result.row[P_GIVEUP_BIAS] < 5
    assert result.row[P_MAX_PAY] == result.base_row[P_MAX_PAY]  # untouched
    assert result.tuned.mean > result.base_share.mean
    assert result.difference.low > 0  # the paired interval excludes no improvement
    assert len(result.history) == 5 and result.history[-1].best_share > 0


def _prov(path: Path) -> dict:
    return tomllib.loads(path.read_text())["provenance"]


def test_cli_reproducible_file_and_set_changes_digest(tmp_path: Path) -> None:
    args = ["tune", "default", "--field", "default", "--players", "2", "--params", "max_pay"]
    args += ["--generations", "1", "--popsize", "3", "--games", "8", "--eval-games", "8"]
    args += ["--seed", "5", "--out", "tuned.toml", "--no-progress"]
    runs = {}
    for name, extra in (("a", []), ("b", []), ("c", ["--set", "landings.calicut.completion_vp=7"])):
        cwd = tmp_path / name
        cwd.mkdir()
        out = vdg(*args, *extra, cwd=cwd)
        assert out.returncode == 0, out.stderr
        runs[name] = cwd / "tuned.toml"
    assert "tuned win share vs field" in out.stdout and "paired difference" in out.stdout
    assert runs["a"].read_bytes() == runs["b"].read_bytes()
    digest = _prov(runs["a"])["components_digest"]
    assert digest == default_components().digest
    assert _prov(runs["c"])["components_digest"] != digest
    assert _prov(runs["a"])["command"] == "vdg " + " ".join(args)
    assert resolve(str(runs["c"]))[P_MAX_PAY] >= 0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--params", "max_pay,bogus"], "unknown parameter 'bogus'"),
        (["--params", "contest.nowhere"], "unknown area"),
        (["--games", "0"], "--games must be in 1 .."),
        (["--players", "5"], "2, 3 or 4"),
        (["--field", "nobody"], "unknown player preset"),
        (["--set", "landings.natal.slots=[99]"], "outside 1..20"),
        (["--players", "2,3"], "tune one count at a time"),  # default's [players.2]
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path: Path, args: list[str], needle: str) -> None:
    out = vdg("tune", "default", "--out", "t.toml", *args, cwd=tmp_path)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "t.toml").exists()


def test_existing_output_needs_force(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text("keep me\n")
    out = vdg("tune", "default", "--out", "t.toml", "--games", "8", cwd=tmp_path)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "exists" in lines[0] and "--force" in lines[0], out.stderr
    assert (tmp_path / "t.toml").read_text() == "keep me\n"


@pytest.mark.parametrize(
    ("out", "needle"),
    [
        ("afile/t.toml", "afile is a file, not a directory"),
        ("afile/deeper/t.toml", "afile is a file, not a directory"),
        ("adir", "is a directory"),
        ("/proc/vdg-no-such-dir/t.toml", "cannot write /proc/vdg-no-such-dir/t.toml"),
    ],
)
def test_an_unwritable_output_is_refused_before_tuning(tmp_path: Path, out: str, needle: str):
    (tmp_path / "afile").write_text("not a directory\n")
    (tmp_path / "adir").mkdir()
    ran = vdg("tune", "default", "--out", out, "--games", "8", cwd=tmp_path)
    assert ran.returncode == 2
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], ran.stderr
    assert "tuned" not in ran.stdout  # refused up front: nothing was played
    assert (tmp_path / "afile").read_text() == "not a directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "afile"]


def test_several_player_counts_are_tuned_together_and_reported_each(components, tmp_path) -> None:
    """``players=[2, 4]``: equal deals per count, a result per count, and the provenance
    gives each count's win shares; the file still loads as a player."""
    result = tune(
        "baseline_v1",
        ["baseline_v1"],
        [4, 2],
        params=["max_pay"],
        generations=2,
        popsize=4,
        games=60,
        eval_games=60,
        seed=5,
        components=components,
    )
    assert result.players == [2, 4] and sorted(result.by_count) == [2, 4]
    assert result.by_count[2][0].deals == result.by_count[4][0].deals == 10
    for k, (tuned, base, diff) in result.by_count.items():
        assert 0.0 <= tuned.mean <= 1.0 and abs(tuned.mean - base.mean - diff.mean) < 1e-12, k
    # relative win share: the mean over counts of win share x players
    both = sum(k * result.by_count[k][0].mean for k in (2, 4)) / 2
    assert abs(result.tuned.mean - both) < 1e-12
    path = result.write(tmp_path / "two_counts.toml")
    text = path.read_text()
    assert "[provenance.win_share_2p]" in text and "[provenance.win_share_4p]" in text
    assert resolve(str(path))[P_MAX_PAY] == result.row[P_MAX_PAY]


def test_a_base_with_values_for_one_count_is_tuned_one_count_at_a_time(components, tmp_path):
    """A ``[players.N]`` base starts from its row for the tuned count; one tuned row cannot
    start from different rows at several counts, so that is refused."""
    from vdgsim.core.tuning import TuneError

    base = tmp_path / "counted.toml"
    base.write_text("inherit = 'default'\n[players.3]\nmax_pay = 2\n")
    result = tune(
        str(base), ["default"], 3, params=["max_pay"], seed=3, components=components, **TINY
    )
    assert result.base_row[P_MAX_PAY] == 2 != resolve("default")[P_MAX_PAY]
    with pytest.raises(TuneError, match="one count at a time"):
        tune(
            str(base),
            ["default"],
            [2, 3],
            params=["max_pay"],
            seed=3,
            components=components,
            **TINY,
        )


# --- Goa: the same tuning through Goa's kit ----------------------------------------------------


def test_goa_tuned_preset_loads_as_a_goa_player_and_names_its_game(tmp_path: Path) -> None:
    from strategies.goa import lineup_params, player_row
    from strategies.goa import play_games as goa_play
    from strategies.goa.tuning import KIT
    from vdgsim.core.tuning import coordinates as coordinates_of
    from vdgsim.core.tuning import tune as tune_with
    from vdgsim.games.goa.components import default_components as goa_components

    comp = goa_components()
    params = ["deny", "column_weight.taxes"]
    result = tune_with(
        KIT, "default", ["default"], 2, params=params, seed=4, components=comp, **TINY
    )
    path = result.write(tmp_path / "goa_tuned.toml", command="vdg tune --game goa test")
    row = player_row(str(path))
    assert np.array_equal(row, result.row)
    tuned = {c.column for c in coordinates_of(KIT, params)}
    assert len(tuned) == 2  # one scalar, one entry of a per-column parameter
    other = [i for i in range(len(row)) if i not in tuned]
    assert np.array_equal(row[other], player_row("default")[other])
    prov = _prov(path)
    assert prov["game"] == "goa" and prov["components_digest"] == comp.digest
    _, share = goa_play(comp, 2, np.arange(3), lineup_params([str(path), "default"], 2))
    assert share.sum(axis=1) == pytest.approx(np.ones(3))


def test_cli_tunes_a_goa_preset(tmp_path: Path) -> None:
    from strategies.goa import player_row

    args = ["tune", "default", "--game", "goa", "--players", "2", "--params", "bid_shade"]
    args += ["--generations", "1", "--popsize", "3", "--games", "8", "--eval-games", "8"]
    out = vdg(*args, "--out", "g.toml", "--no-progress", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "tuned win share vs field" in out.stdout
    assert _prov(tmp_path / "g.toml")["game"] == "goa"
    player_row(str(tmp_path / "g.toml"))  # a Goa player name


@pytest.mark.parametrize(
    ("base", "args", "needle"),
    [
        ("default", ["--params", "max_pay"], "unknown parameter 'max_pay'"),  # Vasco da Gama's
        ("random", [], "not a heuristic preset"),
        ("default", ["--players", "5"], "2, 3 or 4"),
        ("default", ["--field", "frugal"], "unknown Goa preset 'frugal'"),
    ],
)
def test_goa_bad_input_is_one_line_exit_2(tmp_path: Path, base, args, needle) -> None:
    out = vdg("tune", base, "--game", "goa", "--out", "t.toml", *args, cwd=tmp_path)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "t.toml").exists()
