"""The full rules of both games in every language: same sections, real cards, every decision."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from cardavia.games.registry import GAME_NAMES, get_game
from cardavia.i18n.rules import (
    CARD_TOKEN,
    LANGUAGES,
    Rules,
    RulesFormatError,
    UnknownRulesError,
    load_rules,
    parse_rules,
)

# The normative spec sits next to the repository (``../shared/spec``). The decisions it
# marks [D#] are also listed here, so that the test still runs where the spec is absent.
SPEC_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "spec"
EXPECTED_DECISIONS: dict[str, frozenset[str]] = {
    "sisepai": frozenset(f"D{n}" for n in range(1, 14)),
    "chuopai": frozenset(f"D{n}" for n in range(1, 10)),
}
PLAYERS = {"sisepai": "4", "chuopai": "3"}

# Whole words that give away an English sentence left in another language. None of
# them is a word of Italian, Dutch or Indonesian (unlike "in", "is", "of", "all", "score"
# or "win"); the few that are Vietnamese words too are listed in ALSO_A_WORD_OF.
ENGLISH_WORDS = re.compile(
    r"\b(the|and|you|your|with|when|which|this|that|they|their|are|has|have|can|cannot|must|"
    r"not|only|other|each|every|from|after|before|if|to|on|by|will|player|players|card|cards|"
    r"draw|drawn|discard|beats|points|round)\b",
    re.IGNORECASE,
)
# Traditional characters that have a different simplified form. Chinese prose is written
# in simplified characters; only the card glyphs (帥 將 車 馬 …) stay as printed.
TRADITIONAL = set("個們這為與對時後會從過還點說頭當發開關無數張聽財長貓")
TRADITIONAL |= set("葉擺組別輪紅綠黃勝戰藍將帥車馬傌俥")
# Their simplified forms, which traditional-Chinese prose does not use (后 and 叶 left
# out: each is also a traditional character of its own).
SIMPLIFIED = set("个们这为与对时会从过还点说头当发开关无数张听财长猫摆组别轮红绿黄胜战蓝将帅车马")
ALSO_A_WORD_OF = {"vi": {"to", "can"}}
"""English words of ENGLISH_WORDS that are words of the language as well ("to": big)."""
CARD_GLYPHS = {"sisepai": set("帥仕相俥傌炮兵將士象車馬包卒"), "chuopai": set()}


def all_rules() -> list[Rules]:
    return [load_rules(game, lang) for game in GAME_NAMES for lang in LANGUAGES]


def name(rules: Rules) -> str:
    return f"{rules.game}-{rules.lang}"


def spec_decisions(game: str) -> frozenset[str]:
    """The [D#] marks of the spec file, or the list kept here when the spec is absent."""
    spec = SPEC_DIR / f"{game}.md"
    if not spec.is_file():
        return EXPECTED_DECISIONS[game]
    return frozenset(re.findall(r"\[(D\d+)\]", spec.read_text(encoding="utf-8")))


def prose(text: str) -> str:
    """``text`` without card tokens and code spans: the words a reader reads."""
    return re.sub(r"`[^`]*`", " ", CARD_TOKEN.sub(" ", text))


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_file_has_a_title_a_summary_and_sections_with_text(game: str, lang: str) -> None:
    rules = load_rules(game, lang)
    assert (rules.game, rules.lang) == (game, lang)
    assert rules.title
    assert rules.summary.startswith(PLAYERS[game]), "the summary opens with the number of players"
    assert rules.sections
    for section in rules.sections:
        assert section.heading, f"{game}/{lang}: section {section.id} has no heading"
        assert section.body.strip(), f"{game}/{lang}: section {section.id} is empty"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_language_has_the_same_sections_in_the_same_order(game: str) -> None:
    english = load_rules(game, "en").section_ids
    for lang in LANGUAGES:
        assert load_rules(game, lang).section_ids == english, lang


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_language_shows_the_same_card_pictures_in_each_section(game: str) -> None:
    english = load_rules(game, "en")
    for lang in LANGUAGES:
        rules = load_rules(game, lang)
        for ours, theirs in zip(english.sections, rules.sections, strict=True):
            assert Counter(theirs.card_codes) == Counter(ours.card_codes), (
                f"{game}/{lang}: section {ours.id} shows other cards than English"
            )


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_card_token_is_a_card_of_the_game(game: str) -> None:
    engine = get_game(game)
    sections = [s for lang in LANGUAGES for s in load_rules(game, lang).sections]
    codes = {code for section in sections for code in section.card_codes}
    assert codes
    for code in codes:
        assert str(engine.parse_card(code)) == code, f"{code} is not written canonically"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_decision_of_the_spec_is_stated_in_every_language(game: str) -> None:
    expected = EXPECTED_DECISIONS[game] | spec_decisions(game)
    english = load_rules(game, "en")
    for lang in LANGUAGES:
        rules = load_rules(game, lang)
        assert rules.decisions == expected, f"{game}/{lang}"
        for ours, theirs in zip(english.sections, rules.sections, strict=True):
            assert set(theirs.decisions) == set(ours.decisions), (
                f"{game}/{lang}: section {ours.id} states other decisions than English"
            )


@pytest.mark.skipif(not SPEC_DIR.is_dir(), reason="the shared spec is not next to the repository")
@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_decisions_kept_here_are_those_of_the_spec(game: str) -> None:
    assert spec_decisions(game) == EXPECTED_DECISIONS[game]


@pytest.mark.parametrize("rules", [r for r in all_rules() if r.lang != "en"], ids=name)
def test_no_english_is_left_in_a_translation(rules: Rules) -> None:
    texts = [rules.title, rules.summary]
    for section in rules.sections:
        texts += [section.heading, section.body]
    for text in texts:
        for line in prose(text).splitlines():
            found = [
                word
                for word in ENGLISH_WORDS.findall(line)
                if word.lower() not in ALSO_A_WORD_OF.get(rules.lang, set())
            ]
            assert not found, f"{rules.game}/{rules.lang}: English {found[0]!r} in {line!r}"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_chinese_prose_uses_simplified_characters(game: str) -> None:
    rules = load_rules(game, "zh")
    for section in rules.sections:
        for line in prose(section.body).splitlines():
            wrong = (set(line) & TRADITIONAL) - CARD_GLYPHS[game]
            assert not wrong, f"{game}/zh: traditional {''.join(sorted(wrong))} in {line!r}"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_traditional_chinese_prose_uses_traditional_characters(game: str) -> None:
    rules = load_rules(game, "zh-Hant")
    for section in rules.sections:
        for line in prose(section.body).splitlines():
            wrong = set(line) & SIMPLIFIED
            assert not wrong, f"{game}/zh-Hant: simplified {''.join(sorted(wrong))} in {line!r}"


@pytest.mark.parametrize("rules", all_rules(), ids=name)
def test_tables_have_the_same_number_of_cells_in_every_row(rules: Rules) -> None:
    for section in rules.sections:
        widths: set[int] = set()
        for line in [*section.body.splitlines(), ""]:
            if line.startswith("|"):
                widths.add(line.count("|"))
            else:
                assert len(widths) <= 1, f"{rules.game}/{rules.lang}: ragged table in {section.id}"
                widths = set()


def test_decision_marks_are_taken_out_of_the_text() -> None:
    rules = parse_rules(
        "# T\n> 2 players\n\n## One {#one}\nA rule. <!-- D9 -->\nMore <!-- D2, D9 --> text.\n",
        game="g",
        lang="en",
    )
    (section,) = rules.sections
    assert section.body == "A rule.\nMore text."
    assert section.decisions == ("D9", "D2")
    assert (rules.title, rules.summary, section.heading) == ("T", "2 players", "One")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no title", "Title"),
        ("# T\n\n## One {#one}\nx", "summary"),
        ("# T\n> s\nstray\n## One {#one}\nx", "before the first section"),
        ("# T\n> s\n## One\nx", "needs an id"),
        ("# T\n> s\n## One {#one}\nx\n## Two {#one}\ny", "repeated"),
        ("# T\n> s\n", "no sections"),
    ],
)
def test_a_malformed_file_is_refused(text: str, message: str) -> None:
    with pytest.raises(RulesFormatError, match=message):
        parse_rules(text, game="g", lang="en")


def test_unknown_game_or_language_is_a_clear_error() -> None:
    with pytest.raises(UnknownRulesError, match="mahjong"):
        load_rules("mahjong", "en")
    with pytest.raises(UnknownRulesError, match=rf"'de'.*{re.escape(', '.join(LANGUAGES))}"):
        load_rules("sisepai", "de")
