"""Sì Sè Pái at the web table: its museum entry, its words, and a seat's view of a deal.

The presenter adds what a player needs to follow the deal and must not work out itself,
each time from the engine and from what that seat may see only: the score of each of a
winner's groups, and why a claim went the way it did (``claims.claim_level``, the
engine's priority ladder, applied to the seat's own sealed answer and the public claim).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardavia.ai.verdict import verdict
from cardavia.cards.four_colour import CARDS, Card
from cardavia.games.registry import get_game
from cardavia.games.sisepai import GroupKind, Level, Phase, claim_level, group_kind, group_score
from cardavia.web.games import sisepai_coach
from cardavia.web.games.base import GameInfo
from cardavia.web.words.players import solo_names
from cardavia.web.words.text import Gettext, Ngettext, four_colour_name

# How the page names the claim that was granted, and the person's claim that lost to it,
# by the engine's priority level (sisepai.md §6.3). Identical groups are named by size.
_GRANTED = {
    Level.DRAWER_WIN: "drawer_win",
    Level.OTHER_WIN: "win",
    Level.DRAWER_GROUP: "drawer_group",
    Level.NEXT_MIXED: "mixed",
}
_YOURS = {Level.OTHER_WIN: "win", Level.DRAWER_GROUP: "group", Level.NEXT_MIXED: "mixed"}


class SiSePaiWeb:
    """Sì Sè Pái's web part (see :class:`cardavia.web.games.base.WebGame`)."""

    name = "sisepai"
    deck = "four_colour"

    def info(self, _: Gettext) -> GameInfo:
        """The museum's entry."""
        return GameInfo(
            name=self.name,
            title="Sì Sè Pái",
            chinese="四色牌",
            players=4,
            facts=_("4 players · you against three AIs · one deal"),
            summary=_(
                "Sì Sè Pái uses command groups, field groups, identical sets and soldier groups "
                "of different colours to meld all 21 cards, the new card included."
            ),
            tradition="four-colour-cards",
            sample=("rG", "rA", "rE", "yS", "wS", "gS", "F1"),
        )

    def positions(self, _: Gettext) -> list[str]:
        """Anticlockwise ([D4]): the next player sits to the person's right."""
        return [_("You"), _("East"), _("North"), _("West")]

    def seat_names(self, _: Gettext) -> list[str]:
        """The person, then the AIs by their names (:mod:`cardavia.web.words.players`)."""
        return solo_names(_("You"), get_game(self.name).players)

    def catalogue(self, _: Gettext) -> dict[str, dict[str, Any]]:
        """Each card's spoken name, glyph and place in the canonical order."""
        return {
            str(card): {"name": four_colour_name(card, _), "glyph": card.glyph, "order": int(card)}
            for card in CARDS
        }

    def messages(self, _: Gettext) -> dict[str, str]:
        """The sentences of the Sì Sè Pái table."""
        return {
            "drew": _("{seat} drew {card} ({stock} left in the stock)"),
            "drew_you": _("You drew {card} ({stock} left in the stock)"),
            "answered_you": _("You answered: {action}"),
            "claimed": _("{seat} took {card} from {source} and exposed {group}"),
            "claimed_you": _("You took {card} from {source} and exposed {group}"),
            "claimed_from_you": _("{seat} took {card} from you and exposed {group}"),
            "claimed_own": _("{seat} took {card} and exposed {group}"),
            "claimed_own_you": _("You took {card} and exposed {group}"),
            "answer_pass": _("pass"),
            "answer_win": _("win"),
            "answer_take": _("take"),
            # A discard as an action word: a replay names each seat's actions.
            "answer_discard": _("discard"),
            "discarded": _("{seat} discarded {card}"),
            "discarded_you": _("You discarded {card}"),
            "untaken": _("Nobody took {card}: it becomes {seat}'s discard"),
            "untaken_own": _("Nobody took {card}: it becomes your discard"),
            "dead": _("Nobody took {card}: it goes to the dead pile"),
            "won": _("{seat} won with {card}: {points}"),
            "won_you": _("You won with {card}: {points}"),
            "stock_out": _("The stock is empty: the deal is drawn"),
            # The claim prompts say exactly what the buttons offer: one sentence per set
            # of choices (win, take, pass) and per kind of public card.
            "ask_drawn_take_pass": _("{seat} drew {card}. Take it, or pass?"),
            "ask_drawn_win_pass": _("{seat} drew {card}. Win with it, or pass?"),
            "ask_drawn_win_take_pass": _("{seat} drew {card}. Win with it, take it, or pass?"),
            "ask_discard_take_pass": _("{seat} discarded {card}. Take it, or pass?"),
            "ask_discard_win_pass": _("{seat} discarded {card}. Win with it, or pass?"),
            "ask_discard_win_take_pass": _(
                "{seat} discarded {card}. Win with it, take it, or pass?"
            ),
            "ask_own_take_pass": _(
                "You drew {card}. Take it, or pass and it becomes your discard?"
            ),
            "ask_own_win_pass": _(
                "You drew {card}. Win with it, or pass and it becomes your discard?"
            ),
            "ask_own_win_take_pass": _(
                "You drew {card}. Win with it, take it, or pass and it becomes your discard?"
            ),
            "ask_own_take": _(
                "You drew {card}. A drawn General or flower cannot be passed: take it."
            ),
            "ask_own_win_take": _(
                "You drew {card}. A drawn General or flower cannot be passed: win with it, "
                "or take it."
            ),
            # The misclick guard names the choice about to go: "discard 車", "take 車 車".
            "act_discard": _("discard {cards}"),
            "act_take": _("take {cards}"),
            "act_win": _("win"),
            "act_pass": _("pass"),
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
            "no_public": _("No card on the table"),
            "stock": _("Stock: {count}"),
            "stock_next": _("The stock's next cards, the first to be drawn first"),
            "dead_pile": _("Dead pile"),
            "draw_result": _("The stock ran out: a draw. Nobody scores."),
            "total": _("Total: {points}"),
            "points": _("{score} points"),
            "point": _("{score} point"),
            "you_won": _("You won with {points}!"),
            "group_exposed": _("exposed"),
            "group_concealed": _("from the hand"),
            "winning_card": _("the winning card"),
            # Why the person's claim lost (sisepai.md §6.3), said where it happens.
            "lost": _("{seat} took it: {theirs} comes before {yours}."),
            "lost_won": _("{seat} won with it: {theirs} comes before {yours}."),
            "lost_order": _(
                "{seat} won with it: when two players can win, the one nearer after "
                "{owner} comes first."
            ),
            "claim_drawer_win": _("the drawer's win"),
            "claim_win": _("a win"),
            "claim_triple": _("an identical group of 3"),
            "claim_quad": _("an identical group of 4"),
            "claim_drawer_group": _("the drawer's own group"),
            "claim_mixed": _("the next player's mixed group"),
            "your_win": _("your win"),
            "your_triple": _("your identical group of 3"),
            "your_quad": _("your identical group of 4"),
            "your_group": _("your own group"),
            "your_mixed": _("your mixed group"),
            # Rules a new player may not know, said once, where they first apply.
            "note_must_take": _(
                "A drawn General or flower can never be passed: the drawer must take it."
            ),
            "note_no_pair": _(
                "Nobody claims a card to make a pair: a claim needs an identical group of 3 "
                "or 4, or a mixed group."
            ),
        } | {f"group_{key}": value for key, value in _group_names(_).items()}

    # -- presenting a deal to seat 0 ------------------------------------------------------

    def hint_sentence(
        self, action: str, reason: dict[str, Any], _: Gettext, ngettext: Ngettext
    ) -> str:
        """A hint's facts as one sentence in the page's language (``sisepai_coach``)."""
        return sisepai_coach.hint_sentence(action, reason, _, ngettext)

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """None: the first draw is already in the dealt state's history."""
        return ()

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The view's own JSON, the log seat 0 has seen as its history, and once won, each
        group's kind and score (sisepai.md §7)."""
        data = self.scene(view)
        data["history"] = [_without_scene(event) for event in log]
        data["seat"], data["step"] = view.seat, view.step
        return data

    def scene(self, view: Any) -> dict[str, Any]:
        """The view without its history; once won, the winner's groups explained."""
        data: dict[str, Any] = dataclasses.replace(view, history=()).to_json()
        del data["history"], data["seat"], data["step"]
        outcome = view.outcome
        if outcome is not None and outcome.winner is not None:
            data["breakdown"] = _breakdown(view)
        return data

    def is_action(self, event: dict[str, Any]) -> bool:
        """Answers and discards (not a drawn card that turns into the drawer's discard)."""
        kind = event["type"]
        return kind == "answered" or (kind == "discarded" and not event["drawn"])

    def window(self, view: Any) -> bool:
        """A claim window is open."""
        return bool(view.phase is Phase.CLAIM)

    def action_of(self, event: Any) -> str | None:
        """The answer or the discard an event records."""
        data = event.to_json()
        if data["type"] == "answered":
            return str(data["action"])
        if data["type"] == "discarded" and not data["drawn"]:
            return f"discard {data['card']}"
        return None

    def suggest(self, view: Any, legal: Sequence[Any]) -> str:
        """The coach's verdict's action, as the hint and the review give it."""
        return str(verdict(self.name, view, legal).action)

    def hidden(self, state: Any) -> dict[str, Any]:
        """The stock, next card first (the state's ``deck[stock:]``)."""
        return {"stock": [str(CARDS[card]) for card in state.deck[state.stock :]]}

    def annotate(self, data: dict[str, Any]) -> None:
        """Nothing to add: a group's cards say what it is."""

    def explain(self, data: dict[str, Any], before: Any, action: str, seat: int) -> None:
        """Why a claim went the way it did, when ``seat`` answered and lost; the rules
        that decided a card a new player may not know (sisepai.md §6.2–6.4)."""
        kind = data["type"]
        if kind == "claimed" and data["from"] == data["seat"]:
            card = Card.parse(data["card"])
            if card.is_general or card.is_flower:
                data["note"] = "must_take"
        if kind in ("claimed", "won") and data["seat"] != seat:
            lost = _lost_claim(data, before, action, seat)
            if lost is not None:
                data["lost"] = lost
        if kind == "discarded" and data["drawn"] and data["seat"] == seat:
            seen = before.view(seat)
            card = Card.parse(data["card"])
            if str(seen.my_answer) == "pass" and seen.hand.count(card) == 1:
                data["note"] = "no_pair"


def _group_names(_: Gettext) -> dict[str, str]:
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


def _without_scene(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key != "after"}


def _lost_claim(data: dict[str, Any], before: Any, action: str, seat: int) -> dict[str, Any] | None:
    """How ``seat``'s answer lost to the granted claim in ``data`` (``claimed`` or
    ``won`` by another seat), from ``seat``'s view before the window closed: its own sealed
    answer (or ``action``, the closing answer, when that was the person's), the public
    card's owner and whether it was drawn. ``None`` when the seat passed or did not
    answer."""
    seen = before.view(seat)
    game = get_game("sisepai")
    mine = seen.my_answer
    if mine is None and before.to_act == seat:
        mine = game.parse_action(action)
    if mine is None or str(mine) == "pass":
        return None
    owner, drawn = seen.public_from, seen.public_drawn
    granted = "win" if data["type"] == "won" else "take " + " ".join(data["group"])
    theirs = claim_level(data["seat"], game.parse_action(granted), owner, drawn)
    yours = claim_level(seat, mine, owner, drawn)
    if theirs is None or yours is None:  # pragma: no cover - both are claims
        return None
    if theirs == yours:
        # Only two wins can share a level; the nearer seat after the owner comes first.
        return {"order": True, "owner": owner}
    return {
        "theirs": _claim_name(theirs, _GRANTED, granted),
        "yours": _claim_name(yours, _YOURS, str(mine)),
    }


def _claim_name(level: Level, names: dict[Level, str], action: str) -> str:
    if level is Level.IDENTICAL:
        return "quad" if len(action.split()) == 5 else "triple"
    return names[level]


def _breakdown(view: Any) -> list[dict[str, Any]]:
    """Each of the winner's groups: its cards, kind, score, whether it was exposed during
    the deal, and which card won (the last ``won`` event names it)."""
    outcome = view.outcome
    exposed = len(view.exposed[outcome.winner])
    winning = next(
        (event.card for event in reversed(view.history) if event.to_json()["type"] == "won"), None
    )
    groups = []
    marked = False
    for index, group in enumerate(outcome.groups):
        item: dict[str, Any] = {
            "cards": [str(card) for card in group],
            "kind": _kind(group),
            "score": group_score(group),
            "exposed": index < exposed,
        }
        # The winning card joined the concealed cards: mark it once, in their groups.
        if not marked and index >= exposed and winning in group:
            item["winning"] = list(group).index(winning)
            marked = True
        groups.append(item)
    return groups


def _kind(group: Sequence[Card]) -> str:
    """``general``, ``flower``, ``pair``, ``triple``, ``quad``, ``command``, ``field``,
    ``soldiers``: the names the end-of-deal breakdown shows."""
    kind = group_kind(group)
    if kind is GroupKind.SINGLE:
        return "flower" if CARDS[group[0]].is_flower else "general"
    if kind is GroupKind.IDENTICAL:
        return ("pair", "triple", "quad")[len(group) - 2]
    if kind is GroupKind.SOLDIER:
        return "soldiers"
    return str(kind)


WEB = SiSePaiWeb()
