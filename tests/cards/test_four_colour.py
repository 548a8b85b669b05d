"""Four-colour card notation (sisepai.md §2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.four_colour import CARDS, FULL_DECK, Card, format_cards, parse_cards
from cardavia.core.errors import NotationError


def test_every_code_round_trips() -> None:
    for card in CARDS:
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card


def test_canonical_order_is_colour_then_character_then_flowers() -> None:
    names = [str(card) for card in CARDS]
    assert names[:8] == ["rG", "rA", "rE", "rR", "rH", "rC", "rS", "yG"]
    assert names[-6:] == ["gS", "F1", "F2", "F3", "F4", "F5"]
    assert format_cards([Card.F2, Card.gS, Card.rG, Card.yC]) == "rG yC gS F2"


def test_the_deck_holds_117_cards_four_of_each_kind_and_five_flowers() -> None:
    assert len(FULL_DECK) == 117
    assert all(FULL_DECK.count(card) == 4 for card in CARDS[:28])
    assert all(FULL_DECK.count(card) == 1 for card in CARDS[28:])


@pytest.mark.parametrize(
    ("card", "glyph", "english"),
    [
        (Card.rG, "帥", "red General"),
        (Card.yS, "兵", "yellow Soldier"),
        (Card.wG, "將", "white General"),
        (Card.gC, "包", "green Cannon"),
        (Card.F1, "公", "flower 1"),
        (Card.F5, "男", "flower 5"),
    ],
)
def test_glyphs_follow_the_side_of_the_colour(card: Card, glyph: str, english: str) -> None:
    assert card.glyph == glyph
    assert card.english == english


@pytest.mark.parametrize("token", ["rX", "RG", "F6", "xG", "", "rG,", "帥"])
def test_a_bad_token_is_named_in_the_error(token: str) -> None:
    with pytest.raises(NotationError) as error:
        Card.parse(token)
    assert repr(token) in str(error.value)


@given(st.lists(st.sampled_from(CARDS), max_size=30))
def test_any_list_of_cards_round_trips_in_canonical_order(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(sorted(cards))
