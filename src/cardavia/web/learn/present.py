"""The lessons as pages show them: finished data, every word in the page's language.

The exercise's table is drawn from the person's view of the position (never the state):
the other seats' hands as counts, every exposed group or play of the round as cards,
the person's own hand, and the choices as the table offers them (a card to click, a
button with the group or play it makes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import Card
from cardavia.web.games import WEB_GAMES
from cardavia.web.learn import catalog, guided
from cardavia.web.learn.judge import Answer, choices, position_state
from cardavia.web.learn.model import Lesson, Offer
from cardavia.web.learn.positions import PERSON
from cardavia.web.words.text import Gettext, domino_name, four_colour_name


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the person may click: its action, the cards drawn on it, its words."""

    action: str
    cards: tuple[str, ...]
    word: str
    """The button's visible word (*Take*, *Pass*); empty for a card of the hand."""
    label: str
    """What a screen reader says of it (*Discard red Advisor*, *Play Cat*)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """Another seat of the exercise's table, as the person sees it."""

    name: str
    cards: int
    groups: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Table:
    """The exercise's position as the table would draw it for the person."""

    seats: tuple[Seat, ...]
    lines: tuple[str, ...]
    """What just happened, in the table's words (the public card, the round's plays)."""
    public: tuple[str, ...]
    """The card or play in the middle of the table."""
    hand: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]
    """The person's exposed groups (Sì Sè Pái)."""
    choices: tuple[Choice, ...]
    hand_choices: bool
    """True when the choices are the hand's cards themselves (click a card)."""


def path(game: str, done: set[str], _: Gettext) -> list[dict[str, Any]]:
    """A game's lessons in order: slug, title and whether this browser finished it."""
    return [
        {
            "slug": lesson.slug,
            "title": _(lesson.title),
            "done": catalog.key(game, lesson) in done,
            "number": number,
        }
        for number, lesson in enumerate(catalog.PATHS[game], 1)
    ]


def progress(done: set[str], _: Gettext) -> list[dict[str, Any]]:
    """Per game: its title, how many of its lessons this browser finished, how many
    there are, and whether it played the guided first deal to its end (the line *Your
    deals* shows)."""
    return [
        {
            "game": game,
            "title": WEB_GAMES[game].info(_).title,
            "done": sum(catalog.key(game, lesson) in done for lesson in lessons),
            "count": len(lessons),
            "guided": guided.key(game) in done,
        }
        for game, lessons in catalog.PATHS.items()
    ]


def table(lesson: Lesson, _: Gettext) -> Table:
    """The exercise of ``lesson`` as the person sees it at the table."""
    game = lesson.exercise.position.game
    state = position_state(lesson)
    view = state.view(PERSON)
    web = WEB_GAMES[game]
    names = web.seat_names(_)
    messages = web.messages(_)
    offered = choices(lesson)
    if game == "sisepai":
        name = _four_colour(_)
        seats = tuple(
            Seat(names[seat], view.hand_sizes[seat], _groups(view.exposed[seat]))
            for seat in range(1, len(names))
        )
        lines: tuple[str, ...] = ()
        public: tuple[str, ...] = ()
        if view.public_card is not None:
            source = view.public_from
            if view.public_drawn:
                key = "public_drawn_you" if source == PERSON else "public_drawn"
            else:
                key = "public_discarded_you" if source == PERSON else "public_discarded"
            where = messages[key].format(seat=names[source])
            # Translators: the public card of a lesson's table, and who drew or discarded it.
            lines = (_("{card}: {where}").format(card=name(str(view.public_card)), where=where),)
            public = (str(view.public_card),)
        made = tuple(_sisepai_choice(action, messages, name) for action in offered)
        return Table(
            seats,
            lines,
            public,
            tuple(str(card) for card in view.hand),
            _groups(view.exposed[PERSON]),
            made,
            lesson.exercise.offer is Offer.HAND,
        )
    seats = tuple(Seat(names[seat], view.hand_sizes[seat], ()) for seat in range(1, len(names)))
    said: list[str] = []
    for seat, action in view.round_plays:
        cards = _domino_names(action.cards, _)
        if not action.cards:
            key = "pass_event"
        elif not said:
            key = "lead"
        else:
            key = "beat"
        key += "_you" if seat == PERSON else ""
        said.append(messages[key].format(seat=names[seat], cards=cards))
    top = () if view.top is None else tuple(str(card) for card in view.top[1].cards)
    made = tuple(_chuopai_choice(action, messages, _) for action in offered)
    return Table(
        seats,
        tuple(said),
        top,
        tuple(str(card) for card in view.hand),
        (),
        made,
        lesson.exercise.offer is Offer.HAND,
    )


def answer_lines(answer: Answer, _: Gettext) -> dict[str, Any]:
    """The judgement as the page shows it."""
    return {
        "right": answer.right,
        "headline": _("Right.") if answer.right else _("Not this time."),
        "reason": answer.reason,
        "happened": answer.happened,
        "action": answer.action,
    }


def _groups(groups: Any) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(card) for card in group) for group in groups)


def _four_colour(_: Gettext) -> Any:
    return lambda code: four_colour_name(Card.parse(code), _)


def _domino_names(cards: Any, _: Gettext) -> str:
    return " + ".join(domino_name(card, _) for card in cards)


def _sisepai_choice(action: str, messages: dict[str, str], name: Any) -> Choice:
    verb, *cards = action.split()
    if verb == "discard":
        return Choice(
            action, tuple(cards), "", messages["discard_card"].format(card=name(cards[0]))
        )
    word = messages[verb]
    label = word if not cards else f"{word}: {' + '.join(name(code) for code in cards)}"
    return Choice(action, tuple(cards), word, label)


def _chuopai_choice(action: str, messages: dict[str, str], _: Gettext) -> Choice:
    verb, *cards = action.split()
    if verb == "pass":
        return Choice(action, (), messages["pass"], messages["pass"])
    named = " + ".join(domino_name(Domino.parse(code), _) for code in cards)
    return Choice(action, tuple(cards), messages["play"], _("Play {cards}").format(cards=named))
