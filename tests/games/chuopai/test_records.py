"""Golden records, checked by hand (records/README.md).

Their replay lines are checked with every other record in tests/records/test_replay.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardavia.games.chuopai import GAME
from cardavia.records import parse_record

HERE = Path(__file__).parent
GOLDEN = HERE / "records"


@pytest.mark.parametrize("name", ["special-win.json", "bonus-tie.json", "special-ongoing.json"])
def test_golden_records_list_only_decisions(name: str) -> None:
    record = parse_record((GOLDEN / name).read_bytes())
    deck = tuple(GAME.parse_card(code) for code in record.deck)
    state, _, _ = GAME.deal(deck, record.first).play_forced()
    for seat, text in record.actions:
        assert state.to_act == seat and len(state.legal_actions()) >= 2
        state, _ = state.apply(GAME.parse_action(text))
        state, _, _ = state.play_forced()
