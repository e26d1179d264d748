"""Presets as data: every shipped preset loads, validation names the field, the registry
resolves names, paths and restricted-play names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

from strategies.vasco import params as P
from strategies.vasco.presets import PresetError, default_row, load_preset, preset_path
from strategies.vasco.registry import UnknownPresetError, available, params_table, resolve
from strategies.vasco.restrictions import RestrictionError, restrict

REQUIRED = {
    "default",
    "early_bidder",
    "frugal",
    "near_ports",
    "far_ports",
    "character_focus",
    "merchant_blocker",
    "random",
}


def test_required_presets_are_shipped_and_resolve():
    assert set(available()) >= REQUIRED
    assert available()[0] == "default"
    for name in available():
        row = resolve(name)
        assert row.shape == (P.N_PARAMS,) and row.dtype == np.float64
    assert resolve("random")[P.P_KIND] == P.KIND_RANDOM
    assert resolve("default")[P.P_KIND] == P.KIND_HEURISTIC


def test_presets_differ_from_default_where_they_say():
    d = resolve("default")
    assert resolve("frugal")[P.P_MAX_PAY] == 0 < d[P.P_MAX_PAY]
    assert resolve("early_bidder")[P.P_MAX_PAY] > d[P.P_MAX_PAY]
    calicut = P.P_LAND_BIAS + P.LANDING_AXIS.index("calicut")
    assert resolve("far_ports")[calicut] > d[calicut] > resolve("near_ports")[calicut]
    assert resolve("merchant_blocker")[P.P_MERCH_BLOCK] > d[P.P_MERCH_BLOCK]


@pytest.mark.parametrize("preset", ["default", "baseline_v1"])
def test_default_preset_file_lists_every_parameter(preset):
    """default.toml and baseline_v1.toml document every behaviour parameter explicitly (so a
    parameter added later cannot silently change the frozen baseline)."""
    import tomllib

    from strategies.vasco.presets import PRESET_DIR

    data = tomllib.loads((PRESET_DIR / f"{preset}.toml").read_text())
    assert set(data["params"]) == {s.name for s in P.PARAM_SPECS}
    for spec in P.PARAM_SPECS:
        if spec.axis is not None:
            assert set(data["params"][spec.name]) == set(P.AXES[spec.axis])


def test_the_row_blocks_tile_the_row_with_the_behaviour_first():
    starts = [f.offset for f in P.ROW.fields]
    ends = [f.offset + f.size for f in P.ROW.fields]
    assert starts == [0, *ends[:-1]] and ends[-1] == P.N_PARAMS
    assert all(s.column + s.width <= P.N_BEHAVIOUR for s in P.PARAM_SPECS)
    assert P.N_BEHAVIOUR <= P.R_NEVER_HOST < P.R_ANY < P.Q_ROLLOUT_KIND < P.LW_FIRST


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text)
    return p


def test_user_preset_file_by_path_inherits_and_overrides(tmp_path):
    p = _write(
        tmp_path, 'inherit = "default"\n[params]\nmax_pay = 3\n[params.contest]\nnavigation = 0.5\n'
    )
    row = resolve(str(p))
    assert row[P.P_MAX_PAY] == 3
    assert row[P.P_CONTEST + P.AREA_AXIS.index("navigation")] == 0.5
    d = resolve("default")
    assert row[P.P_CONTEST + 0] == d[P.P_CONTEST + 0]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("[params]\nmax_pay = 99\n", "params.max_pay"),
        ("[params]\nmax_pay = 'a lot'\n", "params.max_pay"),
        ("[params]\nbidding_mood = 1\n", "params.bidding_mood"),
        ("[params.contest]\nharbour = 0.1\n", "params.contest.harbour"),
        ("[params]\ncontest = 0.1\n", "params.contest"),
        ("colour = 'red'\n", "colour"),
        ("policy = 'clever'\n", "policy"),
        ("[restrict]\nnever_host = ['Vasco']\n", "restrict"),
        ("[restrict]\nnever_pay = 'yes'\n", "restrict.never_pay"),
        ("[restrict]\nsometimes = 1\n", "restrict.sometimes"),
        ("[params\n", "not valid TOML"),
        ("[players.5]\nmax_pay = 1\n", "players.5"),
        ("[players.four]\nmax_pay = 1\n", "players.four"),
        ("[players]\n4 = 1\n", "players.4"),
        ("[players.4]\nmax_pay = 99\n", "players.4: params.max_pay"),
        ("[players.2.contest]\nharbour = 0.1\n", "players.2: params.contest.harbour"),
    ],
)
def test_bad_preset_files_name_the_field(tmp_path, text, field):
    p = _write(tmp_path, text)
    with pytest.raises(PresetError, match=field.replace(".", r"\.")):
        load_preset(p)
    with pytest.raises(UnknownPresetError):
        resolve(str(p))


def test_unknown_names_are_clear_errors():
    with pytest.raises(UnknownPresetError, match="known: default"):
        resolve("grandmaster")
    with pytest.raises(UnknownPresetError, match="does not exist"):
        resolve("nowhere/none.toml")
    with pytest.raises(UnknownPresetError, match="unknown restriction"):
        resolve("default+sometimes=1")
    with pytest.raises(UnknownPresetError, match="unknown character"):
        resolve("default+never_host=vasco")
    with pytest.raises(UnknownPresetError, match="AREA:NUMBER"):
        resolve("default+at_least=10")


def test_restriction_name_syntax_sets_the_columns():
    row = resolve(
        "frugal+never_host=manuel+always_host=Bartolomeu Dias+never_pay"
        "+at_least=navigation:10+below=purchase:6+only_landings=calicut/malindi"
    )
    assert row[P.R_NEVER_HOST + 3] == 1 and row[P.R_ALWAYS_HOST + 0] == 1
    assert row[P.R_NEVER_PAY] == 1
    assert row[P.R_NUM_AT_LEAST + P.AREA_AXIS.index("navigation")] == 10
    assert row[P.R_NUM_BELOW + P.AREA_AXIS.index("purchase")] == 6
    forbidden = [P.LANDING_AXIS[k] for k in range(6) if row[P.R_LAND_FORBID + k] > 0]
    assert sorted(forbidden) == ["mombasa", "mozambique", "natal", "terra_de_boa_gente"]
    # the behaviour columns are frugal's
    assert row[P.P_MAX_PAY] == resolve("frugal")[P.P_MAX_PAY]


def test_restrict_api_matches_the_name_syntax_and_rejects_contradictions():
    a = restrict(resolve("default"), never_host="Manuel I", numbers_below={"recruiting": 8})
    b = resolve("default+never_host=manuel+below=recruiting:8")
    assert np.array_equal(a, b)
    with pytest.raises(RestrictionError):
        restrict(default_row(), never_host="dias", always_host="dias")
    with pytest.raises(RestrictionError):
        restrict(default_row(), only_landings=[])


def test_params_table_one_row_per_seat():
    t = params_table(["default", "random"])
    assert t.shape == (4, P.N_PARAMS)
    assert t[0, P.P_KIND] == P.KIND_HEURISTIC and t[1, P.P_KIND] == P.KIND_RANDOM
    assert not t[2:].any()


# sha256 of (VP, win share) of 40 games at each of 2, 3 and 4 players between copies of
# `baseline_v1`, the `default` of vdgsim 0.1.
BASELINE_V1_GAMES = "7c549d086a7243fd03b8a96113955d859c67cf9193e3340565cfa9416581f6ba"


def test_baseline_v1_plays_exactly_its_recorded_games():
    """`baseline_v1` is the yardstick for every stronger player: it must never change."""
    import hashlib

    from strategies.vasco.loop import play_games
    from vdgsim import default_components

    h = hashlib.sha256()
    for n in (2, 3, 4):
        vp, share = play_games(
            default_components(),
            n,
            np.arange(40, dtype=np.int64),
            params_table(["baseline_v1"] * n),
        )
        h.update(vp.tobytes())
        h.update(share.tobytes())
    assert h.hexdigest() == BASELINE_V1_GAMES


def test_parameter_changes_in_a_name_set_only_their_columns():
    base = resolve("default")
    row = resolve("default+captain_value=2+contest.purchase=0.5+never_pay")
    purchase = P.P_CONTEST + P.AREA_AXIS.index("purchase")
    assert row[P.P_CAPT_VP] == 2.0 != base[P.P_CAPT_VP]
    assert row[purchase] == 0.5 != base[purchase]
    assert row[P.R_NEVER_PAY] == 1
    changed = {P.P_CAPT_VP, purchase, P.R_NEVER_PAY, P.R_ANY}
    same = [k for k in range(P.N_PARAMS) if k not in changed]
    assert np.array_equal(row[same], base[same])
    assert np.array_equal(resolve("frugal+captain_value=2")[same], resolve("frugal")[same])


def test_a_parameter_change_in_a_name_equals_the_same_change_in_a_preset_file(tmp_path):
    """A change in the name sets the value at every player count, as editing it in
    ``[params]`` and in each ``[players.N]`` table that sets it does."""
    text = Path(preset_path("default")).read_text()
    edited, k = re.subn(r"(?m)^captain_value = [0-9.]+", "captain_value = 2.5", text)
    tables = tomllib.loads(text).get("players", {}).values()
    assert k == 1 + sum("captain_value" in t for t in tables) >= 2  # [params], [players.N]
    f = tmp_path / "captains.toml"
    f.write_text(edited)
    for players in (None, 2, 3, 4):
        named = resolve("default+captain_value=2.5", players)
        assert np.array_equal(resolve(str(f), players), named), players


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("default+captain_value=99", "outside"),
        ("default+captain_value=lots", "is not PARAMETER=NUMBER"),
        ("default+contest.harbour=1", "unknown area"),
        ("mc:rollouts=8+captain_value=2", "only a heuristic preset"),
        ("random+captain_value=2", "only a heuristic preset"),
        ("default+captian_value=2", "unknown restriction or parameter"),
    ],
)
def test_bad_parameter_changes_are_clear_errors(name, message):
    with pytest.raises(UnknownPresetError, match=message):
        resolve(name)


# --- values for one player count ([players.N]) -------------------------------------------------


def test_player_count_values_replace_params_only_at_that_count(tmp_path):
    p = _write(
        tmp_path,
        "inherit = 'default'\n[params]\nmax_pay = 3\n"
        "[players.4]\nmax_pay = 5\ncontest = { navigation = 0.5 }\n",
    )
    nav = P.P_CONTEST + P.AREA_AXIS.index("navigation")
    for players in (None, 2, 3):
        row = resolve(str(p), players)
        assert row[P.P_MAX_PAY] == 3, players  # [params] at every count but 4
        assert row[nav] == resolve("default", players)[nav], players  # inherited at the count
    row = resolve(str(p), 4)
    assert (row[P.P_MAX_PAY], row[nav]) == (5, 0.5)
    # a table of seats takes the row of its player count
    assert params_table([str(p)] * 4)[0, P.P_MAX_PAY] == 5
    assert params_table([str(p)] * 2)[1, P.P_MAX_PAY] == 3
    with pytest.raises(UnknownPresetError, match="players"):
        resolve(str(p), 5)


def test_an_inheriting_preset_keeps_its_bases_count_values_unless_it_sets_them(tmp_path):
    base = tmp_path / "base.toml"
    base.write_text("inherit = 'default'\n[players.4]\nmax_pay = 5\nreserve = 7\n")
    child = tmp_path / "child.toml"
    child.write_text("inherit = 'base.toml'\n[params]\nmax_pay = 2\n")
    row4, row2 = resolve(str(child), 4), resolve(str(child), 2)
    assert row4[P.P_RESERVE] == 7 and row2[P.P_RESERVE] == resolve("default", 2)[P.P_RESERVE]
    # the inheriting file's own value wins at every count
    assert row4[P.P_MAX_PAY] == row2[P.P_MAX_PAY] == 2


def test_a_search_players_rollouts_use_the_rollout_presets_row_for_the_count(tmp_path):
    p = _write(tmp_path, "inherit = 'default'\n[players.2]\nmax_pay = 0.5\n")
    assert resolve(f"mc:rollout={p}", 2)[P.P_MAX_PAY] == 0.5
    assert resolve(f"mc:rollout={p}", 4)[P.P_MAX_PAY] == resolve("default", 4)[P.P_MAX_PAY]


def test_the_python_step_loop_plays_the_row_of_the_games_player_count(tmp_path):
    """``preset_player`` (``vdg play``, notebooks) must play what the compiled loop plays,
    which takes the player count's row; the count's values here change the game."""
    from strategies.vasco.loop import play_games
    from strategies.vasco.python_loop import play_python, preset_player
    from vdgsim.games.vasco.components import default_components
    from vdgsim.games.vasco.game import new_game

    p = _write(
        tmp_path, "inherit = 'default'\n[players.2]\nmax_pay = 0\narea_bias = { purchase = 9 }\n"
    )
    names = [str(p), "default"]
    seed = 41
    comp = default_components()
    g = new_game(players=2, seed=seed)
    played = play_python(g, [preset_player(n) for n in names])
    seeds = np.array([seed], dtype=np.int64)
    vp, _ = play_games(comp, 2, seeds, params_table(names))
    table = params_table(names)
    table[0] = resolve(str(p))  # the [params] row: what ignoring [players.2] would play
    vp_params, _ = play_games(comp, 2, seeds, table)
    assert list(played.vp) == list(vp[0])
    assert list(vp_params[0]) != list(vp[0])
