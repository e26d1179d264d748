"""Goa's search players ``mc`` (flat Monte Carlo over determinizations) and ``ismcts``
(information-set Monte Carlo tree search), through the same protocol as Vasco da Gama's: a row
of the players' table, its budget in the name.

It sees only what its seat may see (G9.5): every determinization is redrawn from public
information (:mod:`.determinize`). :func:`strategies.goa.policy.choose` sends its rows
here.
"""

from strategies.goa.search.names import (
    SEARCH_OPTIONS,
    STANDARD_ROLLOUT,
    SearchNameError,
    is_search_name,
    search_row,
)
from strategies.goa.search.params import KIND_ISMCTS, KIND_MC

__all__ = [
    "KIND_ISMCTS",
    "KIND_MC",
    "SEARCH_OPTIONS",
    "STANDARD_ROLLOUT",
    "SearchNameError",
    "is_search_name",
    "search_row",
]
