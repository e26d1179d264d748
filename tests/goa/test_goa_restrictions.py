"""Goa's restricted play (strategies.goa.restrictions): ``never_lot`` forbids bidding for
and buying back a kind of lot (G4.2, G4.3), ``never_column`` forbids steps in a development
column (G6.7, G7.4, G5 Viceroy); both bind heuristic, random and search players alike."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from strategies.goa import choose, lineup_params, player_row
from strategies.goa import params as P
from strategies.goa.presets import PresetError, preset_row
from strategies.goa.restrictions import allowed, filter_legal, restrict, restrictions_of
from strategies.goa.search import KIND_MC
from strategies.goa.search.rollout import rollout_table
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import GameState, apply_action, is_over, legal_actions, new_game

# the lot kind of every tile kind, written out from the lot_weight docs (Auctions)
GROUP_OF_TILE_KIND = {
    "plantation": "plantation",
    "crop_rotation": "plantation",
    "plantation_manager": "plantation",
    "red": "red",
    "instant": "instant",
    "ships_or_colonists": "instant",
    "poll_tax": "scoring",
    "mission": "scoring",
    "additional_harvest": "special",
    "relief": "special",
    "espionage": "special",
    "viceroy": "special",
    "exchange": "special",
    "gift": "special",
}


def decisions(players: int, seed: int, lineup: list[str]) -> Iterator[tuple[GameState, list]]:
    """Every decision of a game played by ``lineup`` with two or more legal actions."""
    g = new_game(players, seed)
    table = lineup_params(lineup, players)
    while not is_over(g):
        legal = np.array(legal_actions(g), dtype=np.int64)
        if len(legal) > 1:
            yield g, legal
        apply_action(g, int(choose(g.components.array, g.s, legal, len(legal), table)))


def item_group(g: GameState) -> str:
    """The lot kind of the item under auction, read from the state by field name."""
    item = int(g.s[L.S_AUC_ITEM])
    if item == 1:
        return "flag"
    tile = int(g.s[L.S_GRID + int(g.s[L.S_ITEM_CELL + item])])
    kind = int(g.components.array[L.C_TILE_KIND + tile])
    return GROUP_OF_TILE_KIND[L.TILE_KIND_KEYS[kind]]


def kept(g: GameState, row: np.ndarray, legal: np.ndarray) -> list[int]:
    out = np.zeros(len(legal), dtype=np.int64)
    m = filter_legal(g.components.array, g.s, row, legal, len(legal), out)
    return [int(a) for a in out[:m]]


@pytest.fixture(scope="module")
def auction_points() -> list[tuple[GameState, np.ndarray]]:
    from vdgsim.games.goa.game import clone

    out = []
    for g, legal in decisions(4, 11, ["default"] * 4):
        if g.decision in (L.D_BID, L.D_OWNER, L.D_TURN, L.D_VICEROY):
            out.append((clone(g), legal.copy()))
    return out


def test_g4_2_never_lot_bids_only_pass_for_that_kind(auction_points) -> None:
    bids = [(g, legal) for g, legal in auction_points if g.decision == L.D_BID]
    assert len({item_group(g) for g, _ in bids}) >= 3
    base = preset_row("default", 4)
    for g, legal in bids:
        group = item_group(g)
        assert kept(g, restrict(base, never_lot=group), legal) == [A.PASS]
        other = next(x for x in P.LOT_AXIS if x != group)
        assert kept(g, restrict(base, never_lot=other), legal) == [int(a) for a in legal]


def test_g4_3_never_lot_owner_sells_its_own_lot(auction_points) -> None:
    owners = [(g, legal) for g, legal in auction_points if g.decision == L.D_OWNER]
    assert owners
    base = preset_row("default", 4)
    for g, legal in owners:
        group = item_group(g)
        assert kept(g, restrict(base, never_lot=group), legal) == [A.OWNER_SELL]
        other = next(x for x in P.LOT_AXIS if x != group)
        assert sorted(kept(g, restrict(base, never_lot=other), legal)) == sorted(
            int(a) for a in legal
        )


def test_g6_7_never_column_removes_that_columns_develop_actions(auction_points) -> None:
    base = preset_row("default", 4)
    checked = plays = 0
    for g, legal in auction_points:
        if g.decision != L.D_TURN:
            continue
        cols = {A.develop_column(int(a)) for a in legal if A.turn_kind(int(a)) == A.T_DEVELOP}
        for col in cols:
            out = kept(g, restrict(base, never_column=P.COLUMN_AXIS[col]), legal)
            develop = [a for a in out if A.turn_kind(a) == A.T_DEVELOP]
            assert all(A.develop_column(a) != col for a in develop)
            assert len(out) < len(legal)
            # the other columns' steps and every other action stay
            assert [int(a) for a in legal if not steps_in(g, int(a), col)] == out
            checked += 1
            plays += sum(
                A.turn_kind(int(a)) == A.T_PLAY and steps_in(g, int(a), col) for a in legal
            )
    assert checked >= 5
    assert plays >= 1  # a buy-progress card naming the column was refused too (G7.4)


def steps_in(g: GameState, a: int, col: int) -> bool:
    """Whether turn action ``a`` takes a step in column ``col``: Develop, or a buy-progress
    card played for it."""
    if A.turn_kind(a) == A.T_DEVELOP:
        return A.develop_column(a) == col
    if A.turn_kind(a) == A.T_PLAY:
        effect = int(g.components.array[L.C_CARD_EFFECT + A.play_card(a)])
        return effect == L.CE_BUY_PROGRESS and A.play_column(a) == col
    return False


def test_restriction_that_leaves_nothing_falls_back_to_every_legal_action(
    auction_points,
) -> None:
    g = next(g for g, _ in auction_points if g.decision == L.D_TURN)
    only = np.array([A.develop(L.COL_SHIPS, -1)], dtype=np.int64)
    row = restrict(preset_row("default", 4), never_column="ships")
    assert not allowed(g.components.array, g.s, row, int(only[0]))
    assert kept(g, row, only) == [int(only[0])]


def test_names_set_restriction_columns_for_any_player() -> None:
    row = player_row("default+never_lot=flag/red+never_column=expedition", 4)
    assert restrictions_of(row) == {"never_lot": ["red", "flag"], "never_column": ["expedition"]}
    assert row[P.R_ANY] == 1
    assert player_row("default", 4)[P.R_ANY] == 0
    assert restrictions_of(player_row("default", 4)) == {}
    # the other columns of the row are default's
    plain = player_row("default", 4)
    assert np.array_equal(row[: P.N_BEHAVIOUR], plain[: P.N_BEHAVIOUR])
    search = player_row("mc:rollouts=8:decisions=colony_+1_card/bid+never_lot=scoring", 4)
    assert int(search[P.P_KIND]) == KIND_MC
    assert restrictions_of(search) == {"never_lot": ["scoring"]}
    assert restrictions_of(player_row("random+never_column=ships/taxes", 2)) == {
        "never_column": ["ships", "taxes"]
    }
    # a restriction joins parameter changes in any order
    mixed = player_row("default+never_lot=flag+deny=0", 3)
    assert mixed[P.P_DENY] == 0 and restrictions_of(mixed) == {"never_lot": ["flag"]}


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("default+never_lot=gold", "unknown lot kind 'gold'"),
        ("default+never_column=navy", "unknown column 'navy'"),
        ("default+never_lot=", "needs a value"),
        ("mc+never_column=ships/harvest/taxes/expedition/colonists", "every development column"),
        ("mc:rollouts=8+deny=0", "only a heuristic preset takes parameter changes"),
    ],
)
def test_bad_restrictions_are_one_line_errors(name: str, words: str) -> None:
    with pytest.raises(PresetError, match=words) as info:
        player_row(name, 4)
    assert "\n" not in str(info.value)


def test_rollout_table_keeps_restrictions_for_the_searching_seat_only() -> None:
    row = player_row("mc:rollouts=8+never_lot=flag", 4)
    for me in range(4):
        table = rollout_table(row, me)
        for q in range(4):
            assert table[q, P.R_NEVER_LOT + P.LOT_FLAG] == (1 if q == me else 0)
            assert table[q, P.R_ANY] == (1 if q == me else 0)
            assert table[q, P.P_KIND] == P.KIND_HEURISTIC


@pytest.mark.parametrize(
    "player",
    [
        "default+never_lot=flag/plantation+never_column=colonists",
        "random+never_lot=red/instant+never_column=ships",
        "mc:dets=2:rollouts=6:decisions=bid/owners_choice/action_turn+never_lot=flag/scoring"
        "+never_column=expedition",
        "ismcts:iters=12:dets=2:decisions=bid/action_turn+never_lot=special/red/plantation",
    ],
)
def test_every_player_kind_keeps_its_restrictions_in_play(player: str) -> None:
    """Seat 0's every choice is allowed (or nothing was), and the others are not bound."""
    lineup = [player, "default", "random"]
    row = player_row(player, 3)
    bound = 0
    free_breaks = 0
    g = new_game(3, 5)
    table = lineup_params(lineup, 3)
    while not is_over(g):
        legal = np.array(legal_actions(g), dtype=np.int64)
        a = int(choose(g.components.array, g.s, legal, len(legal), table))
        c, s = g.components.array, g.s
        ok = [bool(allowed(c, s, row, int(x))) for x in legal]
        if g.current_player == 0 and len(legal) > 1 and any(ok) and not all(ok):
            assert allowed(c, s, row, a), (g.decision, a)
            bound += 1
        elif g.current_player != 0 and not allowed(c, s, row, a):
            free_breaks += 1
        apply_action(g, a)
    assert bound >= 3
    # seat 1 and 2 make choices seat 0 may not: the restriction is seat 0's alone
    assert free_breaks >= 1
