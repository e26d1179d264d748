"""Regenerate the golden game traces: `.venv/bin/python tests/vasco/golden/regen.py`.

Each trace file holds a game's setup (players, seed), the actions taken (chosen by the
random-legal player) and the readable account they produce. The test replays the actions and
compares the account, so any change to the rules shows up as a diff of these files; review
the diff, then regenerate and commit them together with the rules change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from vdgsim.commands.play import compiled_chooser  # noqa: E402
from vdgsim.games.vasco.account import play_with_account  # noqa: E402
from vdgsim.games.vasco.game import new_game  # noqa: E402

GAMES = [(2, 101), (3, 202), (4, 303), (4, 7)]


def trace_path(players: int, seed: int) -> Path:
    return HERE / f"game_p{players}_s{seed}.txt"


def render(players: int, seed: int, actions: list[int], account: list[str]) -> str:
    header = {"players": players, "seed": seed, "strategy": "random", "actions": actions}
    return "\n".join([json.dumps(header), "", *account]) + "\n"


def main() -> None:
    for players, seed in GAMES:
        game = new_game(players=players, seed=seed)
        account, actions = play_with_account(game, compiled_chooser(["random"] * players))
        trace_path(players, seed).write_text(render(players, seed, actions, account))
        print(f"wrote {trace_path(players, seed)}")


if __name__ == "__main__":
    main()
