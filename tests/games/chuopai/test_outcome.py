"""The result of a deal (chuopai.md §7, records.md §2)."""

from __future__ import annotations

import json

from cardavia.games.chuopai.outcome import ChuoPaiOutcome


def test_the_highest_score_wins() -> None:
    outcome = ChuoPaiOutcome((20, 9, 31))
    assert outcome.winners == (2,) and not outcome.is_draw
    assert outcome.to_json() == {"result": "win", "winners": [2], "scores": [20, 9, 31]}


def test_chuopai_D2_every_seat_tied_at_the_top_wins_jointly() -> None:
    outcome = ChuoPaiOutcome((30, 10, 30))
    assert outcome.winners == (0, 2) and outcome.is_draw
    assert outcome.to_json() == {"result": "tie", "winners": [0, 2], "scores": [30, 10, 30]}


def test_chuopai_D2_a_three_way_tie() -> None:
    outcome = ChuoPaiOutcome((8, 8, 8))
    assert outcome.winners == (0, 1, 2) and outcome.is_draw


def test_the_json_is_exactly_the_replay_line_keys() -> None:
    line = json.dumps(ChuoPaiOutcome((17, 21, 22)).to_json())
    assert line == '{"result": "win", "winners": [2], "scores": [17, 21, 22]}'
