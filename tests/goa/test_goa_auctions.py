"""Goa's auctions table (``--auctions``), the heuristic's ``lot_weight``, and the lot analysis."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from cli import app
from strategies.goa import lineup_params, play_to_end
from strategies.goa import params as P
from strategies.goa.policy import choose
from vdgsim.core.plug import game_of
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import batch as GB
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.lot_analysis import Z95, buyer_win_share, lot_prices
from vdgsim.runner import load_run, load_tournament, make_spec, simulate


# --- the analysis, on frames worked out by hand ------------------------------------------------
def _lots(rows: list[tuple[int, str, int, int, int, int]], players: int = 3) -> pl.DataFrame:
    """(game, category, owner, buyer, price, high_bid) rows as an auctions table."""
    return pl.DataFrame(
        {
            "game": [r[0] for r in rows],
            "category": [r[1] for r in rows],
            "owner": [r[2] for r in rows],
            "buyer": [r[3] for r in rows],
            "price": [r[4] for r in rows],
            "high_bid": [r[5] for r in rows],
            "kept": [r[2] == r[3] for r in rows],
            "players": [players] * len(rows),
        }
    )


def test_lot_prices_by_hand() -> None:
    # red: game 1 sells at 2 and 4, game 2 at 6, game 3 gives one away (nobody bid);
    # flag: one per game, 1, 3, 5
    table = _lots(
        [
            (1, "red", 0, 1, 2, 2),
            (1, "red", 1, 2, 4, 4),
            (2, "red", 2, 0, 6, 6),
            (3, "red", 1, 1, 0, 0),
            (1, "flag", 0, 0, 1, 2),
            (2, "flag", 1, 2, 3, 3),
            (3, "flag", 2, 0, 5, 5),
        ]
    )
    out = {r["category"]: r for r in lot_prices(table).iter_rows(named=True)}
    red = out["red"]
    assert red["lots"] == 4 and red["lots_per_game"] == pytest.approx(4 / 3)
    assert red["kept_share"] == pytest.approx(0.25) and red["free_share"] == pytest.approx(0.25)
    assert red["mean_price"] == pytest.approx(3.0) and red["median_price"] == pytest.approx(3.0)
    # per game (sum, count): (6, 2), (6, 1), (0, 1); mean 12/4 = 3; residuals 6-6, 6-3, 0-3
    # -> 0 + 9 + 9 = 18; se^2 = 3/2 * 18 / 4^2 = 27/16
    half = Z95 * math.sqrt(27 / 16)
    assert red["price_low"] == pytest.approx(3 - half)
    assert red["price_high"] == pytest.approx(3 + half)
    flag = out["flag"]
    # one lot a game: the plain mean 3 with the sample standard error sqrt(4 / 3)
    assert flag["mean_price"] == pytest.approx(3.0) and flag["lots_per_game"] == 1.0
    assert flag["price_high"] - 3.0 == pytest.approx(Z95 * math.sqrt(4 / 3))
    assert flag["kept_share"] == pytest.approx(1 / 3) and flag["free_share"] == 0.0


def test_lot_prices_needs_two_games_for_an_interval() -> None:
    out = lot_prices(_lots([(5, "gift", 0, 1, 7, 7), (5, "gift", 1, 0, 1, 1)], players=2))
    row = out.row(0, named=True)
    assert row["mean_price"] == pytest.approx(4.0) and row["lots_per_game"] == 2.0
    assert row["price_low"] is None and row["price_high"] is None


def test_buyer_win_share_by_hand() -> None:
    # 2 players; seat 1 of game 1 buys two red lots (it counts once), seat 0 of game 2 one
    table = _lots(
        [(1, "red", 0, 1, 3, 3), (1, "red", 0, 1, 2, 2), (2, "red", 1, 0, 1, 1)], players=2
    )
    shares = pl.DataFrame(
        {"game": [1, 1, 2, 2], "seat": [0, 1, 0, 1], "win_share": [0.0, 1.0, 0.5, 0.5]}
    )
    row = buyer_win_share(table, shares).row(0, named=True)
    assert row["buyers"] == 2 and row["fair_share"] == 0.5
    assert row["win_share"] == pytest.approx(0.75) and row["excess"] == pytest.approx(0.25)
    # residuals 1 - 0.75 and 0.5 - 0.75: se^2 = 2/1 * (1/16 + 1/16) / 2^2 = 1/16
    assert row["win_high"] == pytest.approx(0.75 + Z95 * 0.25)
    with pytest.raises(ValueError, match="no row in the players table"):
        buyer_win_share(table, shares.filter(pl.col("game") == 1))


# --- the table, from real games ---------------------------------------------------------------
def _game_log(players: int, seed: int) -> tuple[np.ndarray, int]:
    c = default_components().array
    params = np.ascontiguousarray(lineup_params(["default"] * players, players), dtype=np.float64)
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(c, s, log, players, seed, 0, 0, 0)
    play_to_end(c, s, log, params, np.zeros(L.MAX_LEGAL, dtype=np.int64))
    return log, int(s[L.S_LOG_N])


def test_an_overflowing_log_loses_whole_items_only() -> None:
    log, n = _game_log(3, 11)
    full = np.zeros((GB.AUCTIONS_PER_GAME, len(GB.AUCTION_COLUMNS)), dtype=np.int64)
    assert GB.collect_auctions(log, n, 0, full, 0) == L.N_ROUNDS * 4
    # the Flag's start-player row and each tile's auction row end an item
    ev = log[:n, 0]
    handover = (ev == C.EV_SP) & (log[:n, 6] == 1) | (ev == C.EV_TILE) & (log[:n, 5] == 0)
    for cut in (n // 3, n // 2 + 7):
        # what the engine keeps of a log of capacity ``cut``: its first rows, all counted
        short = log[:cut].copy()
        part = np.zeros_like(full)
        k = GB.collect_auctions(short, n, 0, part, 0)
        assert k == int(handover[:cut].sum()) and 0 < k < L.N_ROUNDS * 4
        assert (part[:k] == full[:k]).all()
    # rows beyond the output are counted, not written
    small = np.zeros((5, len(GB.AUCTION_COLUMNS)), dtype=np.int64)
    assert GB.collect_auctions(log, n, 0, small, 0) == L.N_ROUNDS * 4
    assert (small == full[:5]).all()


@pytest.fixture(scope="module")
def run3(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("auctions") / "run"
    return simulate(
        ["default"] * 3, games=40, seed=5, game="goa", auctions=True, chunk_size=16, out=out
    )


def test_auctions_table_invariants(run3) -> None:
    a = run3.auctions
    assert a is not None and run3.manifest["run"]["auctions"] is True
    assert a.columns == list(GB.AUCTION_TABLE_COLUMNS)
    p = 3
    assert a["game"].n_unique() == 40 and a.height == 40 * L.N_ROUNDS * (p + 1)
    per_round = a.group_by("game", "round").agg(
        (pl.col("category") == "flag").sum().alias("flags"),
        (pl.col("category") != "flag").sum().alias("tiles"),
        pl.col("item").sort().alias("items"),
        pl.col("phase").unique().alias("phases"),
    )
    assert per_round.height == 40 * L.N_ROUNDS
    assert (per_round["flags"] == 1).all() and (per_round["tiles"] == p).all()
    assert all(list(i) == [1, 2, 3, 4] for i in per_round["items"])
    assert all(len(ph) == 1 for ph in per_round["phases"])
    assert set(a.filter(pl.col("round") <= 4)["phase"]) == {"A"}
    assert set(a.filter(pl.col("round") > 4)["phase"]) == {"B"}
    assert a["owner"].is_between(0, p - 1).all() and a["buyer"].is_between(0, p - 1).all()
    assert (a["price"] >= 0).all() and (a["players"] == p).all()
    assert (a["buyer_strategy"] == "default").all()
    assert ((a["category"] == "flag") == (a["lot"] == "flag")).all()
    assert ((a["category"] == "flag") == (a["item"] == 1)).all()
    assert ((a["category"] == "flag") == (a["lot_group"] == "flag")).all()
    assert set(a["lot_group"]) <= set(P.LOT_AXIS)
    assert set(a["category"]) <= {*L.TILE_KIND_KEYS, "flag"}
    # G4.3: a sold lot goes for the high bid, a kept one for the high bid less 1 (free when
    # nobody bid)
    sold = a.filter(~pl.col("kept"))
    assert (sold["price"] == sold["high_bid"]).all() and (sold["bids"] > 0).all()
    kept = a.filter(pl.col("kept"))
    assert (kept["price"] == (kept["high_bid"] - 1).clip(lower_bound=0)).all()
    assert (a.filter(pl.col("bids") == 0)["kept"]).all()
    # G3.2: the SP owns the Flag and the last marker, marker m the (m-1)-th seat after him;
    # the Flag's buyer is the next round's SP
    flags = a.filter(pl.col("item") == 1).select("game", "round", sp="owner", taker="buyer")
    nxt = flags.select("game", pl.col("round") + 1, previous_taker="taker")
    chain = flags.join(nxt, on=["game", "round"])
    assert chain.height == 40 * (L.N_ROUNDS - 1)
    assert (chain["sp"] == chain["previous_taker"]).all()
    owners = a.join(flags.select("game", "round", "sp"), on=["game", "round"])
    expect = pl.when(pl.col("item") <= p).then((pl.col("sp") + pl.col("item") - 1) % p)
    assert (owners["owner"] == owners.select(expect.otherwise(pl.col("sp")))[:, 0]).all()
    # the lot names are the component tiles' names, of the tile's kind
    comps = default_components()
    tiles = a.filter(pl.col("tile") >= 0)
    assert tiles["lot"].to_list() == [comps.tile_names[t] for t in tiles["tile"]]
    kinds = [L.TILE_KIND_KEYS[comps.array[L.C_TILE_KIND + t]] for t in tiles["tile"]]
    assert tiles["category"].to_list() == kinds


def test_auction_rows_match_the_state_of_the_game() -> None:
    """Step through games one decision at a time and check every owner's choice against the
    table: the item, its owner, the price paid and the buyer's purse, read from the state."""
    c = default_components().array
    params = np.ascontiguousarray(lineup_params(["default"] * 4, 4), dtype=np.float64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    checked = 0
    for seed in range(3):
        s = np.zeros(L.S_SIZE, dtype=np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
        flow.new_game_state(c, s, log, 4, seed, 0, 0, 0)
        seen = []
        while s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            action = choose(c, s, legal, n, params)
            st = S.fields(s)
            if st.decision == L.D_OWNER:
                item = int(st.auction_item)
                owner = int(st.item_owner[item])
                high, bidder = int(st.auction_high_bid), int(st.auction_high_bidder)
                tile = -1 if item == 1 else int(st.grid[st.item_cell[item]])
                buy = action == A.OWNER_BUY
                buyer, price = (owner, high - 1) if buy else (bidder, high)
                purse = int(st.ducats[buyer])
                owner_before = int(st.ducats[owner])
                seen.append((int(s[L.S_ROUND]), item, tile, owner, buyer, price, purse))
                flow.apply(c, s, log, action)
                if not buy:  # the owner is paid; the bidder resolves the tile, not the owner
                    assert s[L.S_DUCATS + owner] == owner_before + price
                continue
            flow.apply(c, s, log, action)
        rows = np.zeros((GB.AUCTIONS_PER_GAME, len(GB.AUCTION_COLUMNS)), dtype=np.int64)
        k = GB.collect_auctions(log, int(s[L.S_LOG_N]), 0, rows, 0)
        table = {(int(r[GB.A_ROUND]), int(r[GB.A_ITEM])): r for r in rows[:k]}
        for rnd, item, tile, owner, buyer, price, purse in seen:
            r = table[(rnd, item)]
            assert (r[GB.A_TILE], r[GB.A_OWNER], r[GB.A_BUYER]) == (tile, owner, buyer)
            assert r[GB.A_PRICE] == price and 0 <= price <= purse
            checked += 1
    assert checked > 20


def test_auctions_change_no_other_table(run3) -> None:
    plain = simulate(["default"] * 3, games=40, seed=5, game="goa", chunk_size=16)
    assert plain.auctions is None and "auctions" not in plain.manifest["run"]
    assert "auctions" not in plain.manifest["tables"]
    for t in ("games", "players"):
        assert plain.table(t).equals(run3.table(t))


def test_auctions_resume_and_check(run3, tmp_path: Path) -> None:
    src = Path(run3.path)
    files = sorted((src / "auctions").glob("chunk-*.parquet"))
    assert len(files) == 3
    before = files[1].read_bytes()
    files[1].unlink()
    res = CliRunner().invoke(app, ["check", str(src)])
    assert res.exit_code == 1 and "--auctions" in res.output
    again = simulate(
        ["default"] * 3,
        games=40,
        seed=5,
        game="goa",
        auctions=True,
        chunk_size=16,
        out=src,
        resume=True,
    )
    assert again.session["chunks_replayed"] == [1] and files[1].read_bytes() == before
    assert "replay_differs" not in again.session
    assert CliRunner().invoke(app, ["check", str(src)]).exit_code == 0
    # a run without the table is another run
    with pytest.raises(ValueError, match="different settings \\(auctions\\)"):
        simulate(["default"] * 3, games=40, seed=5, game="goa", chunk_size=16, out=src, resume=True)


def test_auctions_are_goa_only() -> None:
    assert game_of("goa").optional_tables == ("auctions",)
    assert "auctions" not in game_of("vdg").optional_tables
    with pytest.raises(ValueError, match="only Goa's runs have one"):
        make_spec(["random", "random"], 10, auctions=True)
    with pytest.raises(ValueError, match="only Vasco da Gama's runs have one"):
        make_spec(["random", "random"], 10, ships=True, game="goa")
    res = CliRunner().invoke(app, ["simulate", "--players", "2", "--games", "4", "--auctions"])
    assert res.exit_code == 2
    assert "auctions table" in res.output and len(res.output.strip().splitlines()) == 1
    help_text = CliRunner().invoke(app, ["simulate", "--help"]).output
    assert "--auctions" in help_text


def test_cli_records_auctions(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "--game", "goa", "--players", "2", "--lineup", "default,default"]
    args += ["--games", "6", "--auctions", "--out", str(out), "--no-progress"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    run = load_run(out)
    assert run.auctions is not None and run.auctions.height == 6 * L.N_ROUNDS * 3
    assert CliRunner().invoke(app, ["check", str(out)]).exit_code == 0


def test_a_tournament_records_auctions_for_every_lineup(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["tournament", "--game", "goa", "--presets", "default,colonies"]
    args += ["--player-counts", "2", "--games", "4", "--auctions", "--out", str(out)]
    res = CliRunner().invoke(app, [*args, "--no-progress"])
    assert res.exit_code == 0, res.output
    t = load_tournament(out)
    assert t.manifest["auctions"] is True and "ships" not in t.manifest
    # the one 2-player line-up, as its own simulate with the same settings records it
    alone = simulate(
        ["default", "colonies"], games=4, seed=0, rotate=True, game="goa", auctions=True
    )
    stacked = t.stacked("auctions")
    assert stacked.get_column("lineup").unique().to_list() == ["default,colonies"]
    assert stacked.drop("lineup").equals(alone.auctions)  # it has its own players column
    # a damaged line-up: check's repair command asks for the table again, and it resumes
    (next((out / "2p-00" / "auctions").glob("chunk-*.parquet"))).unlink()
    res = CliRunner().invoke(app, ["check", str(out)])
    assert res.exit_code == 1 and "vdg tournament --game goa" in res.output
    assert "--auctions" in res.output
    resumed = CliRunner().invoke(app, [*args, "--resume", "--no-progress"])
    assert resumed.exit_code == 0, resumed.output
    assert CliRunner().invoke(app, ["check", str(out)]).exit_code == 0
    # without the table it is another tournament
    again = CliRunner().invoke(app, [*args[:-3], "--out", str(out), "--resume", "--no-progress"])
    assert again.exit_code != 0 and "other settings" in again.output


def test_a_vasco_da_gama_tournament_refuses_auctions(tmp_path: Path) -> None:
    args = ["tournament", "--presets", "default,random", "--player-counts", "2"]
    res = CliRunner().invoke(
        app, [*args, "--games", "2", "--auctions", "--out", str(tmp_path / "t")]
    )
    assert res.exit_code == 2 and "only Goa's runs have one" in res.output
    assert not (tmp_path / "t").exists()
    assert "--auctions" in CliRunner().invoke(app, ["tournament", "--help"]).output
    # its own optional table, the same way
    res = CliRunner().invoke(app, [*args, "--games", "2", "--ships", "--out", str(tmp_path / "s")])
    assert res.exit_code == 0, res.output
    t = load_tournament(tmp_path / "s")
    assert t.manifest["ships"] is True and t.stacked("ships").height > 0
    with pytest.raises(KeyError, match="no 'auctions' table"):
        t.stacked("auctions")


# --- lot_weight ---------------------------------------------------------------------------------
def _preset(tmp_path: Path, name: str, params: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\ninherit = "default"\n\n[params]\n{params}\n')
    return str(path)


def _log_digest(lineup: list[str], games: int) -> str:
    c = default_components().array
    h = hashlib.sha256()
    p = len(lineup)
    params = np.ascontiguousarray(lineup_params(lineup, p), dtype=np.float64)
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for seed in range(games):
        flow.new_game_state(c, s, log, p, seed, 0, 0, 0)
        play_to_end(c, s, log, params, legal)
        h.update(log[: s[L.S_LOG_N]].tobytes())
    return h.hexdigest()


def test_lot_weight_axis_and_defaults() -> None:
    spec = P.SPEC_BY_NAME["lot_weight"]
    assert spec.axis == "lot" and P.AXES["lot"] == P.LOT_AXIS
    assert P.LOT_AXIS[-1] == "flag" and spec.default == (1.0,) * len(P.LOT_AXIS)
    assert (spec.lo, spec.hi) == (0.0, 3.0)
    # every tile kind has a group, and no group is the Flag's
    assert len(P.LOT_OF_KIND) == len(L.TILE_KIND_KEYS)
    assert set(P.LOT_OF_KIND) == set(range(len(P.LOT_AXIS) - 1))


def test_lot_weight_one_plays_the_default_games(tmp_path: Path) -> None:
    ones = ", ".join(f"{k} = 1.0" for k in P.LOT_AXIS)
    same = _preset(tmp_path, "ones", f"lot_weight = {{ {ones} }}")
    other = _preset(tmp_path, "plant", "lot_weight = { plantation = 2.0 }")
    for p in (2, 3, 4):
        base = _log_digest(["default"] * p, 40)
        assert _log_digest([same] * p, 40) == base
        # the weights are read: another weight plays other games
        assert _log_digest([other] + ["default"] * (p - 1), 40) != base


def test_a_flag_weight_of_0_never_buys_a_rival_flag(tmp_path: Path) -> None:
    """With the Flag's weight 0 and no deny, a seat bids nothing for the Flag and sells its
    own whenever someone bids; the default seat in its place does buy rivals' Flags."""
    noflag = _preset(tmp_path, "noflag", "deny = 0.0\nlot_weight = { flag = 0.0 }")
    plain = _preset(tmp_path, "plain", "deny = 0.0")
    counts = {}
    for name, first in (("noflag", noflag), ("plain", plain)):
        run = simulate([first, "default", "default"], games=60, seed=3, game="goa", auctions=True)
        flags = run.auctions.filter((pl.col("item") == 1) & (pl.col("buyer") == 0))
        counts[name] = flags.filter(pl.col("owner") != 0).height
        if name == "noflag":
            assert (flags["bids"] == 0).all() and (flags["price"] == 0).all()
            assert (flags["buyer_strategy"] == noflag).all()
    assert counts["noflag"] == 0 and counts["plain"] > 0
