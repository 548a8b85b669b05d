"""The fast simulator follows the engine: whole deals played both ways agree."""

from __future__ import annotations

import random

from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.rollout import RolloutPlayer
from cardavia.ai.sisepai.sim import NOBODY, Table
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.records.deal import Deal


def engine_playout(deck: tuple[int, ...], dealer: int) -> SiSePaiState:
    player = RolloutPlayer()
    deal = Deal(GAME, deck, dealer)
    while not deal.over:
        state = deal.state
        seat = state.to_act
        deal.act(player.choose(state.view(seat), state.legal_actions(), decision_rng(0, seat, 0)))
    final: SiSePaiState = deal.state
    return final


def test_simulated_deals_end_like_the_engine_deals() -> None:
    rng = random.Random(11)
    outcomes = set()
    for _ in range(60):
        deck, dealer = GAME.shuffle(rng)
        final = engine_playout(deck, dealer)
        assert final.outcome is not None
        expected = NOBODY if final.outcome.winner is None else final.outcome.winner
        hands = [pack(deck[20 * s : 20 * s + 20]) for s in range(4)]
        seen = [0] * 33
        seen[deck[80]] += 1
        table = Table(hands, deck[81:], seen)
        assert table.play(deck[80], dealer, True, None, None) == expected
        assert table.top == final.stock - 81  # the same number of cards drawn
        outcomes.add(expected)
    assert len(outcomes) >= 4  # wins by several seats (and the test can tell them apart)


def test_a_mid_deal_discard_plays_out_like_the_engine() -> None:
    rng = random.Random(12)
    player = RolloutPlayer()
    checked = 0
    while checked < 20:
        deck, dealer = GAME.shuffle(rng)
        deal = Deal(GAME, deck, dealer)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            action = player.choose(state.view(seat), state.legal_actions(), rng)
            if state.phase == "discard" and checked < 20:
                seen = public_counts(state.view(seat))
                table = Table(state.hands, state.deck[state.stock :], seen)
                predicted = table.discard(seat, action.cards[0])
                rest = engine_playout_from(deal, action)
                assert predicted == rest
                checked += 1
            deal.act(action)


def engine_playout_from(deal: Deal, action: object) -> int:
    player = RolloutPlayer()
    state, _ = deal.state.apply(action)
    state, _, _ = state.play_forced()
    while state.to_act is not None:
        seat = state.to_act
        state, _ = state.apply(player.choose(state.view(seat), state.legal_actions(), None))  # type: ignore[arg-type]
        state, _, _ = state.play_forced()
    winner = state.outcome.winner if state.outcome else None
    return NOBODY if winner is None else winner
