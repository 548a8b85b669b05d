"""The guided first deal (issue 25): one chosen deal per game, and what each of the
person's decisions in it teaches.

A guided deal is a table of one against ``easy`` AIs dealt from a fixed deal number
(:data:`DEALS`), so everyone meets the same cards and the same opponents' moves as long
as they follow the guide. The guide at the table points at the coach's choice (the
hint's verdict, ``ai.verdict``) and names the idea the decision meets: one of the
lessons' ideas, read off the engine's view and legal actions (:func:`idea`), never
decided by a rule of its own. The deal numbers were chosen by following the guide with
the engine (``scripts/guided_deals.py``); ``tests/web/learn/test_guided.py`` follows
it again and checks that the ideas are still met, in order, and that the person wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.ai import verdict
from cardavia.games.sisepai import Phase
from cardavia.web.games import WEB_GAMES
from cardavia.web.learn import catalog
from cardavia.web.learn.model import N_
from cardavia.web.words.text import Gettext, Ngettext

LEVEL = "easy"
"""The AIs of a guided deal: the easiest, so that a first win is possible."""


@dataclass(frozen=True, slots=True)
class GuidedDeal:
    """One game's guided deal: its number, and what following the guide meets."""

    game: str
    seed: int
    ideas: tuple[str, ...]
    """The ideas (lesson slugs) the person's decisions meet when they follow the guide,
    each once, in the order first met."""


DEALS: dict[str, GuidedDeal] = {
    # Deal 41 of the search (1-60, 22 of them won by following the guide) is the first
    # to meet every idea of the path, the drawn General included: 11 decisions, the
    # first after 8 steps, a win.
    "sisepai": GuidedDeal("sisepai", 41, ("groups", "discard", "cards", "claims", "winning")),
    # Deal 17 of the search (1-40) meets leading, the forced beat and a special
    # combination in the path's order, from the very first step: 12 decisions, a win.
    "chuopai": GuidedDeal("chuopai", 17, ("rounds", "beating", "combinations")),
}
"""Each game's guided deal, found by ``scripts/guided_deals.py GAME 1 60``."""


def key(game: str) -> str:
    """The name the guided deal's progress is kept under, beside the lessons'
    (``sisepai/guided``: no lesson has that slug)."""
    return f"{game}/guided"


def idea(game: str, view: Any, legal: Sequence[Any], suggested: Any) -> str:
    """The idea (a lesson's slug) that the person's decision at ``view`` meets, among
    ``legal`` (the engine's), when the guide suggests ``suggested``: read off the
    engine's view and actions alone."""
    words = {str(action).split()[0] for action in legal}
    if game == "sisepai":
        if "win" in words:
            return "winning"
        if view.phase is Phase.DISCARD:
            return "discard"
        if "pass" not in words and view.public_drawn and view.public_from == view.seat:
            return "cards"
        return "groups" if str(suggested).startswith("take") else "claims"
    if view.top is None:
        play = getattr(suggested, "play", None)
        return "combinations" if play is not None and play.combination else "rounds"
    return "beating"


IDEAS: dict[str, dict[str, str]] = {
    "sisepai": {
        "cards": N_("A General or a flower you draw cannot be passed: take it."),
        "groups": N_(
            "The card on the table completes a group with cards of your hand: take it, "
            "and the group is laid face up."
        ),
        "claims": N_(
            "You may take the card on the table or pass: take it only when the group it "
            "makes helps your hand."
        ),
        "discard": N_(
            "After a take you discard one card, face up: the one your groups need least."
        ),
        "winning": N_("Your cards make complete groups with this card: claim the win."),
    },
    "chuopai": {
        "rounds": N_(
            "You lead: play one to four cards of one code. The others must beat it or "
            "pass; the highest play wins the round."
        ),
        "combinations": N_(
            "You lead: a special combination is a play of its own, which only a "
            "stronger combination beats."
        ),
        "beating": N_(
            "You can beat the top play, so you must: choose which of your beating plays to give."
        ),
    },
}
"""What each idea says at the guided table, one or two sentences, by game and idea."""


def words(
    game: str,
    view: Any,
    legal: Sequence[Any],
    suggested: Any,
    reason: Any,
    _: Gettext,
    ngettext: Ngettext,
) -> dict[str, Any]:
    """What the guide says at the seat of ``view`` (the person's own view: nothing
    else goes in), in the page's language: the coach's ``suggested`` action and its
    ``reason`` (the hint's verdict), the idea the decision meets (its lesson's title
    and the guide's sentence), and the coach's sentence for every other choice, which
    the guide shows when the person chooses it (never refused: explained)."""
    web = WEB_GAMES[game]
    slug = idea(game, view, legal, suggested)
    lesson = catalog.lesson(game, slug)
    asked = verdict.as_asked(game, view)
    others = {
        str(action): web.hint_sentence(
            str(action), verdict.explain(game, asked, legal, action).to_json(), _, ngettext
        )
        for action in legal
        if action != suggested
    }
    return {
        "action": str(suggested),
        "idea": slug,
        "title": _(lesson.title) if lesson is not None else "",
        "idea_text": _(IDEAS[game][slug]),
        "text": web.hint_sentence(str(suggested), reason.to_json(), _, ngettext),
        "others": others,
    }
