"""Sì Sè Pái's presenter: what it adds to the events seat 0 sees, so that a lost claim and
a rule a new player may not know explain themselves (sisepai.md §6)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.cards.four_colour import Card
from cardavia.games.registry import get_game
from cardavia.records import Deal
from cardavia.web.games import WEB_GAMES
from cardavia.web.presentation.presenters import visible_events

GAME = get_game("sisepai")
WEB = WEB_GAMES["sisepai"]
RECORDS = Path(__file__).parents[2] / "games" / "sisepai" / "records"

# The priority ladder as sisepai.md §6.3 lists it, by the names the presenter gives.
LADDER = {"drawer_win": 1, "win": 2, "triple": 3, "quad": 3, "drawer_group": 4, "group": 4}
LADDER |= {"mixed": 5}


def seen_log(seed: int) -> list[dict[str, Any]]:
    """Everything seat 0 saw of a deal between random players, the person included."""
    deck, first = GAME.shuffle(random.Random(seed))
    deal = Deal(GAME, deck, first)
    log = visible_events(WEB, deal.opening_events, None, GAME.deal(deck, first))
    player, rng = get_player("sisepai", "random"), random.Random(seed)
    while not deal.over:
        state = deal.state
        seat = state.to_act
        if seat == 0:
            choice = rng.choice(sorted(str(action) for action in state.legal_actions()))
        else:
            choice = str(
                player.choose(
                    state.view(seat), state.legal_actions(), decision_rng(seed, seat, state.step)
                )
            )
        log += visible_events(WEB, deal.act(choice), seat, state)
    return log


def windows(log: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any] | None, dict[str, Any]]]:
    """Each closed claim window: the person's answer in it (or ``None``), and the event
    that closed it (a claim, a win, an untaken card)."""
    answer = None
    for event in log:
        if event["type"] == "answered":
            answer = event
        elif event["type"] in ("claimed", "won", "dead") or (
            event["type"] == "discarded" and event["drawn"]
        ):
            yield answer, event
            answer = None


def rotated(name: str) -> tuple[tuple[Card, ...], int, list[tuple[int, str]]]:
    """A golden record turned one seat to the right: its seat 1 is the person's seat."""
    record = json.loads((RECORDS / name).read_text())
    deck = [GAME.parse_card(code) for code in record["deck"]]
    hands = [deck[20 * seat : 20 * seat + 20] for seat in range(4)]
    turned = [card for seat in (1, 2, 3, 0) for card in hands[seat]] + deck[80:]
    actions = [((seat - 1) % 4, action) for seat, action in record["actions"]]
    return tuple(turned), (record["dealer"] - 1) % 4, actions


def test_a_lost_claim_says_which_claim_came_first() -> None:
    """The person, next after the drawer, asks for a field group; another seat asks for an
    identical triple: the triple is granted, and the claim says so (§6.3 levels 3 and 5)."""
    deck, dealer, actions = rotated("identical-triple-beats-next-players-mixed-group.json")
    deal = Deal(GAME, deck, dealer)
    shown = []
    for seat, action in actions:
        before = deal.state
        shown += visible_events(WEB, deal.act(action), seat, before)
    (claim,) = [event for event in shown if event["type"] == "claimed"]
    assert claim["seat"] == 1 and claim["lost"] == {"theirs": "triple", "yours": "mixed"}
    assert [e["action"] for e in shown if e["type"] == "answered"] == ["take yR yH yC"]


@pytest.mark.parametrize("seed", range(40))
def test_every_lost_claim_and_only_those_is_explained(seed: int) -> None:
    for answer, closed in windows(seen_log(seed)):
        taken_by_another = closed["type"] in ("claimed", "won") and closed["seat"] != 0
        claimed = answer is not None and answer["action"] != "pass"
        lost = closed.get("lost")
        if not (taken_by_another and claimed):
            assert lost is None, closed
            continue
        assert lost is not None, (answer, closed)
        if lost.get("order"):
            # Two wins: turn order decides, counting from the card's owner.
            assert closed["type"] == "won" and answer is not None and answer["action"] == "win"
        else:
            assert LADDER[lost["theirs"]] < LADDER[lost["yours"]], lost
            if closed["type"] == "won":
                assert lost["theirs"] in ("drawer_win", "win")


@pytest.mark.parametrize("seed", range(20))
def test_a_rule_is_named_where_it_decides_a_card(seed: int) -> None:
    log = seen_log(seed)
    for event in log:
        if event["type"] == "claimed":
            card = GAME.parse_card(event["card"])
            forced = event["from"] == event["seat"] and (card.is_general or card.is_flower)
            assert (event.get("note") == "must_take") == forced, event
        elif event.get("note"):
            # The person's own draw, passed, while holding one copy: no pair is claimed.
            assert event["type"] == "discarded" and event["drawn"] and event["seat"] == 0
            assert event["note"] == "no_pair"


def test_the_winners_groups_say_which_were_exposed_and_which_card_won() -> None:
    for seed in range(60):
        log = seen_log(seed)
        won = next((event for event in log if event["type"] == "won"), None)
        if won is None or not any(e["type"] == "claimed" and e["seat"] == won["seat"] for e in log):
            continue
        break
    else:
        pytest.fail("no deal won by a seat that had exposed a group")
    deck, first = GAME.shuffle(random.Random(seed))
    deal = Deal(GAME, deck, first)
    player, rng = get_player("sisepai", "random"), random.Random(seed)
    while not deal.over:
        state = deal.state
        seat = state.to_act
        if seat == 0:
            deal.act(rng.choice(sorted(str(action) for action in state.legal_actions())))
        else:
            deal.act(
                player.choose(
                    state.view(seat), state.legal_actions(), decision_rng(seed, seat, state.step)
                )
            )
    view = deal.state.view(0)
    breakdown = WEB.view_json(view, log)["breakdown"]
    exposed = [list(map(str, group)) for group in view.exposed[won["seat"]]]
    assert [g["cards"] for g in breakdown if g["exposed"]] == exposed
    assert [g["exposed"] for g in breakdown] == sorted(
        (g["exposed"] for g in breakdown), reverse=True
    )
    (marked,) = [g for g in breakdown if "winning" in g]
    assert not marked["exposed"] and marked["cards"][marked["winning"]] == won["card"]
    assert sum(g["score"] for g in breakdown) == won["score"]
