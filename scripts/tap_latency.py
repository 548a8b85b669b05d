#!/usr/bin/env python
"""How long a tap on a Chuo Pai card holds a phone-class page (docs/web.md, *A tap on a
Chuo Pai card*).

    .venv/bin/python scripts/tap_latency.py http://127.0.0.1:8000 [http://127.0.0.1:8001 …]

For each site given (a running ``cardavia serve``; two versions served side by side are
taken in turn, so that the machine's load falls on both alike), sits down at deal 22 of
Chuo Pai on a 412 x 823 touch screen and, at each of the first four decisions, with the
CPU throttled 4x (the DevTools protocol's ``Emulation.setCPUThrottlingRate``, as
Lighthouse's mobile mode), taps the first enabled card of the hand three times. Prints,
per tap, the milliseconds from the tap to the next frame and the long tasks (50 ms or
more) the page reported meanwhile, then the median and the count of taps with one.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from browser import chromium
from deal_driver import at_random, play_deal
from tables import new_page, start_table

WATCH = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
  }).observe({ type: "longtask" });
}"""

TAP = """(button) => new Promise((done) => {
  window.longTasks = [];
  const start = performance.now();
  button.click();
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - start)));
})"""
"""A click on ``button``, and the time to the frame after it (its task, style, layout)."""


def taps(site: str) -> list[tuple[float, list[int]]]:
    """Each tap's time to the next frame and the long tasks it made, at ``site``."""
    found: list[tuple[float, list[int]]] = []
    with chromium() as browser:
        size = {"width": 412, "height": 823}
        page = new_page(browser, "instant", viewport=size, has_touch=True, is_mobile=True)
        start_table(page, site, "chuopai", 22)
        cdp = page.context.new_cdp_session(page)
        page.evaluate(WATCH)
        for decision in play_deal(page, site, at_random(22)):
            if decision.number >= 4:
                break
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            for _ in range(3):
                button = page.locator("#hand .card-button:enabled").first.element_handle()
                took = page.evaluate(TAP, button)
                found.append((took, page.evaluate("window.longTasks")))
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            clear = page.locator("#prompt [data-focus=clear]:enabled")
            if clear.count():
                clear.click()
        page.context.close()
    return found


def main() -> None:
    """Measure each site given on the command line."""
    for site in sys.argv[1:]:
        measured = taps(site)
        print(site, [(round(took), tasks) for took, tasks in measured])
        median = statistics.median(took for took, _ in measured)
        long = sum(1 for _, tasks in measured if tasks)
        print(f"  median {median:.1f} ms, {long} of {len(measured)} taps with a long task")


if __name__ == "__main__":
    main()
