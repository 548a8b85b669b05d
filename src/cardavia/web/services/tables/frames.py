"""What one seat of a table receives: a frame.

A frame is built from that seat's view of the deal (``state.view(seat)``), the events
that seat may see (its log), its own options and sealed answer, and the table's public
facts (who sits where, who is here, the timer). Nothing in it depends on a card the
seat cannot see, nor on whether another seat had a choice:

- In a claim window every eligible person answers at once; which seat the engine is
  asking (``to_act``) and how many sealed answers it holds are not in the frame (the
  window's answering order is, as the rules make it public).
- Another seat's answer, given early and held until the engine asks for it, appears
  only in that seat's own frame, as its ``answer``.
- The frame carries no version, step or count of the stored deal (another seat's
  sealed answer moves those); its decision ``key`` is the number of public events.

- Every decision a bystander could have to wait for — any in which a person decides, at
  a table of two people or more, or a strong AI — is shown, one after another, for at
  least :data:`~cardavia.web.services.tables.model.HOLD_SECONDS`, whether or not anyone had a
  choice in it (issue 28, hole 5): the table keeps those *stops* in its row (their
  scenes and where each seat's log stood, as they opened), and a seat's frame is drawn
  from the first of them while the engine may already be further on.

The one thing the table cannot hide is time: a window a person is still thinking
about stays open on everyone's screen longer than the minimum, as it would at a real
table (docs/web.md).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from cardavia.store import StoredTable
from cardavia.web.presentation.deal_stats import Result
from cardavia.web.services.deals import LiveDeal
from cardavia.web.services.tables.model import (
    AI,
    PLAYING,
    seat_names,
    settings_of,
    takeover_at,
    who_decides,
)


@dataclass(frozen=True, slots=True)
class Moment:
    """A table as read at one version: its row and, once started, its deal."""

    table: StoredTable
    live: LiveDeal | None


def decision_key(live: LiveDeal) -> int:
    """The public name of the decision the deal waits for: how many public events came
    before it. It stays the same for a whole claim window (answers are sealed) and
    changes with every discard, draw, claim, lead or beat."""
    return len(live.deal.state.history)


def held_answers(table: StoredTable, key: int) -> dict[int, str]:
    """The sealed answers given for decision ``key`` before the engine asked for them."""
    held = table.held
    if not held or held.get("decision") != key:
        return {}
    return {int(seat): str(action) for seat, action in held["answers"].items()}


def stops(table: StoredTable) -> list[dict[str, Any]]:
    """The decisions the table shows in turn, the one on show first (each as the
    service wrote it: ``key``, ``window``, ``turn``, ``people``, ``scenes`` and ``seen``
    by seat, ``opened`` once shown, the people's own ``answers``)."""
    held = table.held or {}
    return list(held.get("stops", ()))


def opened_at(stop: dict[str, Any]) -> datetime:
    """When ``stop`` went on show."""
    return datetime.fromtimestamp(stop["opened"] / 1000, UTC)


def waiting_on(moment: Moment) -> dict[int, tuple[str, ...]]:
    """The people the table is waiting for now, each with the actions it may choose:
    deciders with a real choice, played by their person, whose answer is not in yet.
    Nobody while an earlier decision is still on show: a person is asked only what the
    table shows."""
    live = moment.live
    if live is None or live.over:
        return {}
    table = moment.table
    shown = stops(table)
    if shown and shown[0]["key"] != decision_key(live):
        return {}
    held = held_answers(table, decision_key(live))
    waiting = {}
    for seat, options in live.deal.state.deciders():
        if len(options) > 1 and who_decides(table, seat) is None and seat not in held:
            waiting[seat] = tuple(str(option) for option in options)
    return waiting


def choosing(moment: Moment) -> list[int]:
    """The people whose choice the table shows it is waiting for: the seat to discard,
    lead or beat when its own person plays it. Public facts only, the same for every
    seat: whose turn it is, and who plays that seat. In a claim window nobody is named:
    the window waits only for the people who may claim the card, which their concealed
    cards decide (a page says "the others" instead); and when the AIs play (their own
    seats, or a person's while away) the list is empty."""
    live = moment.live
    if live is None or live.over:
        return []
    state = live.deal.state
    seat = state.to_act
    if seat is None or live.presenter.window(state.view(seat)):
        return []
    return [seat] if who_decides(moment.table, seat) is None else []


def _epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def seats_json(table: StoredTable, away_seconds: float) -> list[dict[str, Any]]:
    """Who sits where, by name, and whether they are here: public to everyone at the
    table, and the same for everyone (each seat's ``name`` is the player's, never a place
    seen from the reader's seat: :func:`seat_names`)."""
    seats = []
    names = seat_names(table)
    for index, place in enumerate(table.seats):
        entry: dict[str, Any] = {"seat": index, "kind": place.kind, "level": place.level}
        if place.kind == AI:
            entry["state"] = "ai"
            entry["name"] = names[index]
        elif place.token_hash is None:
            entry["state"] = "free"
        else:
            entry["name"] = place.name
            if place.played:
                entry["state"] = "played"
                entry["level"] = settings_of(table).absent
            elif place.away is not None:
                entry["state"] = "away"
                takeover = takeover_at(table, place, away_seconds)
                if takeover is not None:
                    entry["takeover"] = _epoch_ms(takeover)
            else:
                entry["state"] = "here"
        seats.append(entry)
    return seats


def frame(moment: Moment, seat: int, since: int, away_seconds: float) -> dict[str, Any]:
    """Everything ``seat`` is shown of the table now; its log from event ``since`` on.

    The same inputs always give the same frame (the clock is not read here: the timer
    is a deadline), so a frame that did not change need not be sent again.
    """
    table = moment.table
    settings = settings_of(table)
    shown = stops(table)
    data: dict[str, Any] = {
        "type": "table",
        "table": {
            "id": table.id,
            "game": table.game,
            "status": table.status,
            "you": seat,
            "host": table.host_seat,
            "deals": len(table.deals) + (table.game_id is not None),
            "settings": settings.to_json(),
            "seats": seats_json(table, away_seconds),
        },
        "deal": None,
    }
    live = moment.live
    if live is None:
        return data
    if shown:
        data["table"]["status"] = PLAYING  # the end is not on show yet
        data["deal"] = _stop_frame(moment, shown[0], seat, since)
        return data
    state = live.deal.state
    view = state.view(seat)
    presenter = live.presenter
    # The log travels as events; the scene has no step (it counts another seat's sealed
    # answers) and no history.
    scene = presenter.scene(view)
    window = not live.over and presenter.window(view)
    if window:
        scene["to_act"] = None
    log = live.log_of(seat)
    if not 0 <= since <= len(log):
        since = 0  # a client that knows another deal, or says nonsense: everything
    key = decision_key(live)
    waiting = waiting_on(moment)
    held = held_answers(table, key)
    answer = (held.get(seat) or scene.get("my_answer")) if window else None
    deal: dict[str, Any] = {
        "id": live.stored.id,
        "view": scene,
        "events": list(log[since:]),
        "seen": len(log),
        "key": key,
        "window": window,
        "options": list(waiting.get(seat, ())),
        "choosing": choosing(moment),
        "answer": answer,
        "timer": None,
        "result": None if state.outcome is None else state.outcome.to_json(),
        # What the end means for this seat, said once here rather than read off either
        # game's result shape by every client.
        "outcome": None if state.outcome is None else outcome_for(state.outcome.to_json(), seat),
        # The deal number is shown from the start when the person chose it (the start
        # form's), a drawn one only at the end.
        "seed": live.stored.seed if live.over or live.stored.seed_chosen else None,
    }
    if waiting and table.deadline is not None and table.decision == key:
        deal["timer"] = {
            "kind": "claim" if window else "turn",
            "seconds": settings.seconds(window),
            "deadline": _epoch_ms(table.deadline),
        }
    data["deal"] = deal
    return data


def _stop_frame(moment: Moment, stop: dict[str, Any], seat: int, since: int) -> dict[str, Any]:
    """``seat``'s deal as the decision ``stop`` shows it: the scene and the log as they
    were when it opened, the seat's own options (only while the engine is still there)
    and its own answer, and the decision's timer from when it went on show."""
    table, live = moment.table, moment.live
    assert live is not None
    mine = str(seat)
    log = live.log_of(seat)[: stop["seen"][mine]]
    if not 0 <= since <= len(log):
        since = 0
    window = bool(stop["window"])
    turn = stop["turn"]
    seconds = settings_of(table).seconds(window)
    timer = None
    if stop["people"]:
        deadline = stop["opened"] + seconds * 1000
        timer = {"kind": "claim" if window else "turn", "seconds": seconds, "deadline": deadline}
    return {
        "id": live.stored.id,
        "view": dict(stop["scenes"][mine]),
        "events": list(log[since:]),
        "seen": len(log),
        "key": stop["key"],
        "window": window,
        "options": list(waiting_on(moment).get(seat, ())),
        "choosing": [turn] if turn is not None and who_decides(table, turn) is None else [],
        "answer": stop["answers"].get(mine) if window else None,
        "timer": timer,
        "result": None,
        "outcome": None,
        "seed": live.stored.seed if live.stored.seed_chosen else None,
    }


def outcome_for(result: dict[str, Any], seat: int) -> str:
    """``won``, ``shared``, ``lost`` or ``draw``: the end of a deal for ``seat`` (as
    *Your deals* counts it, :meth:`deal_stats.Result.kind_for`)."""
    return Result.from_json(result).kind_for(seat)


def digest(data: dict[str, Any]) -> str:
    """A short fingerprint of a frame (the long-polling client sends it back)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


__all__ = [
    "Moment",
    "choosing",
    "decision_key",
    "digest",
    "frame",
    "held_answers",
    "opened_at",
    "stops",
    "waiting_on",
]
