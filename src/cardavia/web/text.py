"""Every word the site shows a person, in one place, ready for gettext.

English is the source language. Each function takes the ``gettext`` of the request
(``identity`` until translations exist) and calls it on literal strings, so that
Babel's extractor finds every message here and in the templates, and translators get
whole sentences with named placeholders they may reorder. The page's JavaScript shows
only messages it receives from :func:`table_messages`: it never writes English itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardavia.cards.dominoes import DOMINOES, Domino
from cardavia.cards.four_colour import CARDS, Card

Gettext = Callable[[str], str]


def identity(message: str) -> str:
    """The gettext of an English page: every message as written."""
    return message


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


def family_names(_: Gettext) -> dict[str, str]:
    """The four Chuo Pai families by their engine names."""
    return {"Long": _("Long"), "Yao": _("Yao"), "Black": _("Black"), "Red": _("Red")}


def domino_name(card: Domino, _: Gettext) -> str:
    """A Sichuan card's spoken name: "Black Nine"."""
    return domino_names(_)[str(card)]


def card_catalogue(game: str, _: Gettext) -> dict[str, dict[str, Any]]:
    """What the page needs to show and sort each card of ``game``, by code."""
    if game == "sisepai":
        return {
            str(card): {"name": four_colour_name(card, _), "glyph": card.glyph, "order": int(card)}
            for card in CARDS
        }
    families = family_names(_)
    order = {"Long": 0, "Yao": 1, "Black": 2, "Red": 3}
    return {
        str(card): {
            "name": domino_name(card, _),
            "glyph": card.chinese,
            "family": families[card.family.value],
            # Sorted by family, strongest first, as players hold them.
            "order": order[card.family.value] * 100 + (10 - card.rank) * 10 + int(card) % 10,
        }
        for card in DOMINOES
    }


def seat_names(game: str, _: Gettext) -> list[str]:
    """Who sits where, seen from the person at the bottom of the table.

    Sì Sè Pái runs anticlockwise ([D4]: the next player sits to the right), Chuo Pai
    clockwise (the next player sits to the left).
    """
    if game == "sisepai":
        return [_("You"), _("East"), _("North"), _("West")]
    return [_("You"), _("West"), _("East")]


def sisepai_group_names(_: Gettext) -> dict[str, str]:
    """The kinds of group shown in the end-of-deal breakdown."""
    return {
        "general": _("single General"),
        "flower": _("flower"),
        "pair": _("pair"),
        "triple": _("identical triple"),
        "quad": _("identical quad"),
        "command": _("command group"),
        "field": _("field group"),
        "soldiers": _("soldier group"),
    }


def table_messages(game: str, _: Gettext) -> dict[str, str]:
    """Every message the table's JavaScript shows, by key; placeholders in braces.

    A sentence about a seat has a ``_you`` twin for the person: other languages conjugate
    the verb for "you" ("Est ha pescato" but "Hai pescato"), so "{seat}" cannot simply
    become "You".

    Counts are written so that no plural form is needed ("Cards in hand: {count}"), and
    scores use the pair ``point``/``points`` (one, other), which is all the plural rule
    English, Italian and Dutch need (Indonesian and Chinese have a single form). A
    language with more plural forms would need one message per form here.
    """
    common = {
        "waiting": _("The AIs are playing…"),
        "skip": _("Show all now"),
        "played_for_you": _("played for you: it was your only legal action"),
        "error": _("Something went wrong: {error}"),
        "stale": _("The deal moved on in another tab: showing it as it is now."),
        "score": _("Score: {score}"),
        "cards_left": _("Cards in hand: {count}"),
        "winner": _("{seat} won"),
        "new_deal": _("New deal"),
        "download": _("Download record"),
        "deal_number": _("Deal number {seed}: enter it on the game page to play this deal again."),
        # What the table shows beside each AI: how strong it plays.
        "ai_basic": _("basic"),
        "ai_strong": _("strong"),
    }
    if game == "sisepai":
        return (
            common
            | {
                "drew": _("{seat} drew {card} ({stock} left in the stock)"),
                "drew_you": _("You drew {card} ({stock} left in the stock)"),
                "answered": _("{seat} answered: {action}"),
                "answered_you": _("You answered: {action}"),
                "claimed": _("{seat} took {card} from {source} and exposed {group}"),
                "claimed_you": _("You took {card} from {source} and exposed {group}"),
                "claimed_from_you": _("{seat} took {card} from you and exposed {group}"),
                "claimed_own": _("{seat} took {card} and exposed {group}"),
                "claimed_own_you": _("You took {card} and exposed {group}"),
                "answer_pass": _("pass"),
                "answer_win": _("win"),
                "answer_take": _("take"),
                "discarded": _("{seat} discarded {card}"),
                "discarded_you": _("You discarded {card}"),
                "untaken": _("Nobody took {card}: it becomes {seat}'s discard"),
                "untaken_own": _("Nobody took {card}: it becomes your discard"),
                "dead": _("Nobody took {card}: it goes to the dead pile"),
                "won": _("{seat} won with {card}: {points}"),
                "won_you": _("You won with {card}: {points}"),
                "stock_out": _("The stock is empty: the deal is drawn"),
                "claim_drawn": _("{seat} drew {card}. Will you claim it?"),
                "claim_discard": _("{seat} discarded {card}. Will you claim it?"),
                "claim_own_draw": _(
                    "You drew {card}: take it, or pass and it becomes your discard."
                ),
                "must_discard": _("Choose a card from your hand to discard."),
                "discard_card": _("Discard {card}"),
                "dealer": _("Dealer"),
                "no_discard_hint": _("Generals and flowers can never be discarded."),
                "pass": _("Pass"),
                "win": _("Win"),
                "take": _("Take"),
                "public_drawn": _("drawn by {seat}"),
                "public_drawn_you": _("drawn by you"),
                "public_discarded": _("discarded by {seat}"),
                "public_discarded_you": _("discarded by you"),
                "stock": _("Stock: {count}"),
                "dead_pile": _("Dead pile"),
                "draw_result": _("The stock ran out: a draw. Nobody scores."),
                "total": _("Total: {points}"),
                "points": _("{score} points"),
                "point": _("{score} point"),
                "you_won": _("You won with {points}!"),
            }
            | {f"group_{key}": value for key, value in sisepai_group_names(_).items()}
        )
    return common | {
        "bonus": _("{seat} scored the starting bonus: {cards}"),
        "bonus_you": _("You scored the starting bonus: {cards}"),
        "lead": _("{seat} led {cards}"),
        "lead_you": _("You led {cards}"),
        "beat": _("{seat} beat it with {cards}"),
        "beat_you": _("You beat it with {cards}"),
        "pass_event": _("{seat} passed: nothing beats it"),
        "pass_event_you": _("You passed: nothing beats it"),
        "round_won": _("{seat} won the round: {cards} go to the score pile"),
        "round_won_you": _("You won the round: {cards} go to your score pile"),
        "deal_over": _("The deal is over"),
        "lead_prompt": _("You lead: choose cards that form a play."),
        "beat_prompt": _("Beat {cards} by {seat}: you must play one of these."),
        "play": _("Play"),
        "leader": _("Leads"),
        "select_card": _("Select {card}"),
        "clear": _("Clear"),
        "pass": _("Pass"),
        "beating_plays": _("Your beating plays"),
        "pile": _("Score pile"),
        "gone": _("Cards out of the deal: {count}"),
        "current_round": _("This round"),
        "tie": _("A tie at the top: {seats} share the win."),
        "you_won": _("You won!"),
        "not_a_play": _("Not a legal play yet"),
    }
