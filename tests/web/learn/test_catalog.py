"""Each game's path, found by its slug; a lesson's progress key names its game."""

from __future__ import annotations

from cardavia.games.registry import GAME_NAMES
from cardavia.web.learn.catalog import PATHS, key, lesson


def test_both_games_have_a_path_of_distinct_lessons() -> None:
    assert set(PATHS) == set(GAME_NAMES)
    for lessons in PATHS.values():
        assert lessons
        assert len({found.slug for found in lessons}) == len(lessons)


def test_a_lesson_is_found_by_game_and_slug_only() -> None:
    found = lesson("chuopai", "beating")
    assert found is not None and key("chuopai", found) == "chuopai/beating"
    assert lesson("sisepai", "beating") is None
    assert lesson("mahjong", "cards") is None


def test_every_exercise_is_set_in_its_own_game() -> None:
    for game, lessons in PATHS.items():
        assert {found.exercise.position.game for found in lessons} == {game}
