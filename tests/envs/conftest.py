"""The environment tests run once per game."""

from __future__ import annotations

from types import ModuleType

import pytest

from cardavia.envs import chuopai_v0, sisepai_v0

MODULES = {"sisepai": sisepai_v0, "chuopai": chuopai_v0}


@pytest.fixture(params=sorted(MODULES))
def module(request: pytest.FixtureRequest) -> ModuleType:
    """Each environment module in turn."""
    return MODULES[request.param]
