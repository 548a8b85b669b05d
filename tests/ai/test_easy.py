"""``easy`` (both games): always wins when it may, chooses legal actions only, decides
the same from the same generator, and slips at about the rates it declares."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.evaluate import without
from cardavia.ai.sisepai.shape import leftover
from cardavia.games.registry import get_game
from cardavia.games.sisepai.melds import pack
from cardavia.records.deal import Deal


def positions(game_name: str, deals: int, seed: int) -> list[tuple[Any, Any, int]]:
    """(view, legal, step) of every decision of deals played by ``basic``."""
    game = get_game(game_name)
    mover = get_player(game_name, "basic")
    rng = random.Random(seed)
    found = []
    for d in range(deals):
        deal = Deal(game, *game.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            found.append((view, legal, state.step))
            deal.act(mover.choose(view, legal, decision_rng(d, seat, state.step)))
    return found


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
def test_easy_is_legal_reproducible_and_differs_from_basic_now_and_then(game_name: str) -> None:
    easy, basic = get_player(game_name, "easy"), get_player(game_name, "basic")
    differ = total = 0
    for view, legal, step in positions(game_name, 6, 31):
        action = easy.choose(view, legal, decision_rng(5, view.seat, step))
        assert action in legal
        assert easy.choose(view, legal, decision_rng(5, view.seat, step)) == action
        if str(legal[0]) == "win" or any(str(a) == "win" for a in legal):
            assert str(action) == "win"  # it always wins when it may
        total += 1
        differ += action != basic.choose(view, legal, decision_rng(5, view.seat, step))
    assert 0.05 * total < differ < 0.5 * total


def test_sisepai_easy_misses_claims_and_keeps_the_wrong_card_at_its_rates() -> None:
    easy, basic = get_player("sisepai", "easy"), get_player("sisepai", "basic")
    missed = takes = wrong = discards = 0
    for view, legal, step in positions("sisepai", 10, 32):
        rng = decision_rng(6, view.seat, step)
        best = basic.choose(view, legal, decision_rng(6, view.seat, step))
        action = easy.choose(view, legal, rng)
        if best.verb == "take" and any(a.verb == "pass" for a in legal):
            takes += 1
            missed += action.verb == "pass"
        if best.verb == "discard":
            discards += 1
            wrong += action != best
            # A learner's discard: at most one more left-over card than the best one.
            hand = pack(view.hand)
            assert leftover(without(hand, action.cards)) <= leftover(without(hand, best.cards)) + 1
    assert takes >= 40 and discards >= 100
    assert 0.3 < missed / takes < 0.7  # MISS_CLAIM = 0.5
    assert 0.15 < wrong / discards < 0.45  # WRONG_DISCARD = 0.4, when another card fits
