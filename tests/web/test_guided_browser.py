"""The guided first deals in Chromium (issue 25): each is completed by clicking what
the guide points at, in English on a desktop and in Italian on a phone; the guide names
the ideas the deal was chosen for, in order, and the person wins; the end keeps the
deal as the browser's progress. A choice other than the guide's is sent as any other
and then explained. A deal not won offers the guided deal in its ending; a keyboard
starts at what the guide points at."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser import serve
from deal_driver import Decision, finish_table_by_request, play_deal
from playwright.sync_api import Browser, Page
from tables import api_frame, new_page, start_table, wait_idle

from cardavia.i18n import catalogs
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.learn.catalog import lesson
from cardavia.web.learn.guided import DEALS

from .test_accessibility import serious


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole site with the AIs and the coach a server runs (a guided deal is played
    against the real easy AIs), and no limit on new deals."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("site") / "cardavia.sqlite3")
    with serve(create_app(settings.model_copy(update={"new_games_per_minute": 1000}))) as url:
        yield url


def _start(page: Page, site: str, game: str, lang: str) -> None:
    page.goto(f"{site}/learn/{game}/guided?lang={lang}")
    page.click("#start-guided")
    page.wait_for_selector("#table-app[data-ready=true]")


def _pointed(decision: Decision) -> str:
    """What the guide points at here, once it has said it: the marked card or button."""
    page = decision.page
    page.wait_for_selector("#guide-point")
    action: str = page.evaluate("() => document.getElementById('table-app').dataset.guided")
    assert action in decision.legal, f"the guide points at {action!r}: not legal"
    marked = page.locator(".guided")
    assert marked.count() >= 1, "the card or button is marked"
    assert marked.first.get_attribute("aria-describedby") == "guide-point"
    assert page.locator("#guide-point").inner_text().strip()
    return action


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "size"), [("en", (1366, 768)), ("it", (360, 740))])
def test_each_guided_deal_is_completed_by_clicking_what_the_guide_points_at(
    browser: Browser, site: str, lang: str, size: tuple[int, int]
) -> None:
    _ = catalogs.gettext_for(lang)
    page = new_page(browser, viewport={"width": size[0], "height": size[1]})
    for game, chosen in DEALS.items():
        _start(page, site, game, lang)
        titles: list[str] = []
        for decision in play_deal(page, site, _pointed):
            assert decision.action  # the guide has pointed (and its mark is checked)
            title = page.locator("#guide-says .guide-title").inner_text()
            if title not in titles:
                titles.append(title)
        met = [lesson(game, idea) for idea in chosen.ideas]
        wanted = [_(found.title) for found in met if found is not None]
        assert titles == wanted, "the ideas the deal was chosen for, in order"
        result = api_frame(page, site)["deal"]["result"]
        assert 0 in result.get("winners", [result.get("winner")]), "a first win"
        page.wait_for_selector("#ending:not([hidden]) .guide-end")
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        page.goto(f"{site}/learn/{game}?lang={lang}")
        assert page.locator(".guided-deal .done-mark").count() == 1, "kept as progress"
    assert page.locator(f'a[href="/learn/{game}/guided"]').count() == 1
    page.goto(f"{site}/?lang={lang}")
    assert page.locator('a[href$="/guided"]').count() == 0, "no longer offered"
    page.context.close()


@pytest.mark.slow
def test_a_choice_other_than_the_guides_is_sent_and_explained(browser: Browser, site: str) -> None:
    page = new_page(browser)
    _start(page, site, "sisepai", "en")
    chosen = ""
    for decision in play_deal(page, site, _pointed):
        if decision.number == 1:
            pointed = _pointed(decision)
            chosen = next(action for action in decision.legal if action != pointed)
            decision.choose(chosen)
        elif decision.number == 2:
            _pointed(decision)  # the guide has answered for this decision
            said = page.locator("#guide-says .guide-otherwise").inner_text()
            assert said.startswith("You chose otherwise.")
            assert len(said) > len("You chose otherwise. "), "what the choice did, in words"
            assert page.locator("#guide-says .guide-would").count() == 1
            assert page.locator(".guided").count() >= 1, "the guide still points"
            # The guided table, its words over the prompt, on a desktop and a phone.
            assert serious(page) == []
            page.set_viewport_size({"width": 360, "height": 740})
            assert serious(page) == []
            assert page.evaluate(
                "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
            )
            break
    assert chosen
    page.context.close()


@pytest.mark.slow
def test_a_deal_not_won_offers_the_guided_deal_in_its_ending(browser: Browser, site: str) -> None:
    page = new_page(browser)
    start_table(page, site, "chuopai", 3, "nl", ai="basic")
    table = page.url.rsplit("/", 1)[1]
    # The person always plays the first play offered: deal 3 is then lost to basic AIs.
    deal = finish_table_by_request(page, site, table, lambda options: sorted(options)[0])
    assert 0 not in deal["result"]["winners"], "this deal is lost"
    page.wait_for_selector("#ending:not([hidden])")
    offer = page.locator("#ending .guide-offer a")
    assert offer.get_attribute("href") == "/learn/chuopai/guided"
    assert offer.inner_text() == "Nieuw in Chuo Pai? Leer het in vijf minuten"
    offer.click()
    page.wait_for_selector("#start-guided")
    page.context.close()


def test_a_keyboard_starts_at_what_the_guide_points_at(browser: Browser, site: str) -> None:
    page = new_page(browser)
    _start(page, site, "sisepai", "en")
    page.wait_for_selector("#guide-point")
    page.wait_for_function("() => document.activeElement?.classList.contains('guided')")
    step = page.evaluate("() => document.getElementById('table-app').dataset.step")
    page.keyboard.press("Enter")
    wait_idle(page, after_step=int(step))
    page.wait_for_selector("#guide-point")
    page.context.close()
