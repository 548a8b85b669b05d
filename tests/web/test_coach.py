"""The coach at the table, in Chromium (issue 15): deals played with the Hint button and
its key, the misclick guard (taken back by its button and its key, then switched off),
and the review at the end, in two languages.

The site runs its real AIs (easy opponents), strong hints and reviews in worker
processes, as a person meets them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser import serve
from deal_driver import at_random, play_deal
from playwright.sync_api import Browser, Page
from tables import api_frame, new_page, play, start_table

from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

# Per language: what the page says (its catalogs), so that the test reads it as a person.
WORDS = {
    "en": {"hints": "Hints asked for in this deal: {count}", "undone": "Taken back"},
    "it": {"hints": "Suggerimenti chiesti in questa smazzata: {count}", "undone": "Ritirata"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole site with its real AIs on a loopback port."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("coach") / "cardavia.sqlite3")
    settings = settings.model_copy(update={"new_games_per_minute": 1000})
    with serve(create_app(settings)) as url:
        yield url


def opened(browser: Browser, guard: int, **options: Any) -> Page:
    page = new_page(browser, guard=guard, **options)
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    return page


def table_data(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.locator("#table-data").inner_text())
    return data


def hint_of(page: Page, site: str, key: int) -> dict[str, Any]:
    """The hint the page was given, asked again over the API (the same view, the same
    answer; a repeated ask counts nothing more) at decision ``key``."""
    response = page.request.post(
        site + table_data(page)["urls"]["hint"],
        data=json.dumps({"step": key}),
        headers={"Content-Type": "application/json"},
    )
    assert response.ok, response.text()
    answer: dict[str, Any] = response.json()
    return answer


def marked(page: Page) -> list[str]:
    """What the page marks as the hint: actions of buttons, codes of hand cards."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.hinted')]"
        ".map((n) => n.dataset.action ?? n.dataset.code)"
    )
    return found


@pytest.mark.parametrize(("game", "lang", "seed"), [("sisepai", "en", 21), ("chuopai", "it", 22)])
def test_a_deal_played_by_the_hints_with_the_guard_then_reviewed(
    browser: Browser, site: str, game: str, lang: str, seed: int
) -> None:
    page = opened(browser, guard=1500)
    # The page's clock, still running as usual: a test of the guard can make its moment
    # pass at once (below) instead of sleeping through it.
    page.clock.install()
    start_table(page, site, game, seed, lang=lang, ai="easy")
    assert page.locator("#guard").input_value() == "1500", "the guard is on by default"
    hinted = 0
    for decision in play_deal(page, site, timeout=60000):
        number, key = decision.number, decision.step
        # The Hint button (even decisions) or its key H (odd ones).
        if number % 2:
            page.locator("#hand, #prompt").first.focus()
            page.keyboard.press("h")
        else:
            page.click("#hint-button")
        page.wait_for_selector(".coach-hint")
        hinted += 1
        answer = hint_of(page, site, key)
        assert answer["action"] in decision.legal and answer["hints"] == hinted
        assert page.locator(".coach-hint").inner_text().endswith(answer["text"])
        shown = marked(page)
        if answer["action"] in shown:
            pass  # its button: a discard, a claim, a quick play
        else:
            assert sorted(shown) == sorted(answer["action"].split()[1:]), (shown, answer)
        if number < 2:
            # The guard: nothing is sent before its moment ends, and it can be taken back.
            play(page, answer["action"])
            page.wait_for_selector("#undo")
            announced = page.locator("#announce").inner_text()
            assert announced and api_frame(page, site)["deal"]["key"] == key
            if number == 0:
                page.click("#undo")
            else:
                page.keyboard.press("u")
            page.wait_for_selector("#undo", state="detached")
            assert WORDS[lang]["undone"] in page.locator("#announce").inner_text()
            # Past the guard's moment: a choice still pending would fire now, and its
            # send turns the table busy before the clock returns (then moves the step).
            page.clock.run_for(1800)
            assert page.locator("#table-app").get_attribute("data-busy") == "false"
            assert api_frame(page, site)["deal"]["key"] == key, "taken back: never sent"
            if page.locator("#prompt [data-focus=clear]:enabled").count():
                page.click("#prompt [data-focus=clear]")
            if number == 1:
                # Then switched off in the Display menu, and remembered.
                page.click("#display-menu summary")
                page.select_option("#guard", "0")
                page.click("#display-menu summary")
            page.wait_for_selector(".coach-hint")
        # Then the hint is played, guarded or not (the driver clicks it).
        decision.choose(answer["action"])
    assert hinted >= 3
    expected = WORDS[lang]["hints"].format(count=hinted)
    assert page.locator("#hints-used").inner_text() == expected
    page.reload()
    page.wait_for_selector("#table-app[data-ready=true]")
    assert page.locator("#guard").input_value() == "0", "the guard's setting is remembered"
    assert page.locator("#hints-used").inner_text() == expected, "the count is kept"
    # Every decision followed strong's hint: the review, judged the same way, agrees.
    page.click("#review-button")
    page.wait_for_selector(".review-summary", timeout=60000)
    assert page.locator(".finding").count() == 0
    assert page.locator(".review-agrees").is_visible()
    page.context.close()


@pytest.mark.parametrize(("game", "lang", "seed"), [("sisepai", "it", 31), ("chuopai", "en", 32)])
def test_the_review_of_a_deal_played_at_random_shows_progress_and_the_costliest_three(
    browser: Browser, site: str, game: str, lang: str, seed: int
) -> None:
    page = opened(browser, guard=0)
    start_table(page, site, game, seed, lang=lang, ai="easy")
    for _decision in play_deal(page, site, at_random(seed), timeout=60000):
        pass
    assert page.locator("#hints-used").inner_text().endswith(": 0")
    review_url = site + table_data(page)["urls"]["review"]
    page.click("#review-button")
    # The page shows how far it is while the server computes (or it was that quick).
    page.wait_for_selector(".review-progress, .review-summary")
    page.wait_for_selector(".review-summary", timeout=60000)
    review = page.request.get(review_url).json()
    assert review["status"] == "ready"
    findings = review["findings"]
    assert findings, "random play differs from strong's somewhere"
    assert page.locator(".finding").count() == len(findings)
    gains = [finding["gain"] for finding in findings]
    assert gains == sorted(gains, reverse=True), "costliest first"
    costly = page.locator(".finding.costly")
    assert costly.count() == min(3, len(findings))
    for index in range(costly.count()):
        item = costly.nth(index)
        assert item.locator(".finding-reason").inner_text() == findings[index]["text"]
        assert item.locator(".finding-hand .card").count() >= 1
        assert item.locator(".finding-moves .card, .finding-moves").count() >= 1
    # Every finding, in the server's order (the gain's, whatever the language), says why,
    # with both chances and an interval whose lower end never reads as zero.
    shown = page.locator(".finding")
    assert [shown.nth(i).get_attribute("data-step") for i in range(shown.count())] == [
        str(finding["step"]) for finding in findings
    ]
    for index, finding in enumerate(findings):
        item = shown.nth(index)
        assert item.locator(".finding-reason").inner_text() == finding["text"] != ""
        assert item.locator(".finding-head").inner_text().count("%") == 2
        gain = item.locator(".finding-gain").inner_text()
        assert gain.count("%") == 3 and not re.search(r"[+]0%", gain), gain
    # A reload finds it ready at once.
    page.reload()
    page.wait_for_selector("#table-app[data-ready=true]")
    page.click("#review-button")
    page.wait_for_selector(".review-summary", timeout=5000)
    page.context.close()
