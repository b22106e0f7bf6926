"""Shared helpers of the server tests: events with hostile names, a free port, a real server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from drawsafe.event.sample import sample_path

HOSTILE = ("<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "Åsa Ünïcødé",
           "Robert'); DROP TABLE events;--", "{{ 7*7 }}", "../../etc/passwd")


def sample_bytes() -> bytes:
    return Path(sample_path()).read_bytes()


def hostile_event(players: int = 12, rounds: int = 4, played: int = 3, seed: int = 5) -> bytes:
    """A small synthetic event (native JSON) whose first players have hostile names."""
    from drawsafe.event.io.export import write_native_json
    from drawsafe.simulation.generate import generate_event
    from drawsafe.tiebreaks.packs import get_rules

    event = generate_event(players, rounds, played, seed, get_rules("mtg"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "e.json")
        write_native_json(event, path)
        text = Path(path).read_text()
    for i, name in enumerate(HOSTILE):
        text = text.replace(json.dumps(f"P{i + 1:04d}"), json.dumps(name))
    return text.encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RealServer:
    """``drawsafe serve`` in a subprocess on a free loopback port (stopped by :meth:`stop`)."""

    def __init__(self, data_dir: str, *args: str, ready_timeout: float = 600.0):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        exe = Path(sys.executable).with_name("drawsafe")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "drawsafe.cli.main"]
        self.log = open(os.path.join(data_dir, "server.log"), "ab")  # noqa: SIM115  closed by stop()
        self.proc = subprocess.Popen(cmd + ["serve", "--port", str(self.port), "--data", data_dir, *args],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + ready_timeout
        import httpx

        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"drawsafe serve exited with {self.proc.returncode}")
            try:
                state = httpx.get(self.url + "/healthz", timeout=2).json()
                if state.get("status") == "ok" and state.get("kernels") != "warming":  # ready: warm
                    return
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError("drawsafe serve did not become ready")

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        self.log.close()
