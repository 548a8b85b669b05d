"""A person's replay of a table's deal, in Chromium: seen from their own seat — their
dealt hand at the bottom, named You, the other players by their names (issue 24)."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import serve
from playwright.sync_api import APIRequestContext, Browser

from cardavia.ai.registry import get_player
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    path = Path(tempfile.mkdtemp()) / "cardavia.sqlite3"
    settings = Settings.for_sqlite(path).model_copy(
        update={"new_games_per_minute": 1000, "hold_seconds": 0.0}
    )
    with serve(create_app(settings, players=lambda game, _: get_player(game, "basic"))) as url:
        yield url


# Each seat's name plate by the seat's own number (board.js renumbers the boxes).
PLATES = """names => Object.fromEntries(
  names.map((name) => [name.closest(".seat").dataset.seat, name.textContent]))"""


def post(request: APIRequestContext, url: str, body: dict[str, Any]) -> Any:
    answer = request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()
    return answer.json()


def test_a_person_replays_a_tables_deal_from_their_own_seat(browser: Browser, site: str) -> None:
    ann, bo = browser.new_context(), browser.new_context()
    try:
        made = post(
            ann.request,
            f"{site}/api/tables",
            {"game": "chuopai", "name": "Ann", "seats": ["person", "basic"]},
        )
        table = made["table"]["id"]
        post(
            bo.request, f"{site}/api/tables/{table}/seats", {"invite": made["invite"], "name": "Bo"}
        )
        post(ann.request, f"{site}/api/tables/{table}/actions", {"type": "start"})
        for _ in range(3000):
            frames = [
                person.request.get(f"{site}/api/tables/{table}").json() for person in (ann, bo)
            ]
            if frames[0]["deal"]["result"]:
                break
            for person, frame in zip((ann, bo), frames, strict=True):
                deal = frame["deal"]
                if deal["options"]:
                    act = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
                    person.request.post(
                        f"{site}/api/tables/{table}/actions",
                        data=json.dumps(act),
                        headers={"Content-Type": "application/json"},
                    )
            time.sleep(0.01)
        deal_id = frames[0]["deal"]["id"]
        page = bo.new_page()
        page.goto(f"{site}/replay/{deal_id}#0")
        page.wait_for_selector("#table-app .seat")
        page.wait_for_function("() => document.querySelectorAll('#hand [data-code]').length > 0")
        replay = json.loads(page.locator("#replay-data").inner_text())
        dealt = replay["timeline"]["frames"][0]["private"]["1"]["hand"]
        shown = page.eval_on_selector_all(
            "#hand [data-code]", "cards => cards.map((c) => c.dataset.code)"
        )
        assert sorted(shown) == sorted(dealt), "Bo's own dealt hand is the one at the bottom"
        names = page.eval_on_selector_all(".seat[data-seat] .seat-name", PLATES)
        assert names["0"] == "Ann" and names.get("1", "You") == "You", names
    finally:
        ann.close()
        bo.close()
