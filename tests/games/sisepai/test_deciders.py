"""Who may decide at once: the seat to act and, in a claim window, every later seat
still to answer (sisepai.md §6.1, [D8]): what lets a table of people answer together."""

from __future__ import annotations

import random

import pytest

from cardavia.games.sisepai import GAME, Phase, SiSePaiState
from cardavia.records import Deal
from cardavia.testing.conformance import ConformanceError, check_deciders


def _claim_windows(seed: int) -> list[SiSePaiState]:
    """Every decision point of a random deal that is a claim window."""
    rng = random.Random(seed)
    deal = Deal(GAME, *GAME.shuffle(rng))
    found = []
    while not deal.over:
        if deal.state.phase is Phase.CLAIM:
            found.append(deal.state)
        deal.act(rng.choice(deal.state.legal_actions()))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_sisepai_D8_every_seat_still_to_answer_decides_at_once(seed: int) -> None:
    # Every eligible seat answers once and answers are sealed: from the seat the engine
    # asks now to the end of the answering order, each one is a decider.
    windows = _claim_windows(seed)
    assert windows
    for state in windows:
        view = state.view(0)
        order = view.answering
        assert order
        asked = state.to_act
        assert asked is not None
        seats = [seat for seat, _ in state.deciders()]
        assert seats == list(order[order.index(asked) :])


def test_the_discard_phase_has_one_decider() -> None:
    rng = random.Random(3)
    deal = Deal(GAME, *GAME.shuffle(rng))
    while deal.state.phase is not Phase.DISCARD:
        deal.act(rng.choice(deal.state.legal_actions()))
    state = deal.state
    assert state.deciders() == ((state.to_act, state.legal_actions()),)


def test_a_decider_whose_options_would_change_is_caught() -> None:
    # The conformance check is not a formality: options announced for a later seat
    # that differ from what it gets on its turn fail it.
    state = next(s for s in _claim_windows(1) if len(s.deciders()) > 1)

    class Lying(SiSePaiState):
        def deciders(self):  # type: ignore[no-untyped-def]
            true = SiSePaiState.deciders(self)
            seat, options = true[-1]
            return (*true[:-1], (seat, options[:-1] if len(options) > 1 else ()))

    liar = Lying(*state)
    with pytest.raises(ConformanceError, match="change before its turn"):
        check_deciders(GAME, liar, "lying")
    check_deciders(GAME, state, "true")
