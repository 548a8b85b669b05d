"""The record as data: JSON in and out, whole-record checks (records.md §1).

Entry-by-entry checks of ``actions`` happen during replay, in order, so that an
error names the first entry that could not be applied.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardavia.core.errors import CardaviaError, RecordError
from cardavia.games.registry import get_game

FORMAT = "cardavia-record/1"


@dataclass(frozen=True)
class Record:
    """One deal: the game, the first seat, the deck order and the decisions."""

    game: str
    first: int
    deck: tuple[str, ...]
    actions: tuple[Any, ...] = ()
    """Raw entries; well-formed ones are ``[seat, "action"]``."""
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, keys in the order of records.md."""
        first_key = get_game(self.game).first_key
        out: dict[str, Any] = {"format": FORMAT, "game": self.game, first_key: self.first}
        out["deck"] = list(self.deck)
        out["actions"] = [list(entry) for entry in self.actions]
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    def dumps(self) -> str:
        """The record as UTF-8-safe JSON text (one line)."""
        return json.dumps(self.to_json(), ensure_ascii=False)


MAX_DEPTH = 64
"""How deeply a record's JSON may nest: a record needs 3 levels (object, actions, entry);
``meta`` is free-form but no person nests it 64 deep. Checked before parsing, so that
JSON 100,000 deep is one clear error instead of a RecursionError."""
MAX_DIGITS = 100
"""The longest integer read: seats and seeds have a few digits, and Python refuses to
convert more than 4,300 (a ValueError that no JSON error would catch)."""
SHOWN = 60
"""At most this many characters of a value are quoted in an error message."""


def shown(value: object) -> str:
    """``value`` as an error message quotes it: its ``repr``, cut to :data:`SHOWN`."""
    text = repr(value) if not isinstance(value, list | dict) else _compact(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)[: SHOWN + 1]


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"not a record: a number with more than {MAX_DIGITS} digits")
    return int(text)


def _constant(text: str) -> object:
    raise RecordError(f"not valid JSON: {text} is not a JSON number")


def _check_depth(text: str | bytes) -> None:
    """Refuse JSON nested more than :data:`MAX_DEPTH` deep (brackets in strings aside)."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    # Strings may hold brackets: drop them (escapes included) before counting.
    brackets = re.sub(rb'"(?:[^"\\]|\\.)*"', b"", raw).translate(None, _NOT_BRACKETS)
    depth = 0
    for byte in brackets:
        depth += 1 if byte in b"[{" else -1
        if depth > MAX_DEPTH:
            raise RecordError(f"not a record: JSON nested more than {MAX_DEPTH} deep")


_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


def parse_record(text: str | bytes) -> Record:
    """Read a record and check everything but its actions; raises ``RecordError``.

    Whatever the input, the error is a ``RecordError`` whose message is short: values
    are quoted cut to :data:`SHOWN` characters (a 50 MB ``format`` is not echoed).
    """
    _check_depth(text)
    try:
        data = json.loads(text, parse_int=_integer, parse_constant=_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise RecordError(f"not a record: JSON nested more than {MAX_DEPTH} deep") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {shown(data.get('format'))}")
    name = data.get("game")
    if not isinstance(name, str):
        raise RecordError("game must be 'sisepai' or 'chuopai'")
    try:
        game = get_game(name)
    except CardaviaError as exc:
        raise RecordError(str(exc)) from None
    first = data.get(game.first_key)
    if type(first) is not int or not 0 <= first < game.players:
        raise RecordError(
            f"{game.first_key} must be a seat number from 0 to {game.players - 1}, "
            f"not {shown(first)}"
        )
    deck = check_deck(game, data.get("deck"))
    actions = data.get("actions", [])
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise RecordError('actions must be a list of [seat, "action"] entries')
    meta = data.get("meta") or {}
    if not isinstance(meta, dict):
        meta = {"value": meta}
    return Record(name, first, deck, tuple(actions), meta)


def check_deck(game: Any, deck: object) -> tuple[str, ...]:
    """The deck's codes, once they are exactly the game's cards; else ``RecordError``."""
    rule = f"deck must hold {game.deck_description}"
    if not isinstance(deck, list) or not all(isinstance(code, str) for code in deck):
        raise RecordError(f"{rule}: it must be a list of card codes")
    for code in deck:
        try:
            game.parse_card(code)
        except CardaviaError:
            raise RecordError(f"{rule}: {shown(code)} is not a card of this game") from None
    have = Counter(deck)
    want = Counter(str(card) for card in game.full_deck())
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        detail = []
        if missing:
            detail.append("missing " + " ".join(missing))
        if extra:
            detail.append("one too many " + " ".join(extra))
        raise RecordError(f"{rule}; this one is {'; '.join(detail)}")
    return tuple(deck)


def entry_text(entry: object) -> str:
    """An entry as records.md error messages quote it: ``[1, "discard rG"]`` (cut to
    :data:`SHOWN` characters)."""
    text = json.dumps(entry, ensure_ascii=False)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"
