"""An accessibility engine no one here wrote, axe-core (bundled by axe-playwright-python),
checks every page of the site and both tables mid-deal, in every language, in Debian's
Chromium: no serious or critical violation (contrast, names of controls and images, ARIA,
landmarks, scrollable regions that a keyboard cannot reach, …).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from deal_driver import at_random, finish_table_by_request, play_deal
from playwright.sync_api import Browser, Page
from tables import new_page, start_table

from cardavia.i18n.languages import LANGUAGES

from .conftest import SITE_PAGES

AXE = Axe()
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    page = new_page(browser)
    yield page
    page.context.close()


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, in words."""
    found: dict[str, Any] = AXE.run(page).response
    return [
        f"{rule['id']} ({rule['impact']}): {rule['help']} — "
        + "; ".join(" ".join(node["target"]) for node in rule["nodes"][:4])
        for rule in found["violations"]
        if rule["impact"] in SERIOUS
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_passes_axe(page: Page, random_site: str, lang: str) -> None:
    problems = {}
    for path in [*SITE_PAGES, "/nowhere"]:
        page.goto(f"{random_site}{path}{'&' if '?' in path else '?'}lang={lang}")
        found = serious(page)
        if found:
            problems[path] = found
    assert problems == {}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_the_table_mid_deal_passes_axe(page: Page, random_site: str, game: str, lang: str) -> None:
    start_table(page, random_site, game, 28, lang)
    for decision in play_deal(page, random_site, at_random(28)):
        if decision.number == 4:  # a few decisions in: groups or piles, a log, a prompt
            break
    else:
        pytest.fail("the deal ended before its fifth decision")
    assert serious(page) == []
    # The same table on a phone, with its log open over it.
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("#log-toggle")
    assert serious(page) == []
    page.set_viewport_size({"width": 1366, "height": 768})


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_the_replay_viewer_passes_axe(page: Page, random_site: str, game: str, lang: str) -> None:
    start_table(page, random_site, game, 29, lang)
    table = page.url.rsplit("/", 1)[-1].split("?")[0]
    deal = str(page.locator("#table-app").get_attribute("data-deal"))
    finish_table_by_request(page, random_site, table, lambda legal: legal[0])
    page.goto(f"{random_site}/replay/{deal}?lang={lang}#20")
    page.wait_for_selector("#replay-app[data-ready=true]")
    assert serious(page) == []  # every hand face up
    page.select_option("#replay-seat", "1")
    assert serious(page) == []  # one seat's view
    page.set_viewport_size({"width": 360, "height": 740})
    assert serious(page) == []
    page.set_viewport_size({"width": 1366, "height": 768})
