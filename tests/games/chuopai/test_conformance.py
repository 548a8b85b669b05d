"""Chuo Pai passes the shared conformance suite (cardavia.testing.conformance)."""

from __future__ import annotations

import pytest

from cardavia.games.chuopai import GAME
from cardavia.testing.conformance import check_deals


@pytest.mark.parametrize("batch", range(4))
def test_seeded_random_playouts_keep_every_invariant(batch: int) -> None:
    # 4 batches x 150 deals, every invariant at every decision; views and refusals
    # are checked at every 7th decision and at the end.
    stats = check_deals(GAME, range(1000 * batch, 1000 * batch + 150))
    assert stats.deals == 150
    assert stats.decisions > 150 * 20


@pytest.mark.slow
def test_thousands_of_light_playouts_keep_cards_and_legality() -> None:
    # The light pass: conservation, legality, forced actions and records at every
    # decision of 1,500 more deals. About one deal in five ends in a tie [D2].
    stats = check_deals(GAME, range(10_000, 11_500), views_every=10**9)
    assert stats.deals == 1500
    assert stats.finished_with_winner > 1000 and stats.drawn > 100
