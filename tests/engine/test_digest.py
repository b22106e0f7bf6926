"""A pinned digest of a fixed simulation batch: restructuring the kernels must not change one bit.

Each case runs a fixed number of simulations with a fixed seed and hashes every output the kernels
write (cut counts, rank and points histograms, cut-at-points, focus cut/rank/keys, first-round table
outcomes, the cut line; for the last round's flips the base and flipped cut flags and outcomes).
The digests were computed on the code before the kernel arguments were bundled (commit d9ff3a0)
and must never change without a reason written in the commit message (a change of behaviour).

On failure the message names the case and every output's own digest, so a diff shows which
output moved.  ``python tests/test_digest.py`` prints the current digests.
"""

from __future__ import annotations

import hashlib
import sys
from types import SimpleNamespace

import numpy as np
import pytest

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.sample import sample_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Question
from drawsafe.simulation.scenarios import FlipEvaluator
from drawsafe.simulation.simulator import Simulator
from drawsafe.tiebreaks.packs import get_rules

SEED = 20261201
N = 300


def array_digest(a: np.ndarray) -> str:
    a = np.ascontiguousarray(a)
    h = hashlib.sha256(f"{a.dtype.str}{a.shape}".encode())
    h.update(a.tobytes())
    return h.hexdigest()[:16]


def batch_digests(obj, names) -> dict[str, str]:
    return {name: array_digest(getattr(obj, name)) for name in names}


SIM_OUTPUTS = ("cut", "rank_hist", "points_hist", "cut_at_points", "focus_cut", "focus_rank", "focus_keys",
               "table_outcome", "cut_line")
FLIP_OUTPUTS = ("base_cut", "flip_cut", "base_outcome", "flip_outcome")


def sample_sims() -> dict[str, str]:
    """The embedded sample (last round, pairings published): the full kernel with its tables."""
    event = sample_event()
    snap = take_snapshot(event)
    sim = Simulator(snap, get_rules(event.rules), Question())
    return batch_digests(sim.run(N, seed=SEED, focus=(0, 5, 11), keep_per_sim=True), SIM_OUTPUTS)


def sample_flips() -> dict[str, str]:
    """The sample's last round by flips: every table played, two of them drawing in the base."""
    event = sample_event()
    sim = Simulator(take_snapshot(event), get_rules(event.rules), Question())
    fr = sim.first_round
    modes = fr.mode.copy()
    playable = [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE]
    for t in playable[:2]:
        modes[t] = engine.INTENTIONAL
    tables = np.array(playable[:6], dtype=np.int64)
    flags, played, base = FlipEvaluator(sim, fr, SEED).worlds(modes, tables).rows(0, N)
    # the kept run's flags read as the flips were pinned: the base world's result, and the other
    # choice (an intentional draw where the base played, the played result where it drew)
    flipped = np.where(base == engine.ID, played, engine.ID)
    pick = np.arange(len(tables))[None, :]
    rows = np.arange(N)[:, None]
    batch = SimpleNamespace(base_cut=flags[rows, pick, base.astype(np.int64)],
                            flip_cut=flags[rows, pick, flipped.astype(np.int64)],
                            base_outcome=base, flip_outcome=flipped.astype(np.int8))
    return batch_digests(batch, FLIP_OUTPUTS)


def generated_sims(policy: str) -> dict[str, str]:
    """A generated 64-player event two rounds from its end (random middle round, last round by
    standings) under a future draw policy; "safe" runs the pilot too."""
    event = generate_event(64, 6, 4, seed=7)
    sim = Simulator(take_snapshot(event), get_rules("mtg"), Question(Cut(8), future_draws=policy))
    return batch_digests(sim.run(N, seed=SEED, first=1000, focus=(1, 2, 30), keep_per_sim=True), SIM_OUTPUTS)


def generated_event_digest() -> dict[str, str]:
    """generate_event itself (simulate_one called from Python): the played rounds' arrays."""
    event = generate_event(40, 5, 5, seed=3)
    snap = take_snapshot(event)
    return {name: array_digest(getattr(snap, name)) for name in ("opp", "kind", "gw", "gl", "gd")}


def chess_dutch() -> dict[str, str]:
    """A generated event under the FIDE pack: Dutch pairing and the chess tiebreak kernels.  The
    event is played with the best-of-three model it was pinned with (generated chess events now play
    one game a round by default, the chess pack's result defaults)."""
    event = generate_event(30, 7, 4, seed=11, rules=get_rules("fide"),
                           question=Question(future_draws="none", results=ResultModel()))
    sim = Simulator(take_snapshot(event), get_rules("fide"), Question(future_draws="none"))
    return batch_digests(sim.run(N, seed=SEED, focus=(0, 4), keep_per_sim=True), SIM_OUTPUTS)


CASES = {
    "sample_sims": sample_sims,
    "sample_flips": sample_flips,
    "generated_locked": lambda: generated_sims("locked"),
    "generated_safe": lambda: generated_sims("safe"),
    "generated_event": generated_event_digest,
    "chess_dutch": chess_dutch,
}


def case_digest(parts: dict[str, str]) -> str:
    return hashlib.sha256(repr(sorted(parts.items())).encode()).hexdigest()[:16]


#: Computed on commit d9ff3a0 (before the kernel restructure); see the module docstring.
PINNED = {
    "sample_sims": "8134bcfa91149fac",
    "sample_flips": "dbca518b8a36f454",
    "generated_locked": "45a397b3d26addae",
    "generated_safe": "a280be5e7a90bd93",
    "generated_event": "60ebcce2487aceec",
    "chess_dutch": "6826db7a7aa41f87",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_digest(name):
    parts = CASES[name]()
    assert case_digest(parts) == PINNED[name], f"{name} changed: {parts}"


if __name__ == "__main__":
    for name, fn in CASES.items():
        parts = fn()
        print(f'    "{name}": "{case_digest(parts)}",  # {parts}', file=sys.stdout)
