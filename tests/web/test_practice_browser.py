"""*Practice* in Chromium: a position answered wrong, then another answered right, in
English and in Italian; the verdict says so with the coach's reason and every choice's
chance, the page fits a desktop (1366 × 768) and a phone (360 × 740) without scrolling
sideways and passes axe, and the tally on /practice counts both answers."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from cardavia.i18n import catalogs
from cardavia.web.practice import store

AXE = Axe()


def _serious(page: Page) -> list[str]:
    found = AXE.run(page).response
    return [
        f"{rule['id']}: {rule['help']}"
        for rule in found["violations"]
        if rule["impact"] in ("serious", "critical")
    ]


def _sideways(page: Page) -> int:
    width: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


@pytest.mark.slow  # two positions answered at two sizes: about 7 s per language
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_position_answered_wrong_then_one_answered_right(
    pages: list[Page], random_site: str, lang: str
) -> None:
    _ = catalogs.gettext_for(lang)
    ngettext = catalogs.ngettext_for(lang)
    wrong_at, right_at = store.positions("sisepai")[0], store.positions("chuopai")[0]
    wrong = next(name for name, _win in wrong_at.chances if name != wrong_at.best)
    for page in pages:
        size = page.viewport_size
        assert size is not None
        page.goto(f"{random_site}/practice/sisepai/{wrong_at.number}?lang={lang}")
        assert page.locator("h1").inner_text() == _(store.QUESTIONS[wrong_at.kind])
        page.locator(f'button[data-action="{wrong}"]').first.click()
        page.locator(".verdict.wrong").wait_for()
        assert _("Not the best choice.") in page.locator(".verdict .headline").inner_text()
        assert page.locator(".verdict .reason").inner_text().strip()
        assert page.locator(".practice-odds tbody tr").count() == len(wrong_at.chances)
        assert page.locator(".practice-odds tr.best").count() == 1
        page.wait_for_function("() => document.activeElement?.id === 'verdict'")
        assert _sideways(page) == 0, f"{size} scrolls sideways"
        assert _serious(page) == [], "the answered page passes axe"
        page.screenshot(path=f"/tmp/practice-shots/wrong-{lang}-{size['width']}.png")

        page.goto(f"{random_site}/practice/chuopai/{right_at.number}?lang={lang}")
        page.locator(f'button[data-action="{right_at.best}"]').first.click()
        page.locator(".verdict.right").wait_for()
        assert _("Right.") in page.locator(".verdict .headline").inner_text()
        assert page.locator(".practice-odds tr.best.chosen").count() == 1
        assert _sideways(page) == 0, f"{size} scrolls sideways"
        page.screenshot(path=f"/tmp/practice-shots/right-{lang}-{size['width']}.png")

        page.goto(f"{random_site}/practice?lang={lang}")
        tally = page.locator(".practice-tally").all_inner_texts()
        one = ngettext("%(num)s answered, %(right)s right", "%(num)s answered, %(right)s right", 1)
        assert tally == [one % {"num": 1, "right": 0}, one % {"num": 1, "right": 1}]
