"""The column decoders (vdgsim.games.vasco.analysis.action_columns) agree with the scalar codec on
every legal action of random games, and refuse codec source they cannot evaluate."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from vdgsim import apply_action, is_over, legal_actions, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.analysis import action_columns as C
from vdgsim.games.vasco.analysis import bidding
from vdgsim.games.vasco.engine import actions as A

ROOT = Path(__file__).resolve().parents[2]

# column decoder, scalar decoder, further arguments
DECODERS: list[tuple[Callable[..., pl.Expr], Any, tuple[int, ...]]] = [
    (C.placement_number, A.placement_number, ()),
    (C.placement_area, A.placement_area, ()),
    (C.is_buy_two, A.is_buy_two, ()),
    (C.is_buy_sao_gabriel, A.is_buy_sao_gabriel, ()),
    (C.bought_space, A.bought_space, ()),
    *[(C.recruit_count, A.recruit_count, (colour,)) for colour in range(L.N_COLOURS)],
    (C.recruit_section, A.recruit_section, ()),
    (C.recruit_captain, A.recruit_captain, ()),
    (C.expedition_landing, A.expedition_landing, ()),
    (C.is_host, A.is_host, ()),
    (C.money_space, A.money_space, ()),
    (C.hosted_character, A.hosted_character, ()),
    (C.launch_tile, A.launch_tile, ()),
    (C.launch_crew, A.launch_crew, ()),
    (C.ship_send_tile, A.ship_send_tile, ()),
    (C.ship_send_slot, A.ship_send_slot, ()),
    (C.slot_code_landing, A.slot_code_landing, ()),
    (C.slot_code_slot, A.slot_code_slot, ()),
    (C.sailor_bonus_section, A.sailor_bonus_section, ()),
    (C.sailor_bonus_colour, A.sailor_bonus_colour, ()),
]


def _legal_codes() -> list[int]:
    codes: set[int] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4)):
        g = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not is_over(g):
            legal = legal_actions(g)
            codes.update(int(a) for a in legal)
            apply_action(g, rng.choice(legal))
    return sorted(codes)


@pytest.fixture(scope="module")
def codes() -> list[int]:
    return _legal_codes()


@pytest.mark.parametrize(
    ("column", "scalar", "args"), DECODERS, ids=lambda x: getattr(x, "__name__", str(x))
)
def test_column_decoder_equals_the_scalar_codec(
    codes: list[int], column: Callable[..., pl.Expr], scalar: Any, args: tuple[int, ...]
) -> None:
    # every code through every decoder: the arithmetic must agree whatever the code's kind
    expected = [scalar(a, *args) for a in codes]
    assert len(set(expected)) > 1  # the codes exercise the decoder
    got = pl.DataFrame({"action": codes}).select(column(pl.col("action"), *args)).to_series()
    if isinstance(expected[0], bool):
        assert got.dtype == pl.Boolean
    assert got.to_list() == expected


def test_legal_codes_include_recruits_with_captain_and_pairs(codes: list[int]) -> None:
    assert any(A.recruit_captain(a) and A.recruit_count(a, 1) for a in codes)
    assert any(A.is_buy_two(a) for a in codes)


def test_source_polars_cannot_evaluate_is_refused() -> None:
    def chained(a: Any) -> Any:  # a chained comparison would silently keep its second half
        return 7 <= a < 22

    class Wrapped:  # what a numba dispatcher offers
        py_func = staticmethod(chained)

    with pytest.raises(TypeError, match="truth value"):
        C.decode(Wrapped, pl.col("action"))


def test_items_gained_by_purchase_and_recruit() -> None:
    cols = ["game", "seat", "strategy", "round", "phase", "kind", "action", "paid", "context",
            "number", "area", "free_number"]  # fmt: skip
    act, purchase, recruiting = int(L.D_ACT), int(L.A_PURCHASE), int(L.A_RECRUITING)
    rows = [
        (0, 0, "x", 1, 2, act, A.buy_two(1, 4), 0, 9, 9, purchase, 8),
        (0, 1, "x", 1, 2, act, L.ACT_BUY_SAO_GABRIEL, 0, 10, 10, purchase, 8),
        (0, 2, "x", 1, 2, act, A.buy_one(5), 0, 11, 11, purchase, 8),
        (0, 3, "x", 1, 2, act, A.recruit(1, 0, 3, 2, 7, 0), 0, 12, 12, recruiting, 8),
        (0, 0, "x", 1, 2, act, A.recruit(L.RECRUIT_NO_SECTION, 0, 0, 0, 0, 1), 0, 13, 13,
         recruiting, 8),
    ]  # fmt: skip
    acts = bidding.act_rows(pl.DataFrame(rows, schema=cols, orient="row"))
    assert acts.sort("n")["items"].to_list() == [2, 1, 1, 12, 1]


def test_analysis_decodes_action_columns_without_jit():
    """The decoders are plain polars expressions: they work where nothing is compiled."""
    code = (
        "import polars as pl\n"
        "from vdgsim.games.vasco.analysis import action_columns as C\n"
        "from vdgsim.games.vasco.engine import actions as A\n"
        "df = pl.DataFrame({'a': [A.ship_send(3, 2), A.ship_send(7, 0)]})\n"
        "print(df.select(C.ship_send_tile(pl.col('a')))['a'].to_list())\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[3, 7]"
