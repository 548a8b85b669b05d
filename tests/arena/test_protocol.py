"""The bot protocol's answers: what is accepted, and how each refusal is named."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


HOSTILE = [
    b"[" * 200_000,  # nested deeper than Python's stack: issue 28 ended a whole run with it
    b"[" * 200_000 + b"]" * 200_000,
    b'{"a":' * 200_000,
    b'{"type": "action", "action": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"type": "hello", "version": ' + b"[" * 5_000 + b"]" * 5_000 + b"}",
    b"9" * 5_000,  # more digits than Python converts
    b'{"type": "action", "action": "\\ud800"}',  # a lone surrogate
    b'{"type": "action", "action": "' + b"x" * 1_000_000 + b'"}',
    b"\x00\x1b[2J\xff",
]


@pytest.mark.parametrize("line", HOSTILE, ids=lambda line: repr(line[:12]))
def test_any_line_is_one_short_refusal(line: bytes) -> None:
    for read in (protocol.read_hello, protocol.read_ready):
        with pytest.raises(ProtocolError) as refused:
            read(line)
        assert len(str(refused.value)) < 400
    with pytest.raises(ProtocolError) as refused:
        protocol.read_action(line, SISEPAI, LEGAL)
    assert refused.value.kind in {"malformed", "protocol"} and len(str(refused.value)) < 400
    assert str(refused.value).isprintable()


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
LINES = (
    st.binary(max_size=200)
    | JSONISH.map(lambda value: json.dumps(value).encode())
    | st.builds(
        lambda action: json.dumps({"type": "action", "action": action}).encode(),
        JSONISH,
    )
    | st.builds(
        lambda depth, head: head * depth,
        st.integers(1, 300_000),
        st.sampled_from([b"[", b'{"a":', b"[1,"]),
    )
)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_no_bytes_escape_as_anything_but_a_protocol_error(line: bytes) -> None:
    for read in (protocol.read_hello, protocol.read_ready):
        try:
            read(line)
        except ProtocolError as refused:
            assert len(str(refused)) < 400
    try:
        assert protocol.read_action(line, SISEPAI, LEGAL) in LEGAL
    except ProtocolError as refused:
        assert len(str(refused)) < 400
