"""Playing at the table, as a person would, in Debian's Chromium: what the table says
matches what it offers, its log reads the same after a reload, nothing moves under the
person's eyes while the AIs play, and the end of a deal adds up.

- Prompts match the choices: at every decision of many deals, the prompt names exactly
  the verbs (win, take, pass; discard; lead, beat) of the actions the buttons offer.
- The log after a reload reads exactly as it did live, line for line.
- The cumulative layout shift over a whole deal at a real pace (Layout Instability API,
  every shift not caused by the person's own input) stays below 0.1.
- At the end of a deal every group fits its tile, exposed and concealed groups are told
  apart, the winning card is marked, and the score adds up group by group; Chuo Pai's
  accounts show the starting bonus apart and the cards left that do not score.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from deal_driver import at_random, play_deal
from playwright.sync_api import Browser, Page
from tables import api_frame, new_page, settle, start_table, wait_idle


def opened(browser: Browser, pace: str = "instant", **options: Any) -> Page:
    page = new_page(browser, pace, **options)
    page.on("pageerror", lambda error: pytest.fail(f"script error on the page: {error}"))
    return page


# -- prompts that match the choices --------------------------------------------------------

VERBS = ("win", "take", "pass", "discard", "lead", "beat")


def named(text: str) -> set[str]:
    """The verbs an English prompt names (words, not parts of words: "passed" is not; nor
    the noun in "it becomes your discard", which says what a pass leads to)."""
    text = text.replace("your discard", "")
    return {verb for verb in VERBS if re.search(rf"\b{verb}\b", text, re.IGNORECASE)}


# Deals in which the person meets every kind of decision: a discard; a drawn card or a
# discard to take or pass, or to win with or pass; their own drawn card to take or pass,
# to win with or pass, and a drawn General that must be taken.
@pytest.mark.parametrize(
    ("game", "seeds"), [("sisepai", (100, 103, 113, 130, 101, 102)), ("chuopai", range(201, 205))]
)
def test_every_prompt_names_exactly_the_choices_offered(
    browser: Browser, random_site: str, game: str, seeds: range
) -> None:
    page = opened(browser)
    seen: set[frozenset[str]] = set()
    for seed in seeds:
        start_table(page, random_site, game, seed)
        for decision in play_deal(page, random_site, at_random(seed)):
            text = page.locator("#prompt .prompt-text").inner_text()
            offered = {
                str(node.get_attribute("data-action")).split()[0]
                for node in page.locator("#table-app [data-action]:visible").all()
            }
            if game == "chuopai":
                # A play is chosen from the hand (or a shortcut); which verb it is, is
                # whether there is a play to beat.
                assert offered <= {"play"}
                offered = {"beat" if decision.view["top"] else "lead"}
            assert offered == {action.split()[0] for action in decision.legal} or game == "chuopai"
            assert named(text) == offered, f"deal {seed}: {text!r} offers {offered}"
            seen.add(frozenset(offered))
    page.context.close()
    # The deals reached the different kinds of decision.
    wanted = {
        "sisepai": {("discard",), ("pass", "take"), ("pass", "win"), ("take",)},
        "chuopai": {("lead",), ("beat",)},
    }[game]
    assert {tuple(sorted(kind)) for kind in seen} >= wanted, seen


# -- a log that reads the same after a reload ---------------------------------------------

LOG = """() => [...document.querySelectorAll("#log .log-item")].map((item) => [
  item.className.replace(/\\bfresh\\b/, "").replace(/\\s+/g, " ").trim(),
  item.textContent.replace(/\\s+/g, " ").trim(),
  [...item.querySelectorAll("[data-code]")].map((card) => card.dataset.code).join(" "),
])"""


@pytest.mark.parametrize(("game", "seed", "lang"), [("sisepai", 31, "en"), ("chuopai", 32, "it")])
def test_the_log_after_a_reload_reads_as_it_did_live(
    browser: Browser, random_site: str, game: str, seed: int, lang: str
) -> None:
    page = opened(browser)
    start_table(page, random_site, game, seed, lang)
    compared = 0
    for decision in play_deal(page, random_site, at_random(seed)):
        number = decision.number
        if number % 3:
            continue
        live = page.evaluate(LOG)
        page.reload()
        page.wait_for_selector("#table-app[data-ready=true]")
        assert page.evaluate(LOG) == live, f"decision {number}"
        compared += 1
    live = page.evaluate(LOG)
    page.reload()
    page.wait_for_selector("#table-app[data-ready=true]")
    assert page.evaluate(LOG) == live, "the end of the deal"
    assert compared >= 3 and len(live) > 20
    page.context.close()


# Whether each prompt the table draws until its opening has been played back offers the
# skip (a mutation's callback sees the prompt as a whole drawing left it).
PROMPTS_WHILE_OPENING = """
window.promptsWhileOpening = [];
let openingSeen = false;
let openingOver = false;
new MutationObserver(() => {
  const app = document.getElementById("table-app");
  const prompt = document.getElementById("prompt");
  if (!app || !prompt || openingOver) return;
  if (app.dataset.busy !== "true") {
    openingOver = openingSeen;
    return;
  }
  openingSeen = true;
  if (prompt.childElementCount) {
    window.promptsWhileOpening.push(Boolean(prompt.querySelector("#skip")));
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


@pytest.mark.parametrize(("game", "seed"), [("sisepai", 5), ("chuopai", 6)])
def test_the_opening_plays_the_ais_first_moves_back_once_and_skips_on_escape(
    browser: Browser, random_site: str, game: str, seed: int
) -> None:
    # Deals whose AIs make several moves before the person's first decision.
    page = opened(browser, pace="slow")
    page.add_init_script(PROMPTS_WHILE_OPENING)
    page.goto(f"{random_site}/games/{game}")
    page.locator(".deal-number summary").click()
    page.fill("input[name=seed]", str(seed))
    page.click(".start-form button[type=submit]")
    page.wait_for_selector("#table-app[data-ready=true]")
    history = api_frame(page, random_site)["deal"]["events"]
    # The table starts from the cards as dealt and plays the moves back one at a time.
    assert page.locator("#table-app").get_attribute("data-busy") == "true"
    assert page.locator("#skip").is_visible()
    assert len(page.evaluate(LOG)) < len(history)
    page.keyboard.press("Escape")
    wait_idle(page)
    # Every prompt drawn while the moves played back offered Show all now, the first too.
    prompts = page.evaluate("window.promptsWhileOpening")
    assert prompts and all(prompts), prompts
    played_back = page.evaluate(LOG)
    # The same log as the table writes at once, and a reload does not play it again.
    page.reload()
    page.wait_for_selector("#table-app[data-ready=true]")
    assert page.locator("#table-app").get_attribute("data-busy") == "false"
    assert page.evaluate(LOG) == played_back
    page.context.close()


# Each different set of cards the table's regions have held, in the page's order (each
# card's code; the log's cards are not counted).
TABLES_DRAWN = """
window.tablesDrawn = [];
new MutationObserver(() => {
  const app = document.getElementById("table-app");
  if (!app) return;
  const codes = [...app.querySelectorAll(".fit [data-code]")].map((card) => card.dataset.code);
  const drawn = codes.join(" ");
  if (drawn && drawn !== window.tablesDrawn.at(-1)) window.tablesDrawn.push(drawn);
}).observe(document, { subtree: true, childList: true });
"""


@pytest.mark.parametrize(("game", "seed"), [("sisepai", 5), ("chuopai", 6)])
def test_at_the_instant_pace_the_opening_shows_only_where_it_leads(
    browser: Browser, random_site: str, game: str, seed: int
) -> None:
    # The AIs' moves at once: the cards as dealt are never drawn, not for a frame.
    page = opened(browser)
    page.add_init_script(TABLES_DRAWN)
    start_table(page, random_site, game, seed)
    history = api_frame(page, random_site)["deal"]["events"]
    assert any(event["seat"] != 0 for event in history if "seat" in event), "AIs moved first"
    drawn = page.evaluate("window.tablesDrawn")
    assert len(drawn) == 1, f"{len(drawn)} tables drawn, the first {drawn[0]!r}"
    page.context.close()


def test_the_persons_forced_answers_get_no_line_and_no_pause(
    browser: Browser, random_site: str
) -> None:
    page = opened(browser, pace="slow")
    start_table(page, random_site, "sisepai", 31)
    history = api_frame(page, random_site)["deal"]["events"]
    forced = [e for e in history if e["type"] == "answered" and e["forced"]]
    assert forced, "the deal starts with answers played for the person"
    assert page.locator("#log .log-item", has_text="You answered").count() == len(
        [e for e in history if e["type"] == "answered" and not e["forced"]]
    )
    page.context.close()


# -- no layout shift while the AIs play -----------------------------------------------------

WATCH_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push([entry.value, entry.startTime]);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


SHOWN = """() => {
  const codes = (selector) => [...document.querySelectorAll(selector)]
    .map((card) => card.dataset.code).sort();
  const seats = {};
  for (const box of document.querySelectorAll("#table-app .seat[data-seat]")) {
    seats[box.dataset.seat] = {
      cards: codes(`.seat[data-seat="${box.dataset.seat}"] :is(.exposed, .pile) .card`),
      count: box.querySelector(".concealed .count")?.textContent ?? null,
    };
  }
  return {
    hand: codes("#hand .card"), seats, dead: codes("#dead .card"),
    public: codes("#public .public-slot .card"), round: codes("#round .card"),
  };
}"""
"""Every card the table shows, region by region (sorted codes), and each other seat's count."""


def expected_table(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """What :data:`SHOWN` must read for seat 0's ``view``: the same cards in every region."""
    if game == "sisepai":
        held = [[code for group in groups for code in group] for groups in view["exposed"]]
    else:
        held = view["piles"]
    return {
        "hand": sorted(view["hand"]),
        "seats": {
            str(seat): {
                "cards": sorted(cards),
                "count": None if seat == 0 else f"× {view['hand_sizes'][seat]}",
            }
            for seat, cards in enumerate(held)
        },
        "dead": sorted(view.get("dead", [])),
        "public": [view["public_card"]] if view.get("public_card") else [],
        "round": sorted(
            code for play in view.get("round", []) for code in play["action"].split()[1:]
        ),
    }


@pytest.mark.parametrize(("game", "seed"), [("sisepai", 28), ("chuopai", 3)])
@pytest.mark.parametrize("size", [(1366, 768), (360, 740)])
def test_the_table_shows_each_position_exactly_and_nothing_moves_while_the_ais_play(
    browser: Browser, random_site: str, game: str, seed: int, size: tuple[int, int]
) -> None:
    # The AIs' moves drawn one at a time (a region whose cards did not change is kept as
    # it was drawn, board.js's `fill`): at each decision every region shows the seat's
    # view, no more and no less.
    page = opened(browser, pace="fast", viewport={"width": size[0], "height": size[1]})
    page.context.add_init_script(WATCH_SHIFTS)
    start_table(page, random_site, game, seed)
    total = 0.0
    for decision in play_deal(page, random_site, at_random(seed)):
        where = f"decision {decision.number}"
        assert page.evaluate(SHOWN) == expected_table(game, decision.view), where
        shifts: list[list[float]] = page.evaluate("window.__shifts")
        total += sum(value for value, _ in shifts)
        page.evaluate("window.__shifts = []")
    wait_idle(page)
    final = api_frame(page, random_site)["deal"]["view"]
    assert page.evaluate(SHOWN) == expected_table(game, final), "the end of the deal"
    shifts = page.evaluate("window.__shifts")
    total += sum(value for value, _ in shifts)
    page.context.close()
    print(f"cumulative layout shift over deal {seed} of {game} at {size}: {total:.4f}")
    assert total < 0.1


# -- the end of a deal ---------------------------------------------------------------------

TILES = """() => [...document.querySelectorAll(".breakdown .tile")].map((tile) => {
  const box = tile.getBoundingClientRect();
  const cards = [...tile.querySelectorAll(".card")];
  return {
    inside: cards.every((card) => {
      const c = card.getBoundingClientRect();
      const across = c.left >= box.left && c.right <= box.right;
      return across && c.top >= box.top && c.bottom <= box.bottom;
    }),
    codes: cards.map((card) => card.dataset.code),
    exposed: tile.classList.contains("exposed-group"),
    origin: tile.querySelector(".group-origin").textContent,
    winning: cards.filter((card) => card.classList.contains("winning")).map((c) => c.dataset.code),
    score: tile.querySelector(".group-score").textContent,
  };
})"""


@pytest.mark.parametrize("size", [(1366, 768), (360, 740), (844, 390)])
def test_the_end_of_a_sisepai_deal_explains_the_score(
    browser: Browser, random_site: str, size: tuple[int, int]
) -> None:
    page = opened(browser, viewport={"width": size[0], "height": size[1]})
    start_table(page, random_site, "sisepai", 28)  # a deal a seat wins, with exposed groups
    for _decision in play_deal(page, random_site, at_random(28)):
        pass
    deal = api_frame(page, random_site)["deal"]
    result, breakdown = deal["result"], deal["view"]["breakdown"]
    won = next(event for event in deal["events"] if event["type"] == "won")
    settle(page)
    tiles = page.evaluate(TILES)
    assert [tile["codes"] for tile in tiles] == result["groups"]
    assert all(tile["inside"] for tile in tiles), "every group fits its tile"
    exposed = len(deal["view"]["exposed"][result["winner"]])
    assert exposed > 0, "the winner had exposed groups"
    assert [tile["exposed"] for tile in tiles] == [i < exposed for i in range(len(tiles))]
    assert len({tile["origin"] for tile in tiles}) == 2, "exposed and concealed are told apart"
    assert [code for tile in tiles for code in tile["winning"]] == [won["card"]]
    assert not any(tile["winning"] for tile in tiles[:exposed]), "won with a concealed group"
    scores = [group["score"] for group in breakdown]
    assert sum(scores) == result["score"]
    total = page.locator(".ending .total").inner_text()
    assert f"{' + '.join(map(str, scores))} = {result['score']}" in total
    page.context.close()


def test_the_end_of_a_chuopai_deal_shows_each_seats_account(
    browser: Browser, random_site: str
) -> None:
    page = opened(browser)
    start_table(page, random_site, "chuopai", 6)
    for _decision in play_deal(page, random_site, at_random(6)):
        pass
    deal = api_frame(page, random_site)["deal"]
    accounts = page.locator(".accounts .account")
    assert accounts.count() == 3
    for seat, account in enumerate(deal["view"]["ending"]):
        tile = accounts.nth(seat)
        assert tile.locator(".account-score").inner_text() == f"Score: {account['score']}"
        assert len(account["bonus"]) + len(account["won"]) == account["score"]
        assert tile.locator(".sum").inner_text() == (
            f"{len(account['bonus'])} + {len(account['won'])} = {account['score']}"
        )
        rows = tile.locator("dd")
        assert rows.nth(0).locator(".card").count() == len(account["bonus"])
        assert rows.nth(1).inner_text() == str(account["rounds"])
        assert rows.nth(3).inner_text() == str(account["left"])
        assert account["left"] == deal["view"]["hand_sizes"][seat]
    assert sum(a["rounds"] for a in deal["view"]["ending"]) == sum(
        1 for event in deal["events"] if event["type"] == "round_won"
    )
    page.context.close()


# -- a lost claim explains itself ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "{seat} took it: an identical group of 3 comes before your mixed group."),
        ("it", "{seat} l'ha presa: un gruppo identico di 3 batte il tuo gruppo misto."),
        ("zh", "{seat}吃了这张牌：3 张的同牌组优先于你的混合组。"),
    ],
)
def test_a_lost_claim_is_explained_in_the_log_and_the_prompt(
    browser: Browser, random_site: str, lang: str, said: str
) -> None:
    """Deal 12: at the person's fifth decision they ask for a mixed group and another seat
    takes the card into an identical triple (sisepai.md §6.3: level 3 before level 5)."""
    page = opened(browser)
    start_table(page, random_site, "sisepai", 12, lang)
    for decision in play_deal(page, random_site, at_random(12)):
        if decision.number == 5:
            break
    else:
        pytest.fail("the deal ended before the person's fifth decision")
    log = api_frame(page, random_site)["deal"]["events"]
    # What followed the person's last choice (that choice included).
    last = max(
        index
        for index, event in enumerate(log)
        if event.get("seat") == 0 and event.get("forced") is False
    )
    (lost,) = [event for event in log[last:] if event.get("lost")]
    assert lost["lost"] == {"theirs": "triple", "yours": "mixed"}
    taker = page.evaluate(
        f"JSON.parse(document.getElementById('table-data').textContent).seats[{lost['seat']}]"
    )
    sentence = said.format(seat=taker)
    assert page.locator("#log .log-more", has_text=sentence).count() == 1
    assert page.locator("#prompt .outcome").inner_text() == sentence
    page.context.close()
