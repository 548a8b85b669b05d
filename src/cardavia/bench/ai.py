"""``cardavia bench ai``: decision time of each AI player at its default budget.

Positions come from deals played by ``basic`` players (cheap to make, and the kind of
positions every player meets); at each decision the player under test decides from
that seat's view, timed alone on one core. Figures per game and player: ``p50_ms``,
``p99_ms`` and the number of decisions timed (``n``). Each figure runs for about
``seconds`` and times at least a minimum number of decisions.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import GAME_NAMES, get_game
from cardavia.records.deal import Deal

PLAYERS = ("basic", "strong")
MIN_DECISIONS = {"basic": 1000, "strong": 150}


def time_player(game_name: str, name: str, seconds: float, seed: int) -> dict[str, Any]:
    """``{"p50_ms", "p99_ms", "n"}`` of ``name``'s decisions in ``game_name``."""
    game = get_game(game_name)
    mover = get_player(game_name, "basic")
    player = get_player(game_name, name)
    rng = random.Random(seed)
    samples: list[float] = []
    start = time.perf_counter()
    deal_index = 0

    def enough() -> bool:
        return time.perf_counter() - start >= seconds and len(samples) >= MIN_DECISIONS[name]

    while not enough():
        deck, first = game.shuffle(rng)
        deal = Deal(game, deck, first)
        while not deal.over and not enough():
            state = deal.state
            seat = state.to_act
            view = state.view(seat)
            legal = state.legal_actions()
            decision = decision_rng(seed + deal_index, seat, state.step)
            t0 = time.perf_counter()
            chosen = player.choose(view, legal, decision)
            samples.append(time.perf_counter() - t0)
            if name != "basic":
                chosen = mover.choose(view, legal, decision_rng(seed, seat, state.step))
            deal.act(chosen)
        deal_index += 1
    samples.sort()
    return {
        "p50_ms": round(1000 * samples[len(samples) // 2], 3),
        "p99_ms": round(1000 * samples[min(len(samples) - 1, int(0.99 * len(samples)))], 3),
        "n": len(samples),
    }


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Measure every game's ``basic`` and ``strong`` players; the figures as a dict."""
    return {
        game: {name: time_player(game, name, seconds, seed) for name in PLAYERS}
        for game in GAME_NAMES
    }
