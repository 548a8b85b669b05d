"""``cardavia bench env``: environment steps per CPU second beside the engine's own.

For each game, the environment plays whole deals (``reset(seed=…)``, then ``last()``
and ``step()`` with a uniformly random legal number from the mask, as a trainer's loop
does) for about ``seconds`` of CPU time. The engine then plays **the same deals with
the same decisions** through :class:`cardavia.records.deal.Deal` (``legal_actions()``
and ``act()`` per decision, forced actions applied by the engine), so the two rates
differ only by what the environment adds: views, observation vectors, masks, infos and
PettingZoo's bookkeeping. Rates are per second of the process's own CPU time
(``time.process_time``), measured one after the other in one process.
"""

from __future__ import annotations

import sys
import time
from types import ModuleType
from typing import Any

import numpy as np

from cardavia.envs import chuopai_v0, sisepai_v0
from cardavia.records.deal import Deal

ENVS: tuple[ModuleType, ...] = (sisepai_v0, chuopai_v0)


def _env_deals(module: ModuleType, seconds: float, seed: int) -> tuple[float, list[Any]]:
    """CPU seconds and the deals played (each a finished ``Deal``)."""
    env = module.raw_env()
    rng = np.random.default_rng(seed)
    deals: list[Any] = []
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or not deals:
        env.reset(seed=seed + len(deals))
        while not env.terminations[env.agent_selection]:
            observation, _, _, _, _ = env.last()
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
        deals.append(env.deal)
    return elapsed, deals


def _engine_replay(game: Any, deals: list[Any]) -> float:
    """CPU seconds to play ``deals`` again, decision by decision, on the engine alone."""
    plans = [
        (deal.deck, deal.first, [game.parse_action(text) for _, text in deal.decisions])
        for deal in deals
    ]
    start = time.process_time()
    for deck, first, actions in plans:
        deal = Deal(game, deck, first)
        for action in actions:
            deal.state.legal_actions()
            deal.act(action)
    return time.process_time() - start


def measure(module: ModuleType, seconds: float, seed: int) -> dict[str, Any]:
    """The figures of one environment."""
    _env_deals(module, 0.0, seed)  # warm up: tables, caches, imports
    env_s, deals = _env_deals(module, seconds, seed)
    game = deals[0].game
    engine_s = _engine_replay(game, deals)
    steps = sum(len(deal.decisions) for deal in deals)
    actions = sum(deal.state.step for deal in deals)
    return {
        "deals": len(deals),
        "env_steps": steps,
        "env_steps_per_s": round(steps / env_s, 1),
        "engine_steps_per_s": round(steps / engine_s, 1),
        "env_over_engine": round(engine_s / env_s, 3),
        "engine_actions_per_step": round(actions / steps, 2),
    }


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Measure each environment for about ``seconds`` of CPU time; JSON-ready figures."""
    figures: dict[str, Any] = {module.SPEC.name: measure(module, seconds, seed) for module in ENVS}
    figures["rates"] = "per CPU second (time.process_time), decisions only"
    figures["python"] = sys.version.split()[0]
    return figures
