"""The deal as a state machine (sisepai.md §4–7)."""

from __future__ import annotations

import random

import pytest
from sisepai_decks import QUIET, build_deck

from cardavia.cards.four_colour import Card, parse_cards
from cardavia.core.errors import IllegalActionError
from cardavia.games.sisepai import GAME, Action, SiSePaiState
from cardavia.games.sisepai.claims import claim_options
from cardavia.games.sisepai.events import Claimed, Dead, Discarded, Drew, StockOut, Won
from cardavia.games.sisepai.melds import is_complete

A = Action.parse


def start(hands: list[str], stock: str, dealer: int = 0) -> SiSePaiState:
    return GAME.deal(build_deck(hands, stock), dealer)


def play(state: SiSePaiState, *texts: str) -> tuple[SiSePaiState, list[object]]:
    """Apply actions by whoever is to act; collect the events."""
    events: list[object] = []
    for text in texts:
        state, new = state.apply(A(text))
        events += new
    return state, events


def test_deal_gives_each_seat_twenty_cards_and_the_dealer_draws_first() -> None:
    deck = build_deck(QUIET, "rH")
    state = GAME.deal(deck, 2)
    for seat in range(4):
        assert state.view(seat).hand == tuple(sorted(deck[20 * seat : 20 * seat + 20]))
    view = state.view(2)
    assert (view.public_card, view.public_from, view.public_drawn) == (Card.rH, 2, True)
    assert view.to_act == 2 and view.stock_left == 36 and view.answering == (2, 3, 0, 1)


def test_sisepai_D2_nothing_is_declared_or_exposed_at_the_deal() -> None:
    state = start(QUIET, "rH")
    assert state.exposed == ((), (), (), ())
    assert Card.F1 in state.view(0).hand  # dealt flowers stay concealed


def test_sisepai_D3_a_complete_twenty_card_hand_is_not_a_win() -> None:
    # Seat 1's 20 dealt cards are all grouped already, yet it has not won: a win needs
    # a new card, and the dealer's drawn yR does not fit its hand.
    complete = "rG rA rE yG yA yE wG wA wE gG gA gE rR rH rC wR wH wC F1 F2"
    state = start([QUIET[2], complete, QUIET[3]], "yR")
    assert is_complete(state.hands[1])
    assert state.outcome is None and state.to_act == 0
    assert claim_options(state.hands[1], Card.yR, 1, 0, True) == (Action.parse("pass"),)
    state, _, _ = state.play_forced()
    assert state.outcome is None
    # A new card that forms a group of its own would complete all 21.
    assert "win" in map(str, claim_options(state.hands[1], Card.F5, 1, 0, True))


def test_an_untaken_drawn_card_becomes_the_drawers_discard_then_goes_dead() -> None:
    state = start(QUIET, "yS wH")
    state, events = play(state, "pass", "pass", "pass", "pass")
    assert Discarded(0, Card.yS, True) in events
    # [D7] the second window is for the three others only.
    assert state.view(1).answering == (1, 2, 3)
    assert state.to_act == 1
    state, events = play(state, "pass", "pass", "pass")
    assert Dead(Card.yS) in events
    assert Drew(1, Card.wH, 35) in events
    assert state.view(0).dead == (Card.yS,)
    assert (state.to_act, state.view(1).public_from, state.view(1).public_drawn) == (1, 1, True)


def test_sisepai_D7_nobody_claims_their_own_discard() -> None:
    state = start(QUIET, "yS")
    state, _ = play(state, "pass", "pass", "pass", "pass")
    # The drawer (seat 0) holds rS yS: it cannot claim its own drawn-then-discarded yS.
    assert 0 not in state.view(0).answering


def test_sisepai_D5_a_take_exposes_a_new_group_then_the_taker_discards() -> None:
    hands = list(QUIET)
    hands[2] = "rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH rC yC yC gC"
    state = start(hands, "yC")
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # the dealer holds no yC
    state, _, _ = state.play_forced()
    assert state.to_act == 2
    state, events = play(state, "take yC yC yC")
    state, more, _ = state.play_forced()  # seat 3 answers too before the window closes
    assert Claimed(2, Card.yC, 0, (Card.yC,) * 3) in events + list(more)
    assert state.exposed[2] == ((Card.yC,) * 3,)
    assert state.to_act == 2 and state.phase == "discard"
    with pytest.raises(IllegalActionError, match="you do not hold yC"):
        state.apply(A("discard yC"))
    state, events = play(state, "discard gC")
    assert Discarded(2, Card.gC, False) in events
    # Players between the drawer and the claimant were skipped: seat 3 answers next.
    assert state.to_act == 3 and state.view(3).answering == (3, 0, 1)


def test_generals_and_flowers_can_never_be_discarded() -> None:
    hands = list(QUIET)
    hands[1] = "rG rA rE rR yG yA yE yR wG wA wE wR gG gA gE gR wS gS F3 yS"
    state = start(hands, "rS")
    state, _, _ = state.play_forced()
    assert state.to_act == 1
    state, _ = play(state, "take rS yS wS gS")
    state, _, _ = state.play_forced()
    assert state.phase == "discard" and state.to_act == 1
    with pytest.raises(IllegalActionError, match="Generals cannot be discarded"):
        state.apply(A("discard rG"))
    with pytest.raises(IllegalActionError, match="flowers cannot be discarded"):
        state.apply(A("discard F3"))
    assert all(a.cards[0].character != 0 for a in state.legal_actions())


def test_no_discard_is_due_during_a_claim_window() -> None:
    state = start(QUIET, "yS")
    with pytest.raises(IllegalActionError, match="no discard is due: answer the claim window on"):
        state.apply(A("discard rA"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("win", "does not complete your hand"),
        ("take yS yS", "a pair can only be claimed to win"),
        ("take rS yS", "rS yS is not a legal group"),
        ("take yS yS yS", "you do not hold yS yS"),
        ("take rA rA rA", "must include the public card yS"),
    ],
)
def test_refusals_say_why_and_change_nothing(text: str, reason: str) -> None:
    state = start(QUIET, "yS")
    before = state
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(A(text))
    assert state == before


def test_generals_never_pair_even_when_drawn() -> None:
    state = start(QUIET, "rG")
    with pytest.raises(IllegalActionError, match="Generals never form identical groups"):
        state.apply(A("take rG rG"))


def answer_until(state: SiSePaiState, seat: int) -> SiSePaiState:
    """Everyone else passes (or is forced) until ``seat`` must answer."""
    state, _, _ = state.play_forced()
    while state.to_act != seat:
        state, _ = state.apply(A("pass"))
        state, _, _ = state.play_forced()
    return state


def test_others_may_claim_only_identical_groups() -> None:
    hands = list(QUIET)
    hands[2] = "rS yS rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH rC yC"
    state = start(hands, "gS")
    state, _, _ = state.play_forced()  # the dealer and seat 1 have nothing better
    assert state.to_act != 2 or [str(a) for a in state.legal_actions()] == ["pass"]
    with pytest.raises(IllegalActionError):
        state._replace(to_act=2).apply(A("take rS yS gS"))


def test_sisepai_D10_a_drawn_flower_is_taken_by_force() -> None:
    state = start(QUIET, "F5 rH")
    state, _, forced = state.play_forced()
    assert (0, A("take F5")) in forced
    assert state.exposed[0] == ((Card.F5,),)
    assert state.phase == "discard" and state.to_act == 0


def test_sisepai_D6_claims_on_the_last_drawn_card_can_still_win() -> None:
    hands = ["", "", "", "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS F1 yC yC"]
    state = start(hands, "yC")
    last = state._replace(stock=117)  # the stock is empty, the window on yC is open
    last = answer_until(last, 3)
    assert last.to_act == 3 and "win" in map(str, last.legal_actions())
    won, events = last.apply(A("win"))
    won, _, _ = won.play_forced()
    assert won.outcome is not None and won.outcome.winner == 3
    assert any(isinstance(event, Won) for event in events)


def test_sisepai_D6_the_stock_is_tested_only_when_a_draw_is_due() -> None:
    state = start(QUIET, "wS")._replace(stock=117)
    state, _, _ = state.play_forced()
    assert state.to_act is not None  # windows on the last card still run
    events: list[object] = []
    while state.to_act is not None:
        state, new = state.apply(A("pass"))
        events += new
        state, more, _ = state.play_forced()
        events += more
    assert events[-2:] == [Dead(Card.wS), StockOut(1)]
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.to_json() == {"result": "draw"}


def test_sisepai_D8_answers_are_sealed_until_the_window_closes() -> None:
    hands = list(QUIET)
    hands[1] = "rS rS rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH yC gC"
    hands[2] = "rS gS rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH wC gC"
    state = start(hands, "F5 wS")
    state, _, _ = state.play_forced()
    state, _ = play(state, "discard rA")  # the dealer took F5 by force, then discards
    state, _, _ = state.play_forced()
    # Nobody took rA; seat 1 drew wS and passed by force; seat 2 may take rS wS gS.
    assert state.view(2).public_card == Card.wS and state.to_act == 2
    assert state.view(1).my_answer == A("pass")
    assert state.view(2).my_answer is None
    state, _ = play(state, "pass")
    assert state.view(2).my_answer == A("pass")
    for seat in (0, 3):
        assert state.view(seat).my_answer is None


def test_6_5_a_non_winning_taker_always_has_a_discard() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state, _, _ = GAME.deal(*GAME.shuffle(rng)).play_forced()
        while state.to_act is not None:
            if state.phase == "discard":
                assert state.legal_actions(), f"seed {seed}: a taker with nothing to discard"
            state, _ = state.apply(rng.choice(state.legal_actions()))
            state, _, _ = state.play_forced()


def test_a_view_never_shows_other_hands_or_the_stock() -> None:
    state = start(QUIET, "yS")
    view = state.view(0)
    text = repr(view.to_json())
    assert view.hand == tuple(parse_cards(QUIET[0]))
    assert view.hand_sizes == (20, 20, 20, 20)
    assert "deck" not in view.to_json() and "stock" not in text.replace("stock_left", "")


def test_the_view_history_holds_public_events_and_never_an_answer() -> None:
    hands = list(QUIET)
    hands[2] = "rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH rC yC yC gC"
    state = start(hands, "yC")
    assert state.view(1).history == (Drew(0, Card.yC, 36),)
    state, _, _ = state.play_forced()
    state, _ = play(state, "take yC yC yC")
    state, _, _ = state.play_forced()
    history = state.view(3).history
    assert Claimed(2, Card.yC, 0, (Card.yC,) * 3) in history
    assert all(type(event).__name__ != "Answered" for event in history)
    assert state.view(0).history == history  # the same for every seat


def test_sisepai_D13_there_is_no_minimum_score_to_win() -> None:
    # Ten pairs that form nothing else and a lone General: the lowest possible total,
    # 1, still wins.
    pairs = "rG rA rA rE rE yA yA yE yE wA wA wE wE gA gA gE gE rS rS yC"
    state = answer_until(start(["", pairs], "yC"), 1)
    assert [str(action) for action in state.legal_actions()] == ["pass", "win"]
    state, _ = state.apply(A("win"))
    state, _, _ = state.play_forced()
    while state.outcome is None:  # the others still answer the sealed window: they pass
        state, _ = state.apply(A("pass"))
        state, _, _ = state.play_forced()
    assert (state.outcome.winner, state.outcome.score) == (1, 1)
