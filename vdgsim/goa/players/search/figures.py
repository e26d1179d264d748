"""Figures of Goa's search player (run, not tested): its win share against random players
with a Wilson 95% interval, and its speed.

    python -m vdgsim.goa.players.search.figures --games 40 --player mc

The search player sits in seat ``game mod players`` (seats rotated) against ``random``
opponents; a game is a pure function of its seed, so every figure is reproducible.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.components import default_components
from vdgsim.goa.engine import flow
from vdgsim.goa.engine import scoring as SC
from vdgsim.goa.players.search.dispatch import decide
from vdgsim.goa.players.search.names import lineup_params
from vdgsim.stats import wilson_interval


@njit(cache=True)
def play_game(c, players, seed, params, vp, share):
    """One game with :func:`decide` choosing for every seat; fills ``vp`` and ``share``."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((0, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    flow.new_game_state(c, s, log, players, seed, 0, 0, 0)
    st = S.fields(s)
    while st.step != L.ST_OVER:
        n = flow.legal_actions(c, s, legal)
        flow.apply(c, s, log, decide(c, s, legal, n, params))
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    SC.ranks_and_shares(s, rank, share)
    for p in range(players):
        vp[p] = st.vp[p]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--player", default="mc")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    c = default_components().array
    vp = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS)
    warm = lineup_params([a.player] + ["random"] * (a.players - 1), a.players)
    play_game(c, a.players, 0, warm, vp, share)  # compiles outside the timing
    won = 0.0
    lead = 0.0
    start = time.perf_counter()
    for g in range(a.games):
        seat = g % a.players
        names = ["random"] * a.players
        names[seat] = a.player
        play_game(c, a.players, a.seed + g, lineup_params(names, a.players), vp, share)
        won += share[seat]
        lead += vp[seat] - max(vp[q] for q in range(a.players) if q != seat)
    seconds = time.perf_counter() - start
    lo, hi = wilson_interval(won, a.games)
    print(
        f"{a.player} vs {a.players - 1} random, {a.games} games, seats rotated, seeds from {a.seed}"
    )
    print(
        f"win share {won / a.games:.3f}  Wilson 95% [{lo:.3f}, {hi:.3f}]"
        f"  (equal play: {1 / a.players:.3f})"
    )
    print(f"mean VP lead over the best rival {lead / a.games:+.2f}")
    print(f"{a.games / seconds:.3f} games/s ({seconds:.1f} s)")


if __name__ == "__main__":
    main()
