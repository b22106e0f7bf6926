"""The command line never writes over an input file (issue 40, finding 4): ``report -o``,
``--png-dir``, ``export -o`` and ``fetch -o`` (whose inputs are its cached answers) refuse, before
any work, a destination that is the input, through any name; one line, exit 2, the file unchanged.
A full disk is one line too (``write_atomic``), nothing half-written."""

from __future__ import annotations

import errno
import os

import pytest
from click.testing import CliRunner
from server_helpers import sample_bytes

from drawsafe.cli.main import main
from drawsafe.errors import StorageError
from drawsafe.writing import write_atomic


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(sample_bytes())
    return path


def test_report_never_writes_over_its_input(event, tmp_path):
    before = event.read_bytes()
    line = one_line(run("report", event, "-o", event, "--sims", 1000))
    assert line.startswith(f"drawsafe: error: -o {event}: is the input file") and "never overwrites its input" in line
    assert event.read_bytes() == before


def test_report_sees_the_input_through_a_link_and_another_spelling(event, tmp_path):
    before = event.read_bytes()
    link = tmp_path / "link.html"
    link.symlink_to(event)
    assert "is the input file" in one_line(run("report", event, "-o", link, "--sims", 1000))
    other = tmp_path / "sub"
    other.mkdir()
    assert "is the input file" in one_line(run("report", event, "-o", other / ".." / "a.json", "--sims", 1000))
    hard = tmp_path / "hard.html"
    os.link(event, hard)
    assert "is the input file" in one_line(run("report", hard, "-o", event, "--sims", 1000))
    assert event.read_bytes() == before


def test_png_dir_never_writes_over_the_input(tmp_path):
    folder = tmp_path / "png"
    folder.mkdir()
    event = folder / "1-draw-or-play.png"  # an event file under a figure's name (read by content)
    event.write_bytes(sample_bytes())
    line = one_line(run("report", event, "-o", tmp_path / "r.html", "--png-dir", folder, "--sims", 1000))
    assert line.startswith("drawsafe: error: --png-dir ") and "is the input file" in line
    assert event.read_bytes() == sample_bytes()
    assert not (tmp_path / "r.html").exists()  # nothing written at all


def test_export_never_writes_over_its_input(event, tmp_path):
    before = event.read_bytes()
    assert "is the input file" in one_line(run("export", event, "--to", "limitless", "-o", event))
    folder = tmp_path / "lim"
    folder.mkdir()
    (folder / "pairings.json").write_bytes(b"{}")
    inside = folder / "pairings.json"
    assert "is the input file" in one_line(run("export", inside, "--to", "limitless", "-o", folder))
    assert inside.read_bytes() == b"{}" and event.read_bytes() == before


def test_fetch_never_writes_over_its_cached_answers(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    cached = cache / "0123.json"
    cached.write_text("{}")
    monkeypatch.setenv("DRAWSAFE_FETCH_CACHE", str(cache))
    line = one_line(run("fetch", "https://lichess.org/swiss/abcdefgh", "-o", cached))
    assert "is the input file" in line and cached.read_text() == "{}"


def test_a_full_disk_is_one_line_and_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "r.html"
    target.write_text("old")

    class Full:
        def __init__(self, fd, mode):
            self.f = real(fd, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[:4096])
            self.f.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

    real = os.fdopen
    monkeypatch.setattr(os, "fdopen", Full)
    with pytest.raises(StorageError, match="no space left on device"):
        write_atomic(target, "x" * 100_000)
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]  # no temporary file left
