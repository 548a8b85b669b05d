"""What every game's web part provides: the museum's entry, the table's words, the
presenter of seat 0's view, and the facts a page needs to tell what happened.

A game's web part is one module in this package (``sisepai.py``, ``chuopai.py``), its
table template ``templates/games/<name>.html`` and its script
``static/js/games/<name>.js``; :mod:`cardavia.web.games` lists the modules. Nothing else
in the web package names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardavia.web.words.text import Gettext, Ngettext


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game as the museum presents it."""

    name: str
    """The registry name (``sisepai``)."""
    title: str
    chinese: str
    players: int
    facts: str
    """"4 players · you against three AIs · one deal"."""
    summary: str
    tradition: str
    """The slug of the tradition whose cards it uses."""
    sample: tuple[str, ...]
    """A few card codes to show beside it."""


class WebGame(Protocol):
    """One game's web part."""

    name: str
    """The engine's registry name, also the template's and the script's file name."""
    deck: str
    """Which card drawing it uses (``templates/cards.html``): ``four_colour`` or ``domino``."""

    def info(self, _: Gettext) -> GameInfo:
        """The museum's entry for the game, in the page's language."""
        ...

    def positions(self, _: Gettext) -> list[str]:
        """Where each seat sits, seen from the person (seat 0) at the bottom of the table
        (*You*, *East*...): a place, never a player's name, since it differs with the
        viewer's seat. The *Play with friends* form and a free seat use it."""
        ...

    def seat_names(self, _: Gettext) -> list[str]:
        """Who plays each seat of a deal against the AIs: *You*, then each AI's name,
        the same names a table of friends gives its AIs (:mod:`cardavia.web.words.players`)."""
        ...

    def messages(self, _: Gettext) -> dict[str, str]:
        """The game's own sentences for the table's script, by key (placeholders in braces)."""
        ...

    def catalogue(self, _: Gettext) -> dict[str, dict[str, Any]]:
        """What the script needs to show and sort each card, by code."""
        ...

    def hint_sentence(
        self, action: str, reason: dict[str, Any], _: Gettext, ngettext: Ngettext
    ) -> str:
        """A hint (``ai/<game>/hint.py``: the action and its reason's facts, as JSON) as
        one sentence in the page's language, naming only numbers and cards of the facts."""
        ...

    # -- presenting a deal to seat 0 ------------------------------------------------------

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """Events of the deal itself that come before the first forced action."""
        ...

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Seat 0's view as JSON-ready data; ``log`` is every event seat 0 has seen, which
        becomes the view's ``history`` (the page's log is written from it alone)."""
        ...

    def scene(self, view: Any) -> dict[str, Any]:
        """What the table draws of a view: :meth:`view_json` without the history."""
        ...

    def is_action(self, event: dict[str, Any]) -> bool:
        """True when ``event`` records a seat's action (a decision or a forced one)."""
        ...

    def action_of(self, event: Any) -> str | None:
        """The action (in notation) that an engine event records, else ``None``."""
        ...

    def suggest(self, view: Any, legal: Sequence[Any]) -> str:
        """The coach's recommendation (in notation) for the seat of ``view`` among
        ``legal``: the verdict's action (``ai.verdict``), the one the hint and the review
        give, from the view only."""
        ...

    def hidden(self, state: Any) -> dict[str, Any]:
        """What no seat's view holds (the stock's order), for the replay of a finished
        deal only: an engine-only look, never sent while a deal runs."""
        ...

    def explain(self, data: dict[str, Any], before: Any, action: str, seat: int) -> None:
        """Add to ``data`` (a visible event, as JSON) what ``seat`` needs to understand it:
        which rule decided it. ``before`` is the engine state in which ``action`` caused
        the event; only what ``seat`` may see of it may be used."""
        ...

    def annotate(self, data: dict[str, Any]) -> None:
        """Add to ``data`` (an event, as JSON) what names it the same for every seat
        (a Chuo Pai special combination's name): the live log's events and the replay's
        alike, so both tell a deal in the same words."""
        ...

    def window(self, view: Any) -> bool:
        """True while ``view``'s decision is one several seats answer at once, sealed
        (a Sì Sè Pái claim window): which of them the engine is asking is nobody's
        business, and the timer is a claim window's."""
        ...
