"""Goa experiments: specs that name their game, Goa's players and data in every kind, the
parameter changes of a restricted Goa player, and Goa's reconstructed-data panel."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from strategies.goa import PresetError
from strategies.goa.lineup import player_row
from strategies.goa.params import SPEC_BY_NAME
from vdgsim.analysis.experiment import (
    SpecError,
    experiment_plan,
    experiment_settings,
    load_spec,
    parse_spec,
    robust_variants,
    run_experiment,
)
from vdgsim.analysis.reconstructed import GOA_ALTERNATIVES, alternatives, groups
from vdgsim.games.goa.components import load_components

GOA_PAIRED = {
    "name": "goa_tiny",
    "game": "goa",
    "kind": "paired",
    "games": 8,
    "seed": 5,
    "players": ["default", "default"],
    "arms": [{"name": "no_flag", "restrict": "flag_value=0"}],
}


def test_a_goa_spec_checks_players_and_data_as_goa():
    spec = parse_spec(GOA_PAIRED, "t.toml")
    assert spec.game == "goa" and spec.arms[0].player == "default+flag_value=0"
    # a Vasco da Gama preset is unknown to Goa, and the other way round
    with pytest.raises(SpecError, match=r"players\[1\].*unknown Goa preset 'frugal'"):
        parse_spec({**GOA_PAIRED, "players": ["default", "frugal"]}, "t.toml")
    with pytest.raises(SpecError, match=r"arms\[0\].restrict"):
        parse_spec({**GOA_PAIRED, "game": "vdg"}, "t.toml")
    # Goa's component keys, not Vasco da Gama's
    with pytest.raises(SpecError, match="overrides"):
        parse_spec({**GOA_PAIRED, "overrides": {"costs.dias_vp": 3}}, "t.toml")
    parse_spec({**GOA_PAIRED, "overrides": {"development.taxes": [4, 5, 6, 7, 8]}}, "t.toml")
    with pytest.raises(SpecError, match="game: must be one of vdg, goa, got 'chess'"):
        parse_spec({**GOA_PAIRED, "game": "chess"}, "t.toml")
    with pytest.raises(SpecError, match="Goa is for 2 to 4 players, got 5"):
        parse_spec({**GOA_PAIRED, "players": ["default"] * 5}, "t.toml")


def test_characters_are_dealt_in_vasco_da_gama_only():
    seats = {"name": "s", "game": "goa", "kind": "seats", "games": 4, "seed": 1}
    parse_spec(seats, "t.toml")
    with pytest.raises(SpecError, match="character_deal: Goa deals no characters"):
        parse_spec({**seats, "character_deal": ["rulebook", "random"]}, "t.toml")


def test_vasco_da_gama_settings_do_not_name_the_game():
    """Reports and experiments recorded before specs named their game still resume."""
    vdg = {**GOA_PAIRED, "game": "vdg", "players": ["default", "default"]}
    vdg["arms"] = [{"name": "frugal", "player": "frugal"}]
    assert "game" not in experiment_settings(parse_spec(vdg, "t.toml"), 8)["spec"]
    goa = experiment_settings(parse_spec(GOA_PAIRED, "t.toml"), 8)["spec"]
    assert goa["game"] == "goa"


def test_a_goa_experiment_plays_goa_on_the_same_deals(tmp_path):
    spec = parse_spec(GOA_PAIRED, "t.toml")
    exp = run_experiment(spec, tmp_path / "x", games=8)
    base, arm = exp.runs["baseline"], exp.runs["no_flag"]
    assert base.manifest["run"]["game"] == "goa" and arm.manifest["run"]["game"] == "goa"
    # common random numbers: the same seeds in both arms
    assert base.games["seed"].to_list() == arm.games["seed"].to_list()
    assert "row_ships" in base.players.columns  # Goa's players table
    assert set(arm.players["strategy"]) == {"default", "default+flag_value=0"}


def test_goa_robustness_replays_goa_alternatives():
    spec = parse_spec({**GOA_PAIRED, "robustness": {"replicates": 2, "data_games": 4}}, "t.toml")
    names = [v.name for v in robust_variants(spec, 8, quick=False)]
    assert names == ["seed2", *(f"data_{a.name}" for a in GOA_ALTERNATIVES)]
    plan = {p.name: p for p in experiment_plan(spec, 8)}
    alt = GOA_ALTERNATIVES[0]
    assert plan[f"robust/data_{alt.name}/no_flag"].overrides == alt.overrides


@pytest.mark.parametrize("alt", GOA_ALTERNATIVES, ids=lambda a: a.name)
def test_every_goa_alternative_is_valid_goa_data_and_changes_it(alt):
    base = load_components()
    other = load_components(None, alt.overrides)
    assert other.digest != base.digest
    # the sourced facts each alternative keeps (docs/goa-rules.md, Component provenance)
    dev = other.data["development"]
    assert dev["ships"][1] == 2 and dev["expedition_draw"][3] == 2
    assert dev["harvest"][0] == 1 and dev["taxes"][0] == 4 and dev["colonists"][0] == 0
    assert 4 in dev["harvest"] and 6 in dev["taxes"] and 4 in dev["colonists"]


def test_each_game_has_its_own_panel():
    assert alternatives("goa") == GOA_ALTERNATIVES
    assert not set(groups("goa")) & set(groups("vdg"))


def test_a_goa_preset_name_takes_parameter_changes():
    base = player_row("default")
    row = player_row("default+flag_value=0+column_weight.ships=4")
    flag, col = SPEC_BY_NAME["flag_value"].column, SPEC_BY_NAME["column_weight"].column
    assert row[flag] == 0.0 and row[col] == 4.0
    changed = np.flatnonzero(row != base)
    assert set(changed) <= {flag, col}
    assert player_row("default").tolist() == base.tolist()  # the preset is not altered


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("default+flag_value", "is not PARAMETER=NUMBER"),
        ("default+flag_value=lots", "is not PARAMETER=NUMBER"),
        ("default+nope=1", "unknown parameter"),
        ("default+flag_value=99", "outside"),
        ("default+column_weight.bogus=1", "unknown column"),
        ("random+flag_value=1", "only a heuristic preset"),
        ("mc:rollouts=8+flag_value=1", "only a heuristic preset"),
        ("ismcts+flag_value=1", "only a heuristic preset"),
        ("nobody+flag_value=1", "unknown Goa preset 'nobody'"),
    ],
)
def test_a_bad_parameter_change_is_one_line(name, message):
    with pytest.raises(PresetError, match=message) as e:
        player_row(name)
    assert "\n" not in str(e.value)


def test_a_goa_sweep_takes_goa_data_keys_only():
    sweep = {"name": "s", "game": "goa", "kind": "sweep", "games": 4, "seed": 1,
             "players": ["default", "default"],
             "sweep": {"key": "scoring.most_ducats_vp", "values": [2, 4]}}  # fmt: skip
    spec = parse_spec(sweep, "t.toml")
    assert spec.section == "sweep" and spec.sweep_values == (2, 4)
    vdg_key = {**sweep, "sweep": {"key": "landings.calicut.completion_vp", "values": [3, 5]}}
    with pytest.raises(SpecError, match=r"sweep\.values\[0\]"):
        parse_spec(vdg_key, "t.toml")


def test_the_styles_column_pushes_double_the_default_weight():
    """The styles section labels each column arm "weight x2": its restriction must set twice
    `default`'s column weight, whatever the default is (a change of its weights must change
    the arms)."""
    spec = load_spec(Path(__file__).parents[2] / "experiments" / "goa" / "styles.toml")
    col = SPEC_BY_NAME["column_weight"].column
    base = player_row("default")
    pushes = [a for a in spec.arms if a.name.startswith("push_")]
    assert len(pushes) == 5
    for arm in pushes:
        assert "weight x2" in arm.label
        row = player_row(arm.player)
        changed = np.flatnonzero(row != base)
        assert len(changed) == 1 and col <= changed[0] < col + 5, arm.name
        assert row[changed[0]] == 2 * base[changed[0]], arm.name


def test_the_goa_restriction_arms_are_played_at_the_search_level():
    """The lots arms and the styles' never-develop arms are restrictions, which a search
    player honours, so each is replayed at the skill axis's search level; a weight or a style
    preset has no search version and is not."""
    from vdgsim.analysis.experiment import experiment_plan

    root = Path(__file__).parents[2] / "experiments" / "goa"
    for name, searched in (
        ("lots", {"flag", "plantation", "red", "instant", "scoring", "special"}),
        (
            "styles",
            {f"never_{c}" for c in ("ships", "harvest", "taxes", "expedition", "colonists")},
        ),
    ):
        spec = load_spec(root / f"{name}.toml")
        plan = experiment_plan(spec, spec.games)
        at = [r for r in plan if "mc_rollouts=512" in r.name]
        arms = {r.name.rsplit("/", 1)[1] for r in at} - {"baseline"}
        assert arms == searched, name
        for r in at:
            assert r.lineup[0].startswith("mc:rollouts=512:decisions=place_marker")
            assert list(r.lineup[1:]) == ["default"] * 3
