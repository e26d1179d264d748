"""Tournament plans: which line-ups a tournament plays, checked before anything is written."""

from __future__ import annotations

import pytest

from vdgsim.runner import lineups, tournament, tournament_plan


def test_lineups_leave_out_mirror_matches_unless_asked():
    assert lineups(["a", "b"], 2) == [("a", "b")]
    assert lineups(["a", "b"], 2, mirror=True) == [("a", "a"), ("a", "b"), ("b", "b")]
    assert lineups(["a", "b", "a"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    # one preset makes only mirror matches: nothing is left without mirror
    assert lineups(["a"], 3) == []
    assert lineups(["a"], 3, mirror=True) == [("a", "a", "a")]


def test_plan_names_each_line_up_after_its_player_count():
    plan = tournament_plan(["random", "default"], [2, 3], games=5)
    assert [e["name"] for e in plan] == ["2p-00", "3p-00", "3p-01"]
    assert [e["games"] for e in plan] == [6, 6, 6]  # whole seat rotations


@pytest.mark.parametrize(
    ("presets", "counts", "mirror", "message"),
    [
        (["random"], [2], False, "mirror"),
        (["random", "random"], [2], False, "mirror"),
        (["random", "default"], [2, 3, 2], False, "twice"),
        (["random", "default"], [5], False, "2 to 4"),
        (["random", "default"], [], False, "player count"),
        ([], [2], False, "preset"),
    ],
)
def test_bad_plans_are_refused(presets, counts, mirror, message):
    with pytest.raises(ValueError, match=message):
        tournament_plan(presets, counts, games=2, mirror=mirror)


def test_tournament_refuses_before_touching_its_directory(tmp_path):
    out = tmp_path / "t"
    with pytest.raises(ValueError, match="resume and force"):
        tournament(["random", "default"], [2], games=2, out=out, resume=True, force=True)
    with pytest.raises(ValueError, match="twice"):
        tournament(["random", "default"], [2, 2], games=2, out=out)
    with pytest.raises(ValueError, match="seed"):
        tournament(["random", "default"], [2], games=2, seed=2**63, out=out)
    with pytest.raises(ValueError, match="spark"):
        tournament(["random", "default"], [2], games=2, backend="spark", out=out)
    assert not out.exists()
