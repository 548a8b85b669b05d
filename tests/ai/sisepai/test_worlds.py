"""Evidence from the history and the worlds sampled from it (Sì Sè Pái)."""

from __future__ import annotations

import random
from collections import Counter

from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.basic import BasicPlayer
from cardavia.ai.sisepai.evidence import PASS_WITH_PAIR, read_history
from cardavia.ai.sisepai.knowledge import COPIES, visible_counts
from cardavia.ai.sisepai.shape import BITS
from cardavia.ai.sisepai.worlds import sample_worlds
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.events import Dead
from cardavia.games.sisepai.melds import is_complete, pack, unpack
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.records.deal import Deal


def mid_deal(seed: int, decisions: int) -> SiSePaiState:
    """A deal played by ``basic`` for ``decisions`` decisions."""
    deck, dealer = GAME.shuffle(random.Random(seed))
    deal = Deal(GAME, deck, dealer)
    player = BasicPlayer()
    for _ in range(decisions):
        state = deal.state
        if deal.over:
            break
        seat = state.to_act
        deal.act(
            player.choose(state.view(seat), state.legal_actions(), decision_rng(seed, seat, 0))
        )
    final: SiSePaiState = deal.state
    return final


def test_a_dead_card_says_nobody_could_win_on_it_and_probably_held_no_pair() -> None:
    state = mid_deal(3, 12)
    seat = state.to_act
    assert seat is not None
    history = state.view(seat).history
    evidence = read_history(history, seat)
    dead = [event.card for event in history if isinstance(event, Dead)]
    assert dead
    for other in range(4):
        if other == seat:
            assert evidence.no_win[other] == []
            continue
        assert evidence.no_win[other]
        for removed, card in evidence.no_win[other]:
            assert not is_complete(state.hands[other] + removed + BITS[card])  # true in the deal
    factors = [evidence.factors[s][card][3] for s in range(4) if s != seat for card in dead]
    assert min(factors) <= PASS_WITH_PAIR  # holding three of a dead card now is unlikely


def test_worlds_keep_every_count_and_size_and_are_reproducible() -> None:
    state = mid_deal(5, 20)
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)
    first = list(sample_worlds(view, 5, random.Random(9)))
    assert first == list(sample_worlds(view, 5, random.Random(9)))
    visible = visible_counts(view)
    for hands, stock in first:
        assert hands[seat] == pack(view.hand)
        assert [len(unpack(h)) for h in hands] == list(view.hand_sizes)
        assert len(stock) == view.stock_left
        cards = Counter(card for s in range(4) if s != seat for card in unpack(hands[s]))
        cards.update(stock)
        assert all(cards[k] + visible[k] == COPIES[k] for k in range(33))


def test_worlds_never_let_an_opponent_have_passed_a_win() -> None:
    for seed in range(6):
        state = mid_deal(seed, 30)
        seat = state.to_act
        if seat is None:
            continue
        view = state.view(seat)
        evidence = read_history(view.history, seat)
        for hands, _ in sample_worlds(view, 20, random.Random(seed)):
            broken = sum(
                is_complete(hands[s] + removed + BITS[card])
                for s in range(4)
                if s != seat
                for removed, card in evidence.no_win[s]
            )
            assert broken == 0
