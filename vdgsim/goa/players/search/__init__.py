"""Goa's search players ``mc`` (flat Monte Carlo over determinizations) and ``ismcts``
(information-set Monte Carlo tree search), through the same protocol as Vasco da Gama's: a row
of the players' table, its budget in the name.

It sees only what its seat may see (G9.5): every determinization is redrawn from public
information (:mod:`.determinize`). :func:`vdgsim.goa.players.policy.choose` sends its rows
here.
"""

from vdgsim.goa.players.search.names import (
    SEARCH_OPTIONS,
    STANDARD_ROLLOUT,
    SearchNameError,
    is_search_name,
    search_row,
)
from vdgsim.goa.players.search.params import KIND_ISMCTS, KIND_MC

__all__ = [
    "KIND_ISMCTS",
    "KIND_MC",
    "SEARCH_OPTIONS",
    "STANDARD_ROLLOUT",
    "SearchNameError",
    "is_search_name",
    "search_row",
]
