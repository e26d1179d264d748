"""Suite-wide ordering: tests marked ``fills_cache`` run first, so that on a machine with a
cold compiled cache the compilation they wait for in a subprocess is loaded, not repeated, by
every later test."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("fills_cache") is None)
