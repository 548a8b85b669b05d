"""How a page's language is chosen (issue 6: query, cookie, Accept-Language, English)."""

from __future__ import annotations

import pytest

from cardavia.i18n.languages import LANGUAGES, html_lang, negotiate, parse_accept_language


def test_the_switch_names_each_language_in_itself() -> None:
    assert list(LANGUAGES.values()) == [
        "English", "Italiano", "Nederlands", "Bahasa Indonesia", "简体中文",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        ("it", "nl", "zh-CN", "it"),  # the query parameter wins
        (None, "nl", "zh-CN", "nl"),  # then the cookie
        ("xx", "nl", None, "nl"),  # an unknown explicit choice is ignored
        (None, None, "zh-CN,zh;q=0.9,en;q=0.8", "zh"),
        (None, None, "de-DE,id;q=0.5,nl;q=0.7", "nl"),  # by q, skipping what we lack
        (None, None, "zh-Hans-CN", "zh"),
        (None, None, "in-ID", "id"),  # the old code for Indonesian
        (None, None, "fr, de;q=0.9", "en"),  # nothing we speak: English
        (None, None, "it;q=0, nl", "nl"),  # q=0 means "not this one"
        (None, None, None, "en"),
        (None, None, "", "en"),
    ],
)
def test_negotiation_order(
    query: str | None, cookie: str | None, accept: str | None, expected: str
) -> None:
    assert negotiate(query, cookie, accept) == expected


def test_accept_language_keeps_header_order_among_equal_weights() -> None:
    assert parse_accept_language("nl, it;q=0.5, id, en;q=bogus") == ["nl", "id", "it"]


def test_html_lang_says_simplified_chinese() -> None:
    assert [html_lang(code) for code in LANGUAGES] == ["en", "it", "nl", "id", "zh-Hans"]
    assert negotiate(None, None, "zh-TW") == "zh"  # one Chinese: the simplified catalog
