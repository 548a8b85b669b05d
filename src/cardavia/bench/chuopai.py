"""Speed and memory of the Chuo Pai engine (``cardavia bench chuopai``).

Figures (rates are per second of the process's own CPU time, so that other work on a
shared machine does not distort them):

- ``deals_per_s``: whole deals per second on one core, from a shuffled deck to the
  outcome, every decision drawn uniformly from ``legal_actions()`` and every forced
  action applied by ``play_forced()`` (exactly what the arena's random player costs).
- ``legal_per_s``: ``legal_actions()`` calls per second over decision positions collected
  from random deals (leads and answers in their natural mix). States cache their legal
  actions, so each call is made on a fresh, equal copy of the position.
- ``peak_mb``: the process's peak resident set size (``resource.getrusage`` ``ru_maxrss``)
  at the end, interpreter and imports included. ``tracemalloc`` is not used because it
  slows allocation several-fold and would distort the speed figures.
"""

from __future__ import annotations

import random
import resource
import sys
import time
from typing import Any

from cardavia.games.chuopai import GAME, ChuoPaiState


def play_random_deal(rng: random.Random) -> ChuoPaiState:
    """One whole deal with a uniformly random legal policy; the final state."""
    deck, first = GAME.shuffle(rng)
    state, _, _ = GAME.deal(deck, first).play_forced()
    uniform = rng.random
    while state.to_act is not None:
        legal = state.legal_actions()
        # Uniform like rng.choice, without its Python-level rejection sampling.
        state, _ = state.apply(legal[int(uniform() * len(legal))])
        state, _, _ = state.play_forced()
    return state


def decision_positions(rng: random.Random, deals: int) -> list[ChuoPaiState]:
    """Every position of ``deals`` random deals where a seat had a choice."""
    positions: list[ChuoPaiState] = []
    for _ in range(deals):
        deck, first = GAME.shuffle(rng)
        state, _, _ = GAME.deal(deck, first).play_forced()
        while state.to_act is not None:
            positions.append(state)
            state, _ = state.apply(rng.choice(state.legal_actions()))
            state, _, _ = state.play_forced()
    return positions


def _deals_per_s(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deals = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or deals == 0:
        for _ in range(20):
            play_random_deal(rng)
        deals += 20
    return deals / elapsed


def _legal_per_s(seconds: float, seed: int) -> float:
    positions = decision_positions(random.Random(seed), 50)
    calls = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or calls == 0:
        for state in positions:
            # A fresh object per call: the cached answer of the first call must not count.
            ChuoPaiState._make(state).legal_actions()
        calls += len(positions)
    return calls / elapsed


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports kilobytes, macOS bytes.
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Measure for about ``seconds`` per figure; return the figures as a JSON-ready dict."""
    return {
        "game": GAME.name,
        "deals_per_s": round(_deals_per_s(seconds, seed), 1),
        "legal_per_s": round(_legal_per_s(seconds, seed), 1),
        "peak_mb": round(_peak_mb(), 1),
        "peak_mb_source": "ru_maxrss (whole process)",
        "python": sys.version.split()[0],
    }
