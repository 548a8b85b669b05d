"""The fast simulator follows the engine: its claim windows offer and grant what the
engine's claim rules do, and whole deals played both ways agree."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.rollout import RolloutPlayer, answer
from cardavia.ai.sisepai.sim import HORIZON, NOBODY, Table
from cardavia.cards.four_colour import CARDS, FULL_DECK, Card
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.actions import DISCARDABLE, PASS, WIN, Action, Verb
from cardavia.games.sisepai.claims import (
    Level,
    Role,
    answer_order,
    claim_level,
    claim_options,
    resolve,
    seat_rules,
    take_templates,
)
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.records.deal import Deal


def engine_playout(deck: tuple[int, ...], dealer: int) -> SiSePaiState:
    player = RolloutPlayer()
    deal = Deal(GAME, deck, dealer)
    while not deal.over:
        state = deal.state
        seat = state.to_act
        deal.act(player.choose(state.view(seat), state.legal_actions(), decision_rng(0, seat, 0)))
    final: SiSePaiState = deal.state
    return final


def test_simulated_deals_end_like_the_engine_deals() -> None:
    rng = random.Random(11)
    outcomes = set()
    for _ in range(60):
        deck, dealer = GAME.shuffle(rng)
        final = engine_playout(deck, dealer)
        assert final.outcome is not None
        expected = NOBODY if final.outcome.winner is None else final.outcome.winner
        hands = [pack(deck[20 * s : 20 * s + 20]) for s in range(4)]
        seen = [0] * 33
        seen[deck[80]] += 1
        table = Table(hands, deck[81:], seen)
        assert table.play(deck[80], dealer, True, None, None) == expected
        assert table.top == final.stock - 81  # the same number of cards drawn
        outcomes.add(expected)
    assert len(outcomes) >= 4  # wins by several seats (and the test can tell them apart)


def test_a_playout_stopped_at_its_horizon_goes_on_to_the_same_end() -> None:
    rng = random.Random(12)
    stopped = 0
    for _ in range(40):
        deck, dealer = GAME.shuffle(rng)
        hands = [pack(deck[20 * s : 20 * s + 20]) for s in range(4)]
        seen = [0] * 33
        seen[deck[80]] += 1
        whole = Table(hands, deck[81:], seen, mimic=(True,) * 4)
        expected = whole.play(deck[80], dealer, True, None, None)
        table = Table(hands, deck[81:], seen, mimic=(True,) * 4)
        table.draws_left = 6
        result = table.play(deck[80], dealer, True, None, None)
        if result == HORIZON:
            stopped += 1
            assert table.top == 6  # exactly the horizon's draws were made
            table.draws_left = 1 << 30
            result = table.resume()
        assert result == expected
        assert table.top == whole.top
    assert stopped >= 30


def test_a_mid_deal_discard_plays_out_like_the_engine() -> None:
    rng = random.Random(12)
    player = RolloutPlayer()
    checked = 0
    while checked < 20:
        deck, dealer = GAME.shuffle(rng)
        deal = Deal(GAME, deck, dealer)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            action = player.choose(state.view(seat), state.legal_actions(), rng)
            if state.phase == "discard" and checked < 20:
                seen = public_counts(state.view(seat))
                table = Table(state.hands, state.deck[state.stock :], seen)
                predicted = table.discard(seat, action.cards[0])
                rest = engine_playout_from(deal, action)
                assert predicted == rest
                checked += 1
            deal.act(action)


def engine_playout_from(deal: Deal, action: object) -> int:
    player = RolloutPlayer()
    state, _ = deal.state.apply(action)
    state, _, _ = state.play_forced()
    while state.to_act is not None:
        seat = state.to_act
        state, _ = state.apply(player.choose(state.view(seat), state.legal_actions(), None))  # type: ignore[arg-type]
        state, _, _ = state.play_forced()
    winner = state.outcome.winner if state.outcome else None
    return NOBODY if winner is None else winner


# --- the simulator's claim windows against the engine's claim rules ---------------------


def _hands_with(card: int, rng: random.Random) -> list[int]:
    """Four 20-card hands dealt from the deck without one ``card``; one seat holds the
    partners of a random take of ``card`` (so that every kind of take gets tested)."""
    deck = list(FULL_DECK)
    deck.remove(CARDS[card])
    rng.shuffle(deck)
    templates = [t for role in Role for t in take_templates(role, card)]
    planted: list[Card] = list(rng.choice(templates).partners) if templates else []
    for partner in planted:
        deck.remove(partner)
    seat = rng.randrange(4)
    cards = [deck[20 * s : 20 * s + 20] for s in range(4)]
    cards[seat] = planted + cards[seat][len(planted) :]
    return [pack(hand) for hand in cards]


def _policy_answer(hand: int, card: int, seat: int, owner: int, drawn: bool) -> Action:
    """The playout policy's answer, chosen among the engine's own legal answers."""
    legal = claim_options(hand, card, seat, owner, drawn)
    if WIN in legal:
        return WIN
    takes = {tuple(sorted(set_minus(a.cards, card))): a for a in legal if a.verb is Verb.TAKE}
    chosen = answer(hand, list(takes), PASS in legal)
    return PASS if chosen is None else takes[chosen]


def holds(hand: int, needs: tuple[tuple[int, int], ...]) -> bool:
    return all((hand >> shift) & 7 >= copies for shift, copies in needs)


def set_minus(cards: tuple[Card, ...], card: int) -> list[Card]:
    rest = list(cards)
    rest.remove(CARDS[card])
    return rest


@pytest.mark.parametrize("drawn", [True, False])
def test_sisepai_sim_windows_offer_and_grant_what_the_engine_does(drawn: bool) -> None:
    """Every role × every public card kind, on many hands: the simulator's takes equal
    the engine's legal takes, and its granted claim equals the engine's resolution of
    the same answers."""
    rng = random.Random(7 if drawn else 8)
    granted: set[Level | None] = set()
    for owner in range(4):
        for card in range(33):
            if not drawn and not DISCARDABLE[card]:
                continue  # Generals and flowers are never discarded: no such window
            for _ in range(12):
                hands = _hands_with(card, rng)
                answers = []
                for seat in answer_order(owner, drawn):
                    hand = hands[seat]
                    legal = claim_options(hand, card, seat, owner, drawn)
                    rules = seat_rules(seat, owner, drawn, card)
                    held = [list(t.partners) for t in rules.templates if holds(hand, t.needs)]
                    if WIN not in legal:
                        taken = [set_minus(a.cards, card) for a in legal if a.verb is Verb.TAKE]
                        assert sorted(held) == sorted(taken)
                        assert rules.may_pass == (PASS in legal)
                    answers.append((seat, _policy_answer(hand, card, seat, owner, drawn)))
                expected = resolve(answers, owner, drawn)
                taker, partners, won = Table(hands, [], [0] * 33).window(card, owner, drawn)
                if expected is None:
                    assert taker == NOBODY
                    continue
                seat, action = expected
                assert (taker, won) == (seat, action is WIN)
                if not won:
                    assert list(partners) == set_minus(action.cards, card)
                    granted.add(claim_level(seat, action, owner, drawn))
    # The windows really reached every level of take the rules have.
    levels = {Level.IDENTICAL, Level.NEXT_MIXED} | ({Level.DRAWER_GROUP} if drawn else set())
    assert levels <= granted
