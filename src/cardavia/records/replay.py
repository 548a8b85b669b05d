"""Replay a record to its end (records.md §2)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardavia.core.errors import CardaviaError, RecordError
from cardavia.games.registry import get_game
from cardavia.records.format import Record, entry_text, parse_record


@dataclass(frozen=True)
class ReplayResult:
    """The state a record leads to, after the forced actions that follow it."""

    state: Any

    def to_json(self) -> dict[str, Any]:
        """The result keys of a replay line."""
        outcome = self.state.outcome
        if outcome is not None:
            result: dict[str, Any] = outcome.to_json()
            return result
        return {
            "result": "ongoing",
            "to_act": self.state.to_act,
            "legal": [str(action) for action in self.state.legal_actions()],
        }


def replay(record: Record) -> ReplayResult:
    """Apply every entry of ``record`` (and the forced actions around them).

    Raises ``RecordError`` with the index of the first entry that cannot be applied.
    """
    state: Any = None
    for step in _steps(record):
        state = step[0]
    return ReplayResult(state)


def seat_decisions(record: Record, seat: int) -> list[tuple[Any, tuple[Any, ...], Any]]:
    """``(view, legal actions, action chosen)`` at each decision of ``seat`` in ``record``:
    what a review of that seat's play starts from (forced actions are no decisions).

    Raises ``RecordError`` as :func:`replay` does.
    """
    found = []
    for state, action in _steps(record):
        if action is not None and state.to_act == seat:
            found.append((state.view(seat), state.legal_actions(), action))
    return found


def _steps(record: Record) -> Iterator[tuple[Any, Any]]:
    """Each state before an entry with that entry's action, then the final state with
    ``None``; forced actions are applied between them."""
    game = get_game(record.game)
    deck = tuple(game.parse_card(code) for code in record.deck)
    state, _, _ = game.deal(deck, record.first).play_forced()
    for index, entry in enumerate(record.actions):

        def fail(reason: str, index: int = index, entry: Any = entry) -> RecordError:
            return RecordError(f"action {index} {entry_text(entry)}: {reason}", index)

        if not (isinstance(entry, list) and len(entry) == 2):
            raise fail('an entry must be [seat, "action"]')
        seat, text = entry
        if type(seat) is not int or not isinstance(text, str):
            raise fail('an entry must be [seat, "action"]: a seat number and the action text')
        if not 0 <= seat < game.players:
            raise fail(f"there is no seat {seat} in a {game.players}-player game")
        if state.to_act is None:
            raise fail("the deal is already over")
        if seat != state.to_act:
            raise fail(f"it is seat {state.to_act}'s turn, not seat {seat}'s")
        try:
            action = game.parse_action(text)
            after, _ = state.apply(action)
        except CardaviaError as exc:
            raise fail(str(exc)) from None
        yield state, action
        state, _, _ = after.play_forced()
    yield state, None


MAX_ERROR = 300
"""The longest error text of a line: what went wrong, never the file's content echoed."""


def bounded(message: str) -> str:
    """``message`` cut to :data:`MAX_ERROR` characters."""
    return message if len(message) <= MAX_ERROR else message[: MAX_ERROR - 1] + "…"


def replay_line(name: str, text: str | bytes) -> tuple[dict[str, Any], bool]:
    """One line of ``cardavia replay`` output for a file, and whether it replayed."""
    line: dict[str, Any] = {"file": name}
    try:
        line.update(replay(parse_record(text)).to_json())
    except RecordError as exc:
        line["error"] = bounded(str(exc))
        if exc.index is not None:
            line["index"] = exc.index
        return line, False
    except CardaviaError as exc:
        line["error"] = bounded(str(exc))
        return line, False
    return line, True


def error_line(name: str, error: RecordError) -> dict[str, Any]:
    """The line of a file that could not even be read (see ``records.files``)."""
    return {"file": name, "error": bounded(str(error))}
