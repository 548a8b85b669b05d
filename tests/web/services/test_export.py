"""``cardavia export``: the stored deals as record files that ``cardavia replay`` reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from cardavia.store import FINISHED, GameStore, open_engine, upgrade
from cardavia.store.repository import now
from cardavia.web.services.deals import DealService

from ..conftest import play_alone, random_players


def play(service: DealService, game: str, seed: int, to_the_end: bool) -> str:
    return play_alone(service, game, seed, to_the_end=to_the_end).id


def run(args: list[str], url: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DATABASE_URL=url)
    return subprocess.run(
        [sys.executable, "-m", "cardavia.cli", *args],
        env=env, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Engine, GameStore, DealService]]:
    """A store in a SQLite file the command opens too, and a deal service on it."""
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    yield url, engine, store, DealService(store, players=random_players)
    engine.dispose()


Site = tuple[str, Engine, GameStore, DealService]


def test_export_writes_every_deal_as_a_record_that_replays_to_its_result(
    tmp_path: Path, site: Site
) -> None:
    url, _, store, service = site
    ids = {
        play(service, "sisepai", 3, True): FINISHED,
        play(service, "chuopai", 4, True): FINISHED,
        play(service, "sisepai", 5, False): "ongoing",
    }
    out = tmp_path / "records"
    done = run(["export", "--json", str(out)], url)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["written"], summary["finished"], summary["ongoing"]) == (3, 2, 1)
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    replayed = run(["replay", *map(str, files)], url)
    assert replayed.returncode == 0, replayed.stdout
    for line in map(json.loads, replayed.stdout.splitlines()):
        game_id = Path(line["file"]).stem.split("-", 2)[2]
        stored = store.get(game_id)
        assert stored is not None and ids[game_id] == stored.status
        if stored.status == FINISHED:
            assert {k: v for k, v in line.items() if k != "file"} == stored.result
        else:
            assert line["result"] == "ongoing"


@pytest.mark.slow
def test_export_picks_deals_by_game_and_date(tmp_path: Path, site: Site) -> None:
    url, engine, store, service = site
    old = play(service, "sisepai", 1, False)
    stored = store.get(old)
    assert stored is not None
    # A deal last changed long ago (written as the store writes it).
    with engine.begin() as connection:
        from cardavia.store.tables import games

        connection.execute(
            games.update().where(games.c.id == old).values(updated_at=now() - timedelta(days=9))
        )
    play(service, "sisepai", 2, False)
    play(service, "chuopai", 3, False)
    since = (now() - timedelta(days=1)).date().isoformat()
    done = run(
        ["export", "--json", "--since", since, "--game", "sisepai", str(tmp_path / "a")], url
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["written"] == 1
    assert [p.name.split("-")[1] for p in (tmp_path / "a").glob("*.json")] == ["sisepai"]
    bad = run(["export", "--since", "yesterday", str(tmp_path / "b")], url)
    assert bad.returncode == 2 and "--since must be a date" in bad.stderr
    unknown = run(["export", "--game", "poker", str(tmp_path / "b")], url)
    assert unknown.returncode == 2 and "unknown game 'poker'" in unknown.stderr
    assert not (tmp_path / "b").exists(), "a refused export writes nothing"
    plain = run(["export", str(tmp_path / "c")], url)
    assert plain.stdout.startswith("Wrote 3 records (0 finished deals, 3 unfinished)")
