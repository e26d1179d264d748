"""Suite-wide ordering: tests marked ``fills_cache`` run first, so that on a machine with a
cold compiled cache the compilation they wait for in a subprocess is loaded, not repeated, by
every later test."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("fills_cache") is None)


def pytest_sessionstart(session: pytest.Session) -> None:
    """One line before the first test when the compiled cache is cold: the first tests then
    wait for the engine to compile (a few minutes, once per machine and source version)."""
    from vdgsim.core import _numba_cache

    if _numba_cache.jit_disabled() or _numba_cache.is_warm():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(
            "vdgsim: the compiled cache is cold: the first tests compile the engine for this "
            "machine (once; about 3 to 5 minutes)"
        )
