"""Search players by name, for every game: ``mc``, ``mc:rollouts=512:dets=16:rollout=frugal``,
``ismcts:iters=128:decisions=act``.

The budget is part of the name: options follow the kind, each ``:key=value``; options left out
take their standard value. ``rollout`` names the preset that plays every seat in the rollouts
(never a search player; the game's standard rollout preset unless the name says otherwise).
``decisions`` limits the search to some decision kinds (the rollout preset decides the others),
which shows where search gains most over the preset. A game gives its columns, its decision
kinds and its error class in one :class:`SearchNames`; the reading is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from vdgsim.core.paramtable import SearchOption, parse_search_name

SEARCH_PLAYERS: tuple[tuple[str, str], ...] = (
    ("mc", "search: flat Monte Carlo over the legal actions (mc:rollouts=N:...)"),
    ("ismcts", "search: information-set Monte Carlo tree search (ismcts:iters=N:...)"),
)
"""The search kinds as ``vdg presets`` lists them (a game's ``search_players``)."""


@dataclass(frozen=True)
class SearchColumns:
    """Where a game's parameter row keeps a search player's kind, budget and rollout preset."""

    kind: int  # the row's policy kind (mc or ismcts)
    rollout_kind: int  # the policy kind of the rollout preset
    decisions: int  # bit d set: decision kind d is searched (0: every kind)
    rollouts: int
    dets: int
    margin: int
    iters: int
    uct_c: int
    widen: int
    inherit: tuple[slice, ...]  # the rollout preset's columns the search row carries


def standard_options(
    columns: SearchColumns, *, iters: int, dets_doc: str
) -> tuple[SearchOption, ...]:
    """The options of ``mc`` and ``ismcts`` with their standard values; the games differ only in
    ``ismcts``'s standard iterations and in what a determinization redraws."""
    c = columns
    big = 1_000_000
    return (
        SearchOption("rollouts", c.rollouts, ("mc",), 256, 1, big, True, "rollouts per decision"),
        SearchOption("dets", c.dets, ("mc", "ismcts"), 32, 1, big, True, dets_doc),
        SearchOption(
            "margin",
            c.margin,
            ("mc", "ismcts"),
            0.01,
            0.0,
            1.0,
            False,
            "reward per VP of lead over the best rival, added to the win share",
        ),
        SearchOption(
            "iters", c.iters, ("ismcts",), iters, 1, big, True, "tree iterations per decision"
        ),
        SearchOption(
            "uct_c", c.uct_c, ("ismcts",), 0.7, 0.0, 100.0, False, "UCB exploration constant"
        ),
        SearchOption(
            "widen",
            c.widen,
            ("ismcts",),
            1.0,
            0.0,
            100.0,
            False,
            "children allowed at a node: 1 + floor(widen * sqrt(visits))",
        ),
    )


@dataclass(frozen=True)
class SearchNames:
    """One game's search player names: its kinds (name → policy kind), row columns, options,
    decision kinds as a name spells them (index = decision code) and error class."""

    kinds: Mapping[str, int]
    columns: SearchColumns
    options: tuple[SearchOption, ...]
    decision_keys: tuple[str, ...]
    error: type[ValueError]
    standard_rollout: str = "default"

    def is_search_name(self, name: str) -> bool:
        """True when ``name`` (a player name without restrictions) names a search player."""
        return name.split(":", 1)[0].strip() in self.kinds

    def row(self, name: str, rollout_row: Callable[[str], np.ndarray]) -> np.ndarray:
        """The parameter row of the search player ``name``; ``rollout_row(preset)`` gives the
        rollout preset's row (and raises for a name that is not a preset)."""
        parsed = parse_search_name(name, self.kinds, self.options, self.decision_keys, self.error)
        rollout = parsed.rollout if parsed.rollout is not None else self.standard_rollout
        if self.is_search_name(rollout):
            raise self.error(f"{name!r}: the rollout player must be a preset, not {rollout!r}")
        preset = rollout_row(rollout)
        c = self.columns
        row = np.zeros_like(preset)
        for cols in c.inherit:
            row[cols] = preset[cols]
        row[c.rollout_kind] = preset[c.kind]
        row[c.kind] = self.kinds[parsed.kind]
        by_name = {o.name: o for o in self.options}
        for key, value in parsed.values.items():
            row[by_name[key].column] = value
        row[c.decisions] = parsed.decisions
        return row
