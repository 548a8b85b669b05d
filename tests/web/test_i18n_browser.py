"""The site in every language, in Debian's Chromium (Playwright), under the real CSP.

- Every page in every language: ``<html lang>`` right, and no English left on a
  non-English page (its text and the accessible names, compared with the English page's).
- The display sliders change the page, are remembered after a reload, and reset.
- ``prefers-reduced-motion`` and ``prefers-contrast: more`` are honoured.
- A whole deal of each game played with the keyboard only, focus always visible, and
  what the AIs do announced in the page's language.
- A phone in portrait (360 × 740): no page and no table scrolls sideways.

Every page must run without a script error or a Content-Security-Policy violation.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser import WATCH_CSP, csp_violations, serve
from deal_driver import at_random, focused, play_deal, press
from playwright.sync_api import Browser, Page
from tables import start_table

from cardavia.i18n.languages import LANGUAGES, html_lang
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.words.players import SEAT_NAMES, SPARE_NAMES

from .conftest import SITE_PAGES

PAGES = [*SITE_PAGES, "/nowhere"]

SPELT_ALIKE: dict[str, set[str]] = {
    # Names: the API, the game (the tabs' label), a family and the special combinations.
    "all": {"API", "JSON API", "Chuo Pai", "Yao", "Tian Jiu 天九", "Di Ba 地八", "Ren Qi 人七",
            "He Wu 和五", *SEAT_NAMES, *SPARE_NAMES},
    # The guard's "3 s" is written alike (seconds: s).
    "it": {"3 s"},
    # Dutch words too: "Claim(s)" is the rules' own word, "is" stands alone in "*is* winnen".
    "nl": {"Contrast", "Site", "West", "Status", "Type", "Endpoints", "Claim", "Claims", "is",
           "Hint", "3 s"},
    "id": {"Normal", "normal", "Status", "AI: Normal"},
    "zh": set(),
}  # fmt: skip
"""Texts that are the same in English and in the language: names (Sichuan, Tian Jiu, the AIs'),
and words the two languages share (Dutch "Status", Indonesian "Normal" and "AI: Normal")."""

# The text a person meets on the page: text nodes, and the names and hints that
# assistive technology reads (aria-label, title, placeholder, alt). Left out: what is
# marked translate="no" (names such as Cardavia, Sì Sè Pái), text in another language
# (the switch's options, the cards' Chinese glyphs), code, and anything without a word.
TEXTS = """() => {
  const pageLang = document.documentElement.lang;
  const skip = (el) =>
    el.closest("[translate=no], code, script, style, template, noscript") ||
    (el.closest("[lang]") && el.closest("[lang]").lang !== pageLang);
  const found = [];
  const keep = (text) => {
    text = (text || "").replace(/\\s+/g, " ").trim();
    if (/[A-Za-z]{2}/.test(text)) found.push(text);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!skip(node.parentElement)) keep(node.textContent);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (skip(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) keep(el.getAttribute(name));
  }
  return found;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole site (its real AIs and middleware, CSP included) on a loopback port."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("i18n-site") / "cardavia.sqlite3")
    # These tests start many deals from one address: above the site's per-minute limit.
    settings = settings.model_copy(update={"new_games_per_minute": 1000})
    with serve(create_app(settings)) as url:
        yield url


@contextmanager
def opened(browser: Browser, *, pace: str | None = "0", **options: Any) -> Iterator[Page]:
    """A fresh browser context and page; fails on any script error or CSP violation."""
    context = browser.new_context(**({"viewport": {"width": 1280, "height": 860}} | options))
    context.add_init_script(WATCH_CSP)
    if pace is not None:  # the tests wait for the page, not for the animation
        context.add_init_script(f"localStorage.setItem('cardavia.pace', '{pace}')")
        # The misclick guard off: a key press is sent at once (test_coach.py tests it).
        context.add_init_script("localStorage.setItem('cardavia.guard', '0')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
        assert csp_violations(page) == [], "the page broke its Content-Security-Policy"
    finally:
        context.close()
    assert errors == [], f"script errors on the page: {errors}"


def with_lang(path: str, lang: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}lang={lang}"


def texts(page: Page) -> set[str]:
    found: list[str] = page.evaluate(TEXTS)
    return set(found)


# -- every page, every language ---------------------------------------------------------------


def test_every_page_in_every_language_is_all_in_that_language(browser: Browser, site: str) -> None:
    with opened(browser) as page:
        english: dict[str, set[str]] = {}
        for path in PAGES:
            page.goto(site + with_lang(path, "en"))
            assert page.locator("html").get_attribute("lang") == "en"
            english[path] = texts(page)
        for game in ("sisepai", "chuopai"):
            start_table(page, site, game, 11, "en")
            english[game] = texts(page)
        for lang in LANGUAGES:
            if lang == "en":
                continue
            alike = SPELT_ALIKE["all"] | SPELT_ALIKE.get(lang, set())
            for path in PAGES:
                page.goto(site + with_lang(path, lang))
                assert page.locator("html").get_attribute("lang") == html_lang(lang), path
                left = (texts(page) & english[path]) - alike
                assert left == set(), f"{lang} {path}: English left: {sorted(left)}"
            for game in ("sisepai", "chuopai"):
                start_table(page, site, game, 11, lang)
                assert page.locator("html").get_attribute("lang") == html_lang(lang)
                left = (texts(page) & english[game]) - alike
                assert left == set(), f"{lang} {game} table: English left: {sorted(left)}"


def test_the_switch_keeps_the_tab_and_the_choice(browser: Browser, site: str) -> None:
    with opened(browser, locale="id-ID") as page:
        page.goto(site + "/games/chuopai")
        assert page.locator("html").get_attribute("lang") == "id", "Accept-Language"
        page.click("#tab-rules")
        # The language applies as soon as it is chosen: a link, no second step.
        page.click("#language-menu summary")
        page.click("#language-switch a[data-lang=it]")
        assert page.url.endswith("/games/chuopai?tab=rules&lang=it")
        assert page.locator("#panel-rules").is_visible()
        assert page.locator("#tab-rules").inner_text() == "Regole complete"
        page.goto(site + "/docs")
        assert page.locator("html").get_attribute("lang") == "it", "the cookie remembers it"


# -- display settings -------------------------------------------------------------------------


# A layer's opacity as drawn: "0" when it is not drawn at all (the tint at 50 %).
DISPLAY = """() => {
  const root = getComputedStyle(document.documentElement);
  const drawn = (layer) => {
    const style = getComputedStyle(document.documentElement, layer);
    return style.display === "none" ? "0" : style.opacity;
  };
  return {
    filter: getComputedStyle(document.body).filter,
    grain: drawn("::after"),
    tint: drawn("::before"),
    tintColour: getComputedStyle(document.documentElement, "::before").backgroundColor,
    patterns: document.documentElement.hasAttribute("data-patterns"),
    values: [...document.querySelectorAll("#display input[type=range]")].map((i) => i.value),
    shown: [...document.querySelectorAll("#display output")].map((o) => o.textContent),
    stored: localStorage.getItem("cardavia.display"),
    muted: root.getPropertyValue("--muted").trim(),
  };
}"""


def test_display_sliders_change_the_page_are_remembered_and_reset(
    browser: Browser, site: str
) -> None:
    with opened(browser) as page:
        page.goto(site + "/traditions/four-colour-cards?lang=it")
        start = page.evaluate(DISPLAY)
        assert start["filter"] == "none" and start["values"] == ["50", "50", "50"]
        assert start["shown"] == ["50%", "50%", "50%"] and start["tint"] == "0"
        assert 0 < float(start["grain"]) < 0.1, "50 % is the design's light grain"
        drawn = page.screenshot()

        page.click("#display-menu summary")  # the settings fold into one control
        page.fill("#display-contrast", "80")
        page.fill("#display-grain", "100")
        page.fill("#display-temperature", "0")
        page.focus("#display-temperature")
        page.keyboard.press("ArrowRight")  # the sliders work from the keyboard too
        changed = page.evaluate(DISPLAY)
        assert changed["filter"] == "contrast(1.36)"
        assert float(changed["grain"]) == pytest.approx(0.3)
        assert float(changed["tint"]) == pytest.approx(0.196)
        assert changed["tintColour"] == "rgb(255, 154, 77)", "left of the middle is warm"
        assert changed["values"] == ["80", "100", "1"]
        assert changed["shown"] == ["80%", "100%", "1%"]
        assert page.screenshot() != drawn, "the page looks different"

        page.check("#display-patterns")
        page.keyboard.press("Escape")
        assert not page.locator("#display-contrast").is_visible(), "Escape folds the settings"
        card = page.locator(".showcase .card.fc-r").first
        assert card.evaluate("(c) => getComputedStyle(c).backgroundImage") != "none"

        page.reload()
        again = page.evaluate(DISPLAY)
        assert {k: again[k] for k in ("filter", "values", "patterns")} == {
            "filter": "contrast(1.36)",
            "values": ["80", "100", "1"],
            "patterns": True,
        }, "remembered after a reload"
        # Worded as the menu opens (an Intl formatter is not made as every page loads):
        # by its toggle event, which runs after the click, so the words are waited for.
        page.click("#display-menu summary")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#display output')]"
            ".map((o) => o.textContent).join() === '80%,100%,1%'",
            timeout=5000,
        )
        page.keyboard.press("Escape")
        page.goto(site + "/games/chuopai?lang=zh")
        assert page.evaluate(DISPLAY)["values"] == ["80", "100", "1"], "and on every page"

        page.click("#display-menu summary")
        page.click("#display-reset")
        reset = page.evaluate(DISPLAY)
        assert reset["filter"] == "none" and reset["values"] == ["50", "50", "50"]
        assert not reset["patterns"] and reset["stored"] is None
        page.reload()
        assert page.evaluate(DISPLAY)["values"] == ["50", "50", "50"]


def test_reduced_motion_and_more_contrast_are_respected(browser: Browser, site: str) -> None:
    with opened(browser) as page:
        page.goto(site + "/")
        usual = page.evaluate(DISPLAY)["muted"]
    with opened(browser, pace=None, reduced_motion="reduce", contrast="more") as page:
        page.goto(site + "/")
        assert page.evaluate(DISPLAY)["muted"] != usual, "more contrast: darker secondary text"
        start_table(page, site, "sisepai", 3, "en")
        assert page.locator("#pace").input_value() == "instant", "less motion: the AIs at once"
        durations = page.evaluate(
            "() => [...document.querySelectorAll('.card-button, .card, .log-item')]"
            ".map((el) => getComputedStyle(el).transitionDuration + getComputedStyle(el)"
            ".animationDuration)"
        )
        assert set(durations) <= {"0s0s"}, "no animation, no transition"


# -- the keyboard alone -----------------------------------------------------------------------


def start_by_keyboard(page: Page, site: str, game: str, lang: str, seed: int) -> None:
    """Tab to *Play a particular deal*, open it, type the deal number, press Enter."""
    page.goto(f"{site}/games/{game}?lang={lang}")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.deal-number summary')"):
            break
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.type(str(seed))
    page.keyboard.press("Enter")
    page.wait_for_selector("#table-app[data-ready=true]")


def test_a_sisepai_deal_by_keyboard_alone_in_italian(browser: Browser, site: str) -> None:
    rng = random.Random(5)
    chosen: list[str] = []

    def by_keys(page: Page, action: str) -> None:
        press(page, action, rng.choice(["Enter", " "]))

    with opened(browser) as page:
        start_by_keyboard(page, site, "sisepai", "it", seed=16)
        for decision in play_deal(page, site, at_random(rng), by=by_keys):
            now = focused(page)
            assert now["inTable"] and (now["action"] or now["code"]), "focus on a choice"
            # The first discard has the focus; the arrow keys walk the hand (press).
            chosen.append(decision.action.split()[0])
        assert {"take", "discard", "pass"} <= set(chosen), f"claims and discards: {chosen}"
        assert focused(page)["id"] == "new-deal", "at the end, the focus is on New deal"
        spoken = page.locator("#announce").inner_text()
        assert any(word in spoken for word in ("ha pescato", "ha scartato", "Nessuno")), spoken
        assert page.locator("#ending").is_visible()


def test_a_chuopai_deal_by_keyboard_alone_in_chinese(browser: Browser, site: str) -> None:
    ways: set[str] = set()
    with opened(browser) as page:
        start_by_keyboard(page, site, "chuopai", "zh", seed=4)
        for decision in play_deal(page, site, at_random(8), by=press, limit=300):
            now = focused(page)
            assert now["inTable"] and now["code"], "focus on the first usable card"
            quick = page.locator(f"#prompt .quick-plays [data-action='{decision.action}']")
            # A shortcut among the beating plays, or each card chosen with Space, then Play.
            ways.add("quick play" if quick.count() else "cards, then Play")
        spoken = page.locator("#announce").inner_text()
        assert any(word in spoken for word in ("领出", "压上", "赢得这一轮", "过")), spoken
        assert ways == {"quick play", "cards, then Play"}, ways
        assert page.locator(".accounts .account").count() == 3


# -- a phone in portrait ----------------------------------------------------------------------


def sideways(page: Page) -> int:
    """How far the page scrolls sideways (0: it fits)."""
    width: int = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
    return width


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_phone_in_portrait_plays_without_scrolling_sideways(
    browser: Browser, site: str, game: str
) -> None:
    phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
    with opened(browser, **phone) as page:
        for lang in LANGUAGES:
            for path in (f"/games/{game}", f"/games/{game}?tab=rules", "/", "/docs"):
                page.goto(site + with_lang(path, lang))
                assert sideways(page) == 0, f"{path} in {lang}"
        start_table(page, site, game, 21, "id")
        for decision in play_deal(page, site, at_random(2)):
            assert sideways(page) == 0, f"turn {decision.number}"
        assert sideways(page) == 0, "the end of the deal"
        assert page.locator("#ending").is_visible()
