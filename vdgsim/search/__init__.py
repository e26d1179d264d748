"""The search players written once for every game: flat Monte Carlo with successive halving
(:mod:`.flat`) and single-observer information-set MCTS (:mod:`.tree`), over the hooks a game
provides (:class:`.hooks.SearchHooks`: how to draw a determinization, play an action, play a
rollout to the end and read its outcome). Each game keeps a thin compiled entry point per
player that reads its own parameter row and passes its hooks; nothing here names a game.

The drivers are compiled with ``inline="always"``: a game's entry point (compiled with
``cache=True``) inlines the driver and calls its hooks statically. Passing the hooks to a
separately compiled driver would make numba embed the hooks' addresses in the caller, which
then cannot be cached.
"""
