"""A deal started with the *Start game* form, played through the tables' API: every deal
is a table (issue 24), the person's seat cookie is the key."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cardavia.testing.servers import deal_alone_body


def started(client: TestClient, game: str, form: dict[str, str]) -> tuple[str, str]:
    """Start a deal with the page's form: its table's id and its deal's id."""
    response = client.post(f"/games/{game}/start", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    location = str(response.headers["location"])
    assert location.startswith("/tables/"), location
    table_id = location.rsplit("/", 1)[-1]
    frame = client.get(f"/api/tables/{table_id}").json()
    return table_id, str(frame["deal"]["id"])


def play_to_the_end(client: TestClient, table_id: str, choose: Any = None) -> dict[str, Any]:
    """Play the table's deal to its end (``choose``: the options to an action; the
    first option by default); its last frame's deal."""
    frame: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    for _ in range(2000):
        deal = frame["deal"]
        if deal["result"] is not None:
            return dict(deal)
        assert deal["options"], "a table of one person waits only for that person"
        action = choose(deal["options"]) if choose else deal["options"][0]
        body = {"type": "act", "action": action, "key": deal["key"]}
        response = client.post(f"/api/tables/{table_id}/actions", json=body)
        assert response.status_code == 200, response.text
        frame = response.json()
    raise AssertionError("the deal did not end")


# -- a deal against the AIs through the API alone (a bot's way) -------------------------------


def new_deal_body(game: str, seed: int | None = None, ai: str = "basic") -> dict[str, Any]:
    """The body of ``POST /api/tables`` that deals a table of one person (``you``, as
    the start form's person is in a record) against AIs of ``ai`` at once."""
    return dict(deal_alone_body(game, ai, seed, name="you"))


def act_body(frame: dict[str, Any], action: str) -> dict[str, Any]:
    """The command playing ``action`` at the decision ``frame`` shows (its deal's ``key``)."""
    return {"type": "act", "action": action, "key": frame["deal"]["key"]}


def without_token(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` as reading the table again gives it: without what only the call that
    made or joined the table answers (the seat's ``token``, the ``invite``)."""
    return {key: value for key, value in frame.items() if key not in ("token", "invite")}
