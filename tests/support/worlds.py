"""Worlds a seat cannot tell apart from a real deal: the machinery of the strong proof.

The cards a seat never saw (the other seats' still-concealed cards and the undrawn
stock) are permuted among their deck positions and the same public history is replayed
on that deck. Other seats' sealed Sì Sè Pái answers that were not granted are replaced
by one that is legal there and lapses as well (``pass`` when it may); a world where a
recorded action is no longer legal, or whose public events differ, is rejected.
``tests/web/tables/test_alone_worlds.py`` (seat 0 against the AIs),
``tests/web/services/tables/test_hidden_seats.py`` (every seat of a table of people) and
``tests/web/test_your_deals_hidden.py`` (a running deal in *Your deals*) use it.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from cardavia.games.registry import get_game
from cardavia.records import Deal
from cardavia.store import FINISHED, ONGOING, GameStore, StoredGame
from cardavia.web.services.deals import hash_token

TRIES = 60
"""Attempts at an indistinguishable world before giving up on this step."""


@dataclass(frozen=True)
class Step:
    """One action of a deal, decided or forced, and the events it caused."""

    seat: int
    action: Any
    events: tuple[Any, ...]
    forced: bool


def random_decisions(game: str, seed: int) -> tuple[tuple[Any, ...], int, list[tuple[int, str]]]:
    """Deal number ``seed``'s deck and first seat, and a whole deal's decisions (engine
    order) with every seat choosing at random: the real deal a proof builds worlds of."""
    engine = get_game(game)
    deck, first = engine.shuffle(random.Random(seed))
    deal = Deal(engine, deck, first)
    rng = random.Random(f"choices {seed}")
    while not deal.over:
        deal.act(rng.choice(deal.state.legal_actions()))
    return tuple(deck), first, list(deal.decisions)


def full_history(game: Any, deck: tuple[Any, ...], first: int, decisions: Any) -> list[Step]:
    """Every action of the stored deal, forced ones included, as the engine played them."""
    state = game.deal(deck, first)
    pending = list(decisions)
    steps: list[Step] = []
    while state.to_act is not None:
        legal = state.legal_actions()
        if len(legal) == 1:
            action, forced = legal[0], True
        elif pending:
            seat, text = pending.pop(0)
            assert seat == state.to_act
            action, forced = game.parse_action(text), False
        else:
            break
        seat = state.to_act
        state, events = state.apply(action)
        steps.append(Step(seat, action, events, forced))
    assert not pending, "the decisions did not replay as the engine plays them"
    return steps


def public(events: Any, observer: int = 0) -> list[dict[str, Any]]:
    """What ``observer`` sees of ``events`` (its own sealed answers included)."""
    return [e.to_json() for e in events if e.seats is None or observer in e.seats]


def is_answer(event: Any) -> bool:
    return event.to_json()["type"] == "answered"


def granted(steps: list[Step]) -> set[int]:
    """Indexes of the steps whose sealed answer was granted (a claim or a win of that
    seat follows it before the seat answers again)."""
    flat = [(index, event.to_json()) for index, step in enumerate(steps) for event in step.events]
    out: set[int] = set()
    for at, (index, event) in enumerate(flat):
        if event["type"] != "answered":
            continue
        for _, later in flat[at + 1 :]:
            if later.get("seat") != event["seat"]:
                continue
            if later["type"] in ("claimed", "won"):
                out.add(index)
            if later["type"] in ("claimed", "won", "answered"):
                break
    return out


def unseen_positions(name: str, deck: tuple[Any, ...], state: Any, observer: int = 0) -> list[int]:
    """Deck positions of the cards ``observer`` has never seen, at ``state``."""
    game = get_game(name)
    places = state.card_places()
    hand_size = 20 if name == "sisepai" else 28
    winner = None
    if state.outcome is not None and name == "sisepai" and state.outcome.winner is not None:
        winner = state.outcome.winner  # the winner's hand is shown at the end [§7]
    positions: list[int] = []
    for seat in range(game.players):
        if seat in (winner, observer):
            continue
        concealed = Counter(places[f"hand {seat}"])
        for position in range(hand_size * seat, hand_size * (seat + 1)):
            if concealed[deck[position]]:
                concealed[deck[position]] -= 1
                positions.append(position)
        assert not +concealed, "a concealed card that was not dealt to its seat"
    if name == "sisepai":
        positions += range(len(deck) - state.view(observer).stock_left, len(deck))
    return positions


def other_deck(
    deck: tuple[Any, ...], positions: list[int], rng: random.Random, attempt: int
) -> tuple[Any, ...]:
    """``deck`` with the cards at ``positions`` permuted: all of them on early attempts,
    a few swaps later (a full shuffle of a long Chuo Pai history is rarely consistent)."""
    cards = list(deck)
    if attempt < TRIES // 3:
        chosen = [cards[p] for p in positions]
        rng.shuffle(chosen)
        for p, card in zip(positions, chosen, strict=True):
            cards[p] = card
    else:
        for _ in range(rng.randint(1, 3)):
            a, b = rng.sample(positions, 2)
            cards[a], cards[b] = cards[b], cards[a]
    return tuple(cards)


def replay_on(
    name: str,
    deck: tuple[Any, ...],
    first: int,
    steps: list[Step],
    lapsed: set[int],
    observer: int = 0,
) -> tuple[Any, list[tuple[int, str]]] | None:
    """The public history of ``steps`` replayed on ``deck``: the final state and the
    decisions (non-forced actions) to store; ``None`` when ``observer`` could tell them
    apart."""
    game = get_game(name)
    state = game.deal(deck, first)
    decisions: list[tuple[int, str]] = []
    for index, step in enumerate(steps):
        legal = state.legal_actions()
        action = step.action
        if index in lapsed:
            # Another seat's sealed answer that lapsed: any legal answer that lapses too.
            texts = {str(a): a for a in legal}
            action = texts.get("pass") or (action if action in legal else None)
            action = action or next((a for a in legal if str(a) != "win"), None)
        if action is None or action not in legal:
            return None
        state, events = state.apply(action)
        if public(events, observer) != public(step.events, observer):
            return None
        if len(legal) > 1:
            decisions.append((step.seat, str(action)))
    return state, decisions


def indistinguishable(
    name: str,
    deck: tuple[Any, ...],
    first: int,
    decisions: Any,
    rng: random.Random,
    observer: int = 0,
) -> tuple[tuple[Any, ...], list[tuple[int, str]], Any] | None:
    """Another deck and decisions ``observer`` cannot tell from the deal of ``deck``,
    ``first`` and ``decisions``, and that world's final state; or ``None``."""
    game = get_game(name)
    steps = full_history(game, deck, first, decisions)
    state = game.deal(deck, first)
    for step in steps:
        state, _ = state.apply(step.action)
    opening = public(game.deal(deck, first).history, observer)
    lapsed = {
        index
        for index, step in enumerate(steps)
        if step.seat != observer and not step.forced and index not in granted(steps)
        and any(is_answer(e) for e in step.events if e.seats is not None)
    }  # fmt: skip
    positions = unseen_positions(name, deck, state, observer)
    if len(positions) < 2:
        return None
    for attempt in range(TRIES):
        candidate = other_deck(deck, positions, rng, attempt)
        if candidate == deck:
            continue
        if public(game.deal(candidate, first).history, observer) != opening:
            continue
        replayed = replay_on(name, candidate, first, steps, lapsed, observer)
        if replayed is not None:
            final, decisions_there = replayed
            return candidate, decisions_there, final
    return None


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
) -> str:
    """The other world as a stored deal of its own (the same browser's); its id."""
    outcome = final.outcome
    other = replace(
        stored,
        id=secrets.token_urlsafe(12),
        token_hash=hash_token(secrets.token_urlsafe(24)),
        deck=deck,
        decisions=tuple(decisions),
        step=final.step,
        status=FINISHED if final.to_act is None else ONGOING,
        result=None if outcome is None else dict(outcome.to_json()),
        version=1,
    )
    store.insert(other)
    return other.id


def person(seed: int) -> random.Random:
    """The test's choices for the person in the deal with ``seed``."""
    return random.Random(f"person {seed}")
