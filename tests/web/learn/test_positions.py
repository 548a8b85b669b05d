"""A lesson's position is a real engine state, replayed the same way every time, and the
deal plays on from it by the engine alone."""

from __future__ import annotations

import pytest

from cardavia.web.learn.catalog import PATHS
from cardavia.web.learn.model import Lesson
from cardavia.web.learn.positions import PERSON, Position, play_on, state_at

LESSONS = [lesson for path in PATHS.values() for lesson in path]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_every_stored_position_is_the_persons_decision(lesson: Lesson) -> None:
    state = state_at(lesson.exercise.position)
    assert state.to_act == PERSON
    assert state.outcome is None


def test_a_position_replays_to_the_same_state() -> None:
    position = Position("chuopai", 1, 75)
    assert state_at(position) == state_at(position)


def test_a_position_where_another_seat_decides_is_refused() -> None:
    with pytest.raises(ValueError, match="not a decision of seat 0"):
        state_at(Position("chuopai", 1, 0))


def test_the_deal_plays_on_until_the_person_decides_again() -> None:
    state = state_at(Position("chuopai", 1, 75))
    after, events = play_on(state, state.legal_actions()[0])
    assert after.to_act == PERSON or after.outcome is not None
    assert events[0].to_json()["type"] == "lead"
    assert play_on(state, state.legal_actions()[0])[0] == after, "the same opponents every time"
