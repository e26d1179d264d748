"""Readable player names for summary tables.

A player given as a preset file is recorded under its path (``my/cautious.toml``), which says
little in a table and differs between machines; tables show the preset's own ``name`` (or the
file's stem) with the path after it: ``cautious (my/cautious.toml)``. Shipped presets and
their restrictions are already readable and are shown as given.
"""

from __future__ import annotations

from pathlib import Path

from strategies.presets import PresetError, load_preset


def _is_path(base: str) -> bool:
    # the same test strategies.registry uses to tell a preset file from a shipped name
    return base.endswith(".toml") or "/" in base or "\\" in base


def player_label(name: str) -> str:
    """How a player name reads in a summary table."""
    base, sep, restrictions = name.strip().partition("+")
    base = base.strip()
    if not _is_path(base):
        return name
    try:
        readable = load_preset(base).name
    except PresetError:
        # the run may have been made on another machine; the stem still reads better
        readable = Path(base).stem
    return f"{readable}{sep}{restrictions} ({base})"
