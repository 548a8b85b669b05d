"""Sichuan domino card notation, names, families and ranks (chuopai.md §2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import (
    CODES,
    DOMINOES,
    FULL_DECK,
    Domino,
    Family,
    format_cards,
    parse_cards,
)
from cardavia.core.errors import NotationError

L, Y, B, R = Family.LONG, Family.YAO, Family.BLACK, Family.RED

# The table of spec §2, copied row by row (code, English, Chinese, family, rank).
SPEC_TABLE = [
    ("66", "Heaven", "天", L, 7),
    ("11", "Earth", "地", L, 6),
    ("44", "Man", "人", L, 5),
    ("13", "Harmony", "和", L, 4),
    ("33", "Long Three", "长三", L, 3),
    ("55", "Plum Blossom", "梅花", L, 2),
    ("22", "Bench", "板凳", L, 1),
    ("15", "Cat", "猫猫", Y, 4),
    ("16", "High Foot", "高脚七", Y, 3),
    ("56", "Axe", "斧头", Y, 2),
    ("46", "Four-Six", "四六", Y, 1),
    ("36", "Black Nine", "黑九", B, 4),
    ("26", "Straight Eight", "平八", B, 3),
    ("35", "Crooked Eight", "弯八", B, 3),
    ("25", "Black Seven", "黑七", B, 2),
    ("23", "Black Five", "黑五", B, 1),
    ("45", "Red Nine", "红九", R, 4),
    ("34", "Red Seven", "红七", R, 3),
    ("14", "Red Five", "红五", R, 2),
    ("12", "Ding Ding (Nail)", "丁丁", R, 1),
    ("24", "Two Reds", "二红", R, 1),
]


@pytest.mark.parametrize(("code", "english", "chinese", "family", "rank"), SPEC_TABLE)
def test_every_card_has_the_name_family_and_rank_of_the_spec(
    code: str, english: str, chinese: str, family: Family, rank: int
) -> None:
    card = Domino.parse(code)
    assert (card.english, card.chinese, card.family, card.rank) == (english, chinese, family, rank)


def test_there_are_21_codes_low_pip_first() -> None:
    assert len(DOMINOES) == 21
    assert sorted(CODES) == sorted(row[0] for row in SPEC_TABLE)
    assert all(card.pips[0] <= card.pips[1] for card in DOMINOES)
    assert {card.pips for card in DOMINOES} == {(a, b) for a in range(1, 7) for b in range(a, 7)}


def test_canonical_order_is_the_order_of_the_code_strings() -> None:
    assert [str(card) for card in DOMINOES] == sorted(CODES)
    assert [str(card) for card in sorted(DOMINOES, reverse=True)][:3] == ["66", "56", "55"]
    assert format_cards([Domino.HEAVEN, Domino.RED_NINE, Domino.EARTH]) == "11 45 66"


def test_the_deck_holds_each_code_four_times_in_canonical_order() -> None:
    assert len(FULL_DECK) == 84
    assert all(FULL_DECK.count(card) == 4 for card in DOMINOES)
    assert list(FULL_DECK) == sorted(FULL_DECK)


def test_every_code_round_trips_and_repr_reads_back() -> None:
    for card in DOMINOES:
        assert Domino.parse(str(card)) is card
        assert card.code == str(card)
        assert eval(repr(card), {"Domino": Domino}) is card


@pytest.mark.parametrize(
    ("token", "hint"),
    [
        ("37", "pips run from 1 to 6"),
        ("07", "pips run from 1 to 6"),
        ("63", "write the low pip first (36)"),
        ("21", "write the low pip first (12)"),
        ("6", "two pips"),
        ("366", "two pips"),
        ("", "two pips"),
        ("ab", "two pips"),
        ("3 6", "two pips"),
    ],
)
def test_a_bad_token_is_named_in_the_error(token: str, hint: str) -> None:
    with pytest.raises(NotationError) as error:
        Domino.parse(token)
    message = str(error.value)
    assert message.startswith(f"{token!r} is not a Chuo Pai card: ")
    assert hint in message


def test_parse_cards_reports_the_first_bad_token() -> None:
    with pytest.raises(NotationError, match="'37' is not a Chuo Pai card"):
        parse_cards("36 37 45")


@given(st.lists(st.sampled_from(DOMINOES), max_size=40))
def test_any_list_of_cards_round_trips_in_canonical_order(cards: list[Domino]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == tuple(sorted(cards))
    assert text.split() == sorted(str(card) for card in cards)


@given(st.text(alphabet="0123456789 \t", max_size=12))
def test_parse_accepts_exactly_the_21_codes(text: str) -> None:
    if text in CODES:
        assert str(Domino.parse(text)) == text
    else:
        with pytest.raises(NotationError):
            Domino.parse(text)
