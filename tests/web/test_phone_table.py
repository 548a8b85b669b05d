"""The phone as a first-class table (issue 26): whole deals of both games played by taps
on a phone, in Chromium, checked at 360 × 740, 390 × 844 and 844 × 390 (touch) in the
states a person reaches — a hint shown (the prompt grows), a long claim list, late in
the deal, the end of the deal, *Play this deal again* with a long deal number, a table
of friends — and the site's menu and sample cards on a phone.

At each of them, with bounding boxes and computed styles:
- every card of the hand is a tap target of at least 44 × 44 CSS px, no two overlap, and
  a tap at a card's centre reaches that card (the hand scrolls rather than shrink them);
- every text on every card shown (names, indexes, glyphs) is at least 10 px on a phone
  (11 px on a desktop), counting any transform, and lies inside its card, unclipped;
- nothing is wider than the screen (the page never scrolls sideways) and the game's bar
  holds all its controls;
- the end of the deal opens at its headline (who won), in view.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from deal_driver import Chooser, Decision, finish_table_by_request, play_deal
from playwright.sync_api import Browser, Page
from tables import new_page, settle, start_table, wait_idle

from cardavia.i18n.languages import LANGUAGES

PHONES = {"360x740": (360, 740), "390x844": (390, 844), "844x390": (844, 390)}
"""The phone screens, upright and on its side."""
TOUCH = {"is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("CARDAVIA_LAYOUT_SHOTS")
"""A folder for a screenshot of each failing check (to look at what the check saw)."""
TAP = 44
"""The smallest tap target, in CSS px (WCAG 2.5.5, Apple's and Android's guidelines)."""
PHONE_TEXT, DESKTOP_TEXT = 10, 11
"""The smallest text on a card, in CSS px."""

LAYOUT = """({ least }) => {
  const problems = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  const height = root.clientHeight;
  const round = (box) => [box.left, box.top, box.right, box.bottom].map(Math.round).join(",");
  const shown = (el) => {
    if (el.closest("[hidden], template")) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility === "visible";
  };
  const label = (el) =>
    (el.dataset.code || el.getAttribute("aria-label") || el.textContent).trim().slice(0, 40);
  if (root.scrollWidth > width) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${width}`);
  }

  // The game's bar holds all its controls.
  const bar = document.querySelector(".game-bar");
  if (bar && shown(bar)) {
    if (bar.scrollWidth > bar.clientWidth + 1) {
      problems.push(`the game bar needs ${bar.scrollWidth} px and has ${bar.clientWidth}`);
    }
    const room = bar.getBoundingClientRect();
    for (const item of bar.querySelectorAll("a, button, .deal-label")) {
      if (!shown(item)) continue;
      const box = item.getBoundingClientRect();
      const left = Math.max(0, room.left) - 1;
      if (box.left < left || box.right > Math.min(width, room.right) + 1) {
        problems.push(`the bar's "${label(item)}" at ${round(box)} outside ${round(room)}`);
      }
    }
    // On its side, the bar lies in the header, between the wordmark and the menus.
    for (const other of document.querySelectorAll(".wordmark, .header-tools")) {
      const box = other.getBoundingClientRect();
      const across = box.right > room.left + 1 && box.left < room.right - 1;
      if (across && box.bottom > room.top && box.top < room.bottom) {
        problems.push(`the bar ${round(room)} overlaps ${other.className} ${round(box)}`);
      }
    }
  }

  // Every card of the hand a tap target of its own, at least 44 × 44.
  const hand = document.getElementById("hand");
  const buttons = hand ? [...hand.querySelectorAll(".card-button")].filter(shown) : [];
  const boxes = buttons.map((button) => button.getBoundingClientRect());
  let smallest = null;
  const handBox = hand?.getBoundingClientRect();
  const scrolls = Boolean(hand) && hand.scrollHeight > hand.clientHeight + 1;
  buttons.forEach((button, index) => {
    const box = boxes[index];
    smallest = [Math.min(smallest?.[0] ?? box.width, box.width),
      Math.min(smallest?.[1] ?? box.height, box.height)];
    if (box.width < __TAP__ - 0.5 || box.height < __TAP__ - 0.5) {
      const size = `${box.width.toFixed(1)} × ${box.height.toFixed(1)}`;
      problems.push(`card ${label(button)} is a ${size} target`);
    }
    for (let other = index + 1; other < boxes.length; other += 1) {
      const them = boxes[other];
      const across = Math.min(box.right, them.right) - Math.max(box.left, them.left);
      const down = Math.min(box.bottom, them.bottom) - Math.max(box.top, them.top);
      if (across > 1 && down > 1) {
        problems.push(`cards ${label(button)} and ${label(buttons[other])} overlap`);
      }
    }
    if (!scrolls && (box.top < handBox.top - 1 || box.bottom > handBox.bottom + 1)) {
      const where = `${round(box)} outside the hand ${round(handBox)}`;
      problems.push(`card ${label(button)} at ${where}, which does not scroll`);
    }
    // A tap at the middle of what the hand shows of it reaches it. A scrolling hand
    // clips its cards at its padding edge: a card cut there is tapped where it shows
    // (its own centre may lie on the hand's border), and one showing less than half a
    // finger is scrolled to first.
    const clipTop = handBox.top + hand.clientTop;
    const clipBottom = Math.min(clipTop + hand.clientHeight, height);
    const top = Math.max(box.top, clipTop);
    const bottom = Math.min(box.bottom, clipBottom);
    if (bottom - top >= __TAP__ / 2) {
      const x = (box.left + box.right) / 2;
      const y = (top + bottom) / 2;
      const hit = document.elementFromPoint(x, y)?.closest(".card-button");
      if (hit !== button) {
        problems.push(`a tap on ${label(button)} reaches ${hit ? label(hit) : "no card"}`);
      }
    }
  });
  if (scrolls && !["auto", "scroll"].includes(getComputedStyle(hand).overflowY)) {
    problems.push("the hand's cards do not fit and it does not scroll");
  }
  const offScreen = handBox && (handBox.bottom > height + 1 || handBox.right > width + 1);
  if (buttons.length && offScreen) {
    problems.push(`the hand ${round(handBox)} is off the screen`);
  }

  // Every text on every card: large enough, inside its card, unclipped.
  const ending = document.getElementById("ending");
  const endOpen = Boolean(ending) && !ending.hidden;
  const scale = (el) => {
    let factor = 1;
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const transform = getComputedStyle(up).transform;
      if (transform && transform !== "none") {
        const m = new DOMMatrix(transform);
        factor *= Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
      }
    }
    return factor;
  };
  let tiniest = null;
  for (const card of document.querySelectorAll(".card[data-code]")) {
    if (!shown(card) || (endOpen && !ending.contains(card))) continue;
    const edge = card.getBoundingClientRect();
    for (const el of card.querySelectorAll("*")) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || !shown(el)) continue;
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize) * scale(el);
      if (tiniest === null || size < tiniest.size) {
        tiniest = { size, text: el.textContent, code: card.dataset.code };
      }
      const what = `"${el.textContent}" on ${card.dataset.code} (${card.className})`;
      if (size < least - 0.05) problems.push(`${what} at ${size.toFixed(1)} px`);
      const box = el.getBoundingClientRect();
      const outside = box.left < edge.left - 0.5 || box.right > edge.right + 0.5
        || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5;
      if (outside) {
        problems.push(`${what} at ${round(box)} out of its card ${round(edge)}`);
        continue;
      }
      const upright = style.writingMode.startsWith("vertical");
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const line of range.getClientRects()) {
        if (!line.width || !line.height) continue;
        const out = upright
          ? line.top < box.top - 0.5 || line.bottom > box.bottom + 0.5
          : line.left < box.left - 0.5 || line.right > box.right + 0.5
            || line.left < edge.left || line.right > edge.right;
        if (out) {
          const exact = (b) => [b.left, b.top, b.right, b.bottom].map((v) => v.toFixed(1));
          const where = `${exact(line)} in ${exact(box)}, card ${exact(edge)}`;
          problems.push(`${what} is cut: a line at ${where}`);
          break;
        }
      }
    }
  }

  // The end of the deal, at its headline.
  let headline = null;
  if (endOpen) {
    const title = document.getElementById("ending-title").getBoundingClientRect();
    const panel = ending.querySelector(".ending-card").getBoundingClientRect();
    headline = round(title);
    const low = Math.min(height, panel.bottom) + 1;
    if (title.top < Math.max(0, panel.top) - 1 || title.bottom > low) {
      const where = `panel ${round(panel)}, screen ${width} × ${height}`;
      problems.push(`the end's headline at ${round(title)} is out of view (${where})`);
    }
  }
  return { problems, smallest, tiniest, scrolls, cards: buttons.length, headline };
}""".replace("__TAP__", str(TAP))

FLAT_FANS = """(flat) => {
  for (const card of document.querySelectorAll(".fan > .card")) {
    card.style.transform = flat ? "none" : "";
  }
}"""
"""The museum's sample cards fan out, turned; they are measured upright."""


def phone_page(browser: Browser, lang: str | None = None) -> Page:
    page = new_page(browser, viewport={"width": 360, "height": 740}, **TOUCH)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    page = phone_page(browser)
    yield page
    page.context.close()
    assert page.errors == [], f"script errors on the page: {page.errors}"  # type: ignore[attr-defined]


def layout(page: Page, least: int = PHONE_TEXT) -> dict[str, Any]:
    """What :data:`LAYOUT` finds on the page as shown now (sample cards set upright)."""
    page.evaluate(FLAT_FANS, True)
    found: dict[str, Any] = page.evaluate(LAYOUT, {"least": least})
    page.evaluate(FLAT_FANS, False)
    return found


def check_phones(page: Page, where: str, sizes: dict[str, tuple[int, int]] = PHONES) -> None:
    """The page as shown now, at each phone size, then back to 360 × 740."""
    found = {}
    for name, (width, height) in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        problems = layout(page)["problems"]
        if problems:
            found[name] = problems[:8]
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{where.replace(' ', '-')}-{name}.png")
    page.set_viewport_size({"width": 360, "height": 740})
    settle(page)
    assert found == {}, f"{where}: {found}"


def tap(page: Page, action: str) -> None:
    """Play ``action`` by taps, at each control's centre: its button, or (a Chuo Pai play)
    its cards in the hand (scrolled to, if the hand scrolls), then Play."""
    button = page.locator(f"[data-action='{action}']:visible")
    if button.count():
        button.first.tap()
        return
    for code in action.split()[1:]:
        page.locator(f"#hand .card-button[data-code='{code}'][aria-pressed='false']").first.tap()
    page.locator("#play-selected").tap()


def ask_hint(page: Page) -> None:
    """Tap Hint and wait for its sentence over the prompt."""
    if page.locator("#hint-button").is_enabled():
        page.locator("#hint-button").tap()
        page.wait_for_selector("#coach-hint", timeout=30000)
        settle(page)


def wins_first(seed: int) -> Chooser:
    """Win whenever the person may, else a random legal action (``seed``'s)."""
    rng = random.Random(seed)
    return lambda decision: "win" if "win" in decision.legal else rng.choice(decision.legal)


def choices(decision: Decision) -> int:
    """How many buttons a claim offers (Sì Sè Pái's takes), or plays a hand has (Chuo Pai)."""
    return len([action for action in decision.legal if action != "pass"])


# Deals chosen long and ending in the person's win (the end's longest panel): Sì Sè Pái
# 63 offers a claim with four groups to take; Chuo Pai 21 deals a hand of 28 cards.
DEALS = [("sisepai", 63, "it"), ("sisepai", 63, "zh"), ("chuopai", 21, "zh"), ("chuopai", 21, "it")]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed", "lang"), DEALS)
def test_a_whole_deal_by_taps_fits_every_phone_in_every_state(
    page: Page, random_site: str, game: str, seed: int, lang: str
) -> None:
    start_table(page, random_site, game, seed, lang)
    most = 1
    seen = {"hint": 0, "long list": 0, "scrolling hand": 0}
    decisions = 0
    for decision in play_deal(page, random_site, wins_first(seed), by=tap):
        decisions += 1
        many = choices(decision)
        # The hint at the first decision, at any long list of choices, and late on.
        if decision.number == 0 or many >= most or decision.number % 4 == 3:
            most = max(most, many)
            ask_hint(page)
            seen["hint"] += 1
        if many >= (4 if game == "sisepai" else 12):
            seen["long list"] += 1
        seen["scrolling hand"] += layout(page)["scrolls"]
        check_phones(page, f"decision {decision.number} ({many} choices)")
    assert decisions >= 8, "a long deal"
    assert seen["hint"] >= 3 and seen["long list"] >= 1, seen
    if game == "chuopai":
        assert seen["scrolling hand"] >= 1, "a hand of 28 cards scrolls on a phone"
    # The end, as it opens after the last tap: at its headline, the focus on New deal.
    page.wait_for_selector("#ending:not([hidden])")
    settle(page)
    opened = layout(page)
    assert opened["problems"] == [], f"the end as it opens: {opened['problems']}"
    assert page.evaluate("document.activeElement.id") == "new-deal"
    check_phones(page, "the end of the deal")


@pytest.mark.slow
def test_a_deal_played_again_keeps_its_long_number_in_the_bar(page: Page, random_site: str) -> None:
    # A deal without a chosen number; then the same cards again, which shows its number.
    page.goto(f"{random_site}/games/chuopai?lang=it")
    page.check("input[name=ai][value=basic]")
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]")
    wait_idle(page)
    ask_hint(page)
    check_phones(page, "a deal's first decision with its hint")
    table_id = page.url.rsplit("/", 1)[1].split("?")[0]
    finish_table_by_request(page, random_site, table_id, lambda legal: sorted(legal)[0])
    page.reload()
    page.wait_for_selector("#ending:not([hidden])")
    check_phones(page, "the end, opened anew")
    game_id = page.locator("#table-app").get_attribute("data-deal")
    page.locator("#play-again").tap()
    # The same table deals again: the next deal is drawn in place.
    page.wait_for_function(
        f"() => (document.getElementById('table-app').dataset.deal || '{game_id}') !== '{game_id}'"
    )
    wait_idle(page)
    label = page.locator("#deal-label").inner_text()
    assert len("".join(filter(str.isdigit, label))) >= 10, f"a long deal number: {label!r}"
    ask_hint(page)
    check_phones(page, f"Play this deal again ({label}) with a hint")
    page.locator("#log-toggle").tap()
    assert page.locator("#log").is_visible(), "the log opens from the bar"


def test_a_table_of_friends_fits_a_phone(page: Page, random_site: str) -> None:
    # The host alone with AIs: the same table, drawn from the seat's frames.
    page.goto(f"{random_site}/games/sisepai?lang=id")
    page.fill("#friends input[name=name]", "Ann")
    for index in (1, 2, 3):
        page.select_option(f"select[name=seat{index}]", "basic")
    page.click("#friends button[type=submit]")
    page.wait_for_selector("#room:not([hidden])")
    page.click("#start")
    page.wait_for_selector("#panel-table:not([hidden])")
    page.wait_for_function(
        "() => document.querySelector('#hand .card-button, #prompt [data-action]')"
    )
    settle(page)
    check_phones(page, "a table of friends")


# -- the site's menu and the museum's cards on a phone ---------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl", "zh", "zh-Hant", "vi"])
def test_a_phone_has_a_site_menu(page: Page, random_site: str, lang: str) -> None:
    for path in ("/", "/games/chuopai", "/docs"):
        page.goto(f"{random_site}{path}?lang={lang}")
        assert not page.locator(".site-nav").is_visible()
        header = page.locator(".site-header").bounding_box()
        assert header is not None and header["height"] <= 64, f"{path}: a one-line header"
        problems = layout(page)["problems"]
        assert problems == [], f"{path}: {problems}"
        menu = page.locator("#site-menu summary")
        box = menu.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360
        menu.tap()
        links = page.locator("#site-menu a")
        assert links.count() == 4, "the traditions, Learn to play, Your deals, the API"
        for index in range(4):
            link = links.nth(index).bounding_box()
            assert link is not None and link["height"] >= TAP and link["x"] >= 0
            assert link["x"] + link["width"] <= 360
        page.keyboard.press("Escape")
        assert not links.first.is_visible(), "Escape closes the menu"
    page.locator("#site-menu summary").tap()
    page.locator("#site-menu a[href='/deals']").tap()
    page.wait_for_url("**/deals")
    assert page.locator("#site-menu a[aria-current=page]").get_attribute("href") == "/deals"
    # On a desktop the links are the header's own, and the menu is not there.
    page.set_viewport_size({"width": 1366, "height": 768})
    assert page.locator(".site-nav").is_visible()
    assert not page.locator("#site-menu").is_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_museums_sample_cards_are_whole(page: Page, random_site: str, lang: str) -> None:
    for path in ("/", "/traditions/sichuan-cards", "/games/sisepai", "/games/chuopai"):
        page.goto(f"{random_site}{path}?lang={lang}")
        for (width, height), least in (((360, 740), PHONE_TEXT), ((1366, 768), DESKTOP_TEXT)):
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            found = layout(page, least)
            assert found["problems"] == [], f"{path} at {width} px: {found['problems'][:8]}"
            assert found["tiniest"] is not None, f"{path}: sample cards"
        page.set_viewport_size({"width": 360, "height": 740})


# -- Your deals and the replay on a phone (and a desktop) --------------------------------------

READING = """() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  // Every word of the charts, at the page's size (an SVG's own text would scale down).
  for (const svg of document.querySelectorAll("svg.chart")) {
    for (const text of svg.querySelectorAll("text")) {
      const size = parseFloat(getComputedStyle(text).fontSize) * svg.getScreenCTM().a;
      if (size < 10) problems.push(`the chart's "${text.textContent}" at ${size.toFixed(1)} px`);
    }
  }
  for (const el of document.querySelectorAll(".chart-tick, .chart-dates span, .chart-axis-label")) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 10) problems.push(`the chart's "${el.textContent}" at ${size} px`);
  }
  for (const table of document.querySelectorAll("table")) {
    const box = table.getBoundingClientRect();
    if (box.right > width + 1) problems.push(`a table ends at ${Math.round(box.right)}`);
  }
  // A face-up hand shows each card whole, side by side; the dead pile's title whole.
  for (const hand of document.querySelectorAll(".open-hand")) {
    if (hand.hasAttribute("data-overlap")) problems.push("a face-up hand overlaps its cards");
  }
  for (const title of document.querySelectorAll(".dead .centre-title")) {
    if (title.scrollWidth > title.clientWidth + 1) problems.push(`"${title.textContent}" is cut`);
  }
  return problems;
}"""


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["it", "zh"])
def test_your_deals_and_the_replay_read_on_a_phone_and_a_desktop(
    page: Page, random_site: str, lang: str
) -> None:
    for game, seed in (("sisepai", 63), ("chuopai", 21)):
        start_table(page, random_site, game, seed, lang)
        table_id = page.url.rsplit("/", 1)[1].split("?")[0]
        game_id = page.locator("#table-app").get_attribute("data-deal")
        finish_table_by_request(page, random_site, table_id, lambda legal: sorted(legal)[0])
        for (width, height), least in (((360, 740), PHONE_TEXT), ((1366, 768), DESKTOP_TEXT)):
            page.set_viewport_size({"width": width, "height": height})
            for step in (40, 0):
                page.goto(f"{random_site}/replay/{game_id}?lang={lang}#{step}")
                page.wait_for_selector("#replay-app[data-ready=true]")
                settle(page)
                where = f"the replay of {game} at step {step}, {width} px"
                found = layout(page, least)
                assert found["problems"] == [], f"{where}: {found['problems'][:8]}"
                reading = page.evaluate(READING)
                assert reading == [], f"{where}: {reading}"
                assert page.locator(".open-hand .card").count() > 10, f"{where}: face-up hands"
        page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{random_site}/deals?lang={lang}")
    for width, height in ((360, 740), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        assert layout(page)["problems"] == [], f"Your deals at {width} px"
        reading = page.evaluate(READING)
        assert reading == [], f"Your deals at {width} px: {reading}"
        assert page.locator(".chart-tick").count() == 4, "two charts, each with its scale"
