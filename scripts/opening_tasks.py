#!/usr/bin/env python
"""The long tasks of a first visit to a table on a phone-class CPU, its opening played back
(docs/web.md, *The opening's last drawing*).

    .venv/bin/python scripts/opening_tasks.py [--pace normal] http://127.0.0.1:8000 [<other site> …]

For each site given (a running ``cardavia serve``; two versions served side by side are
taken in turn, so that the machine's load falls on both alike), starts deals 101, 102 and
103 of each game against ``basic`` at 412 x 823 (touch) in a fresh browser context, so
that the AIs' moves before the person's first decision are played back, at the pace
given (``instant`` unless told). The CPU is throttled 4x (the DevTools protocol's
``Emulation.setCPUThrottlingRate``, as Lighthouse's mobile mode) from the start button
on. Prints, per load, every task of 50 ms or more the page reported (its start and
length, ms), when the table stopped being busy, and the sum of each task's time past
50 ms (what total blocking time counts); two rounds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from browser import chromium
from playwright.sync_api import Browser
from tables import new_page, wait_idle

# Installed before the page's own scripts: the long tasks from its start, and each time
# the table's `data-busy` turned false (the playback over).
WATCH = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }
}).observe({ type: "longtask", buffered: true });
window.idleAt = [];
document.addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("table-app");
  if (!app) return;
  new MutationObserver(() => {
    if (app.dataset.busy === "false") window.idleAt.push(Math.round(performance.now()));
  }).observe(app, { attributes: true, attributeFilter: ["data-busy"] });
});
"""


def first_visit(
    browser: Browser, site: str, game: str, seed: int, pace: str
) -> tuple[list[list[int]], list[int]]:
    """The long tasks of deal ``seed``'s table opened from its start form, and when it
    stopped being busy."""
    phone = {"width": 412, "height": 823}
    page = new_page(browser, pace, viewport=phone, has_touch=True, is_mobile=True)
    page.context.add_init_script(WATCH)
    page.goto(f"{site}/games/{game}?lang=en")
    page.check("input[name=ai][value=basic]")
    page.locator(".deal-number summary").click()
    page.fill("input[name=seed]", str(seed))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]", timeout=60000)
    wait_idle(page, timeout=60000)
    # Tasks that end the settling (the log scrolled, a refit) come after the last region.
    page.wait_for_timeout(1500)
    tasks: list[list[int]] = page.evaluate("window.longTasks")
    idle: list[int] = page.evaluate("window.idleAt")
    page.context.close()
    return tasks, idle


def main() -> None:
    """Measure each site given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", default="instant", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("sites", nargs="+")
    args = parser.parse_args()
    with chromium() as browser:
        for _ in range(2):
            for game in ("sisepai", "chuopai"):
                for seed in (101, 102, 103):
                    for site in args.sites:
                        tasks, idle = first_visit(browser, site, game, seed, args.pace)
                        past = sum(length - 50 for _, length in tasks)
                        load = f"{site} {game} {seed}: tasks {tasks}, idle at {idle}"
                        print(f"{load}, past 50 ms {past}", flush=True)


if __name__ == "__main__":
    main()
