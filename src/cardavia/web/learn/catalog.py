"""Every game's path of lessons, by game and slug."""

from __future__ import annotations

from cardavia.web.learn import chuopai, sisepai
from cardavia.web.learn.model import Lesson

PATHS: dict[str, tuple[Lesson, ...]] = {
    sisepai.GAME: sisepai.LESSONS,
    chuopai.GAME: chuopai.LESSONS,
}
"""Each game's lessons in order (the games in the museum's order)."""


def lesson(game: str, slug: str) -> Lesson | None:
    """The lesson ``slug`` of ``game``, or ``None``."""
    return next((found for found in PATHS.get(game, ()) if found.slug == slug), None)


def key(game: str, lesson: Lesson) -> str:
    """The name a lesson's progress is kept under (``sisepai/cards``)."""
    return f"{game}/{lesson.slug}"
