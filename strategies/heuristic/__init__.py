"""The parameterised heuristic player, one module per kind of decision.

- :mod:`.values`: shared valuations (Real value, the free-number distribution, projects,
  ships, crews, landings, bonuses, characters), all in VP;
- :mod:`.bidding`: Phase 1 placement (sequence number and Area) and Manuel I's disc;
- :mod:`.acting`: perform or give up, and how (purchase, recruit, expedition, characters);
- :mod:`.ships`: launching, ships and slots, merchant ships, landing bonuses, end boarding.
"""
