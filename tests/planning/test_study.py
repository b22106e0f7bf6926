"""``drawsafe study``: one table whatever the workers, the split or an interruption."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from drawsafe.cli.main import main
from drawsafe.errors import UsageError
from drawsafe.planning import study as st
from drawsafe.simulation.question import Budget

GRID = {"players": "12,20", "rounds": "auto", "top": "4", "ids": "none,safe", "drops": "measured"}
SIMS = 120


def cells():
    return st.field_grid(**GRID)


def test_grid_parsing():
    assert st.parse_ints("33..65:16", "--players") == [33, 49, 65]
    assert st.parse_ints("33..60:16,8", "--players") == [8, 33, 49, 60]
    with pytest.raises(UsageError, match="--players"):
        st.parse_ints("10..x", "--players")
    with pytest.raises(UsageError, match="--ids"):
        st.field_grid("10", ids="never")
    assert len(cells()) == 4


def test_cell_seed_depends_on_the_cell_only():
    a, b = cells()[:2]
    assert st.cell_seed(0, a.key) == st.cell_seed(0, a.key) != st.cell_seed(0, b.key)
    assert st.cell_seed(1, a.key) != st.cell_seed(0, a.key)


def test_resume_after_an_interruption_gives_the_same_table(tmp_path):
    whole = st.run_study(cells(), tmp_path / "whole.csv", Budget(SIMS, seed=3))
    part = tmp_path / "part.csv"
    first = st.run_study(cells(), part, Budget(SIMS, seed=3), stop_after=1)
    assert first.ran == 1
    # a torn write: half of another cell's rows, the last line cut
    extra = st.run_cell(cells()[2], Budget(SIMS, None, 1000, 3))[2]
    text = st.rows_csv(extra[: len(extra) // 2], st.FIELD_COLUMNS, header=False)
    with open(part, "a") as f:
        f.write(text[:-7])
    again = st.run_study(cells(), part, Budget(SIMS, seed=3))
    assert again.skipped == 1 and again.ran == 3
    assert part.read_bytes() == (tmp_path / "whole.csv").read_bytes()
    assert pq.read_table(part.with_suffix(".parquet")).equals(pq.read_table(whole.parquet))
    # resuming a complete study runs nothing and changes nothing
    done = st.run_study(cells(), part, Budget(SIMS, seed=3))
    assert done.ran == 0 and part.read_bytes() == (tmp_path / "whole.csv").read_bytes()


def test_a_failed_cell_is_reported_and_the_rest_continue(tmp_path, monkeypatch):
    real = st.field_rows
    bad = cells()[1].key

    def flaky(cell, *args):
        if cell.key == bad:
            raise RuntimeError("worker exploded")
        return real(cell, *args)

    monkeypatch.setattr(st, "field_rows", flaky)
    res = st.run_study(cells(), tmp_path / "t.csv", Budget(SIMS, seed=3))
    assert res.failed == ((bad, "RuntimeError: worker exploded"),)
    assert {r["cell"] for r in res.rows} == {c.key for c in cells()} - {bad}


def test_a_local_cluster_gives_the_same_table(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    local = st.run_study(cells(), tmp_path / "local.csv", Budget(SIMS, seed=5))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = st.run_study(cells(), tmp_path / "dask.csv", Budget(SIMS, seed=5), client=client)
    assert remote.ran == len(cells())
    assert (tmp_path / "dask.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()
    assert local.rows == remote.rows


def test_cli_study_and_spec_file(tmp_path, monkeypatch):
    monkeypatch.setattr(st, "CONNECT_TIMEOUT", 2)
    out = tmp_path / "s.csv"
    png = tmp_path / "s.png"
    res = CliRunner().invoke(main, ["study", "--players", "12,20", "--top", "4", "--ids", "none", "--sims", "100",
                                    "--out", str(out), "--plot", str(png), "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["cells"] == 2 and summary["ran"] == 2 and summary["failed"] == []
    assert png.read_bytes()[:4] == b"\x89PNG"
    table = pq.read_table(out.with_suffix(".parquet")).to_pylist()
    assert {r["stage"] for r in table} == {"final", "before_last", "before_last_two"}
    spec = tmp_path / "grid.json"
    spec.write_text(json.dumps({"players": [12, 20], "top": 4, "ids": "none"}))
    res2 = CliRunner().invoke(main, ["study", "--spec", str(spec), "--sims", "100", "--out", str(tmp_path / "t.csv")])
    assert res2.exit_code == 0, res2.output
    assert (tmp_path / "t.csv").read_bytes() == out.read_bytes()
    bad = CliRunner().invoke(main, ["study", "--players", "12", "--scheduler", "tcp://127.0.0.1:1",
                                    "--out", str(tmp_path / "x.csv"), "--sims", "10"])
    assert bad.exit_code == 2 and "scheduler" in bad.output and "Traceback" not in bad.output
    bad = CliRunner().invoke(main, ["study", "--out", str(tmp_path / "y.csv")])
    assert bad.exit_code == 2 and "--players" in bad.output


def test_calibration_study_over_a_folder_of_real_events(tmp_path):
    import shutil

    from conftest import MELEE, need

    small = "srlandsmesterskap-sommer-2024-modern-93765-2024-06-08.json"
    shutil.copy(need(MELEE) / small, tmp_path / small)
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / "index.json").write_text(json.dumps([
        {"file": small, "players": 0, "swiss_rounds": 5, "playoff_first_round_matches": 4},
        {"file": "broken.json", "players": 0, "swiss_rounds": 5, "playoff_first_round_matches": 4}]))
    cells = st.event_cells(tmp_path, 8)
    assert [c.key for c in cells] == [small, "broken.json"]
    res = st.run_study(cells, tmp_path / "cal.csv", Budget(300, seed=1))
    assert [k for k, _ in res.failed] == ["broken.json"]
    assert res.rows and all(r["cell"] == small for r in res.rows)
    assert sum(r["made_cut"] for r in res.rows) == 8
    assert all(0 <= r["p_cut"] <= 1 for r in res.rows)
