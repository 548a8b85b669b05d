"""How a page's language is chosen (issue 6: query, cookie, Accept-Language, English;
issue 29: traditional Chinese and Vietnamese)."""

from __future__ import annotations

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from cardavia.i18n.languages import (
    LANGUAGES,
    SITE,
    babel_locale,
    chinese_lang,
    html_lang,
    negotiate,
    parse_accept_language,
    supported,
)


def test_the_switch_names_each_language_in_itself() -> None:
    assert list(LANGUAGES.values()) == [
        "English", "Italiano", "Nederlands", "Bahasa Indonesia", "简体中文", "繁體中文",
        "Tiếng Việt",
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


def test_html_lang_says_which_chinese() -> None:
    assert [html_lang(code) for code in LANGUAGES] == [
        "en", "it", "nl", "id", "zh-Hans", "zh-Hant", "vi",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        # Regions that write traditional characters, and the script itself, any spelling.
        *[(tag, "zh-Hant") for tag in ("zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW")],
        *[(tag, "zh-Hant") for tag in ("zh_tw", "ZH-HK", "zh_Hant_HK", "zh-hant", " zh-MO ")],
        # The regions that write simplified characters, the script, and bare zh.
        *[(tag, "zh") for tag in ("zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "ZH_cn")],
        # The script outranks the region: simplified Chinese as written in Taiwan.
        ("zh-Hans-TW", "zh"),
        ("zh-Hant-CN", "zh-Hant"),
        ("zh-MY", "zh"),  # a region not listed: the language alone, simplified
        *[(tag, "vi") for tag in ("vi", "vi-VN", "VI_vn")],
        ("nl-BE", "nl"),
        ("in", "id"),
        ("zhx", None),  # a prefix of letters is not a prefix of subtags
        ("hant", None),
        ("", None),
        ("-", None),
        (None, None),
    ],
)
def test_tags_choose_a_language(tag: str | None, expected: str | None) -> None:
    assert supported(tag) == expected


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        (None, None, "zh-TW,zh;q=0.9,en;q=0.8", "zh-Hant"),
        (None, None, "zh-HK, zh-CN;q=0.5", "zh-Hant"),
        (None, None, "en;q=0.5, zh-CN", "zh"),
        (None, None, "fr, vi-VN;q=0.8, en;q=0.6", "vi"),
        ("zh-Hant", None, "zh-CN", "zh-Hant"),  # the switch's own code, in an address
        (None, "zh-Hant", "zh-CN", "zh-Hant"),  # and in the cookie it sets
        ("zh", "zh-Hant", "zh-TW", "zh"),  # an explicit simplified choice stays so
        ("vi", None, "zh-TW", "vi"),
    ],
)
def test_negotiation_of_the_new_languages(
    query: str | None, cookie: str | None, accept: str | None, expected: str
) -> None:
    assert negotiate(query, cookie, accept) == expected


def test_every_code_chooses_itself() -> None:
    # A code in an address or a cookie comes back as itself, whatever its case.
    for code in LANGUAGES:
        assert supported(code) == code
        assert supported(code.lower()) == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_has_a_babel_locale(code: str) -> None:
    locale = Locale.parse(babel_locale(code))
    assert locale.language == code.split("-")[0]
    assert babel_locale(code) == code.replace("-", "_")  # the catalogs' directory scheme
    assert SITE[code].short


@pytest.mark.parametrize(("code", "forms"), [("zh-Hant", 1), ("vi", 1), ("zh", 1), ("nl", 2)])
def test_gettext_plural_forms(code: str, forms: int) -> None:
    # What pybabel writes in a new catalog's Plural-Forms header (scripts/i18n add).
    assert get_plural(babel_locale(code)).num_plurals == forms


def test_chinese_words_take_the_pages_script_or_simplified() -> None:
    # A game's name 四色牌 on a page: a Chinese page's own script, else the site's Chinese.
    assert {code: chinese_lang(code) for code in ("en", "vi", "zh", "zh-Hant")} == {
        "en": "zh-Hans",
        "vi": "zh-Hans",
        "zh": "zh-Hans",
        "zh-Hant": "zh-Hant",
    }
