"""Helpers for tests that talk to real server processes over loopback.

:class:`Http` is one keep-alive HTTP/1.1 connection speaking the JSON API (one per
thread: ``http.client`` connections are not thread-safe); a deal against the AIs is a
table dealt at once, read back as a state (:mod:`table_api`). The server processes come
from :mod:`cardavia.testing.servers`, the same ones the load benchmark drives.
"""

from __future__ import annotations

import http.client
import json
import threading
from typing import Any

from table_api import act_body, new_deal_body, state_of_frame


class Http:
    """One connection to ``127.0.0.1:port``; reconnects after a dropped connection."""

    def __init__(self, port: int, timeout: float = 30.0) -> None:
        self.port = port
        self.timeout = timeout
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """Send one request; its status and JSON body (``None`` when empty)."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = None if body is None else json.dumps(body)
        try:
            self.connection.request(method, path, body=payload, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            # The next call starts afresh (the server may have been restarted).
            self.close()
            self.connection = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=self.timeout
            )
            raise
        return response.status, json.loads(data) if data else None

    def start(self, game: str, seed: int) -> dict[str, Any]:
        """A new deal against the AIs: a table dealt at once (asserting 201), as a
        state (:func:`table_api.state_of_frame`) with its ``token``."""
        status, frame = self.call("POST", "/api/tables", new_deal_body(game, seed))
        assert status == 201, frame
        return state_of_frame(frame)

    def get(self, state: dict[str, Any], token: str) -> dict[str, Any]:
        """The deal of ``state``'s table as it is now (asserting 200)."""
        status, frame = self.call("GET", f"/api/tables/{state['table']}", token=token)
        assert status == 200, frame
        return state_of_frame(frame)

    def act(self, state: dict[str, Any], token: str, action: str) -> tuple[int, Any]:
        """Play ``action`` at ``state``'s decision; the status and the state after it
        (an error's body as it is)."""
        path = f"/api/tables/{state['table']}/actions"
        status, body = self.call("POST", path, act_body(state, action), token)
        return status, state_of_frame(body) if status == 200 else body

    def record(self, state: dict[str, Any], token: str) -> tuple[int, Any]:
        """The record of ``state``'s deal: the status and the body."""
        return self.call("GET", f"/api/tables/{state['table']}/record", token=token)

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def without_id(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what differs between two servers playing the same deal."""
    return {key: value for key, value in state.items() if key not in ("id", "table", "token")}


def race(clients: list[Http], state: dict[str, Any], token: str, actions: list[str]) -> list[Any]:
    """Send ``actions[i]`` at ``state``'s step through ``clients[i]``, all at the same
    moment (a barrier releases the threads together); the ``(status, body)`` answers."""
    barrier = threading.Barrier(len(clients))
    answers: list[Any] = [None] * len(clients)

    def send(index: int) -> None:
        barrier.wait()
        answers[index] = clients[index].act(state, token, actions[index])

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers
