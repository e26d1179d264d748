"""Golden traces: replaying a recorded game's actions gives the recorded account exactly.

A failure means the rules (or the account's wording) changed: read the diff, and if the
change is intended, regenerate with `.venv/bin/python tests/vasco/golden/regen.py`.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from vdgsim.games.vasco.account import replay_with_account
from vdgsim.games.vasco.game import new_game

GOLDEN = sorted((Path(__file__).parent / "golden").glob("game_*.txt"))


def test_golden_traces_exist() -> None:
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_trace_replays_identically(path: Path) -> None:
    header, _, *recorded = path.read_text().splitlines()
    spec = json.loads(header)
    game = new_game(players=spec["players"], seed=spec["seed"])
    account = replay_with_account(game, spec["actions"])
    if account != recorded:
        diff = "\n".join(difflib.unified_diff(recorded, account, "golden", "now", lineterm=""))
        pytest.fail(f"{path.name} differs from the engine's account:\n{diff[:4000]}")
