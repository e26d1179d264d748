"""Refining Goa's learned bids by play: ``python -m strategies.goa.learned.refine_bids``.

The bid weights (:mod:`strategies.goa.learned.bids`) start from the inherited preset's rule
(``bid_heuristic`` 1, the rest 0, or a learned preset's own bid weights) and move up the win
share against ``--opponent`` with :func:`vdgsim.core.linear_policy.refine` (antithetic pairs on
common games, seats rotated, each generation on new seeds). The marker weights stay as the
start preset has them. Perturbations are measured in score: :data:`BID_SCALE` is a bid
feature's typical spread, so a step moves every feature's say in a bid about alike. The result
is a learned preset file with both blocks of weights.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

import numpy as np

from strategies.goa import params as P
from strategies.goa.learned import bids as B
from strategies.goa.learned.collect import lineup_table
from strategies.goa.learned.model import write_learned_preset
from strategies.goa.lineup import player_row
from strategies.goa.loop import play_games
from vdgsim.core.linear_policy import refine
from vdgsim.games.goa.components import default_components

# 1 / the typical spread of each bid feature over the answers at a bid decision (ducats or VP
# for the values, the share of answers for the 0/1 features, tenths of ducats for the raises)
BID_SCALE = np.array([0.3, 0.3, 0.5, 0.3, 1.0, 1.0, 3.0, 3.0, 3.0, 1.0])
if len(BID_SCALE) != B.N_BID_FEATURES:
    raise ValueError("one scale per bid feature")


def start_weights(row: np.ndarray) -> np.ndarray:
    """A row's bid weights, or, without any, the inherited preset's rule as weights."""
    w = np.array(row[P.BW_FIRST : P.BW_END], dtype=np.float64)
    if not np.any(w):
        w[B.B_HEURISTIC] = 1.0
    return w


def with_bid_weights(row: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A copy of a learned row with bid weights ``w``."""
    out = row.copy()
    out[P.BW_FIRST : P.BW_END] = w
    return out


def win_share(
    components, player: np.ndarray, opponent: np.ndarray, players: int, seeds: np.ndarray
) -> float:
    """``player``'s mean win share over ``seeds`` in every seat against ``players - 1``
    ``opponent`` seats."""
    total = 0.0
    for seat in range(players):
        _, share = play_games(
            components, players, seeds, lineup_table(player, opponent, players, seat)
        )
        total += float(share[:, seat].sum())
    return total / (players * len(seeds))


def main(argv: list[str] | None = None) -> None:
    """Refine a learned preset's bid weights and write the preset file."""
    ap = argparse.ArgumentParser(prog="python -m strategies.goa.learned.refine_bids")
    ap.add_argument("out", type=Path, help="the learned preset file to write")
    ap.add_argument("--start", default="learned", help="learned preset (name or file)")
    ap.add_argument("--opponent", default="default")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--generations", type=int, default=10)
    ap.add_argument("--pairs", type=int, default=8)
    ap.add_argument("--games", type=int, default=200, help="games per candidate, seats rotated")
    ap.add_argument("--sigma", type=float, default=0.3)
    ap.add_argument("--step", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=3_000_000, help="first seed of the games")
    args = ap.parse_args(argv)
    comp = default_components()
    player = player_row(args.start, args.players)
    if int(player[P.P_KIND]) != P.KIND_LEARNED:
        raise SystemExit(f"--start {args.start}: expected a learned preset")
    opponent = player_row(args.opponent, args.players)
    per_seat = args.games // args.players

    def play(w: np.ndarray, g: int) -> float:
        first = args.seed + g * per_seat
        seeds = np.arange(first, first + per_seat, dtype=np.int64)
        return win_share(comp, with_bid_weights(player, w), opponent, args.players, seeds)

    def seen(g: int, w: np.ndarray) -> None:
        print(f"generation {g + 1}: " + " ".join(f"{v:.3f}" for v in w), file=sys.stderr)

    w = refine(
        play,
        start_weights(player),
        BID_SCALE,
        args.generations,
        args.pairs,
        args.sigma,
        args.step,
        seed=args.seed,
        on_generation=seen,
    )
    weights = np.concatenate([player[P.LW_FIRST : P.LW_END], w])
    argv_text = " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    provenance = {
        "command": f"python -m strategies.goa.learned.refine_bids {argv_text}",
        "start": args.start,
        "opponent": args.opponent,
        "players": args.players,
        "generations": args.generations,
        "pairs": args.pairs,
        "games": args.games,
        "seeds": [args.seed, args.seed + args.generations * per_seat - 1],
    }
    write_learned_preset(args.out, weights, provenance)


if __name__ == "__main__":
    main()
