"""The pages of a table of people, through the app: the *Play with friends* form, the
invitation, the waiting room's page; bad input gets a clear page in the person's
language and makes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.i18n.languages import LANGUAGES
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

from ..conftest import basic_players


@pytest.fixture
def app(settings: Settings) -> Iterator[Any]:
    yield create_app(settings, players=basic_players)


def client_of(app: Any) -> TestClient:
    return TestClient(app, follow_redirects=False)


def make_table(host: TestClient, game: str = "chuopai", **fields: str) -> str:
    form = {"name": "Ann", "seat1": "person", "seat2": "basic"} | fields
    answer = host.post(f"/games/{game}/friends", data=form)
    assert answer.status_code == 303, answer.text
    location = answer.headers["location"]
    assert re.fullmatch(r"/tables/[A-Za-z0-9_-]+", location)
    return location.rsplit("/", 1)[1]


def table_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html)
    assert found
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def invite_of(host: TestClient, table_id: str) -> str:
    link = table_data(host.get(f"/tables/{table_id}").text)["invite"]
    assert link
    return str(link).split("invite=", 1)[1]


def test_the_game_page_offers_a_table_for_friends_with_a_choice_per_other_seat(
    app: Any,
) -> None:
    with client_of(app) as browser:
        four = browser.get("/games/sisepai").text
        three = browser.get("/games/chuopai").text
    assert 'action="/games/sisepai/friends"' in four
    assert len(re.findall(r'<select name="seat\d"', four)) == 3
    assert len(re.findall(r'<select name="seat\d"', three)) == 2
    assert 'name="claim_seconds"' in four and 'name="turn_seconds"' in four


def test_the_friends_form_names_the_ai_levels_as_the_start_form_does(app: Any) -> None:
    # One set of levels on the site: a host who chose Easy for a first deal finds it here.
    with client_of(app) as host:
        page = host.get("/games/sisepai?lang=it").text
        seat = page.split('<select name="seat1">')[1].split("</select>")[0]
        absent = page.split('<select name="absent">')[1].split("</select>")[0]
        options = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)<', seat)
        assert options == [
            ("person", "un amico"),
            ("easy", "IA: Facile"),
            ("basic", "IA: Normale"),
            ("strong", "IA: Forte"),
        ]
        assert re.findall(r'<option value="(\w+)"', absent) == ["easy", "basic", "strong"]
        table_id = make_table(host, game="sisepai", seat2="easy", seat3="strong", absent="easy")
        data = table_data(host.get(f"/tables/{table_id}").text)
    levels = [seat.get("level") for seat in data["frame"]["table"]["seats"]]
    assert levels[2:] == ["easy", "strong"]
    assert data["frame"]["table"]["settings"]["absent"] == "easy"


def test_the_host_gets_a_waiting_room_with_the_invitation(app: Any) -> None:
    with client_of(app) as host:
        table_id = make_table(host)
        page = host.get(f"/tables/{table_id}")
    assert page.status_code == 200
    data = table_data(page.text)
    assert data["me"] == 0 and data["host"] is True
    assert data["frame"]["table"]["status"] == "gathering"
    assert data["frame"]["deal"] is None
    assert data["invite"].startswith(f"http://testserver/tables/{table_id}?invite=")


@pytest.mark.parametrize("name", ["<b>Ann</b>", "", " ", "A" * 25, "Ann\u202e"])
def test_a_bad_host_name_gets_the_form_again_and_makes_no_table(app: Any, name: str) -> None:
    with client_of(app) as host:
        answer = host.post("/games/chuopai/friends?lang=it", data={"name": name, "seat1": "person"})
    assert answer.status_code == 422
    assert "Scegli un nome da 1 a 24 caratteri" in answer.text
    assert "<b>Ann</b>" not in answer.text  # sent back escaped, never as markup
    assert "cardavia_seat" not in answer.headers.get("set-cookie", "")


@pytest.mark.parametrize(
    "fields",
    [{"seat1": "robot"}, {"absent": "oracle"}, {"claim_seconds": "2"}, {"turn_seconds": "x"}],
)
def test_bad_choices_get_the_form_again_in_words(app: Any, fields: dict[str, str]) -> None:
    with client_of(app) as host:
        answer = host.post("/games/chuopai/friends", data={"name": "Ann"} | fields)
    assert answer.status_code == 422
    assert 'class="form-error"' in answer.text
    assert "cardavia_seat" not in answer.headers.get("set-cookie", "")


def test_a_friend_takes_a_seat_by_the_invitation_with_a_name_in_any_script(app: Any) -> None:
    with client_of(app) as host, client_of(app) as friend:
        table_id = make_table(host, name="Ann & 'Bo'")
        invite = invite_of(host, table_id)
        # Without a seat and without the invitation: what to do, not the table.
        assert friend.get(f"/tables/{table_id}").status_code == 403
        form = friend.get(f"/tables/{table_id}?invite={invite}")
        assert form.status_code == 200
        assert "Ann &amp; &#39;Bo&#39;" in form.text  # the host's name, escaped
        answer = friend.post(f"/tables/{table_id}/join", data={"invite": invite, "name": "李梅"})
        assert answer.status_code == 303
        page = friend.get(f"/tables/{table_id}")
    data = table_data(page.text)
    assert data["me"] == 1 and data["host"] is False and data["invite"] is None
    seats = data["frame"]["table"]["seats"]
    # The AI at seat 2 has its own name, the same on every screen (players.py).
    assert [seat.get("name") for seat in seats] == ["Ann & 'Bo'", "李梅", "Zhu"]


def test_a_wrong_invitation_a_bad_name_and_a_full_table_change_nothing(app: Any) -> None:
    with client_of(app) as host, client_of(app) as first, client_of(app) as late:
        table_id = make_table(host)
        invite = invite_of(host, table_id)
        assert first.get(f"/tables/{table_id}?invite=nope").status_code == 404
        wrong = first.post(f"/tables/{table_id}/join", data={"invite": "nope", "name": "Bo"})
        assert wrong.status_code == 404
        marked = first.post(
            f"/tables/{table_id}/join?lang=nl", data={"invite": invite, "name": "<i>Bo</i>"}
        )
        assert marked.status_code == 422
        assert "Geef een naam van 1 tot 24 tekens" in marked.text
        assert "<i>Bo</i>" not in marked.text
        seated = first.post(f"/tables/{table_id}/join", data={"invite": invite, "name": "Bo"})
        assert seated.status_code == 303
        full = late.post(f"/tables/{table_id}/join", data={"invite": invite, "name": "Cy"})
        assert full.status_code == 409
        assert "Every seat at this table is taken" in full.text
        seats = table_data(host.get(f"/tables/{table_id}").text)["frame"]["table"]["seats"]
    assert [seat.get("name") for seat in seats] == ["Ann", "Bo", "Zhu"]
    assert [seat["state"] for seat in seats] == ["here", "here", "ai"]


def test_a_name_like_the_hosts_gets_the_form_again_in_words(app: Any) -> None:
    with client_of(app) as host, client_of(app) as friend:
        table_id = make_table(host, name="Host")
        invite = invite_of(host, table_id)
        fake = {"invite": invite, "name": "Ноst"}  # Cyrillic Н and о
        answer = friend.post(f"/tables/{table_id}/join?lang=it", data=fake)
        assert answer.status_code == 422
        assert "Qualcuno a questo tavolo ha un nome che sembra uguale a questo" in answer.text
        api = friend.post(f"/api/tables/{table_id}/seats", json=fake)
        assert api.status_code == 422
        seats = table_data(host.get(f"/tables/{table_id}").text)["frame"]["table"]["seats"]
    assert [seat.get("name") for seat in seats] == ["Host", None, "Zhu"]


def test_the_language_switch_keeps_the_invitation(app: Any) -> None:
    with client_of(app) as host, client_of(app) as friend:
        table_id = make_table(host)
        invite = invite_of(host, table_id)
        for page in (
            friend.get(f"/tables/{table_id}?invite={invite}"),
            friend.post(f"/tables/{table_id}/join", data={"invite": invite, "name": "<b>"}),
        ):
            switch = page.text[page.text.index('id="language-switch"') :]
            links = re.findall(r'<a href="([^"]*)"', switch[: switch.index("</ul>")])
            assert links == [
                f"/tables/{table_id}?invite={invite}&amp;lang={code}" for code in LANGUAGES
            ]
        italian = friend.get(links[1].replace("&amp;", "&"))  # (was ?invite=…?lang=it: 404)
    assert italian.status_code == 200
    assert (
        f'action="/tables/{table_id}/join"' in italian.text and '<html lang="it">' in italian.text
    )


def test_the_table_page_speaks_the_persons_language(app: Any) -> None:
    with client_of(app) as host:
        table_id = make_table(host)
        page = host.get(f"/tables/{table_id}?lang=zh")
    assert "等待玩家" in page.text
    assert table_data(page.text)["messages"]["start"] == "开始牌局"
