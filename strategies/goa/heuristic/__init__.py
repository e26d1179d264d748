"""Goa's compiled heuristic player: a VP valuation with tunable weights.

- :mod:`.values` — what a unit of each resource, a card and a development step is worth to a
  seat now (the development plan and its shortfalls);
- :mod:`.lots` — what an auction lot (a tile or the Flag) is worth to a seat;
- :mod:`.bidding` — the Flag, markers, bids and the owner's choice (G3, G4);
- :mod:`.acting` — the action turn and its sub-decisions (G5-G8);
- :mod:`.pick` — the best option with random tie-breaks from the player generator.
"""
