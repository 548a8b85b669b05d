"""The server-rendered pages: what each shows, the start form, cookies, no CDN."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient
from table_api import new_deal_body, play_to_the_end, started

from ..conftest import SITE_PAGES


@pytest.mark.parametrize("path", SITE_PAGES)
def test_every_page_loads_only_from_this_site(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    html = response.text
    assert '<html lang="en">' in html
    for attribute, url in re.findall(r'(src|href)="(https?:[^"]*)"', html):
        assert attribute == "href" and url.startswith("https://en.wikipedia.org/"), url
    for asset in re.findall(r'(?:src|href)="(/static/[^"]*)"', html):
        assert client.get(asset).status_code == 200, asset


def test_the_index_shows_both_traditions_and_their_games(client: TestClient) -> None:
    html = client.get("/").text
    for words in ("Four-colour cards", "四色牌", "Sichuan cards", "川牌", "Sì Sè Pái", "Chuo Pai"):
        assert words in html
    assert "120 cards" in html and "92 cards" in html
    assert html.count('target="_blank" rel="noopener noreferrer"') == 2
    assert html.count("Start game") == 2


def test_a_game_page_has_table_and_full_rules_tabs(client: TestClient) -> None:
    html = client.get("/games/chuopai").text
    assert 'role="tab"' in html and ">Table<" in html and ">Full rules<" in html
    for level in ("easy", "basic", "strong"):
        assert f'name="ai" value="{level}"' in html
    assert "Heaven" in html and "Tian Jiu" in html  # the full rules are in the page
    # Each tab is a plain link (it works without scripts): following it selects it.
    rules = client.get(tab_link(html, "tab-rules")).text
    assert 'id="panel-table" role="tabpanel" aria-labelledby="tab-table" hidden' in rules
    assert re.search(r'id="tab-rules"[^>]*aria-selected="true"', rules)
    table = client.get(tab_link(rules, "tab-table")).text
    assert re.search(r'id="tab-table"[^>]*aria-selected="true"', table)
    assert 'aria-labelledby="tab-table" hidden' not in table


def tab_link(html: str, tab: str) -> str:
    """Where the tab ``tab`` of a game page leads."""
    found = re.search(rf'id="{tab}" href="([^"]+)"', html)
    assert found, f"no link for {tab}"
    return found.group(1).replace("&amp;", "&")


def test_unknown_rooms_are_a_404_page(client: TestClient) -> None:
    for path in ("/games/mahjong", "/traditions/tarot", "/nowhere"):
        response = client.get(path)
        assert response.status_code == 404 and "<html" in response.text


def test_starting_a_game_sets_a_scoped_httponly_cookie_and_opens_the_table(
    client: TestClient,
) -> None:
    response = client.post(
        "/games/chuopai/start", data={"ai": "strong", "seed": "42"}, follow_redirects=False
    )
    assert response.status_code == 303
    location = response.headers["location"]
    table_id = location.rsplit("/", 1)[-1]
    assert location == f"/tables/{table_id}", "every deal is a table"
    cookies = response.headers.get_list("set-cookie")
    assert len(cookies) == 5
    for cookie in cookies:
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie
    paths: dict[str, set[str]] = {cookie.split("=")[0]: set() for cookie in cookies}
    for cookie in cookies:
        paths[cookie.split("=")[0]].add(re.search(r"Path=([^;]+)", cookie).group(1))  # type: ignore[union-attr]
    # The seat's token only for its table's own paths; the running deal, the browser's id
    # and the level chosen (the next start form's) for the whole site.
    assert paths == {
        "cardavia_seat": {f"/tables/{table_id}", f"/api/tables/{table_id}"},
        "cardavia_deal_chuopai": {"/"},
        "cardavia_browser": {"/"},
        "cardavia_level": {"/"},
    }
    # The running deal is named on every path, by its id only: never its token.
    (running,) = [cookie for cookie in cookies if cookie.startswith("cardavia_deal_")]
    game_id = client.get(f"/api/tables/{table_id}").json()["deal"]["id"]
    assert running.startswith(f"cardavia_deal_chuopai={game_id};") and "Path=/;" in running
    table = client.get(location)
    assert table.status_code == 200 and 'id="table-app"' in table.text
    # The AIs' level, as the frame's seats say it, and the deal number chosen.
    assert '"level": "strong"' in table.text and '"seed": 42' in table.text


def test_the_start_form_starts_a_first_visitor_on_easy_and_remembers_the_choice(
    client: TestClient,
) -> None:
    checked = re.compile(r'name="ai" value="(\w+)" checked')
    first = client.get("/games/sisepai?lang=it").text
    assert checked.findall(first) == ["easy"]
    for name in ("Facile", "Normale", "Forte"):
        assert f"<strong>{name}</strong>" in first
    response = client.post("/games/sisepai/start", data={"ai": "strong"}, follow_redirects=False)
    assert response.status_code == 303
    cookies = response.headers.get_list("set-cookie")
    (level,) = [cookie for cookie in cookies if cookie.startswith("cardavia_level")]
    assert level.startswith("cardavia_level=strong;") and "HttpOnly" in level and "Path=/" in level
    # Remembered for both games, with or without scripts: the server checks it.
    assert checked.findall(client.get("/games/chuopai").text) == ["strong"]
    client.post("/games/chuopai/start", data={"ai": "easy"}, follow_redirects=False)
    assert checked.findall(client.get("/games/sisepai").text) == ["easy"]
    client.cookies.set("cardavia_level", "wizard")
    assert checked.findall(client.get("/games/sisepai").text) == ["easy"]


def test_an_easy_deal_is_played_by_easy_ais(client: TestClient) -> None:
    created = client.post("/api/tables", json=new_deal_body("chuopai", 3, "easy"))
    assert created.status_code == 201
    assert [seat["level"] for seat in created.json()["table"]["seats"][1:]] == ["easy", "easy"]
    client.cookies.set("lang", "nl")
    page = client.post("/games/chuopai/start", data={"ai": "easy"})
    assert '"level": "easy"' in page.text and '"ai_easy": "makkelijk"' in page.text


def test_a_table_without_its_cookie_is_a_404(client: TestClient) -> None:
    response = client.post("/games/sisepai/start", data={"ai": "basic"}, follow_redirects=False)
    location = response.headers["location"]
    client.cookies.clear()
    assert client.get(location).status_code == 404


@pytest.mark.parametrize(
    ("form", "words"),
    [({"ai": "wizard"}, "strength"), ({"ai": "basic", "seed": "-4"}, "deal number")],
)
def test_a_bad_start_form_is_shown_again_with_the_problem(
    client: TestClient, form: dict[str, str], words: str
) -> None:
    response = client.post("/games/sisepai/start", data=form, follow_redirects=False)
    assert response.status_code == 422
    assert 'class="form-error"' in response.text and words in response.text


def test_the_api_docs_are_our_own_page(client: TestClient) -> None:
    html = client.get("/docs").text
    for path in ("/api/tables", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/record"):
        assert path in html
    assert "swagger" not in html.lower()
    # Only the site's own scripts every page loads: the display settings, the worker.
    scripts = re.findall(r'<script[^>]*src="(/static/[^"?]*)\?v=\w+"', html)
    assert scripts == ["/static/js/display.js", "/static/js/worker.js"]
    assert len(re.findall(r"<script", html)) == 2
    assert client.get("/redoc").status_code == 404


def test_the_index_and_the_game_page_lead_back_to_a_running_deal(client: TestClient) -> None:
    for path in ("/", "/games/sisepai"):
        assert "Continue your deal" not in client.get(path).text
    response = client.post("/games/sisepai/start", data={"ai": "basic"}, follow_redirects=False)
    location = response.headers["location"]
    for path in ("/", "/games/sisepai"):
        html = client.get(path).text
        assert html.count("Continue your deal") == 1
        assert f'href="{location}"' in html
    assert "Continue your deal" not in client.get("/games/chuopai").text, "only its own game"


def test_a_finished_deal_is_no_longer_offered_to_continue(client: TestClient) -> None:
    table_id, _game_id = started(client, "chuopai", {"ai": "basic"})
    assert "Continue your deal" in client.get("/").text
    rng = random.Random(4)
    play_to_the_end(client, table_id, rng.choice)
    assert "Continue your deal" not in client.get("/").text


def test_a_numbered_deal_shows_its_number_from_the_start(client: TestClient) -> None:
    response = client.post("/games/sisepai/start", data={"ai": "basic", "seed": "2024"})
    assert '<p class="deal-label" id="deal-label">Deal 2024</p>' in response.text
    secret = client.post("/games/sisepai/start", data={"ai": "basic"})
    assert '<p class="deal-label" id="deal-label"></p>' in secret.text


@pytest.mark.parametrize(
    ("game", "english", "chinese"), [("sisepai", "General", "将"), ("chuopai", "Heaven", "天牌")]
)
def test_a_table_carries_the_card_faces_of_its_own_language(
    client: TestClient, game: str, english: str, chinese: str
) -> None:
    # The faces are drawn once per language and kept: each page must get its own.
    faces = {}
    for lang in ("en", "zh", "zh-Hant", "en"):
        started = client.post(f"/games/{game}/start", data={"ai": "easy"}, follow_redirects=False)
        table = client.get(started.headers["location"], params={"lang": lang})
        found = re.search(r'<template id="card-faces">(.*?)</template>', table.text, re.S)
        assert found is not None
        faces.setdefault(lang, found.group(1))
        assert faces[lang] == found.group(1), "the same faces on every page of a language"
    assert english in faces["en"] and english not in faces["zh"]
    assert chinese in faces["zh"]
    assert faces["zh-Hant"] not in (faces["en"], faces["zh"]), "each Chinese its own faces"
