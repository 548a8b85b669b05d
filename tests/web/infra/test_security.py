"""Security: headers and cookies, the limit on new deals, and hostile requests.

Every hostile request gets a clear 4xx ``{"error": ...}``, changes nothing (the deal and
the number of stored deals are checked again after it), and tells nothing: no stack
trace, and the same answer for a deal that exists with the wrong token as for one that
does not exist at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Table, func, select
from table_api import new_deal_body

from cardavia.ai.base import Player
from cardavia.i18n.languages import LANGUAGES
from cardavia.store.tables import games, people_tables
from cardavia.web.app import create_app
from cardavia.web.dependencies import services_of
from cardavia.web.infra.security import CSP, NewGameLimiter, TooManyGamesError
from cardavia.web.infra.settings import Settings

from ..conftest import random_players

MakeClient = Callable[..., TestClient]

EXPECTED_CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
ALONE = b'{"name": "Bot", "seats": ["basic", "basic", "basic"], "start": true, '
"""The start of a body that deals a table of AIs at once: what follows is under test."""
LEAKS = ("Traceback", 'File "', "sqlalchemy", "psycopg", "sqlite3", "Error:")


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[MakeClient]:
    """Clients on fresh SQLite stores, with any settings changed (security does not
    depend on the kind of database: the store tests cover both)."""
    opened: list[TestClient] = []

    def make(players: Callable[[str, str], Player] = random_players, **changes: Any) -> TestClient:
        path = tmp_path / f"store{len(opened)}.sqlite3"
        settings = Settings(database_url=f"sqlite:///{path}", data_dir=tmp_path, **changes)
        client = TestClient(create_app(settings, players=players), raise_server_exceptions=False)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored_deals(client: TestClient) -> int:
    return stored_rows(client, games)


def stored_rows(client: TestClient, table: Table) -> int:
    engine = services_of(client.app).deals.store.engine
    with engine.connect() as connection:
        count: int = connection.execute(select(func.count()).select_from(table)).scalar_one()
    return count


def assert_clear_error(response: Any, status: int) -> str:
    """A JSON ``{"error": "<words>"}`` with ``status``, leaking nothing."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"} and len(body["error"]) > 10
    for leak in LEAKS:
        assert leak not in response.text
    message: str = body["error"]
    return message


# -- headers and cookies ---------------------------------------------------------------------


def csp_of(response: Any) -> dict[str, str]:
    directives = [part.strip() for part in response.headers["content-security-policy"].split(";")]
    return dict(directive.split(" ", 1) for directive in directives)


@pytest.mark.parametrize(
    "path", ["/", "/games/sisepai", "/docs", "/openapi.json", "/static/css/cardavia.css",
             "/api/tables/AAAAAAAAAAAAAAAA", "/nowhere"],
)  # fmt: skip
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    csp = csp_of(response)
    for directive, value in EXPECTED_CSP.items():
        assert csp[directive] == value, directive
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "same-origin"
    assert "strict-transport-security" not in response.headers, "only behind HTTPS"


def test_answers_about_a_deal_are_never_cached(client: TestClient) -> None:
    created = client.post("/api/tables", json=new_deal_body("sisepai"))
    assert created.headers["cache-control"] == "no-store"
    table, token = created.json()["table"]["id"], created.json()["token"]
    assert client.get(f"/api/tables/{table}", headers=auth(token)).headers["cache-control"] == (
        "no-store"
    )
    assert client.get(f"/tables/{table}").headers["cache-control"] == "no-store"


@pytest.mark.parametrize("path", ["/", "/games/sisepai", "/games/chuopai?tab=rules", "/docs"])
def test_pages_have_nothing_the_policy_would_block(client: TestClient, path: str) -> None:
    """No inline script, style or event handler: the CSP would silently break them."""
    assert_page_fits_the_policy(client.get(path).text)


def test_the_table_page_has_nothing_the_policy_would_block(client: TestClient) -> None:
    response = client.post("/games/chuopai/start", data={"ai": "basic"})
    assert response.status_code == 200 and 'id="table-data"' in response.text
    assert_page_fits_the_policy(response.text)


def assert_page_fits_the_policy(html: str) -> None:
    for tag in re.findall(r"<script\b[^>]*>", html):
        # Scripts come from files; the only inline block is data, which never runs.
        assert 'src="/static/' in tag or 'type="application/json"' in tag, tag
    assert "<style" not in html
    assert not re.search(r"\sstyle\s*=", html), "inline style attribute"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    assert "javascript:" not in html
    for url in re.findall(r'\s(?:src|action)="([^"]*)"', html):
        assert url.startswith("/") and not url.startswith("//"), url


def test_the_deal_cookie_is_httponly_samesite_and_scoped(make_client: MakeClient) -> None:
    for secure in (False, True):
        client = make_client(secure_cookies=secure)
        response = client.post("/games/sisepai/start", data={"ai": "basic"}, follow_redirects=False)
        assert response.status_code == 303
        cookies = response.headers.get_list("set-cookie")
        # The seat's token twice (the table's page and API), the running deal's id, the
        # browser's id, the level.
        assert len(cookies) == 5
        for cookie in cookies:
            attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
            assert {"httponly", "samesite", "path"} <= attributes
            assert "samesite=lax" in cookie.lower()
            assert ("secure" in attributes) is secure
        hsts = client.get("/").headers.get("strict-transport-security")
        assert (hsts is not None) is secure


# -- the limit on new deals ------------------------------------------------------------------


def test_too_many_new_deals_from_one_client_get_429(make_client: MakeClient) -> None:
    client = make_client(new_games_per_minute=3)
    for _ in range(3):
        assert client.post("/api/tables", json=new_deal_body("chuopai")).status_code == 201
    refused = client.post("/api/tables", json=new_deal_body("chuopai"))
    message = assert_clear_error(refused, 429)
    assert "too many new deals" in message
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    # The form counts against the same limit, and answers with an error page.
    page = client.post("/games/sisepai/start", data={"ai": "basic"})
    assert page.status_code == 429 and "<html" in page.text and page.headers["retry-after"]
    seconds = page.headers["retry-after"]
    assert f"Too many new deals from your address in the last minute: try again in {seconds}" in (
        page.text
    )
    # The page says it in the person's language, with the same wait.
    italian = client.post(
        "/games/sisepai/start", data={"ai": "basic"}, headers={"Accept-Language": "it"}
    )
    assert italian.status_code == 429
    assert "Troppe partite nuove dal tuo indirizzo" in italian.text
    assert f"riprova tra {italian.headers['retry-after']} secondi" in italian.text
    assert stored_deals(client) == 3


def test_a_zero_limit_means_no_limit(make_client: MakeClient) -> None:
    client = make_client(new_games_per_minute=0)
    for _ in range(25):
        assert client.post("/api/tables", json=new_deal_body("chuopai")).status_code == 201


def test_the_limit_is_a_sliding_minute_per_client() -> None:
    now = [1000.0]
    limiter = NewGameLimiter(2, clock=lambda: now[0])
    limiter.check("a")
    now[0] += 30
    limiter.check("a")
    limiter.check("b")  # another client has its own count
    with pytest.raises(TooManyGamesError) as refused:
        limiter.check("a")
    assert refused.value.retry_after == 30
    now[0] += 30.5  # the first start has left the window
    limiter.check("a")
    with pytest.raises(TooManyGamesError):
        limiter.check("a")


def test_the_limiter_forgets_idle_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    limiter = NewGameLimiter(5, clock=lambda: now[0])
    monkeypatch.setattr(NewGameLimiter, "MAX_CLIENTS", 100)
    for number in range(100):
        limiter.check(f"10.0.0.{number}")
    now[0] += 61
    limiter.check("192.0.2.1")
    assert len(limiter._starts) == 1


# -- hostile bodies --------------------------------------------------------------------------


def test_an_oversized_body_is_refused_before_it_is_read(client: TestClient) -> None:
    before = stored_deals(client)
    huge = b'{"game": "sisepai", "pad": "' + b"x" * 100_000 + b'"}'
    response = client.post(
        "/api/tables", content=huge, headers={"Content-Type": "application/json"}
    )
    assert "larger than 16384 bytes" in assert_clear_error(response, 413)
    assert response.headers["content-security-policy"] == CSP

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "sisepai", "pad": "'
        for _ in range(40):
            yield b"x" * 1000
        yield b'"}'

    streamed = client.post(
        "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert "larger than" in assert_clear_error(streamed, 413)
    form = client.post("/games/sisepai/start", content=b"ai=basic&" + b"x" * 20_000)
    assert form.status_code == 413 and "larger than" in form.text
    assert stored_deals(client) == before


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (b"\xff\xfe\x00garbage", "application/json", 422),
        (b"[" * 5000 + b"]" * 5000, "application/json", 422),
        (ALONE + b'"game": "sisepai", "seed": 1e400}', "application/json", 422),
        (
            ALONE + b'"game": "sisepai", "seed": 123456789012345678901234567890}',
            "application/json",
            422,
        ),
        (ALONE + b'"game": "sisepai", "seed": NaN}', "application/json", 422),
        (ALONE + b'"game": "sisepai"', "application/json", 422),
        (b"null", "application/json", 422),
        (b'"sisepai"', "application/json", 422),
        (ALONE + b'"game": "sisepai"}', "text/plain", 422),
        (ALONE + b'"game": ["sisepai"]}', "application/json", 422),
        (ALONE + b'"game": "sisepai", "game ": 1}', "application/json", 422),
        (ALONE + b'"game": "sisepai", "__proto__": {}}', "application/json", 422),
        (b"game=sisepai", "application/x-www-form-urlencoded", 422),
    ],
)
def test_malformed_new_deals_are_refused_in_words(
    client: TestClient, body: bytes, content_type: str, status: int
) -> None:
    response = client.post("/api/tables", content=body, headers={"Content-Type": content_type})
    assert response.status_code in (400, 422)
    assert_clear_error(response, response.status_code)
    assert stored_deals(client) == 0


@pytest.mark.parametrize(
    "body",
    [
        {"type": "act", "action": "pass", "key": 10**30},
        {"type": "act", "action": "pass", "key": -1},
        {"type": "act", "action": "pass", "key": None},
        {"type": "act", "action": None, "key": 0},
        {"type": "act", "action": ["pass"], "key": 0},
        {"type": "act", "action": "pass", "key": 0, "seat": 2},
        {"type": "act", "action": "pass", "key": 0, "token": "x"},
        {"type": "act", "action": "discard \u0000", "key": 0},
        {"type": "act", "action": "x" * 201, "key": 0},
        {"type": "start"},
        {"type": "remove", "seat": 1},
        {},
    ],
)
def test_malformed_actions_change_nothing(client: TestClient, body: dict[str, Any]) -> None:
    created = client.post("/api/tables", json=new_deal_body("sisepai", 8)).json()
    client.cookies.clear()
    token, table = created.pop("token"), created["table"]["id"]
    created.pop("invite")
    response = client.post(f"/api/tables/{table}/actions", json=body, headers=auth(token))
    assert response.status_code in (403, 409, 422)
    assert_clear_error(response, response.status_code)
    assert client.get(f"/api/tables/{table}", headers=auth(token)).json() == created


# -- tokens and other people's deals -----------------------------------------------------------


def mangled(token: str) -> str:
    """``token`` with its last character changed (a random token may end in any)."""
    return token[:-1] + ("y" if token.endswith("x") else "x")


def test_forged_reused_and_borrowed_tokens_learn_nothing(client: TestClient) -> None:
    mine = client.post("/api/tables", json=new_deal_body("sisepai", 1)).json()
    theirs = client.post("/api/tables", json=new_deal_body("sisepai", 2)).json()
    client.cookies.clear()
    table = theirs["table"]["id"]
    their_frame = {key: value for key, value in theirs.items() if key not in ("token", "invite")}
    act = {"type": "act", "action": theirs["deal"]["options"][0], "key": theirs["deal"]["key"]}
    attempts = {
        "no token": {},
        "forged": auth("A" * 32),
        "my token on their table": auth(mine["token"]),
        "their token, mangled": auth(mangled(theirs["token"])),
        "their token, not bearer": {"Authorization": f"Basic {theirs['token']}"},
        "their token in a header of mine": {"X-Token": theirs["token"]},
    }
    answers = []
    for headers in attempts.values():
        for method, path, json_body in (
            ("GET", f"/api/tables/{table}", None),
            ("POST", f"/api/tables/{table}/actions", act),
            ("GET", f"/api/tables/{table}/record", None),
            ("POST", f"/api/tables/{table}/hint", {"step": act["key"]}),
            ("GET", f"/api/tables/{table}/review", None),
        ):
            answers.append(client.request(method, path, json=json_body, headers=headers))
    # Every wrong key gets the very same answer: it says nothing of the deal.
    bodies = {(answer.status_code, answer.content) for answer in answers}
    assert len(bodies) == 1, bodies
    assert "no seat at this table" in assert_clear_error(answers[0], 403)
    # A table that does not exist, with a real token: a 404 that names nothing.
    unknown = [
        client.get("/api/tables/" + "Z" * 16, headers=auth(theirs["token"])),
        client.get(f"/api/tables/{mangled(table)}", headers=auth(mine["token"])),
    ]
    assert len({(answer.status_code, answer.content) for answer in unknown}) == 1
    assert_clear_error(unknown[0], 404)
    # My cookie does not open their table either, nor their page: a deal against the
    # AIs that is not yours is as unknown as a table that does not exist.
    client.cookies.set("cardavia_seat", mine["token"])
    assert_clear_error(client.get(f"/api/tables/{table}"), 403)
    page = client.get(f"/tables/{table}")
    nowhere = client.get("/tables/" + "Z" * 16)
    assert page.status_code == nowhere.status_code == 404
    assert page.text.replace(table, "Z" * 16) == nowhere.text
    client.cookies.clear()
    assert client.get(f"/api/tables/{table}", headers=auth(theirs["token"])).json() == (their_frame)


def test_a_token_cannot_replay_an_old_action(client: TestClient) -> None:
    created = client.post("/api/tables", json=new_deal_body("chuopai", 4)).json()
    client.cookies.clear()
    token, table, deal = created["token"], created["table"]["id"], created["deal"]
    first = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
    path = f"/api/tables/{table}/actions"
    moved = client.post(path, json=first, headers=auth(token)).json()
    for _ in range(3):
        refused = client.post(path, json=first, headers=auth(token))
        assert "moved on" in assert_clear_error(refused, 409)
    assert client.get(f"/api/tables/{table}", headers=auth(token)).json() == moved


def test_a_server_failure_is_a_500_in_words_without_a_stack_trace(
    make_client: MakeClient,
) -> None:
    class Broken:
        def choose(self, *args: Any) -> Any:
            raise RuntimeError("secret internals")

    client = make_client(players=lambda game, level: Broken())
    # The first AI decision fails; in some deals every AI answer before the person's
    # first choice is forced (no AI decides), so start deals until one reaches an AI.
    for _ in range(30):
        response = client.post("/api/tables", json=new_deal_body("sisepai"))
        if response.status_code == 500:
            break
    message = assert_clear_error(response, 500)
    assert "secret internals" not in response.text and "reload" in message


# -- the holes the attack found (issue 14) -----------------------------------------------------


@pytest.mark.parametrize(
    "seed", ["²", "①", "٣", "1" * 5000, "0" * 5000 + "1" * 17, "9007199254740992"]
)
def test_a_deal_number_that_is_not_ascii_digits_gets_the_form_again(
    client: TestClient, seed: str
) -> None:
    response = client.post("/games/sisepai/start", data={"ai": "basic", "seed": seed})
    assert response.status_code == 422 and "<html" in response.text
    assert "A deal number is a whole number from 0 to 9007199254740991" in response.text
    assert stored_deals(client) == 0


def test_leading_zeros_are_still_the_same_deal_number(client: TestClient) -> None:
    response = client.post(
        "/games/sisepai/start", data={"ai": "basic", "seed": "0" * 40 + "7"}, follow_redirects=False
    )
    assert response.status_code == 303
    table_id = response.headers["location"].rsplit("/", 1)[1]
    frame = client.get(f"/api/tables/{table_id}").json()
    assert frame["deal"]["seed"] == 7


def security_headers(response: Any) -> dict[str, str]:
    names = ("content-security-policy", "x-content-type-options", "x-frame-options",
             "referrer-policy", "cross-origin-opener-policy", "permissions-policy",
             "cache-control", "strict-transport-security")  # fmt: skip
    return {name: response.headers.get(name, "") for name in names}


@pytest.mark.parametrize("hsts", [False, True])
def test_a_500_carries_the_same_security_headers_as_every_answer(
    make_client: MakeClient, hsts: bool
) -> None:
    class Broken:
        def choose(self, *args: Any) -> Any:
            raise RuntimeError("secret internals")

    client = make_client(players=lambda game, level: Broken(), secure_cookies=hsts)
    for seed in range(30):
        failed = client.post("/api/tables", json=new_deal_body("sisepai", seed))
        if failed.status_code == 500:
            break
    assert failed.status_code == 500
    good = client.get("/api/tables/AAAAAAAAAAAAAAAA")
    assert security_headers(failed) == security_headers(good)
    assert security_headers(failed)["content-security-policy"] == CSP
    page = client.post("/games/sisepai/start", data={"ai": "basic", "seed": str(seed)})
    assert page.status_code == 500
    assert security_headers(page) == security_headers(client.get("/tables/AAAAAAAAAAAAAAAA")) | {
        "cache-control": security_headers(page)["cache-control"]
    }
    assert security_headers(page)["x-frame-options"] == "DENY"


CROSS_SITE = [
    {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://testserver.evil.example"},
]


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_another_sites_form_cannot_start_a_deal(
    make_client: MakeClient, headers: dict[str, str]
) -> None:
    client = make_client(new_games_per_minute=1)
    refused = client.post(
        "/games/sisepai/start", data={"ai": "basic"}, headers=headers, follow_redirects=False
    )
    assert refused.status_code == 403 and "<html" in refused.text
    assert "sent from another site" in refused.text
    assert "set-cookie" not in refused.headers
    api = client.post("/api/tables", json=new_deal_body("sisepai"), headers=headers)
    assert "another site" in assert_clear_error(api, 403)
    assert stored_deals(client) == 0
    # The visitor's own allowance is untouched: their next deal starts.
    own = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    started = client.post(
        "/games/sisepai/start", data={"ai": "basic"}, headers=own, follow_redirects=False
    )
    assert started.status_code == 303


def test_the_sites_own_pages_and_programs_still_post(client: TestClient) -> None:
    for headers in ({"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
                    {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "none"}, {}):  # fmt: skip
        page = client.post(
            "/games/chuopai/start", data={"ai": "basic"}, headers=headers, follow_redirects=False
        )
        assert page.status_code == 303, headers
        created = client.post("/api/tables", json=new_deal_body("chuopai"), headers=headers)
        assert created.status_code == 201, headers
        frame = created.json()
        deal = frame["deal"]
        moved = client.post(
            f"/api/tables/{frame['table']['id']}/actions",
            json={"type": "act", "action": deal["options"][0], "key": deal["key"]},
            headers=headers | auth(frame["token"]),
        )
        assert moved.status_code == 200, headers


def test_refused_requests_do_not_use_up_the_allowance(make_client: MakeClient) -> None:
    client = make_client(new_games_per_minute=2)
    for _ in range(3):
        assert client.post("/games/sisepai/start", data={"ai": "wild"}).status_code == 422
        assert client.post("/games/nothing/start", data={"ai": "basic"}).status_code == 404
        nothing = new_deal_body("chuopai") | {"game": "nothing"}
        assert client.post("/api/tables", json=nothing).status_code == 422
        below = new_deal_body("sisepai") | {"seed": -1}
        assert client.post("/api/tables", json=below).status_code == 422
        with_person = new_deal_body("chuopai") | {"seats": ["person", "basic"]}
        assert client.post("/api/tables", json=with_person).status_code == 422
        cross = client.post("/api/tables", json=new_deal_body("sisepai"), headers=CROSS_SITE[0])
        assert cross.status_code == 403
    assert client.post("/api/tables", json=new_deal_body("sisepai")).status_code == 201
    assert client.post("/games/sisepai/start", data={"ai": "basic"}).status_code == 200
    assert client.post("/api/tables", json=new_deal_body("sisepai")).status_code == 429


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(make_client: MakeClient) -> None:
    # The TestClient's requests come from the address "testclient".
    for trusted, allowed in (((), 2), (("testclient",), 5)):
        client = make_client(new_games_per_minute=2, trusted_proxies=trusted)
        answers = [
            client.post(
                "/api/tables",
                json=new_deal_body("chuopai"),
                headers={"X-Forwarded-For": f"10.0.0.{n}"},
            ).status_code
            for n in range(5)
        ]
        assert answers.count(201) == allowed, (trusted, answers)


def test_the_language_links_of_a_404_stay_on_the_site(client: TestClient) -> None:
    response = client.get("http://testserver//evil.example/x")
    assert response.status_code == 404
    switch = response.text[response.text.index('id="language-switch"') :]
    links = re.findall(r'<a href="([^"]*)"', switch[: switch.index("</ul>")])
    assert len(links) == len(LANGUAGES) and all(
        link.startswith("/") and not link.startswith("//") for link in links
    )
    assert all(link.startswith("/evil.example/x?lang=") for link in links)


@pytest.mark.parametrize(("written", "value"), [(238247.0, 238247), (0.0, 0), (7, 7)])
def test_a_json_schema_integer_is_an_integer_however_it_is_written(
    client: TestClient, written: float, value: int
) -> None:
    created = client.post("/api/tables", json=new_deal_body("chuopai") | {"seed": written})
    assert created.status_code == 201, created.text
    frame = created.json()
    assert frame["deal"]["seed"] == value
    again = client.post("/api/tables", json=new_deal_body("chuopai", value)).json()
    assert again["deal"]["view"] == frame["deal"]["view"]
    deal = frame["deal"]
    moved = client.post(
        f"/api/tables/{frame['table']['id']}/actions",
        json={"type": "act", "action": deal["options"][0], "key": float(deal["key"])},
        headers=auth(frame["token"]),
    )
    assert moved.status_code == 200, moved.text


@pytest.mark.parametrize("seed", ["238247", True, 2.5, 1e400, -1.0, 2.0**53])
def test_what_json_schema_calls_no_integer_is_refused(client: TestClient, seed: Any) -> None:
    written = b"1e400" if seed == 1e400 else json.dumps(seed).encode()
    body = json.dumps(new_deal_body("chuopai"))[:-1].encode() + b', "seed": ' + written + b"}"
    response = client.post(
        "/api/tables", content=body, headers={"Content-Type": "application/json"}
    )
    assert_clear_error(response, 422)


@pytest.mark.parametrize("path", ["/docs/", "/games/chuopai/", "/games/chuopai/?lang=it"])
def test_a_redirect_never_sends_the_browser_to_the_host_the_request_named(
    client: TestClient, path: str
) -> None:
    response = client.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert response.status_code == 307
    location = response.headers["location"]
    assert location == path.replace("/?", "?").rstrip("/")  # (was http://evil.example/docs)
    assert "evil.example" not in location and not location.startswith("//")


@pytest.mark.parametrize(
    ("path", "methods"),
    [("/replay", "GET, POST"), ("/api/deals/x/ai-seat", "GET, POST"), ("/api/tables", "POST")],
)
def test_a_405_names_every_method_of_its_path(client: TestClient, path: str, methods: str) -> None:
    response = client.put(path)
    assert response.status_code == 405
    assert response.headers["allow"] == methods  # (said GET alone for /replay)


def test_tables_and_their_deals_count_against_the_same_allowance(make_client: MakeClient) -> None:
    client = make_client(new_games_per_minute=4)
    body = {"game": "chuopai", "name": "Ann", "seats": ["basic", "basic"]}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201
    table, token = made.json()["table"]["id"], made.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    started = client.post(f"/api/tables/{table}/actions", json={"type": "start"}, headers=auth)
    assert started.status_code == 200, "a table's deal is the second new deal"
    form = client.post("/games/chuopai/friends", data={"name": "Bo", "seat1": "basic"})
    assert form.status_code in (200, 303), "the friends form's table is the third"
    assert client.post("/api/tables", json=body).status_code == 201, "the fourth"
    client.cookies.clear()
    refused = client.post("/api/tables", json=body)
    assert "too many new deals" in assert_clear_error(refused, 429)
    page = client.post("/games/chuopai/friends", data={"name": "Cy", "seat1": "basic"})
    assert page.status_code == 429 and "Too many new deals" in page.text
    with client.websocket_connect(f"/api/tables/{table}/live", headers=auth) as socket:
        socket.receive_json()
        socket.send_json({"type": "again", "same": True})
        message = socket.receive_json()
        while message["type"] == "table":
            message = socket.receive_json()
        assert message["code"] == 429 and "too many new deals" in message["error"]
    assert stored_rows(client, people_tables) == 3, "no table was made beyond the allowance"
