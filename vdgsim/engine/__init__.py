"""The compiled rules engine (numba): one module per rulebook topic."""
