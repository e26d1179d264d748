"""Scratch memory of the heuristic player: one int64 and one float64 array per game, carved
into fixed regions, so that a decision allocates nothing (allocations and their reference
counting were a third of the player's time)."""

from __future__ import annotations

import numpy as np

from vdgsim.games.vasco import layout as L

# int64 regions
WI_HAVE = 0  # crew held: 4 sailor colours, then missionaries
WI_HAVE2 = 8  # a second crew vector (recruit options, my_ships)
WI_K = 16  # sailors per colour of a recruit option
WI_PT = 24  # unlaunched projects (up to 35)
WI_LIMS = 64  # ship limits (up to 16)
WI_FVALS = 80  # support of the free number F (up to 10)
WI_BELOW = 96  # placement counts: (4 Areas + 2) x (N_NUMBERS + 1)
WI_GROUP = WI_BELOW + (L.N_AREAS + 2) * (L.N_NUMBERS + 1)  # lowest free number per group (64)
WI_SIZE = WI_GROUP + 64
# float64 regions
WF_CAP = 0  # rivals expected per free number, per Area (4)
WF_U0 = 8  # upper projects bought first (6)
WF_U1 = 16  # upper projects bought second (6)
WF_PSV = 24  # ship values of the unlaunched projects (35)
WF_INCS = 64  # ship incomes (16)
WF_GAIN = 80  # sailor bonus gain per colour (4)
WF_BONUS = 88  # landing bonus values (6)
WF_LAND = WF_BONUS + 8  # expedition value per landing (6)
WF_MERCH = WF_LAND + 8  # merchant ship value per landing slot (6 x 8)
WF_BASE = WF_MERCH + L.N_LANDINGS * L.MAX_SLOTS  # Area values after own discs (5)
WF_SIZE = WF_BASE + 8


def new_work() -> tuple[np.ndarray, np.ndarray]:
    """Fresh (int64, float64) scratch arrays."""
    return np.zeros(WI_SIZE, dtype=np.int64), np.zeros(WF_SIZE, dtype=np.float64)
