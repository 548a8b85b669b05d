"""The site in Debian's Chromium (Playwright): both games played to the end by clicking.

At every decision the test reads the deal through the API (same cookie as the page)
and checks what the person sees: exactly the legal claims as buttons, exactly the legal
discards as clickable cards (Generals and flowers never), a Play button that accepts
only legal plays, forced actions written in the log, the end-of-deal breakdown with
*New deal* and *Download record*.

Needs ``apt-get install -y chromium fonts-noto-cjk`` (``.ci/run`` installs them); never
``playwright install`` (TOOLCHAIN.md).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import INSTALL, serve
from deal_driver import at_random, play_deal
from playwright.sync_api import Browser, Page
from tables import api_frame, settle, start_table

from cardavia.records import parse_record, replay
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, served by uvicorn in a thread on a free loopback port."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("site") / "cardavia.sqlite3")
    with serve(create_app(settings)) as url:
        yield url


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    # Instant AI pace: the tests wait for the page, not for the animation.
    context.add_init_script("localStorage.setItem('cardavia.pace', '0')")
    # The misclick guard off: a click is sent at once (test_coach.py tests the guard).
    context.add_init_script("localStorage.setItem('cardavia.guard', '0')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


# -- fonts -------------------------------------------------------------------------------


def test_chinese_glyphs_have_a_font(browser: Browser, site: str) -> None:
    """Without a CJK font every glyph is an empty box while DOM text still matches, so
    ask Chromium which font drew the cards' glyphs, and check that it is a Chinese one."""
    listed = subprocess.run(
        ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=False
    ).stdout
    chinese = {name.strip() for line in listed.splitlines() for name in line.split(",")}
    assert shutil.which("fc-list") and chinese, f"no Chinese font installed: {INSTALL}"
    page = browser.new_page()
    try:
        # A Chinese page names the Sichuan cards in Chinese too.
        for path, selectors in (("/", (".fc-seal", ".seal")), ("/?lang=zh", (".dm-chinese",))):
            page.goto(site + path)
            cdp = page.context.new_cdp_session(page)
            root = cdp.send("DOM.getDocument")["root"]["nodeId"]
            cdp.send("CSS.enable")
            for selector in selectors:
                node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
                # The text node inside the element is what was drawn.
                found = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
                used = {font["familyName"] for font in found["fonts"] if font["glyphCount"]}
                assert used and used <= chinese, f"{selector} drawn with {used}: {INSTALL}"
            cdp.detach()
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "script"), [("zh", "SC"), ("zh-Hant", "TC"), ("en", "SC")])
def test_each_chinese_page_is_drawn_in_its_scripts_fonts(
    browser: Browser, site: str, lang: str, script: str
) -> None:
    """A simplified font draws characters both scripts share in the mainland's shapes:
    a traditional-Chinese page's text and its dominoes' names take the TC fonts."""
    page = browser.new_page()
    try:
        page.goto(f"{site}/traditions/sichuan-cards?lang={lang}")
        cdp = page.context.new_cdp_session(page)
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        cdp.send("CSS.enable")
        # The tradition's facts are in the page's sans; a domino's name, on a Chinese
        # page, in the page's own serif (its Chinese name; elsewhere its name in words).
        for selector in (".facts", ".card.dm .card-name"):
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
            found = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
            used = {font["familyName"] for font in found["fonts"] if font["glyphCount"]}
            if lang == "en" and selector != ".facts":
                continue  # Latin words, drawn by whichever font comes first
            assert used and all(name.endswith(f"CJK {script}") for name in used), (
                f"{lang} {selector}: {used}"
            )
        cdp.detach()
    finally:
        page.close()


# -- the museum ----------------------------------------------------------------------------


def test_from_the_index_to_a_table(page: Page, site: str) -> None:
    page.goto(site + "/")
    assert page.locator("h1").inner_text() == "Card traditions"
    page.click("text=Sichuan cards")
    assert "92 cards" in page.locator(".facts").first.inner_text()
    page.locator(".game-card a.button", has_text="Start game").click()
    page.click("#tab-rules")
    assert page.locator("#panel-rules").is_visible()
    assert not page.locator("#panel-table").is_visible()
    assert page.url.endswith("?tab=rules")
    page.click("#tab-table")
    page.check("input[value=strong]")
    assert page.locator("button[type=submit]", has_text="Start game").is_visible()


# -- helpers for the table -------------------------------------------------------------------


def actions_on(page: Page, where: str) -> set[str]:
    return {
        str(node.get_attribute("data-action"))
        for node in page.locator(f"{where} [data-action]").all()
    }


def check_ending(page: Page, deal: dict[str, Any]) -> None:
    assert page.locator("#ending").is_visible()
    assert page.locator("#new-deal").is_visible()
    with page.expect_download() as download:
        page.click("#download-record")
    record = Path(download.value.path()).read_bytes()
    assert replay(parse_record(record)).to_json() == deal["result"]
    assert str(deal["seed"]) in page.locator("#deal-number-note").inner_text()


# -- Sì Sè Pái -------------------------------------------------------------------------------


def test_a_sisepai_deal_played_to_the_end_by_clicking(page: Page, site: str) -> None:
    # A chosen deal number: with these clicks, deal 2024 offers the person claims (a random
    # deal may not, and the claim prompt is what this test is about).
    start_table(page, site, "sisepai", 2024)
    seen_kinds: set[str] = set()
    for decision in play_deal(page, site, at_random(7)):
        view = decision.view
        legal = set(decision.legal)
        if view["phase"] == "claim":
            seen_kinds.add("claim")
            # The public card, where it came from, and exactly the legal answers.
            assert page.locator(f"#public .card[data-code='{view['public_card']}']").count() == 1
            assert actions_on(page, "#prompt") == legal
            assert actions_on(page, "#hand") == set()
        else:
            seen_kinds.add("discard")
            assert actions_on(page, "#hand") == legal
            assert actions_on(page, "#prompt") == set()
            unclickable = page.locator("#hand .card-button .card[data-code$='G']")
            assert unclickable.count() == 0, "Generals are never discards"
            assert page.locator("#hand .card-button .fc-f").count() == 0, "nor flowers"
            assert page.locator("#hand .card").count() == len(view["hand"])
    deal = api_frame(page, site)["deal"]
    assert "claim" in seen_kinds
    # The person's lone answers were played for them without a line each; their own
    # choices have one.
    answers = [event for event in deal["events"] if event["type"] == "answered"]
    chosen = [event for event in answers if not event["forced"]]
    assert len(chosen) < len(answers), "some answers were the person's only legal action"
    said = page.locator("#log .log-item", has_text="You answered").count()
    assert said == len(chosen)
    title = page.locator("#ending-title").inner_text()
    if deal["result"]["result"] == "win":
        groups = page.locator(".breakdown li")
        assert groups.count() == len(deal["result"]["groups"])
        assert str(deal["result"]["score"]) in page.locator(".total").inner_text()
    else:
        assert "draw" in title
    check_ending(page, deal)


# -- Chuo Pai --------------------------------------------------------------------------------


def select_play(page: Page, action: str) -> None:
    """Choose the cards of ``action`` in the hand, then Play: Play waits for a legal play."""
    play = page.locator("#play-selected")
    assert play.is_disabled(), "nothing chosen yet: Play waits for a legal play"
    for code in action.split()[1:]:
        page.locator(f"#hand .card-button[data-code='{code}'][aria-pressed='false']").first.click()
    assert play.is_enabled()
    play.click()


def joinable(chosen: list[str], legal: list[str]) -> set[str]:
    """The codes that can join ``chosen`` in one of the ``legal`` plays (copies counted)."""

    def fits(cards: list[str], play: list[str]) -> bool:
        left = list(play)
        for code in cards:
            if code not in left:
                return False
            left.remove(code)
        return True

    plays = [action.split()[1:] for action in legal if action != "pass"]
    return {code for play in plays for code in play if fits([*chosen, code], play)}


def check_selection(page: Page, action: str, legal: list[str]) -> None:
    """One card of ``action`` chosen: it is pressed, only cards that can join it in a legal
    play stay enabled, Play waits unless it is a play alone; Clear then undoes it all."""
    first = action.split()[1]
    page.locator(f"#hand .card-button[data-code='{first}'][aria-pressed='false']").first.click()
    pressed = page.locator("#hand .card-button[aria-pressed='true']")
    assert [node.get_attribute("data-code") for node in pressed.all()] == [first]
    enabled = page.locator("#hand .card-button:not([disabled])[aria-pressed='false']").all()
    assert {str(node.get_attribute("data-code")) for node in enabled} == joinable([first], legal)
    assert page.locator("#play-selected").is_enabled() == (f"play {first}" in legal)
    page.locator("#prompt [data-focus=clear]").click()
    assert page.locator("#hand .card-button[aria-pressed='true']").count() == 0
    assert page.locator("#play-selected").is_disabled()
    assert page.locator("#prompt [data-focus=clear]").is_disabled()


def test_clear_by_keyboard_leaves_the_focus_at_the_table(page: Page, site: str) -> None:
    # Clear disables itself once it has cleared: the focus must not fall to the page.
    start_table(page, site, "chuopai", 2024)
    page.locator("#hand .card-button:enabled").first.focus()
    page.keyboard.press("Enter")
    assert page.locator("#hand .card-button[aria-pressed='true']").count() == 1
    page.locator("#prompt [data-focus=clear]").focus()
    page.keyboard.press("Enter")
    assert page.locator("#hand .card-button[aria-pressed='true']").count() == 0
    settle(page)  # a disabled control loses the focus at the next frame
    focused = page.evaluate(
        "() => !document.activeElement.disabled && !!document.activeElement.closest('#table-app')"
    )
    assert focused, "after Clear the focus left the table"


def test_a_chuopai_deal_played_to_the_end_by_clicking(page: Page, site: str) -> None:
    # A chosen deal number, so that the person both leads and answers (checked below).
    start_table(page, site, "chuopai", 2024)
    leads = answers = 0
    for decision in play_deal(page, site, at_random(3), by=select_play, limit=300):
        view = decision.view
        legal = decision.legal
        assert "pass" not in legal, "a lone pass is played for the person"
        assert ("pass" in actions_on(page, "#prompt")) == ("pass" in legal)
        hand = page.locator("#hand .card")
        assert hand.count() == len(view["hand"])
        if view["top"] is None:
            leads += 1
        else:
            answers += 1
            if len(legal) <= 12:
                assert actions_on(page, "#prompt .quick-plays") == set(legal)
            # Cards that belong to no beating play cannot be chosen.
            usable = {
                str(node.get_attribute("data-code"))
                for node in page.locator("#hand .card-button:not([disabled])").all()
            }
            assert usable == joinable([], legal)
        if leads + answers <= 6:
            check_selection(page, decision.action, legal)
    deal = api_frame(page, site)["deal"]
    assert leads > 0 and answers > 0
    rows = page.locator(".accounts .account")
    assert rows.count() == 3
    check_ending(page, deal)
