"""experiments/explore.ipynb runs top to bottom at small sizes (nbclient, this interpreter)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "experiments" / "explore.ipynb"


def test_explore_notebook_executes(monkeypatch):
    # the kernel inherits the environment: small sizes
    monkeypatch.setenv("VDG_NB_GAMES", "40")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # "python3" resolves to the interpreter running the tests (jupyter_client maps "python")
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 2  # the redrawn chart and the comparison chart
    text = " ".join(str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "win_share_diff" in text
