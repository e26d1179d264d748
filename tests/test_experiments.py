"""Experiment specs: validation names the field; paired arms share seeds; the commands run."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import polars as pl
import pytest
import typer
from typer.testing import CliRunner

from vdgsim.analysis.experiment import (
    DEFAULT_SECTION,
    KINDS,
    SECTIONS,
    SpecError,
    check_experiment_dir,
    experiment_plan,
    list_specs,
    load_experiment,
    load_spec,
    parse_spec,
    run_experiment,
    sections_of,
)
from vdgsim.analysis.paired import arm_effects
from vdgsim.commands.experiment import experiment_app

VALID = {
    "name": "tiny",
    "title": "Tiny",
    "question": "Does a copy of the baseline change anything?",
    "kind": "paired",
    "players": ["random", "random", "random"],
    "games": 12,
    "quick_games": 6,
    "seed": 9,
    "arms": [{"name": "same", "label": "plays like the baseline", "player": "random"}],
}


def _with(path: str, value: object) -> dict:
    d = copy.deepcopy(VALID)
    node = d
    parts = path.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if p.isdigit() else node[p]
    last = parts[-1]
    if value is _DELETE:
        del node[last]
    elif last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value
    return d


_DELETE = object()


def test_a_valid_spec_parses():
    spec = parse_spec(VALID, "tiny.toml")
    assert spec.kind == "paired" and spec.arms[0].player == "random"
    assert spec.games_for(quick=True) == 6 and spec.games_for(games=3) == 3


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("games", _DELETE, "games"),
        ("games", "many", "games"),
        ("games", 0, "games"),
        ("seed", -1, "seed"),
        ("kind", "duel", "kind"),
        ("players", ["random"], "players"),
        ("players.1", "grandmaster", "players[1]"),
        ("arms", [], "arms"),
        ("arms.0.player", "nobody", "arms[0].player"),
        ("arms.0.colour", "red", "arms[0].colour"),
        ("decisions", 2.0, "decisions"),
        ("overrides", {"landings.calicut.completion": 6}, "overrides"),
        ("overrides", {"landings.calicut.completion_vp": "six"}, "overrides"),
        ("speed", 3, "speed"),
        ("section", "sernigi", "section"),
        ("section", "seats", "section"),  # a section of another kind
        ("section", 3, "section"),
    ],
)
def test_invalid_specs_name_the_field(path, value, field):
    with pytest.raises(SpecError) as err:
        parse_spec(_with(path, value), "tiny.toml")
    assert f"tiny.toml: {field}" in str(err.value)


def test_an_arm_needs_exactly_one_of_restrict_or_player():
    d = _with("arms.0.restrict", "never_pay")
    with pytest.raises(SpecError, match=r"arms\[0\]: give exactly one"):
        parse_spec(d, "tiny.toml")


def test_sweep_values_are_checked_against_the_component_data():
    d = {**VALID, "kind": "sweep", "sweep": {"key": "landings.calicut.completion_vp",
                                             "values": [3, -1]}}  # fmt: skip
    del d["arms"]
    with pytest.raises(SpecError, match=r"sweep.values\[1\]"):
        parse_spec(d, "s.toml")


def test_spec_files_load_and_bad_toml_is_reported(tmp_path):
    (tmp_path / "bad.toml").write_text("name = [")
    with pytest.raises(SpecError, match="not valid TOML"):
        load_spec(tmp_path / "bad.toml")


def test_the_repository_specs_validate():
    specs = list_specs()
    names = {s.name for s in specs}
    assert {"bidding", "ports", "characters", "seats", "matchups", "sensitivity"} <= names
    assert "sensitivity_dias" in names
    for s in specs:
        assert s.quick_games <= 400 < s.games
        # every shipped spec names its section, and none relies on its name to pick it
        assert "section" in tomllib.loads(Path(s.source).read_text()), s.source
    assert {s.name: s.section for s in specs if s.name in ("bidding", "ports", "characters")} == {
        "bidding": "bidding",
        "ports": "ports",
        "characters": "characters",
    }


def test_every_kind_has_a_section_and_every_section_a_kind_and_a_function():
    from vdgsim.report.sections import section_functions

    assert set(KINDS) == {"paired", "seats", "tournament", "sweep", "axis"}
    assert {s.kind for s in SECTIONS.values()} == set(KINDS)
    for name in KINDS:
        assert SECTIONS[DEFAULT_SECTION[name]].kind == name
    # the report layer resolves exactly the section keys the experiments name, for each game
    for game in ("vdg", "goa"):
        assert set(section_functions(game)) == set(sections_of(game))
    # and a spec can name every one of them
    base = {"name": "x", "games": 4, "seed": 1}
    minimal = {
        "paired": VALID,
        "seats": {**base, "kind": "seats", "preset": "random"},
        "tournament": {**base, "kind": "tournament", "presets": ["random", "default"]},
        "sweep": {**base, "kind": "sweep", "players": ["random", "random"],
                  "sweep": {"key": "costs.dias_vp", "values": [1, 2]}},
        "axis": {**base, "kind": "axis", "levels": [{"player": "random"}]},
    }  # fmt: skip
    goa = {**base, "game": "goa"}
    goa_minimal = {
        "paired": {**goa, "kind": "paired", "players": ["default", "default"],
                   "arms": [{"name": "a", "player": "random"}]},
        "seats": {**goa, "kind": "seats", "preset": "random"},
        "tournament": {**goa, "kind": "tournament", "presets": ["random", "default"]},
        "sweep": {**goa, "kind": "sweep", "players": ["random", "random"],
                  "sweep": {"key": "scoring.most_ducats_vp", "values": [2, 4]}},
        "axis": {**goa, "kind": "axis", "levels": [{"player": "random"}]},
    }  # fmt: skip
    specs = {"vdg": minimal, "goa": goa_minimal}
    for game, other in (("vdg", "goa"), ("goa", "vdg")):
        for name, section in sections_of(game).items():
            spec = specs[game][section.kind]
            assert parse_spec({**spec, "section": name}).section == name
            # a game's own section is refused for the other game
            if name not in SECTIONS:
                with pytest.raises(SpecError, match="section: must be one of"):
                    parse_spec({**specs[other][section.kind], "section": name})


def test_the_section_is_the_spec_field_not_its_name(tmp_path):
    ports = (Path(__file__).resolve().parents[1] / "experiments" / "ports.toml").read_text()
    renamed = tmp_path / "harbours.toml"
    renamed.write_text(ports.replace('name = "ports"', 'name = "harbours"'))
    spec = load_spec(renamed)
    assert (spec.name, spec.section) == ("harbours", "ports")
    # a spec without the field gets its kind's general section, whatever its name
    assert parse_spec({**VALID, "name": "ports"}, "ports.toml").section == "paired"
    assert parse_spec({**VALID, "section": "characters"}, "t.toml").section == "characters"


@pytest.mark.filterwarnings("ignore:No artists with labels:UserWarning")  # too few ships
def test_a_section_that_reads_ships_records_them_in_the_baseline_only(tmp_path):
    from vdgsim.report.sections import build_section

    spec = parse_spec({**VALID, "name": "anything", "section": "ports"}, "tiny.toml")
    assert [p.table for p in experiment_plan(spec, 12)] == ["ships", None]
    exp = run_experiment(spec, tmp_path / "anything", games=12)
    assert exp.runs["baseline"].ships is not None and exp.runs["same"].ships is None
    sec = build_section(load_experiment(tmp_path / "anything"))
    assert {"ship_fates", "ship_summary", "effects"} <= set(sec.tables)
    # the same spec under the name of the ports experiment, without the field: no ship tables
    plain = parse_spec({**VALID, "name": "ports"}, "ports.toml")
    assert not any(p.table for p in experiment_plan(plain, 12))
    sec = build_section(run_experiment(plain, games=12))
    assert "ship_summary" not in sec.tables and "effects" in sec.tables


def test_an_experiment_recorded_without_a_section_loads_with_its_kind_section(tmp_path):
    import json

    spec = parse_spec(VALID, "tiny.toml")
    run_experiment(spec, tmp_path / "tiny", games=4)
    meta = json.loads((tmp_path / "tiny" / "experiment.json").read_text())
    del meta["spec"]["section"]
    (tmp_path / "tiny" / "experiment.json").write_text(json.dumps(meta))
    assert load_experiment(tmp_path / "tiny").spec.section == "paired"
    assert not check_experiment_dir(spec, tmp_path / "tiny", 4, resume=True, force=False)


def test_paired_arms_share_seeds_and_an_identical_arm_changes_nothing(tmp_path):
    spec = parse_spec(VALID, "tiny.toml")
    exp = run_experiment(spec, tmp_path / "tiny", games=12)
    base, same = exp.runs["baseline"], exp.runs["same"]
    assert base.games["seed"].to_list() == same.games["seed"].to_list()
    # the same player on the same seeds plays the same games
    assert base.players.select("vp", "win_share").equals(same.players.select("vp", "win_share"))
    eff = arm_effects(exp).row(0, named=True)
    assert eff["win_share_diff"] == 0 and eff["vp_diff"] == 0
    again = load_experiment(tmp_path / "tiny")
    assert set(again.runs) == {"baseline", "same"}
    assert again.runs["same"].players.equals(same.players)


def _app() -> typer.Typer:
    app = typer.Typer()
    app.add_typer(experiment_app, name="experiment")
    return app


def test_experiment_commands_list_and_run(tmp_path):
    import tomllib  # noqa: F401  (the spec below is plain TOML)

    spec = tmp_path / "tiny.toml"
    spec.write_text(
        'name = "tiny"\nkind = "paired"\nplayers = ["random", "random"]\ngames = 8\n'
        'quick_games = 4\nseed = 3\n[[arms]]\nname = "same"\nplayer = "random"\n'
    )
    runner = CliRunner()
    res = runner.invoke(_app(), ["experiment", "list", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "tiny.toml" in res.output and "paired" in res.output
    out = tmp_path / "runs"
    res = runner.invoke(_app(), ["experiment", "run", str(spec), "--out", str(out), "--quick"])
    assert res.exit_code == 0, res.output
    assert "same" in res.output and "+0.0 pp" in res.output
    assert (out / "baseline" / "manifest.json").exists() and (out / "same").is_dir()
    games = pl.read_parquet(next((out / "same" / "games").glob("*.parquet")))
    assert games.height == 4


def test_experiment_run_reports_an_invalid_spec(tmp_path):
    from vdgsim.commands.common import InputError

    spec = tmp_path / "bad.toml"
    spec.write_text('name = "bad"\nkind = "paired"\ngames = 8\nseed = 1\n')
    res = CliRunner().invoke(_app(), ["experiment", "run", str(spec)])
    assert isinstance(res.exception, InputError)
    assert "players: missing" in str(res.exception)


def test_experiment_run_refuses_an_unknown_section_in_one_line(tmp_path):
    from vdgsim.commands.common import InputError

    spec = tmp_path / "bad.toml"
    spec.write_text(
        'name = "bad"\nkind = "paired"\nsection = "sernigi"\nplayers = ["random", "random"]\n'
        'games = 8\nseed = 1\n[[arms]]\nname = "same"\nplayer = "random"\n'
    )
    res = CliRunner().invoke(_app(), ["experiment", "run", str(spec), "--out", str(tmp_path / "o")])
    assert isinstance(res.exception, InputError)
    message = str(res.exception)
    assert "\n" not in message and f"{spec}: section: must be one of" in message
    assert "'sernigi'" in message and not (tmp_path / "o").exists()


def test_repository_folder_is_the_default(monkeypatch):
    from vdgsim.analysis import experiment as E

    assert E.default_experiments_dir() == Path(__file__).resolve().parents[1] / "experiments"


# --- a spec that extends another ------------------------------------------------------------
BASE_TOML = """
name = "base"
title = "Base"
question = "Q?"
kind = "paired"
section = "paired"
players = ["random", "random", "random", "random"]
games = 12
quick_games = 6
seed = 9
[[arms]]
name = "same"
label = "plays like the baseline"
player = "random"
[[arms]]
name = "frugal"
label = "plays frugal"
player = "frugal"
"""


def test_a_spec_extends_another_and_each_field_it_sets_replaces_that_field_whole(tmp_path):
    (tmp_path / "base.toml").write_text(BASE_TOML)
    (tmp_path / "two.toml").write_text(
        'extends = "base.toml"\nname = "two"\nplayers = ["random", "random"]\nseed = 10\n'
    )
    base, two = load_spec(tmp_path / "base.toml"), load_spec(tmp_path / "two.toml")
    assert (two.name, two.players, two.seed) == ("two", ("random", "random"), 10)
    assert two.arms == base.arms and len(two.arms) == 2
    assert (two.title, two.games, two.kind) == (base.title, base.games, base.kind)
    # a list is replaced, not merged: one arm in the file means one arm
    (tmp_path / "one.toml").write_text(
        'extends = "base.toml"\nname = "one"\n[[arms]]\nname = "x"\nplayer = "default"\n'
    )
    assert [a.name for a in load_spec(tmp_path / "one.toml").arms] == ["x"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('extends = "base.toml"\nplayers = ["random", "random"]\n', "name: missing"),
        ('extends = "../base.toml"\nname = "n"\n', "in the same folder"),
        ('extends = "nowhere.toml"\nname = "n"\n', "cannot read"),
        ('extends = "loop.toml"\nname = "n"\n', "a cycle"),
    ],
)
def test_a_bad_extends_is_one_error_naming_the_file(tmp_path, text, message):
    (tmp_path / "base.toml").write_text(BASE_TOML)
    (tmp_path / "loop.toml").write_text('extends = "loop.toml"\nname = "loop"\n')
    (tmp_path / "child.toml").write_text(text)
    with pytest.raises(SpecError, match=message):
        load_spec(tmp_path / "child.toml")


@pytest.mark.parametrize(
    ("game", "bases"),
    [("vdg", ("bidding", "characters", "ports")), ("goa", ("lots", "styles"))],
)
def test_the_restricted_play_arms_are_played_at_every_player_count(game, bases):
    from vdgsim.analysis.experiment import default_experiments_dir

    specs = {s.name: s for s in list_specs(default_experiments_dir(game))}
    for base in bases:
        counts = {}
        for name, s in specs.items():
            if name.split("_")[0] == base and s.kind == "paired":
                assert s.section == specs[base].section, s.name
                assert s.arms == specs[base].arms, s.name
                assert s.robustness == specs[base].robustness, s.name
                assert set(s.players) == set(specs[base].players), s.name
                counts[len(s.players)] = s.seed
        assert sorted(counts) == [2, 3, 4], base
        assert len(set(counts.values())) == 3, f"{base}: each player count on its own seed"
