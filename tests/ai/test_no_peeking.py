"""No player sees what its seat cannot: reshuffling the hidden cards changes no decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.base import Omniscient
from cardavia.ai.registry import get_arena_player, get_player
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
@pytest.mark.parametrize("name", ["random", "easy", "basic", "strong", "steady"])
def test_what_a_player_is_given_ignores_the_cards_its_seat_cannot_see(
    game_name: str, name: str
) -> None:
    """A player receives only the seat's view and the legal actions (its one method takes
    nothing else): both must be the same whatever the hidden cards are."""
    shuffler = random.Random(5)
    changed_hidden = 0
    sample = decisions(game_name, name, 3)[:30]
    for state, seat, _ in sample:
        other = state.shuffle_unseen(seat, shuffler)
        changed_hidden += other != state
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions() == state.legal_actions()
    assert len(sample) >= 20
    assert changed_hidden >= 0.6 * len(sample)  # the reshuffle really moved hidden cards


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
@pytest.mark.parametrize("name", ["easy", "basic", "strong", "steady"])
def test_a_player_keeps_no_memory_between_decisions(game_name: str, name: str) -> None:
    """The same position gets the same decision after the player decided other positions
    in between, and from a new player: a restarted server (or another process) decides
    exactly like the old one, which the site and the arena rely on."""
    player = get_arena_player(game_name, name, **FAST.get(name, {}))
    assert not isinstance(player, Omniscient)
    sample = decisions(game_name, name, 2)[:12]
    first = [
        player.choose(state.view(seat), state.legal_actions(), decision_rng(1, seat, state.step))
        for state, seat, _ in sample
    ]
    fresh = get_arena_player(game_name, name, **FAST.get(name, {}))
    assert not isinstance(fresh, Omniscient)
    for (state, seat, _), before in zip(reversed(sample), reversed(first), strict=True):
        rng = decision_rng(1, seat, state.step)
        assert player.choose(state.view(seat), state.legal_actions(), rng) == before
        rng = decision_rng(1, seat, state.step)
        assert fresh.choose(state.view(seat), state.legal_actions(), rng) == before
        assert before in state.legal_actions()
