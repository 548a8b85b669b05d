"""The example bot of the /docs page (examples/bots/http_bot.py) plays whole deals
against a real server through the tables' API, as the page says a program does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from browser import serve

from cardavia.records import parse_record, replay
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

BOT = Path(__file__).parents[2] / "examples" / "bots" / "http_bot.py"


@pytest.mark.server
@pytest.mark.parametrize(("game", "seed"), [("sisepai", 11), ("chuopai", 4)])
def test_the_example_http_bot_plays_a_whole_deal_whose_record_replays(
    tmp_path: Path, game: str, seed: int
) -> None:
    settings = Settings.for_sqlite(tmp_path / "cardavia.sqlite3")
    kept = tmp_path / "record.json"
    with serve(create_app(settings)) as url:
        command = [sys.executable, str(BOT), "--url", url, "--game", game, "--seed", str(seed)]
        done = subprocess.run(
            [*command, "--record", str(kept)], capture_output=True, text=True, timeout=240
        )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    record = parse_record(kept.read_bytes())
    assert record.meta["seed"] == seed and record.meta["players"][0] == "http_bot"
    assert replay(record).to_json() == said["result"] and said["result"] is not None
