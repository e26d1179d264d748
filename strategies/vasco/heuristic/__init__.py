"""The parameterised heuristic player, one module per kind of decision.

- :mod:`.values`: shared valuations (Real value, the free-number distribution, projects,
  ships, crews, landings, bonuses, characters), all in VP;
- :mod:`.bidding`: Phase 1 placement (sequence number and Area) and Manuel I's disc;
- :mod:`.acting`: perform or give up, and how (purchase, recruit, expedition, characters);
- :mod:`.ships`: launching, ships and slots, merchant ships, landing bonuses, end boarding;
- :mod:`.work`: the per-game scratch memory (a decision allocates nothing).

Hot loops call only helpers with scalar arguments: in numba, passing arrays into a helper
inside a loop costs reference counting, which was once a third of the player's time.
"""
