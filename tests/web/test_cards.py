"""Readable cards: every card, wherever it appears, can be told apart without reading
Chinese, in type large enough and ink dark enough.

Checked in Chromium on the pages and tables as drawn, at a desktop and a phone size:
- every four-colour card shows a Latin index (a Chinese page: its colour's mark), every
  Sichuan card its name or its code, in the page's language;
- every word on a card is at least 11 CSS px on the desktop and 10 px on the phone, and
  a name drawn narrower to fit its card keeps at least 55 % of its width;
- every ink on its card's paper has a contrast of at least 4.5:1 (3:1 for glyphs of 24 px
  and more, and for the pips, which are pictures: WCAG 1.4.3 and 1.4.11), computed from
  the colours the browser reports.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from deal_driver import at_random, play_deal
from playwright.sync_api import Browser, Page
from tables import new_page, settle, start_table

from cardavia.i18n.languages import LANGUAGES, html_lang

# For every card on the page: what it shows, in what size and against what paper.
# WCAG's contrast of two sRGB colours, composited over the paper when translucent.
PROBLEMS = """([least, han]) => {
  const problems = [];
  const rgba = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The paper under `el`: the first solid background up to the card, over white.
  const paper = (el, card) => {
    const layers = [];
    for (let up = el; up; up = up.parentElement) {
      const colour = rgba(getComputedStyle(up).backgroundColor);
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a === 1) break;
      if (up === card) break;
    }
    const white = { r: 255, g: 255, b: 255, a: 1 };
    return layers.reverse().reduce((under, top) => over(top, under), white);
  };
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility === "visible";
  };
  let cards = 0;
  for (const card of document.querySelectorAll(".card[data-code]")) {
    if (card.closest("template") || !shown(card)) continue;
    // Disabled choices are exempt from contrast (WCAG: inactive components).
    if (card.closest("button:disabled")) continue;
    cards += 1;
    const code = card.dataset.code;
    // The card's own glyphs carry their own lang; everything else is in the page's.
    const isGlyph = (el) => card.contains(el.closest("[lang]"));
    const texts = [...card.querySelectorAll("*")].filter(
      (el) => shown(el) && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()),
    );
    const latin = texts.filter((el) => !isGlyph(el) && /[A-Za-z0-9]/.test(el.textContent));
    const words = texts.filter((el) => !isGlyph(el)).map((el) => el.textContent.trim());
    if (!han && !latin.length) problems.push(`${code}: no Latin index or name`);
    if (han && !words.length) problems.push(`${code}: no index or name`);
    for (const el of texts) {
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const glyph = isGlyph(el);
      if (!glyph && size < least) problems.push(`${code}: "${el.textContent}" at ${size}px`);
      const squeeze = new DOMMatrix(style.transform === "none" ? undefined : style.transform).a;
      if (squeeze < 0.55) {
        problems.push(`${code}: "${el.textContent}" squeezed to ${squeeze.toFixed(2)}`);
      }
      const ink = over(rgba(style.color), paper(el, card));
      const ratio = contrast(ink, paper(el, card));
      const needed = glyph && size >= 24 ? 3 : 4.5;
      if (ratio < needed) {
        const what = `"${el.textContent}" ${style.color}`;
        problems.push(`${code}: ${what} on its paper: ${ratio.toFixed(2)}:1`);
      }
    }
    for (const pip of card.querySelectorAll(".pip")) {
      if (!shown(pip)) continue;
      const ratio = contrast(rgba(getComputedStyle(pip).backgroundColor), paper(card, card));
      if (ratio < 3) problems.push(`${code}: a pip at ${ratio.toFixed(2)}:1`);
    }
  }
  return { cards, problems };
}"""

SIZES = {"desktop": ((1366, 768), 11), "phone": ((360, 740), 10)}


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    page = new_page(browser)
    yield page
    page.context.close()


def check(page: Page, where: str, han: bool = False) -> int:
    """Every card on the page as drawn now, at each size; how many cards were seen."""
    seen = 0
    for name, ((width, height), least) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        found = page.evaluate(PROBLEMS, [least, han])
        assert found["problems"] == [], f"{where} on a {name}: {found['problems'][:8]}"
        seen += found["cards"]
    page.set_viewport_size({"width": 1366, "height": 768})
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_on_the_museums_pages(page: Page, random_site: str, lang: str) -> None:
    for path in ("/", "/traditions/four-colour-cards", "/games/sisepai?tab=rules"):
        page.goto(f"{random_site}{path}{'&' if '?' in path else '?'}lang={lang}")
        assert check(page, path, han=html_lang(lang).startswith("zh")) > 5


# Deals whose end is a win, so the end-of-deal tiles are checked too.
@pytest.mark.parametrize(
    ("game", "seed", "lang"),
    [("sisepai", 14, "it"), ("sisepai", 28, "zh"), ("chuopai", 5, "nl"), ("chuopai", 6, "id")],
)
def test_cards_at_the_table_and_at_the_end(
    page: Page, random_site: str, game: str, seed: int, lang: str
) -> None:
    start_table(page, random_site, game, seed, lang)
    for decision in play_deal(page, random_site, at_random(seed)):
        if decision.number % 4 == 2:
            # The hand, the groups, the dead pile or the round, the log, the prompt's buttons.
            check(page, f"decision {decision.number}", han=html_lang(lang).startswith("zh"))
    assert page.locator("#ending").is_visible()
    assert check(page, "the end of the deal", han=html_lang(lang).startswith("zh")) > 10
