"""Cold start: how long the first run of a command takes with an empty kernel cache, and where it goes.

For each command (on the embedded sample event) a fresh subprocess runs it with ``NUMBA_CACHE_DIR``
pointing at a new empty folder (cold: every kernel compiles), then again with the same folder
(warm: every kernel loads from the cache).  The cold run records numba's compile events: per kernel
the number of variants compiled and the seconds spent, nested (a kernel's figure includes the
kernels it compiled on the way) and self (without them).  ``--help`` is timed warm only.

    python benchmarks/coldstart.py [--json] [--commands draw,standings,odds,report] [--repeat 1] [--no-ahead]

Cold means an empty cache folder: the kernels shipped with the package are unpacked into it and
nothing compiles; ``--no-shipped`` leaves them out, so that every kernel compiles (a source tree
whose kernels were edited since the archive was built).

``odds``, ``draw`` and ``report`` start a helper process that compiles the kernels they reach
last (the end of the simulation kernel; for ``draw`` and ``report`` the last round's flip kernel)
on the second core meanwhile (:mod:`drawsafe.app.ahead`): ``cold_cpu_s`` counts it,
``cold_own_cpu_s`` is the command's own process.

Each cold run of ``draw`` takes a minute or more on a loaded 2-core machine; the commands run one
after another, never in parallel (the compile is CPU-bound).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

#: Arguments per command (on the embedded sample; the report goes to a temporary file).
COMMANDS = {
    "help": ["--help"],
    "standings": ["standings", "--json"],
    "odds": ["odds", "--json"],
    "draw": ["draw", "--json"],
    "report": ["report", "-o", "{tmp}/report.html"],
}

#: Runs the command line inside the child, with a listener of numba's compile events that writes
#: {kernel: [variants, nested seconds, self seconds]} to the file named by DRAWSAFE_COMPILE_LOG.
CHILD = r"""
import json, os, sys, time
log = os.environ.get("DRAWSAFE_COMPILE_LOG")
stats = {}
if log:
    from numba.core import event

    class Recorder(event.Listener):
        def __init__(self):
            self.stack = []

        def on_start(self, ev):
            self.stack.append([time.perf_counter(), 0.0])

        def on_end(self, ev):
            start, inner = self.stack.pop()
            took = time.perf_counter() - start
            if self.stack:
                self.stack[-1][1] += took
            d = ev.data["dispatcher"]
            name = f"{d.py_func.__module__.removeprefix('drawsafe.')}.{d.py_func.__qualname__}"
            row = stats.setdefault(name, [0, 0.0, 0.0])
            row[0] += 1
            row[1] += took
            row[2] += took - inner

    event.register("numba:compile", Recorder())
import importlib
module, _, attr = os.environ.get("DRAWSAFE_ENTRY", "drawsafe.cli.main:main").partition(":")
main = getattr(importlib.import_module(module), attr)
try:
    main(sys.argv[1:], prog_name="drawsafe")
finally:
    if log:
        with open(log, "w") as f:  # the process's own CPU: without the helper process (engine.ahead)
            json.dump({"kernels": stats, "own_cpu_s": time.process_time()}, f)
"""


#: The interpreter and entry point run (``--python``/``--entry``: an older tree for "before" figures).
PYTHON = [sys.executable]
ENTRY = "drawsafe.cli.main:main"
#: Set in the command's environment (``--no-ahead``: DRAWSAFE_COMPILE_AHEAD=0).
EXTRA_ENV: dict[str, str] = {}


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args: list[str], cache: str, log: str | None, cwd: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of the command in a subprocess.  On a shared machine
    the CPU seconds are the steadier figure (compiling is single-threaded)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, DRAWSAFE_ENTRY=ENTRY, **EXTRA_ENV)
    env.pop("DRAWSAFE_COMPILE_LOG", None)
    if log:
        env["DRAWSAFE_COMPILE_LOG"] = log
    start, cpu = time.perf_counter(), cpu_of_children()
    done = subprocess.run([*PYTHON, "-c", CHILD, *args], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False,
                          cwd=cwd)  # a neutral folder: the tree measured is the interpreter's
    took, cpu = time.perf_counter() - start, cpu_of_children() - cpu
    if done.returncode != 0:
        raise SystemExit(f"drawsafe {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return took, cpu


def measure(command: str, repeat: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="drawsafe-coldstart-") as tmp:
        args = [a.format(tmp=tmp) for a in COMMANDS[command]]
        colds, cold_cpu, own_cpu, warms, warm_cpu, kernels = [], [], [], [], [], {}
        for i in range(repeat):
            cache = os.path.join(tmp, f"cache{i}")
            os.mkdir(cache)
            log = os.path.join(tmp, f"compile{i}.json")
            if command != "help":
                wall, cpu = run(args, cache, log, tmp)
                colds.append(wall)
                cold_cpu.append(cpu)
                with open(log) as f:
                    logged = json.load(f)
                kernels = logged["kernels"]
                own_cpu.append(logged["own_cpu_s"])
            for _ in range(2):
                wall, cpu = run(args, cache, None, tmp)
                warms.append(wall)
                warm_cpu.append(cpu)
    top = sorted(kernels.items(), key=lambda kv: -kv[1][1])
    return {
        "command": command,
        "cold_s": round(statistics.median(colds), 2) if colds else None,
        "cold_cpu_s": round(statistics.median(cold_cpu), 2) if cold_cpu else None,
        "cold_own_cpu_s": round(statistics.median(own_cpu), 2) if own_cpu else None,
        "warm_s": round(min(warms), 2),
        "warm_cpu_s": round(min(warm_cpu), 2),
        "compile_s": round(sum(v[2] for v in kernels.values()), 2),
        "kernels": [{"kernel": k, "variants": v[0], "nested_s": round(v[1], 2), "self_s": round(v[2], 2)}
                    for k, v in top],
    }


def main(argv=None) -> None:
    global ENTRY
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object per command, one a line")
    ap.add_argument("--commands", default="help,standings,odds,draw,report")
    ap.add_argument("--repeat", type=int, default=1, help="cold runs per command (median)")
    ap.add_argument("--top", type=int, default=12, help="kernels listed per command (text output)")
    ap.add_argument("--python", default=sys.executable, help="interpreter of the tree measured")
    ap.add_argument("--entry", default=ENTRY, help="module:function of the command line (the tree "
                    "before the package move: cli.main:main)")
    ap.add_argument("--no-ahead", action="store_true", help="no helper process compiling the late kernels "
                    "meanwhile (drawsafe.app.ahead): the single-process figures")
    ap.add_argument("--no-shipped", action="store_true", help="leave the kernels shipped with the package "
                    "out (DRAWSAFE_SHIPPED=0): cold is then a compile, as for a source tree with edited kernels")
    args = ap.parse_args(argv)
    if args.no_shipped:
        EXTRA_ENV["DRAWSAFE_SHIPPED"] = "0"
    if args.no_ahead:
        EXTRA_ENV["DRAWSAFE_COMPILE_AHEAD"] = "0"
    PYTHON[0], ENTRY = args.python, args.entry
    for command in args.commands.split(","):
        row = measure(command, args.repeat)
        if args.json:
            print(json.dumps(row), flush=True)
            continue
        cold = "-" if row["cold_s"] is None else (f"{row['cold_s']:.1f} s ({row['cold_cpu_s']:.1f} s CPU, "
                                                  f"{row['cold_own_cpu_s']:.1f} s in the command's process)")
        print(f"{command}: cold {cold}, warm {row['warm_s']:.2f} s ({row['warm_cpu_s']:.2f} s CPU), "
              f"compiling {row['compile_s']:.1f} s", flush=True)
        for k in row["kernels"][:args.top]:
            print(f"  {k['kernel']:<48} {k['variants']:>2} variant(s) {k['nested_s']:7.2f} s nested "
                  f"{k['self_s']:7.2f} s self", flush=True)


if __name__ == "__main__":
    main()
