"""Whole deals through the API: to the end, replayed from their records, across restarts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from table_api import new_deal_body, without_token

from cardavia.records import parse_record, replay
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

from .conftest import Api, bearer, random_players

GAMES = ("sisepai", "chuopai")


def play_out(api: Api, frame: dict[str, Any], token: str, rng: random.Random) -> dict[str, Any]:
    """The person picks random legal actions until the deal is over: its last frame."""
    while frame["deal"]["result"] is None:
        options = frame["deal"]["options"]
        assert len(options) >= 2, "a table of one waits only for its person's real choices"
        frame = api.act(frame, token, rng.choice(options))
    return frame


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_deals_finish_and_their_records_replay_to_the_same_result(
    client: TestClient, api: Api, game: str, seed: int
) -> None:
    created = api.start(game)
    done = play_out(api, created, created["token"], random.Random(seed))["deal"]
    assert done["result"] is not None
    assert done["view"]["outcome"] == done["result"]
    record = client.get(
        f"/api/tables/{created['table']['id']}/record",
        headers={"Authorization": f"Bearer {created['token']}"},
    )
    assert replay(parse_record(record.content)).to_json() == done["result"]


@pytest.mark.parametrize("game", GAMES)
def test_events_tell_the_whole_deal_from_the_persons_seat(client: TestClient, game: str) -> None:
    """Concatenated, the events of every frame asked from where the seat's log stood
    (``since``) are the seat's whole log (the deal's public events plus the person's own
    sealed answers): nothing is skipped and nothing repeats, so a page that reloads
    writes the same log as one that saw it live."""
    made = client.post("/api/tables", json=new_deal_body(game, 31)).json()
    table, headers, rng = made["table"]["id"], bearer(made["token"]), random.Random(31)
    deal = made["deal"]
    seen = list(deal["events"])
    while deal["result"] is None:
        body = {"type": "act", "action": rng.choice(deal["options"]), "key": deal["key"]}
        path = f"/api/tables/{table}/actions?since={deal['seen']}&deal={deal['id']}"
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        deal = answer.json()["deal"]
        seen += deal["events"]
        assert len(seen) == deal["seen"], "the log only grows, by the events sent"
    whole = client.get(f"/api/tables/{table}", headers=headers).json()["deal"]["events"]
    assert seen == whole
    assert {event["seat"] for event in seen if event["type"] == "answered"} <= {0}
    assert all("forced" not in event for event in seen if event.get("seat", 0) != 0)


def _run(
    settings: Settings, game: str, seed: int, restart_every: int | None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play a deal with the person's choices drawn from ``seed``; restart the server every
    ``restart_every`` actions. Returns every frame's deal seen and the record."""
    rng = random.Random(seed)
    deals: list[dict[str, Any]] = []
    app = create_app(settings, players=random_players)
    client = TestClient(app).__enter__()
    try:
        created = Api(client).start(game, seed=seed)
        token = created["token"]
        frame = without_token(created)
        deals.append(frame["deal"])
        count = 0
        while frame["deal"]["result"] is None:
            if restart_every and count % restart_every == restart_every - 1:
                client.__exit__(None, None, None)
                client = TestClient(create_app(settings, players=random_players)).__enter__()
                assert Api(client).get(frame, token) == frame, "resumed exactly"
            frame = Api(client).act(frame, token, rng.choice(frame["deal"]["options"]))
            deals.append(frame["deal"])
            count += 1
        record = client.get(
            f"/api/tables/{frame['table']['id']}/record",
            headers={"Authorization": f"Bearer {token}"},
        ).json()
    finally:
        client.__exit__(None, None, None)
    return deals, record


@pytest.mark.parametrize("game", GAMES)
def test_a_restarted_server_continues_exactly_as_the_old_one_would_have(
    tmp_path: Any, game: str
) -> None:
    straight, record = _run(Settings.for_sqlite(tmp_path / "one.sqlite3"), game, 8, None)
    restarted, again = _run(Settings.for_sqlite(tmp_path / "two.sqlite3"), game, 8, 2)
    assert len(straight) > 2, "the deal should last a few actions"

    def same(deal: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in deal.items() if key != "id"}

    assert [same(deal) for deal in straight] == [same(deal) for deal in restarted]
    assert record["actions"] == again["actions"] and record["deck"] == again["deck"]


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_against_the_basic_ais_reaches_its_end(tmp_path: Any, game: str) -> None:
    settings = Settings.for_sqlite(tmp_path / "basic.sqlite3")
    with TestClient(create_app(settings)) as client:
        api = Api(client)
        created = api.start(game, seed=5)
        done = play_out(api, created, created["token"], random.Random(5))
        assert done["deal"]["result"] is not None
