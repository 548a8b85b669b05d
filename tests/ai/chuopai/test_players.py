"""Chuo Pai players: the counting policy, the pass evidence, the worlds."""

from __future__ import annotations

import random

from cardavia.ai.chuopai.policy import beat, is_safe, lead
from cardavia.ai.chuopai.worlds import (
    broken,
    pass_statements,
    play_statements,
    sample_worlds,
    surprises,
)
from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.arena.runner import run_arena
from cardavia.cards.dominoes import Domino
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.plays import PLAY_BY_CARDS
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal


def play_of(*codes: str) -> int:
    return PLAY_BY_CARDS[tuple(sorted(Domino.parse(code) for code in codes))].index


def cards(*codes: str) -> int:
    return vec.pack(Domino.parse(code) for code in codes)


def test_safe_means_no_unseen_play_beats_it() -> None:
    assert is_safe(play_of("66"), cards("11", "44", "13"))
    assert not is_safe(play_of("11"), cards("66"))
    assert is_safe(play_of("44", "44"), cards("66", "11"))  # singles cannot beat a pair


def test_it_leads_its_biggest_safe_play_else_its_weakest_single() -> None:
    unseen = cards("11", "11", "13", "23")
    assert lead(cards("66", "66", "22", "12"), unseen) == play_of("66", "66")
    weak = lead(cards("22", "33", "55"), cards("66", "11", "44", "66"))
    assert weak == play_of("22")


def test_it_beats_with_the_lowest_play_that_holds() -> None:
    hand = cards("33", "13", "66")
    top = play_of("22")
    assert beat(hand, top, cards("44"), last=True) == play_of("33")
    assert beat(hand, top, cards("44"), last=False) == play_of("66")


def test_worlds_respect_every_pass() -> None:
    game = get_game("chuopai")
    basic = get_player("chuopai", "basic")
    deck, first = game.shuffle(random.Random(2))
    deal = Deal(game, deck, first)
    checked = 0
    while not deal.over and checked < 6:
        state = deal.state
        seat = state.to_act
        view = state.view(seat)
        statements = pass_statements(view)
        if statements and state.step % 3 == 0:
            truth = [vec.pack(state.view(s).hand) for s in range(3)]
            assert sum(broken(truth[s], s, statements) for s in range(3)) == 0
            for hands in sample_worlds(view, 5, random.Random(state.step)):
                assert hands[seat] == truth[seat]
                assert sum(hands) == sum(truth)
                assert sum(broken(hands[s], s, statements) for s in range(3) if s != seat) == 0
            checked += 1
        deal.act(basic.choose(view, state.legal_actions(), decision_rng(0, seat, state.step)))
    assert checked >= 3


def test_the_true_hands_explain_every_play_of_basic_opponents() -> None:
    """Each lead and beat is replayed from the hand the seat held then: against basic
    opponents the real deal never surprises, and a random deal often does."""
    game = get_game("chuopai")
    basic = get_player("chuopai", "basic")
    replayed = surprised = 0
    for number in range(3):
        deck, first = game.shuffle(random.Random(number))
        deal = Deal(game, deck, first)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view = state.view(seat)
            statements = play_statements(view)
            truth = [vec.pack(state.view(s).hand) for s in range(3)]
            assert surprises(truth, statements) == 0
            assert all(statement.seat != seat for statement in statements)
            replayed += len(statements)
            if statements and state.step % 5 == 0:
                world = next(sample_worlds(view, 1, random.Random(state.step)))
                surprised += surprises(world, statements)
            deal.act(basic.choose(view, state.legal_actions(), decision_rng(0, seat, state.step)))
    assert replayed > 100
    assert surprised > 0


def test_basic_beats_random_on_fixed_decks() -> None:
    result = run_arena("chuopai", ("basic", "random", "random"), 10, seed=2)
    basic, rand = result.players()
    assert basic.win_rate >= 3 * rand.win_rate
