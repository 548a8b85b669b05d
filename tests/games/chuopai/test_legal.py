"""Legal plays of a hand, checked against brute force over every play."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import DOMINOES, Domino, parse_cards
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import ACTIONS, PASS_INDEX
from cardavia.games.chuopai.legal import answer_indexes, lead_indexes
from cardavia.games.chuopai.plays import PLAYS, Play, beats

hands = st.lists(st.sampled_from(DOMINOES), max_size=40).map(
    lambda cards: [card for card, n in Counter(cards).items() for _ in range(min(n, 4))]
)


def holds(hand: list[Domino], cards: tuple[Domino, ...]) -> bool:
    return Counter(cards) <= Counter(hand)


def texts(indexes: tuple[int, ...]) -> list[str]:
    return [str(ACTIONS[i]) for i in indexes]


@given(hands)
def test_leads_are_every_play_the_hand_holds_in_notation_order(hand: list[Domino]) -> None:
    expected = [p.index for p in PLAYS if holds(hand, p.cards)]
    assert list(lead_indexes(vec.pack(hand))) == expected
    assert texts(lead_indexes(vec.pack(hand))) == sorted(texts(tuple(expected)))


@given(hands, st.sampled_from(PLAYS))
def test_answers_are_every_beating_play_held_else_pass(hand: list[Domino], top: Play) -> None:
    expected = tuple(p.index for p in PLAYS if holds(hand, p.cards) and beats(p, top))
    got = answer_indexes(vec.pack(hand), top.index)
    assert got == (expected or (PASS_INDEX,))


def test_the_spec_example_of_two_distinct_multisets() -> None:
    # records.md §2: "play 36 45 66 66" and "play 45 45 66 66" are two actions.
    found = texts(lead_indexes(vec.pack(parse_cards("66 66 45 45 36"))))
    assert "play 36 45 66 66" in found and "play 45 45 66 66" in found
    assert "play 36 36 66 66" not in found


@pytest.mark.parametrize(
    ("hand", "top", "answers"),
    [
        ("13 13 44 44 66", "13 13", ["play 44 44"]),
        ("45 36 26", "35", ["play 36"]),
        ("26 26 45", "35", ["pass"]),
        ("66 66 45 36", "11 35", ["play 36 66", "play 45 66"]),
        ("66 66 45 36", "11 11 26 35", ["play 36 45 66 66"]),
        ("66 66 45 36", "66 45", ["pass"]),
        ("16 16 44 44 34", "13 14", ["play 34 44"]),
    ],
)
def test_answer_table(hand: str, top: str, answers: list[str]) -> None:
    top_play = next(p for p in PLAYS if p.cards == parse_cards(top))
    assert texts(answer_indexes(vec.pack(parse_cards(hand)), top_play.index)) == answers
