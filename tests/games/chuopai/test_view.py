"""Per-seat views: own hand and the public table, never another hand."""

from __future__ import annotations

import random

from cardavia.cards.dominoes import parse_cards
from cardavia.games.chuopai import GAME, Action, ChuoPaiState

A = Action.parse


def start(h0: str, h1: str, h2: str, leader: int = 0) -> ChuoPaiState:
    return ChuoPaiState.start([parse_cards(h0), parse_cards(h1), parse_cards(h2)], leader)


def test_a_view_shows_the_own_hand_and_the_public_table() -> None:
    state = start("23 55 66", "25 46", "33 36")
    state, _ = state.apply(A("play 23"))
    state, _ = state.apply(A("play 25"))
    view = state.view(2)
    assert view.seat == 2 and view.hand == parse_cards("33 36")
    assert view.hand_sizes == (2, 1, 2)
    assert view.round_plays == ((0, A("play 23")), (1, A("play 25")))
    assert view.top == (1, A("play 25"))
    assert view.leader == 0 and view.to_act == 2 and view.step == 2
    assert view.outcome is None


def test_after_a_round_the_view_shows_piles_and_the_cards_that_left() -> None:
    state = start("23 55 66", "25 46", "26 33")
    for text in ("play 23", "play 25", "play 26"):
        state, _ = state.apply(A(text))
    view = state.view(0)
    assert view.piles == ((), (), parse_cards("26"))
    assert view.scores == (0, 0, 1)
    assert view.gone == parse_cards("23 25")
    assert view.round_plays == () and view.top is None
    assert view.leader == 2 and view.to_act == 2


def test_a_view_never_depends_on_another_hand() -> None:
    a = start("66 45 13", "22 22 33 55", "11 14 24 25 35")
    b = start("66 45 13", "11 14 24 25", "22 22 33 55 35")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1) and a.view(2) != b.view(2)


def test_views_survive_reshuffling_of_unseen_cards_all_deal_long() -> None:
    rng = random.Random(11)
    deck, first = GAME.shuffle(rng)
    state = GAME.deal(deck, first)
    while state.to_act is not None:
        for seat in range(3):
            assert state.view(seat) == state.shuffle_unseen(seat, rng).view(seat)
        state, _ = state.apply(rng.choice(state.legal_actions()))
    final = state.view(0)
    assert final.outcome == state.outcome and final.to_act is None


def test_the_view_history_starts_with_the_bonus_and_follows_every_play() -> None:
    import random

    from cardavia.games.chuopai import GAME
    from cardavia.games.chuopai.events import Bonus, Lead

    for seed in range(60):
        deck, leader = GAME.shuffle(random.Random(seed))
        state, bonuses = GAME.deal_with_events(deck, leader)
        if bonuses:
            break
    assert state.view(0).history == bonuses and all(isinstance(b, Bonus) for b in bonuses)
    after, events = state.apply(state.legal_actions()[0])
    assert after.view(2).history == (*bonuses, *events)
    assert isinstance(events[0], Lead)
    assert after.view(1).to_json()["history"][-1]["type"] == "lead"
