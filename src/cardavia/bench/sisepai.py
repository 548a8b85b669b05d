"""``cardavia bench sisepai``: whole deals per second, win tests per second, peak memory.

Figures (one process on one core; rates are per second of the process's own CPU time,
so that other work on a shared machine does not distort them):
- ``deals_per_s``: full deals through the public value API (``legal_actions``,
  ``apply``, ``play_forced``) with a random legal policy that always takes ``win``;
- ``win_tests_per_s_random`` / ``_complete``: "can these 21 cards all be grouped?"
  on random 21-card hands from the 117, and on hands built from random legal groups;
- ``peak_mb``: the process's peak resident memory (``ru_maxrss``), interpreter included.
"""

from __future__ import annotations

import random
import resource
import time
from typing import Any

from cardavia.cards.four_colour import FLOWER_BASE, FULL_DECK, GENERAL, KINDS, SOLDIER
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.actions import WIN
from cardavia.games.sisepai.melds import is_complete, pack


def play_random_deal(rng: random.Random) -> int:
    """Play one deal with a random legal policy (``win`` whenever legal); its steps."""
    deck, dealer = GAME.shuffle(rng)
    state, _, _ = GAME.deal(deck, dealer).play_forced()
    while state.to_act is not None:
        legal = state.legal_actions()
        action = WIN if WIN in legal else rng.choice(legal)
        state, _ = state.apply(action)
        state, _, _ = state.play_forced()
    return state.step


def random_hands(rng: random.Random, n: int) -> list[int]:
    """``n`` packed random 21-card hands drawn from the 117 cards."""
    return [pack(rng.sample(FULL_DECK, 21)) for _ in range(n)]


def _random_group(rng: random.Random) -> list[int]:
    shape = rng.randrange(6)
    colour = rng.randrange(4) * 7
    if shape == 0:
        return [rng.choice([FLOWER_BASE + rng.randrange(5), colour + GENERAL])]
    if shape == 1:
        kind = colour + rng.randrange(1, 7)
        return [kind] * rng.randint(2, 4)
    if shape == 2:
        return [colour, colour + 1, colour + 2]
    if shape == 3:
        return [colour + 3, colour + 4, colour + 5]
    colours = rng.sample(range(4), rng.choice((3, 4)))
    return [c * 7 + SOLDIER for c in colours]


def complete_hands(rng: random.Random, n: int) -> list[int]:
    """``n`` packed 21-card hands made of random legal groups (so all complete)."""
    hands: list[int] = []
    while len(hands) < n:
        supply = [4] * KINDS + [1] * 5
        cards: list[int] = []
        for _ in range(200):
            group = _random_group(rng)
            if len(cards) + len(group) > 21:
                continue
            if all(supply[card] >= group.count(card) for card in group):
                for card in group:
                    supply[card] -= 1
                cards += group
            if len(cards) == 21:
                hands.append(pack(cards))
                break
    return hands


def _tests_per_s(hands: list[int], seconds: float) -> float:
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for hand in hands:
            is_complete(hand)
        done += len(hands)
    return done / (time.process_time() - start)


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Measure and return the figures as a dict."""
    rng = random.Random(seed)
    deals = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds or deals < 10:
        steps += play_random_deal(rng)
        deals += 1
    elapsed = time.process_time() - start
    # The complete-hand figure only means something if the generator makes complete hands.
    if not all(is_complete(hand) for hand in complete_hands(rng, 100)):
        raise RuntimeError("complete_hands made a hand that is not complete")
    return {
        "deals_per_s": round(deals / elapsed, 1),
        "steps_per_deal": round(steps / deals, 1),
        "win_tests_per_s_random": round(_tests_per_s(random_hands(rng, 20_000), seconds)),
        "win_tests_per_s_complete": round(_tests_per_s(complete_hands(rng, 20_000), seconds)),
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
