"""Every lesson's stored position still shows its idea, and its exercise has a right and
a wrong answer as the engine judges them (a change of the rules that moves a position
away from its lesson fails here by the lesson's name)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cardavia.web.learn.catalog import PATHS
from cardavia.web.learn.ideas import IDEAS
from cardavia.web.learn.judge import choices, judge, position_state
from cardavia.web.learn.model import Goal, Lesson, Offer
from cardavia.web.words.text import english_plural, identity

LESSONS = [lesson for path in PATHS.values() for lesson in path]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_stored_position_still_shows_the_lessons_idea(lesson: Lesson) -> None:
    assert lesson.idea.split("_")[0] == lesson.exercise.position.game
    assert IDEAS[lesson.idea](position_state(lesson))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_exercise_has_a_right_and_a_wrong_answer(lesson: Lesson) -> None:
    answers = [judge(lesson, choice, identity, english_plural) for choice in choices(lesson)]
    assert any(answer.right for answer in answers)
    assert not all(answer.right for answer in answers)
    assert all(answer.reason for answer in answers), "every answer says why"


def test_the_offline_search_finds_a_stored_position_again() -> None:
    script = Path(__file__).resolve().parents[3] / "scripts" / "learn_positions.py"
    spec = importlib.util.spec_from_file_location("learn_positions", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rounds = next(found for found in PATHS["chuopai"] if found.slug == "rounds")
    position = rounds.exercise.position
    found = module.search("chuopai_lead", Goal.ROUND, Offer.LEGAL, position.seed, 6)
    assert found == (position.seed, position.step)
