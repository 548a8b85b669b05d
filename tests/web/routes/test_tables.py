"""The tables' JSON API and WebSocket through the app: frames pushed to each seat, the
long poll, reconnecting, and bad input — a clear error to that client, nothing changed
for the others."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardavia.games.registry import get_game
from cardavia.web.app import create_app
from cardavia.web.dependencies import services_of
from cardavia.web.infra.settings import Settings
from cardavia.web.infra.thinking import Thinker, Turn
from cardavia.web.routes.tables import FLOOD_LIMIT, MESSAGE_BYTES
from cardavia.web.services.tables import hub as hub_module
from cardavia.web.services.tables.hub import WATCHERS_PER_SEAT
from cardavia.web.services.tables.model import NAME_LIMIT
from cardavia.web.services.tables.service import TableService

from ..conftest import basic_players


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    # These tests are about the API, the socket and the poll, on the real clock: no
    # decision is held on show (the hold has its own tests, on the tests' clock).
    unheld = settings.model_copy(update={"hold_seconds": 0.0})
    with TestClient(create_app(unheld, players=basic_players)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class People:
    """A table made and joined through the API; every seat's token."""

    def __init__(self, client: TestClient, game: str, seats: list[str]) -> None:
        self.client = client
        made = client.post("/api/tables", json={"game": game, "name": "Ann", "seats": seats})
        assert made.status_code == 201, made.text
        self.id = made.json()["table"]["id"]
        self.invite = made.json()["invite"]
        self.tokens = {0: made.json()["token"]}
        for name in ("Bo", "李白", "Di")[: seats.count("person")]:
            joined = self.join(name)
            assert joined.status_code == 201, joined.text
            self.tokens[joined.json()["table"]["you"]] = joined.json()["token"]
        client.cookies.clear()

    def join(self, name: str) -> Any:
        body = {"invite": self.invite, "name": name}
        answer = self.client.post(f"/api/tables/{self.id}/seats", json=body)
        self.client.cookies.clear()
        return answer

    def command(self, seat: int, body: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/tables/{self.id}/actions", json=body, headers=bearer(self.tokens[seat])
        )

    def hint(self, seat: int, key: int) -> Any:
        return self.client.post(
            f"/api/tables/{self.id}/hint", json={"step": key}, headers=bearer(self.tokens[seat])
        )

    def frame(self, seat: int, **query: Any) -> dict[str, Any]:
        answer = self.client.get(
            f"/api/tables/{self.id}", params=query, headers=bearer(self.tokens[seat])
        )
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def socket(self, seat: int, **query: Any) -> Any:
        params = "&".join(f"{key}={value}" for key, value in query.items())
        return self.client.websocket_connect(
            f"/api/tables/{self.id}/live?{params}", headers=bearer(self.tokens[seat])
        )


def until_pong(socket: Any) -> list[dict[str, Any]]:
    """Every message up to the answer to a ping (frames of changes before it included)."""
    socket.send_json({"type": "ping"})
    got = []
    while True:
        message = socket.receive_json()
        if message["type"] == "pong":
            return got
        got.append(message)


def test_every_seat_is_pushed_its_own_frames_as_the_deal_goes(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    assert people.command(0, {"type": "start"}).status_code == 200
    with people.socket(0) as zero, people.socket(1) as one:
        first = {0: zero.receive_json(), 1: one.receive_json()}
        assert first[0]["table"]["you"] == 0 and first[1]["table"]["you"] == 1
        assert first[0]["deal"]["view"]["hand"] != first[1]["deal"]["view"]["hand"]
        seen = {seat: first[seat]["deal"]["seen"] for seat in (0, 1)}
        rng = random.Random(2)
        sockets = {0: zero, 1: one}
        for _ in range(12):
            frame = people.frame(0)
            if frame["deal"]["result"]:
                break
            mover = next(s for s in (0, 1) if people.frame(s)["deal"]["options"])
            options = people.frame(mover)["deal"]["options"]
            act = {"type": "act", "action": rng.choice(options), "key": frame["deal"]["key"]}
            sockets[mover].send_json(act)
            for seat, socket in sockets.items():
                for message in until_pong(socket):
                    assert message["type"] == "table", message
                    events = message["deal"]["events"]
                    assert message["deal"]["seen"] == seen[seat] + len(events)
                    seen[seat] = message["deal"]["seen"]
                    assert all(e.get("seat") == seat for e in events if "forced" in e)
            for seat in (0, 1):
                assert seen[seat] == people.frame(seat)["deal"]["seen"]


def test_a_browser_that_reconnects_gets_what_it_missed(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    people.command(0, {"type": "start"})
    whole = people.frame(0)
    seen = whole["deal"]["seen"]
    mover = next(s for s in (0, 1) if people.frame(s)["deal"]["options"])
    options = people.frame(mover)["deal"]["options"]
    people.command(mover, {"type": "act", "action": options[0], "key": whole["deal"]["key"]})
    now = people.frame(0)
    with people.socket(0, since=seen, deal=whole["deal"]["id"]) as zero:
        caught_up = zero.receive_json()
    assert caught_up["deal"]["events"] == people.frame(0)["deal"]["events"][seen:]
    assert caught_up["deal"]["seen"] == now["deal"]["seen"] > seen
    # The long poll says the same; a poll with nothing new waits, then answers the same.
    polled = people.frame(0, since=seen, deal=whole["deal"]["id"])
    assert polled["deal"]["events"] == caught_up["deal"]["events"]
    started = time.monotonic()
    again = people.frame(0, since=polled["deal"]["seen"], deal=polled["deal"]["id"],
                         mark=polled["mark"], wait=1)  # fmt: skip
    assert time.monotonic() - started >= 0.9
    assert again["mark"] == polled["mark"] and again["deal"]["events"] == []


def test_a_long_poll_answers_as_soon_as_the_table_changes(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "person"])
    polled = people.frame(1)
    joined = people.frame(2)
    assert polled["mark"] != joined["mark"]
    import threading

    answers: list[dict[str, Any]] = []

    def poll() -> None:
        answers.append(people.frame(1, mark=polled["mark"], wait=20))

    waiting = threading.Thread(target=poll)
    started = time.monotonic()
    waiting.start()
    time.sleep(0.3)
    people.command(0, {"type": "start"})
    waiting.join(timeout=20)
    assert time.monotonic() - started < 5
    assert answers and answers[0]["table"]["status"] == "playing"


def test_sockets_without_a_seat_get_a_clear_error(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    people.tokens[9] = "not-anyones-token"
    with people.socket(9) as stranger:
        refused = stranger.receive_json()
        assert refused == {
            "type": "error",
            "error": "this browser has no seat at this table: open the invitation link to take one",
            "code": 403,
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            stranger.receive_json()
        assert closed.value.code == 4403
    people.command(0, {"type": "remove", "seat": 1})
    with people.socket(1) as removed:
        assert "gave your seat" in removed.receive_json()["error"]


def test_a_removed_persons_open_socket_is_told_and_closed(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    with people.socket(1) as one:
        one.receive_json()
        people.command(0, {"type": "remove", "seat": 1})
        message = one.receive_json()
        while message["type"] == "table":
            message = one.receive_json()
        assert message["code"] == "gone" and "gave your seat" in message["error"]


def test_a_socket_opened_by_another_sites_page_is_refused(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    headers = bearer(people.tokens[0]) | {"Origin": "https://evil.example"}
    address = f"/api/tables/{people.id}/live"
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(address, headers=headers),
    ):
        pass
    assert refused.value.code == 1008
    same = bearer(people.tokens[0]) | {"Origin": "http://testserver"}
    with client.websocket_connect(f"/api/tables/{people.id}/live", headers=same) as socket:
        assert socket.receive_json()["type"] == "table"


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "person"])
    people.command(0, {"type": "start"})
    before = {seat: people.frame(seat) for seat in range(3)}
    waiting = next(s for s in range(3) if before[s]["deal"]["options"])
    idle = next(s for s in range(3) if not before[s]["deal"]["options"])
    key = before[0]["deal"]["key"]
    # The idle person's socket stays open to the end: closing it ends their presence
    # lease, and the sweep (every 0.5 s) then shows them away to everyone, a change of
    # every frame that a slow run saw before its last reads.
    with people.socket(idle) as socket:
        socket.receive_json()
        for message, said in (
            ("not json", "not valid JSON"),
            ('{"type": "explode"}', "type"),
            ('{"type": "act", "action": "pass"}', "key is missing"),
            (f'{{"type": "act", "action": "pass", "key": {key}}}', "not your turn"),
            ('{"type": "start"}', "started already" if idle == 0 else "only the host"),
            ("x" * (MESSAGE_BYTES + 1), f"at most {MESSAGE_BYTES} bytes"),
        ):
            socket.send_text(message)
            answer = socket.receive_json()
            assert answer["type"] == "error" and said in answer["error"], (message, answer)
        out_of_turn = people.command(idle, {"type": "act", "action": "pass", "key": key})
        assert out_of_turn.status_code == 409 and "not your turn" in out_of_turn.json()["error"]
        # More copies of a card than the seat holds: illegal whatever the deal (a fixed
        # "play 11 11 11" was legal for a seat dealt three of them).
        hand = before[waiting]["deal"]["view"]["hand"]
        card = min((f"{a}{b}" for a in range(1, 7) for b in range(a, 7)), key=hand.count)
        action = " ".join(["play"] + [card] * (hand.count(card) + 1))
        illegal = people.command(waiting, {"type": "act", "action": action, "key": key})
        assert illegal.status_code == 422
        for seat in range(3):
            assert people.frame(seat) == before[seat]


def test_a_flood_on_the_socket_is_refused_then_closed(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "person"])
    people.command(0, {"type": "start"})
    before = people.frame(2)
    with people.socket(1) as flooding:
        flooding.receive_json()
        for _ in range(FLOOD_LIMIT + 40):
            flooding.send_text('{"type": "ping"}')
        answers = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                answers.append(flooding.receive_json())
        assert closed.value.code == 1008
    refusals = [a for a in answers if a.get("code") == "flood"]
    assert refusals and "too fast" in refusals[0]["error"]
    # The others go on as before, and the flooder may come back. Only the flooder's own
    # presence may have changed: its socket closed, so once its lease lapses (whenever
    # the sweep runs) it is rightly shown away.
    after = people.frame(2)
    assert after["deal"] == before["deal"]
    flooder = [seat for seat in after["table"]["seats"] if seat["seat"] == 1]
    assert [s for s in after["table"]["seats"] if s["seat"] != 1] == [
        s for s in before["table"]["seats"] if s["seat"] != 1
    ]
    assert flooder[0]["state"] in ("here", "away")
    with people.socket(1) as again:
        assert again.receive_json()["type"] == "table"


def test_the_api_refuses_a_full_table_and_a_name_with_markup(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    full = people.join("Ed")
    assert full.status_code == 409 and full.json() == {"error": "every seat at this table is taken"}
    made = client.post(
        "/api/tables",
        json={"game": "chuopai", "name": "<script>x</script>", "seats": ["basic"] * 2},
    )
    assert made.status_code == 422 and "< or >" in made.json()["error"]
    wrong = client.post(f"/api/tables/{people.id}/seats", json={"invite": "guess", "name": "Ed"})
    assert wrong.status_code == 404
    unknown = client.get("/api/tables/nothing-here-at-all", headers=bearer("x"))
    assert unknown.status_code == 404


def test_the_schema_says_what_is_enforced(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for body in ("NewSisepaiTable", "NewChuopaiTable", "JoinTable"):
        assert schemas[body]["properties"]["name"]["maxLength"] == NAME_LIMIT  # (was 200)
    for game, body in (("sisepai", "NewSisepaiTable"), ("chuopai", "NewChuopaiTable")):
        seats = schemas[body]["properties"]["seats"]
        others = get_game(game).players - 1
        assert seats["minItems"] == seats["maxItems"] == others  # (was "at most 3")
        short = {"game": game, "name": "Ann", "seats": ["basic"] * (others - 1)}
        assert client.post("/api/tables", json=short).status_code == 422
    long = {"game": "chuopai", "name": "A" * (NAME_LIMIT + 1), "seats": ["basic"] * 2}
    assert client.post("/api/tables", json=long).status_code == 422
    docs = client.get("/docs").text  # each choice of a body is on the reference page
    for body in ("NewSisepaiTable", "NewChuopaiTable", "Act", "Start"):
        assert f'href="#schema-{body}"' in docs and f'id="schema-{body}"' in docs


def test_a_seat_takes_a_few_windows_and_refuses_one_more_in_words(client: TestClient) -> None:
    people = People(client, "chuopai", ["person", "basic"])
    people.command(0, {"type": "start"})
    with contextlib.ExitStack() as stack:
        open_ones = [stack.enter_context(people.socket(0)) for _ in range(WATCHERS_PER_SEAT)]
        for socket in open_ones:
            assert socket.receive_json()["type"] == "table"
        with people.socket(0) as extra:
            refused = extra.receive_json()
            assert refused["code"] == 429 and "already open in 4 windows" in refused["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_json()
            assert closed.value.code == 4429
        polled = client.get(
            f"/api/tables/{people.id}",
            params={"mark": "x", "wait": 1},
            headers=bearer(people.tokens[0]),
        )
        assert polled.status_code == 429 and "close one of them" in polled.json()["error"]
        assert polled.headers["Retry-After"]
        # Seat 1's socket stays open while seat 0's are asked: closed, it would show
        # seat 1 away to seat 0 within a sweep (0.5 s), a frame a slow run received.
        with people.socket(1) as other_seat:
            assert other_seat.receive_json()["type"] == "table", "another seat is unaffected"
            assert until_pong(open_ones[0]) == [], "the open ones carry on"
    with people.socket(0) as again:
        assert again.receive_json()["type"] == "table", "closing one frees its place"


def test_one_address_may_watch_only_so_many_tables(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "WATCHERS_PER_ADDRESS", 3)
    tables = [People(client, "chuopai", ["person", "basic"]) for _ in range(4)]
    with contextlib.ExitStack() as stack:
        for people in tables[:3]:
            assert stack.enter_context(people.socket(0)).receive_json()["type"] == "table"
        with tables[3].socket(0) as extra:
            refused = extra.receive_json()
            assert refused["code"] == 429 and "your address already has 3" in refused["error"]


def test_sockets_opened_back_to_back_are_refused_in_words_before_the_store_is_read(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "OPENS_BURST", 2)
    monkeypatch.setattr(hub_module, "OPENS_PER_SECOND", 0.01)
    people = People(client, "chuopai", ["person", "basic"])
    asked: list[str] = []
    seat_of = TableService.seat_of

    def counted(self: TableService, table_id: str, token: str | None, **how: Any) -> Any:
        asked.append(table_id)
        return seat_of(self, table_id, token, **how)

    monkeypatch.setattr(TableService, "seat_of", counted)
    for _ in range(2):
        with people.socket(0) as socket:
            assert socket.receive_json()["type"] == "table"
    with people.socket(0) as extra:
        refused = extra.receive_json()
        assert refused["code"] == 429 and "opening table connections too fast" in refused["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            extra.receive_json()
        assert closed.value.code == 4429
    assert len(asked) == 2, "the refused socket never read the table"
    with people.socket(1) as other_address_seat:
        refused = other_address_seat.receive_json()
        assert refused["code"] == 429, "the allowance is the address's, whatever the seat"


def test_the_ai_moves_a_command_sets_going_take_its_senders_share(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    clients: list[str] = []

    async def choose(self: Thinker, turn: Turn, view: Any, legal: Any) -> Any:
        clients.append(turn.client)
        return self.choose_inline(turn, view, legal)

    monkeypatch.setattr(Thinker, "offloaded", lambda self, level: True)
    monkeypatch.setattr(Thinker, "choose", choose)
    people = People(client, "chuopai", ["basic", "basic"])
    assert people.command(0, {"type": "start"}).status_code == 200
    for _ in range(200):
        deal = people.frame(0)["deal"]
        if deal["result"] or len(clients) >= 3:
            break
        if deal["options"]:
            act = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
            assert people.command(0, act).status_code == 200
        time.sleep(0.02)
    assert clients, "the AIs moved in the background"
    assert set(clients) == {"testclient"}, "one address's tables share one client's share"


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_each_person_at_a_table_gets_the_coachs_hint_for_their_own_decision(
    client: TestClient, game: str
) -> None:
    seats = ["person", "basic", "basic"] if game == "sisepai" else ["person", "basic"]
    people = People(client, game, seats)
    assert people.command(0, {"type": "start"}).status_code == 200
    hinted: set[int] = set()
    refused: set[int] = set()
    for _ in range(400):
        if hinted == set(people.tokens) and refused:
            break
        frames = {seat: people.frame(seat) for seat in people.tokens}
        deal = frames[0]["deal"]
        if deal["result"]:
            # The cards are a secret draw: a Sì Sè Pái deal can end before it asks one of
            # the people anything. The host deals again, as a table does.
            again = people.command(0, {"type": "again", "same": False})
            assert again.status_code == 200, again.text
            continue
        movers = [seat for seat, frame in frames.items() if frame["deal"]["options"]]
        if not movers:
            time.sleep(0.02)
            continue
        for seat in people.tokens:
            if seat not in movers and seat not in refused:
                answer = people.hint(seat, deal["key"])
                assert answer.status_code == 409 and "not your decision" in answer.json()["error"]
                refused.add(seat)
        mover = movers[0]
        options = frames[mover]["deal"]["options"]
        if mover not in hinted:
            answer = people.hint(mover, deal["key"])
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["action"] in options and body["text"] and body["hints"] == 1
            assert people.hint(mover, deal["key"]).json() == body, "one opinion per decision"
            hinted.add(mover)
        act = {"type": "act", "action": options[0], "key": deal["key"]}
        assert people.command(mover, act).status_code == 200
        if people.frame(mover)["deal"]["key"] != deal["key"]:
            stale = people.hint(mover, deal["key"])
            assert stale.status_code == 409, "a decision that is over gets no hint"
    assert hinted == set(people.tokens) and refused, (hinted, refused)
    stranger = client.post(f"/api/tables/{people.id}/hint", json={"step": 0})
    assert stranger.status_code == 403


# -- a deal against the AIs in one call (a bot's) ----------------------------------------------


def _dealt(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    client.cookies.clear()
    data: dict[str, Any] = made.json()
    return data


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_table_of_ais_is_dealt_at_once_and_waits_for_its_person(
    client: TestClient, game: str
) -> None:
    others = get_game(game).players - 1
    body = {"game": game, "name": "Bot", "seats": ["basic"] * others, "start": True, "seed": 5}
    made = _dealt(client, body)
    assert made["table"]["status"] == "playing" and made["invite"] is None
    assert made["table"]["settings"]["timers"] is False
    assert made["table"]["seats"][0]["name"] == "Bot"
    deal = made["deal"]
    assert deal["seed"] == 5 and deal["options"] and deal["result"] is None
    # The same deal number deals the same cards to the same seat.
    again = _dealt(client, body)
    assert again["deal"]["view"] == deal["view"] and again["deal"]["id"] != deal["id"]
    # The token opens the table; the frame read again is the same one.
    read = client.get(f"/api/tables/{made['table']['id']}", headers=bearer(made["token"]))
    assert read.status_code == 200 and read.json()["deal"] == deal


def test_a_table_dealt_at_once_may_mix_levels_and_plays_to_its_end(client: TestClient) -> None:
    body = {"game": "chuopai", "name": "Bot", "seats": ["easy", "basic"], "start": True}
    made = _dealt(client, body)
    table, token = made["table"]["id"], made["token"]
    assert [seat["level"] for seat in made["table"]["seats"][1:]] == ["easy", "basic"]
    frame = made
    for _ in range(400):
        deal = frame["deal"]
        if deal["result"] is not None:
            break
        act = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
        answer = client.post(f"/api/tables/{table}/actions", json=act, headers=bearer(token))
        assert answer.status_code == 200, answer.text
        frame = answer.json()
    assert frame["deal"]["result"] is not None and frame["deal"]["seed"] is not None
    record = client.get(f"/api/tables/{table}/record", headers=bearer(token))
    assert record.status_code == 200 and record.json()["meta"]["levels"][1:] == ["easy", "basic"]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ({"seats": ["person", "basic"], "start": True}, "every other seat is an AI"),
        ({"seats": ["basic"] * 2, "start": True, "turn_seconds": 30}, "leave out turn_seconds"),
        ({"seats": ["basic", "basic"], "seed": 3}, "only with start"),
        ({"seats": ["basic", "basic"], "start": True, "seed": -1}, "seed"),
        ({"seats": ["basic", "basic"], "start": "yes"}, "start"),
    ],
)
def test_a_table_that_cannot_start_at_once_is_refused_in_words_and_not_made(
    client: TestClient, extra: dict[str, Any], said: str
) -> None:
    engine = services_of(client.app).tables.tables.engine  # type: ignore[arg-type]

    def tables() -> Any:
        with engine.connect() as connection:
            return connection.exec_driver_sql("SELECT count(*) FROM tables").scalar()

    before = tables()
    answer = client.post("/api/tables", json={"game": "chuopai", "name": "Bot"} | extra)
    assert answer.status_code == 422 and said in answer.json()["error"], answer.text
    assert tables() == before
