"""Fixtures for the web tests: an app on a fresh SQLite file, and API helpers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, serve
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page
from table_api import act_body, new_deal_body
from tables import new_page

from cardavia.ai.base import Player
from cardavia.ai.registry import get_player
from cardavia.store import GameStore, StoredGame, TableStore, open_engine, upgrade
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.services.deals import DealService
from cardavia.web.services.tables.frames import decision_key, waiting_on
from cardavia.web.services.tables.service import TableService

SITE_PAGES = [
    "/",
    "/traditions/four-colour-cards",
    "/traditions/sichuan-cards",
    "/games/sisepai",
    "/games/sisepai?tab=rules",
    "/games/chuopai",
    "/games/chuopai?tab=rules",
    "/docs",
    "/deals",
    "/replay",
    "/learn",
    "/learn/sisepai",
    "/learn/chuopai",
    "/learn/sisepai/cards",
    "/learn/chuopai/cards",
    "/learn/sisepai/guided",
    "/learn/chuopai/guided",
    "/practice",
    "/practice/sisepai",
    "/practice/chuopai",
    "/practice/sisepai/1",
    "/practice/chuopai/1",
]
"""Every page of the site a visitor can reach from the index."""


def random_players(game: str, level: str) -> Player:
    """Every AI plays random legal moves: fast, and independent of the AIs' own work.

    They still draw their choices from ``decision_rng``, so restarts are tested for real.
    """
    return get_player(game, "random")


def basic_players(game: str, level: str) -> Player:
    """Every AI plays basic, inline (strong's worker processes are not the subject)."""
    return get_player(game, "basic")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, one per test module that asks for it."""
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def random_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole site on a loopback port with random AIs (they take whatever they can, so
    deals run long and every seat lays down groups) and no limit on new deals."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("site") / "cardavia.sqlite3")
    settings = settings.model_copy(update={"new_games_per_minute": 1000})
    with serve(create_app(settings, players=random_players)) as url:
        yield url


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    """A fresh store: every test that uses the app runs on SQLite and on PostgreSQL."""
    return Settings(database_url=database_url, data_dir=tmp_path)


@pytest.fixture
def store(database_url: str) -> Iterator[GameStore]:
    """A migrated, empty store on SQLite, then on PostgreSQL."""
    engine = open_engine(database_url)
    upgrade(engine)
    yield GameStore(engine)
    engine.dispose()


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, players=random_players)) as test_client:
        yield test_client


@pytest.fixture
def other(client: TestClient) -> Iterator[TestClient]:
    """Another browser on the same site (its own cookies)."""
    with TestClient(client.app) as second:  # type: ignore[arg-type]
        yield second


class Api:
    """The JSON API as a bot uses it, seen by a test: a deal against the AIs is a table
    dealt at once, and every answer is the seat's frame as the API sends it, read with its
    whole log (``since`` 0). Each helper asserts the call succeeded."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def start(self, game: str, seed: int | None = None, ai: str = "basic") -> dict[str, Any]:
        """A new deal (201): its first frame, with the seat's ``token``."""
        response = self.client.post("/api/tables", json=new_deal_body(game, seed, ai))
        assert response.status_code == 201, response.text
        frame: dict[str, Any] = response.json()
        return frame

    def get(self, frame: dict[str, Any], token: str) -> dict[str, Any]:
        """The frame of ``frame``'s table as it is now (200)."""
        response = self.client.get(f"/api/tables/{frame['table']['id']}", headers=bearer(token))
        assert response.status_code == 200, response.text
        now: dict[str, Any] = response.json()
        return now

    def act(self, frame: dict[str, Any], token: str, action: str) -> dict[str, Any]:
        """Play ``action`` at the decision ``frame`` shows (200): the frame after it."""
        response = self.client.post(
            f"/api/tables/{frame['table']['id']}/actions",
            json=act_body(frame, action),
            headers=bearer(token),
        )
        assert response.status_code == 200, response.text
        after: dict[str, Any] = response.json()
        return after

    def hint(self, frame: dict[str, Any], token: str, lang: str = "en") -> dict[str, Any]:
        """A hint at the decision ``frame`` shows (200)."""
        response = self.client.post(
            f"/api/tables/{frame['table']['id']}/hint?lang={lang}",
            json={"step": frame["deal"]["key"]},
            headers=bearer(token),
        )
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer


def play_alone(
    deals: DealService,
    game: str,
    seed: int,
    pick: Callable[[list[str]], str] = lambda options: options[-1],
    to_the_end: bool = True,
) -> StoredGame:
    """A deal against basic AIs at a table of one on ``deals``'s store (as the start form
    deals it), its person choosing with ``pick`` to its end (or only dealt); its row."""
    tables = TableService(TableStore(deals.store), deals)

    async def play() -> StoredGame:
        moment, _token = await tables.deal_alone(game, "basic", seed, browser_hash="a browser")
        while to_the_end and moment.live is not None and not moment.live.over:
            options = list(waiting_on(moment)[0])
            key = decision_key(moment.live)
            moment = await tables.act(moment.table.id, 0, pick(options), key)
        assert moment.live is not None
        return moment.live.stored

    return asyncio.run(play())


def bearer(token: str) -> dict[str, str]:
    """The Authorization header for ``token``."""
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


DESKTOP_AND_PHONE = ((1366, 768), (360, 740))


@pytest.fixture
def pages(browser: Browser) -> Iterator[list[Page]]:
    """A desktop page and a phone page (:data:`DESKTOP_AND_PHONE`), each in a fresh
    context: their own browser id."""
    made = [new_page(browser, viewport={"width": w, "height": h}) for w, h in DESKTOP_AND_PHONE]
    yield made
    for page in made:
        page.context.close()
