"""What the environment tests share: both environments, and random walks through deals."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import numpy as np
import pytest

from cardavia.envs import chuopai_v0, sisepai_v0
from cardavia.envs.aec import CardaviaEnv

MODULES = {"sisepai": sisepai_v0, "chuopai": chuopai_v0}


@pytest.fixture(params=sorted(MODULES))
def module(request: pytest.FixtureRequest) -> ModuleType:
    """Each environment module in turn."""
    return MODULES[request.param]


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
