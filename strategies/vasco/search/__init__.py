"""Search players over the compiled forward model: flat Monte Carlo (:mod:`.mc`) and
information-set MCTS (:mod:`.ismcts`). Both see only what their seat may see (RULES R9.4):
every determinization is drawn from public information (:mod:`.determinize`)."""
