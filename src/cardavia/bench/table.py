"""``cardavia bench table``: how long a person waits at the table between two decisions.

A ``cardavia serve`` process (fresh SQLite store, the site's ``basic`` AIs) serves the
site on a loopback port; Debian's Chromium, driven by Playwright, sits down at a fixed
set of deals of both games and plays them to the end, the person clicking a random legal
action (from ``--seed``) as soon as the table lets them. Each wait is measured in the
page, from the person's click to the moment the table offers their next decision: the
server's answer, the AIs' moves played back at the chosen pace, and the redraw.

Figures, in seconds, per game and pace (``normal`` and ``instant``): ``median_s``,
``p90_s``, ``max_s`` and ``waits`` counted. The targets (docs/web.md): a median of at
most 2.5 s for Sì Sè Pái and 2.0 s for Chuo Pai at Normal pace, 0.3 s at Instant.

Needs Playwright, a test dependency (``pip install -e '.[test]'``), and Chromium at
``/usr/bin/chromium`` (``CARDAVIA_CHROMIUM`` names another); never ``playwright install``.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from cardavia.games.registry import GAME_NAMES
from cardavia.testing.browser import CHROMIUM_ARGS, chromium_path, click
from cardavia.testing.servers import ServerProcess

DEALS = (1, 2, 3)
"""The deal numbers played, of each game, at each pace."""
PACES = ("normal", "instant")
TARGETS = {"sisepai": {"normal": 2.5, "instant": 0.3}, "chuopai": {"normal": 2.0, "instant": 0.3}}
# Each wait, timed by the page itself: from the click (the table turns busy) to the
# moment it is idle again with the person to act.
TIMER = """
window.__waits = [];
addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("table-app");
  if (!app) return;
  let since = null;
  new MutationObserver(() => {
    if (app.dataset.busy === "true" && since === null) since = performance.now();
    if (app.dataset.busy === "false" && since !== null) {
      if (app.dataset.status === "ongoing") window.__waits.push(performance.now() - since);
      since = null;
    }
  }).observe(app, { attributes: true, attributeFilter: ["data-busy"] });
});
"""


def run(seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Play the fixed deals at each pace; the waits' figures (``seconds`` is unused: the
    deals are fixed, so that two runs measure the same thing)."""
    try:
        from playwright.sync_api import sync_playwright
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the installation
        raise SystemExit("cardavia bench table needs Playwright: pip install -e '.[test]'") from exc
    chromium = chromium_path()
    folder = Path(tempfile.mkdtemp(prefix="cardavia-bench-table-"))
    server = ServerProcess({"CARDAVIA_DATA": str(folder), "CARDAVIA_NEW_GAMES_PER_MINUTE": "0"})
    server.start()
    waits: dict[str, dict[str, list[float]]] = {g: {p: [] for p in PACES} for g in GAME_NAMES}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for game in GAME_NAMES:
                for pace in PACES:
                    for deal in DEALS:
                        waits[game][pace] += _play(browser, server.url, game, deal, pace, seed)
            browser.close()
    finally:
        server.close()
    return {
        game: {pace: _figures(waits[game][pace], TARGETS[game][pace]) for pace in PACES}
        for game in GAME_NAMES
    } | {"deals": list(DEALS), "ai": "basic"}


def _play(browser: Any, url: str, game: str, deal: int, pace: str, seed: int) -> list[float]:
    """One whole deal by clicking; the waits between the person's decisions, seconds."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(f"localStorage.setItem('cardavia.pace', '{pace}')")
    # The misclick guard off: the figures are the site's waits, not the take-back moment.
    context.add_init_script("localStorage.setItem('cardavia.guard', '0')")
    context.add_init_script(TIMER)
    page = context.new_page()
    page.goto(f"{url}/games/{game}")
    page.check("input[name=ai][value=basic]")
    page.locator(".deal-number summary").click()
    page.fill("input[name=seed]", str(deal))
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]")
    rng = random.Random(f"{seed}/{game}/{deal}")
    data = json.loads(page.locator("#table-data").inner_text())
    idle = "() => document.getElementById('table-app').dataset.busy === 'false'"
    for _ in range(500):
        page.wait_for_function(idle, timeout=120_000)
        state = page.request.get(url + data["urls"]["state"]).json()
        if state["status"] == "finished":
            break
        click(page, rng.choice(sorted(state["legal"])))
        step = state["step"]
        page.wait_for_function(
            f"() => document.getElementById('table-app').dataset.step !== '{step}'",
            timeout=120_000,
        )
    found: list[float] = page.evaluate("window.__waits")
    context.close()
    return [ms / 1000 for ms in found]


def _figures(values: list[float], target: float) -> dict[str, Any]:
    if not values:
        return {"waits": 0}
    ordered = sorted(values)
    return {
        "median_s": round(statistics.median(ordered), 3),
        "p90_s": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 3),
        "max_s": round(ordered[-1], 3),
        "waits": len(ordered),
        "target_median_s": target,
    }
