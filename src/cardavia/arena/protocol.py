"""The bot protocol's messages (docs/bots.md): what the arena writes, what it accepts.

Pure functions over JSON-ready data: no processes, no clocks. One message is one JSON
object on one line, UTF-8. The arena says ``hello`` with the versions it speaks and the
program answers with the one it chose; then, per deal, ``start`` (answered by
``ready``), one ``decide`` per decision (answered by an ``action``), and ``result``;
``bye`` at the end.

Whatever bytes a program writes, reading them gives the message due or raises one
short :class:`ProtocolError` quoting them: nothing else escapes (a line of 200,000
``[`` is too deeply nested to read, not the end of the arena's run).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from cardavia.core.errors import CardaviaError

PROTOCOL = "cardavia-bot"
VERSIONS: tuple[int, ...] = (1,)
"""The protocol versions this arena speaks."""


class ProtocolError(Exception):
    """A program's line the arena cannot accept; ``kind`` is ``malformed`` (not the
    message asked for), ``illegal`` (a well-formed action the rules forbid here) or
    ``protocol`` (a handshake the arena cannot agree to)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def hello() -> dict[str, Any]:
    """The arena's first message."""
    return {"type": "hello", "protocol": PROTOCOL, "versions": list(VERSIONS)}


def start(game: str, seat: int, players: int) -> dict[str, Any]:
    """A deal begins: the game, the program's seat, and how many seats the table has."""
    return {"type": "start", "game": game, "seat": seat, "players": players}


def decide(view: dict[str, Any], legal: Sequence[str], seed: int) -> dict[str, Any]:
    """The program's seat must choose one of ``legal``, seeing ``view``."""
    return {"type": "decide", "view": view, "legal": list(legal), "seed": seed}


def result(view: dict[str, Any]) -> dict[str, Any]:
    """The deal is over: its outcome, and the seat's last view."""
    return {"type": "result", "outcome": view["outcome"], "view": view}


def bye() -> dict[str, Any]:
    """No more deals: the program should exit."""
    return {"type": "bye"}


def read_hello(line: bytes) -> int:
    """The version a program chose in its ``hello`` answer."""
    message = _object(line, "hello")
    version = message.get("version")
    if type(version) is not int or version not in VERSIONS:
        speaks = ", ".join(map(str, VERSIONS))
        raise ProtocolError(
            "protocol", f"answered hello with version {_short(version)}; this arena speaks {speaks}"
        )
    return version


def read_ready(line: bytes) -> None:
    """A program's answer to ``start``."""
    _object(line, "ready")


def read_action(line: bytes, game: Any, legal: Sequence[Any]) -> Any:
    """The legal action a program's ``action`` answer names (cards in any order)."""
    message = _object(line, "action")
    text = message.get("action")
    if not isinstance(text, str):
        raise ProtocolError(
            "malformed", f"an action answer needs an action text, not {_short(text)}"
        )
    try:
        action = game.parse_action(text)
    except CardaviaError as error:
        raise ProtocolError("malformed", f"answered {_short(text)}: {_cut(str(error))}") from None
    for choice in legal:
        if str(choice) == str(action):
            return choice
    raise ProtocolError("illegal", f"answered {_short(text)}, which is not legal here")


def _object(line: bytes, kind: str) -> dict[str, Any]:
    """The JSON object of type ``kind`` that ``line`` must be."""
    try:
        message = json.loads(line)
    except ValueError:  # (also bytes that are not UTF-8, and too many digits)
        raise ProtocolError("malformed", f"wrote {quote(line)}, which is not JSON") from None
    except RecursionError:  # arrays or objects nested deeper than Python's stack
        raise ProtocolError(
            "malformed", f"wrote {quote(line)}, which is nested too deeply to read"
        ) from None
    if not isinstance(message, dict) or message.get("type") != kind:
        raise ProtocolError("malformed", f"wrote {quote(line)} where a {kind!r} message was due")
    return message


def quote(line: bytes, limit: int = 80) -> str:
    """What a program wrote, as a short, printable quotation."""
    text = line.decode("utf-8", "replace").rstrip("\r\n")
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _short(value: Any, limit: int = 80) -> str:
    """A value a program sent, as a short, printable quotation (its ``repr``, cut)."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    if isinstance(value, list | dict):  # (never repr'd: it may be nested deeply)
        return "an array" if isinstance(value, list) else "an object"
    return _cut(repr(value), limit)


def _cut(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters: a refusal quoting a program stays short."""
    return text if len(text) <= limit else text[:limit] + "…"
