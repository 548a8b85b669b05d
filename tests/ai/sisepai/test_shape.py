"""Left-over counts and waits of concealed hands (cardavia.ai.sisepai.shape)."""

from __future__ import annotations

import random

from cardavia.ai.sisepai.shape import leftover, waits
from cardavia.cards.four_colour import FULL_DECK, Card, parse_cards
from cardavia.games.sisepai.melds import is_complete, pack


def hand(text: str) -> int:
    return pack(parse_cards(text))


def test_complete_hands_have_no_left_over_card_and_wait_on_generals_and_flowers() -> None:
    complete = hand("rG rA rE yG yA yE wG wA wE gG gA gE rR rH rC wR wH wC F1 F2")
    assert leftover(complete) == 0
    assert set(waits(complete)) == {Card.rG, Card.yG, Card.wG, Card.gG, Card.F3, Card.F4, Card.F5}


def test_lone_cards_count_once_each_and_generals_and_flowers_never() -> None:
    assert leftover(hand("rA rR rH yS wS")) == 5
    assert leftover(hand("rG yG F1 F5")) == 0
    assert leftover(hand("rR rH rC yS wS gS rA rA")) == 0
    assert leftover(hand("rG rA")) == 1  # the Advisor needs an Elephant or a second Advisor


def test_a_hand_with_one_lone_card_waits_on_its_copy() -> None:
    assert Card.wA in waits(hand("rG rA rE yC yC wA"))
    assert leftover(hand("rG rA rE yC yC wA")) == 1


def test_two_left_over_cards_can_wait_on_the_card_that_joins_them() -> None:
    assert waits(hand("rR rH yA yA")) == (Card.rC,)
    assert waits(hand("rS yS yA yA")) == (Card.wS, Card.gS)
    assert waits(hand("rR yH yA yA")) == ()


def test_waits_agree_with_the_win_test_on_random_hands() -> None:
    rng = random.Random(4)
    for _ in range(300):
        cards = rng.sample(FULL_DECK, rng.choice((5, 8, 11, 14)))
        packed = pack(cards)
        expected = [
            card
            for card in range(33)
            if cards.count(card) < (1 if card >= 28 else 4) and is_complete(packed + pack([card]))
        ]
        assert list(waits(packed)) == expected
        assert (leftover(packed) == 0) == is_complete(packed)
