"""A record replayed step by step for the replay viewer: what the table showed after
every action, every seat's view included.

A replay shows a finished deal face up, so unlike the live table it may show every
hand, every sealed claim answer and the stock as it was. Each frame is the engine's own
answer at that step: the views of all seats (``state.view(seat)``, drawn with the
game's presenter) and what no seat sees (the stock order, from the presenter's
``hidden``). The browser only picks which of them to draw: every seat's, or one
seat's alone ("as North saw it"); it never works out a position itself.

Frames are sent as changes: frame 0 in full, then each frame only the keys that
changed, so a 280-step deal stays small. The public part of a view is what every seat
sees alike; its private part (the hand, a sealed answer) is the set of keys on which
the seats' views differ at some step of the deal.

A record is checked exactly as ``cardavia replay`` checks it first
(:func:`cardavia.records.replay`), so a bad one gets the same error.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from cardavia.games.registry import get_game
from cardavia.records import Record, replay
from cardavia.web.presentation.presenters import PRESENTERS


def steps(record: Record) -> Iterator[tuple[Any, dict[str, Any] | None, list[Any]]]:
    """Every position of ``record`` (already checked), one action at a time: the state,
    who acted to reach it (``None`` for the deal as dealt) and the events it caused."""
    game = get_game(record.game)
    deck = tuple(game.parse_card(code) for code in record.deck)
    state = game.deal(deck, record.first)
    yield state, None, list(state.history)
    entries = iter(record.actions)
    while state.to_act is not None:
        legal = state.legal_actions()
        forced = len(legal) == 1
        if forced:
            action = legal[0]
        else:
            entry = next(entries, None)
            if entry is None:
                return  # the record stops before the deal's end (a seat had a choice)
            action = game.parse_action(entry[1])
        seat = state.to_act
        state, caused = state.apply(action)
        yield state, {"seat": seat, "action": str(action), "forced": forced}, list(caused)


def position(record: Record, step: int) -> Any:
    """The engine's state at ``step`` of ``record`` (``None`` past its last step);
    raises ``RecordError`` for a record ``cardavia replay`` refuses."""
    replay(record)
    return next((state for state, _, _ in steps(record) if state.step == step), None)


def timeline(record: Record) -> dict[str, Any]:
    """Every step of ``record`` (already parsed) for the viewer; raises ``RecordError``
    for a record ``cardavia replay`` refuses, with the same message."""
    replay(record)  # the same checks, the same errors
    game = get_game(record.game)
    presenter = PRESENTERS[record.game]
    seats = range(game.players)
    frames: list[dict[str, Any]] = []
    scenes: list[list[dict[str, Any]]] = []
    hidden: list[dict[str, Any]] = []
    actors: list[dict[str, Any] | None] = []
    state: Any = None
    for state, actor, caused in steps(record):
        scenes.append([presenter.scene(state.view(seat)) for seat in seats])
        hidden.append(presenter.hidden(state))
        events = [_event(presenter, event) for event in caused]
        frames.append({"step": state.step, "events": events})
        actors.append(actor)
    private = _private_keys(scenes)
    out = []
    previous: dict[str, Any] = {}
    previous_private: list[dict[str, Any]] = [{} for _ in seats]
    previous_hidden: dict[str, Any] = {}
    for index, frame in enumerate(frames):
        public = {key: value for key, value in scenes[index][0].items() if key not in private}
        mine = [{key: scene.get(key) for key in private} for scene in scenes[index]]
        frame["public"] = _changed(previous, public)
        frame["private"] = {
            str(seat): changed
            for seat in seats
            if (changed := _changed(previous_private[seat], mine[seat]))
        }
        frame["hidden"] = _changed(previous_hidden, hidden[index])
        frame["actor"] = actors[index]
        previous, previous_private, previous_hidden = public, mine, hidden[index]
        out.append(frame)
    last = state.outcome
    return {
        "game": record.game,
        "players": game.players,
        "frames": out,
        "result": None if last is None else last.to_json(),
        "finished": state.to_act is None,
    }


def _event(presenter: Any, event: Any) -> dict[str, Any]:
    """An engine event as JSON, with who may see it when it is private, named as the
    live table names it (``annotate``)."""
    data: dict[str, Any] = dict(event.to_json())
    presenter.annotate(data)
    if event.seats is not None:
        data["seats"] = sorted(event.seats)
    return data


def _private_keys(scenes: Sequence[Sequence[dict[str, Any]]]) -> frozenset[str]:
    """The keys on which the seats' views differ at some step."""
    keys: set[str] = set()
    for views in scenes:
        first = views[0]
        for view in views[1:]:
            keys |= {key for key in first.keys() | view.keys() if first.get(key) != view.get(key)}
    return frozenset(keys)


def _changed(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in after.items() if before.get(key, ...) != value}
