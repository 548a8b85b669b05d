"""Packed count vectors (the engine's multisets of cards)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import DOMINOES, FULL_DECK, Domino
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.plays import PLAYS

# Real multisets: at most four copies of a code.
multisets = st.lists(st.sampled_from(DOMINOES), max_size=84).map(
    lambda cards: [card for card, n in Counter(cards).items() for _ in range(min(n, 4))]
)


@given(multisets)
def test_pack_and_unpack_round_trip_in_canonical_order(cards: list[Domino]) -> None:
    packed = vec.pack(cards)
    assert vec.unpack(packed) == tuple(sorted(cards))
    assert vec.size(packed) == len(cards)
    assert vec.counts(packed) == tuple(cards.count(card) for card in DOMINOES)
    assert all(vec.count(packed, card) == cards.count(card) for card in DOMINOES)


@given(multisets, multisets)
def test_containment_is_multiset_containment(a: list[Domino], b: list[Domino]) -> None:
    assert vec.contains(vec.pack(a), vec.pack(b)) == (Counter(b) <= Counter(a))


@given(multisets, multisets)
def test_removal_is_subtraction(a: list[Domino], b: list[Domino]) -> None:
    if Counter(b) <= Counter(a):
        assert vec.unpack(vec.pack(a) - vec.pack(b)) == tuple(
            sorted((Counter(a) - Counter(b)).elements())
        )


def test_the_whole_deck_fits_and_every_field_is_separate() -> None:
    assert vec.size(vec.pack(FULL_DECK)) == 84
    assert sorted(vec.SHIFTS) == [vec.BITS * i for i in range(21)]
    assert vec.GUARDS & vec.pack(FULL_DECK) == 0


def test_every_play_lies_inside_one_group_of_fields() -> None:
    # legal.py reads a lead's plays group by group: a play across groups would be lost.
    for play in PLAYS:
        assert any(set(play.cards) <= set(group) for group in vec.GROUPS), play
    assert sorted(card for group in vec.GROUPS for card in group) == list(DOMINOES)
