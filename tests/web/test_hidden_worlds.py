"""The strong proof that nothing the person receives depends on cards they cannot see.

At every step of random deals of both games, the test builds *another deal* that seat 0
cannot tell apart from the real one up to that step: the cards seat 0 never saw (the
other seats' still-concealed cards and the undrawn stock) are permuted among their deck
positions, and the same public history is replayed on that deck. Other seats' sealed
Sì Sè Pái answers that were not granted are replaced by one that is legal there and
lapses as well (``pass`` when it may); a world where a recorded action is no longer
legal, or whose public events differ (a pass that could now beat, a starting bonus that
appears), is rejected. The other deal is stored as it is and read back over the API and
as the table page: every byte the person receives (state, view, history, events, legal
actions, prompts, the page and its JSON block, and at each of the person's decisions the
hint: strong's choice and its reason) must be the same as in the real deal.

Reshuffling only the current state (``shuffle_unseen``) could not catch a fact that was
written into the log earlier (a flag on an old event); replaying the history can.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from worlds import Step, full_history, indistinguishable, replay_on

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records import Deal
from cardavia.store import FINISHED, ONGOING, GameStore, StoredGame
from cardavia.web.app import create_app
from cardavia.web.deals import hash_token
from cardavia.web.dependencies import services_of
from cardavia.web.settings import Settings

from .conftest import Api

DEALS = 4
"""Per game; every step of each is checked over the API and the page."""
PERSON = 0


def indistinguishable_from(
    stored: StoredGame, rng: random.Random
) -> tuple[tuple[str, ...], list[tuple[int, str]], Any] | None:
    """Another deck and decisions seat 0 cannot tell from ``stored``'s, or ``None``."""
    game = get_game(stored.game)
    deck = tuple(game.parse_card(code) for code in stored.deck)
    found = indistinguishable(stored.game, deck, stored.first, stored.decisions, rng)
    if found is None:
        return None
    candidate, decisions, final = found
    return tuple(str(card) for card in candidate), decisions, final


def store_world(
    store: GameStore, stored: StoredGame, deck: tuple[str, ...], decisions: Any, final: Any
) -> tuple[str, str]:
    """The other world as a stored deal of its own; its id and token."""
    token = secrets.token_urlsafe(24)
    outcome = final.outcome
    other = replace(
        stored,
        id=secrets.token_urlsafe(12),
        token_hash=hash_token(token),
        deck=deck,
        decisions=tuple(decisions),
        step=final.step,
        status=FINISHED if final.to_act is None else ONGOING,
        result=None if outcome is None else dict(outcome.to_json()),
        version=1,
    )
    store.insert(other)
    return other.id, token


def person(seed: int) -> random.Random:
    """The test's choices for the person in the deal with ``seed``."""
    return random.Random(f"person {seed}")


def telling(step: Step) -> bool:
    """Another seat's forced action shown to everyone (not a sealed answer) that had no
    alternative because of its concealed cards (a lone pass is the rule, not a hand)."""
    return (
        step.forced
        and step.seat != PERSON
        and step.events[0].seats is None
        and str(step.action) != "pass"
    )


def aimed_seed(game: str) -> int:
    """A deal number where another seat plays a forced action whose being forced seat 0
    could not know: a Sì Sè Pái discard from a hand with one discardable kind (about one
    deal in thirty), a Chuo Pai beat or lead with no alternative. Found by playing the
    deals on the engine with the same choices the test and the app's random AIs make."""
    engine = get_game(game)
    player = get_player(game, "random")
    for seed in range(1000):
        deal = Deal(engine, *engine.shuffle(random.Random(seed)))
        choices = person(seed)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            legal = state.legal_actions()
            if seat == PERSON:
                deal.act(choices.choice([str(action) for action in legal]))
            else:
                deal.act(
                    player.choose(state.view(seat), legal, decision_rng(seed, seat, state.step))
                )
        steps = full_history(engine, deal.deck, deal.first, deal.decisions)
        told = next((index for index, step in enumerate(steps) if telling(step)), None)
        # ... and the person decides again afterwards: it is still news then.
        if told is not None and any(
            step.seat == PERSON and not step.forced for step in steps[told:]
        ):
            return seed
    raise AssertionError("no deal with another seat's forced action among 1000")


def page(client: TestClient, game_id: str, token: str) -> str:
    client.cookies.set("cardavia_token", token)
    response = client.get(f"/play/{game_id}")
    client.cookies.clear()
    assert response.status_code == 200
    return response.text


@pytest.mark.slow
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_world_seat_0_cannot_tell_apart_gets_the_very_same_answers(
    client: TestClient, api: Api, game: str
) -> None:
    store: GameStore = services_of(client.app).deals.store
    rng = random.Random(f"worlds {game}")
    steps = checked = hinted = 0
    for number in range(DEALS):
        seed = aimed_seed(game) if number == 0 else rng.randrange(2**32)
        choices = person(seed)
        state = api.start(game, seed=seed)
        token = state.pop("token")
        while True:
            steps += 1
            stored = store.get(state["id"])
            assert stored is not None
            world = indistinguishable_from(stored, rng)
            if world is not None:
                other_id, other_token = store_world(store, stored, *world)
                other = api.get(other_id, other_token)
                assert other == {**state, "id": other_id}, (
                    "the person's answer depends on cards they cannot see"
                )
                real_page = page(client, state["id"], token)
                other_page = page(client, other_id, other_token)
                assert other_page == real_page.replace(state["id"], other_id)
                if state["your_turn"] and state["status"] == "ongoing":
                    # The hint too: strong's search and its reason, from the view alone.
                    assert api.hint(other, other_token) == api.hint(state, token), (
                        "the hint depends on cards the person cannot see"
                    )
                    hinted += 1
                checked += 1
            if state["status"] != "ongoing":
                break
            state = api.act(state, token, choices.choice(state["legal"]))
    # Most steps must really have been compared with another world.
    assert checked >= 0.8 * steps, (checked, steps)
    assert hinted >= DEALS * 3, hinted


def test_the_real_deal_replays_through_the_helpers(client: TestClient, api: Api) -> None:
    """The proof's own machinery: the identity world is accepted, so a rejection means
    seat 0 could tell the worlds apart, never that the replay is wrong."""
    store: GameStore = services_of(client.app).deals.store
    rng = random.Random(3)
    for game in ("sisepai", "chuopai"):
        state = api.start(game)
        token = state.pop("token")
        for _ in range(6):
            if state["status"] != "ongoing":
                break
            state = api.act(state, token, rng.choice(state["legal"]))
        stored = store.get(state["id"])
        assert stored is not None
        engine = get_game(game)
        deck = tuple(engine.parse_card(code) for code in stored.deck)
        steps = full_history(engine, deck, stored.first, stored.decisions)
        replayed = replay_on(game, deck, stored.first, steps, set())
        assert replayed is not None
        assert replayed[1] == list(stored.decisions)
        assert api.get(state["id"], token) == state


def test_another_seats_beat_never_says_whether_it_was_forced(settings: Settings) -> None:
    """The case the attack found: Chuo Pai deal 1 with basic AIs, seat 2 beats seat 1's
    lead of 22 with 66 while holding another card that beats it; the event said
    ``forced: false``. Only the person's own actions carry the flag now."""
    with TestClient(create_app(settings)) as client:
        state = Api(client).start("chuopai", seed=1, ai="basic")
    events = state["events"] + state["view"]["history"]
    assert {"type": "beat", "seat": 2, "action": "play 66"} in events
    for event in events:
        assert "forced" not in event or event["seat"] == PERSON, event
