"""The game object: deck, notation, dealing, the starting bonus and chance (chuopai.md §2–3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.cards.dominoes import DOMINOES, FULL_DECK, Domino, parse_cards
from cardavia.core.errors import CardaviaError, NotationError
from cardavia.core.game import Event, Game, Outcome, State
from cardavia.games.chuopai import GAME, Action
from cardavia.games.chuopai.events import Bonus
from cardavia.games.chuopai.outcome import ChuoPaiOutcome
from cardavia.games.registry import get_game


def deck_with(*hands: str) -> tuple[Domino, ...]:
    """A deck whose seats hold at least the given cards, filled up in canonical order."""
    wanted = [list(parse_cards(hand)) for hand in hands]
    rest = Counter(FULL_DECK) - Counter(card for hand in wanted for card in hand)
    filler = sorted(rest.elements())
    deck: list[Domino] = []
    for hand in wanted:
        need = 28 - len(hand)
        deck += hand + filler[:need]
        filler = filler[need:]
    return tuple(deck)


def test_the_game_object_describes_chuo_pai() -> None:
    assert (GAME.name, GAME.players, GAME.first_key) == ("chuopai", 3, "leader")
    assert GAME.deck_description == "each of the 21 Chuo Pai codes exactly 4 times (84 cards)"
    assert get_game("chuopai") is GAME


def test_the_game_and_its_states_meet_the_shared_protocols() -> None:
    # Checked by mypy (a wrong signature fails the type check of this file) and at run time.
    game: Game = GAME
    state: State = game.deal(game.full_deck(), 0)
    event: Event = Bonus(0, ())
    outcome: Outcome = ChuoPaiOutcome((1, 0, 0))
    assert state.to_act == 0 and event.seats is None and outcome.winners == (0,)


def test_the_full_deck_is_84_cards_in_canonical_order() -> None:
    deck = GAME.full_deck()
    assert len(deck) == 84 and list(deck) == sorted(deck)
    assert Counter(deck) == Counter({card: 4 for card in DOMINOES})


def test_cards_and_actions_parse_through_the_game() -> None:
    assert GAME.parse_card("36") is Domino.BLACK_NINE
    assert GAME.parse_action("play 66 45") == Action.parse("play 45 66")
    with pytest.raises(NotationError, match="'63' is not a Chuo Pai card"):
        GAME.parse_card("63")


def test_seat_s_is_dealt_deck_28s_to_28s_plus_28_and_first_leads() -> None:
    deck, _ = GAME.shuffle(random.Random(7))
    # Keep every 12 with seat 0 and every 24 with seat 1, so that nobody scores a bonus.
    deck = deck_with("12 12 12 12", "24 24 24 24", "")
    state = GAME.deal(deck, 2)
    for seat in range(3):
        assert state.concealed_hand(seat) == tuple(sorted(deck[28 * seat : 28 * seat + 28]))
    assert state.to_act == 2 and state.leader == 2 and state.step == 0
    assert state.scores == (0, 0, 0)


def test_chuopai_D3_a_hand_with_a_12_and_a_24_scores_all_of_them_at_the_deal() -> None:
    deck = deck_with("12 12 12 24", "24 24 24", "12")
    state, events = GAME.deal_with_events(deck, 0)
    assert state.pile(0) == parse_cards("12 12 12 24")
    assert Domino.DING_DING not in state.concealed_hand(
        0
    ) and Domino.TWO_REDS not in state.concealed_hand(0)
    assert state.hand_sizes == (24, 28, 28)
    assert state.scores == (4, 0, 0)
    assert events == (Bonus(0, parse_cards("12 12 12 24")),)


def test_chuopai_D3_one_kind_alone_gives_nothing() -> None:
    state, events = GAME.deal_with_events(deck_with("12 12 12 12", "24 24", "24 24"), 1)
    assert state.scores == (0, 0, 0) and events == ()
    assert state.concealed_hand(0).count(Domino.DING_DING) == 4


def test_chuopai_D3_the_bonus_is_checked_for_every_player() -> None:
    state, events = GAME.deal_with_events(deck_with("12 24 24", "12 12 24", "12 24"), 0)
    assert state.scores == (3, 3, 2)
    assert [event.seat for event in events] == [0, 1, 2]
    assert state.view(2).bonus == (
        parse_cards("12 24 24"),
        parse_cards("12 12 24"),
        parse_cards("12 24"),
    )


def test_chuopai_D3_the_bonus_is_scored_once_before_the_first_lead() -> None:
    deck = deck_with("12 24", "12 12 12", "24 24 24")
    state = GAME.deal(deck, 1)
    assert state.step == 0 and state.to_act == 1 and state.scores == (2, 0, 0)
    # It stays in the pile all deal long and is never scored again.
    rng = random.Random(3)
    while state.to_act is not None:
        state, _ = state.apply(rng.choice(state.legal_actions()))
        assert Counter(parse_cards("12 24")) <= Counter(state.pile(0))
        assert state.view(0).bonus[0] == parse_cards("12 24")
    outcome = state.outcome
    assert outcome is not None and outcome.scores[0] >= 2


@pytest.mark.parametrize(
    "deck",
    [
        FULL_DECK[:-1],
        (*FULL_DECK, Domino.HEAVEN),
        (*FULL_DECK[:-1], Domino.EARTH),
        (Domino.EARTH,) * 84,
        # 20 copies of 11 would carry into the next field of a packed count: still refused.
        (Domino.EARTH,) * 20 + FULL_DECK[4:68],
    ],
)
def test_deal_refuses_a_deck_that_is_not_the_84_cards(deck: tuple[Domino, ...]) -> None:
    with pytest.raises(CardaviaError, match="deck must hold each of the 21 Chuo Pai codes"):
        GAME.deal(deck, 0)


@pytest.mark.parametrize(
    "deck",
    [(*FULL_DECK[:-1], -1), (*FULL_DECK[:-1], 21), tuple(str(card) for card in FULL_DECK)],
)
def test_deal_refuses_things_that_are_not_cards(deck: tuple[object, ...]) -> None:
    with pytest.raises(CardaviaError, match="deck must hold"):
        GAME.deal(deck, 0)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(DOMINOES), min_size=84, max_size=84))
def test_deal_accepts_exactly_the_decks_that_hold_every_card_once(deck: list[Domino]) -> None:
    if Counter(deck) == Counter(FULL_DECK):
        assert GAME.deal(deck, 0).step == 0
    else:
        with pytest.raises(CardaviaError):
            GAME.deal(deck, 0)


@pytest.mark.parametrize("first", [-1, 3, True, 1.0])
def test_deal_refuses_a_leader_that_is_not_a_seat(first: object) -> None:
    with pytest.raises(CardaviaError, match="leader must be a seat from 0 to 2"):
        GAME.deal(FULL_DECK, first)  # type: ignore[arg-type]


def test_shuffle_draws_from_the_callers_rng_only() -> None:
    random.seed(1)
    one = GAME.shuffle(random.Random(42))
    random.seed(2)
    random.random()
    two = GAME.shuffle(random.Random(42))
    assert one == two
    deck, first = one
    assert sorted(deck) == list(FULL_DECK) and first in (0, 1, 2)
    assert GAME.shuffle(random.Random(43)) != one
    firsts = {GAME.shuffle(random.Random(seed))[1] for seed in range(30)}
    assert firsts == {0, 1, 2}
