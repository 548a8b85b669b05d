"""A table's deal belongs to each person dealt into it: it is in their *Your deals* at
their own seat, they review their own decisions, and they replay it; nobody else does
(issue 24)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.records.format import parse_record
from cardavia.records.replay import seat_decisions
from cardavia.web.app import create_app
from cardavia.web.infra.browsers import COOKIE
from cardavia.web.infra.settings import Settings
from cardavia.web.presentation.deal_stats import Result

from ..conftest import basic_players


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    unheld = settings.model_copy(update={"hold_seconds": 0.0})
    with TestClient(create_app(unheld, players=basic_players)) as test_client:
        yield test_client


class Person:
    """One browser at the table: its seat token and its browser id (its cookie)."""

    def __init__(self, client: TestClient, answer: Any) -> None:
        assert answer.status_code == 201, answer.text
        self.client = client
        self.token = answer.json()["token"]
        self.seat = answer.json()["table"]["you"]
        self.browser = answer.cookies[COOKIE]
        self.name = ""
        client.cookies.clear()

    def get(self, url: str) -> Any:
        self.client.cookies.set(COOKIE, self.browser)
        try:
            return self.client.get(url, headers={"Authorization": f"Bearer {self.token}"})
        finally:
            self.client.cookies.clear()

    def post(self, url: str, body: dict[str, Any] | None = None) -> Any:
        self.client.cookies.set(COOKIE, self.browser)
        headers = {"Authorization": f"Bearer {self.token}"}
        try:
            if body is None:  # a form's POST, from this site's own page
                return self.client.post(
                    url, headers={"Origin": "http://testserver"}, follow_redirects=False
                )
            return self.client.post(url, json=body, headers=headers)
        finally:
            self.client.cookies.clear()


def deal_a_table(client: TestClient, game: str) -> tuple[str, list[Person]]:
    """Ann hosts, Bo joins, the AIs fill the rest; the deal is played to its end by
    each person choosing their first option."""
    table, people = seat_a_table(client, game)
    play_to_the_end(table, people)
    return table, people


def seat_a_table(client: TestClient, game: str) -> tuple[str, list[Person]]:
    """Ann hosts, Bo joins, the AIs fill the rest; dealt."""
    seats = ["person", "basic", "basic"] if game == "sisepai" else ["person", "basic"]
    made = client.post("/api/tables", json={"game": game, "name": "Ann", "seats": seats})
    ann = Person(client, made)
    table = made.json()["table"]["id"]
    invite = made.json()["invite"]
    joined = client.post(f"/api/tables/{table}/seats", json={"invite": invite, "name": "Bo"})
    bo = Person(client, joined)
    people = [ann, bo]
    assert ann.post(f"/api/tables/{table}/actions", {"type": "start"}).status_code == 200
    return table, people


def play_to_the_end(table: str, people: list[Person], hints: dict[int, int] | None = None) -> None:
    """Each person chooses their first option until the deal ends; a person in
    ``hints`` asks for a hint (twice) at that many of their first decisions."""
    ann = people[0]
    for _ in range(3000):
        frames = {person.seat: person.get(f"/api/tables/{table}").json() for person in people}
        deal = frames[ann.seat]["deal"]
        if deal["result"]:
            return
        movers = [person for person in people if frames[person.seat]["deal"]["options"]]
        if not movers:
            time.sleep(0.01)
            continue
        mover = movers[0]
        options = frames[mover.seat]["deal"]["options"]
        if hints and hints.get(mover.seat):
            hints[mover.seat] -= 1
            for _ in range(2):
                asked = mover.post(f"/api/tables/{table}/hint", {"step": deal["key"]})
                assert asked.status_code == 200, asked.text
        act = {"type": "act", "action": options[0], "key": deal["key"]}
        mover.post(f"/api/tables/{table}/actions", act)
    raise AssertionError("the deal did not end")


def review_of(person: Person, table: str) -> dict[str, Any]:
    for _ in range(1200):
        answer = person.get(f"/api/tables/{table}/review")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        if found["status"] == "ready":
            return found
        time.sleep(0.05)
    raise AssertionError("the review never ended")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_each_person_finds_the_deal_in_their_deals_and_reviews_their_own_play(
    client: TestClient, game: str
) -> None:
    table, people = deal_a_table(client, game)
    ann, bo = people
    record = parse_record(ann.get(f"/api/tables/{table}/record").content)
    deal = ann.get(f"/api/tables/{table}").json()["deal"]
    deal_id, result = deal["id"], Result.from_json(deal["result"])
    for person in people:
        review = review_of(person, table)
        assert review["decisions"] == len(seat_decisions(record, person.seat))
        own_steps = {view.step for view, _, _ in seat_decisions(record, person.seat)}
        assert {finding["step"] for finding in review["findings"]} <= own_steps
        assert all(finding["text"] for finding in review["findings"])
        # Their deals list it, said from their own seat.
        page = person.get("/deals")
        assert page.status_code == 200 and f'id="deal-{deal_id}"' in page.text
        row = page.text.split(f'id="deal-{deal_id}"')[1].split("</tr>")[0]
        if person.seat in result.winners and len(result.winners) == 1:
            assert "You won" in row
        else:
            assert "You won" not in row
            winner_names = [
                record.meta["players"][seat] for seat in result.winners if seat != person.seat
            ]
            assert all(name in row for name in winner_names if name), row
        assert f'href="/replay/{deal_id}"' in row and f"/play/{deal_id}/again" not in row
        replayed = person.get(f"/replay/{deal_id}")
        assert replayed.status_code == 200
        data = json.loads(replayed.text.split('id="replay-data">')[1].split("</script>")[0])
        named = [
            "You" if seat == person.seat else name
            for seat, name in enumerate(record.meta["players"])
        ]
        assert data["seats"] == named, "the replay names the table's players, the reader You"
        assert data["me"] == person.seat
        # The coach's choice at the person's own decisions, and only theirs.
        mine = seat_decisions(record, person.seat)
        theirs = seat_decisions(record, 1 - person.seat)
        asked = person.get(f"/replay/{deal_id}/hint/{mine[0][0].step}")
        assert asked.status_code == 200 and asked.json()["seat"] == person.seat
        assert asked.json()["action"] in {str(action) for action in mine[0][1]}
        assert person.get(f"/replay/{deal_id}/hint/{theirs[0][0].step}").status_code == 404
    # The two reviews are each person's own, and kept: read again, the same.
    assert review_of(ann, table) == review_of(ann, table)

    # A browser that was not at the table finds nothing of it.
    client.cookies.set(COOKIE, "s" * 43)
    assert deal_id not in client.get("/deals").text
    assert client.get(f"/replay/{deal_id}").status_code == 404
    client.cookies.clear()

    # Bo takes it out of his list: Ann keeps it, and its record.
    assert bo.post(f"/deals/{deal_id}/delete").status_code == 303
    assert deal_id not in bo.get("/deals").text
    assert bo.get(f"/replay/{deal_id}").status_code == 404
    assert deal_id in ann.get("/deals").text
    assert ann.get(f"/replay/{deal_id}").status_code == 200


def test_a_review_at_a_table_waits_for_the_end_and_is_for_seated_people_only(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/tables", json={"game": "chuopai", "name": "Ann", "seats": ["basic", "basic"]}
    )
    ann = Person(client, made)
    table = made.json()["table"]["id"]
    assert ann.get(f"/api/tables/{table}/review").status_code == 409, "no deal yet"
    assert ann.post(f"/api/tables/{table}/actions", {"type": "start"}).status_code == 200
    early = ann.get(f"/api/tables/{table}/review")
    assert early.status_code == 409 and "over" in early.json()["error"]
    assert client.get(f"/api/tables/{table}/review").status_code == 403


def test_each_person_has_the_ai_in_their_own_seat_and_their_own_count_of_hints(
    client: TestClient,
) -> None:
    table, people = seat_a_table(client, "chuopai")
    ann, bo = people
    deal_id = ann.get(f"/api/tables/{table}").json()["deal"]["id"]
    unknown = ann.get(f"/api/deals/{deal_id[::-1]}/ai-seat")
    assert unknown.status_code == 404
    # A running deal has no run, for the people dealt into it too: the same 404.
    for method in ("get", "post"):
        running = getattr(ann, method)(f"/api/deals/{deal_id}/ai-seat")
        said = running.json()["error"].replace(deal_id, deal_id[::-1])
        assert (running.status_code, said) == (404, unknown.json()["error"])
    assert ann.get(f"/api/tables/{table}").json()["deal"].get("hints") is None
    play_to_the_end(table, people, hints={ann.seat: 2})
    frames = {person.seat: person.get(f"/api/tables/{table}").json() for person in people}
    assert frames[ann.seat]["deal"]["hints"] == 2, "each decision once, however often asked"
    assert frames[bo.seat]["deal"]["hints"] == 0, "each person's own"
    url = f"/api/deals/{deal_id}/ai-seat"
    # A browser not dealt into the deal finds nothing, as for a deal that does not exist.
    client.cookies.set(COOKIE, "s" * 43)
    assert client.get(url).status_code == 404
    assert client.post(url, headers={"Origin": "http://testserver"}).status_code == 404
    client.cookies.clear()
    assert ann.get(url).json()["status"] == "none"
    started = ann.post(url)
    assert started.status_code == 202 and started.json()["seat"] == ann.seat
    deadline = time.monotonic() + 60
    while (answer := ann.get(url).json())["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert answer["levels"][ann.seat] == "strong" and answer["levels"][bo.seat] == "basic"
    assert answer["players"][:2] == ["Ann", "Bo"]
    ended = Result.from_json(frames[ann.seat]["deal"]["result"])
    assert answer["yours"]["winners"] == list(ended.winners)
    assert answer["replay"] == f"/replay/{deal_id}/ai"
    # Ann's run is hers: Bo has none yet, and only Ann's replay of it opens.
    assert bo.get(url).json()["status"] == "none"
    assert bo.get(f"/replay/{deal_id}/ai").status_code == 404
    replayed = ann.get(f"/replay/{deal_id}/ai")
    assert replayed.status_code == 200
    data = json.loads(replayed.text.split('id="replay-data">')[1].split("</script>")[0])
    assert data["me"] == ann.seat
    # Each person's own replay offers it, saying who plays the other person's seat.
    page = bo.get(f"/replay/{deal_id}").text
    assert 'id="ai-seat"' in page and "the AI for absent players (Normal)" in page


@pytest.mark.slow
def test_each_person_downloads_the_record_of_an_earlier_deal_of_the_table(
    client: TestClient,
) -> None:
    table, people = deal_a_table(client, "chuopai")
    ann = people[0]
    first = ann.get(f"/api/tables/{table}").json()["deal"]["id"]
    before = ann.get(f"/api/tables/{table}/record").content
    again = ann.post(f"/api/tables/{table}/actions", {"type": "again", "same": False})
    assert again.status_code == 200, again.text
    running = ann.get(f"/api/tables/{table}").json()["deal"]["id"]
    assert running != first
    for person in people:
        earlier = person.get(f"/api/tables/{table}/record?deal={first}")
        assert earlier.status_code == 200, earlier.text
        assert parse_record(earlier.content) == parse_record(before)
        assert first in earlier.headers["content-disposition"]
    # The deal on show is not over: its record would show every hand.
    for asked in (f"/api/tables/{table}/record", f"/api/tables/{table}/record?deal={running}"):
        refused = ann.get(asked)
        assert refused.status_code == 409 and "over" in refused.json()["error"]
    # A deal of another table is none of this table's, nor is a made-up one.
    other, hosts = deal_a_table(client, "chuopai")
    theirs = hosts[0].get(f"/api/tables/{other}").json()["deal"]["id"]
    for deal_id in (theirs, "madeup"):
        assert ann.get(f"/api/tables/{table}/record?deal={deal_id}").status_code == 404
