#!/usr/bin/env python
"""How long a person following the guide takes to finish each guided deal (issue 25:
at most 10 minutes of play at Normal pace), measured by a scripted run in Chromium.

    PYTHONPATH=src .venv/bin/python scripts/guided_timing.py [--pace normal] [--guard 1500]

Serves the site on a fresh SQLite file (real easy AIs and coach, in-process), opens
``/learn/<game>/guided`` at 1366 x 768 with the AI pace and the take-back time a new
visitor has (Normal; 1.5 s), presses *Start the guided deal*, and at each decision
clicks what the guide marks as soon as it is marked: no reading time. The clock runs
from the press to the end of the deal on the screen, so it counts the opening and every
AI move played back at the chosen pace, the guide's and the server's answers and the
take-back time of each choice. Reading time is the person's own: the script prints the
decisions, so that a reading allowance per decision can be added to the figure.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from browser import chromium, serve

from cardavia.testing.browser import click
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.learn.guided import DEALS

BUSY = "() => document.getElementById('table-app').dataset.busy === 'false'"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pace", default="normal", choices=["slow", "normal", "fast", "instant"])
    parser.add_argument("--guard", default=1500, type=int, help="take-back time, ms")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.for_sqlite(Path(folder) / "cardavia.sqlite3")
        settings = settings.model_copy(update={"new_games_per_minute": 1000})
        with serve(create_app(settings)) as site, chromium() as browser:
            for game in DEALS:
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                context.add_init_script(
                    f"localStorage.setItem('cardavia.pace', '{options.pace}');"
                    f"localStorage.setItem('cardavia.guard', '{options.guard}')"
                )
                page = context.new_page()
                page.goto(f"{site}/learn/{game}/guided")
                started = time.monotonic()
                page.click("#start-guided")
                page.wait_for_selector("#table-app[data-ready=true]")
                decisions = 0
                while True:
                    page.wait_for_function(BUSY, timeout=120_000)
                    if page.locator("#ending:not([hidden])").count():
                        break
                    page.wait_for_selector("#guide-point", timeout=60_000)
                    action = page.evaluate(
                        "() => document.getElementById('table-app').dataset.guided"
                    )
                    step = page.evaluate("() => document.getElementById('table-app').dataset.step")
                    click(page, action)
                    decisions += 1
                    page.wait_for_function(
                        f"() => document.getElementById('table-app').dataset.step !== '{step}'",
                        timeout=120_000,
                    )
                seconds = time.monotonic() - started
                print(
                    f"{game}: {seconds:.1f} s ({seconds / 60:.2f} min) of play, "
                    f"{decisions} decisions, pace {options.pace}, take-back {options.guard} ms",
                    flush=True,
                )
                context.close()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
