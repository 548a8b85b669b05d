"""Fuzz the JSON API from its own OpenAPI schema (schemathesis).

Schemathesis generates requests from ``/openapi.json``: valid ones and, in its negative
mode, bodies and parameters that break the schema. Every answer must be a non-5xx that
matches the schema (status code, content type, body). Half of the generated calls are
pointed at real deals with their real tokens, so the fuzzer also reaches the checks
behind authentication (steps, notation, the record of a running deal).

Bounded: a fixed number of examples per operation, derandomized, about a minute.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from table_api import new_deal_body

from cardavia.store import sqlite_url
from cardavia.web.app import create_app
from cardavia.web.dependencies import services_of
from cardavia.web.infra.settings import Settings
from cardavia.web.services.tables.frames import decision_key, waiting_on

from .conftest import random_players

EXAMPLES = 250
"""Generated requests per operation: well under a minute for the four operations."""

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


FOLDER = Path(tempfile.gettempdir()) / f"cardavia-fuzz-{os.getpid()}"
"""The fuzzed app's store; nothing is created until the first request (at test time)."""
APP = create_app(
    Settings(
        database_url=sqlite_url(FOLDER / "fuzz.sqlite3"),
        data_dir=FOLDER,
        new_games_per_minute=0,  # every generated request comes from one client
    ),
    players=random_players,
)
# The schema is the app's own, read without a request (no lifespan at collection time).
schema = schemathesis.openapi.from_dict(APP.openapi())
schema.app = APP

REAL_DEALS: list[tuple[str, str]] = []
"""``(table id, token)`` of real tables in the fuzzed app's store, each a deal against
the AIs."""


@pytest.fixture(scope="module", autouse=True)
def real_deals() -> Iterator[None]:
    """A few running deals and a finished one in the store, for the fuzzer to aim at."""
    with TestClient(APP) as client:
        for game in ("sisepai", "chuopai", "sisepai", "chuopai"):
            created = client.post("/api/tables", json=new_deal_body(game)).json()
            REAL_DEALS.append((created["table"]["id"], created["token"]))
        created = client.post("/api/tables", json=new_deal_body("chuopai", 9)).json()
        table, headers = created["table"]["id"], {"Authorization": f"Bearer {created['token']}"}
        deal = created["deal"]
        while deal["result"] is None:
            body = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
            answer = client.post(f"/api/tables/{table}/actions", json=body, headers=headers)
            deal = answer.json()["deal"]
        REAL_DEALS.append((table, created["token"]))
        client.cookies.clear()
    yield
    shutil.rmtree(FOLDER, ignore_errors=True)


def aim_at_a_real_deal(case: Any) -> None:
    """Point about half of the calls about a table at a real one, with its real token;
    of the actions sent there, some carry the deal's current decision key and one of the
    seat's options, so deals really move on while everything around them is fuzzed."""
    table_id = case.path_parameters.get("table_id") if case.path_parameters else None
    if table_id is None or len(table_id) % 2:
        return
    real_id, token = REAL_DEALS[len(table_id) % len(REAL_DEALS)]
    case.path_parameters["table_id"] = real_id
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    body = case.body if isinstance(case.body, dict) else None
    if case.path.endswith("/actions") and body is not None and body.get("type") == "act":
        moment = services_of(APP).tables.read(real_id)
        if moment.live is None or moment.live.over:
            return
        body["key"] = decision_key(moment.live)
        options = waiting_on(moment).get(0, ())
        if options and len(table_id) % 3 == 0:
            body["action"] = options[len(table_id) % len(options)]


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_every_request_within_its_schema(case: Any) -> None:
    aim_at_a_real_deal(case)
    case.call_and_validate(checks=CHECKS)
