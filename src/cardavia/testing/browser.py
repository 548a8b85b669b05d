"""Debian's Chromium, as the browser tests and ``cardavia bench table`` drive it.

Playwright starts it through ``executable_path``; never ``playwright install``
(TOOLCHAIN.md). Playwright itself is a test dependency, so nothing here imports it: the
page given to :func:`click` is Playwright's ``Page``.
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium (``apt-get install -y chromium``)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Flags for a headless run as root in a container, with nothing phoning home."""


def chromium_path() -> str:
    """The Chromium to start: ``$CARDAVIA_CHROMIUM`` when set, else Debian's."""
    return os.environ.get("CARDAVIA_CHROMIUM", CHROMIUM)


def click(page: Any, action: str, *, wait_after: bool = True) -> None:
    """Play ``action`` as a person would: its button, or (a Chuo Pai play) its cards, then
    Play. Cards are clicked near their left edge, which overlapping cards leave showing.
    Without ``wait_after``, the last click returns once dispatched (Playwright otherwise
    waits for any navigation it started, which a loaded machine can make slow)."""
    button = page.locator(f"[data-action='{action}']:visible")
    if button.count():
        button.first.click(no_wait_after=not wait_after)
        return
    for code in action.split()[1:]:
        card = page.locator(f"#hand .card-button[data-code='{code}'][aria-pressed='false']")
        card.first.click(position={"x": 4, "y": 12})
    page.click("#play-selected", no_wait_after=not wait_after)
