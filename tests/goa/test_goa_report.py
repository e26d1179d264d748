"""Goa's balance report: its experiments (experiments/goa/), its sections (seats with the
start player drawn at set-up, lots, paired, matchups) and `vdg report --game goa`."""

from __future__ import annotations

import shutil

import polars as pl
import pytest
from typer.testing import CliRunner

from vdgsim.analysis import seats
from vdgsim.analysis.experiment import (
    SpecError,
    default_experiments_dir,
    list_specs,
    parse_spec,
    run_experiment,
    sweep_label,
)
from vdgsim.report import build_report
from vdgsim.report.sections import build_section

GOA_SPECS = default_experiments_dir("goa")


def test_the_goa_specs_are_valid_and_play_goa():
    specs = list_specs(GOA_SPECS)
    assert {s.name for s in specs} >= {"seats", "lots", "styles", "matchups"}
    assert all(s.game == "goa" for s in specs)
    # the lots arms are named after the lot_weight keys, so prices and worth can be joined,
    # and are restrictions, so the skill axis's search level plays them too
    from strategies.goa.params import LOT_AXIS

    lots = next(s for s in specs if s.name == "lots")
    assert {a.name for a in lots.arms} == set(LOT_AXIS)
    for a in lots.arms:
        assert a.player == f"default+never_lot={a.name}"


def test_turn_position_counts_from_the_start_player():
    # 3 players, two games: the start player is seat 2 in game 0 and seat 0 in game 1
    players = pl.DataFrame(
        {
            "game": [0, 0, 0, 1, 1, 1],
            "seat": [0, 1, 2, 0, 1, 2],
            "win_share": [0.0, 0.0, 1.0, 1.0, 0.0, 0.0],
            "players": [3] * 6,
            "start_player": [2, 2, 2, 0, 0, 0],
        }
    )
    t = seats.win_by_turn_position(players).sort("position")
    # the start player won both games: position 0 has share 1, the others 0
    assert t["position"].to_list() == [0, 1, 2]
    assert t["win_share"].to_list() == [1.0, 0.0, 0.0]
    assert t["n"].to_list() == [2, 2, 2]


def test_the_seats_section_gives_the_start_players_share(tmp_path):
    spec = parse_spec(
        {
            "name": "seats",
            "game": "goa",
            "kind": "seats",
            "preset": "default",
            "player_counts": [2, 3],
            "games": 60,
            "seed": 3,
        }
    )
    exp = run_experiment(spec, tmp_path / "seats", games=60)
    assert "start_player" in exp.runs["2p"].games.columns
    sec = build_section(exp)
    pos = sec.tables["win_by_turn_position"]
    assert pos.height == 2 + 3 and set(pos["players"]) == {2, 3}
    # the finding is about turn positions, and so is a chart of its own
    chart = dict(sec.figures)["win_by_turn_position"]
    labels = [t.get_text() for t in chart.axes[0].get_xticklabels()]
    assert labels == ["turn position 0", "turn position 1", "turn position 2"]
    starts = sec.tables["start_player_by_seat"]
    # every game has one start player: the seats' shares of starting add up to 1
    for p in (2, 3):
        assert starts.filter(pl.col("players") == p)["starts"].sum() == pytest.approx(1.0)
    # Goa's seats have no dealt characters; its VP sources are Goa's
    assert "dealt_character" not in sec.tables["win_by_seat"].columns
    assert "development" in set(sec.tables["vp_by_source"]["source"])


def test_the_lots_section_joins_prices_and_worth(tmp_path):
    spec = parse_spec(
        {
            "name": "lots",
            "game": "goa",
            "kind": "paired",
            "section": "lots",
            "players": ["default"] * 3,
            "games": 30,
            "seed": 8,
            "arms": [
                {"name": "flag", "restrict": "never_lot=flag"},
                {"name": "red", "restrict": "never_lot=red"},
            ],
        }
    )
    exp = run_experiment(spec, tmp_path / "lots", games=30)
    assert exp.runs["baseline"].auctions is not None and exp.runs["flag"].auctions is None
    sec = build_section(exp)
    worth = sec.tables["price_and_worth"]
    assert set(worth["lot_group"]) >= {"flag", "red", "plantation"}
    # a group with an arm has a worth, the others none
    with_arm = worth.filter(pl.col("worth").is_not_null())["lot_group"].to_list()
    assert sorted(with_arm) == ["flag", "red"]
    flag = worth.filter(pl.col("lot_group") == "flag").row(0, named=True)
    eff = sec.tables["effects"].filter(pl.col("arm") == "flag").row(0, named=True)
    assert flag["worth"] == pytest.approx(-eff["win_share_diff"])
    # one Flag a round: 8 a game
    assert flag["lots_per_game"] == pytest.approx(8.0)
    assert any("the Flag sells for" in str(f) for f in sec.findings)
    assert sec.figures[0][0] == "lot_prices"


def test_the_sweep_section_gives_win_shares_and_vp_sources_by_value(tmp_path):
    spec = parse_spec(
        {
            "name": "colonists_top",
            "game": "goa",
            "kind": "sweep",
            "players": ["default", "colonies"],
            "rotate": True,
            "games": 40,
            "seed": 9,
            "sweep": {"key": "development.colonists.4", "values": [6, 8, 12]},
        }
    )
    exp = run_experiment(spec, tmp_path / "sweep", games=40)
    # each value's data reached the game: the top Colonists level is what the key says
    for value in (6, 8, 12):
        run = exp.runs[sweep_label("development.colonists.4", value)]
        overrides = run.manifest["components"]["overrides"]
        # 8 is the printed level: that run plays the data as it is
        assert overrides == ({} if value == 8 else {"development.colonists.4": value})
    sec = build_section(exp)
    ws = sec.tables["win_share_response"]
    assert ws.height == 3 * 2 and set(ws["strategy"]) == {"default", "colonies"}
    # two strategies, every game won: the shares of a value add up to one
    for v in ("6", "8", "12"):
        assert ws.filter(pl.col("value") == v)["win_share"].sum() == pytest.approx(1.0)
    sources = sec.tables["vp_source_response"]
    assert "landing_response" not in sec.tables
    assert set(sources["source"]) >= {"development", "colonies"}
    # the sources add up to the mean VP of each value (score_response, the same players)
    per_value = sources.group_by("value").agg(pl.col("vp").sum())
    scores = sec.tables["score_response"].select("value", "mean_vp")
    joined = per_value.join(scores, on="value")
    assert joined.height == 3
    for r in joined.iter_rows(named=True):
        assert r["vp"] == pytest.approx(r["mean_vp"])
    assert [name for name, _ in sec.figures] == ["win_shares", "vp_sources"]
    assert any("the sources that move most from 6 to 12" in str(f) for f in sec.findings)


def test_a_goa_report_end_to_end(tmp_path):
    folder = tmp_path / "specs"
    folder.mkdir()
    for name in ("seats", "styles"):
        shutil.copy(GOA_SPECS / f"{name}.toml", folder)
    out = tmp_path / "report"
    summary = build_report(out, quick=True, games=24, experiments=folder, game="goa")
    assert [s["name"] for s in summary["sections"]] == ["seats", "styles"]
    assert summary["header"]["title"].startswith("Goa balance report")
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "Goa balance report" in md and "turn position" in md.lower()


def test_a_report_refuses_a_spec_of_the_other_game(tmp_path):
    folder = tmp_path / "specs"
    folder.mkdir()
    shutil.copy(GOA_SPECS / "seats.toml", folder)
    with pytest.raises(SpecError, match="the report is of Vasco da Gama, this spec plays Goa"):
        build_report(tmp_path / "r", quick=True, experiments=folder)


def test_cli_report_game_goa_bad_spec_is_one_line_input_error(tmp_path):
    """`vdg report --game goa` with a spec naming a Vasco da Gama preset: one line, raised as
    the InputError that `cli.main` turns into exit 2."""
    from cli import app
    from vdgsim.commands.common import InputError

    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "bad.toml").write_text(
        'name = "bad"\ngame = "goa"\nkind = "seats"\npreset = "frugal"\ngames = 4\nseed = 1\n'
    )
    r = CliRunner().invoke(
        app,
        ["report", "--game", "goa", "--out", str(tmp_path / "r"), "--experiments", str(folder)],
    )
    assert isinstance(r.exception, InputError)
    message = str(r.exception)
    assert "unknown Goa preset 'frugal'" in message and "\n" not in message
    assert not (tmp_path / "r").exists()  # nothing written
