"""One screen: at every decision of whole deals, on three desktops and three phone
screens, everything the person needs to decide lies on the screen, unclipped (the hand
on a phone may scroll rather than shrink its cards below a finger's width: its cards
are then seen by scrolling it, test_phone_table.py).

For each decision the test resizes the window to each size and checks, with bounding
boxes, that each opponent's name, card count and groups (Chuo Pai: score pile), the
public card and whose it is (Chuo Pai: the round's plays, and the cards that won the
last one), the stock count, the dead pile's newest card, the prompt with every choice,
the person's own groups and the whole hand lie inside the viewport and inside every box
that clips them (and on a desktop, a fifth at least of every dead card shows) — without
scrolling, and without the page scrolling sideways. The deals are chosen to run long, with
every seat laying down several groups (random AIs take whatever they can).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from deal_driver import at_random, play_deal
from playwright.sync_api import Browser, Page
from tables import SIZES, new_page, settle, start_table

from cardavia.i18n.languages import LANGUAGES

# What must be seen, by selector; every element each selector finds is checked.
NEEDED = {
    "sisepai": [
        ".seat:not(.you) .seat-name",
        ".seat:not(.you) .concealed",
        ".seat .exposed .card",
        "#public .public-slot .card",
        "#public .public-caption",
        "#stock .stock-count",
        # The dead pile keeps its oldest cards out of view, never its newest.
        "#dead .dead-cards .card:last-child",
    ],
    "chuopai": [
        ".seat:not(.you) .seat-name",
        ".seat:not(.you) .concealed",
        ".seat .score",
        ".seat .pile .card",
        "#round .play-seat",
        "#round .card",
        "#last-round .card",
    ],
}
ALWAYS = ["#prompt .prompt-text", "#prompt button", "#hand", "#hand .card"]

# A box is seen when it lies inside the viewport and inside every ancestor that clips
# its overflow (a region whose cards did not fit would hide some of them).
UNSEEN = """(selectors) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  if (document.documentElement.scrollWidth > width) problems.push("the page scrolls sideways");
  if (scrollY !== 0) problems.push(`the page is scrolled to ${scrollY}`);
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest("[hidden], .optional[data-dropped]")) continue;
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      // A region that scrolls (the hand on a phone, its cards a finger's width) shows
      // each of its cards by scrolling: each lies across it, and it is seen itself.
      const scroller = el.closest(".fit[data-scroll]");
      if (scroller) {
        const area = scroller.getBoundingClientRect();
        if (box.left < area.left - 1 || box.right > area.right + 1) {
          const across = `${Math.round(box.left)}-${Math.round(box.right)}`;
          problems.push(`${selector} "${el.dataset.code}" across ${across} outside its region`);
        }
        continue;
      }
      let room = { left: 0, top: 0, right: width, bottom: height };
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== "visible" || style.overflowY !== "visible") {
          const clip = up.getBoundingClientRect();
          room = {
            left: Math.max(room.left, clip.left), top: Math.max(room.top, clip.top),
            right: Math.min(room.right, clip.right), bottom: Math.min(room.bottom, clip.bottom),
          };
        }
      }
      const out = box.left < room.left - 1 || box.top < room.top - 1 ||
        box.right > room.right + 1 || box.bottom > room.bottom + 1;
      if (out) {
        const name = el.dataset.code || el.textContent.trim().slice(0, 30);
        const where = [box.left, box.top, box.right, box.bottom].map(Math.round).join(",");
        const inside = Object.values(room).map(Math.round);
        problems.push(`${selector} "${name}" at ${where} outside ${inside}`);
      }
    }
  }
  return problems;
}"""

# The least of its width any card of the dead pile shows (its strip, where the next card
# overlaps it). On a desktop a long pile takes rows before it takes one line of slivers.
DEAD_STRIP = """() => {
  const cards = [...document.querySelectorAll("#dead .dead-cards .card")];
  let least = 1;
  cards.slice(0, -1).forEach((card, at) => {
    const box = card.getBoundingClientRect();
    const next = cards[at + 1].getBoundingClientRect();
    const shown = (next.left - box.left) / box.width;
    if (Math.abs(next.top - box.top) < 1) least = Math.min(least, shown);
  });
  return least;
}"""
DESKTOP_STRIP = 0.2
"""A fifth of a card: its index's first letter and its colour (deal 28's pile reaches 25
cards; on one line at the smallest size each showed 0.17)."""

DEALS = [
    # (game, deal number, language): long deals; each seat lays down four or five groups.
    ("sisepai", 28, "en"),
    ("sisepai", 10, "id"),
    ("chuopai", 3, "it"),
    ("chuopai", 8, "nl"),
]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.context.close()
    assert errors == [], f"script errors on the page: {errors}"


def unseen(page: Page, game: str) -> dict[str, list[str]]:
    """What is not fully on the screen, at each size, for the position shown now."""
    found = {}
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        problems: list[str] = page.evaluate(UNSEEN, NEEDED[game] + ALWAYS)
        if game == "sisepai" and width >= 1280:
            strip = page.evaluate(DEAD_STRIP)
            if strip < DESKTOP_STRIP:
                problems.append(f"the dead pile shows {strip:.2f} of a card")
        if problems:
            found[name] = problems
    page.set_viewport_size({"width": 1366, "height": 768})
    settle(page)
    return found


@pytest.mark.parametrize(("game", "seed", "lang"), DEALS)
def test_every_decision_fits_every_screen(
    page: Page, random_site: str, game: str, seed: int, lang: str
) -> None:
    start_table(page, random_site, game, seed, lang)
    decisions = 0
    most_groups = 0
    for decision in play_deal(page, random_site, at_random(seed)):
        decisions += 1
        if game == "sisepai":
            exposed = decision.view["exposed"]
            most_groups = max(most_groups, min(len(groups) for groups in exposed))
        problems = unseen(page, game)
        assert problems == {}, f"decision {decisions} of deal {seed}: {problems}"
    assert decisions >= 8, "a long deal"
    if game == "sisepai":
        assert most_groups >= 4, "late in the deal every seat has laid down several groups"


# -- a phone -----------------------------------------------------------------------------

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
ROWS = """() => new Set([...document.querySelectorAll("#hand .card")]
  .map((card) => Math.round(card.getBoundingClientRect().top))).size"""


def test_a_phone_gets_a_one_line_header_and_no_keyboard_hint(
    browser: Browser, random_site: str
) -> None:
    page = new_page(browser, **PHONE)
    for lang in LANGUAGES:
        for path in ("/", "/games/sisepai", "/docs"):
            page.goto(f"{random_site}{path}?lang={lang}")
            height = page.locator(".site-header").bounding_box()["height"]  # type: ignore[index]
            assert height <= 64, f"{path} in {lang}: the header is {height} px"
    start_table(page, random_site, "sisepai", 10, "id")
    assert not page.locator("#hand-keys").is_visible(), "a touch screen has no keyboard"
    assert page.locator(".site-header").bounding_box()["height"] <= 64  # type: ignore[index]
    # The display settings are one control that opens them.
    assert not page.locator("#display-contrast").is_visible()
    page.click("#display-menu summary")
    assert page.locator("#display-contrast").is_visible()
    page.context.close()
    desktop = browser.new_page(viewport={"width": 1366, "height": 768})
    start_table(desktop, random_site, "sisepai", 10)
    assert desktop.locator("#hand-keys").is_visible(), "a keyboard's hint on a desktop"
    desktop.close()


@pytest.mark.parametrize(("seed", "lang"), [(28, "en"), (14, "it")])
def test_the_sisepai_hand_takes_at_most_three_rows_on_a_phone(
    browser: Browser, random_site: str, seed: int, lang: str
) -> None:
    page = new_page(browser, **PHONE)
    start_table(page, random_site, "sisepai", seed, lang)
    for _decision in play_deal(page, random_site, at_random(seed)):
        assert page.evaluate(ROWS) <= 3
    page.context.close()
