"""Friends at one table, in Debian's Chromium: two and three browser contexts play a whole
deal of each game together by clicking, through claim windows, on one process with
SQLite and on two processes sharing a throwaway PostgreSQL (the host's browser on one,
the friends' on the other: each move reaches the others through NOTIFY).

Along the way, in the two-person deals: a decision left to run out is made by the AI
and the log says so; a reload in the middle of the deal reads the same log as before;
a friend who closes the page is played by the AI (everyone sees it) and takes the seat
back by opening the table again in the same browser. A host who gives the friend's seat
to an AI ends the deal as a deal against the AIs ends.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from browser import serve
from deal_driver import at_random
from deal_driver import play_deal as play_deal_by_clicks
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from cardavia.ai.registry import get_player
from cardavia.records import parse_record, replay
from cardavia.testing.browser import click
from cardavia.testing.servers import ServerProcess
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

AWAY = 2
"""Seconds a closed page's person stays at the table before the AI plays for them."""
HOLD = 0.3
"""Seconds each decision stays on show at least (the site's 1.5 s would add a minute to
every Sì Sè Pái deal of people, one claim window per discard, without testing more)."""
CLAIM, TURN = 6, 10
"""The tables' timers (the shortest a host may choose are 5 and 10 s)."""


@dataclass
class Site:
    """Where the host's browser goes, and where the friends' go (the same place on one
    process; the other process on two)."""

    host: str
    friends: str
    servers: list[ServerProcess] = field(default_factory=list)
    """The server processes (none: the site runs in this process)."""
    people: list[Person] = field(default_factory=list)
    """Every browser that came to the site (their evidence, if the test fails)."""


def _basic(game: str, level: str) -> Any:
    return get_player(game, "basic")


@pytest.fixture
def one_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site in this process (uvicorn in a thread) on a fresh SQLite file."""
    path = tmp_path_factory.mktemp("site") / "cardavia.sqlite3"
    settings = Settings.for_sqlite(path).model_copy(
        update={"new_games_per_minute": 1000, "away_seconds": float(AWAY), "hold_seconds": HOLD}
    )
    with serve(create_app(settings, players=_basic)) as url:
        yield Site(url, url)


@pytest.fixture(params=["sqlite", "postgres-two-processes"])
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    if request.param == "sqlite":
        yield request.getfixturevalue("one_process")
        return
    url = request.getfixturevalue("postgres_url")
    data = tmp_path_factory.mktemp("two")
    env = {
        "DATABASE_URL": url,
        "CARDAVIA_DATA": str(data),
        "CARDAVIA_NEW_GAMES_PER_MINUTE": "0",
        "CARDAVIA_AWAY_SECONDS": str(AWAY),
        "CARDAVIA_HOLD_SECONDS": str(HOLD),
    }
    servers = [ServerProcess(env) for _ in range(2)]
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.wait_ready()
        yield Site(servers[0].url, servers[1].url, servers)
    finally:
        for server in servers:
            server.close()


@dataclass
class Person:
    """One friend's browser at the table."""

    context: BrowserContext
    page: Page
    site: str
    where: Site
    table_id: str = ""
    decisions: int = 0
    gone: bool = False
    coached: bool = False
    """The person used the Hint and the take-back guard (:func:`coached`)."""
    errors: list[str] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)
    """What the page heard and said, in order: its sockets' frames, its requests to the
    table's API, its console, the test's clicks (a failure's evidence)."""
    note: Callable[[str], None] = print
    """Adds a line to ``heard``, timestamped (set by :func:`watch`)."""

    @property
    def address(self) -> str:
        return f"{self.site}/tables/{self.table_id}"

    def frame(self) -> dict[str, Any]:
        """The seat's frame, through the API with the page's own cookie."""
        response = self.page.request.get(f"{self.site}/api/tables/{self.table_id}")
        assert response.ok, response.text()
        data: dict[str, Any] = response.json()
        return data

    def log(self) -> list[str]:
        texts: list[str] = self.page.locator("#log li").all_inner_texts()
        return texts

    def open(self) -> None:
        """Open the table (again) in this browser."""
        self.page = self.context.new_page()
        watch(self)
        self.page.goto(self.address)
        # A whole page load and the seat's log rebuilt: at a load of 8 on two cores (two
        # servers, PostgreSQL, three pages) it once took the full default 15 s.
        self.page.wait_for_selector("#table-app[data-ready=true]", timeout=30000)
        self.gone = False


def watch(person: Person) -> None:
    person.page.set_default_timeout(15000)
    person.page.on("pageerror", lambda error: person.errors.append(str(error)))
    heard = person.heard

    def note(text: str) -> None:
        heard.append(f"{datetime.now():%H:%M:%S.%f} {text}")

    person.note = note

    def socket(ws: WebSocket) -> None:
        note(f"socket open {ws.url}")
        ws.on("framereceived", lambda payload: note(f"<- {_summary(payload)}"))
        ws.on("framesent", lambda payload: note(f"-> {payload!s}"))
        ws.on("close", lambda _: note("socket closed"))

    person.page.on("websocket", socket)
    person.page.on("console", lambda message: note(f"console {message.type}: {message.text}"))
    person.page.on(
        "response",
        lambda response: (
            "/api/tables/" in response.url
            and note(
                f"{response.request.method} {response.url.split('/api/tables/', 1)[1]}"
                f" {response.status}"
            )
        ),
    )


def _summary(payload: str | bytes) -> str:
    """A socket message in one line: a frame's table status, deal, decision and log."""
    try:
        body = json.loads(payload)
    except ValueError:
        return repr(payload)[:200]
    if body.get("type") != "table":
        return json.dumps(body, ensure_ascii=False)[:300]
    deal = body["deal"] or {}
    return (
        f"frame table={body['table']['status']} deals={body['table']['deals']}"
        f" seats={[s['state'] for s in body['table']['seats']]} deal={deal.get('id')}"
        f" key={deal.get('key')} seen={deal.get('seen')} events={len(deal.get('events', []))}"
        f" options={len(deal.get('options', []))} over={deal.get('result') is not None}"
        f" timer={(deal.get('timer') or {}).get('deadline')}"
        f" mark={body.get('mark')}"
    )


@contextmanager
def witnessed(site: Site) -> Iterator[None]:
    """A failure inside says what every page heard and what the servers logged."""
    try:
        yield
    except (Exception, pytest.fail.Exception) as exc:
        pytest.fail(evidence(site.people, f"{type(exc).__name__}: {exc}"))


def evidence(people: list[Person], headline: str) -> str:
    """``headline``, then every page's state and what it heard, and both servers' logs;
    also kept in a file (the servers' logs are removed with them)."""
    if not people:
        return headline
    parts = [headline]
    for index, person in enumerate(people):
        try:
            shown = person.page.evaluate(
                "() => ({...document.getElementById('table-app').dataset,"
                " prompt: document.getElementById('prompt').innerText})"
            )
            deal = person.frame()["deal"] or {}
            state = f"shows {shown}; its seat's frame: deal {deal.get('id')} key {deal.get('key')}"
            state += f" result {deal.get('result')}"
        except Exception as exc:  # a closed page says why
            state = f"cannot be read: {exc}"
        parts.append(f"== person {index} ({person.site}): {state}; page errors {person.errors}")
        parts.extend(person.heard)
    for server in people[0].where.servers:
        parts.append(f"== server {server.url}:\n{server.output()}")
    text = "\n".join(parts)
    kept = Path(tempfile.mkdtemp(prefix="cardavia-browser-play-")) / "evidence.txt"
    kept.write_text(text)
    return f"{text[-20000:]}\n(all of it in {kept})"


def browser_of(
    browser: Browser, where: Site, site: str, size: tuple[int, int] = (1366, 768)
) -> Person:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    # The tests wait for the table, not its animations nor the take-back guard's moment
    # (the coached hook switches the guard on where it is the subject).
    context.add_init_script(
        "localStorage.setItem('cardavia.pace', 'instant');"
        " localStorage.setItem('cardavia.guard', '0')"
    )
    person = Person(context, context.new_page(), site, where)
    where.people.append(person)
    watch(person)
    return person


def gather(
    browser: Browser, site: Site, game: str, seats: list[str], turn: int = TURN, claim: int = CLAIM
) -> list[Person]:
    """The host makes the table on the game page (a discard, lead or beat has ``turn``
    seconds), the friends open the invitation and take the free seats, the host deals."""
    host = browser_of(browser, site, site.host)
    page = host.page
    page.goto(f"{site.host}/games/{game}")
    page.fill("#friends input[name=name]", "Ann")
    for index, kind in enumerate(seats, 1):
        page.select_option(f"select[name=seat{index}]", kind)
    page.locator("#friends summary").click()
    page.fill("input[name=claim_seconds]", str(claim))
    page.fill("input[name=turn_seconds]", str(turn))
    page.click("#friends button[type=submit]")
    page.wait_for_selector("#room:not([hidden])")
    host.table_id = page.url.rsplit("/", 1)[1]
    link = page.input_value("#invite-link")
    assert link.startswith(f"{site.host}/tables/{host.table_id}?invite=")
    people = [host]
    for name in ("Bảo", "李梅")[: seats.count("person")]:
        friend = browser_of(browser, site, site.friends)
        friend.table_id = host.table_id
        friend.page.goto(link.replace(site.host, site.friends))
        friend.page.fill("input[name=name]", name)
        friend.page.click("button[type=submit]")
        friend.page.wait_for_selector("#room:not([hidden])")
        people.append(friend)
    # Everyone's waiting room shows everyone who arrived, live.
    names = ["Bảo", "李梅"][: seats.count("person")]
    for name in names:
        page.locator("#room-seats", has_text=name).wait_for()
    page.click("#start")
    for person in people:
        person.page.wait_for_selector("#panel-table:not([hidden])")
    # The host's Play this deal again, as drawn now: every frame of the deal must leave
    # it in place (see finish).
    page.locator("#again-same").evaluate("button => { window.firstAgain = button; }")
    return people


def settled(person: Person, key: int, timeout: float = 15000) -> bool:
    """True once the page shows decision ``key`` with nothing left to play back and
    every region fitted (a region whose cards changed is hidden until then: board.js's
    ``settle``); False when it shows a later one instead (the table moved on meanwhile:
    under load a decision's timer can run out before the page gets to it)."""
    try:
        shown = person.page.wait_for_function(
            "(key) => { const app = document.getElementById('table-app');"
            " return app.dataset.busy === 'false' && !app.querySelector('[data-fitting]')"
            " && Number(app.dataset.step) >= key && app.dataset.step; }",
            arg=key,
            timeout=timeout,
        )
    except PlaywrightTimeoutError:
        return False
    return bool(shown.json_value() == str(key))


def answer(person: Person, deal: dict[str, Any], action: str) -> None:
    """Click ``action`` at the decision of ``deal`` (the seat's frame, read a moment ago),
    unless the table stops waiting for it first: on a loaded machine the decision's timer
    can run out before the click lands, and the AI answers for the person (as at any
    table). Nothing else may close it, and a page that hides a decision the table still
    waits for fails."""
    try:
        click(person.page, action, wait_after=False)
    except PlaywrightTimeoutError:
        now = person.frame()["deal"]
        if now["key"] == deal["key"] and action in now["options"] and not now["result"]:
            raise  # still waited for, yet not clickable
        timer = deal["timer"]
        assert timer is not None and time.time() * 1000 >= timer["deadline"], (
            f"decision {deal['key']} closed before its time ran out, without {action!r}"
        )


def moved_on(person: Person, key: int, seconds: float) -> dict[str, Any]:
    """The seat's frame once its decision ``key`` is no longer waited for."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        deal = person.frame()["deal"]
        if deal["key"] != key or not deal["options"] or deal["result"]:
            return deal
        time.sleep(0.1)
    pytest.fail(f"decision {key} was still waited for after {seconds} s")


Hook = Any


def play_deal(people: list[Person], seed: int, hooks: dict[tuple[int, int], Hook]) -> None:
    """Every person plays until the deal ends: each, in turn, answers its decisions by
    clicking one of its options (drawn from ``seed``). ``hooks[(person, n)]`` runs instead
    at that person's ``n``-th decision (a timeout, a reload, leaving)."""
    rng = random.Random(seed)
    for _ in range(3000):
        over = True
        for index, person in enumerate(people):
            if person.gone:
                over = False
                continue
            deal = person.frame()["deal"]
            if deal["result"]:
                continue
            over = False
            if not deal["options"] or not settled(person, deal["key"]):
                continue
            person.decisions += 1
            hook = hooks.pop((index, person.decisions), None)
            if hook is not None:
                hook(people, index, deal)
                continue
            answer(person, deal, rng.choice(sorted(deal["options"])))
            moved_on(person, deal["key"], 20)
        if over:
            return
        time.sleep(0.05)
    pytest.fail("the deal did not end")


def coached(people: list[Person], index: int, deal: dict[str, Any]) -> None:
    """At the person's first decision (a claim window or a turn, both long enough here to
    look around): the Hint, marked on the table and the same as the API says; then the
    take-back guard switched on in the Display menu, a choice taken back before anything
    reached the server, and the guard off again; then the hint played."""

    person = people[index]
    page = person.page
    page.click("#hint-button")
    page.wait_for_selector(".coach-hint")
    asked = page.request.post(
        f"{person.site}/api/tables/{person.table_id}/hint",
        data=json.dumps({"step": deal["key"]}),
        headers={"Content-Type": "application/json"},
    )
    assert asked.ok, asked.text()
    hint = asked.json()
    assert hint["action"] in deal["options"]
    assert page.locator(".coach-hint").inner_text().endswith(hint["text"])
    assert page.locator("#table-app .hinted").count() >= 1, "the hint is marked"
    guard(page, "3000")
    click(page, hint["action"], wait_after=False)
    page.wait_for_selector("#undo")
    page.keyboard.press("u")  # the key: no wait for the button to be clickable
    page.wait_for_selector("#undo", state="detached")
    now = person.frame()["deal"]
    assert now["key"] == deal["key"] and now["options"], "taken back: nothing was sent"
    if page.locator("#prompt [data-focus=clear]:enabled").count():
        page.click("#prompt [data-focus=clear]")  # a Chuo Pai play's cards stay chosen
    guard(page, "0")
    answer(person, deal, hint["action"])
    moved_on(person, deal["key"], 20)
    person.coached = True


def guard(page: Page, value: str) -> None:
    """Set the take-back guard in the Display menu, as a person does."""
    page.click("#display-menu summary")
    page.select_option("#guard", value)
    page.click("#display-menu summary")


def let_time_run_out(people: list[Person], index: int, deal: dict[str, Any]) -> None:
    """Leave the decision alone: the AI decides when its time is up, and says so."""
    person = people[index]
    assert person.page.locator(".countdown.mine").count() == 1
    moved_on(person, deal["key"], (CLAIM if deal["window"] else TURN) + 10)
    person.page.locator("#log li", has_text="Your time ran out").first.wait_for()


def reload(people: list[Person], index: int, deal: dict[str, Any]) -> None:
    """Reload in the middle of the deal: the same log, the same decision waiting (or,
    when its timer ran out meanwhile on a loaded machine, the same log and more)."""
    person = people[index]
    before = person.log()
    person.page.reload()
    person.page.wait_for_selector("#table-app[data-ready=true]")
    if settled(person, deal["key"]):
        assert person.log() == before
    else:
        assert time.time() * 1000 >= deal["timer"]["deadline"], "the decision closed early"
        assert person.log()[: len(before)] == before


def leave_and_return(people: list[Person], index: int, deal: dict[str, Any]) -> None:
    """Close the page at one's own decision: the AI takes the seat (the host sees it, and
    the decision is made), then the same browser comes back and has the seat again."""
    person, host = people[index], people[0]
    person.page.close()
    person.gone = True
    seat = host.page.locator(f"#players li[data-seat='{index}']")
    seat.and_(host.page.locator(".state-played")).wait_for(timeout=(AWAY + 20) * 1000)
    assert host.page.locator(".seat .badge.stood-in").count() == 1
    # Back in the same browser (its seat cookie): the seat is theirs again, for everyone.
    person.open()
    seat.and_(host.page.locator(".state-here")).wait_for(timeout=20000)
    # The AI answers in a worker after it takes the seat, and in a claim window its
    # answer is sealed: nobody else can see whether it has come. A person back before it
    # rightly has the decision again (the loop answers it); one back after it is told.
    back = person.frame()["deal"]
    if back["key"] == deal["key"] and back["options"]:
        return
    person.page.locator("#log li", has_text="You were away").first.wait_for()


def deal_again(people: list[Person], button: str) -> None:
    """The host deals again (the same cards, or new ones) and every table follows."""
    people[0].page.wait_for_selector("#ending:not([hidden])")
    people[0].note(f"test: clicking {button}")
    people[0].page.click(button)
    people[0].note(f"test: clicked {button}")
    for index, person in enumerate(people):
        try:
            person.page.wait_for_function(
                "() => document.getElementById('table-app').dataset.status === 'ongoing'"
            )
        except PlaywrightTimeoutError:
            raise AssertionError(f"person {index}'s page did not show the new deal") from None


def finish(people: list[Person], review: bool = False) -> None:
    """Everyone sees the same end; the record replays to it; no page had a script error.
    With ``review``, each person reviews their own play and finds the deal in their own
    *Your deals* (:func:`reviewed`) before the host deals again."""
    frames = [person.frame()["deal"] for person in people]
    result = frames[0]["result"]
    assert result is not None
    assert all(deal["result"] == result for deal in frames)
    for person in people:
        person.page.wait_for_selector("#ending:not([hidden])")
        # A table deals again from its own ending, not from the game page's form.
        note = person.page.locator("#deal-number-note").inner_text()
        assert "Play this deal again" in note and "game page" not in note, note
    # The host's button is the one drawn at the start: a button rebuilt by each frame
    # could swallow a click that lands as another seat's change arrives.
    assert people[0].page.evaluate(
        "() => window.firstAgain === document.getElementById('again-same')"
    ), "the host's Play this deal again was drawn anew during the deal"
    response = people[0].page.request.get(
        f"{people[0].site}/api/tables/{people[0].table_id}/record"
    )
    assert response.ok
    record = parse_record(response.text())
    assert replay(record).state.outcome.to_json() == result
    same_names(people, set(replay(record).state.outcome.winners))
    if review:
        reviewed(people)
    # The host deals the same cards again, for the whole table.
    deal_again(people, "#again-same")
    for person in people:
        assert person.errors == []
        person.context.close()


def reviewed(people: list[Person]) -> None:
    """From the ending, each person asks for the review of their own play and reads it
    as the API gives it to their seat; then their *Your deals* lists the deal, said from
    their own seat, with its replay (issue 24)."""
    deal_id = people[0].frame()["deal"]["id"]
    for person in people:
        page = person.page
        person.note("test: clicking #review-button")
        page.click("#review-button")
        page.wait_for_selector("#review-body .review-summary", timeout=180_000)
        mine = page.request.get(f"{person.site}/api/tables/{person.table_id}/review").json()
        assert mine["status"] == "ready"
        assert page.locator("#review-body .finding").count() == len(mine["findings"])
        # Each person's own count of hints, as their seat's frame of the end says it.
        hints = person.frame()["deal"]["hints"]
        assert hints == (1 if person.coached else 0), "one decision hinted, counted once"
        assert page.locator("#hints-used").inner_text().endswith(f": {hints}")
        listed = person.context.new_page()
        listed.goto(f"{person.site}/deals")
        row = listed.locator(f"#deal-{deal_id}")
        assert row.count() == 1, f"the deal is not in {person.frame()['table']['you']}'s deals"
        assert row.locator(f'a[href="/replay/{deal_id}"]').count() == 1
        listed.close()
    # The host asks how the strong AI would have done in her seat: her own run, from her
    # seat, as the API gives it to her browser (the others' runs are theirs to ask for).
    page = people[0].page
    page.click("#ai-seat-start")
    page.wait_for_selector("#ai-seat[data-status=done]", timeout=180_000)
    run = page.request.get(f"{people[0].site}/api/deals/{deal_id}/ai-seat").json()
    seat = people[0].frame()["table"]["you"]
    assert run["status"] == "done" and run["seat"] == seat and run["levels"][seat] == "strong"
    cells = page.locator("#ai-seat-result tr[data-row=ai] td").all_inner_texts()
    assert cells[1] == str(run["outcome"]["step"])
    assert cells[3] == str(run["outcome"]["scores"][seat])
    other = people[1].page.request.get(f"{people[1].site}/api/deals/{deal_id}/ai-seat")
    assert other.json()["status"] == "none", "each person's run is their own"


PLACES = re.compile(r"\b(East|West|North|South)\b")

# Each seat's name on each page, by the seat's own number (table.js renumbers the boxes).
PLATES = """() => Object.fromEntries([...document.querySelectorAll(".seat[data-seat] .seat-name")]
  .map((name) => [name.closest(".seat").dataset.seat, name.textContent]))"""


def same_names(people: list[Person], winners: set[int]) -> None:
    """Every page names each player alike (their own seat aside, which is "You"), and
    every page but a winner's says who won in the same words: names are the players',
    not places seen from each seat (issue 24)."""
    mine = [person.frame()["table"]["you"] for person in people]
    plates = [person.page.evaluate(PLATES) for person in people]
    for seat in plates[0]:
        names = {plate[seat] for plate, you in zip(plates, mine, strict=True) if str(you) != seat}
        assert len(names) == 1, f"seat {seat} is named {sorted(names)} on different pages"
    # The logs too: each line names a player as every page does, never a place.
    for person, you in zip(people, mine, strict=True):
        placed = [line for line in person.log() if PLACES.search(line)]
        assert not placed, f"seat {you}'s log names places: {placed[:3]}"
    titles = {
        person.page.locator("#ending-title").inner_text()
        for person, you in zip(people, mine, strict=True)
        if you not in winners
    }
    assert len(titles) <= 1, f"the pages say different things won: {sorted(titles)}"


@pytest.mark.parametrize(
    ("game", "seats", "seed"),
    [("sisepai", ["person", "basic", "basic"], 11), ("chuopai", ["person", "basic"], 12)],
)
def test_two_friends_play_a_whole_deal_with_a_timeout_a_reload_and_a_return(
    browser: Browser, site: Site, game: str, seats: list[str], seed: int
) -> None:
    with witnessed(site):
        people = gather(browser, site, game, seats)
        hooks = {(1, 2): let_time_run_out, (1, 3): reload, (1, 5): leave_and_return}
        play_deal(people, seed, hooks)
        # A deal (its cards are the server's secret draw) may end before the friend's
        # fifth decision: the host deals a new one and the friend's decisions count on.
        for _ in range(4):
            if not hooks:
                break
            deal_again(people, "#again-new")
            play_deal(people, seed, hooks)
        assert not hooks, f"four deals ended before {sorted(hooks)}"
        finish(people, review=True)


@pytest.mark.parametrize(
    ("game", "seats", "seed"),
    [("sisepai", ["person", "basic", "person"], 21), ("chuopai", ["person", "person"], 22)],
)
def test_three_friends_play_a_whole_deal(
    browser: Browser, site: Site, game: str, seats: list[str], seed: int
) -> None:
    with witnessed(site):
        # Decisions long enough to look around (the hint, the guard) on a loaded machine:
        # a Sì Sè Pái deal may ask a person nothing but claims.
        people = gather(browser, site, game, seats, turn=60, claim=60)
        hooks: dict[tuple[int, int], Hook] = {(0, 1): coached, (1, 1): coached}
        play_deal(people, seed, hooks)
        assert people[0].coached and people[1].coached, "both people used the coach"
        finish(people, review=True)


def test_a_browser_without_websockets_plays_through_the_long_poll(
    browser: Browser, one_process: Site
) -> None:
    # One process is enough: the long poll reads the same frames the socket pushes.
    with witnessed(one_process):
        people = gather(browser, one_process, "chuopai", ["person", "basic"])
        # The friend's page cannot open a socket: it falls back to the long poll.
        friend = people[1]
        friend.page.close()
        friend.context.add_init_script("delete window.WebSocket")
        friend.open()
        play_deal(people, 31, {})
        finish(people)


def test_a_host_left_alone_with_the_ais_ends_the_deal_as_a_deal_against_the_ais(
    browser: Browser, one_process: Site
) -> None:
    """The host gives the friend's seat to an AI during the deal, then plays it out
    alone: its end offers what a deal against the AIs does (New deal, Play again, the
    replay; the deal number for the game page), not a table of people's, read from the
    table's latest frame rather than the page's first (d7726ff)."""
    with witnessed(one_process):
        host, friend = gather(browser, one_process, "chuopai", ["person", "basic"])
        page = host.page
        host.note("test: clicking [data-remove='1']")
        page.click("#players [data-remove='1']")
        friend.page.locator("#prompt", has_text="gave your seat").wait_for()
        assert host.frame()["table"]["seats"][1]["kind"] == "ai"
        for _decision in play_deal_by_clicks(page, one_process.host, at_random(41)):
            pass
        page.wait_for_selector("#ending:not([hidden])")
        note = page.locator("#deal-number-note").inner_text()
        assert "game page" in note and "Play this deal again" not in note, note
        offered = page.eval_on_selector_all("#again > *", "nodes => nodes.map((n) => n.id)")
        assert offered == ["new-deal", "play-again", "replay-deal"], offered
        assert page.locator("#new-deal").is_visible()
        assert host.errors == []
