"""The words every page shares, ready for gettext: card names and the table's common
messages (each game's own are in its module, ``cardavia.web.games``).

English is the source language. Each function takes the ``gettext`` of the request
(``identity`` for English) and calls it on literal strings, so that Babel's extractor
finds every message here and in the templates, and translators get whole sentences with
named placeholders they may reorder. The page's JavaScript shows only messages it
receives from ``cardavia.web.games.table_messages``: it never writes English itself.
"""

from __future__ import annotations

from collections.abc import Callable

from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import Card

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
Pgettext = Callable[[str, str], str]
"""A language's ``ngettext``: the singular, the plural and the count (CLDR plural forms)."""


def identity(message: str) -> str:
    """The gettext of an English page: every message as written."""
    return message


def english_plural(singular: str, plural: str, count: int) -> str:
    """The ngettext of an English page."""
    return singular if count == 1 else plural


def colour_names(_: Gettext) -> tuple[str, ...]:
    """The four colours of the four-colour cards, in code order (r y w g)."""
    return (_("red"), _("yellow"), _("white"), _("green"))


def character_names(_: Gettext) -> tuple[str, ...]:
    """The seven characters, in code order (G A E R H C S)."""
    return (
        _("General"),
        _("Advisor"),
        _("Elephant"),
        _("Chariot"),
        _("Horse"),
        _("Cannon"),
        _("Soldier"),
    )


def card_name_patterns(_: Gettext) -> tuple[str, ...]:
    """How each colour names a card, in code order: one pattern per colour, because
    languages place and inflect the colour differently ("red General", "Generale
    rosso", "rode Generaal", "Jenderal merah", "红将帅")."""
    return (
        # Translators: the name of a red card; {character} is General, Advisor, …
        _("red {character}"),
        _("yellow {character}"),
        _("white {character}"),
        _("green {character}"),
    )


def four_colour_name(card: Card, _: Gettext) -> str:
    """A card's spoken name: "red General", "flower 2"."""
    if card.is_flower:
        return _("flower {number}").format(number=card.flower)
    colour, character = card.colour, card.character
    assert colour is not None and character is not None
    return card_name_patterns(_)[colour].format(character=character_names(_)[character])


def domino_names(_: Gettext) -> dict[str, str]:
    """Each Sichuan card's name by code (chuopai.md §2)."""
    return {
        "66": _("Heaven"),
        "11": _("Earth"),
        "44": _("Man"),
        "13": _("Harmony"),
        "33": _("Long Three"),
        "55": _("Plum Blossom"),
        "22": _("Bench"),
        "15": _("Cat"),
        "16": _("High Foot"),
        "56": _("Axe"),
        "46": _("Four-Six"),
        "36": _("Black Nine"),
        "26": _("Straight Eight"),
        "35": _("Crooked Eight"),
        "25": _("Black Seven"),
        "23": _("Black Five"),
        "45": _("Red Nine"),
        "34": _("Red Seven"),
        "14": _("Red Five"),
        "12": _("Ding Ding (Nail)"),
        "24": _("Two Reds"),
    }


def domino_name(card: Domino, _: Gettext) -> str:
    """A Sichuan card's spoken name: "Black Nine"."""
    return domino_names(_)[str(card)]


def common_messages(_: Gettext) -> dict[str, str]:
    """The messages the table's script shows in every game, by key; placeholders in braces.

    Each game adds its own (``cardavia.web.games``). A sentence about a seat has a
    ``_you`` twin for the person: other languages conjugate the verb for "you" ("Est ha
    pescato" but "Hai pescato"), so "{seat}" cannot simply become "You".

    Counts are written so that no plural form is needed ("Cards in hand: {count}"), and
    scores use the pair ``point``/``points`` (one, other), which is all the plural rule
    English, Italian and Dutch need (Indonesian and Chinese have a single form). A
    language with more plural forms would need one message per form here.
    """
    return {
        "waiting": _("The AIs are playing…"),
        "skip": _("Show all now"),
        "played_for_you": _("played for you: it was your only legal action"),
        "error": _("Something went wrong: {error}"),
        "score": _("Score: {score}"),
        "cards_left": _("Cards in hand: {count}"),
        # A replay of a finished deal shows every hand.
        "open_hand": _("The hand of {seat}, face up"),
        "winner": _("{seat} won"),
        "new_deal": _("New deal"),
        "download": _("Download record"),
        "deal_number": _("Deal number {seed}: enter it on the game page to play this deal again."),
        # At a table of people the host deals it again for everyone from the ending.
        "deal_number_table": _(
            "Deal number {seed}: the host can deal it again to the whole table with "
            "“Play this deal again”."
        ),
        "deal_label": _("Deal {seed}"),
        "deal_over": _("The deal is over"),
        "show_result": _("Show the result"),
        # The coach (issue 15): a hint at each decision, the misclick guard, the review.
        "hint_label": _("Hint: {sentence}"),
        "hints_used": _("Hints asked for in this deal: {count}"),
        # No worker had time for the hint: the coach never answers with another
        # player's opinion, the person asks again.
        "hint_busy": _("The coach is busy with other players' positions: ask again in a moment."),
        "pending": _("Your choice goes in a moment: {action}."),
        "undo": _("Undo"),
        "undone": _("Taken back: choose again."),
        "review_progress": _("Reviewing your decisions: {done} of {total}…"),
        # A review lists only the decisions where the strong player's choice wins clearly
        # more often (a paired test over the same sampled deals): not every difference.
        "review_summary": _(
            "Your decisions: {count}. Where the strong player's choice would clearly have "
            "done better: {differ}."
        ),
        "review_agrees": _(
            "None of your decisions was clearly worse than the strong player's choice."
        ),
        "review_decision": _("Decision {number}"),
        "review_chances": _(
            "Estimated win chance: {chosen} as played, {suggested} with the suggestion"
        ),
        # {gain}, {low} and {high} are percentage points, e.g. "+12%", "+5%", "+19%".
        "review_gain": _("Gain with the suggestion: {gain} (likely between {low} and {high})"),
        "review_played": _("You played: {action}"),
        "review_suggested": _("Suggested: {action}"),
        "review_hand": _("Your hand"),
        "review_table": _("On the table: {cards}"),
        "review_failed": _("The review could not be computed just now: try again later."),
        # What the table shows beside each AI: how strong it plays (the start form's levels).
        "ai_easy": _("easy"),
        "ai_basic": _("normal"),
        "ai_strong": _("strong"),
    }


def level_names(_: Gettext) -> dict[str, tuple[str, str]]:
    """Each AI level a person may choose (engine name) as the start form offers it: its
    name and one line saying what to expect. ``basic`` is *Normal* to a person."""
    return {
        "easy": (
            _("Easy"),
            _("makes the mistakes a learner makes: a good first opponent"),
        ),
        "basic": (_("Normal"), _("sound, simple play; quick to answer")),
        "strong": (_("Strong"), _("thinks ahead about the cards it cannot see")),
    }
