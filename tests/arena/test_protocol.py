"""The bot protocol's answers: what is accepted, and how each refusal is named."""

from __future__ import annotations

import pytest

from cardavia.arena import protocol
from cardavia.arena.protocol import ProtocolError
from cardavia.games.registry import get_game

SISEPAI = get_game("sisepai")
LEGAL = tuple(SISEPAI.parse_action(text) for text in ("pass", "take yC yC yC", "win"))


def test_an_action_may_name_its_cards_in_any_order() -> None:
    line = b'{"type": "action", "action": "take  yC yC yC", "note": "ignored"}'
    assert protocol.read_action(line, SISEPAI, LEGAL) is LEGAL[1]


@pytest.mark.parametrize(
    ("line", "kind", "words"),
    [
        (b"pass", "malformed", "which is not JSON"),
        (b"\xff\xfe", "malformed", "which is not JSON"),
        (b'["action", "pass"]', "malformed", "where a 'action' message was due"),
        (b'{"type": "hello", "version": 1}', "malformed", "where a 'action' message was due"),
        (b'{"type": "action", "action": 3}', "malformed", "needs an action text, not 3"),
        (b'{"type": "action", "action": "take"}', "malformed", "answered 'take'"),
        (b'{"type": "action", "action": "discard wS"}', "illegal", "not legal here"),
    ],
)
def test_bad_answers_are_named(line: bytes, kind: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words) as refused:
        protocol.read_action(line, SISEPAI, LEGAL)
    assert refused.value.kind == kind


def test_hello_must_pick_an_offered_version() -> None:
    assert protocol.read_hello(b'{"type": "hello", "version": 1, "name": "x"}') == 1
    for line in (b'{"type": "hello", "version": 2}', b'{"type": "hello", "version": true}'):
        with pytest.raises(ProtocolError, match="this arena speaks 1") as refused:
            protocol.read_hello(line)
        assert refused.value.kind == "protocol"


def test_messages_are_one_line_of_json() -> None:
    line = protocol.encode(protocol.decide({"hand": ["rG"]}, ["pass", "win"], 7))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert line == b'{"type":"decide","view":{"hand":["rG"]},"legal":["pass","win"],"seed":7}\n'
