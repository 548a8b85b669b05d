#!/usr/bin/env python
"""The CPU a whole solo deal costs the browser that shows it (docs/web.md, *Drawing less*).

    .venv/bin/python scripts/browser_cpu.py http://127.0.0.1:8000 [http://127.0.0.1:8001 …]

For each site given (a running ``cardavia serve``; two versions served side by side are
taken in turn, so that the machine's load falls on both alike), plays deal 22 of Chuo Pai
and deal 21 of Sì Sè Pái at 1366 x 768 and deal 101 of Chuo Pai at 412 x 823, at the
instant pace, by clicks chosen at random from the deal's number. Prints, per deal, the
CPU seconds of every process this script started (Chromium's browser, GPU process and
renderers, and Playwright's driver: ``/proc/<pid>/stat``), and the page's own process
time and main-thread times from ``Performance.getMetrics``. Without a GPU, as here, the
browser's compositing and raster count in the first figure and not in the page's.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from browser import chromium
from deal_driver import at_random, play_deal
from playwright.sync_api import CDPSession
from tables import new_page, start_table, wait_idle

DEALS = [("chuopai", (1366, 768), 22), ("sisepai", (1366, 768), 21), ("chuopai", (412, 823), 101)]
METRICS = ("ProcessTime", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def cpu_of_children() -> float:
    """CPU seconds of the live processes descended from this one."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        parent[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    me, total = os.getpid(), 0
    for pid, spent in ticks.items():
        ancestor = parent.get(pid, 1)
        while ancestor > 1 and ancestor != me:
            ancestor = parent.get(ancestor, 1)
        if ancestor == me:
            total += spent
    return total / os.sysconf("SC_CLK_TCK")


def page_metrics(cdp: CDPSession) -> dict[str, float]:
    """The page's counters (``Performance.getMetrics``), by name."""
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def main(sites: list[str]) -> None:
    with chromium() as browser:
        for site in sites:
            for game, (width, height), seed in DEALS:
                phone = width < 500
                page = new_page(
                    browser,
                    "instant",
                    viewport={"width": width, "height": height},
                    has_touch=phone,
                    is_mobile=phone,
                )
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                start_table(page, site, game, seed)
                before, cpu, started = page_metrics(cdp), cpu_of_children(), time.monotonic()
                for _decision in play_deal(page, site, at_random(seed)):
                    pass
                wait_idle(page)
                after, spent = page_metrics(cdp), cpu_of_children() - cpu
                page_times = ", ".join(f"{k} {after[k] - before[k]:.2f} s" for k in METRICS)
                print(
                    f"{site} {game} {width}x{height} deal {seed}: browser CPU {spent:.2f} s,"
                    f" wall {time.monotonic() - started:.1f} s; the page: {page_times}",
                    flush=True,
                )
                page.context.close()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
