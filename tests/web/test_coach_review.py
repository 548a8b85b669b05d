"""The review over the API says only what it can stand behind: each finding's suggestion
beats the choice by the paired test (its interval above zero), with both chances, the
interval and a reason sentence, costliest first, in the same order in every language."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.ai import verdict
from cardavia.i18n.languages import LANGUAGES

from .conftest import bearer
from .test_coach_agreement import cheap_coach

__all__ = ["cheap_coach"]


@pytest.fixture
def weighed(cheap_coach: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cheap coach, weighing in 48 worlds: enough for a few findings to stand."""
    monkeypatch.setattr(verdict, "VERDICT_WORLDS", 48)


def finished_review(client: TestClient, api: Any, seed: int) -> tuple[str, str]:
    """A Chuo Pai deal played by its last legal action each time, reviewed: its review URL
    and the deal's token, once the review is ready."""
    frame = api.start("chuopai", seed=seed)
    token = frame["token"]
    while frame["deal"]["result"] is None:
        frame = api.act(frame, token, frame["deal"]["options"][-1])
    url = f"/api/tables/{frame['table']['id']}/review"
    for _ in range(1200):
        found = client.get(url, headers=bearer(token)).json()
        if found["status"] == "ready":
            return url, token
        time.sleep(0.05)
    raise AssertionError("the review was not ready in a minute")


def test_findings_stand_out_of_the_noise_and_keep_one_order_in_every_language(
    weighed: None, client: TestClient, api: Any
) -> None:
    url, token = finished_review(client, api, seed=14)
    orders = {}
    for lang in LANGUAGES:
        found = client.get(f"{url}?lang={lang}", headers=bearer(token)).json()
        findings = found["findings"]
        assert len(findings) <= found["decisions"]
        gains = [finding["gain"] for finding in findings]
        assert gains == sorted(gains, reverse=True), f"costliest first in {lang}"
        for finding in findings:
            assert finding["suggested"] != finding["chosen"]
            assert finding["suggested_win"] > finding["chosen_win"], "no suggestion rated lower"
            assert 0 < finding["gain_low"] <= finding["gain"] <= finding["gain_high"]
            assert finding["text"].strip() and finding["reason"]["kind"], "each says why"
        orders[lang] = [(f["index"], f["gain"], f["gain_low"], f["gain_high"]) for f in findings]
    assert orders["en"], "a deal played by its last legal action has some clear mistake"
    assert all(order == orders["en"] for order in orders.values()), orders
