"""Sì Sè Pái passes the shared conformance suite (cardavia.testing.conformance)."""

from __future__ import annotations

import pytest

from cardavia.games.sisepai import GAME
from cardavia.testing.conformance import check_deals


@pytest.mark.parametrize("batch", range(4))
def test_seeded_random_playouts_keep_every_invariant(batch: int) -> None:
    # 4 batches x 60 deals, every invariant at every step (forced ones included);
    # views and refusals at every 7th decision and at the end.
    stats = check_deals(GAME, range(1000 * batch, 1000 * batch + 60))
    assert stats.deals == 60
    assert stats.decisions > 60 * 20


@pytest.mark.slow
def test_thousands_of_light_playouts_keep_cards_and_legality() -> None:
    # The light pass: conservation, legality and record replay at every decision
    # point of 2,000 more deals; views and refusals every 25th decision.
    stats = check_deals(GAME, range(10_000, 12_000), views_every=25, thorough=False)
    assert stats.deals == 2000
    assert stats.finished_with_winner > 0 and stats.drawn > 0
