"""The columns of a Goa player's parameter row.

A player is one float64 row of :data:`N_PARAMS` values; column :data:`P_KIND` selects the
policy, the other columns are that policy's behaviour parameters.
"""

from __future__ import annotations

N_PARAMS = 64
P_KIND = 0
KIND_RANDOM = 0
KIND_HEURISTIC = 1
POLICY_KINDS = {"random": KIND_RANDOM, "heuristic": KIND_HEURISTIC}
