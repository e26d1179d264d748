"""Goa's compiled rules engine (numba): one module per rulebook topic.

As in Vasco da Gama's engine every rule function is ``@njit(cache=True, _nrt=False)``: the
rules never allocate (arrays come in as arguments), so they run without numba's reference
counting. Rules read and write the state through the named views of :mod:`vdgsim.games.goa.state`.
"""
