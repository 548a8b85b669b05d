"""Legal groups, the win test and best-score grouping (sisepai.md §3, §7)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
import sisepai_brute_force as brute_force
from hypothesis import given, settings
from hypothesis import strategies as st

from cardavia.cards.four_colour import FULL_DECK, Card, parse_cards
from cardavia.games.sisepai.melds import (
    best_grouping,
    best_score,
    group_kind,
    group_score,
    is_complete,
    pack,
    size,
    unpack,
)

GROUP_TABLE = [
    # cards, kind (None = not a legal group), score
    ("rG", "single", 1),
    ("F3", "single", 3),
    ("rA", None, None),
    ("yC yC", "identical", 0),
    ("rS rS", "identical", 0),  # pairs of Soldiers are legal
    ("wH wH wH", "identical", 1),
    ("gE gE gE gE", "identical", 2),
    ("rG rA rE", "command", 1),
    ("yR yH yC", "field", 1),
    ("rS yS wS", "soldier", 1),
    ("rS yS wS gS", "soldier", 2),
    ("rS rS yS", None, None),  # a soldier group needs all different colours
    ("rS yS", None, None),
    ("rG yA rE", None, None),  # command groups are one colour
    ("rG rA rE rE", None, None),
    ("rA rE rR", None, None),
    ("F1 F2", None, None),
    ("rG rG", None, None),
]


@pytest.mark.parametrize(("text", "kind", "score"), GROUP_TABLE)
def test_group_kinds_and_scores(text: str, kind: str | None, score: int | None) -> None:
    cards = parse_cards(text)
    assert group_kind(cards) == kind
    if score is not None:
        assert group_score(cards) == score
        assert best_score(pack(cards)) == score


def test_sisepai_D1_generals_never_form_identical_groups() -> None:
    for text in ("rG rG", "rG rG rG", "gG gG gG gG"):
        assert group_kind(parse_cards(text)) is None
    # Two same-colour Generals are two singles.
    assert best_score(pack(parse_cards("rG rG"))) == 2
    assert best_grouping(parse_cards("rG rG")) == (2, ((Card.rG,), (Card.rG,)))


def test_sisepai_D1_flowers_never_form_identical_groups() -> None:
    assert group_kind(parse_cards("F1 F2")) is None
    assert best_score(pack(parse_cards("F1 F2"))) == 6  # two singles


@pytest.mark.parametrize(
    ("text", "score"),
    [
        # [D11] pair 0; single General 1; flower 3; 3-card group 1; 4-card group 2.
        ("rS rS", 0),
        ("yG", 1),
        ("F5", 3),
        ("rG rA rE", 1),
        ("wS wS wS wS", 2),
        ("rS yS wS gS", 2),
    ],
)
def test_sisepai_D11_group_scores(text: str, score: int) -> None:
    assert group_score(parse_cards(text)) == score


def test_sisepai_D12_the_best_grouping_is_chosen_among_several() -> None:
    # As a command group plus two pairs this scores 1; as a single General and two
    # identical triples it scores 3.
    cards = parse_cards("rG rA rA rA rE rE rE")
    total, groups = best_grouping(cards) or (None, ())
    assert total == 3
    assert sorted(groups) == sorted([(Card.rG,), (Card.rA,) * 3, (Card.rE,) * 3])


def test_a_lone_card_other_than_general_or_flower_never_completes() -> None:
    assert not is_complete(pack(parse_cards("rA")))
    assert not is_complete(pack(parse_cards("rG rA")))
    assert is_complete(pack(parse_cards("rG rA rE")))


def _random_subhand(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in rng.sample(FULL_DECK, n)))


def _complete_hand(rng: random.Random) -> tuple[int, ...]:
    from cardavia.bench.sisepai import complete_hands

    return unpack(complete_hands(rng, 1)[0])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 21), st.booleans())
def test_the_win_test_and_best_score_agree_with_brute_force(
    seed: int, n: int, complete: bool
) -> None:
    rng = random.Random(seed)
    cards = _complete_hand(rng) if complete else _random_subhand(rng, n)
    expected = brute_force.best(cards)
    assert is_complete(pack(cards)) == (expected is not None)
    assert best_score(pack(cards)) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_best_grouping_is_legal_whole_and_scores_what_it_says(seed: int) -> None:
    cards = _complete_hand(random.Random(seed))
    found = best_grouping(cards)
    assert found is not None
    total, groups = found
    assert Counter(card for group in groups for card in group) == Counter(cards)
    assert all(group_kind(group) is not None for group in groups)
    assert all(list(group) == sorted(group) for group in groups)
    assert sum(group_score(group) for group in groups) == total == best_score(pack(cards))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_every_winning_total_is_odd(seed: int) -> None:
    cards = _complete_hand(random.Random(seed))
    assert len(cards) == 21
    assert (best_score(pack(cards)) or 0) % 2 == 1


@given(st.permutations(FULL_DECK), st.integers(0, 30))
def test_a_packed_hand_counts_its_cards(deck: list[Card], n: int) -> None:
    """Every view's hand sizes come from this count: any cards of the real deck."""
    hand = pack(int(card) for card in deck[:n])
    assert size(hand) == n == len(unpack(hand))
