"""What the API and the table page answer about a deal: the ``GameState`` of seat 0.

Built from seat 0's view, the events it may see and the stored facts about the deal;
never the deck or a secret seed.
"""

from __future__ import annotations

from typing import Any

from cardavia.games.registry import get_game
from cardavia.web.deals import LiveDeal
from cardavia.web.presenters import PERSON


def state_json(live: LiveDeal) -> dict[str, Any]:
    """The API's ``GameState``: seat 0's view only, never the deck or a secret seed."""
    state = live.deal.state
    stored = live.stored
    over = live.over
    mine = state.to_act == PERSON
    outcome = state.outcome
    return {
        "id": stored.id,
        "game": stored.game,
        "ai": stored.ai,
        "status": "finished" if over else "ongoing",
        "step": state.step,
        "your_turn": mine,
        "legal": [str(action) for action in state.legal_actions()] if mine else [],
        "view": live.presenter.view_json(state.view(PERSON), live.log),
        "events": list(live.log[live.since :]),
        "result": None if outcome is None else outcome.to_json(),
        # The deal number is the person's when they chose it; a secret one only at the end.
        "seed": stored.seed if over or stored.seed_chosen else None,
        "hints": len(stored.hints),
    }


def opening_json(live: LiveDeal) -> dict[str, Any] | None:
    """What seat 0 saw as the cards were dealt (``view``) and every event since, with
    what each changed (``events``), while the person has yet to decide anything: the
    table plays the AIs' first moves back from it at the person's pace instead of opening
    on the position they led to (issue 25). ``None`` once the person has decided (or the
    deal is over)."""
    stored = live.stored
    if live.over or not live.log or any(seat == PERSON for seat, _ in stored.decisions):
        return None
    dealt = get_game(stored.game).deal(live.deal.deck, stored.first)
    return {
        "view": live.presenter.view_json(dealt.view(PERSON), []),
        "events": list(live.log),
    }
