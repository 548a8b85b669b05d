"""Play patterns and the beat relation, clause by clause from chuopai.md §4–5."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import DOMINOES, parse_cards
from cardavia.games.chuopai.plays import (
    BEATERS,
    COMBINATIONS,
    PLAYS,
    Kind,
    Play,
    beats,
    classify,
    why_not_a_play,
    why_not_beats,
)


def play(text: str) -> Play:
    found = classify(parse_cards(text))
    assert found is not None, f"{text} should be a play"
    return found


# -- §4 patterns ------------------------------------------------------------------------

ORDINARY = ["36", "36 36", "36 36 36", "36 36 36 36", "66", "12 12", "46 46 46"]
SPECIAL = [
    # [D4] k keys + exactly k matching cards, k = 1..4, red and black matches may mix.
    ("66 45", "Tian Jiu"),
    ("66 36", "Tian Jiu"),
    ("66 66 36 45", "Tian Jiu"),
    ("66 66 66 66 45 45 45 45", "Tian Jiu"),
    ("66 66 66 36 36 45", "Tian Jiu"),
    ("11 26", "Di Ba"),
    ("11 35", "Di Ba"),
    ("11 11 26 35", "Di Ba"),
    ("44 34", "Ren Qi"),
    ("44 44 44 25 25 34", "Ren Qi"),
    ("13 14", "He Wu"),
    ("13 23", "He Wu"),
    ("13 13 13 13 14 14 23 23", "He Wu"),
]
NOT_PLAYS = [
    ("36 45", "different codes without a key"),
    ("12 24", "equal rank is not identity"),
    ("26 35", "equal rank is not identity"),
    ("36 36 36 36 36", "five of a code"),
    ("66 66 45", "more keys than matching cards"),
    ("66 45 36", "more matching cards than keys"),
    ("66 45 11 26", "two types in one combination"),
    ("66 66 66 66 66 45 45 45 45 45", "k = 5"),
    ("66 26", "an eight is not a nine"),
    ("13 25", "a seven is not a five"),
    ("66 13", "two keys"),
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_plays_are_one_to_four_cards_of_one_code(text: str) -> None:
    found = play(text)
    card = found.cards[0]
    assert found.kind is Kind.ORDINARY
    assert (found.family, found.level, found.size) == (card.family, card.rank, len(text.split()))


@pytest.mark.parametrize(("text", "name"), SPECIAL)
def test_chuopai_D4_special_combinations_are_k_keys_plus_k_matching_cards(
    text: str, name: str
) -> None:
    found = play(text)
    assert found.kind is Kind.SPECIAL
    assert found.combination is not None and found.combination.name == name
    assert found.family is None


@pytest.mark.parametrize(("text", "why"), NOT_PLAYS)
def test_chuopai_D4_other_multisets_are_not_plays(text: str, why: str) -> None:
    assert classify(parse_cards(text)) is None, why
    assert why_not_a_play(parse_cards(text)).startswith(
        f"{' '.join(sorted(text.split()))} is not a play: "
    )


@pytest.mark.parametrize(
    "text",
    [
        "44 16",  # High Foot has seven pips but is Yao: not a seven for Ren Qi
        "44 44 16 34",
        "11 44",  # Man has eight pips but is Long: not an eight for Di Ba
        "11 11 26 44",
        "13 46",  # Four-Six is ten pips anyway; Yao never matches
        "66 66 11 11",
    ],
)
def test_chuopai_D5_only_red_and_black_cards_match_a_key(text: str) -> None:
    assert classify(parse_cards(text)) is None
    assert "not a play" in why_not_a_play(parse_cards(text))


def test_chuopai_D5_the_look_alikes_are_named_in_the_refusal() -> None:
    assert why_not_a_play(parse_cards("44 16")) == (
        "16 44 is not a play: Ren Qi matches 44 only with 34 or 25; "
        "16 has 7 pips but is Yao, not Red or Black"
    )
    assert why_not_a_play(parse_cards("11 44")) == (
        "11 44 is not a play: Di Ba matches 11 only with 26 or 35; "
        "44 has 8 pips but is Long, not Red or Black"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("66 45 11 26", "one type of special combination at a time"),
        ("66 45 36", "Tian Jiu needs as many 66 as matching cards (45 or 36)"),
        ("66 26", "Tian Jiu matches 66 only with 45 or 36, not 26"),
        ("36 36 36 36 36", "at most 4 cards of one code"),
        ("66 66 66 66 66 45 45 45 45 45", "at most 4 keys and 4 matching cards"),
        ("36 45", "play 1 to 4 cards of one code, or a special combination"),
    ],
)
def test_chuopai_D4_a_refused_pattern_says_why(text: str, reason: str) -> None:
    assert reason in why_not_a_play(parse_cards(text))


def test_chuopai_D5_matching_codes_are_red_or_black_and_have_the_named_total() -> None:
    totals = {"Tian Jiu": 9, "Di Ba": 8, "Ren Qi": 7, "He Wu": 5}
    for combo in COMBINATIONS:
        for card in combo.matches:
            assert str(card.family) in ("Red", "Black")
            assert sum(card.pips) == totals[combo.name]
    matching = {card for combo in COMBINATIONS for card in combo.matches}
    # Every Red or Black card with a matching total is a match: none is forgotten.
    for card in DOMINOES:
        if str(card.family) in ("Red", "Black") and sum(card.pips) in totals.values():
            assert card in matching, card


def test_there_are_84_ordinary_plays_and_56_combinations_in_notation_order() -> None:
    kinds = [found.kind for found in PLAYS]
    assert kinds.count(Kind.ORDINARY) == 84
    assert kinds.count(Kind.SPECIAL) == 4 * (2 + 3 + 4 + 5)
    texts = ["play " + str(found) for found in PLAYS]
    assert texts == sorted(texts)
    assert [found.index for found in PLAYS] == list(range(len(PLAYS)))


# -- §5 beating -------------------------------------------------------------------------

BEATS = [
    # Ordinary beats ordinary: same family, same count, higher rank.
    ("44 44", "13 13", True),
    ("36", "26", True),
    ("26", "35", False),  # equal rank, different codes: neither beats
    ("35", "26", False),
    ("26", "25", True),
    ("24", "12", False),
    ("12", "24", False),
    ("14", "12", True),
    ("66", "11", True),
    ("11", "66", False),
    ("22", "22", False),  # the same play never beats itself
    ("15 15 15", "16 16 16", True),
    ("15 15 15", "16 16", False),  # a different count
    ("15 15", "16 16 16", False),
    ("66 66 66 66", "22 22 22", False),
    # Different families never beat each other.
    ("36", "45", False),
    ("45", "36", False),
    ("66", "15", False),
    ("15", "46", True),
    ("45", "46", False),
    # [D6] Special beats special: same total count, strictly higher strength.
    ("66 45", "11 35", True),
    ("66 45", "11 11 26 35", False),
    ("66 36", "66 45", False),
    ("66 45", "66 36", False),
    ("11 26", "44 34", True),
    ("44 25", "13 14", True),
    ("13 14", "44 25", False),
    ("66 66 36 45", "44 44 25 25", True),
    ("11 11 11 11 26 26 35 35", "13 13 13 13 14 14 14 14", True),
    ("66 66 66 66 36 36 36 36", "11 11 11 11 26 26 26 26", True),
    ("13 13 14 23", "13 13 14 14", False),
    # Ordinary and special plays never beat each other, even of the same size.
    ("66 45", "11 11", False),
    ("66 66", "13 14", False),
    ("45 45", "11 26", False),
    ("66 66 66 66", "13 13 14 23", False),
]


@pytest.mark.parametrize(("mine", "top", "expected"), BEATS)
def test_beating_table(mine: str, top: str, expected: bool) -> None:
    assert beats(play(mine), play(top)) is expected
    reason = why_not_beats(play(mine), play(top))
    assert (reason is None) is expected
    if reason is not None:
        assert reason.startswith(f"{play(mine)} does not beat {play(top)}: ")


@pytest.mark.parametrize(
    ("mine", "top", "reason"),
    [
        ("36", "45", "36 does not beat 45: a different family (Black, not Red)"),
        ("26", "35", "26 does not beat 35: Straight Eight and Crooked Eight rank equal"),
        ("33 33", "44 44", "33 33 does not beat 44 44: Long Three ranks below Man"),
        ("66", "13 13", "66 does not beat 13 13: it must have 2 cards, not 1"),
        ("66 45", "11 11 26 35", "45 66 does not beat 11 11 26 35: it must have 4 cards, not 2"),
        ("66 36", "66 45", "36 66 does not beat 45 66: both are Tian Jiu, and it must be stronger"),
        ("13 14", "11 26", "13 14 does not beat 11 26: He Wu is weaker than Di Ba"),
        ("66 66", "13 14", "66 66 does not beat 13 14: only a stronger special combination"),
        ("66 45", "11 11", "45 66 does not beat 11 11: a special combination never beats"),
    ],
)
def test_a_refused_beat_says_which_clause_fails(mine: str, top: str, reason: str) -> None:
    message = why_not_beats(play(mine), play(top))
    assert message is not None and message.startswith(reason)


def test_chuopai_D6_strength_orders_the_four_combination_types() -> None:
    order = [combo.name for combo in sorted(COMBINATIONS, key=lambda c: c.strength)]
    assert order == ["He Wu", "Ren Qi", "Di Ba", "Tian Jiu"]


def test_beaters_table_agrees_with_the_relation() -> None:
    for top in PLAYS:
        assert BEATERS[top.index] == tuple(p.index for p in PLAYS if beats(p, top))


plays = st.sampled_from(PLAYS)


@given(plays)
def test_beating_is_irreflexive(a: Play) -> None:
    assert not beats(a, a)


@given(plays, plays)
def test_beating_is_asymmetric(a: Play, b: Play) -> None:
    assert not (beats(a, b) and beats(b, a))


@given(plays, plays, plays)
def test_beating_is_transitive(a: Play, b: Play, c: Play) -> None:
    if beats(a, b) and beats(b, c):
        assert beats(a, c)


@given(plays, plays)
def test_beating_stays_within_one_kind_and_size(a: Play, b: Play) -> None:
    if beats(a, b):
        assert a.kind is b.kind and a.size == b.size


def test_the_partial_order_holds_exhaustively_within_each_kind() -> None:
    # 140 plays: small enough to check every pair and triple of a kind outright.
    for kind in Kind:
        group = [p for p in PLAYS if p.kind is kind]
        relation = {(a.index, b.index) for a in group for b in group if beats(a, b)}
        for a in group:
            assert (a.index, a.index) not in relation
        for x, y in relation:
            assert (y, x) not in relation
            for y2, z in relation:
                if y2 == y:
                    assert (x, z) in relation
