"""Unicode's confusable skeletons (UTS #39): names that look alike have one skeleton."""

from __future__ import annotations

import unicodedata

import pytest

from cardavia.web.services.tables.lookalikes import _prototypes, ignorable, skeleton


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Host", "Ноst"),  # Cyrillic Н and о (issue 28)
        ("paypal", "раураl"),  # Cyrillic р, а and у
        ("rn", "m"),
        ("Il1", "lll"),
        ("0O", "OO"),
        ("Ann", "An\u200bn"),  # a zero-width space drops out
        ("Ζω\u03ae", "Ζω\u03b7\u0301"),  # composed and decomposed alike
        ("dž", "ǆ"),
        ("李白", "李⽩"),  # the Kangxi radical WHITE looks like the ideograph
    ],
)
def test_lookalikes_share_a_skeleton(one: str, other: str) -> None:
    assert one != other and skeleton(one) == skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("Host", "host"), ("Ed", "Eb"), ("李白", "李百")])
def test_names_that_differ_to_the_eye_do_not(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)


def test_a_skeleton_is_its_own_skeleton_and_a_character_looks_like_its_prototype() -> None:
    for char, prototype in _prototypes().items():
        assert skeleton(skeleton(char)) == skeleton(char), hex(ord(char))
        # (A composed character is decomposed first, as UTS #39 says: its own line in
        # confusables.txt, such as ȧ → å, is never reached.)
        if unicodedata.normalize("NFD", char) == char:
            assert skeleton(char) == skeleton(prototype), hex(ord(char))


IGNORABLE = "\u00ad \u034f \u061c \u115f \u200b \u200d \u2060 \u3164 \ufe0f \ufeff \uffa0"
TAGS_AND_SELECTORS = "\U000e0001 \U000e0041 \U000e0100"


@pytest.mark.parametrize("char", f"{IGNORABLE} {TAGS_AND_SELECTORS}".split())
def test_default_ignorable_characters_are_known(char: str) -> None:
    assert ignorable(char)


@pytest.mark.parametrize("char", ["a", " ", "\u0301", "\u0600", "\u2800", "李"])
def test_shown_characters_are_not_ignorable(char: str) -> None:
    assert not ignorable(char)
