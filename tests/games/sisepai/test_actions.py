"""Sì Sè Pái action notation (sisepai.md §8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.four_colour import CARDS, Card
from cardavia.core.errors import NotationError
from cardavia.games.sisepai.actions import PASS, WIN, Action, discard, take


def test_cards_in_an_action_may_come_in_any_order_and_print_canonically() -> None:
    assert str(Action.parse("take  gS rS\tyS")) == "take rS yS gS"
    assert Action.parse("take gS rS yS") == take(Card.rS, Card.yS, Card.gS)
    assert Action.parse("pass") is PASS and Action.parse(" win ") is WIN
    assert Action.parse("discard wS") == discard(Card.wS)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "an empty action"),
        ("Pass", "'Pass'"),
        ("take", "take names the 1 to 4 cards"),
        ("take rA rA rA rA rA", "take names the 1 to 4 cards"),
        ("discard", "discard names exactly one card"),
        ("discard rA rE", "discard names exactly one card"),
        ("discard rX", "'rX'"),
        ("win rA", "takes no cards"),
        ("take yc yC yC", "'yc'"),
    ],
)
def test_bad_text_is_refused_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(NotationError) as error:
        Action.parse(text)
    assert named in str(error.value)


verbs_and_cards = st.one_of(
    st.just(PASS),
    st.just(WIN),
    st.builds(discard, st.sampled_from(CARDS)),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=4).map(lambda cs: take(*cs)),
)


@given(verbs_and_cards)
def test_every_action_round_trips_through_its_text(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert str(Action.parse(str(action))) == str(action)
