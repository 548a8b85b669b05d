"""An accessibility engine no one here wrote, axe-core (bundled by axe-playwright-python),
checks every page of the site and both tables mid-deal, in the five languages, in Debian's
Chromium: no serious or critical violation (contrast, names of controls and images, ARIA,
landmarks, scrollable regions that a keyboard cannot reach, …).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser import serve
from playwright.sync_api import Browser, Page
from tables import api_state, play, start_table, wait_idle

from cardavia.i18n.languages import LANGUAGES
from cardavia.web.app import create_app
from cardavia.web.settings import Settings

from .conftest import SITE_PAGES, random_players

AXE = Axe()
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("a11y") / "cardavia.sqlite3")
    settings = replace(settings, new_games_per_minute=1000)
    with serve(create_app(settings, players=random_players)) as url:
        yield url


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script("localStorage.setItem('cardavia.pace', 'instant')")
    page = context.new_page()
    yield page
    context.close()


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
def test_every_page_passes_axe(page: Page, site: str, lang: str) -> None:
    problems = {}
    for path in [*SITE_PAGES, "/nowhere"]:
        page.goto(f"{site}{path}{'&' if '?' in path else '?'}lang={lang}")
        found = serious(page)
        if found:
            problems[path] = found
    assert problems == {}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_the_table_mid_deal_passes_axe(page: Page, site: str, game: str, lang: str) -> None:
    start_table(page, site, game, 28, lang)
    rng = random.Random(28)
    for _ in range(4):  # a few decisions in: groups or piles, a log, a prompt
        state = api_state(page, site)
        play(page, rng.choice(sorted(state["legal"])))
        wait_idle(page, after_step=state["step"])
    assert serious(page) == []
    # The same table on a phone, with its log open over it.
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("#log-toggle")
    assert serious(page) == []
    page.set_viewport_size({"width": 1366, "height": 768})
