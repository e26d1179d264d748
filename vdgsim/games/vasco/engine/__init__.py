"""The compiled rules engine (numba): one module per rulebook topic.

Every rule function is ``@njit(cache=True, _nrt=False)``: the rules never allocate, so they
can run without numba's reference counting, which otherwise wraps every call between compiled
functions in atomic increments and decrements of its array arguments (measured: about 40%
more random-legal games per second). A rule function that needs an array must take it as an
argument; numba refuses to compile an allocation under ``_nrt=False``.
"""
