"""experiments/explore.ipynb runs top to bottom (nbclient, this interpreter), shows every
figure once with a caption, and reaches its paired interval; the Python snippets of
docs/batch.md run as written (at smaller sizes)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "experiments" / "explore.ipynb"
BATCH_DOC = ROOT / "docs" / "batch.md"

# Test-only cells around the notebook: count the figures it creates (each must be shown
# exactly once) and report the paired effects as JSON.
_COUNT_FIGURES = """
import matplotlib.pyplot as _plt
_created = []
_figure = _plt.figure
def _counting_figure(*args, **kwargs):
    fig = _figure(*args, **kwargs)
    _created.append(fig)
    return fig
_plt.figure = _counting_figure
"""
_REPORT = """
import json as _json
print("NBTEST" + _json.dumps({
    "figures": [
        {
            "title": (f._suptitle.get_text() if f._suptitle else "")
            + " ".join(a.get_title() for a in f.axes),
            "caption": " ".join(t.get_text() for t in f.texts if t.get_gid() == "caption"),
        }
        for f in _created
    ],
    "effects": effects.to_dicts(),
    "games": GAMES,
    "work_left": WORK.exists(),
}))
"""


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    n_cells = len(nb.cells)
    nb.cells.insert(0, nbformat.v4.new_code_cell(_COUNT_FIGURES))
    nb.cells.append(nbformat.v4.new_code_cell(_REPORT))
    # "python3" resolves to the interpreter running the tests; the kernel inherits the
    # environment (PYTHONPATH). The notebook runs at its own default size, as a reader sees it.
    mp = pytest.MonkeyPatch()
    mp.delenv("VDG_NB_GAMES", raising=False)
    try:
        NotebookClient(
            nb,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(tmp_path_factory.mktemp("nb"))}},
        ).execute()
    finally:
        mp.undo()
    report = None
    for o in nb.cells[-1].get("outputs", []):
        for line in o.get("text", "").splitlines():
            if line.startswith("NBTEST"):
                report = json.loads(line[len("NBTEST") :])
    assert report is not None, nb.cells[-1].get("outputs")
    return nb.cells[1 : 1 + n_cells], report


def _outputs(cell):
    return cell.get("outputs", []) if cell.cell_type == "code" else []


def test_notebook_has_no_errors(executed):
    cells, _ = executed
    errors = [o for c in cells for o in _outputs(c) if o.get("output_type") == "error"]
    assert not errors, errors[0]["ename"] + ": " + errors[0]["evalue"] if errors else ""


def test_every_figure_shown_once_with_title_and_caption(executed):
    cells, report = executed
    for c in cells:
        images = [o for o in _outputs(c) if "image/png" in o.get("data", {})]
        want = 1 if "figure" in c.metadata.get("tags", []) else 0
        # a figure both returned as the cell's value and shown by the inline backend
        # appears twice; a chart cell must show exactly one image, other cells none
        assert len(images) == want, c.source[:80]
    shown = sum(1 for c in cells for o in _outputs(c) if "image/png" in o.get("data", {}))
    assert shown == len(report["figures"]) >= 2
    for fig in report["figures"]:
        assert fig["title"].strip()
        assert re.search(r"n = [\d,]+ games · seed \d+", fig["caption"]), fig
    titles = " ".join(f["title"] for f in report["figures"])
    assert "seats not rotated" in titles and "seats rotated" in titles


def test_paired_interval_is_reported(executed):
    _, report = executed
    effects = {e["arm"]: e for e in report["effects"]}
    assert set(effects) == {"character_focus", "never_manuel"}
    for e in effects.values():
        assert e["n_games"] == report["games"] >= 400
        assert e["n_deals"] == e["n_games"] // 4  # the four rotations of a deal: one cluster
        for col in ("win_share", "vp"):
            lo, mid, hi = e[f"{col}_low"], e[f"{col}_diff"], e[f"{col}_high"]
            assert all(math.isfinite(x) for x in (lo, mid, hi))
            assert lo < mid < hi
        assert e["win_share_low"] >= -1.0 and e["win_share_high"] <= 1.0


def _python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", markdown, flags=re.S | re.M)


def test_batch_doc_python_snippets_run(tmp_path, monkeypatch):
    """Every ```python block of docs/batch.md runs in order, in a scratch directory, with game
    counts capped and one worker (the code is otherwise as written: imports included)."""
    blocks = _python_blocks(BATCH_DOC.read_text(encoding="utf-8"))
    assert blocks, "docs/batch.md has no python snippets"
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__main__"}
    for block in blocks:
        small = re.sub(
            r"games=([\d_]+)", lambda m: f"games={min(int(m[1].replace('_', '')), 200)}", block
        )
        small = re.sub(r"jobs=\d+", "jobs=1", small)
        exec(compile(small, str(BATCH_DOC), "exec"), namespace)


def test_notebook_leaves_no_run_directories_behind(executed):
    _, report = executed
    assert report["work_left"] is False
