"""``cardavia bench ai``: decision time of each AI player at its default budget, of a
hint, and of a review.

Positions come from deals played by ``basic`` players (cheap to make, and the kind of
positions every player meets); at each decision the player under test decides from
that seat's view, timed alone on one core. Figures per game and player: ``p50_ms``,
``p99_ms`` and the number of decisions timed (``n``). Each figure runs for about
``seconds`` and times at least a minimum number of decisions. ``hint`` times the
game's hint (``strong``'s choice and its reason) the same way. ``review`` times the
review of seat 0 after whole deals where ``easy`` sat there against ``basic`` (a
learner's deal): ``p50_s``, ``max_s`` over ``REVIEW_DEALS`` deals, and the mean number
of decisions reviewed per deal.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardavia.ai.registry import get_player
from cardavia.ai.review import review
from cardavia.ai.seeding import decision_rng
from cardavia.ai.verdict import verdict
from cardavia.games.registry import GAME_NAMES, get_game
from cardavia.records.deal import Deal
from cardavia.records.replay import seat_decisions

PLAYERS = ("easy", "basic", "strong", "hint")
MIN_DECISIONS = {"easy": 1000, "basic": 1000, "strong": 150, "hint": 150}
REVIEW_DEALS = 8


def time_player(game_name: str, name: str, seconds: float, seed: int) -> dict[str, Any]:
    """``{"p50_ms", "p99_ms", "n"}`` of ``name``'s decisions in ``game_name``."""
    game = get_game(game_name)
    mover = get_player(game_name, "basic")
    if name == "hint":
        player: Any = _Hinter(game_name)
    else:
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


class _Hinter:
    """The hint (the coach's verdict, with no choice to weigh) timed as a player is."""

    def __init__(self, game_name: str) -> None:
        self.game_name = game_name

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        return verdict(self.game_name, view, legal).action


def time_review(game_name: str, deals: int, seed: int) -> dict[str, Any]:
    """Seconds to review seat 0 after each of ``deals`` deals of ``easy`` against ``basic``."""
    game = get_game(game_name)
    names = ("easy", *["basic"] * (game.players - 1))
    players = [get_player(game_name, name) for name in names]
    rng = random.Random(seed)
    times: list[float] = []
    decisions = 0
    for d in range(deals):
        deal = Deal(game, *game.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            rng_d = decision_rng(seed + d, seat, state.step)
            deal.act(players[seat].choose(state.view(seat), state.legal_actions(), rng_d))
        seat_moves = seat_decisions(deal.record(), 0)
        decisions += len(seat_moves)
        t0 = time.perf_counter()
        review(game_name, seat_moves)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {
        "p50_s": round(times[len(times) // 2], 3),
        "max_s": round(times[-1], 3),
        "deals": deals,
        "decisions_per_deal": round(decisions / deals, 1),
    }


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Measure every game's players, hint and review; the figures as a dict."""
    figures: dict[str, Any] = {}
    for game in GAME_NAMES:
        figures[game] = {name: time_player(game, name, seconds, seed) for name in PLAYERS}
        figures[game]["review"] = time_review(game, REVIEW_DEALS, seed)
    return figures
