"""Action notation (chuopai.md §8): ``play <cards>`` and ``pass``."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import DOMINOES, Domino, parse_cards
from cardavia.core.errors import NotationError
from cardavia.games.chuopai.actions import ACTIONS, PASS, PASS_INDEX, Action, play
from cardavia.games.chuopai.plays import PLAYS


def test_pass_and_a_play_print_canonically() -> None:
    assert str(PASS) == "pass"
    assert str(Action.parse("play 66 45")) == "play 45 66"
    assert str(play(Domino.HEAVEN, Domino.EARTH, Domino.EARTH)) == "play 11 11 66"


@pytest.mark.parametrize(
    "text",
    ["play 45 66", "play 66 45", "  play\t66   45 ", "play\n45\n66", "\tplay 66\t45\n"],
)
def test_cards_may_come_in_any_order_with_any_white_space(text: str) -> None:
    assert Action.parse(text) == Action.parse("play 45 66")
    assert str(Action.parse(text)) == "play 45 66"


def test_parsing_a_known_play_gives_its_pattern_and_the_shared_object() -> None:
    action = Action.parse("play 36 36 66 66")
    assert action.play is not None and action.play.combination is not None
    assert action is ACTIONS[action.play.index]
    assert Action.parse("pass") is PASS and ACTIONS[PASS_INDEX] is PASS


def test_cards_that_form_no_play_still_parse_the_state_refuses_them() -> None:
    action = Action.parse("play 12 13")
    assert action.play is None and not action.is_pass
    assert str(action) == "play 12 13"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("play 37", "'37' is not a Chuo Pai card"),
        ("play 36 63", "'63' is not a Chuo Pai card: write the low pip first (36)"),
        ("Play 36", "'Play' is not a Chuo Pai action"),
        ("PASS", "'PASS' is not a Chuo Pai action"),
        ("discard 36", "'discard' is not a Chuo Pai action"),
        ("pass 36", "'pass 36': 'pass' takes no cards"),
        ("play", "'play' needs at least one card"),
        ("", "an empty action"),
        ("   ", "an empty action"),
        ("play 36,45", "'36,45' is not a Chuo Pai card"),
    ],
)
def test_bad_notation_is_refused_naming_the_bad_token(text: str, named: str) -> None:
    with pytest.raises(NotationError) as error:
        Action.parse(text)
    assert named in str(error.value)


def test_equal_actions_are_equal_values_and_repr_reads_back() -> None:
    action = Action.parse("play 11 26")
    assert action == play(Domino.STRAIGHT_EIGHT, Domino.EARTH)
    assert hash(action) == hash(Action.parse("play 26 11"))
    assert eval(repr(action), {"Action": Action}) == action
    assert Action.parse("play 36 45") != Action.parse("play 36 36")


def test_every_play_has_one_action_in_notation_order() -> None:
    texts = [str(action) for action in ACTIONS[:PASS_INDEX]]
    assert texts == ["play " + str(play) for play in PLAYS]
    assert texts == sorted(texts)
    assert len(set(texts)) == len(PLAYS)


@given(st.lists(st.sampled_from(DOMINOES), min_size=1, max_size=12), st.randoms())
def test_any_cards_round_trip_through_the_notation(cards: list[Domino], rng: Random) -> None:
    action = play(*cards)
    text = str(action)
    assert Action.parse(text) == action
    # Shuffled tokens and odd spacing parse to the same action.
    tokens = text.split()[1:]
    rng.shuffle(tokens)
    assert Action.parse("play\t" + "  ".join(tokens)) == action
    assert text.split()[1:] == sorted(str(card) for card in cards)


@given(st.sampled_from(ACTIONS))
def test_every_engine_action_round_trips(action: Action) -> None:
    assert Action.parse(str(action)) is action
    assert parse_cards(str(action).removeprefix("play").removeprefix("pass")) == action.cards
