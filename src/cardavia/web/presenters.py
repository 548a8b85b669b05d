"""What the API and the page show of a deal: seat 0's view, its events, the result.

Each game has one presenter. It turns the engine's per-seat view into JSON-ready data
and decides which events seat 0 may see. Presenters add facts the page needs but must
not work out itself (the score of each of a winner's groups), always from the engine,
never by re-implementing a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import CARDS
from cardavia.games.sisepai import GroupKind, group_kind, group_score

PERSON = 0
"""The person always sits at seat 0."""


class Presenter(Protocol):
    """How one game's deals are shown."""

    name: str

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """Events of the deal itself that come before the first forced action."""
        ...

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Seat 0's view as JSON-ready data; ``log`` is every event seat 0 has seen."""
        ...

    def is_action(self, event: dict[str, Any]) -> bool:
        """True when ``event`` records a seat's action (a decision or a forced one)."""
        ...

    def hidden(self, state: Any) -> dict[str, Any]:
        """What no seat's view holds (the stock's order), for the replay of a finished
        deal only: an engine-only look, never sent while a deal runs."""
        ...


def visible_events(
    presenter: Presenter, events: Iterable[Any], decider: int | None
) -> list[dict[str, Any]]:
    """The events seat 0 may see, as JSON; the person's own actions marked ``forced``
    or not.

    ``events`` are what one decision caused (the engine lists the decision's own event
    first, then everything that followed, forced actions included); ``decider`` is the
    seat that decided, or ``None`` for the events of the deal before any decision.
    Sealed events of other seats (Sì Sè Pái claim answers) are dropped here, the one
    place events leave for a client.

    Only the person's actions say whether they were forced: the person knows their own
    hand. Whether another seat had a single legal action depends on its concealed cards
    (a Chuo Pai beat with no other beater, a Sì Sè Pái discard from a hand of Generals
    and flowers), so no event of another seat carries the flag at all.
    """
    shown: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        seats = event.seats
        if seats is not None and PERSON not in seats:
            continue
        data: dict[str, Any] = event.to_json()
        if presenter.is_action(data) and data["seat"] == PERSON:
            # The engine's own flag wins where it has one (Sì Sè Pái answers).
            data.setdefault("forced", decider is None or index > 0)
        else:
            data.pop("forced", None)
        shown.append(data)
    return shown


class SiSePaiPresenter:
    """Sì Sè Pái: the engine's view as it is, plus the winner's score breakdown."""

    name = "sisepai"

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """None: the first draw is already in the dealt state's history."""
        return ()

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The view's own JSON; once won, each group's kind and score (sisepai.md §7)."""
        data: dict[str, Any] = view.to_json()
        outcome = view.outcome
        if outcome is not None and outcome.winner is not None:
            data["breakdown"] = [
                {
                    "cards": [str(card) for card in group],
                    "kind": _sisepai_kind(group),
                    "score": group_score(group),
                }
                for group in outcome.groups
            ]
        return data

    def is_action(self, event: dict[str, Any]) -> bool:
        """Answers and discards (not a drawn card that turns into the drawer's discard)."""
        kind = event["type"]
        return kind == "answered" or (kind == "discarded" and not event["drawn"])

    def hidden(self, state: Any) -> dict[str, Any]:
        """The stock, next card first (the state's ``deck[stock:]``)."""
        return {"stock": [str(CARDS[card]) for card in state.deck[state.stock :]]}


def _sisepai_kind(group: Sequence[int]) -> str:
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


class ChuoPaiPresenter:
    """Chuo Pai: hand, round, piles and counts; the whole (public) history."""

    name = "chuopai"

    def opening_events(self, game: Any, deck: Sequence[Any], first: int) -> tuple[Any, ...]:
        """None: the starting bonus [D3] is already in the dealt state's history (adding
        it here too showed every bonus twice in the page's log)."""
        return ()

    def view_json(self, view: Any, log: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Everything of a :class:`ChuoPaiView`, cards as codes."""
        top = view.top
        return {
            "seat": view.seat,
            "step": view.step,
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
            # Every Chuo Pai event is public, so the log is the deal's public history.
            "history": list(log),
        }

    def is_action(self, event: dict[str, Any]) -> bool:
        """Leads, beats and passes."""
        return event["type"] in ("lead", "beat", "pass")

    def hidden(self, state: Any) -> dict[str, Any]:
        """Nothing: every card is dealt, and every play is face up."""
        return {}


def _codes(cards: Iterable[Domino]) -> list[str]:
    return [str(card) for card in cards]


PRESENTERS: dict[str, Presenter] = {
    "sisepai": SiSePaiPresenter(),
    "chuopai": ChuoPaiPresenter(),
}
