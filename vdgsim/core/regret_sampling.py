"""Decision regret, either game: sample a line-up's decisions and roll out every legal action.

The line-up plays its games; at sampled decisions of the chosen kinds (every ``every``-th one
with more than one legal action) every legal action is rolled out ``rollouts`` times by the
game's compiled ``action_values``, each seat playing its own line-up preset afterwards. The
rollouts are the ``mc`` player's: determinizations of what the deciding seat may see and
common random numbers (action ``a``'s k-th rollout uses determinization ``k mod dets`` and the
k-th generator streams, the same for every action). The table records, per position and legal
action, the deciding seat's mean win share (ties split) and mean VP lead over the best rival,
each over the even and over the odd rollouts. :mod:`vdgsim.analysis.regret` turns it into
regret: the best action is picked on one half and scored on the other (and the other way
round), so picking the best of noisy estimates does not inflate it.

What differs between the games is a :class:`RegretKit` (``strategies.vasco.search.regret.KIT`` for
Vasco da Gama, ``strategies.goa.search.regret.KIT`` for Goa): its forward model, its
decision names, its compiled rollouts and its categories of choice.

The values are relative to the line-up's own continuation: an action is judged as if every
later decision were the presets' again. One ply of search improves on that; a parameter change
that follows the same direction at every decision need not (see docs/strategies.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core.paramtable import decision_mask

SCHEMA = {
    "position": pl.Int64,
    "game": pl.Int64,
    "seed": pl.Int64,
    "players": pl.Int64,
    "round": pl.Int64,
    "decision": pl.Utf8,
    "seat": pl.Int64,
    "preset": pl.Utf8,
    "action": pl.Int64,
    "text": pl.Utf8,
    "category": pl.Utf8,
    "chosen": pl.Boolean,
    "share_even": pl.Float64,
    "share_odd": pl.Float64,
    "lead_even": pl.Float64,
    "lead_odd": pl.Float64,
    "rollouts": pl.Int64,
}


@dataclass(frozen=True)
class RegretSettings:
    """What :meth:`RegretKit.sample_positions` samples and how hard it looks."""

    lineup: tuple[str, ...]
    games: int
    seed: int
    decisions: tuple[str, ...] = ()  # search names of decision kinds; () the game's usual ones
    every: int = 1
    rollouts: int = 64
    dets: int = 32


@dataclass(frozen=True)
class RegretKit:
    """What sampling regret needs of one game. ``State`` is the game's step-by-step
    ``GameState`` (``decision``, ``current_player`` and ``s`` are read here)."""

    # decision kinds by code, as a search player's decisions= spells them (code 0: none)
    decision_keys: tuple[str, ...]
    default_decisions: tuple[str, ...]  # sampled when the settings name none
    kind_column: int  # the parameter column holding a player's kind
    search_kinds: tuple[int, ...]  # the kinds that are search players
    max_legal: int
    default_components: Callable[[], Any]
    new_game: Callable[[int, int, Any], Any]  # (players, seed, components) -> State
    is_over: Callable[[Any], bool]
    legal_actions: Callable[[Any], list[int]]
    apply_action: Callable[[Any, int], None]
    round_of: Callable[[Any], int]
    describe: Callable[[Any, int], str]  # (State, action) -> the action in words
    # (State, action, chosen action) -> a coarse name of the choice (an Area, a kind of action)
    category: Callable[[Any, int, int], str]
    # compiled (c, s, legal, n, table): the line-up preset's own choice
    choose: Callable[..., int]
    # compiled (c, s, legal, n, table, me, rollouts, dets, seed, share, lead): fills
    # share[a, k] and lead[a, k] of rollout k after legal action a (common random numbers)
    action_values: Callable[..., None]

    def decision_kinds(self, names: Sequence[str]) -> list[int]:
        """Decision codes of names spelled as a search player's ``decisions=``, read by the
        same :func:`vdgsim.core.paramtable.decision_mask`; an unknown name is a one-line ValueError
        naming the known ones."""
        out = []
        for name in names:
            mask = decision_mask(name, name, self.decision_keys, ValueError)  # "a/b" too
            out += [d for d in range(mask.bit_length()) if (mask >> d) & 1]
        return out

    def check_settings(self, settings: RegretSettings, table: np.ndarray) -> None:
        """One-line ValueErrors for settings :meth:`sample_positions` cannot run."""
        kinds = table[: len(settings.lineup), self.kind_column]
        if np.any(np.isin(kinds, self.search_kinds)):
            # the rollouts replay every seat's preset thousands of times per position
            raise ValueError("regret needs scripted players (presets), not search players")
        if settings.rollouts < 2 or settings.rollouts % 2:
            raise ValueError(f"rollouts must be even and at least 2, got {settings.rollouts}")
        if settings.games < 1 or settings.every < 1 or settings.dets < 1:
            raise ValueError("games, every and dets must be at least 1")
        self.decision_kinds(self.decisions_of(settings))

    def decisions_of(self, settings: RegretSettings) -> tuple[str, ...]:
        """The decision kinds ``settings`` samples: its own, else the game's usual ones."""
        return settings.decisions or self.default_decisions

    def sample_positions(
        self,
        settings: RegretSettings,
        table: np.ndarray,
        components: Any = None,
        on_game: Callable[[int, int], None] | None = None,
    ) -> pl.DataFrame:
        """Play ``settings.games`` games of the line-up (game ``i`` on seed ``seed + i``) and
        return one row per sampled position and legal action (columns :data:`SCHEMA`).

        ``table`` is the line-up's parameter table (scripted presets only: the rollouts replay
        them). ``on_game(done, positions)`` is called after each game (progress)."""
        self.check_settings(settings, table)
        comp = components if components is not None else self.default_components()
        c = comp.array
        kinds = set(self.decision_kinds(self.decisions_of(settings)))
        players = len(settings.lineup)
        rows: dict[str, list] = {k: [] for k in SCHEMA}
        position = 0
        legal = np.zeros(self.max_legal, dtype=np.int64)
        for g in range(settings.games):
            state = self.new_game(players, settings.seed + g, comp)
            seen = 0
            while not self.is_over(state):
                listed = self.legal_actions(state)
                n = len(listed)
                legal[:n] = listed
                # the preset's own choice, made on the game's state as in any game: its
                # tie-breaks come from the player generator, which the rollouts reseed (in
                # their copies) and never advance
                chosen = int(self.choose(c, state.s, legal, n, table))
                if state.decision in kinds and n > 1:
                    seen += 1
                    if seen % settings.every == 0:
                        self._record(rows, state, legal, n, chosen, table, settings, position, g, c)
                        position += 1
                self.apply_action(state, chosen)
            if on_game is not None:
                on_game(g + 1, position)
        return pl.DataFrame(rows, schema=SCHEMA)

    def _record(self, rows, state, legal, n, chosen, table, settings, position, game, c) -> None:
        me = state.current_player
        share = np.zeros((n, settings.rollouts))
        lead = np.zeros((n, settings.rollouts))
        # the search seed is a pure function of the settings and the position, never of the
        # game's generators (which the preset's decisions use)
        seed = int(np.random.SeedSequence([settings.seed, game, position]).generate_state(1)[0])
        self.action_values(
            c, state.s, legal, n, table, me, settings.rollouts, settings.dets, seed, share, lead
        )
        for a in range(n):
            code = int(legal[a])
            rows["position"].append(position)
            rows["game"].append(game)
            rows["seed"].append(settings.seed + game)
            rows["players"].append(len(settings.lineup))
            rows["round"].append(self.round_of(state))
            rows["decision"].append(self.decision_keys[state.decision])
            rows["seat"].append(me)
            rows["preset"].append(settings.lineup[me])
            rows["action"].append(code)
            rows["text"].append(self.describe(state, code))
            rows["category"].append(self.category(state, code, chosen))
            rows["chosen"].append(code == chosen)
            rows["share_even"].append(float(share[a, 0::2].mean()))
            rows["share_odd"].append(float(share[a, 1::2].mean()))
            rows["lead_even"].append(float(lead[a, 0::2].mean()))
            rows["lead_odd"].append(float(lead[a, 1::2].mean()))
            rows["rollouts"].append(settings.rollouts)
