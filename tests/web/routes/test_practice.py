"""*Practice*: the positions by difficulty, the position of the day, a position answered by
a plain form and checked by the engine, and this browser's results on the practice pages
and in *Your deals* (another browser has its own)."""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from cardavia.store import GameStore, open_engine
from cardavia.web.infra.browsers import COOKIE, hash_browser
from cardavia.web.practice import store

FIRST = store.positions("sisepai")[0]
WRONG = next(name for name, _ in FIRST.chances if name != FIRST.best)


def test_the_practice_page_shows_each_game_s_position_of_the_day(client: TestClient) -> None:
    page = client.get("/practice").text
    today = dt.datetime.now(dt.UTC).date()
    for game in store.GAMES:
        chosen = store.of_the_day(game, today)
        assert chosen is not None
        assert f'href="/practice/{game}/{chosen.number}"' in page
    assert page.count("0 answered, 0 right") == 2
    assert 'href="/practice"' in client.get("/learn").text


def test_the_position_of_the_day_is_the_same_all_day_and_changes_with_the_days() -> None:
    day = dt.date(2026, 12, 2)
    assert store.of_the_day("sisepai", day) == store.of_the_day("sisepai", day)
    week = {store.of_the_day("sisepai", day + dt.timedelta(days=n)) for n in range(7)}
    assert len(week) > 1


def test_a_game_s_page_lists_its_positions_by_difficulty(client: TestClient) -> None:
    page = client.get("/practice/sisepai").text
    for practice in store.positions("sisepai"):
        assert f'href="/practice/sisepai/{practice.number}"' in page
    grades = [grade for grade in store.GRADES if f'id="grade-{grade}"' in page]
    assert grades == [
        g for g in store.GRADES if any(p.grade == g for p in store.positions("sisepai"))
    ]


def test_a_position_asks_its_question_with_the_table_s_choices(client: TestClient) -> None:
    page = client.get(f"/practice/sisepai/{FIRST.number}").text
    assert f"<h1>{store.QUESTIONS[FIRST.kind]}</h1>" in page
    for name, _ in FIRST.chances:
        assert f'value="{name}"' in page


def test_the_right_answer_is_praised_explained_and_kept(
    client: TestClient, other: TestClient
) -> None:
    answer = client.post(f"/practice/sisepai/{FIRST.number}", data={"action": FIRST.best})
    assert answer.status_code == 200
    assert 'class="verdict right"' in answer.text
    assert "The coach's choice: " in html.unescape(answer.text)
    for _, win in FIRST.chances:
        assert f"<td>{round(win * 100)}%</td>" in answer.text, "every choice's chance is shown"
    assert "1 answered, 1 right" in client.get("/practice").text
    assert "1 answered, 1 right" in client.get("/practice/sisepai").text
    assert "answered right" in client.get("/practice/sisepai").text
    assert re.search(r"Sì Sè Pái</span> 1 answered, 1 right", client.get("/deals").text)
    assert "0 answered, 0 right" in other.get("/practice/sisepai").text


def test_a_wrong_answer_shows_the_best_and_counts_once(client: TestClient) -> None:
    answer = client.post(f"/practice/sisepai/{FIRST.number}", data={"action": WRONG})
    assert 'class="verdict wrong"' in answer.text
    assert "Not the best choice." in answer.text
    assert re.search(
        r'class="best "><th scope="row">[^<]*· the coach\'s choice<', html.unescape(answer.text)
    )
    client.post(f"/practice/sisepai/{FIRST.number}", data={"action": FIRST.best})
    assert "1 answered, 0 right" in client.get("/practice").text, "the first answer counts"


@pytest.mark.parametrize(
    ("game", "kind", "question"),
    [
        ("sisepai", "claim", "Claim or pass?"),
        ("sisepai", "group", "Which group do you make?"),
        ("chuopai", "lead", "Lead what?"),
        ("chuopai", "beat", "Beat with what?"),
    ],
)
def test_each_kind_of_decision_asks_its_own_question(
    client: TestClient, game: str, kind: str, question: str
) -> None:
    found = next(practice for practice in store.positions(game) if practice.kind == kind)
    assert f"<h1>{question}</h1>" in client.get(f"/practice/{game}/{found.number}").text


@pytest.mark.parametrize(
    "path", ["/practice/mahjong", "/practice/sisepai/0", "/practice/sisepai/9999"]
)
def test_an_unknown_game_or_position_is_not_found(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("action", ["win", "discard F4", "nonsense"])
def test_an_action_the_engine_refuses_here_is_refused(client: TestClient, action: str) -> None:
    assert (
        client.post(f"/practice/sisepai/{FIRST.number}", data={"action": action}).status_code == 422
    )


def test_answers_to_positions_no_longer_shipped_count_for_nothing(
    client: TestClient, store_of_site: GameStore
) -> None:
    """A browser's answers under the keys of positions shipped before a rebuild (the old
    ``game/seed/step``) stay in the store, but no page counts or marks them."""
    client.post(f"/practice/sisepai/{FIRST.number}", data={"action": FIRST.best})
    browser = hash_browser(client.cookies[COOKIE])
    for old in ("sisepai/1/5", "sisepai/7/31", "chuopai/3/12"):
        store_of_site.practice_answered(browser, old, False)
    assert set(store_of_site.practice_answers(browser)) == {
        FIRST.key,
        "sisepai/1/5",
        "sisepai/7/31",
        "chuopai/3/12",
    }
    practice = client.get("/practice").text
    assert "1 answered, 1 right" in practice and "0 answered, 0 right" in practice
    assert client.get("/practice/sisepai").text.count("answered wrong") == 0
    assert re.search(r"Sì Sè Pái</span> 1 answered, 1 right", client.get("/deals").text)
    assert re.search(r"Chuo Pai</span> 0 answered, 0 right", client.get("/deals").text)


@pytest.fixture
def store_of_site(database_url: str) -> Iterator[GameStore]:
    """The store the ``client``'s site writes to (the same database)."""
    engine = open_engine(database_url)
    yield GameStore(engine)
    engine.dispose()
