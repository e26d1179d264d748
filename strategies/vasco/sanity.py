"""Behaviour statistics of a line-up, read from the event logs of replayed games.

Used by the sanity checks (``tests/vasco/test_strategies_sanity.py``) and to report how the
players behave: every landing used, every character hosted, crew-5 ships launched, paid and
free numbers taken, and the winning VP.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from strategies.vasco.loop import play_to_end
from strategies.vasco.registry import params_table
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.components import Components, default_components
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import flow


@dataclass
class BehaviourStats:
    """Counts over a set of games (seat-independent)."""

    games: int = 0
    winning_vp: list[int] = field(default_factory=list)
    ships_per_landing: np.ndarray = field(default_factory=lambda: np.zeros(L.N_LANDINGS, int))
    hosted: np.ndarray = field(default_factory=lambda: np.zeros(L.N_CHARACTERS, int))
    launches_by_crew: np.ndarray = field(default_factory=lambda: np.zeros(6, int))
    performed: int = 0
    paid: int = 0
    reals_paid_to_act: int = 0
    given_up: int = 0
    merchant_per_landing: np.ndarray = field(default_factory=lambda: np.zeros(L.N_LANDINGS, int))

    @property
    def free(self) -> int:
        """Numbers performed without a right-to-act cost."""
        return self.performed - self.paid

    def summary(self) -> dict[str, object]:
        """A JSON-able summary with readable names."""
        return {
            "games": self.games,
            "mean_winning_vp": float(np.mean(self.winning_vp)) if self.winning_vp else 0.0,
            "ships_per_landing": dict(
                zip(L.LANDING_NAMES, self.ships_per_landing.tolist(), strict=True)
            ),
            "merchant_ships_per_landing": dict(
                zip(L.LANDING_NAMES, self.merchant_per_landing.tolist(), strict=True)
            ),
            "hosted": dict(zip(L.CHARACTER_NAMES, self.hosted.tolist(), strict=True)),
            "launches_by_crew": {k: int(self.launches_by_crew[k]) for k in range(1, 6)},
            "numbers_performed": self.performed,
            "numbers_paid": self.paid,
            "numbers_free": self.free,
            "reals_paid_to_act": self.reals_paid_to_act,
            "numbers_given_up": self.given_up,
        }


def add_game(stats: BehaviourStats, comp: Components, s: np.ndarray, log: np.ndarray) -> None:
    """Add one finished game's event log to ``stats``."""
    rows = log[: min(int(s[L.S_LOG_N]), log.shape[0])]
    ev = rows[:, 0]
    n = int(s[L.S_N_PLAYERS])
    stats.games += 1
    stats.winning_vp.append(int(s[L.S_VP : L.S_VP + n].max()))
    slot_vp = rows[(ev == E.EV_VP) & (rows[:, 4] == L.VP_SLOT)]
    stats.ships_per_landing += np.bincount(slot_vp[:, 6], minlength=L.N_LANDINGS)
    merch = rows[(ev == E.EV_MERCHANT) & (rows[:, 5] == 1)]
    landings = np.fromiter((A.merchant_landing(a) for a in merch[:, 6]), np.int64, len(merch))
    stats.merchant_per_landing += np.bincount(landings, minlength=L.N_LANDINGS)
    hosted = rows[(ev == E.EV_GAIN) & (rows[:, 4] == E.G_CHARACTER) & (rows[:, 2] == L.PH_ACTIONS)]
    stats.hosted += np.bincount(hosted[:, 6], minlength=L.N_CHARACTERS)
    dec = rows[ev == E.EV_DECISION]
    launches = dec[(dec[:, 4] == L.D_LAUNCH) & (dec[:, 5] != L.LAUNCH_DONE)]
    tiles = np.fromiter((A.launch_tile(a) for a in launches[:, 5]), np.int64, len(launches))
    crews = comp.fields.proj_crew[tiles]
    stats.launches_by_crew += np.bincount(crews, minlength=6)[:6]
    acts = dec[dec[:, 4] == L.D_ACT]
    stats.performed += int((acts[:, 5] != L.GIVE_UP).sum())
    stats.given_up += int((acts[:, 5] == L.GIVE_UP).sum())
    pays = rows[(ev == E.EV_PAY) & (rows[:, 4] == L.PAY_RIGHT_TO_ACT)]
    stats.paid += len(pays)
    stats.reals_paid_to_act += int(pays[:, 5].sum())


def behaviour_stats(
    players: list[str],
    seeds: np.ndarray | list[int],
    components: Components | None = None,
) -> BehaviourStats:
    """Play one game per seed with the named players (one per seat) and gather statistics."""
    comp = components if components is not None else default_components()
    c = comp.array
    params = params_table(players)
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    stats = BehaviourStats()
    for seed in seeds:
        flow.new_game_state(c, s, log, len(players), int(seed))
        play_to_end(c, s, log, params, legal)
        add_game(stats, comp, s, log)
    return stats
