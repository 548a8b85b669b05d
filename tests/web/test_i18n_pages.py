"""The site in every language, as the server renders it (issues 6 and 29).

Which language a page speaks, the switch, the full rules from the Markdown files, the
tradition pages, the API reference and error pages — and markup that runs under the
strict Content-Security-Policy (no inline script, style or event handler).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from cardavia.i18n.catalogs import gettext_for
from cardavia.i18n.languages import LANGUAGES, html_lang
from cardavia.i18n.rules import load_rules
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings
from cardavia.web.presentation import catalog

from .conftest import SITE_PAGES, random_players


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app on SQLite for the whole module (these tests only read pages)."""
    settings = Settings.for_sqlite(tmp_path_factory.mktemp("i18n") / "cardavia.sqlite3")
    with TestClient(create_app(settings, players=random_players)) as client:
        yield client


@pytest.fixture(autouse=True)
def _no_language_cookie(site: TestClient) -> None:
    site.cookies.clear()


def with_lang(path: str, lang: str) -> str:
    """``path`` with ``lang=`` added to its query."""
    return f"{path}{'&' if '?' in path else '?'}lang={lang}"


def html_lang_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, "no <html lang>"
    return found[1]


# -- which language --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        ("it", "nl", "zh-CN", "it"),
        (None, "nl", "zh-CN", "nl"),
        (None, None, "zh-CN,zh;q=0.9", "zh"),
        (None, None, "fr-FR, id;q=0.4", "id"),
        (None, None, "fr-FR", "en"),
        (None, None, None, "en"),
        ("klingon", None, "nl", "nl"),
        (None, None, "zh-TW,zh;q=0.9", "zh-Hant"),
        (None, None, "zh-HK", "zh-Hant"),
        (None, "zh-Hant", "zh-CN", "zh-Hant"),
        ("vi", None, "zh-TW", "vi"),
        (None, None, "vi-VN, en;q=0.5", "vi"),
    ],
)
def test_a_page_speaks_the_chosen_language(
    site: TestClient, query: str | None, cookie: str | None, accept: str | None, expected: str
) -> None:
    if cookie:
        site.cookies.set("lang", cookie)
    headers = {"Accept-Language": accept} if accept else {}
    response = site.get("/", params={"lang": query} if query else None, headers=headers)
    assert html_lang_of(response.text) == html_lang(expected)
    assert response.headers["content-language"] == html_lang(expected)
    assert "Accept-Language" in response.headers["vary"]


def test_the_switch_sets_a_cookie_that_later_pages_follow(site: TestClient) -> None:
    chosen = site.get("/games/sisepai", params={"tab": "rules", "lang": "nl"})
    cookie = chosen.headers["set-cookie"]
    assert cookie.startswith("lang=nl;") and "Path=/" in cookie and "SameSite=lax" in cookie
    later = site.get("/traditions/sichuan-cards", headers={"Accept-Language": "it"})
    assert html_lang_of(later.text) == "nl"
    assert "set-cookie" not in later.headers  # nothing new to remember
    assert "set-cookie" not in site.get("/", params={"lang": "xx"}).headers


def test_the_switch_remembers_traditional_chinese_by_its_code(site: TestClient) -> None:
    chosen = site.get("/", params={"lang": "zh-Hant"})
    assert chosen.headers["set-cookie"].startswith("lang=zh-Hant;")
    later = site.get("/games/chuopai", headers={"Accept-Language": "zh-CN"})
    assert html_lang_of(later.text) == "zh-Hant"


class Switch(HTMLParser):
    """The language switch of a page: a link per language."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.links: list[dict[str, str | None]] = []
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "ul" and found.get("id") == "language-switch":
            self.inside = True
        elif self.inside and tag == "a":
            self.links.append(found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and len(self.links) > len(self.labels) and data.strip():
            self.labels.append(data.strip())


@pytest.mark.parametrize("path", SITE_PAGES)
def test_every_page_has_the_switch_with_each_language_in_its_own_name(
    site: TestClient, path: str
) -> None:
    switch = Switch()
    switch.feed(site.get(with_lang(path, "id")).text)
    assert switch.labels == list(LANGUAGES.values())
    assert [link["data-lang"] for link in switch.links] == list(LANGUAGES)
    assert [link["lang"] for link in switch.links] == [html_lang(c) for c in LANGUAGES]
    current = [link["data-lang"] for link in switch.links if link.get("aria-current")]
    assert current == ["id"]
    # Each link comes back to this page in its language, keeping the page's other
    # parameters: choosing a language applies it at once, with or without a script.
    kept = "tab=rules&" if "tab=rules" in path else ""
    assert [link["href"] for link in switch.links] == [
        f"{path.split('?')[0]}?{kept}lang={code}" for code in LANGUAGES
    ]


# -- every page, every language ---------------------------------------------------------------


class Markup(HTMLParser):
    """What a strict CSP would refuse in a page: inline script, style and handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "style":
            self.refused.append("<style>")
        if "style" in found:
            self.refused.append(f"style= on <{tag}>")
        self.refused += [f"{name}= on <{tag}>" for name in found if name.startswith("on")]
        if tag == "script":
            if found.get("type") == "application/json":
                return
            if not found.get("src"):
                self.refused.append("inline <script>")
            self.scripts.append(str(found.get("src")))
        if tag == "a" and found.get("href", "").startswith("javascript:"):  # type: ignore[union-attr]
            self.refused.append("javascript: link")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", SITE_PAGES)
def test_every_page_in_every_language_is_ready_for_a_strict_csp(
    site: TestClient, path: str, lang: str
) -> None:
    response = site.get(with_lang(path, lang))
    assert response.status_code == 200
    assert html_lang_of(response.text) == html_lang(lang)
    checked = Markup()
    checked.feed(response.text)
    assert checked.refused == []
    assert "/static/js/display.js" in [script.split("?")[0] for script in checked.scripts]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["Tavolo", "Regole complete", "una sola smazzata", "Tallone", "Contrasto"]),
        ("nl", ["Tafel", "Volledige regels", "Start spel", "trekstapel", "Kleurtemperatuur"]),
        ("id", ["Meja", "Aturan lengkap", "Mulai permainan", "kamu", "Suhu warna"]),
        ("zh", ["牌桌", "完整规则", "开始游戏", "一局", "色温"]),
    ],
)
def test_the_game_page_uses_the_words_of_the_rules(
    site: TestClient, lang: str, words: list[str]
) -> None:
    html = site.get("/games/sisepai", params={"lang": lang}).text
    for word in words:
        assert word in html, word
    assert "Tabella" not in html and "affare" not in html


# -- the full rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_full_rules_tab_shows_the_rules_file_of_the_language(
    site: TestClient, game: str, lang: str
) -> None:
    html = site.get(f"/games/{game}", params={"tab": "rules", "lang": lang}).text
    rules = load_rules(game, lang)
    panel = html[html.index('id="panel-rules"') :]
    ids = re.findall(rf'<section class="rules-section" id="{game}-([a-z-]+)">', panel)
    assert tuple(ids) == rules.section_ids
    for section in rules.sections:
        assert f'href="#{game}-{section.id}"' in panel, "a contents entry per section"
        assert f">{section.heading}</h2>" in panel
    assert "[[" not in panel and "<!--" not in panel and "{#" not in panel
    assert '<table class="rules-table">' in panel
    shown = re.findall(r'class="card [^"]*\brule\b[^"]*" data-code="([^"]+)"', panel)
    assert sorted(shown) == sorted(code for s in rules.sections for code in s.card_codes)


def test_rules_cards_are_named_in_the_page_language(site: TestClient) -> None:
    html = site.get("/games/sisepai", params={"tab": "rules", "lang": "it"}).text
    assert 'data-code="rG" role="img" aria-label="Generale rosso 帥"' in html
    html = site.get("/games/chuopai", params={"tab": "rules", "lang": "zh"}).text
    assert 'data-code="66" role="img" aria-label="天牌 66"' in html
    html = site.get("/games/chuopai", params={"tab": "rules", "lang": "nl"}).text
    assert 'data-code="66" role="img" aria-label="Hemel 天 66"' in html


def test_markdown_in_the_rules_is_text_not_html(site: TestClient) -> None:
    from cardavia.i18n.rules import parse_rules
    from cardavia.web.presentation.rulebook import render_book

    rules = parse_rules(
        "# T\n> 2 players\n\n## One {#one}\n<script>x()</script> [[rG]] **bold**\n\n"
        "### Sub\n| a | b |\n|---|---|\n| [[66]] | c |\n",
        game="g",
        lang="en",
    )
    book = render_book(rules, lambda code: f"<card {code}>", level=4)
    (section,) = book.sections
    assert "<script>" not in section.html and "&lt;script&gt;" in section.html
    assert "<card rG>" in section.html and "<strong>bold</strong>" in section.html
    assert "<h5>Sub</h5>" in section.html and "<td><card 66></td>" in section.html


# -- the traditions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "facts"),
    [
        ("en", ["Southern Fujian · China · 120 cards", "Sichuan · China · 92 cards"]),
        ("it", ["Fujian meridionale · Cina · 120 carte", "Sichuan · Cina · 92 carte"]),
        ("nl", ["Zuid-Fujian · China · 120 kaarten", "Sichuan · China · 92 kaarten"]),
        ("id", ["Fujian Selatan · Tiongkok · 120 kartu", "Sichuan · Tiongkok · 92 kartu"]),
        ("zh", ["闽南 · 中国 · 120 张牌", "四川 · 中国 · 92 张牌"]),
    ],
)
def test_the_traditions_in_every_language(site: TestClient, lang: str, facts: list[str]) -> None:
    index = site.get("/", params={"lang": lang}).text
    for fact in facts:
        assert fact in index
    for slug, fact, game in zip(
        ("four-colour-cards", "sichuan-cards"), facts, ("sisepai", "chuopai"), strict=True
    ):
        page = site.get(f"/traditions/{slug}", params={"lang": lang}).text
        assert fact in page
        link = re.search(r'<a href="(https://[^"]+)"([^>]*)>', page)
        assert link and "wikipedia.org" in link[1]
        assert 'target="_blank"' in link[2] and "noopener" in link[2]
        assert f'<a class="button primary" href="/games/{game}">' in page
        assert f'<section class="rules-section" id="{game}-objective">' in page


@pytest.mark.parametrize(("lang", "short", "chinese"), [
    ("en", "EN", "zh-Hans"), ("vi", "VI", "zh-Hans"), ("zh", "简中", "zh-Hans"),
    ("zh-Hant", "繁中", "zh-Hant"),
])  # fmt: skip
def test_chinese_names_and_the_phones_button_follow_the_page(
    site: TestClient, lang: str, short: str, chinese: str
) -> None:
    page = site.get("/games/chuopai", params={"lang": lang}).text
    assert f'<span class="zh" lang="{chinese}">戳牌</span>' in page
    assert f'<span class="menu-short" aria-hidden="true">{short}</span>' in page


# Where the reader's own Wikipedia has the article (docs/i18n.md, *Wikipedia*); English else.
# The Chinese pages share Chinese Wikipedia, in their own script's variant.
OWN_WIKIPEDIA = {
    "four-colour-cards": {
        "zh": "https://zh.wikipedia.org/zh-cn/",
        "zh-Hant": "https://zh.wikipedia.org/zh-tw/",
        "vi": "https://vi.wikipedia.org/wiki/T%E1%BB%A9_s%E1%BA%AFc",
    },
    "sichuan-cards": {
        "zh": "https://zh.wikipedia.org/zh-cn/",
        "zh-Hant": "https://zh.wikipedia.org/zh-tw/",
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_tradition_chooses_its_article_for_the_reader(lang: str) -> None:
    for tradition in catalog.traditions(gettext_for(lang)):
        url, hreflang = tradition.wikipedia_for(lang)
        own = OWN_WIKIPEDIA[tradition.slug].get(lang)
        assert url.startswith(own or "https://en.wikipedia.org/wiki/"), (tradition.slug, url)
        assert hreflang == (html_lang(lang) if own else "en")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "path", ["/", "/traditions/four-colour-cards", "/traditions/sichuan-cards"]
)
def test_wikipedia_is_in_the_readers_language_or_english_said_so(
    site: TestClient, lang: str, path: str
) -> None:
    page = site.get(path, params={"lang": lang}).text
    links = re.findall(r'<a href="(https://[^"]+)"[^>]* hreflang="([^"]+)">(.*?)</a>', page)
    slugs = list(OWN_WIKIPEDIA) if path == "/" else [path.rsplit("/", 1)[1]]
    assert len(links) == len(slugs)
    in_english = f"({escape(gettext_for(lang)('in English'))})"
    for (url, hreflang, text), slug in zip(links, slugs, strict=True):
        own = OWN_WIKIPEDIA[slug].get(lang)
        if own:
            assert url.startswith(own) and hreflang == html_lang(lang)
        else:
            assert url.startswith("https://en.wikipedia.org/wiki/") and hreflang == "en"
        assert (in_english in text) == (not own and lang != "en"), text


# -- the API reference, errors, the table -----------------------------------------------------


def test_the_api_reference_is_translated_from_the_schema(site: TestClient) -> None:
    html = site.get("/docs", params={"lang": "it"}).text
    assert "Nessun tavolo con questo id." in html
    assert "Distribuisci subito, quando ogni altro posto è un&#39;IA" in html
    assert "No table with this id." not in html


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "There is nothing at this address"),
        ("it", "A questo indirizzo non c&#39;è niente"),
        ("zh", "这个地址什么也没有"),
    ],
)
def test_error_pages_speak_the_language(site: TestClient, lang: str, said: str) -> None:
    response = site.get("/nowhere", params={"lang": lang})
    assert response.status_code == 404
    assert said in response.text
    assert html_lang_of(response.text) == html_lang(lang)


def test_the_table_gets_its_sentences_and_card_names_in_the_language(site: TestClient) -> None:
    site.cookies.set("lang", "nl")
    started = site.post("/games/sisepai/start", data={"ai": "basic", "seed": "7"})
    assert started.status_code == 200
    data = json.loads(
        re.search(r'<script type="application/json" id="table-data">(.*?)</script>',
                  started.text, re.DOTALL)[1]  # type: ignore[index]
    )  # fmt: skip
    assert data["seats"] == ["Jij", "Lan", "Zhu", "Ju"]  # the AIs by name, in every language
    assert data["messages"]["pass"] == "Passen"
    assert data["messages"]["drew_you"].startswith("Je trok {card}")
    assert data["cards"]["wG"]["name"] == "witte Generaal"
    assert 'aria-label="witte Generaal 將"' in started.text


def test_a_bad_start_form_keeps_the_language_and_switches_on_the_game_page(
    site: TestClient,
) -> None:
    response = site.post("/games/chuopai/start?lang=zh", data={"ai": "wizard"})
    assert response.status_code == 422
    assert "请选择对手的强度" in response.text
    switch = Switch()
    switch.feed(response.text)
    assert {str(link["href"]).split("?")[0] for link in switch.links} == {"/games/chuopai"}
