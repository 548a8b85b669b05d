"""PettingZoo's own checks of an environment pass for both games.

Any warning they raise fails the test, except the two PettingZoo gives every
environment with dictionary observations outside its own list of names (its classic
card games have exactly the same shape: ``{"observation", "action_mask"}``).
"""

from __future__ import annotations

from types import ModuleType

import pytest
from pettingzoo.test import api_test, seed_test

DICT_OBSERVATIONS = (
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.filterwarnings("error", *DICT_OBSERVATIONS)
def test_api_test_passes(module: ModuleType) -> None:
    api_test(module.env(render_mode="ansi"), num_cycles=1000)


@pytest.mark.filterwarnings("error", *DICT_OBSERVATIONS)
def test_the_raw_environment_passes_the_api_test_too(module: ModuleType) -> None:
    api_test(module.raw_env(), num_cycles=1000)


@pytest.mark.filterwarnings("error")
def test_seed_test_passes(module: ModuleType) -> None:
    seed_test(module.env, num_cycles=500)
