"""*Learn to play*: the paths, a lesson and its exercise answered by a plain form, the
answer judged by the engine, and this browser's progress on the learn pages and in *Your
deals* (another browser has its own)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from cardavia.i18n import catalogs
from cardavia.i18n.languages import LANGUAGES
from cardavia.web.learn.catalog import PATHS
from cardavia.web.learn.judge import choices, judge
from cardavia.web.words.text import english_plural, identity


def _right(game: str, slug: str) -> str:
    lesson = next(found for found in PATHS[game] if found.slug == slug)
    return next(c for c in choices(lesson) if judge(lesson, c, identity, english_plural).right)


def test_the_learn_page_lists_every_lesson_of_both_games(client: TestClient) -> None:
    html = client.get("/learn").text
    for game, lessons in PATHS.items():
        for lesson in lessons:
            assert f'href="/learn/{game}/{lesson.slug}"' in html
    assert html.count("0 of ") == 2, "nothing done yet in a new browser"


def test_the_header_and_each_game_page_lead_to_the_lessons(client: TestClient) -> None:
    assert 'href="/learn"' in client.get("/").text
    page = client.get("/games/chuopai").text
    # A browser that has not played the guided first deal is offered it (its page
    # leads to the lessons too): test_guided_pages.py.
    assert 'href="/learn/chuopai/guided">New to Chuo Pai? Learn it in five minutes<' in page


def test_a_lesson_shows_its_steps_cards_and_the_exercise_choices(client: TestClient) -> None:
    html = client.get("/learn/sisepai/discard").text
    assert "Then you discard a card from your hand" in html
    assert 'data-code="wR"' in html, "the step's cards are drawn as at the table"
    assert 'value="discard F4"' in html, "every card of the hand can be clicked"
    assert 'aria-label="Discard flower 4"' in html


def test_a_wrong_answer_says_why_and_keeps_no_progress(client: TestClient) -> None:
    answer = client.post("/learn/sisepai/discard", data={"action": "discard F4"})
    assert answer.status_code == 200
    assert "Generals and flowers can never be discarded." in answer.text
    assert 'class="verdict wrong"' in answer.text
    assert "Next lesson" not in answer.text
    assert "0 of 5 lessons done" in client.get("/learn").text


def test_a_right_answer_is_this_browsers_progress(client: TestClient, other: TestClient) -> None:
    answer = client.post("/learn/sisepai/cards", data={"action": _right("sisepai", "cards")})
    assert 'class="verdict right"' in answer.text
    assert 'href="/learn/sisepai/groups">Next lesson<' in answer.text
    assert "1 of 5 lessons done" in client.get("/learn").text
    assert "1 of 5 lessons done" in client.get("/learn/sisepai").text
    deals = client.get("/deals").text
    assert re.search(r"Sì Sè Pái</span> 1 of 5 lessons done", deals)
    assert "0 of 5 lessons done" in other.get("/learn").text


def test_the_last_lesson_leads_to_a_deal(client: TestClient) -> None:
    slug = PATHS["chuopai"][-1].slug
    answer = client.post(f"/learn/chuopai/{slug}", data={"action": _right("chuopai", slug)})
    assert 'href="/games/chuopai">You know the rules: play a deal<' in answer.text


@pytest.mark.parametrize("path", ["/learn/mahjong", "/learn/sisepai/nothing"])
def test_an_unknown_game_or_lesson_is_not_found(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_choice_the_exercise_does_not_offer_is_refused(client: TestClient) -> None:
    assert client.post("/learn/sisepai/cards", data={"action": "win"}).status_code == 422


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_lesson_text_is_shown_translated(client: TestClient, lang: str) -> None:
    _ = catalogs.gettext_for(lang)
    for game, lessons in PATHS.items():
        for lesson in lessons:
            page = html.unescape(client.get(f"/learn/{game}/{lesson.slug}?lang={lang}").text)
            texts = [lesson.title, lesson.exercise.question, *(s.text for s in lesson.steps)]
            for text in texts:
                assert _(text) != text, f"{lang} has no translation of {text!r}"
                assert _(text) in page
