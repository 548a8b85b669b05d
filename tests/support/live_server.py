"""Helpers for tests that talk to real server processes over loopback.

:class:`Http` is one keep-alive HTTP/1.1 connection speaking the JSON API (one per
thread: ``http.client`` connections are not thread-safe); a deal against the AIs is a
table dealt at once, and every answer is the seat's frame (:mod:`table_api`). The
server processes come from :mod:`cardavia.testing.servers`, the same ones the load
benchmark drives.
"""

from __future__ import annotations

import http.client
import json
import threading
from typing import Any

from table_api import act_body, new_deal_body


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
        """A new deal against the AIs: a table dealt at once (asserting 201), its first
        frame with the seat's ``token``."""
        status, frame = self.call("POST", "/api/tables", new_deal_body(game, seed))
        assert status == 201, frame
        return dict(frame)

    def get(self, frame: dict[str, Any], token: str) -> dict[str, Any]:
        """The frame of ``frame``'s table as it is now (asserting 200)."""
        status, now = self.call("GET", f"/api/tables/{frame['table']['id']}", token=token)
        assert status == 200, now
        return dict(now)

    def act(self, frame: dict[str, Any], token: str, action: str) -> tuple[int, Any]:
        """Play ``action`` at the decision ``frame`` shows; the status and the answer
        (the frame after it, or an error's body)."""
        path = f"/api/tables/{frame['table']['id']}/actions"
        return self.call("POST", path, act_body(frame, action), token)

    def record(self, frame: dict[str, Any], token: str) -> tuple[int, Any]:
        """The record of ``frame``'s deal: the status and the body."""
        return self.call("GET", f"/api/tables/{frame['table']['id']}/record", token=token)

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def without_id(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame``'s deal without what differs between two servers playing the same deal
    (its id; the table's id and the seat's token are outside it)."""
    return {key: value for key, value in frame["deal"].items() if key != "id"}


def race(clients: list[Http], frame: dict[str, Any], token: str, actions: list[str]) -> list[Any]:
    """Send ``actions[i]`` at ``frame``'s decision through ``clients[i]``, all at the same
    moment (a barrier releases the threads together); the ``(status, body)`` answers."""
    barrier = threading.Barrier(len(clients))
    answers: list[Any] = [None] * len(clients)

    def send(index: int) -> None:
        barrier.wait()
        answers[index] = clients[index].act(frame, token, actions[index])

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers
