"""The one table from domain errors to answers (web/errors.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardavia.store import StoreUnavailableError
from cardavia.web.errors import ANSWERS, NO_TABLE, NOT_FOUND, UNAVAILABLE, api_error
from cardavia.web.services.deals import ConflictError, GameNotFoundError
from cardavia.web.services.tables.model import LookalikeNameError
from cardavia.web.services.tables.service import (
    RemovedError,
    SeatTokenError,
    TableFullError,
    TableNotFoundError,
)


@pytest.mark.parametrize(
    ("error", "status", "said"),
    [
        (GameNotFoundError("abc"), 404, NOT_FOUND),  # the id is never repeated back
        (TableNotFoundError("abc"), 404, NO_TABLE),
        (SeatTokenError("not a seat of this table"), 403, "not a seat of this table"),
        (RemovedError("the host gave your seat away"), 403, "the host gave your seat away"),
        (TableFullError("every seat is taken"), 409, "every seat is taken"),
        (ConflictError("the deal moved on"), 409, "the deal moved on"),
        (LookalikeNameError("looks like Bo"), 422, "looks like Bo"),
        (StoreUnavailableError("down"), 503, UNAVAILABLE),
    ],
)
def test_each_error_is_answered_by_its_nearest_row(
    error: Exception, status: int, said: str
) -> None:
    assert api_error(error) == (status, said)


def test_every_row_is_a_refusal_not_a_success() -> None:
    assert all(400 <= answer.status < 600 for answer in ANSWERS.values())


def test_an_unlisted_error_has_no_answer() -> None:
    with pytest.raises(LookupError):
        api_error(KeyError("x"))


def test_a_page_and_the_api_answer_an_unknown_table_each_in_its_way(client: TestClient) -> None:
    page = client.get("/tables/nosuchtable12345")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    assert "There is no table at this address." in page.text
    api = client.get("/api/tables/nosuchtable12345")
    assert (api.status_code, api.json()) == (404, {"error": NO_TABLE})
