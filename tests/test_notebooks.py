"""Every notebook in notebooks/ runs top to bottom (few simulations: DRAWSAFE_NOTEBOOK_QUICK=1).

The kernel is the Python running the tests: its kernel spec is written to a temporary Jupyter data
folder (``ipykernel``'s own spec, pointing at ``sys.executable``) and put first on JUPYTER_PATH, so
no kernel has to be registered on the machine and the notebooks see the installed package.
Notebooks are committed without outputs; the test checks that too.

A notebook that needs the shared real-event data says so in its metadata
(``"drawsafe": {"needs_shared_data": true}``) and is skipped with a message when the data is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from conftest import ROOT, SHARED, need

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
KERNEL = "python3"
TIMEOUT = 300


@pytest.fixture(scope="module")
def kernel_env(tmp_path_factory):
    """JUPYTER_PATH with a ``python3`` kernel spec for this interpreter, first in the search."""
    from ipykernel.kernelspec import write_kernel_spec

    data = tmp_path_factory.mktemp("jupyter")
    write_kernel_spec(str(data / "kernels" / KERNEL))
    old = {k: os.environ.get(k) for k in ("JUPYTER_PATH", "DRAWSAFE_NOTEBOOK_QUICK", "DRAWSAFE_SHARED",
                                          "MPLBACKEND")}
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(data), old["JUPYTER_PATH"]]))
    os.environ["DRAWSAFE_NOTEBOOK_QUICK"] = "1"
    os.environ["DRAWSAFE_SHARED"] = str(SHARED)
    os.environ["MPLBACKEND"] = "Agg"
    yield
    for key, value in old.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def test_there_are_notebooks():
    assert {"can_i_draw_in.ipynb", "tiebreak_swings.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_without_outputs(path: Path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: strip the outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_runs_top_to_bottom(path: Path, kernel_env):
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    if nb.metadata.get("drawsafe", {}).get("needs_shared_data"):
        need(SHARED / "data")
    client = NotebookClient(nb, timeout=TIMEOUT, kernel_name=KERNEL,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
