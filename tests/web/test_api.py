"""The JSON API as a bot uses it (the /docs page's protocol): a deal against the AIs is a
table dealt at once (``POST /api/tables`` with ``start``), read and played through the
tables' API with the bearer token, and every error it can give.

In each error case the answer is ``{"error": "..."}`` with a 4xx status, and the deal
is exactly as it was (checked by reading it again).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from table_api import new_deal_body, without_token

from cardavia.records import parse_record, replay
from cardavia.web.dependencies import services_of

from .conftest import bearer

GAMES = ("sisepai", "chuopai")
FRAME_KEYS = {"type", "table", "deal", "mark"}
DEAL_KEYS = {"id", "view", "events", "seen", "key", "window", "options", "choosing"}
DEAL_KEYS |= {"answer", "timer", "result", "outcome", "seed"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_error(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"], str) and body["error"]
    message: str = body["error"]
    return message


def finish(api: Any, frame: dict[str, Any], token: str) -> dict[str, Any]:
    """Play the person's first legal action until the deal is over: the last frame."""
    while frame["deal"]["result"] is None:
        frame = api.act(frame, token, frame["deal"]["options"][0])
    return frame


def actions_of(frame: dict[str, Any]) -> str:
    return f"/api/tables/{frame['table']['id']}/actions"


# -- POST /api/tables with start -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_new_deal_seats_the_person_at_seat_0_and_waits_for_them(
    client: TestClient, game: str
) -> None:
    response = client.post("/api/tables", json=new_deal_body(game))
    assert response.status_code == 201, response.text
    frame = response.json()
    assert set(frame) == FRAME_KEYS | {"token", "invite"} and frame["invite"] is None
    table, deal = frame["table"], frame["deal"]
    assert table["game"] == game and table["you"] == 0 and table["status"] == "playing"
    assert [seat["level"] for seat in table["seats"][1:]] == ["basic"] * (len(table["seats"]) - 1)
    assert set(deal) == DEAL_KEYS
    assert deal["choosing"] == [0] or deal["window"], "the table waits for the person"
    assert len(deal["options"]) >= 2, "a lone action would have been played for the person"
    assert deal["result"] is None
    assert deal["seed"] is None, "a secret seed is shown only in the record"


def test_a_chosen_seed_deals_the_same_cards_and_is_shown(api: Any) -> None:
    first, second = api.start("sisepai", seed=2024), api.start("sisepai", seed=2024)
    dealt, again = first["deal"], second["deal"]
    assert dealt["seed"] == again["seed"] == 2024
    assert dealt["view"]["hand"] == again["view"]["hand"]
    assert dealt["events"] == again["events"]
    assert dealt["id"] != again["id"] and first["token"] != second["token"]
    assert first["table"]["id"] != second["table"]["id"]
    other = api.start("sisepai", seed=2025)
    assert other["deal"]["view"]["hand"] != dealt["view"]["hand"]


ALONE = {"name": "Bot", "seats": ["basic"] * 3, "start": True}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (ALONE | {"game": "mahjong"}, "game"),
        (ALONE | {"game": "sisepai", "seats": ["godlike"] * 3}, "seats"),
        (ALONE | {"game": "sisepai", "colour": "red"}, "colour is not a field"),
        (ALONE | {"game": "sisepai", "seed": -1}, "seed"),
        (ALONE | {"game": "sisepai", "seed": 2**53}, "seed"),
        (ALONE | {"game": "sisepai", "seed": "12"}, "seed"),
        (ALONE | {"game": "sisepai", "seed": True}, "seed"),
        (ALONE, "game"),
        ([], "body"),
    ],
)
def test_a_malformed_new_deal_is_refused_in_words(
    client: TestClient, body: Any, words: str
) -> None:
    message = assert_error(client.post("/api/tables", json=body), 422)
    assert words in message


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tables", content=b"{game: sisepai", headers={"Content-Type": "application/json"}
    )
    assert "not valid JSON" in assert_error(response, 422)


# -- GET /api/tables/{id} ---------------------------------------------------------------------


def test_reading_a_deal_gives_the_same_state_again(api: Any) -> None:
    created = api.start("chuopai", seed=7)
    read = api.get(created, created["token"])
    assert read == without_token(created)


def test_the_page_cookie_also_opens_the_deal(client: TestClient, api: Any) -> None:
    created = api.start("sisepai")
    client.cookies.clear()
    client.cookies.set("cardavia_seat", created["token"])
    response = client.get(f"/api/tables/{created['table']['id']}")
    assert response.status_code == 200 and response.json()["deal"]["id"] == created["deal"]["id"]


def test_wrong_tokens_all_get_the_same_403_and_unknown_tables_404(
    client: TestClient, api: Any
) -> None:
    created = api.start("sisepai")
    client.cookies.clear()
    url = f"/api/tables/{created['table']['id']}"
    refused = [
        client.get(url),
        client.get(url, headers=auth("not-the-token")),
        client.get(url, headers=auth(api.start("sisepai")["token"])),
        client.get(url, headers={"Authorization": created["token"]}),
    ]
    client.cookies.clear()
    assert len({(answer.status_code, answer.text) for answer in refused}) == 1
    assert "no seat at this table" in assert_error(refused[0], 403)
    for unknown in ("/api/tables/AAAAAAAAAAAAAAAA", "/api/tables/short"):
        assert_error(client.get(unknown, headers=auth(created["token"])), 404)


# -- POST /api/tables/{id}/actions ------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_an_action_moves_the_deal_on_to_the_persons_next_turn(api: Any, game: str) -> None:
    created = api.start(game, seed=11)
    moved = api.act(created, created["token"], created["deal"]["options"][-1])
    assert moved["deal"]["key"] > created["deal"]["key"]
    assert moved["deal"]["result"] is not None or moved["deal"]["options"]
    followed = moved["deal"]["events"][created["deal"]["seen"] :]
    assert followed, "the person's action and what followed"
    first = followed[0]
    assert first["seat"] == 0 and not first.get("forced", False)


def test_a_stale_key_gets_409_and_changes_nothing(client: TestClient, api: Any) -> None:
    created = api.start("sisepai", seed=3)
    token = created["token"]
    first = created["deal"]["options"][0]
    api.act(created, token, first)
    before = api.get(created, token)
    # The same request again (a double click): its decision key is now stale.
    repeated = client.post(
        actions_of(created),
        json={"type": "act", "action": first, "key": created["deal"]["key"]},
        headers=auth(token),
    )
    assert "moved on" in assert_error(repeated, 409)
    assert api.get(created, token) == before


@pytest.mark.parametrize(
    ("game", "action", "status"),
    [
        ("sisepai", "discard rG", 422),
        ("sisepai", "take", 422),
        ("sisepai", "shout", 422),
        ("chuopai", "play 77", 422),
        ("chuopai", "play 66 11 22", 422),
        ("chuopai", "fold", 422),
    ],
)
def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing(
    client: TestClient, api: Any, game: str, action: str, status: int
) -> None:
    created = api.start(game, seed=5)
    assert action not in created["deal"]["options"]
    before = api.get(created, created["token"])
    response = client.post(
        actions_of(created),
        json={"type": "act", "action": action, "key": created["deal"]["key"]},
        headers=auth(created["token"]),
    )
    assert_error(response, status)
    assert api.get(created, created["token"]) == before


@pytest.mark.parametrize(
    "body",
    [
        {"type": "act", "action": "pass"},
        {"type": "act", "key": 0},
        {"action": "pass", "key": 0},
        {"type": "act", "action": "pass", "key": "0"},
        {"type": "act", "action": "pass", "key": 1.5},
        {"type": "act", "action": "pass", "key": 0, "force": True},
        {"type": "act", "action": "", "key": 0},
        {"type": "act", "action": "pass " * 100, "key": 0},
        {"type": "shout"},
        "pass",
    ],
)
def test_a_malformed_action_body_is_refused(client: TestClient, api: Any, body: Any) -> None:
    created = api.start("chuopai", seed=1)
    before = api.get(created, created["token"])
    response = client.post(actions_of(created), json=body, headers=auth(created["token"]))
    assert_error(response, 422)
    assert api.get(created, created["token"]) == before


def test_acting_without_the_token_is_refused_and_changes_nothing(
    client: TestClient, api: Any
) -> None:
    created = api.start("sisepai")
    client.cookies.clear()
    before = api.get(created, created["token"])
    body = {"type": "act", "action": created["deal"]["options"][0], "key": created["deal"]["key"]}
    for headers in ({}, auth("forged")):
        response = client.post(actions_of(created), json=body, headers=headers)
        assert_error(response, 403)
    assert api.get(created, created["token"]) == before


def test_acting_after_the_end_gets_409(client: TestClient, api: Any) -> None:
    created = api.start("chuopai", seed=9)
    done = finish(api, created, created["token"])
    assert done["deal"]["options"] == []
    response = client.post(
        actions_of(created),
        json={"type": "act", "action": "pass", "key": done["deal"]["key"]},
        headers=auth(created["token"]),
    )
    assert "no deal in play" in assert_error(response, 409)


# -- GET /api/tables/{id}/record --------------------------------------------------------------


def test_the_record_is_refused_while_the_deal_runs(client: TestClient, api: Any) -> None:
    created = api.start("sisepai")
    client.cookies.clear()
    url = f"/api/tables/{created['table']['id']}/record"
    assert "over" in assert_error(client.get(url, headers=auth(created["token"])), 409)
    assert_error(client.get(url, headers=auth("forged")), 403)


@pytest.mark.parametrize("game", GAMES)
def test_the_record_of_a_finished_deal_replays_to_its_result(
    client: TestClient, api: Any, game: str
) -> None:
    created = api.start(game)
    done = finish(api, created, created["token"])
    url = f"/api/tables/{created['table']['id']}/record"
    response = client.get(url, headers=auth(created["token"]))
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["format"] == "cardavia-record/1" and record["game"] == game
    seed = done["deal"]["seed"]
    assert record["meta"]["seed"] == seed and seed is not None
    assert record["meta"]["players"][0] == "you"
    result = replay(parse_record(response.content))
    assert result.to_json() == done["deal"]["result"]


# -- errors everywhere ---------------------------------------------------------------------


def test_unknown_api_paths_answer_in_json(client: TestClient) -> None:
    assert_error(client.get("/api/nothing-here"), 404)
    assert_error(client.get("/api/games/AAAAAAAAAAAAAAAA"), 404)  # the old bots' API is gone
    assert_error(client.delete("/api/tables"), 405)


def test_the_schema_documents_every_endpoint(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert set(paths) == {
        "/api/deals/{game_id}/ai-seat",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/review",
        "/api/tables/{table_id}/seats",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/hint",
        "/api/tables/{table_id}/record",
    }
    bodies = schema["components"]["schemas"]
    seats = bodies["NewSisepaiTable"]["properties"]["seats"]["items"]["enum"]
    assert seats == ["person", "easy", "basic", "strong"]
    assert bodies["NewSisepaiTable"]["properties"]["start"]["type"] == "boolean"
    hint = paths["/api/tables/{table_id}/hint"]["post"]
    assert {"200", "403", "404", "409", "422"} <= set(hint["responses"])
    errors = paths["/api/tables/{table_id}/actions"]["post"]["responses"]
    assert {"200", "403", "404", "409", "422"} <= set(errors)
    assert errors["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    # Every error the API can give is documented as what it really sends.
    assert "HTTPValidationError" not in json.dumps(schema)


def test_a_hint_is_one_of_the_legal_actions_with_its_reason_in_the_pages_language(
    api: Any,
) -> None:
    for game in ("sisepai", "chuopai"):
        frame = api.start(game, seed=11)
        token = frame["token"]
        answer = api.hint(frame, token, lang="nl")
        assert answer["action"] in frame["deal"]["options"]
        assert answer["reason"]["kind"] and answer["text"].endswith(".")
        assert answer["hints"] == 1
        assert api.hint(frame, token, lang="nl") == answer, "the same view, the same hint"
        english = api.hint(frame, token)
        assert english["text"] != answer["text"] and english["action"] == answer["action"]


def test_hints_are_counted_once_per_decision_and_kept_with_the_deal(
    client: TestClient, api: Any
) -> None:
    frame = api.start("sisepai", seed=12)
    token = frame["token"]
    assert api.hint(frame, token)["hints"] == 1
    assert api.hint(frame, token)["hints"] == 1, "the same decision again"
    moved = api.act(frame, token, frame["deal"]["options"][0])
    ongoing = moved["deal"]["result"] is None
    if ongoing:
        assert api.hint(moved, token)["hints"] == 2
    # Another process (no cache) reads the count from the store: the end shows it.
    services_of(client.app).deals._cache.clear()
    done = finish(api, moved, token)
    assert done["deal"]["hints"] == (2 if ongoing else 1)


def test_a_hint_is_only_for_the_persons_own_current_decision(client: TestClient, api: Any) -> None:
    frame = api.start("chuopai", seed=13)
    token = frame["token"]
    client.cookies.clear()
    url = f"/api/tables/{frame['table']['id']}/hint"
    key = frame["deal"]["key"]
    assert client.post(url, json={"step": key}).status_code == 403
    wrong = {"Authorization": "Bearer " + "x" * 32}
    assert client.post(url, json={"step": key}, headers=wrong).status_code == 403
    stale = client.post(url, json={"step": key + 1}, headers=bearer(token))
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    bad = client.post(url, json={"step": "now"}, headers=bearer(token))
    assert bad.status_code == 422
    frame = finish(api, frame, token)
    assert frame["deal"]["hints"] == 0, "refused requests count nothing"
    over = client.post(url, json={"step": frame["deal"]["key"]}, headers=bearer(token))
    assert over.status_code == 409 and "no deal is being played" in over.json()["error"]


def test_the_review_is_computed_in_the_background_and_kept_with_the_deal(
    client: TestClient, api: Any
) -> None:
    frame = api.start("chuopai", seed=14)
    token = frame["token"]
    client.cookies.clear()
    url = f"/api/tables/{frame['table']['id']}/review"
    early = client.get(url, headers=bearer(token))
    assert early.status_code == 409 and "over" in early.json()["error"]
    played = 0
    while frame["deal"]["result"] is None:
        frame = api.act(frame, token, frame["deal"]["options"][-1])
        played += 1
    first = client.get(url, headers=bearer(token)).json()
    assert first["status"] in ("running", "ready")
    for _ in range(600):
        found = client.get(url + "?lang=it", headers=bearer(token)).json()
        if found["status"] == "ready":
            break
        assert 0 <= found["done"] <= found["total"]
        time.sleep(0.05)
    assert found["status"] == "ready" and found["decisions"] >= 1
    gains = [finding["gain"] for finding in found["findings"]]
    assert gains == sorted(gains, reverse=True)
    for rank, finding in enumerate(found["findings"]):
        assert ("scene" in finding) == (rank < 3)
        assert finding["text"].endswith(".") and finding["suggested"] != finding["chosen"]
    # Another process (no cache, no review under way) finds it in the store.
    services_of(client.app).deals._cache.clear()
    again = client.get(url + "?lang=it", headers=bearer(token)).json()
    assert again == found
    assert client.get(url).status_code == 403, "the seat's own token only"
