"""Named views of the state array: one per declared field, each over exactly its offsets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from numba import njit

from vdgsim.core.fieldtable import Field
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import state as S

ROOT = Path(__file__).resolve().parents[2]


def _declared(f: Field) -> np.ndarray:
    return np.arange(f.offset, f.offset + f.size)


def _changed(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    return np.flatnonzero(before != after)


def test_the_record_type_covers_the_whole_array_field_by_field() -> None:
    assert S.STATE_DTYPE.itemsize == L.S_SIZE * 8
    assert list(S.STATE_DTYPE.names) == [f.name for f in L.STATE_FIELDS]
    for f in L.STATE_FIELDS:
        s = np.zeros(L.S_SIZE, np.int64)
        s.view(S.STATE_DTYPE)[0][f.name] = 7
        assert (_changed(np.zeros_like(s), s) == _declared(f)).all(), f.name


def test_every_field_writes_exactly_its_declared_offsets_without_compilation() -> None:
    # what compiled rules see when NUMBA_DISABLE_JIT=1
    for f in L.STATE_FIELDS:
        s = np.arange(L.S_SIZE, dtype=np.int64)
        st = S.PlainStateView(s)
        if f.shape:
            field = getattr(st, f.name)
            assert field.shape == f.shape, f.name
            field[...] = -1
        else:
            assert getattr(st, f.name) == f.offset
            setattr(st, f.name, -1)
        assert (_changed(np.arange(L.S_SIZE), s) == _declared(f)).all(), f.name


@njit(_nrt=False)
def _write_by_name(s, p, col, landing, j):
    st = S.fields(s)
    st.sailors[p, col] += 5
    st.landing_slots[landing, j] = st.reals[p] + 100
    st.round = st.players + 100


@njit(_nrt=False)
def _write_by_offset(s, p, col, landing, j):
    s[L.S_SAILORS + p * L.N_COLOURS + col] += 5
    s[L.S_SLOT + landing * L.MAX_SLOTS + j] = s[L.S_REALS + p] + 100
    s[L.S_ROUND] = s[L.S_N_PLAYERS] + 100


def test_compiled_views_write_what_raw_offsets_write() -> None:
    rng = np.random.default_rng(5)
    for p, col, landing, j in [(0, 0, 0, 0), (3, 3, 5, L.MAX_SLOTS - 1), (2, 1, 4, 3)]:
        start = rng.integers(-9, 9, L.S_SIZE)
        by_name, by_offset = start.copy(), start.copy()
        _write_by_name(by_name, p, col, landing, j)
        _write_by_offset(by_offset, p, col, landing, j)
        assert (by_name == by_offset).all()
        assert len(_changed(start, by_name)) == 3


def test_views_work_without_compilation() -> None:
    script = (
        "import numpy as np\n"
        "from vdgsim.games.vasco import layout as L\n"
        "from vdgsim.games.vasco.engine import state as S\n"
        "s = np.zeros(L.S_SIZE, np.int64)\n"
        "st = S.fields(s)\n"
        "assert isinstance(st, S.PlainStateView)\n"
        "st.sailors[1, 2] += 3\n"
        "st.round = 4\n"
        "assert s[L.S_SAILORS + 6] == 3 and s[L.S_ROUND] == 4 and s.sum() == 7\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, check=True)


def test_a_game_state_reads_and_edits_its_own_array_through_field_names() -> None:
    from vdgsim import new_game

    g = new_game(players=3, seed=4)
    st = g.fields
    assert int(st.players) == 3 and int(st.round) == g.round == 1
    assert [int(x) for x in st.reals] == [int(g.s[L.S_REALS + p]) for p in range(4)]
    before = g.s.copy()
    st.sailors[2, 1] += 5
    st.round = 4
    changed = _changed(before, g.s)
    assert changed.tolist() == sorted([L.S_ROUND, L.S_SAILORS + 2 * L.N_COLOURS + 1])
    assert g.round == 4 and g.s[L.S_SAILORS + 2 * L.N_COLOURS + 1] == before[changed[-1]] + 5
