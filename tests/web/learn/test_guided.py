"""The guided first deals (issue 25): following the guide at a real table still meets
the ideas each deal was chosen for, in order, and ends in the person's win; the idea of
a decision is read off the engine; a choice other than the guide's has the coach's own
sentence, which says something else than the guide's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from guided import walk

from cardavia.ai import verdict
from cardavia.games.registry import get_game
from cardavia.web.learn.catalog import PATHS
from cardavia.web.learn.guided import DEALS, IDEAS, idea, key, words
from cardavia.web.learn.positions import PERSON
from cardavia.web.words.text import english_plural, identity


@pytest.mark.parametrize("game", sorted(DEALS))
def test_following_the_guide_meets_the_deals_ideas_and_wins(game: str, tmp_path: Path) -> None:
    chosen = DEALS[game]
    found = walk(game, chosen.seed, tmp_path)
    assert found.ideas == chosen.ideas
    assert found.won, "a first win against the easiest opponents"
    if game == "chuopai":
        assert found.rounds_won > 0, "the person wins a round"
    # Short enough for a first deal: a few decisions, soon after the deal.
    assert len(found.decisions) <= 15
    assert found.first_step <= 10


def test_every_idea_is_a_lesson_and_has_the_guides_words() -> None:
    for game, ideas in IDEAS.items():
        slugs = {lesson.slug for lesson in PATHS[game]}
        assert set(ideas) <= slugs
        assert set(DEALS[game].ideas) <= set(ideas)
    assert key("sisepai") == "sisepai/guided"
    assert "guided" not in {lesson.slug for lessons in PATHS.values() for lesson in lessons}


def _first_decision(game: str, seed: int, wanted: str) -> tuple[object, list[object]]:
    """The person's first decision of a seeded random deal whose idea is ``wanted``."""
    engine = get_game(game)
    deck, first = engine.shuffle(random.Random(seed))
    state = engine.deal(deck, first)
    rng = random.Random(seed)
    while state.outcome is None:
        for seat, legal in state.deciders():
            if seat == PERSON and len(legal) > 1:
                view = state.view(PERSON)
                suggested = verdict.verdict(game, view, list(legal)).action
                if idea(game, view, list(legal), suggested) == wanted:
                    return view, list(legal)
        state, _events = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {wanted} decision in deal {seed}")


@pytest.mark.parametrize(("game", "wanted"), [("sisepai", "discard"), ("chuopai", "rounds")])
def test_a_choice_other_than_the_guides_is_explained(game: str, wanted: str) -> None:
    view, legal = _first_decision(game, 3, wanted)
    found = verdict.verdict(game, view, legal)
    said = words(game, view, legal, found.action, found.reason, identity, english_plural)
    assert said["action"] == str(found.action) and said["idea"] == wanted
    assert said["idea_text"] == IDEAS[game][wanted]
    assert set(said["others"]) == {str(action) for action in legal} - {str(found.action)}
    for action, sentence in said["others"].items():
        assert sentence and sentence != said["text"], action


def test_the_idea_of_a_decision_is_read_off_the_engine() -> None:
    view, legal = _first_decision("sisepai", 3, "discard")
    assert all(str(action).startswith("discard") for action in legal)
    view, legal = _first_decision("chuopai", 3, "beating")
    assert "pass" not in {str(action) for action in legal}, "a beat is forced"
    assert view.top is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", sorted(DEALS))
def test_the_guide_says_the_same_wherever_the_unseen_cards_lie(game: str) -> None:
    """The guide's words (the choice, the idea, every sentence) come from the seat's own
    view: with every card the person cannot see reshuffled, they are the same."""
    engine = get_game(game)
    deck, first = engine.shuffle(random.Random(DEALS[game].seed))
    state = engine.deal(deck, first)
    rng = random.Random(5)
    compared = 0
    while state.outcome is None and compared < 3:
        for seat, legal in state.deciders():
            if seat == PERSON and len(legal) > 1:
                said = []
                for world in (state, state.shuffle_unseen(PERSON, random.Random(compared))):
                    view = world.view(PERSON)
                    found = verdict.verdict(game, view, list(legal))
                    said.append(
                        words(
                            game, view, legal, found.action, found.reason, identity, english_plural
                        )
                    )
                assert said[0] == said[1]
                compared += 1
        state, _events = state.apply(rng.choice(state.legal_actions()))
    assert compared == 3
