"""The deal as a state machine: rounds, forced beating, the end test (chuopai.md §6–7)."""

from __future__ import annotations

import random

import pytest

from cardavia.cards.dominoes import parse_cards
from cardavia.core.errors import IllegalActionError
from cardavia.games.chuopai import Action, ChuoPaiState
from cardavia.games.chuopai.events import Beat, DealOver, Lead, Pass, RoundWon
from cardavia.games.chuopai.outcome import ChuoPaiOutcome

A = Action.parse


def start(h0: str, h1: str, h2: str, leader: int = 0) -> ChuoPaiState:
    return ChuoPaiState.start([parse_cards(h0), parse_cards(h1), parse_cards(h2)], leader)


def play(state: ChuoPaiState, *texts: str) -> tuple[ChuoPaiState, list[object]]:
    """Apply actions in turn, whoever is to act; collect the events."""
    events: list[object] = []
    for text in texts:
        state, caused = state.apply(A(text))
        events += caused
    return state, events


def legal(state: ChuoPaiState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def refusal(state: ChuoPaiState, text: str) -> str:
    before = state
    with pytest.raises(IllegalActionError) as error:
        state.apply(A(text))
    assert state == before
    return str(error.value)


# -- §6.1 [D7] the lead ---------------------------------------------------------------


def test_chuopai_D7_the_leader_must_lead_and_is_never_offered_pass() -> None:
    state = start("36 45", "11", "22")
    assert legal(state) == ["play 36", "play 45"]
    assert refusal(state, "pass") == (
        "you cannot pass: you lead this round, so play any card or combination"
    )


def test_chuopai_D7_a_leader_may_lead_any_play_including_a_combination() -> None:
    state = start("66 66 45 36 11", "22", "33")
    assert legal(state) == [
        "play 11",
        "play 36",
        "play 36 45 66 66",
        "play 36 66",
        "play 45",
        "play 45 66",
        "play 66",
        "play 66 66",
    ]


def test_chuopai_D7_a_leader_with_one_card_leads_it_by_force() -> None:
    _, events, forced = start("36", "11 22", "15 33").play_forced()
    assert forced[0] == (0, A("play 36"))
    assert events[0] == Lead(0, A("play 36"))


# -- §6.2 [D8] answering order ----------------------------------------------------------


@pytest.mark.parametrize(("leader", "order"), [(0, [1, 2]), (1, [2, 0]), (2, [0, 1])])
def test_chuopai_D8_the_others_answer_in_order_leader_plus_one_then_plus_two(
    leader: int, order: list[int]
) -> None:
    hands = ["22 33", "22 33", "22 33"]
    hands[leader] = "55 66"
    state = start(hands[0], hands[1], hands[2], leader=leader)
    state, _ = play(state, "play 66")
    assert state.to_act == order[0]
    state, _ = play(state, "pass")
    assert state.to_act == order[1]
    state, events = play(state, "pass")
    assert events[-1] == RoundWon(leader, A("play 66"), leader)
    assert state.to_act == leader


def test_chuopai_D8_a_player_without_cards_is_skipped() -> None:
    state = start("55 66", "", "22 33")
    state, _ = play(state, "play 66")
    assert state.to_act == 2
    state, events = play(state, "pass")
    assert events[-1] == RoundWon(0, A("play 66"), 0)
    state = start("22 33", "55 66", "", leader=1)
    state, _ = play(state, "play 66")
    assert state.to_act == 0


# -- §6.3–6.4 [D9] forced beating -------------------------------------------------------


def test_chuopai_D9_a_player_who_can_beat_must_beat_and_may_choose_any_beating_play() -> None:
    state, _ = play(start("13 13 22", "11 11 44 44 66 66 55", "33"), "play 13 13")
    assert legal(state) == ["play 11 11", "play 44 44", "play 66 66"]
    assert refusal(state, "pass") == "you cannot pass: 11 11 beats 13 13"
    after, events = play(state, "play 66 66")  # not the cheapest beat: still allowed
    assert events == [Beat(1, A("play 66 66"))]
    assert after.to_act == 2


def test_chuopai_D9_you_cannot_pass_names_a_beating_play() -> None:
    state, _ = play(start("13 13 22", "44 44 55", "33"), "play 13 13")
    assert legal(state) == ["play 44 44"]
    assert refusal(state, "pass") == "you cannot pass: 44 44 beats 13 13"


def test_chuopai_D9_a_player_who_cannot_beat_passes_and_gives_up_no_card() -> None:
    state, _ = play(start("36 22", "45 26 35", "33"), "play 36")
    assert legal(state) == ["pass"]
    after, events = play(state, "pass")
    assert events == [Pass(1)]
    assert after.hand_sizes == (1, 3, 1)


def test_a_player_with_fewer_cards_than_the_play_cannot_beat() -> None:
    state, _ = play(start("22 22 22 33", "66 66", "55"), "play 22 22 22")
    assert legal(state) == ["pass"]


def test_a_beating_play_becomes_the_play_to_beat() -> None:
    state, _ = play(start("23 55", "25 46", "25 26 33"), "play 23", "play 25")
    # 25 would beat the lead 23, but not the current highest 25.
    assert legal(state) == ["play 26"]
    assert (
        refusal(state, "play 25") == "25 does not beat 25: Black Seven and Black Seven rank equal"
    )


def test_chuopai_D6_a_special_combination_is_beaten_only_by_a_stronger_one_of_equal_size() -> None:
    state, _ = play(start("11 11 26 35 22", "66 66 45 36 44 34", "13 14 33"), "play 11 11 26 35")
    assert legal(state) == ["play 36 45 66 66"]  # 66 45 (2 cards) and 44 34 do not count
    state, _ = play(state, "play 36 45 66 66")
    assert legal(state) == ["pass"]


# -- refusals name the reason ---------------------------------------------------------


def test_refusals_are_specific_and_change_nothing() -> None:
    state = start("66 45 13", "22", "33")
    assert refusal(state, "play 66 66") == "you do not hold 66 66: you have one 66"
    assert refusal(state, "play 36") == "you do not hold 36: you have no 36"
    assert refusal(state, "play 13 66").startswith("13 66 is not a play: ")
    answering, _ = play(start("45 22", "36 26", "33"), "play 45")
    assert (
        refusal(answering, "play 36") == "36 does not beat 45: a different family (Black, not Red)"
    )
    assert refusal(answering, "play 26 36").startswith("26 36 is not a play")


def test_nothing_is_legal_after_the_deal() -> None:
    state, _, _ = start("66", "11", "").play_forced()
    assert state.to_act is None and state.legal_actions() == ()
    assert refusal(state, "pass") == "the deal is over"
    with pytest.raises(IllegalActionError):
        state.apply(A("play 66"))


def test_apply_wants_an_action_object() -> None:
    with pytest.raises(TypeError):
        start("66", "11", "22").apply("play 66")  # type: ignore[arg-type]


# -- §6.5–6.7 the end of a round --------------------------------------------------------


def test_the_winning_play_scores_and_the_other_plays_leave_the_deal() -> None:
    state, events = play(start("23 55", "25 46", "26 33"), "play 23", "play 25", "play 26")
    assert events[-1] == RoundWon(2, A("play 26"), 2)
    places = state.card_places()
    assert places["pile 2"] == parse_cards("26")
    assert places["gone"] == parse_cards("23 25")
    assert places["table"] == ()
    assert state.scores == (0, 0, 1)
    assert state.to_act == 2 and state.leader == 2


def test_the_leader_wins_when_nobody_beats() -> None:
    state, events = play(start("66 66 22", "11 11 33", "13 13 55"), "play 66 66", "pass", "pass")
    assert events[-1] == RoundWon(0, A("play 66 66"), 0)
    assert state.pile(0) == parse_cards("66 66")


def test_cards_on_the_table_are_in_no_hand_until_the_round_ends() -> None:
    state, _ = play(start("23 55", "25 46", "26 33"), "play 23", "play 25")
    places = state.card_places()
    assert places["table"] == parse_cards("23 25")
    assert places["hand 0"] == parse_cards("55") and places["hand 1"] == parse_cards("46")


def test_a_winner_with_an_empty_hand_is_followed_by_the_next_seat() -> None:
    # Seat 1 beats with its last card and nobody beats it; seats 2 and 0 still hold
    # cards, so the deal goes on and seat 2, the next seat after the winner, leads.
    state, events = play(start("23 55", "25", "33 15 16"), "play 23", "play 25", "pass")
    assert events[-1] == RoundWon(1, A("play 25"), 2)
    assert state.leader == 2 and state.to_act == 2
    assert legal(state) == ["play 15", "play 16", "play 33"]


def test_chuopai_D1_the_deal_ends_when_at_most_one_player_holds_cards() -> None:
    state = start("66 15", "11 22", "12 24 14")
    state, _ = play(state, "play 66", "pass", "pass", "play 15", "pass", "pass")
    # Seat 0 is out; seats 1 and 2 both still hold cards: the deal goes on.
    assert state.hand_sizes == (0, 2, 3)
    assert state.outcome is None and state.to_act == 1
    state, events = play(state, "play 11", "pass", "play 22", "pass")
    # Now only seat 2 holds cards: the deal is over and they do not score.
    assert isinstance(events[-1], DealOver)
    assert state.to_act is None
    assert state.outcome is not None and state.outcome.scores == (2, 2, 0)
    assert state.card_places()["hand 2"] == parse_cards("12 14 24")


def test_chuopai_D1_the_end_test_waits_for_the_end_of_the_round() -> None:
    # Seat 0 leads its last card: only seat 1 holds cards now, but it still answers.
    state, _, forced = start("13", "11 44", "").play_forced()
    assert forced == ((0, A("play 13")),)
    assert state.to_act == 1 and legal(state) == ["play 11", "play 44"]
    state, events = play(state, "play 44")
    assert events == [
        Beat(1, A("play 44")),
        RoundWon(1, A("play 44"), None),
        DealOver(ChuoPaiOutcome((0, 1, 0))),
    ]
    assert state.concealed_hand(1) == parse_cards("11")  # left in hand, unscored


def test_chuopai_D1_the_deal_ends_when_the_last_two_hands_empty_together() -> None:
    state, events, _ = start("13", "44", "").play_forced()
    assert [type(event) for event in events] == [Lead, Beat, RoundWon, DealOver]
    assert events[2] == RoundWon(1, A("play 44"), None)
    assert state.outcome is not None and state.outcome.to_json() == {
        "result": "win",
        "winners": [1],
        "scores": [0, 1, 0],
    }


def test_chuopai_D2_players_tied_at_the_top_are_joint_winners() -> None:
    # Seat 0 wins 36, seat 1 then wins 45; seat 2 is left holding 26.
    state, _, forced = start("36", "45", "26").play_forced()
    assert [str(action) for _, action in forced] == [
        "play 36", "pass", "pass", "play 45", "pass",
    ]  # fmt: skip
    outcome = state.outcome
    assert outcome is not None
    assert outcome.scores == (1, 1, 0) and outcome.winners == (0, 1) and outcome.is_draw
    assert outcome.to_json() == {"result": "tie", "winners": [0, 1], "scores": [1, 1, 0]}


# -- forced actions ---------------------------------------------------------------------


def test_play_forced_applies_lone_actions_until_a_choice() -> None:
    state, _ = play(start("22 33 46", "11 55", "66 15 16"), "play 22")
    # Seat 1 holds 11 and 55: both beat 22, a choice: nothing is forced.
    same, events, forced = state.play_forced()
    assert same == state and events == () and forced == ()
    state, _ = play(state, "play 55")
    # Seat 2 must beat 55 with its lone 66: forced; then it leads from two cards.
    after, events, forced = state.play_forced()
    assert forced == ((2, A("play 66")),)
    assert events == (Beat(2, A("play 66")), RoundWon(2, A("play 66"), 2))
    assert after.step == state.step + 1
    assert after.to_act == 2 and legal(after) == ["play 15", "play 16"]


def test_play_forced_counts_every_forced_action_as_a_step() -> None:
    final, _, forced = start("36", "45", "26").play_forced()
    assert len(forced) == final.step == 5
    assert final.to_act is None


# -- value semantics --------------------------------------------------------------------


def test_states_are_values() -> None:
    a = start("66 45 13", "22", "33")
    b = start("13 45 66", "22", "33")
    assert a == b and hash(a) == hash(b)
    assert a != start("66 45 13", "22", "33", leader=1)
    moved, _ = a.apply(A("play 66"))
    assert a == b and moved != a and moved.step == 1
    with pytest.raises(AttributeError):
        a.step = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.hands = b.hands  # type: ignore[misc]
    assert "ChuoPaiState" in repr(a) and "13 45 66" in repr(a)


def test_start_refuses_impossible_positions() -> None:
    with pytest.raises(ValueError):
        start("", "11", "22")
    with pytest.raises(ValueError):
        start("11", "22", "33", leader=3)
    with pytest.raises(ValueError, match="only 4 copies"):
        start("11 11 11", "11 11", "33")


def test_shuffle_unseen_deals_the_other_hands_anew_keeping_sizes() -> None:
    state = start("66 45 13", "22 22 33 55", "11 14 24 25 35")
    rng = random.Random(5)
    seen = set()
    for _ in range(20):
        other = state.shuffle_unseen(0, rng)
        assert other.concealed_hand(0) == state.concealed_hand(0)
        assert other.hand_sizes == state.hand_sizes
        assert sorted(other.concealed_hand(1) + other.concealed_hand(2)) == sorted(
            state.concealed_hand(1) + state.concealed_hand(2)
        )
        assert other.view(0) == state.view(0)
        seen.add(other.concealed_hand(1))
    assert len(seen) > 1
    again = state.shuffle_unseen(0, random.Random(5))
    assert again == state.shuffle_unseen(0, random.Random(5))
