"""The playouts' model of ``basic`` opponents chooses what ``basic`` chooses, and the
simulator with it plays whole deals as the engine does."""

from __future__ import annotations

import random

from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.basic import BasicPlayer, rank_actions
from cardavia.ai.sisepai.knowledge import COPIES, unseen_counts
from cardavia.ai.sisepai.mimic import MimicPlayer, fewest_discards, unseen_of
from cardavia.ai.sisepai.rollout import leftovers_after_discard
from cardavia.ai.sisepai.sim import NOBODY, Table
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.actions import WIN, Verb
from cardavia.games.sisepai.melds import count, pack
from cardavia.records.deal import Deal


def test_mimic_chooses_what_basic_chooses_whenever_basic_has_one_best() -> None:
    """Over the decisions of whole deals, on every decision where basic's ranking has a
    single best action (elsewhere basic draws among ties with its generator)."""
    basic, mimic = BasicPlayer(), MimicPlayer()
    rng = random.Random(21)
    compared = {Verb.DISCARD: 0, Verb.TAKE: 0, Verb.PASS: 0}
    for d in range(12):
        deal = Deal(GAME, *GAME.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            chosen = basic.choose(view, legal, decision_rng(d, seat, state.step))
            if WIN not in legal:
                ranked = rank_actions(pack(view.hand), legal, view.public_card, unseen_counts(view))
                best = min(score for score, _ in ranked)
                if sum(1 for score, _ in ranked if score <= best + 1e-9) == 1:
                    assert mimic.choose(view, legal, rng) == chosen, (view.hand, legal)
                    compared[chosen.verb] += 1
            deal.act(chosen)
    assert min(compared.values()) >= 20  # discards, takes and passes were all compared


def test_deals_played_by_mimic_end_in_the_simulator_as_in_the_engine() -> None:
    player = MimicPlayer()
    rng = random.Random(22)
    winners = set()
    for _ in range(25):
        deck, dealer = GAME.shuffle(rng)
        deal = Deal(GAME, deck, dealer)
        while not deal.over:
            state = deal.state
            deal.act(player.choose(state.view(state.to_act), state.legal_actions(), rng))
        outcome = deal.state.outcome
        expected = NOBODY if outcome.winner is None else outcome.winner
        hands = [pack(deck[20 * s : 20 * s + 20]) for s in range(4)]
        seen = [0] * 33
        seen[deck[80]] += 1
        table = Table(hands, deck[81:], seen, mimic=(True,) * 4)
        assert table.play(deck[80], dealer, True, None, None) == expected
        assert table.top == deal.state.stock - 81
        winners.add(expected)
    assert len(winners) >= 3


def test_fewest_discards_agrees_with_trying_every_discard() -> None:
    rng = random.Random(23)
    deck = list(range(28)) * 4 + list(range(28, 33))
    for _ in range(3000):
        rng.shuffle(deck)
        hand = pack(deck[: rng.randrange(2, 21)])
        options = leftovers_after_discard(hand)
        if not options:
            continue
        fewest = min(left for left, _ in options)
        assert fewest_discards(hand) == (
            fewest,
            tuple(sorted(c for left, c in options if left == fewest)),
        )


def test_unseen_of_is_copies_less_public_less_the_hand() -> None:
    rng = random.Random(24)
    deck = list(range(28)) * 4 + list(range(28, 33))
    for _ in range(500):
        rng.shuffle(deck)
        hand = pack(deck[: rng.randrange(0, 21)])
        seen = [rng.randrange(2) for _ in range(28)] + [0] * 5
        expected = [COPIES[k] - seen[k] - count(hand, k) for k in range(33)]
        assert unseen_of(hand, seen) == expected
