"""What each lesson's position must show, checked on the engine's state and answers.

The positions were searched offline (``scripts/learn_positions.py``) with these checks;
a test runs them again on every stored position, so a change of the engine that moves a
position away from its idea fails by name. A check reads the engine's state, its legal
actions and its judgement of the choices; it decides no rule itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import Card
from cardavia.games.chuopai import Action as ChuoAction
from cardavia.games.sisepai import GroupKind, Phase, group_kind
from cardavia.web.learn.positions import PERSON, play_on

Check = Callable[[Any], bool]


def _public(state: Any) -> Card | None:
    card: Card | None = state.view(PERSON).public_card
    return card


def sisepai_must_take(state: Any) -> bool:
    """The person drew a General or a flower, and the engine offers no pass."""
    view = state.view(PERSON)
    card = view.public_card
    return (
        view.phase is Phase.CLAIM
        and view.public_from == PERSON
        and view.public_drawn
        and card is not None
        and (card.is_general or card.is_flower)
        and all(str(action) != "pass" for action in state.legal_actions())
    )


def sisepai_mixed(state: Any) -> bool:
    """The person answers as the next player and may take a mixed group."""
    view = state.view(PERSON)
    mixed = (GroupKind.COMMAND, GroupKind.FIELD, GroupKind.SOLDIER)
    return view.public_from == 3 and any(
        str(action).startswith("take") and group_kind(action.cards) in mixed
        for action in state.legal_actions()
    )


def sisepai_discard(state: Any) -> bool:
    """The person must discard and holds a General or a flower, which the engine refuses."""
    view = state.view(PERSON)
    return view.phase is Phase.DISCARD and any(c.is_general or c.is_flower for c in view.hand)


def sisepai_identical(state: Any) -> bool:
    """The person answers a discard as neither its discarder nor the next player, and may
    take an identical group."""
    view = state.view(PERSON)
    return (
        view.phase is Phase.CLAIM
        and not view.public_drawn
        and view.public_from in (1, 2)
        and any(
            str(action).startswith("take") and group_kind(action.cards) is GroupKind.IDENTICAL
            for action in state.legal_actions()
        )
    )


def sisepai_win(state: Any) -> bool:
    """The engine offers the person a win."""
    return any(str(action) == "win" for action in state.legal_actions())


def chuopai_beat(state: Any) -> bool:
    """The person answers a single, must beat it, and also holds a card of its family
    that does not beat it."""
    view = state.view(PERSON)
    if view.top is None or len(view.top[1].cards) != 1:
        return False
    family = view.top[1].cards[0].family
    legal = {str(action) for action in state.legal_actions()}
    same = [card for card in set(view.hand) if card.family == family]
    return (
        "pass" not in legal
        and any(f"play {card}" in legal for card in same)
        and any(f"play {card}" not in legal for card in same)
    )


def chuopai_lead(state: Any) -> bool:
    """The person leads."""
    return bool(state.view(PERSON).top is None)


def chuopai_combination(state: Any) -> bool:
    """The person leads, and leading a special combination wins the round (the engine
    plays the round on: :func:`.judge.judge`)."""
    if not chuopai_lead(state):
        return False
    for action in state.legal_actions():
        if isinstance(action, ChuoAction) and action.play and action.play.combination:
            _after, events = play_on(state, action)
            won = next(e.to_json() for e in events if e.to_json()["type"] == "round_won")
            if won["seat"] == PERSON:
                return True
    return False


def chuopai_latest(state: Any) -> bool:
    """The lead was beaten before the person's turn, the person cannot beat the beat, and
    holds a card of the lead's family."""
    view = state.view(PERSON)
    plays = [action for _seat, action in view.round_plays if str(action) != "pass"]
    if len(plays) < 2 or len(plays[0].cards) != 1:
        return False
    family: Domino = plays[0].cards[0]
    return [str(a) for a in state.legal_actions()] == ["pass"] and any(
        card.family == family.family for card in view.hand
    )


IDEAS: dict[str, Check] = {
    "sisepai_must_take": sisepai_must_take,
    "sisepai_mixed": sisepai_mixed,
    "sisepai_discard": sisepai_discard,
    "sisepai_identical": sisepai_identical,
    "sisepai_win": sisepai_win,
    "chuopai_beat": chuopai_beat,
    "chuopai_lead": chuopai_lead,
    "chuopai_combination": chuopai_combination,
    "chuopai_latest": chuopai_latest,
}
"""Every lesson's idea check, by the name its lesson gives."""
