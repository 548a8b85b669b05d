"""A deal against the AIs is a table of one person (issue 24): the *Start game* form's
table (:meth:`TableService.deal_alone`, :meth:`TableSettings.alone`) waits for its
person for ever, holds nothing on show, and is stored as a deal against the AIs."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient

from cardavia.web.app import create_app
from cardavia.web.dependencies import services_of
from cardavia.web.infra.settings import Settings
from cardavia.web.services.tables import tasks
from cardavia.web.services.tables.frames import stops, waiting_on
from cardavia.web.services.tables.model import solo_level, with_seat

from ...conftest import basic_players
from .conftest import Clock, Table, make_service, run


def test_a_table_of_one_has_no_clock_and_no_takeover(database_url: str, clock: Clock) -> None:
    service = make_service(database_url, clock)
    moment, _token = run(service.deal_alone("sisepai", "basic", 42, "browser-hash"))
    table = Table(service, moment.table.id, "")
    assert solo_level(moment.table) == "basic"
    stored = moment.live.stored  # type: ignore[union-attr]
    assert (stored.ai, stored.seed, stored.seed_chosen) == ("basic", 42, True)
    assert stored.browser_hash == "browser-hash" and (stored.meta or {})["ai"] == "basic"
    waiting = waiting_on(table.read())
    assert list(waiting) == [0], "dealt at once, waiting for its person"
    deal = table.frame(0)["deal"]
    assert deal["timer"] is None and deal["seed"] == 42
    decisions = table.read().live.stored.decisions  # type: ignore[union-attr]
    # The person goes away (a closed tab); an hour later nothing was decided for them.
    read = table.read()
    place = dataclasses.replace(read.table.seats[0], away=clock())
    service._commit(read, with_seat(read.table, 0, place), read.live)
    assert "takeover" not in table.frame(0)["table"]["seats"][0]
    for _ in range(3):
        clock.advance(1200)
        run(tasks.sweep(service))
    after = table.read()
    assert waiting_on(after) == waiting
    assert after.live.stored.decisions == decisions  # type: ignore[union-attr]
    assert not after.table.seats[0].played
    assert after.table.deadline is None
    service.tables.engine.dispose()


def test_a_table_of_one_holds_nothing_on_show_even_against_strong(
    database_url: str, clock: Clock
) -> None:
    service = make_service(database_url, clock)
    moment, _token = run(service.deal_alone("chuopai", "strong", 7))
    table = Table(service, moment.table.id, "")
    rng = random.Random(7)
    for _ in range(400):
        moment = table.read()
        assert stops(moment.table) == [], "no stop is ever held"
        if moment.live is None or moment.live.over:
            break
        options = waiting_on(moment).get(0)
        assert options, "the AIs' moves are all made by the time the person is asked"
        table.act(0, rng.choice(sorted(options)))
    assert table.read().live.over  # type: ignore[union-attr]
    service.tables.engine.dispose()


def test_a_table_of_one_keeps_no_presence_lease_where_a_friends_table_does(
    settings: Settings,
) -> None:
    """Nobody else sees whether the person of a table of one is here, and no AI takes
    over their seat: reading the table and its WebSocket write no lease, as they do at
    a friends' table (where the lease says who is away)."""
    later = datetime.now(UTC) + timedelta(days=1)
    same_site = {"Origin": "http://testserver"}
    with TestClient(create_app(settings, players=basic_players)) as client:
        leases = services_of(client.app).tables.tables
        started = client.post("/games/chuopai/start", data={"ai": "basic"}, follow_redirects=False)
        alone = started.headers["location"].rsplit("/", 1)[1]
        assert client.get(f"/api/tables/{alone}").status_code == 200
        with client.websocket_connect(f"/api/tables/{alone}/live", headers=same_site) as socket:
            socket.send_json({"type": "ping"})
            assert socket.receive_json()
        client.cookies.clear()
        made = client.post(
            "/api/tables", json={"game": "chuopai", "name": "Ann", "seats": ["person", "basic"]}
        )
        friends = made.json()["table"]["id"]
        auth = {"Authorization": f"Bearer {made.json()['token']}"}
        assert client.get(f"/api/tables/{friends}", headers=auth).status_code == 200
        held = {lease.table_id for lease in leases.lapsed(later)}
    assert alone not in held
    assert friends in held
