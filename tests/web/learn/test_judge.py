"""The engine judges an exercise's answer; the reason is the coach's sentence for that
action and the table's own line for what then happened."""

from __future__ import annotations

import pytest

from cardavia.ai.verdict import explain
from cardavia.web.games import WEB_GAMES
from cardavia.web.learn.catalog import lesson
from cardavia.web.learn.judge import UnknownChoiceError, choices, judge, position_state
from cardavia.web.learn.model import Lesson
from cardavia.web.learn.positions import PERSON
from cardavia.web.words.text import english_plural, identity


def _lesson(game: str, slug: str) -> Lesson:
    found = lesson(game, slug)
    assert found is not None
    return found


def _judge(game: str, slug: str, action: str):  # type: ignore[no-untyped-def]
    return judge(_lesson(game, slug), action, identity, english_plural)


def test_a_general_offered_for_discard_is_refused_by_the_engine_with_the_tables_words() -> None:
    answer = _judge("sisepai", "discard", "discard F4")
    assert not answer.right and not answer.legal
    assert answer.reason == (
        "You cannot discard flower 4. Generals and flowers can never be discarded."
    )


def test_passing_a_drawn_general_is_refused() -> None:
    answer = _judge("sisepai", "cards", "pass")
    assert (answer.right, answer.legal) == (False, False)
    assert "can never be passed" in answer.reason


def test_a_right_answer_says_the_coachs_facts_of_that_very_action() -> None:
    found = _lesson("sisepai", "winning")
    state = position_state(found)
    legal = state.legal_actions()
    win = next(action for action in legal if str(action) == "win")
    facts = explain("sisepai", state.view(PERSON), legal, win).to_json()
    answer = judge(found, "win", identity, english_plural)
    assert answer.right
    assert answer.reason == WEB_GAMES["sisepai"].hint_sentence(
        "win", facts, identity, english_plural
    )
    assert answer.happened.startswith("You won with white Elephant")


def test_a_wrong_legal_answer_tells_what_the_engine_then_did() -> None:
    answer = _judge("sisepai", "claims", "pass")
    assert answer.legal and not answer.right
    assert answer.happened == "Nobody took red Advisor: it goes to the dead pile"


def test_a_forced_beat_refuses_the_pass_and_names_a_beating_play() -> None:
    answer = _judge("chuopai", "cards", "pass")
    assert not answer.legal
    assert answer.reason == (
        "You cannot pass: Harmony beats Long Three, and whoever can beat must beat."
    )
    assert _judge("chuopai", "cards", "play 13").right


def test_a_round_lost_is_wrong_and_says_who_won_it() -> None:
    answer = _judge("chuopai", "rounds", "play 55")
    assert answer.legal and not answer.right
    assert "won the round" in answer.happened
    assert _judge("chuopai", "rounds", "play 15").right


def test_the_combination_lesson_is_won_by_a_special_combination() -> None:
    found = _lesson("chuopai", "combinations")
    right = [c for c in choices(found) if judge(found, c, identity, english_plural).right]
    state = position_state(found)
    combos = {str(a) for a in state.legal_actions() if a.play is not None and a.play.combination}
    assert combos & set(right)


@pytest.mark.parametrize("chosen", ["pass pass", "discard rG", "take", "nonsense"])
def test_a_choice_the_exercise_does_not_offer_is_refused(chosen: str) -> None:
    with pytest.raises(UnknownChoiceError):
        _judge("sisepai", "discard", chosen)
