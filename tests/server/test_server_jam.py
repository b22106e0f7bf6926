"""One request cannot jam the server (issue 33): a real ``drawsafe serve --job-time 20`` on a
loopback port, a 140-player event one round from its end.

- ``rounds=500`` is refused before any work (422, the command line's exit-2 line);
- a heavy legal question (60 Swiss rounds) is stopped at the job time: its worker process is
  killed, the answer (503) comes within job time + 10 s;
- meanwhile a light question on another event (standings, its page) answers within 10 s;
- the next simulation runs in a fresh worker;
- SIGTERM during a simulation ends the server within 15 s, with no traceback in its log.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from server_helpers import RealServer, sample_bytes

JOB_TIME = 20


def event_140(folder: Path) -> Path:
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    path = folder / "e140.json"
    write_native_json(generate_event(140, 8, 7, 11, get_rules("mtg")), str(path))
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    import httpx

    folder = tmp_path_factory.mktemp("jam")
    path = event_140(folder)
    server = RealServer(str(folder), "--job-time", str(JOB_TIME))
    big = httpx.post(server.url + "/api/events?top=8", content=path.read_bytes(), timeout=60).json()
    small = httpx.post(server.url + "/api/events?top=8", content=sample_bytes(), timeout=60).json()
    yield server, path, big["id"], small["id"], folder
    server.stop()


def timed(fn):
    started = time.monotonic()
    result = fn()
    return result, time.monotonic() - started


def test_too_many_rounds_is_refused_at_once_as_on_the_command_line(served):
    import httpx

    server, path, big, _, _ = served
    r, seconds = timed(lambda: httpx.get(f"{server.url}/api/events/{big}/draw?rounds=500", timeout=60))
    assert r.status_code == 422 and seconds < 10
    print(f"rounds=500 refused in {1000 * seconds:.0f} ms")
    line = "--rounds 500: 140 players can play at most 139 Swiss rounds without a rematch (each opponent once)"
    assert r.json()["error"] == line
    top = httpx.post(f"{server.url}/api/draw?top=1000", content=path.read_bytes(), timeout=60)
    assert top.status_code == 422 and top.json()["error"].startswith("--top 1000: the event has 140 players")
    exe = Path(sys.executable).with_name("drawsafe")
    cli = subprocess.run([str(exe), "draw", str(path), "--rounds", "500"], capture_output=True, text=True,
                         timeout=120, check=False)
    assert cli.returncode == 2 and cli.stderr.strip() == f"drawsafe: error: {line}"


def test_a_heavy_question_is_stopped_and_a_light_one_answers_meanwhile(served):
    import httpx

    server, path, _, small, _ = served
    heavy = {}

    def ask_heavy():
        heavy["r"], heavy["s"] = timed(lambda: httpx.post(f"{server.url}/api/draw?rounds=60&seed=1",
                                                          content=path.read_bytes(), timeout=600))

    t = threading.Thread(target=ask_heavy)
    t.start()
    deadline = time.monotonic() + 30
    while httpx.get(server.url + "/api/status", timeout=10).json()["running"] is None:
        assert time.monotonic() < deadline, "the heavy question never started"
        time.sleep(0.2)
    light, seconds = timed(lambda: httpx.get(f"{server.url}/api/events/{small}/standings", timeout=60))
    assert light.status_code == 200 and seconds < 10, seconds
    print(f"a light question on another event meanwhile: {1000 * seconds:.0f} ms")
    page, seconds = timed(lambda: httpx.get(f"{server.url}/e/{small}?name=a", timeout=60))
    assert page.status_code == 200 and seconds < 10, seconds
    print(f"its page meanwhile: {1000 * seconds:.0f} ms")
    assert httpx.get(server.url + "/api/status", timeout=10).json()["running"] is not None  # still running
    t.join(JOB_TIME + 60)
    assert heavy["r"].status_code == 503 and "limit of 20 s" in heavy["r"].json()["error"]
    assert heavy["s"] < JOB_TIME + 10, heavy["s"]
    print(f"rounds=60 stopped after {heavy['s']:.1f} s (--job-time {JOB_TIME})")
    status = httpx.get(server.url + "/api/status", timeout=10).json()
    assert status["jobs"]["stopped"] == 1
    again, seconds = timed(lambda: httpx.get(f"{server.url}/api/events/{small}/draw?sims=2000", timeout=600))
    assert again.status_code == 200, again.text  # in a new worker
    print(f"first answer of the restarted worker: {seconds:.1f} s")


def test_sigterm_during_a_simulation_ends_the_server_cleanly(tmp_path):
    import httpx

    path = event_140(tmp_path)
    server = RealServer(str(tmp_path), "--job-time", str(JOB_TIME))
    try:
        t = threading.Thread(target=lambda: httpx.post(f"{server.url}/api/draw?rounds=60&seed=2",
                                                       content=path.read_bytes(), timeout=60), daemon=True)
        t.start()
        deadline = time.monotonic() + 30
        while httpx.get(server.url + "/api/status", timeout=10).json()["running"] is None:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        time.sleep(1)
        workers = [int(p) for p in subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True,
                                                  text=True, check=False).stdout.split()]
        assert workers
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=30)
        seconds = time.monotonic() - started
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert seconds < 15, seconds
    print(f"SIGTERM during a simulation: the server ended in {seconds:.1f} s")
    assert "Traceback" not in log, log
    assert server.proc.returncode in (0, -signal.SIGTERM), server.proc.returncode
    for pid in workers:  # the worker processes went with it
        deadline = time.monotonic() + 10
        while alive(pid):
            assert time.monotonic() < deadline, f"worker {pid} outlived the server"
            time.sleep(0.2)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
