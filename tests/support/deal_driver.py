"""One deal at the table, played to its end as a person plays it, stopping at each of the
person's decisions so that a test can look at the page first.

Every browser test that plays a whole deal (or its first few decisions) walks the same
loop: wait until the table settles, read the deal through the API, look, play one legal
action by clicking (or with the keyboard), wait for the table to move on, and fail if
the deal does not end. :func:`play_deal` is that loop, written once::

    for decision in play_deal(page, site, at_random(7)):
        assert page.locator("#hand .card").count() == len(decision.view["hand"])
    finished = api_frame(page, site)["deal"]

The action comes from the test: ``choose`` (a function of the decision), or the test's
own :meth:`Decision.choose` at the decision; it is played by ``by`` (a click, by
default; :func:`press` plays it with the keyboard alone).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page
from tables import api_frame, play, wait_idle

Chooser = Callable[["Decision"], str]
"""Picks the person's action at a decision (one of ``decision.legal``)."""
Mover = Callable[[Page, str], None]
"""Plays one action on the page, as a person would (clicks, keys)."""

LIMIT = 400
"""The most decisions a deal may ask of the person before the driver gives up (the bound
the loops it replaced allowed)."""


@dataclass
class Decision:
    """One of the person's decisions, the table settled: the seat's frame as the API
    tells it to this browser, and the page. The action to play is the caller's :meth:`choose`, or
    else what the driver's chooser picks, asked once (reading :attr:`action` asks it)."""

    page: Page
    frame: dict[str, Any]
    """The seat's frame as ``GET`` on the table's URL answers it, with the page's cookie."""
    number: int
    """How many of the person's decisions came before this one in the deal (0: the first)."""
    chooser: Chooser | None = field(default=None, repr=False)
    chosen: str | None = None

    @property
    def view(self) -> dict[str, Any]:
        """The person's view of the deal."""
        view: dict[str, Any] = self.frame["deal"]["view"]
        return view

    @property
    def legal(self) -> list[str]:
        """The person's legal actions, sorted (the API's order is not promised)."""
        return sorted(self.frame["deal"]["options"])

    @property
    def step(self) -> int:
        """The decision's key: the table moves on when it changes."""
        step: int = self.frame["deal"]["key"]
        return step

    @property
    def action(self) -> str:
        """The action the driver will play here: chosen by the caller, or by the chooser,
        which is asked on the first reading only (a random chooser draws once)."""
        if self.chosen is None:
            if self.chooser is None:
                pytest.fail(f"no action chosen at decision {self.number} (step {self.step})")
            self.choose(self.chooser(self))
        assert self.chosen is not None
        return self.chosen

    def choose(self, action: str) -> None:
        """Play ``action`` here (it must be legal) instead of the chooser's pick."""
        assert action in self.legal, f"{action!r} is not legal: {self.legal}"
        self.chosen = action


def at_random(rng: random.Random | int | str) -> Chooser:
    """A chooser drawing uniformly from the sorted legal actions with ``rng`` (or a
    ``random.Random`` seeded with it): the same seed plays the same deal again."""
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    return lambda decision: generator.choice(decision.legal)


ASKED = """() => document.getElementById('prompt').classList.contains('mine')
  || document.getElementById('table-app').dataset.status === 'finished'"""
"""The page asks the person to choose, or the deal is over."""


def play_deal(
    page: Page,
    site: str,
    choose: Chooser | None = None,
    *,
    by: Mover = play,
    limit: int = LIMIT,
    timeout: float = 30000,
) -> Iterator[Decision]:
    """Play the deal open in ``page`` (served by ``site``) to its end, yielding at each of
    the person's decisions once the table is settled; when the caller resumes, the
    decision's :attr:`~Decision.action` is played ``by`` clicks (default) or another
    :data:`Mover`, and the table is awaited until the step moves on (``timeout`` ms).

    Ends when the API says the deal is finished; fails the test if it asks more than
    ``limit`` decisions. A caller that breaks out leaves the table at that decision,
    unplayed. After the loop the finished deal is ``api_frame(page, site)["deal"]``.
    """
    for number in range(limit):
        wait_idle(page, timeout=timeout)
        frame = api_frame(page, site)
        while frame["deal"]["result"] is None and not frame["deal"]["options"]:
            # Settled, but not the person's to decide yet: at a table that had other
            # people, a decision still on show holds everyone's next one (its least
            # time, issue 28) after the person is alone. Wait for the page to ask.
            page.wait_for_function(ASKED, timeout=timeout)
            frame = api_frame(page, site)
        if frame["deal"]["result"] is not None:
            return
        decision = Decision(page, frame, number, choose)
        yield decision
        by(page, decision.action)
        wait_idle(page, after_step=decision.step, timeout=timeout)
    pytest.fail(f"the deal did not end within {limit} of the person's decisions")


# -- the keyboard alone -----------------------------------------------------------------------

FOCUS = """() => {
  const el = document.activeElement;
  const card = el.querySelector(".card");
  const ring = (node) => getComputedStyle(node).boxShadow;
  return {
    inTable: Boolean(el.closest("#table-app")),
    action: el.dataset.action ?? null,
    code: el.dataset.code ?? null,
    pressed: el.getAttribute("aria-pressed"),
    id: el.id,
    label: el.getAttribute("aria-label") ?? el.textContent.trim(),
    visible:
      el.matches(":focus-visible") && (ring(el) !== "none" || (card && ring(card) !== "none")),
  };
}"""


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard's focus: whether it is in the table, its action or card
    code, whether it is pressed, its id and name, and whether the focus shows."""
    found: dict[str, Any] = page.evaluate(FOCUS)
    return found


def move_to(page: Page, wanted: dict[str, str | None], keys: tuple[str, ...]) -> None:
    """Press ``keys`` in turn (each up to 60 times) until the focus is on ``wanted``;
    fails unless the focus shows there."""
    for key in keys:
        for _ in range(60):
            now = focused(page)
            if all(now[name] == value for name, value in wanted.items()):
                assert now["visible"], f"the focus on {now} is not visible"
                return
            page.keyboard.press(key)
    pytest.fail(f"the keyboard never reached {wanted}")


def press(page: Page, action: str, confirm: str = "Enter") -> None:
    """Play ``action`` with the keyboard alone, from where the table puts the focus (its
    first choice), then ``confirm`` it (Enter or Space): a card of the hand that is the
    action (a Sì Sè Pái discard) by the arrow keys; a shortcut among the beating plays
    (Chuo Pai) by Shift+Tab, which the table puts before the hand; another button of the
    prompt (a claim, a pass) by Tab; else each card of the play chosen with Space, then
    up to Play."""
    if page.locator(f"#hand [data-action='{action}']").count():
        move_to(page, {"action": action}, ("ArrowRight", "ArrowLeft"))
    elif page.locator(f"#prompt .quick-plays [data-action='{action}']").count():
        move_to(page, {"action": action}, ("Shift+Tab", "Tab"))
    elif page.locator(f"#prompt [data-action='{action}']").count():
        move_to(page, {"action": action}, ("Tab", "Shift+Tab"))
    else:
        for code in action.split()[1:]:
            move_to(page, {"code": code, "pressed": "false"}, ("ArrowRight", "ArrowLeft"))
            page.keyboard.press(" ")
            assert focused(page)["pressed"] == "true", "the chosen card keeps the focus"
        move_to(page, {"id": "play-selected"}, ("Shift+Tab",))
    page.keyboard.press(confirm)


# -- straight through the API -----------------------------------------------------------------


def finish_table_by_request(
    page: Page, site: str, table_id: str, pick: Callable[[list[str]], str]
) -> dict[str, Any]:
    """Play the deal of the table ``table_id`` on to its end through the tables' API with
    the page's cookie (as people.js sends its commands without a socket), ``pick``
    choosing from the seat's options: the quick way to a finished deal when its play is
    not what is tested (the page is left as it was: reload it to see the end). The last
    frame's deal."""
    frame: dict[str, Any] = page.request.get(f"{site}/api/tables/{table_id}").json()
    for _ in range(LIMIT):
        deal = frame["deal"]
        if deal["result"] is not None:
            return dict(deal)
        assert deal["options"], "a table of one person waits only for its person"
        body = {"type": "act", "action": pick(deal["options"]), "key": deal["key"]}
        answer = page.request.post(f"{site}/api/tables/{table_id}/actions", data=body)
        assert answer.ok, answer.text()
        frame = answer.json()
    pytest.fail(f"the deal of table {table_id} did not end through the API")
