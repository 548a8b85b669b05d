"""Typed events: what a round shows the table."""

from __future__ import annotations

from cardavia.cards.dominoes import parse_cards
from cardavia.games.chuopai import Action, ChuoPaiState
from cardavia.games.chuopai.events import Beat, Bonus, ChuoPaiEvent, DealOver, Lead, Pass, RoundWon
from cardavia.games.chuopai.outcome import ChuoPaiOutcome

A = Action.parse


def test_a_round_reports_lead_beat_pass_and_its_winner() -> None:
    state = ChuoPaiState.start([parse_cards("23 55"), parse_cards("25 46"), parse_cards("33")], 0)
    events: list[ChuoPaiEvent] = []
    for text in ("play 23", "play 25", "pass"):
        state, caused = state.apply(A(text))
        events += caused
    assert events == [
        Lead(0, A("play 23")),
        Beat(1, A("play 25")),
        Pass(2),
        RoundWon(1, A("play 25"), 1),
    ]
    assert all(event.seats is None for event in events)


def test_events_as_json() -> None:
    assert Bonus(1, parse_cards("12 24")).to_json() == {
        "type": "bonus",
        "seat": 1,
        "cards": ["12", "24"],
    }
    assert Lead(0, A("play 36")).to_json() == {"type": "lead", "seat": 0, "action": "play 36"}
    assert Beat(2, A("play 44 44")).to_json() == {
        "type": "beat",
        "seat": 2,
        "action": "play 44 44",
    }
    assert Pass(2).to_json() == {"type": "pass", "seat": 2}
    assert RoundWon(1, A("play 66 45"), None).to_json() == {
        "type": "round_won",
        "seat": 1,
        "action": "play 45 66",
        "next_leader": None,
    }
    assert DealOver(ChuoPaiOutcome((1, 2, 2))).to_json() == {
        "type": "deal_over",
        "result": "tie",
        "winners": [1, 2],
        "scores": [1, 2, 2],
    }


def test_every_event_is_public() -> None:
    events = [
        Bonus(0, parse_cards("12 24")),
        Lead(0, A("play 11")),
        Beat(1, A("play 66")),
        Pass(2),
        RoundWon(1, A("play 66"), 1),
        DealOver(ChuoPaiOutcome((0, 1, 0))),
    ]
    assert [event.seats for event in events] == [None] * 6
