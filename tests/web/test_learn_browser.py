"""*Learn to play* in Chromium: every lesson of both games completed by clicks, in
English and in Chinese, a wrong answer first where the lesson is the first (its reason
shown), one answer by keys alone; the learn pages fit a desktop (1366 × 768) and a phone
(360 × 740) without scrolling sideways, and pass axe with no serious violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from cardavia.i18n import catalogs
from cardavia.web.learn.catalog import PATHS
from cardavia.web.learn.judge import choices, judge
from cardavia.web.learn.model import Lesson
from cardavia.web.words.text import english_plural, identity

AXE = Axe()


def _answers(lesson: Lesson) -> tuple[str, str]:
    """A right and a wrong choice of the exercise, as the engine judges them."""
    judged = {c: judge(lesson, c, identity, english_plural).right for c in choices(lesson)}
    return (
        next(c for c, right in judged.items() if right),
        next(c for c, right in judged.items() if not right),
    )


def _sideways(page: Page) -> int:
    width: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def _serious(page: Page) -> list[str]:
    found = AXE.run(page).response
    return [
        f"{rule['id']}: {rule['help']}"
        for rule in found["violations"]
        if rule["impact"] in ("serious", "critical")
    ]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_every_lesson_is_completed_by_clicks(
    pages: list[Page], random_site: str, lang: str
) -> None:
    _ = catalogs.gettext_for(lang)
    problems: list[str] = []
    for page in pages:
        size = page.viewport_size
        for game, lessons in PATHS.items():
            page.goto(f"{random_site}/learn/{game}?lang={lang}")
            page.get_by_role("link", name=_("Start the first lesson")).click()
            for number, lesson in enumerate(lessons):
                where = f"{size} {game}/{lesson.slug}"
                page.wait_for_selector(".exercise")
                assert _(lesson.title) in page.locator("h1").inner_text(), where
                right, wrong = _answers(lesson)
                if number == 0:
                    page.locator(f'button[data-action="{wrong}"]').first.click()
                    verdict = page.locator(".verdict.wrong")
                    verdict.wait_for()
                    assert page.locator(".verdict .reason").inner_text().strip(), where
                    # The verdict takes the focus: the reason is where a keyboard starts.
                    page.wait_for_function("() => document.activeElement?.id === 'verdict'")
                if number == 1:
                    # By keys alone: focus the choice and press Enter, as a keyboard would.
                    page.locator(f'button[data-action="{right}"]').first.focus()
                    page.keyboard.press("Enter")
                else:
                    page.locator(f'button[data-action="{right}"]').first.click()
                page.locator(".verdict.right").wait_for()
                if _sideways(page):
                    problems.append(f"{where}: scrolls sideways by {_sideways(page)} px")
                problems += [f"{where}: {found}" for found in _serious(page)]
                page.locator("#next-lesson").click()
            page.wait_for_url(f"**/games/{game}")
        page.goto(f"{random_site}/learn?lang={lang}")
        for game, lessons in PATHS.items():
            done = page.locator(f".learn-game:has(#learn-{game}) li.done")
            assert done.count() == len(lessons), f"{size} {game}: every lesson marked done"
        for path in ("/learn", "/learn/sisepai", "/learn/chuopai"):
            page.goto(f"{random_site}{path}?lang={lang}")
            if _sideways(page):
                problems.append(f"{size} {path}: scrolls sideways")
            problems += [f"{size} {path}: {found}" for found in _serious(page)]
    assert problems == []
