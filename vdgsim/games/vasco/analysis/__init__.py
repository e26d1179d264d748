"""Vasco da Gama's own analyses: run tables in, tidy tables out, one module per question.

- :mod:`.bidding`: the free number F, numbers taken/performed/given up, and what an early
  number is worth; :mod:`.action_columns`: the action codes of the decisions table in words;
- :mod:`.ports`: landings; :mod:`.characters`: characters; :mod:`.ships`: each ship's fate.

The game-free analyses (seats, matchups, sweeps, measures, paired designs) are in
:mod:`vdgsim.analysis`.
"""
