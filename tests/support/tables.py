"""What the browser tests of the table share: sitting down at a deal, waiting for the
page, reading the deal through the API (with the page's own cookie), and playing one of
the person's legal actions by clicking, as a person would."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page

from cardavia.testing.browser import click

SIZES = {
    "1366x768": (1366, 768),
    "1280x720": (1280, 720),
    "1920x1080": (1920, 1080),
    "390x844": (390, 844),
    "360x740": (360, 740),
    "844x390": (844, 390),
}
"""The screens the table must fit: three desktops, two phones upright, one on its side."""


def new_page(browser: Browser, pace: str = "instant", guard: int = 0, **options: Any) -> Page:
    """A page in a fresh context (1366 × 768 unless ``options`` say otherwise), the AIs at
    ``pace``: the tests wait for the page, not for the animation, unless they watch it.
    The misclick guard waits ``guard`` ms (off: a click is sent at once) unless a test
    of the guard asks for it, or the page changed it since (a reload keeps the choice)."""
    context = browser.new_context(**({"viewport": {"width": 1366, "height": 768}} | options))
    context.add_init_script(f"localStorage.setItem('cardavia.pace', '{pace}')")
    key = "'cardavia.guard'"
    context.add_init_script(f"localStorage.getItem({key}) ?? localStorage.setItem({key}, {guard})")
    return context.new_page()


def start_table(
    page: Page, site: str, game: str, seed: int, lang: str = "en", ai: str = "basic"
) -> None:
    """Sit down at deal ``seed`` of ``game`` against ``ai`` through the start form, in
    ``lang``."""
    page.goto(f"{site}/games/{game}?lang={lang}")
    page.check(f"input[name=ai][value={ai}]")
    page.locator(".deal-number summary").click()
    page.fill("input[name=seed]", str(seed))
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]")
    wait_idle(page)


def wait_idle(page: Page, after_step: int | None = None, timeout: float = 30000) -> None:
    """Wait until the table shows a settled position (after ``after_step``, if given)."""
    # Not busy, and every region of cards fitted (the first drawing fits them a task each
    # after it is shown: board.js's ``settle``).
    condition = (
        "document.getElementById('table-app').dataset.busy === 'false'"
        " && !document.querySelector('#table-app [data-fitting]')"
    )
    if after_step is not None:
        condition += f" && document.getElementById('table-app').dataset.step !== '{after_step}'"
    # A function, not an expression: a string predicate is eval'ed, which the CSP forbids.
    page.wait_for_function(f"() => {condition}", timeout=timeout)


FRAMES = """(limit) => new Promise((done) => {
  const stalled = setTimeout(() => done(false), limit);
  requestAnimationFrame(() => requestAnimationFrame(() => {
    clearTimeout(stalled);
    done(true);
  }));
})"""
"""Two animation frames, or ``false`` when none came in ``limit`` ms (timers still run)."""

STALL_MS = 20000
"""How long a page may go without drawing a frame before :func:`settle` gives up on it."""


def settle(page: Page) -> None:
    """Let the page lay itself out again (a resize, a re-fit of the cards) and paint.

    Chromium has been seen to stop drawing one page for good after a resize (4 December
    2026: a phone page turned to 844 x 390 drew no frame for 20 minutes, visible and
    focused, its timers running, while a new page beside it drew; bringing it to the
    front or resizing it again did not wake it). Waiting for a frame with no limit then
    held the whole run until CI's own limit: the wait is bounded, and the test fails
    saying so."""
    drew = page.evaluate(FRAMES, STALL_MS)
    assert drew, (
        f"Chromium drew no frame of the page in {STALL_MS // 1000} s (its timers ran):"
        f" a stalled renderer, not a layout of ours; viewport {page.viewport_size}"
    )


def api_frame(page: Page, site: str) -> dict[str, Any]:
    """The table as the API tells it to this browser (the page's cookie): the seat's
    frame with its whole log, as the page's own poll URL answers it."""
    data = json.loads(page.locator("#table-data").inner_text())
    response = page.request.get(site + data["urls"]["poll"])
    assert response.ok, response.text()
    frame: dict[str, Any] = response.json()
    return frame


play = click
"""Play one of the person's actions by clicking, as the table benchmark does."""
