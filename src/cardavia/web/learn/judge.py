"""An exercise asked and answered: its position, its choices, and the engine's judgement.

The choices are engine actions (notation). An answer is right when the engine says so:
it refuses an illegal one (:class:`~cardavia.core.errors.IllegalActionError`), and for a
legal one the lesson's :class:`~.model.Goal` is read off the events the engine gives when
the deal plays on (:func:`.positions.play_on`). The reason shown is the coach's sentence
for that very action (``ai.verdict.explain``: the hint's facts, phrased by
``web/games/*_coach.py``) and the table's own line for what then happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cardavia.ai.verdict import explain
from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import Card
from cardavia.core.errors import CardaviaError
from cardavia.games.registry import get_game
from cardavia.web.games import WEB_GAMES
from cardavia.web.learn.model import Goal, Lesson, Offer
from cardavia.web.learn.positions import PERSON, play_on, state_at
from cardavia.web.words.text import Gettext, Ngettext, domino_name, four_colour_name


class UnknownChoiceError(CardaviaError, ValueError):
    """An answer that is not one of the exercise's choices."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The engine's judgement of one choice, and why, in the page's language."""

    action: str
    right: bool
    legal: bool
    reason: str
    happened: str = ""


@cache
def position_state(lesson: Lesson) -> Any:
    """The exercise's engine state (replayed once per process: states are values)."""
    return state_at(lesson.exercise.position)


def choices(lesson: Lesson) -> tuple[str, ...]:
    """Every action the exercise offers, in notation, in the engine's order."""
    state = position_state(lesson)
    legal = [str(action) for action in state.legal_actions()]
    offer = lesson.exercise.offer
    if offer is Offer.LEGAL:
        return tuple(legal)
    if offer is Offer.HAND and lesson.exercise.position.game == "sisepai":
        return tuple(f"discard {card}" for card in dict.fromkeys(state.view(PERSON).hand))
    found = list(legal)
    if offer is Offer.HAND:
        found = [f"play {card}" for card in dict.fromkeys(state.view(PERSON).hand)]
    if "pass" not in found:
        found.append("pass")
    return tuple(found)


def verb_of(action: str) -> str:
    """The verb of an action's notation (``take``, ``play``, ``pass``…)."""
    return action.split()[0]


def judge(lesson: Lesson, chosen: str, _: Gettext, ngettext: Ngettext) -> Answer:
    """The engine's judgement of ``chosen`` (one of :func:`choices`), explained."""
    game = lesson.exercise.position.game
    engine: Any = get_game(game)
    try:
        action = engine.parse_action(chosen)
    except CardaviaError as exc:
        raise UnknownChoiceError(f"{chosen!r} is not an action of {game}") from exc
    if str(action) not in choices(lesson):
        raise UnknownChoiceError(f"{chosen!r} is not one of this exercise's choices")
    state = position_state(lesson)
    legal = state.legal_actions()
    if action not in legal:
        return Answer(str(action), False, False, _refusal(game, state, action, _))
    view = state.view(PERSON)
    web = WEB_GAMES[game]
    facts = explain(game, view, legal, action).to_json()
    reason = web.hint_sentence(str(action), facts, _, ngettext)
    _after, events = play_on(state, action)
    data = [event.to_json() for event in events]
    right = _reached(lesson.exercise.goal, data)
    return Answer(str(action), right, True, reason, _told(game, lesson.exercise.goal, data, _))


def _reached(goal: Goal, events: list[dict[str, Any]]) -> bool:
    """Whether the events the engine gave show ``goal`` reached by the person."""
    if goal is Goal.ACCEPTED:
        return True
    decisive = _decisive(goal, events)
    if decisive is None:
        return False
    kind, seat = str(decisive["type"]), decisive.get("seat")
    if goal is Goal.TOOK:
        return kind in ("claimed", "won") and seat == PERSON
    if goal is Goal.WON:
        return kind == "won" and seat == PERSON
    return seat == PERSON


def _decisive(goal: Goal, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The event that settles ``goal``: the first close of the claim window (Sì Sè Pái),
    or the first round won (Chuo Pai)."""
    closing = ("round_won",) if goal is Goal.ROUND else ("claimed", "won", "discarded", "dead")
    return next((event for event in events if event["type"] in closing), None)


def _told(game: str, goal: Goal, events: list[dict[str, Any]], _: Gettext) -> str:
    """The table's own line for the event that settled the exercise, if any."""
    if goal is Goal.ACCEPTED:
        return ""
    event = _decisive(goal, events)
    if event is None:
        return ""
    web = WEB_GAMES[game]
    messages = web.messages(_)
    seats = web.seat_names(_)
    you = event.get("seat") == PERSON
    suffix = "_you" if you else ""
    if game == "chuopai":
        cards = " + ".join(
            domino_name(Domino.parse(code), _) for code in event["action"].split()[1:]
        )
        return messages["round_won" + suffix].format(seat=seats[event["seat"]], cards=cards)
    name = _four_colour(_)
    kind = event["type"]
    if kind == "claimed":
        group = " + ".join(name(code) for code in event["group"])
        key = "claimed" + suffix if event["from"] != PERSON or you else "claimed_from_you"
        return messages[key].format(
            seat=seats[event["seat"]],
            card=name(event["card"]),
            source=seats[event["from"]],
            group=group,
        )
    if kind == "won":
        points = messages["points" if event["score"] != 1 else "point"].format(score=event["score"])
        return messages["won" + suffix].format(
            seat=seats[event["seat"]], card=name(event["card"]), points=points
        )
    if kind == "dead":
        return messages["dead"].format(card=name(event["card"]))
    key = "untaken_own" if event["seat"] == PERSON else "untaken"
    return messages[key].format(card=name(event["card"]), seat=seats[event["seat"]])


def _four_colour(_: Gettext) -> Any:
    return lambda code: four_colour_name(Card.parse(code), _)


def _refusal(game: str, state: Any, action: Any, _: Gettext) -> str:
    """Why the engine refused ``action``, in the words the table uses for that refusal."""
    messages = WEB_GAMES[game].messages(_)
    verb = verb_of(str(action))
    if game == "sisepai":
        if verb == "discard":
            card = four_colour_name(Card.parse(str(action).split()[1]), _)
            return (
                _("You cannot discard {card}.").format(card=card)
                + " "
                + (messages["no_discard_hint"])
            )
        return messages["note_must_take"]
    legal = state.legal_actions()

    def name(cards: Any) -> str:
        return " + ".join(domino_name(card, _) for card in cards)

    top = state.view(PERSON).top
    top_cards = name(top[1].cards) if top is not None else ""
    if verb == "pass":
        beat = name(legal[0].cards)
        return _("You cannot pass: {cards} beats {top}, and whoever can beat must beat.").format(
            cards=beat, top=top_cards
        )
    return _(
        "{cards} does not beat {top}: a beat is a higher play of the same family, "
        "with as many cards."
    ).format(cards=name(action.cards), top=top_cards)
