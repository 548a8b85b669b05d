"""The machinery of the strong proofs (``tests/support/worlds.py``) on real deals of
the site, and the case an attack on the older ``/play`` page found.

The proofs themselves are ``tests/web/tables/test_alone_worlds.py`` (a deal against the
AIs: the table page, every frame, every hint) and ``tests/web/services/tables/test_hidden_seats.py``
(every seat of a table of people).
"""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from table_api import without_token
from worlds import full_history, replay_on

from cardavia.games.registry import get_game
from cardavia.store import GameStore
from cardavia.web.app import create_app
from cardavia.web.dependencies import services_of
from cardavia.web.infra.settings import Settings

from .conftest import Api

PERSON = 0


def test_the_real_deal_replays_through_the_helpers(client: TestClient, api: Api) -> None:
    """The proof's own machinery: the identity world is accepted, so a rejection means
    seat 0 could tell the worlds apart, never that the replay is wrong."""
    store: GameStore = services_of(client.app).deals.store
    rng = random.Random(3)
    for game in ("sisepai", "chuopai"):
        frame = api.start(game)
        token = frame["token"]
        for _ in range(6):
            if frame["deal"]["result"] is not None:
                break
            frame = api.act(frame, token, rng.choice(frame["deal"]["options"]))
        stored = store.get(frame["deal"]["id"])
        assert stored is not None
        engine = get_game(game)
        deck = tuple(engine.parse_card(code) for code in stored.deck)
        steps = full_history(engine, deck, stored.first, stored.decisions)
        replayed = replay_on(game, deck, stored.first, steps, set())
        assert replayed is not None
        assert replayed[1] == list(stored.decisions)
        assert api.get(frame, token) == without_token(frame)


def test_another_seats_beat_never_says_whether_it_was_forced(settings: Settings) -> None:
    """The case the attack found: Chuo Pai deal 1 with basic AIs, seat 2 beats seat 1's
    lead of 22 with 66 while holding another card that beats it; the event said
    ``forced: false``. Only the person's own actions carry the flag now."""
    with TestClient(create_app(settings)) as client:
        frame = Api(client).start("chuopai", seed=1, ai="basic")
    # The log's events as they happened (each one's ``after``, the view it left, aside).
    events = [
        {key: value for key, value in event.items() if key != "after"}
        for event in frame["deal"]["events"]
    ]
    assert {"type": "beat", "seat": 2, "action": "play 66"} in events
    for event in events:
        assert "forced" not in event or event["seat"] == PERSON, event
