"""Helpers for tests that talk to real server processes over loopback.

:class:`Http` is one keep-alive HTTP/1.1 connection speaking the JSON API (one per
thread: ``http.client`` connections are not thread-safe). The server processes come
from :mod:`cardavia.testing.servers`, the same ones the load benchmark drives.
"""

from __future__ import annotations

import http.client
import json
import threading
from typing import Any


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
        """A new deal (asserting 201)."""
        status, state = self.call("POST", "/api/games", {"game": game, "seed": seed})
        assert status == 201, state
        created: dict[str, Any] = state
        return created

    def get(self, game_id: str, token: str) -> dict[str, Any]:
        """A deal's state (asserting 200)."""
        status, state = self.call("GET", f"/api/games/{game_id}", token=token)
        assert status == 200, state
        found: dict[str, Any] = state
        return found

    def act(self, state: dict[str, Any], token: str, action: str) -> tuple[int, Any]:
        """Play ``action`` at ``state``'s step; the status and body, whatever they are."""
        body = {"action": action, "step": state["step"]}
        return self.call("POST", f"/api/games/{state['id']}/actions", body, token)

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def without_id(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what differs between two servers playing the same deal."""
    return {key: value for key, value in state.items() if key not in ("id", "token")}


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
