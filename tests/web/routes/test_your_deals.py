"""*Your deals*: a browser's own deals, continued, replayed, shared, played again, deleted;
nobody else's, and nothing of a running deal's cards."""

from __future__ import annotations

import dataclasses
import re
import secrets
from typing import Any

from fastapi.testclient import TestClient
from table_api import play_to_the_end, started

from cardavia.records import parse_record, replay
from cardavia.store import FINISHED, ONGOING, GameStore
from cardavia.web.dependencies import services_of
from cardavia.web.infra.browsers import COOKIE as BROWSER
from cardavia.web.presentation.deal_stats import Result


def start(client: TestClient, game: str = "sisepai", seed: int | None = None) -> str:
    """A deal started with the page's form (a table of one person); its id."""
    form = {"ai": "basic"} | ({"seed": str(seed)} if seed is not None else {})
    return started(client, game, form)[1]


def table_of(client: TestClient, game_id: str) -> str:
    """The table the deal ``game_id`` is played at."""
    stored = store_of(client).get(game_id)
    assert stored is not None and stored.meta is not None
    return str(stored.meta["table"])


def finish(client: TestClient, game_id: str) -> dict[str, Any]:
    """Play the deal to its end through its table's API (the seat's cookie is the key)."""
    return play_to_the_end(client, table_of(client, game_id))


def store_of(client: TestClient) -> GameStore:
    store: GameStore = services_of(client.app).deals.store
    return store


def test_the_list_shows_this_browsers_deals_and_continues_a_running_one(
    client: TestClient, other: TestClient
) -> None:
    running = start(client, "sisepai", seed=4)
    done = start(client, "chuopai", seed=9)
    state = finish(client, done)
    html = client.get("/deals").text
    assert f'href="/tables/{table_of(client, running)}">Continue<' in html
    assert f'href="/replay/{done}">Replay<' in html
    assert html.index(f"deal-{done}") < html.index(f"deal-{running}"), "newest first"
    row = html[html.index(f'id="deal-{done}"') :].split("</tr>")[0]
    result = Result.from_json(state["result"])
    assert f'<td data-label="Your score">{result.score_of(0)}</td>' in row
    assert client.get(f"/tables/{table_of(client, running)}").status_code == 200
    # Another browser lists nothing of it, and the page has no trace of those deals.
    theirs = other.get("/deals").text
    assert "No deals yet in this browser." in theirs
    assert running not in theirs and done not in theirs


def test_a_running_deals_row_shows_nothing_of_its_cards(client: TestClient) -> None:
    game_id = start(client, "sisepai", seed=77)
    stored = store_of(client).get(game_id)
    assert stored is not None
    row = client.get("/deals").text.split(f'id="deal-{game_id}"')[1].split("</tr>")[0]
    assert "In progress" in row and "Replay" not in row and "Share" not in row
    # No card code of the deck, no seed: only what the person saw when they started.
    # The start time is the person's own fact; its digits may hold any number, so it is left out,
    # and so are the deal's and the table's random ids in the row's links (a table's id once
    # held "77": "/tables/cQCDzX779cF0yGIO").
    links = row.replace(game_id, "").replace(table_of(client, game_id), "")
    shown = re.sub(r"<time[^>]*>.*?</time>", "", links)
    assert "77" not in shown
    assert not re.search(r"\b[rywg][GAERHCS]\b|\bF[1-5]\b", row)


def test_the_record_at_a_glance_counts_what_the_deals_say(client: TestClient) -> None:
    results = []
    for seed in (1, 2, 3):
        game_id = start(client, "sisepai", seed=seed)
        results.append(Result.from_json(finish(client, game_id)["result"]))
    start(client, "chuopai", seed=5)  # running: not counted
    html = client.get("/deals").text
    won = [r.score_of(0) for r in results if 0 in r.winners]
    mean = f"{sum(won) / len(won):.1f}" if won else "—"
    expected = f"<td>Normal</td><td>3</td><td>{len(won)}</td><td>{mean}</td>"
    assert expected in html
    assert "Chuo Pai</th><td>" not in html, "an unfinished game has no line"
    svg = html[html.index('<svg class="chart"') : html.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    kinds = re.findall(r'class="(bar won|bar shared|lost|draw)"', svg)
    assert len(kinds) == 3
    assert f"Won: {sum(r.kind_for(0) == 'won' for r in results)}." in svg


def test_only_its_browser_deletes_a_deal(client: TestClient, other: TestClient) -> None:
    game_id = start(client)
    table_id = table_of(client, game_id)
    assert other.post(f"/deals/{game_id}/delete", follow_redirects=False).status_code == 404
    assert store_of(client).get(game_id) is not None, "another browser changed nothing"
    response = client.post(f"/deals/{game_id}/delete", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/deals?done=deleted"
    assert store_of(client).get(game_id) is None
    assert client.get(f"/tables/{table_id}").status_code == 404
    assert game_id not in client.get("/deals").text
    assert "The deal and its record were deleted." in client.get("/deals?done=deleted").text


def test_another_sites_page_cannot_delete_a_deal(client: TestClient) -> None:
    game_id = start(client)
    response = client.post(
        f"/deals/{game_id}/delete",
        headers={"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
        follow_redirects=False,
    )
    assert response.status_code == 403
    assert store_of(client).get(game_id) is not None


def test_a_running_deal_has_no_replay_for_anyone(client: TestClient, other: TestClient) -> None:
    game_id = start(client)
    unknown = client.get("/replay/nosuchdealhere00")
    for who in (client, other):
        response = who.get(f"/replay/{game_id}")
        assert response.status_code == 404
        assert response.text == unknown.text.replace("nosuchdealhere00", game_id)
    assert client.post(f"/deals/{game_id}/share", follow_redirects=False).status_code == 404
    assert client.post(f"/play/{game_id}/again", follow_redirects=False).status_code == 404


def test_a_shared_replay_opens_anywhere_until_it_is_taken_back(
    client: TestClient, other: TestClient
) -> None:
    game_id = start(client, "chuopai", seed=31)
    finish(client, game_id)
    assert client.get(f"/replay/{game_id}").status_code == 200
    assert other.get(f"/replay/{game_id}").status_code == 404, "a replay is its browser's"
    assert other.post(f"/deals/{game_id}/share", follow_redirects=False).status_code == 404
    shared = client.post(f"/deals/{game_id}/share", follow_redirects=False)
    assert shared.status_code == 303
    link = re.search(
        r'value="http://testserver(/shared/[A-Za-z0-9_-]{24})"', client.get("/deals").text
    )
    assert link is not None
    assert other.get(link.group(1)).status_code == 200
    assert client.post(f"/deals/{game_id}/unshare", follow_redirects=False).status_code == 303
    assert other.get(link.group(1)).status_code == 404
    client.post(f"/deals/{game_id}/share")
    again = store_of(client).get(game_id)
    assert again is not None and again.share_id and again.share_id not in link.group(1)
    assert other.get(link.group(1)).status_code == 404, "sharing anew makes a new link"


def test_play_again_deals_the_same_cards_to_the_same_seat(client: TestClient) -> None:
    game_id = start(client, "sisepai")  # a secret deal number: revealed at its end
    finish(client, game_id)
    table_id = table_of(client, game_id)
    response = client.post(f"/play/{game_id}/again", follow_redirects=False)
    assert response.status_code == 303
    again_table = response.headers["location"].rsplit("/", 1)[-1]
    again_id = client.get(f"/api/tables/{again_table}").json()["deal"]["id"]
    assert again_id != game_id
    first, second = store_of(client).get(game_id), store_of(client).get(again_id)
    assert first is not None and second is not None
    assert (second.deck, second.first, second.ai) == (first.deck, first.first, first.ai)
    assert second.browser_hash == first.browser_hash and second.status != FINISHED
    # The records say so too: the new deal's record, once over, has the same deck.
    finish(client, again_id)
    record = parse_record(client.get(f"/api/tables/{again_table}/record").content)
    original = parse_record(client.get(f"/api/tables/{table_id}/record").content)
    assert record.deck == original.deck and record.first == original.first
    # The same choices and the same AI generators: the same deal, move for move.
    assert record.actions == original.actions
    assert client.get("/deals").text.count('class="deal-row') == 2


def test_the_browser_id_is_kept_and_only_its_hash_stored(client: TestClient) -> None:
    one = start(client)
    browser = client.cookies.get(BROWSER)
    two = start(client)
    assert client.cookies.get(BROWSER) == browser, "the same browser keeps its id"
    stored = [store_of(client).get(game_id) for game_id in (one, two)]
    hashes = {deal.browser_hash for deal in stored if deal is not None}
    assert len(hashes) == 1 and browser not in hashes


# -- deals played before every deal was a table (issue 24) -------------------------------------


def old_deal(client: TestClient, game_id: str, finished: bool) -> str:
    """A copy of the deal ``game_id`` as a deal against the AIs played before tables
    stored it (no table in its meta, its browser its owner): its id."""
    store = store_of(client)
    stored = store.get(game_id)
    assert stored is not None
    old = dataclasses.replace(stored, id=secrets.token_urlsafe(12), meta=None, version=1)
    if not finished:
        old = dataclasses.replace(old, status=ONGOING, result=None, decisions=(), step=0)
    store.insert(old)
    return old.id


def test_an_old_deals_address_leads_to_its_replay_or_says_it_cannot_go_on(
    client: TestClient, other: TestClient
) -> None:
    game_id = start(client, "chuopai", seed=5)
    running_at_table = client.get(f"/play/{game_id}", follow_redirects=False)
    assert running_at_table.status_code == 303
    assert running_at_table.headers["location"] == f"/tables/{table_of(client, game_id)}"
    finish(client, game_id)
    done, running = old_deal(client, game_id, True), old_deal(client, game_id, False)
    # A finished deal: its replay (its browser's; anyone else gets the replay's 404).
    replay = client.get(f"/play/{done}", follow_redirects=False)
    assert replay.status_code == 303 and replay.headers["location"] == f"/replay/{done}"
    assert client.get(f"/play/{done}").status_code == 200
    assert other.get(f"/play/{done}").status_code == 404
    # A running deal of the old kind cannot be played on: a page that says so, in words,
    # and leads to a new deal of its game.
    page = client.get(f"/play/{running}")
    assert page.status_code == 410 and "can no longer be played on" in page.text
    assert 'href="/games/chuopai"' in page.text
    assert client.get("/play/nosuchdealhere00").status_code == 404
    # Your deals still lists both, and continues the running one at that page.
    listed = client.get("/deals").text
    assert f'id="deal-{done}"' in listed and f'id="deal-{running}"' in listed
    assert f'href="/play/{running}"' in listed and f'href="/replay/{done}"' in listed


def test_a_finished_deals_record_downloads_for_its_browser_only(
    client: TestClient, other: TestClient
) -> None:
    game_id = start(client, "sisepai", seed=17)
    assert client.get(f"/deals/{game_id}/record").status_code == 404, "running: no deck"
    result = finish(client, game_id)["result"]
    old = old_deal(client, game_id, True)
    for deal_id in (game_id, old):
        answer = client.get(f"/deals/{deal_id}/record")
        assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
        assert replay(parse_record(answer.content)).to_json() == result
        assert other.get(f"/deals/{deal_id}/record").status_code == 404
    replayed = client.get(f"/replay/{old}").text
    assert f'href="/deals/{old}/record"' in replayed


def test_an_old_deal_is_played_again_at_a_table(client: TestClient) -> None:
    game_id = start(client, "chuopai", seed=23)
    finish(client, game_id)
    old = old_deal(client, game_id, True)
    again = client.post(f"/play/{old}/again", follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"].startswith("/tables/")
    frame = client.get("/api" + again.headers["location"]).json()
    stored = store_of(client).get(frame["deal"]["id"])
    first = store_of(client).get(old)
    assert stored is not None and first is not None
    assert (stored.deck, stored.first, stored.ai) == (first.deck, first.first, first.ai)
