"""The conformance suite every game engine passes (OpenSpiel-style).

Each check plays seeded random deals through the public API and raises
``ConformanceError`` on the first broken invariant, naming the seed and step so the
failure can be replayed:

- every unfinished state has a legal action, and after forced actions a choice of two
  or more; legal actions are sorted, distinct and round-trip through their notation;
- every card of the deck is in exactly one place at every step;
- an illegal action is refused with ``IllegalActionError`` and changes nothing;
- ``play_forced`` equals applying lone legal actions one by one through ``apply``;
- ``deciders`` names the seat to act, then the later seats whose options no earlier
  choice changes (Sì Sè Pái's sealed answers), each with the options it gets;
- a seat's view does not change when the cards it cannot see are reshuffled;
- a deal's record lists only decisions, survives a JSON round trip, and replays to
  the same final state; the same seed gives the same deal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, TypeVar

from cardavia.core.errors import IllegalActionError
from cardavia.core.game import Action, Game, State
from cardavia.records.deal import Deal
from cardavia.records.format import parse_record
from cardavia.records.replay import replay

S = TypeVar("S", bound=State[Any, Any])
A = TypeVar("A", bound=Action)
C = TypeVar("C")


class ConformanceError(AssertionError):
    """An engine broke one of the invariants above."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


@dataclass
class PlayoutStats:
    """What a batch of playouts saw (so tests can also check they explored enough)."""

    deals: int = 0
    decisions: int = 0
    steps: int = 0
    finished_with_winner: int = 0
    drawn: int = 0


def random_policy(state: State[A, Any], rng: random.Random, win_bias: float = 0.9) -> A:
    """A random legal action; ``win`` with probability ``win_bias`` when legal."""
    legal = state.legal_actions()
    wins = [action for action in legal if str(action) == "win"]
    if wins and rng.random() < win_bias:
        return wins[0]
    return rng.choice(legal)


def check_state(game: Game[S, A, C], state: S, where: str) -> None:
    """Invariants that hold at every step of every deal."""
    places = state.card_places()
    seen = Counter(card for cards in places.values() for card in cards)
    full = _full_deck(game)
    if seen != full:
        missing = sorted(map(str, (full - seen).elements()))
        extra = sorted(map(str, (seen - full).elements()))
        raise ConformanceError(
            f"{where}: cards lost or duplicated: {missing} missing, {extra} extra"
        )
    if state.to_act is None:
        _check(state.outcome is not None, f"{where}: a finished deal needs an outcome")
        _check(state.legal_actions() == (), f"{where}: a finished deal has no legal action")
        return
    legal = state.legal_actions()
    _check(len(legal) >= 1, f"{where}: an unfinished state must have a legal action")
    texts = [str(action) for action in legal]
    _check(texts == sorted(texts), f"{where}: legal actions must be sorted: {texts}")
    _check(len(set(texts)) == len(texts), f"{where}: legal actions repeat: {texts}")
    for action, text in zip(legal, texts, strict=True):
        _check(game.parse_action(text) == action, f"{where}: {text!r} does not round-trip")


_FULL_DECKS: dict[str, Counter[object]] = {}


def _full_deck(game: Game[Any, Any, Any]) -> Counter[object]:
    if game.name not in _FULL_DECKS:
        _FULL_DECKS[game.name] = Counter(game.full_deck())
    return _FULL_DECKS[game.name]


def check_forced_path(game: Game[S, A, C], state: S, where: str) -> None:
    """``play_forced`` must equal applying lone legal actions one by one, and every
    state passed on the way keeps the invariants of :func:`check_state`."""
    fast, _, forced = state.play_forced()
    slow = state
    applied = []
    while slow.to_act is not None:
        check_state(game, slow, f"{where}, forced step {slow.step}")
        legal = slow.legal_actions()
        if len(legal) != 1:
            break
        applied.append((slow.to_act, legal[0]))
        slow, _ = slow.apply(legal[0])
    _check(fast == slow, f"{where}: play_forced differs from applying lone actions")
    _check(list(forced) == applied, f"{where}: play_forced reports other forced actions")
    if fast.to_act is not None:
        _check(len(fast.legal_actions()) >= 2, f"{where}: a decision point needs a choice")


def check_views(game: Game[S, A, C], state: S, rng: random.Random, where: str) -> None:
    """Reshuffling what a seat cannot see never changes what it sees."""
    for seat in range(game.players):
        other = state.shuffle_unseen(seat, rng)
        check_state(game, other, f"{where} (shuffled for seat {seat})")
        _check(
            state.view(seat) == other.view(seat),
            f"{where}: seat {seat}'s view depends on cards it cannot see",
        )


def check_deciders(game: Game[S, A, C], state: S, where: str) -> None:
    """``deciders`` names the seat to act with its legal actions, then the later seats
    the engine will reach whatever the earlier ones choose, each with exactly the legal
    actions it has when its turn comes (the earlier seats' choices drawn at random)."""
    # Its own generator: the deal's stream (and so every other check's) stays as it was.
    rng = random.Random(f"deciders {where}")
    deciders = state.deciders()
    if state.to_act is None:
        _check(deciders == (), f"{where}: a finished deal has no decider")
        return
    _check(bool(deciders), f"{where}: an unfinished deal needs a decider")
    first, options = deciders[0]
    _check(
        first == state.to_act and options == state.legal_actions(),
        f"{where}: the first decider must be the seat to act, with its legal actions",
    )
    seats = [seat for seat, _ in deciders]
    _check(len(set(seats)) == len(seats), f"{where}: deciders repeat: {seats}")
    current = state
    for seat, options in deciders[1:]:
        current, _ = current.apply(rng.choice(current.legal_actions()))
        _check(
            current.to_act == seat and current.legal_actions() == options,
            f"{where}: decider {seat}'s options change before its turn",
        )


def check_refusal(game: Game[S, A, C], state: S, where: str) -> None:
    """An action that is not legal raises ``IllegalActionError`` and changes nothing."""
    legal = {str(action) for action in state.legal_actions()}
    for candidate in _illegal_candidates(game, state):
        if str(candidate) in legal:
            continue
        before = state
        try:
            state.apply(candidate)
        except IllegalActionError as exc:
            _check(bool(str(exc)), f"{where}: a refusal needs a reason")
        else:
            raise ConformanceError(f"{where}: illegal {candidate} was accepted")
        _check(state == before, f"{where}: a refused action changed the state")


def _illegal_candidates(game: Game[S, A, C], state: S) -> list[A]:
    texts = ["pass", "win"]
    cards = [str(card) for card in game.full_deck()[:: max(1, len(game.full_deck()) // 9)]]
    texts += [f"discard {card}" for card in cards[:3]]
    texts += [f"play {card}" for card in cards[:3]]
    texts += [f"take {card} {card} {card}" for card in cards[:3]]
    actions = []
    for text in texts:
        try:
            actions.append(game.parse_action(text))
        except ValueError:
            continue
    return actions


def check_deal(
    game: Game[S, A, C], seed: int, views_every: int = 7, thorough: bool = True
) -> PlayoutStats:
    """Play one seeded random deal, checking every invariant; return what it saw.

    ``thorough`` also checks every forced step (the slow path beside ``play_forced``)
    and each record entry; without it, only decision points are checked.
    """
    rng = random.Random(seed)
    deck, first = game.shuffle(rng)
    _check(
        (deck, first) == game.shuffle(random.Random(seed)),
        f"seed {seed}: the same seed must give the same deal",
    )
    start = game.deal(deck, first)
    check_forced_path(game, start, f"seed {seed} start")
    deal = Deal(game, deck, first)
    stats = PlayoutStats(deals=1)
    check_state(game, deal.state, f"seed {seed} step {deal.state.step}")
    while not deal.over:
        state = deal.state
        where = f"seed {seed} step {state.step}"
        check_state(game, state, where)
        if stats.decisions % views_every == 0:
            check_views(game, state, rng, where)
            check_refusal(game, state, where)
            check_deciders(game, state, where)
        action = random_policy(state, rng)
        if thorough:
            after, _ = state.apply(action)
            check_forced_path(game, after, f"{where} after {action}")
        deal.act(action)
        stats.decisions += 1
    final = deal.state
    check_state(game, final, f"seed {seed} end")
    check_views(game, final, rng, f"seed {seed} end")
    stats.steps = final.step
    outcome = final.outcome
    _check(outcome is not None, f"seed {seed}: a finished deal needs an outcome")
    assert outcome is not None
    if outcome.is_draw:
        stats.drawn += 1
    else:
        stats.finished_with_winner += 1
    check_record(game, deal, seed, thorough)
    return stats


def check_record(
    game: Game[S, A, C], deal: Deal[S, A, C], seed: int, thorough: bool = True
) -> None:
    """The deal's record round-trips through JSON and replays to the same end; with
    ``thorough``, no entry of it is a forced action."""
    record = deal.record()
    again = parse_record(record.dumps())
    _check(again == record, f"seed {seed}: the record does not survive a JSON round trip")
    _check(replay(again).state == deal.state, f"seed {seed}: the record replays differently")
    if not thorough:
        return
    state, _, _ = game.deal(deal.deck, deal.first).play_forced()
    for index, (seat, text) in enumerate(record.actions):
        legal = state.legal_actions()
        _check(len(legal) >= 2, f"seed {seed}: record entry {index} is a forced action")
        _check(seat == state.to_act, f"seed {seed}: record entry {index} names the wrong seat")
        state, _ = state.apply(game.parse_action(text))
        state, _, _ = state.play_forced()


def check_deals(
    game: Game[S, A, C], seeds: range, views_every: int = 7, thorough: bool = True
) -> PlayoutStats:
    """``check_deal`` for every seed; the summed statistics."""
    total = PlayoutStats()
    for seed in seeds:
        stats = check_deal(game, seed, views_every, thorough)
        total.deals += stats.deals
        total.decisions += stats.decisions
        total.steps += stats.steps
        total.finished_with_winner += stats.finished_with_winner
        total.drawn += stats.drawn
    return total
