"""``cardavia prune``: old deals removed by the command, as the server removes them."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from cardavia.store import FINISHED, ONGOING, GameStore, StoredGame, open_engine, upgrade
from cardavia.store.repository import now


def stored(game_id: str, status: str, age_days: int) -> StoredGame:
    stamp = now() - timedelta(days=age_days)
    return StoredGame(
        id=game_id, token_hash="0" * 64, game="chuopai", ai="basic", seed=1,
        seed_chosen=False, first=0, deck=(), decisions=(), step=0, status=status,
        result=None, version=1, created_at=stamp, updated_at=stamp,
    )  # fmt: skip


def test_prune_removes_what_the_settings_no_longer_keep(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    ages = {"idle-40": (ONGOING, 40), "idle-5": (ONGOING, 5), "done-40": (FINISHED, 40),
            "done-20": (FINISHED, 20), "done-5": (FINISHED, 5)}  # fmt: skip
    for game_id, (status, days) in ages.items():
        store.insert(stored(game_id.ljust(16, "-"), status, days))
    env = dict(os.environ, DATABASE_URL=url, CARDAVIA_KEEP_FINISHED_DAYS="10")
    done = subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "prune", "--json"],
        env=env, capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["removed_idle"] == 1 and summary["removed_finished"] == 2
    assert summary["keep_idle_days"] == 30 and summary["keep_finished_days"] == 10
    kept = {game_id for game_id in ages if store.get(game_id.ljust(16, "-"))}
    assert kept == {"idle-5", "done-5"}
    # 0 days keeps them for ever; the words say what was done.
    env |= {"CARDAVIA_KEEP_FINISHED_DAYS": "0", "CARDAVIA_KEEP_IDLE_DAYS": "0"}
    again = subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "prune"],
        env=env, capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert again.returncode == 0 and "Removed 0 " in again.stdout
    assert {game_id for game_id in ages if store.get(game_id.ljust(16, "-"))} == kept
    engine.dispose()


def test_the_server_prunes_by_itself_at_start_up(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from cardavia.web.app import create_app
    from cardavia.web.settings import Settings

    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    store.insert(stored("old-idle-deal---", ONGOING, 31))
    store.insert(dataclasses.replace(stored("new-idle-deal---", ONGOING, 1)))
    settings = Settings(database_url=url, data_dir=tmp_path, prune_every_minutes=60)
    with TestClient(create_app(settings)) as client:
        for _ in range(500):  # the pruning runs beside the requests: give it 10 s
            if store.get("old-idle-deal---") is None:
                break
            client.get("/")
            time.sleep(0.02)
        assert store.get("old-idle-deal---") is None
        assert store.get("new-idle-deal---") is not None
    engine.dispose()


def test_serve_on_a_busy_port_says_so_in_one_sentence(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'cardavia.sqlite3'}")
        done = subprocess.run(
            [sys.executable, "-m", "cardavia.cli", "serve", "--port", str(port)],
            env=env, capture_output=True, text=True, check=False, timeout=60,
        )  # fmt: skip
    assert done.returncode != 0
    assert done.stderr.strip() == (
        f"Cardavia cannot serve: port {port} is in use (on 127.0.0.1): "
        "stop what uses it or choose --port"
    ), done.stderr  # (was Granian's 70-line traceback)
