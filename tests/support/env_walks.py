"""Random walks through environment deals, for the environment and bench tests."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from cardavia.envs.aec import CardaviaEnv


def decisions(env: CardaviaEnv, seeds: range, pick_seed: int = 0) -> Iterator[int]:
    """Play deal ``seed`` for each seed with uniformly random legal numbers, yielding the
    deal seed before every decision (the environment is then at that decision)."""
    rng = np.random.default_rng(pick_seed)
    for seed in seeds:
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            yield seed
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(rng.choice(legal)))
