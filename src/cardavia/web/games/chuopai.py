"""Chuo Pai at the web table: its museum entry, its words, and seat 0's view of a deal.

Every Chuo Pai event is public, so seat 0's log is the deal's whole history. The
presenter adds the end-of-deal account the page shows (each seat's pile with the starting
bonus apart, rounds won, cards left unplayed), counted from the view, never scored anew.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from cardavia.ai.verdict import verdict
from cardavia.cards.dominoes import DOMINOES, Domino
from cardavia.games.chuopai import Action
from cardavia.games.registry import get_game
from cardavia.web.games import chuopai_coach
from cardavia.web.games.base import GameInfo
from cardavia.web.words.players import solo_names
from cardavia.web.words.text import Gettext, Ngettext, domino_name

# The families in the order players hold them (chuopai.md §2).
_FAMILIES = ("Long", "Yao", "Black", "Red")


class ChuoPaiWeb:
    """Chuo Pai's web part (see :class:`cardavia.web.games.base.WebGame`)."""

    name = "chuopai"
    deck = "domino"

    def info(self, _: Gettext) -> GameInfo:
        """The museum's entry."""
        return GameInfo(
            name=self.name,
            title="Chuo Pai",
            chinese="戳牌",
            players=3,
            facts=_("3 players · you against two AIs · one deal"),
            summary=_(
                "Chuo Pai plays higher combinations of the same family and the same number of "
                "cards to win scoring cards. Only the winning play of each round scores; the "
                "largest score pile wins."
            ),
            tradition="sichuan-cards",
            sample=("66", "45", "36", "11", "26", "13"),
        )

    def positions(self, _: Gettext) -> list[str]:
        """Clockwise: the next player sits to the person's left."""
        return [_("You"), _("West"), _("East")]

    def seat_names(self, _: Gettext) -> list[str]:
        """The person, then the AIs by their names (:mod:`cardavia.web.words.players`)."""
        return solo_names(_("You"), get_game(self.name).players)

    def catalogue(self, _: Gettext) -> dict[str, dict[str, Any]]:
        """Each card's name, glyph, family and place in a sorted hand."""
        families = family_names(_)
        return {
            str(card): {
                "name": domino_name(card, _),
                "glyph": card.chinese,
                "family": families[card.family.value],
                # Sorted by family, strongest first, as players hold them.
                "order": _FAMILIES.index(card.family.value) * 100
                + (10 - card.rank) * 10
                + int(card) % 10,
            }
            for card in DOMINOES
        }

    def messages(self, _: Gettext) -> dict[str, str]:
        """The sentences of the Chuo Pai table."""
        return {
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
            "lead_prompt": _("You lead: choose cards that form a play."),
            "beat_prompt": _("Beat {cards} by {seat}: you must answer with a stronger play."),
            "play": _("Play"),
            # The misclick guard names the choice about to go: "play Heaven".
            "act_play": _("play {cards}"),
            "act_pass": _("pass"),
            "leader": _("Leads"),
            "select_card": _("Select {card}"),
            "clear": _("Clear"),
            "pass": _("Pass"),
            # The actions as words: a replay names each seat's actions.
            "answer_play": _("play"),
            "answer_pass": _("pass"),
            "beating_plays": _("Your beating plays"),
            "pile": _("Score pile"),
            "gone": _("Cards out of the deal: {count}"),
            "current_round": _("This round"),
            "last_round": _("{seat} won the previous round"),
            "last_round_you": _("You won the previous round"),
            "tie": _("A tie at the top: {seats} share the win."),
            "you_won": _("You won!"),
            "not_a_play": _("Not a legal play yet"),
            "end_bonus": _("Starting bonus"),
            "end_rounds": _("Rounds won"),
            "end_won": _("Cards won in rounds"),
            "end_left": _("Left in hand: no score"),
            "none": _("none"),
        } | {f"family_{key}": value for key, value in family_names(_).items()}

    # -- presenting a deal to seat 0 ------------------------------------------------------

    def hint_sentence(
        self, action: str, reason: dict[str, Any], _: Gettext, ngettext: Ngettext
    ) -> str:
        """A hint's facts as one sentence in the page's language (``chuopai_coach``)."""
        return chuopai_coach.hint_sentence(action, reason, _, ngettext)

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """None: the starting bonus [D3] is already in the dealt state's history (adding
        it here too showed every bonus twice in the page's log)."""
        return ()

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Everything of a :class:`ChuoPaiView`, cards as codes, and the deal's public
        history (every Chuo Pai event is public, so the log seat 0 saw is all of it)."""
        data = self.scene(view)
        data["history"] = [
            {key: value for key, value in event.items() if key != "after"} for event in log
        ]
        data["seat"], data["step"] = view.seat, view.step
        return data

    def scene(self, view: Any) -> dict[str, Any]:
        """Hand, counts, piles, bonus cards, the cards gone, the round and its top play;
        once over, each seat's account (:func:`_ending`)."""
        top = view.top
        data: dict[str, Any] = {
            "leader": view.leader,
            "to_act": view.to_act,
            "hand": _codes(view.hand),
            "hand_sizes": list(view.hand_sizes),
            "piles": [_codes(pile) for pile in view.piles],
            "bonus": [_codes(cards) for cards in view.bonus],
            "scores": list(view.scores),
            "gone": _codes(view.gone),
            "round": [{"seat": seat, "action": str(action)} for seat, action in view.round_plays],
            "top": None if top is None else {"seat": top[0], "action": str(top[1])},
            "outcome": None if view.outcome is None else view.outcome.to_json(),
        }
        if view.outcome is not None:
            data["ending"] = _ending(view)
        return data

    def is_action(self, event: dict[str, Any]) -> bool:
        """Leads, beats and passes."""
        return event["type"] in ("lead", "beat", "pass")

    def action_of(self, event: Any) -> str | None:
        """The play or the pass an event records."""
        data = event.to_json()
        if data["type"] in ("lead", "beat"):
            return str(data["action"])
        return "pass" if data["type"] == "pass" else None

    def suggest(self, view: Any, legal: Sequence[Any]) -> str:
        """The coach's verdict's action, as the hint and the review give it."""
        return str(verdict(self.name, view, legal).action)

    def hidden(self, state: Any) -> dict[str, Any]:
        """Nothing: every card is dealt, and every play is face up."""
        return {}

    def annotate(self, data: dict[str, Any]) -> None:
        """A special combination's name on the event that plays it or wins the round
        with it (chuopai.md §4): ``{"name": "Tian Jiu", "chinese": "天九"}``."""
        if data["type"] not in ("lead", "beat", "round_won"):
            return
        played = Action.parse(str(data["action"])).play
        if played is not None and played.combination is not None:
            data["combination"] = {
                "name": played.combination.name,
                "chinese": played.combination.chinese,
            }

    def explain(self, data: dict[str, Any], before: Any, action: str, seat: int) -> None:
        """Nothing to add: a Chuo Pai event says all there is (a pass is always forced)."""

    def window(self, view: Any) -> bool:
        """Never: each play answers the one before it."""
        return False


def family_names(_: Gettext) -> dict[str, str]:
    """The four Chuo Pai families by their engine names."""
    return {"Long": _("Long"), "Yao": _("Yao"), "Black": _("Black"), "Red": _("Red")}


def _codes(cards: Iterable[Domino]) -> list[str]:
    return [str(card) for card in cards]


def _ending(view: Any) -> list[dict[str, Any]]:
    """Each seat's account once the deal is over: its starting bonus, the rounds it won
    and the cards they brought, the cards left in its hand (they do not score), and its
    score (the size of its pile, bonus included: chuopai.md §7)."""
    rounds = Counter(event.seat for event in view.history if event.to_json()["type"] == "round_won")
    accounts = []
    for seat, pile in enumerate(view.piles):
        won = Counter(pile) - Counter(view.bonus[seat])
        accounts.append(
            {
                "bonus": _codes(view.bonus[seat]),
                "rounds": rounds[seat],
                "won": _codes(sorted(won.elements())),
                "left": view.hand_sizes[seat],
                "score": view.scores[seat],
            }
        )
    return accounts


WEB = ChuoPaiWeb()
