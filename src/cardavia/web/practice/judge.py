"""A practice answer checked by the engine, explained by the coach's facts.

The answer must be one of the engine's legal actions at the rebuilt position; it is right
when it is the coach's choice stored with the position (a test checks that the engine
still makes that choice there). The reason is the coach's sentence for its choice
(``ai.verdict.explain``, phrased as the hint phrases it), and every legal action is shown
with the chance its playouts gave it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.ai.verdict import as_asked, explain
from cardavia.core.errors import CardaviaError
from cardavia.games.registry import get_game
from cardavia.web.games import WEB_GAMES
from cardavia.web.learn import present
from cardavia.web.learn.judge import UnknownChoiceError, position_state
from cardavia.web.learn.positions import PERSON
from cardavia.web.practice.store import Practice
from cardavia.web.words.text import Gettext, Ngettext


@dataclass(frozen=True, slots=True)
class Odds:
    """One legal action as the answer page lists it."""

    action: str
    label: str
    percent: int
    best: bool
    chosen: bool


@dataclass(frozen=True, slots=True)
class Checked:
    """A practice answer: right or not, the coach's reason, every action's chance."""

    action: str
    right: bool
    reason: str
    odds: tuple[Odds, ...]


def check(practice: Practice, chosen: str, _: Gettext, ngettext: Ngettext) -> Checked:
    """The engine's check of ``chosen`` at ``practice``'s position, explained."""
    engine: Any = get_game(practice.game)
    try:
        action = engine.parse_action(chosen)
    except CardaviaError as exc:
        raise UnknownChoiceError(f"{chosen!r} is not an action of {practice.game}") from exc
    lesson = practice.lesson()
    state = position_state(lesson)
    legal = state.legal_actions()
    if action not in legal:
        raise UnknownChoiceError(f"{chosen!r} is not a legal action at {practice.position}")
    best = engine.parse_action(practice.best)
    # The view as the coach weighed it when the position was found (verdict.weigh).
    view = as_asked(practice.game, state.view(PERSON))
    facts = explain(practice.game, view, legal, best).to_json()
    reason = WEB_GAMES[practice.game].hint_sentence(str(best), facts, _, ngettext)
    labels = {choice.action: choice.label for choice in present.table(lesson, _).choices}
    odds = tuple(
        Odds(
            name,
            labels.get(name, name),
            round(win * 100),
            name == str(best),
            name == str(action),
        )
        for name, win in practice.chances
    )
    return Checked(str(action), action == best, reason, odds)
