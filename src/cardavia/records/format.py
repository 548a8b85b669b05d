"""The record as data: JSON in and out, whole-record checks (records.md §1).

Entry-by-entry checks of ``actions`` happen during replay, in order, so that an
error names the first entry that could not be applied.
"""

from __future__ import annotations

import json
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


def parse_record(text: str | bytes) -> Record:
    """Read a record and check everything but its actions; raises ``RecordError``."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {data.get('format')!r}")
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
            f"{game.first_key} must be a seat number from 0 to {game.players - 1}, not {first!r}"
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
            raise RecordError(f"{rule}: {code!r} is not a card of this game") from None
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
    """An entry as records.md error messages quote it: ``[1, "discard rG"]``."""
    return json.dumps(entry, ensure_ascii=False)
