"""Reading a hint sentence back: which card names and which numbers it says.

A sentence is checked against its reason's facts: every card it names and every number
it says must be one of them. Card names are found longest first and cut out, so that a
name inside another ("flower 2", "Black Nine") is neither a card twice nor a number.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records import Deal

NUMBER = re.compile(r"\d+")


def read_back(sentence: str, names: dict[str, str]) -> tuple[set[str], set[int]]:
    """The card codes (by their ``names``) and the numbers ``sentence`` says."""
    found: set[str] = set()
    rest = sentence
    for code, name in sorted(names.items(), key=lambda item: -len(item[1])):
        if name in rest:
            found.add(code)
            rest = rest.replace(name, "\x00")
    return found, {int(number) for number in NUMBER.findall(rest)}


def facts_numbers(values: Iterable[object]) -> set[int]:
    """The integers among a reason's facts (``None`` and booleans left out)."""
    return {value for value in values if isinstance(value, int) and not isinstance(value, bool)}


def positions(game: str, deals: int, seed: int) -> Iterator[tuple[Any, list[Any]]]:
    """Every decision of ``deals`` deals of ``game`` between ``basic`` players: the
    deciding seat's view and its legal actions."""
    engine, mover, rng = get_game(game), get_player(game, "basic"), random.Random(seed)
    for number in range(deals):
        deal = Deal(engine, *engine.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            assert seat is not None
            view, legal = state.view(seat), list(state.legal_actions())
            yield view, legal
            deal.act(mover.choose(view, legal, decision_rng(number, seat, state.step)))
