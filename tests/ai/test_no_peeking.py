"""No player sees what its seat cannot: reshuffling the hidden cards changes no decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal

FAST = {"strong": {"playouts": 24}}
"""Small search budgets keep the test quick; what a player may read does not depend on them."""


def decisions(game_name: str, name: str, deals: int) -> list[tuple[Any, Any, Any]]:
    """(state, seat, action) at a sample of decisions of deals played by ``basic``."""
    game = get_game(game_name)
    mover = get_player(game_name, "basic")
    rng = random.Random(17)
    found = []
    for d in range(deals):
        deck, first = game.shuffle(rng)
        deal = Deal(game, deck, first)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            action = mover.choose(state.view(seat), state.legal_actions(), decision_rng(d, seat, 0))
            if rng.random() < 0.25:
                found.append((state, seat, action))
            deal.act(action)
    return found


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
@pytest.mark.parametrize("name", ["random", "basic", "strong"])
def test_decisions_ignore_the_cards_a_seat_cannot_see(game_name: str, name: str) -> None:
    player = get_player(game_name, name, **FAST.get(name, {}))
    shuffler = random.Random(5)
    changed_hidden = 0
    sample = decisions(game_name, name, 3)[:30]
    for state, seat, _ in sample:
        legal = state.legal_actions()
        other = state.shuffle_unseen(seat, shuffler)
        changed_hidden += other != state
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions() == legal
        mine = player.choose(state.view(seat), legal, decision_rng(1, seat, state.step))
        theirs = player.choose(other.view(seat), legal, decision_rng(1, seat, state.step))
        assert mine == theirs
    assert len(sample) >= 20
    assert changed_hidden >= 0.6 * len(sample)  # the reshuffle really moved hidden cards
