"""Your deals, sharing, playing a deal again and the AI in your seat, in Debian's Chromium.

Deals are started with the page's own form and played on through the page's cookies
(``page.request`` sends them as the table's script does); what is checked is what the
person meets: the list, its buttons, the links, the end-of-deal panel.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import WATCH_CSP, csp_violations, serve
from deal_driver import finish_table_by_request
from playwright.sync_api import Browser, BrowserContext, Page

from cardavia.ai.registry import get_player
from cardavia.arena.loop import play_deal
from cardavia.arena.seats import AISeat
from cardavia.games.registry import get_game
from cardavia.records import parse_record, replay
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

EXAMPLES = Path(__file__).parents[1] / "records" / "spec_examples"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The whole site with its real AIs: strong decisions in worker processes."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("deals") / "cardavia.sqlite3")
    settings = settings.model_copy(update={"ai_workers": 1, "new_games_per_minute": 1000})
    with serve(create_app(settings)) as url:
        yield url


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    made.add_init_script(WATCH_CSP)
    made.add_init_script("localStorage.setItem('cardavia.pace', 'instant')")
    yield made
    made.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    assert csp_violations(opened) == []
    assert errors == [], f"script errors on the page: {errors}"


TABLES: dict[str, str] = {}
"""The table each deal started here is played at (every deal is a table: issue 24)."""


def start(page: Page, site: str, game: str, seed: int) -> str:
    """Sit down at a table with the start form, against the Normal AI (a first visit's
    form says Easy); the deal's id (its table's: :data:`TABLES`)."""
    page.goto(f"{site}/games/{game}")
    page.check(".start-form input[name=ai][value=basic]")
    page.click(".deal-number summary")
    page.fill(".deal-number input[name=seed]", str(seed))
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]")
    table_id = page.url.rsplit("/", 1)[-1]
    deal_id = str(json.loads(page.locator("#table-data").inner_text())["frame"]["deal"]["id"])
    TABLES[deal_id] = table_id
    return deal_id


def record_of(page: Page, site: str, game_id: str) -> Any:
    """The record of the deal ``game_id``, while it is its table's deal."""
    return parse_record(page.request.get(f"{site}/api/tables/{TABLES[game_id]}/record").body())


def finish(page: Page, site: str, game_id: str) -> dict[str, Any]:
    """Play the deal on to its end with the table's own cookie (the last option each
    time), then show its table again; its result and its last step (the engine's)."""
    table_id = TABLES[game_id]
    deal = finish_table_by_request(page, site, table_id, lambda legal: legal[-1])
    page.goto(f"{site}/tables/{table_id}")
    page.wait_for_selector("#ending:not([hidden])")
    step = replay(record_of(page, site, game_id)).state.step
    return {"result": deal["result"], "step": step}


def test_the_deal_list_shows_continues_replays_and_deletes(page: Page, site: str) -> None:
    running = start(page, site, "sisepai", 101)
    done = start(page, site, "chuopai", 102)
    finish(page, site, done)
    page.click("nav.site-nav >> text=Your deals")
    assert page.locator("h1").inner_text() == "Your deals"
    rows = page.locator("tr.deal-row")
    assert rows.count() == 2
    assert "In progress" in page.locator(f"#deal-{running}").inner_text()
    page.locator(f"#deal-{running} >> text=Continue").click()
    page.wait_for_selector("#table-app[data-ready=true]")
    assert page.url.endswith(f"/tables/{TABLES[running]}")
    page.go_back()
    page.locator(f"#deal-{done} >> text=Replay").click()
    assert page.url.endswith(f"/replay/{done}")
    assert page.locator("#replay-data").count() == 1
    page.go_back()
    # Delete asks first; then the deal is gone, and so is its table.
    row = page.locator(f"#deal-{running}")
    row.locator("summary", has_text="Delete").click()
    assert row.locator("text=Delete this deal and its record for good?").is_visible()
    row.locator("button", has_text="Delete for good").click()
    assert "The deal and its record were deleted." in page.locator("[role=status]").inner_text()
    assert page.locator(f"#deal-{running}").count() == 0
    assert page.goto(f"{site}/tables/{TABLES[running]}").status == 404  # type: ignore[union-attr]


def test_a_running_deals_replay_answers_404_to_everyone(
    page: Page, site: str, browser: Browser
) -> None:
    game_id = start(page, site, "sisepai", 103)
    assert page.goto(f"{site}/replay/{game_id}").status == 404  # type: ignore[union-attr]
    assert page.goto(f"{site}/replay/{game_id}/ai").status == 404  # type: ignore[union-attr]
    stranger = browser.new_context()
    try:
        other = stranger.new_page()
        assert other.goto(f"{site}/replay/{game_id}").status == 404  # type: ignore[union-attr]
    finally:
        stranger.close()


def test_a_shared_link_opens_elsewhere_and_a_revoked_one_does_not(
    page: Page, site: str, browser: Browser
) -> None:
    game_id = start(page, site, "chuopai", 104)
    finish(page, site, game_id)
    page.goto(f"{site}/deals")
    page.locator(f"#deal-{game_id} button", has_text="Share").click()
    assert "public now" in page.locator("[role=status]").inner_text()
    link = page.locator(f"#deal-{game_id} input.share-url").input_value()
    friend = browser.new_context()
    try:
        theirs = friend.new_page()
        opened = theirs.goto(link)
        assert opened is not None and opened.status == 200
        assert theirs.locator("#replay-data").count() == 1
        # The friend cannot see the owner's list, nor change the share.
        assert game_id not in (theirs.goto(f"{site}/deals") and theirs.content())
        page.locator(f"#deal-{game_id} button", has_text="Stop sharing").click()
        again = theirs.goto(link)
        assert again is not None and again.status == 404
    finally:
        friend.close()


def test_play_again_deals_the_same_cards(page: Page, site: str) -> None:
    game_id = start(page, site, "sisepai", 105)
    finish(page, site, game_id)
    first = record_of(page, site, game_id)
    page.click("#play-again")
    # The same table deals again: the next deal is drawn in place.
    page.wait_for_function(
        f"() => (document.getElementById('table-app').dataset.deal || '{game_id}') !== '{game_id}'"
    )
    again_id = str(page.locator("#table-app").get_attribute("data-deal"))
    TABLES[again_id] = TABLES[game_id]
    assert again_id != game_id
    finish(page, site, again_id)
    second = record_of(page, site, again_id)
    assert second.deck == first.deck and second.first == first.first
    assert second.meta["ai"] == first.meta["ai"] and second.meta["seed"] == first.meta["seed"]


def test_the_ai_in_your_seat_equals_an_arena_run_of_the_same_deck_and_seats(
    page: Page, site: str
) -> None:
    game_id = start(page, site, "chuopai", 106)
    state = finish(page, site, game_id)
    page.wait_for_selector("#ai-seat[data-status=done]", timeout=120_000)
    cells = page.locator("#ai-seat-result tr[data-row=ai] td").all_inner_texts()
    mine = page.locator("#ai-seat-result tr[data-row=yours] td").all_inner_texts()
    record = record_of(page, site, game_id)
    game = get_game("chuopai")
    deck = tuple(game.parse_card(code) for code in record.deck)
    seats = [AISeat(get_player("chuopai", name)) for name in ("strong", "basic", "basic")]
    played = play_deal(game, seats, deck, record.first, record.meta["seed"], keep_record=True)
    assert played.record is not None
    arena = replay(parse_record(played.record))
    data = json.loads(page.locator("#ai-seat-data").inner_text())
    names = [data["messages"]["your_seat"], *data["seats"][1:]]
    winners = " and ".join(names[seat] for seat in played.winners)
    assert cells[0] == winners
    assert cells[1] == str(arena.state.step)
    assert cells[2] == str(max(played.scores)) and cells[3] == str(played.scores[0])
    assert mine[1] == str(state["step"]) and mine[3] == str(state["result"]["scores"][0])
    page.click("#ai-seat-replay")
    assert page.url.endswith(f"/replay/{game_id}/ai")
    shown = json.loads(page.locator("#replay-data").inner_text())
    assert shown["timeline"]["result"] == played_json(arena)


def played_json(arena: Any) -> dict[str, Any]:
    result: dict[str, Any] = arena.to_json()
    return result


@pytest.mark.parametrize(
    ("lang", "sentence"), [("nl", "Actie 5 van het verslag"), ("it", "L'azione 5 della")]
)
def test_a_malformed_record_gets_a_clear_error_and_changes_nothing(
    page: Page, site: str, lang: str, sentence: str
) -> None:
    page.goto(f"{site}/deals")
    before = page.locator("tr.deal-row").count()
    page.goto(f"{site}/replay?lang={lang}")
    page.set_input_files("#record-file", str(EXAMPLES / "sisepai-error-illegal.json"))
    page.click(".record-form button[type=submit]")
    alert = page.locator("[role=alert]")
    assert sentence in alert.inner_text()
    assert "no discard is due" in alert.locator("code").inner_text()
    assert page.locator("#replay-data").count() == 0
    page.goto(f"{site}/deals")
    assert page.locator("tr.deal-row").count() == before


def test_the_deal_list_and_the_end_of_a_deal_are_all_in_the_pages_language(
    page: Page, site: str
) -> None:
    from cardavia.i18n.languages import LANGUAGES, html_lang

    from .test_i18n_browser import SPELT_ALIKE, texts

    start(page, site, "sisepai", 107)
    done = start(page, site, "chuopai", 108)
    finish(page, site, done)
    page.wait_for_selector("#ai-seat[data-status=done]", timeout=120_000)
    page.goto(f"{site}/deals")
    page.locator(f"#deal-{done} button", has_text="Share").click()
    # The replay viewer at a step of the deal: its controls, the table it draws, its log.
    paths = ["/deals", f"/tables/{TABLES[done]}", "/replay", f"/replay/{done}"]

    def open_in(path: str, lang: str) -> None:
        page.goto(f"{site}{path}?lang={lang}" + ("#5" if path.startswith("/replay/") else ""))
        if path.startswith("/tables/"):
            page.wait_for_selector("#ai-seat[data-status=done]")
        if path.startswith("/replay/"):
            page.wait_for_selector("#replay-app[data-ready=true]")

    english = {}
    for path in paths:
        open_in(path, "en")
        english[path] = texts(page)
    assert "Your record at a glance" in english["/deals"]
    assert "How would the AI have done in your seat?" in english[f"/tables/{TABLES[done]}"]
    for lang in LANGUAGES:
        if lang == "en":
            continue
        alike = SPELT_ALIKE["all"] | SPELT_ALIKE.get(lang, set())
        for path in paths:
            open_in(path, lang)
            assert page.locator("html").get_attribute("lang") == html_lang(lang)
            left = (texts(page) & english[path]) - alike
            assert left == set(), f"{lang} {path}: English left: {sorted(left)}"


@pytest.mark.parametrize(
    ("lang", "over"), [("en", "The deal is over."), ("it", "La smazzata è finita.")]
)
def test_a_finished_deals_replay_steps_with_the_keys_and_keeps_the_step_in_the_address(
    page: Page, site: str, lang: str, over: str
) -> None:
    game_id = start(page, site, "sisepai", 109)
    finish(page, site, game_id)
    # The page's clock, still running as usual: the pause is checked by making time pass
    # at once (below) instead of sleeping through it.
    page.clock.install()
    page.goto(f"{site}/replay/{game_id}?lang={lang}")
    page.wait_for_selector("#replay-app[data-ready=true]")
    app = page.locator("#replay-app")
    data = json.loads(page.locator("#replay-data").inner_text())
    last = len(data["timeline"]["frames"]) - 1
    assert app.get_attribute("data-step") == "0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert app.get_attribute("data-step") == "2" and page.url.endswith("#2")
    page.keyboard.press("ArrowLeft")
    assert app.get_attribute("data-step") == "1"
    page.keyboard.press("End")
    assert app.get_attribute("data-step") == str(last)
    assert over in page.locator("#replay-now").inner_text()
    page.keyboard.press("Home")
    assert app.get_attribute("data-step") == "0" and page.url.endswith("#0")
    # Space plays at the chosen pace, and again pauses.
    page.select_option("#replay-pace", "fast")
    page.locator("h1").click()
    page.keyboard.press("Space")
    page.wait_for_function("() => Number(document.getElementById('replay-app').dataset.step) >= 3")
    page.keyboard.press("Space")
    stopped = app.get_attribute("data-step")
    # More than two beats at the fast pace: a replay still playing would step on in them.
    page.clock.run_for(700)
    assert (
        app.get_attribute("data-step") == stopped and app.get_attribute("data-playing") == "false"
    )
    # A link to a step opens that step; the slider goes there too.
    page.goto(f"{site}/replay/{game_id}?lang={lang}#120")
    page.wait_for_selector("#replay-app[data-ready=true]")
    assert app.get_attribute("data-step") == "120"
    assert page.locator("#replay-slider").input_value() == "120"
    page.locator("#replay-slider").fill("30")
    assert app.get_attribute("data-step") == "30" and page.url.endswith("#30")
    # The log has one line per step so far, each naming the seat that acted.
    assert page.locator("#replay-log li").count() == 30
    # One seat's view: another seat's sealed answers are only "answered".
    sealed = data["messages"]["unseen"].replace("{seat}", "").strip()
    page.select_option("#replay-seat", "2")
    log = page.locator("#replay-log").inner_text()
    assert sealed in log
    page.select_option("#replay-seat", "all")
    assert sealed not in page.locator("#replay-log").inner_text()


def frames_of(page: Page) -> list[dict[str, Any]]:
    """The viewer's frames, each put back together as its script does (public scene,
    each seat's own part)."""
    timeline = json.loads(page.locator("#replay-data").inner_text())["timeline"]
    whole: list[dict[str, Any]] = []
    scene: dict[str, Any] = {}
    seats: list[dict[str, Any]] = [{} for _ in range(timeline["players"])]
    for frame in timeline["frames"]:
        scene = scene | frame["public"]
        seats = [mine | frame["private"].get(str(seat), {}) for seat, mine in enumerate(seats)]
        whole.append(
            {"step": frame["step"], "scene": scene, "seats": seats, "actor": frame["actor"]}
        )
    return whole


def codes(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).evaluate_all(
        "(cards) => cards.map((card) => card.dataset.code)"
    )
    return sorted(found)


@pytest.mark.parametrize(("lang", "words"), [("en", "The strong AI"), ("it", "L'IA forte")])
def test_the_replay_is_drawn_by_the_live_tables_component_face_up_or_as_one_seat_saw_it(
    page: Page, site: str, lang: str, words: str
) -> None:
    game_id = start(page, site, "sisepai", 111)
    finish(page, site, game_id)
    page.goto(f"{site}/replay/{game_id}?lang={lang}")
    page.wait_for_selector("#replay-app[data-ready=true]")
    frames = frames_of(page)
    # A step inside a claim window where a seat has answered: everything face up.
    at = next(
        index
        for index, frame in enumerate(frames)
        if frame["scene"].get("phase") == "claim"
        and any(mine.get("my_answer") for mine in frame["seats"])
    )
    page.goto(f"{site}/replay/{game_id}?lang={lang}#{at}")
    page.reload()
    page.wait_for_selector("#replay-app[data-ready=true]")
    frame = frames[at]
    board = page.locator("#table-app")
    assert board.locator("#hand .card").count() == len(frame["seats"][0]["hand"])
    for seat in (1, 2, 3):
        shown = codes(page, f'.seat[data-seat="{seat}"] .open-hand .card')
        assert shown == sorted(frame["seats"][seat]["hand"]), f"seat {seat} face up"
    assert page.locator("#stock .stock-next .card").count() > 0
    answers = page.locator(".sealed-answer").count()
    assert answers == sum(1 for mine in frame["seats"] if mine.get("my_answer"))
    # As North saw it: North's hand alone face up, the person's a back and a count.
    page.select_option("#replay-seat", "2")
    north = codes(page, '.seat[data-seat="2"] .open-hand .card')
    assert north == sorted(frame["seats"][2]["hand"])
    assert (
        page.locator('.seat[data-seat="1"] .open-hand, .seat[data-seat="3"] .open-hand').count()
        == 0
    )
    assert page.locator("#hand .card:not(.back)").count() == 0
    assert page.locator("#stock .stock-next").count() == 0
    # At a decision of the person: the strong player's choice beside theirs.
    page.select_option("#replay-seat", "all")
    decision = next(
        index
        for index, frame in enumerate(frames[:-1])
        if frames[index + 1]["actor"]["seat"] == 0 and not frames[index + 1]["actor"]["forced"]
    )
    page.locator("#replay-slider").fill(str(decision))
    line = page.locator("#replay-suggestion[data-ready=true]")
    line.wait_for(timeout=60_000)
    assert words in line.inner_text()
    asked = page.request.get(f"{site}/replay/{game_id}/hint/{frames[decision]['step']}").json()
    chosen = frames[decision + 1]["actor"]["action"]
    assert line.get_attribute("data-same") == str(asked["action"] == chosen).lower()
    # The last step: the live table's end of the deal over the board, lifted by a click.
    page.locator("h1").click()
    page.keyboard.press("End")
    assert page.locator("#ending").is_visible()
    assert page.locator("#ending-title").inner_text().strip()
    assert page.locator("#ending .ending-actions form").count() == 0, "nothing to start here"
    page.click("#ending-hide")
    assert not page.locator("#ending").is_visible()
    page.keyboard.press("ArrowLeft")
    assert not page.locator("#ending").is_visible()
