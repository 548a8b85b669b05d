"""The Sì Sè Pái ``basic`` player."""

from __future__ import annotations

import random

from sisepai_decks import QUIET, build_deck

from cardavia.ai.sisepai.basic import BasicPlayer
from cardavia.ai.sisepai.evaluate import expected_wait
from cardavia.arena.runner import run_arena
from cardavia.cards.four_colour import Card, parse_cards
from cardavia.games.sisepai import GAME, Action
from cardavia.games.sisepai.melds import pack

A = Action.parse


def test_a_ready_hand_is_worth_more_than_one_that_needs_a_take() -> None:
    unseen = [3] * 28 + [1] * 5
    ready = pack(parse_cards("rG rA rE yC yC wA"))  # waits on wA
    not_ready = pack(parse_cards("rG rA rE yC yC wA gR"))
    assert expected_wait(ready, unseen, 90) < expected_wait(not_ready, unseen, 90)


SHEDDER = "wS wS rG rA rE rR rH rC yC yC yC wG wA wE gC gC F5 gA gR yH"
"""Groups, a pair of wS, and three lone cards: gA, gR and yH."""


def test_it_wins_when_it_may() -> None:
    winner = "rG rA rE yG yA yE wG wA wE gG gA gE rR rH rC yR yH yC wS wS"
    state = GAME.deal(build_deck([winner, QUIET[1], QUIET[2], QUIET[3]], "wS"), 0)
    legal = state.legal_actions()
    assert legal == (A("pass"), A("win"))
    assert BasicPlayer().choose(state.view(0), legal, random.Random(0)) == A("win")


def test_it_takes_a_triple_that_lets_it_shed_a_lone_card_then_sheds_one() -> None:
    state = GAME.deal(build_deck([QUIET[0], QUIET[1], SHEDDER, QUIET[3]], "wS"), 1)
    state, _, _ = state.play_forced()
    assert state.to_act == 2
    legal = state.legal_actions()
    assert legal == (A("pass"), A("take wS wS wS"))
    player = BasicPlayer()
    assert player.choose(state.view(2), legal, random.Random(0)) == A("take wS wS wS")
    state, _ = state.apply(A("take wS wS wS"))
    state, _, _ = state.play_forced()
    assert state.phase == "discard" and state.to_act == 2
    chosen = player.choose(state.view(2), state.legal_actions(), random.Random(0))
    assert chosen.cards[0] in (Card.gA, Card.gR, Card.yH)


def test_basic_beats_random_by_far_on_fixed_decks() -> None:
    result = run_arena("sisepai", ("basic", "random", "random", "random"), 8, seed=4)
    basic, rand = result.players()
    assert basic.win_rate >= 0.4
    assert basic.win_rate >= 5 * rand.win_rate
