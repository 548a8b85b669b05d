"""A running deal writes a record of decisions only (records.md §1)."""

from __future__ import annotations

import random

import pytest
from sisepai_decks import QUIET, build_deck

from cardavia.games.sisepai import GAME
from cardavia.records import Deal, parse_record, replay


def test_records_never_list_a_forced_action() -> None:
    # The dealer draws a flower: its take is forced and must not be written.
    deal = Deal(GAME, build_deck(QUIET, "F5 rH"), 0)
    assert deal.state.phase == "discard"  # the forced take already happened
    assert [str(card) for group in deal.state.exposed[0] for card in group] == ["F5"]
    deal.act("discard rA")
    assert [text for _, text in deal.record().actions] == ["discard rA"]
    assert all(not text.startswith("take F") for _, text in deal.record().actions)


def test_every_recorded_entry_was_a_choice_and_the_record_replays() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        deal = Deal(GAME, *GAME.shuffle(rng))
        while not deal.over:
            legal = deal.state.legal_actions()
            assert len(legal) >= 2  # a Deal only ever waits on a real choice
            deal.act(rng.choice(legal))
        assert replay(parse_record(deal.record().dumps())).state == deal.state


def test_a_refused_action_changes_nothing_in_the_deal() -> None:
    deal = Deal(GAME, build_deck([], "yS"), 0)
    before = (deal.state, list(deal.decisions))
    with pytest.raises(ValueError, match="no discard is due"):
        deal.act("discard rA")
    assert (deal.state, deal.decisions) == before
