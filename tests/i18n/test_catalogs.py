"""The gettext catalogs: every message translated in every language, same placeholders.

The template (``messages.pot``) must hold what the code says today: a message added to
the code and never extracted fails here too, not only a message left untranslated.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cardavia.cards.four_colour import CARDS
from cardavia.i18n import checks
from cardavia.i18n.catalogs import gettext_for, translations
from cardavia.i18n.languages import LANGUAGES, html_lang
from cardavia.web.games import table_messages
from cardavia.web.presentation.rendering import colour_marks
from cardavia.web.words import text

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = checks.translated_languages()
HAN = re.compile(r"[\u4e00-\u9fff]")
SPELT_ALIKE = {
    "id": {"total", "family_Yao", "ai_basic"},
    "it": {"family_Yao"},
    "nl": {"family_Yao", "hint_label"},
}
"""Table messages that are the same word in English and the language ("Total: {points}",
Dutch "Hint: {sentence}", Indonesian "normal"),
and names (the Yao family, which the rules call so in every Latin-script language)."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    found = checks.problems(lang)
    assert not found, "\n".join(map(str, found)) + "\n(scripts/i18n check; docs/i18n.md)"


def test_every_language_of_the_switch_has_a_catalog() -> None:
    assert set(TRANSLATED) == set(LANGUAGES) - {"en"}
    for lang in TRANSLATED:
        assert translations(lang).gettext("Start game") != "Start game", lang


@pytest.mark.skipif(not shutil.which("pybabel", path=str(Path(sys.executable).parent)),
                    reason="pybabel is not installed next to this Python")  # fmt: skip
def test_the_template_holds_every_message_of_the_code(tmp_path: Path) -> None:
    extracted = tmp_path / "messages.pot"
    subprocess.run(
        [str(Path(sys.executable).parent / "pybabel"), "-q", "extract", "-F", "babel.cfg",
         "-o", str(extracted), "."],
        cwd=ROOT, check=True,
    )  # fmt: skip
    with extracted.open("rb") as source:
        today = {message.id for message in read_po(source) if message.id}
    kept = {message.id for message in checks.template() if message.id}
    assert today - kept == set(), "new messages: run scripts/i18n update and translate them"
    assert kept - today == set(), "messages gone from the code: run scripts/i18n update"


def _catalog(*pairs: tuple[str, str], fuzzy: str | None = None) -> Catalog:
    catalog = Catalog(locale="it")
    for msgid, msgstr in pairs:
        catalog.add(msgid, msgstr, flags=("fuzzy",) if msgid == fuzzy else ())
    return catalog


def test_the_checks_find_missing_fuzzy_and_mismatched_messages() -> None:
    wanted = _catalog(
        ("{seat} drew {card}", ""),
        ("%(count)s cards", ""),
        ("Table", ""),
        ("Rules", ""),
        ("Full rules", ""),
    )
    ours = _catalog(
        ("{seat} drew {card}", "{giocatore} ha pescato {card}"),  # renamed placeholder
        ("%(count)s cards", "%(count)s carte"),
        ("Table", ""),  # untranslated
        ("Rules", "Regole"),
        ("Old message", "Vecchio"),  # no longer in the code
        fuzzy="Rules",
    )
    found = {
        (problem.msgid, problem.what.split(" ")[0])
        for problem in checks.compare(ours, wanted, "it")
    }
    assert found == {
        ("{seat} drew {card}", "placeholders"),
        ("Table", "not"),
        ("Rules", "fuzzy"),
        ("Full rules", "missing"),
        ("Old message", "no"),
    }


def test_a_message_in_a_context_is_checked_as_its_own_message() -> None:
    """The replay's "Play" (context ``replay``) is not Chuo Pai's "Play": a catalog that
    translates only one of them, or leaves the other fuzzy, is caught."""
    wanted = Catalog(locale="it")
    wanted.add("Play", "")
    wanted.add("Play", "", context="replay")
    ours = Catalog(locale="it")
    ours.add("Play", "Gioca")
    assert [(p.msgid, p.what.split(" ")[0]) for p in checks.compare(ours, wanted, "it")] == [
        ("Play", "missing")
    ]
    ours.add("Play", "Gioca", context="replay", flags=("fuzzy",))
    assert [p.what.split(" ")[0] for p in checks.compare(ours, wanted, "it")] == ["fuzzy"]
    ours.delete("Play", context="replay")  # (adding again would keep the flag)
    ours.add("Play", "Riproduci", context="replay")
    ours.add("Play", "Vecchio", context="gone")
    assert [p.what.split(" ")[0] for p in checks.compare(ours, wanted, "it")] == ["no"]


def test_placeholders_are_counted_in_both_styles() -> None:
    assert checks.placeholders("{seat} took {card} from {seat}") == {"{seat}": 2, "{card}": 1}
    assert checks.placeholders("%(count)s cards, 100%% sure") == {"%(count)s": 1, "%%": 1}
    assert checks.placeholders("no {0} positional or {} empty") == {}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_cards_have_names_in_every_language(lang: str) -> None:
    _ = gettext_for(lang)
    english = {str(card): text.four_colour_name(card, text.identity) for card in CARDS}
    names = {str(card): text.four_colour_name(card, _) for card in CARDS}
    assert all(names[code] != english[code] for code in names), lang
    assert len(set(names.values())) == len(CARDS), "two cards with one name"
    dominoes = text.domino_names(_)
    assert len(set(dominoes.values())) == len(dominoes)
    if html_lang(lang).startswith("zh"):
        assert all(HAN.search(name) for name in [*names.values(), *dominoes.values()])


def test_card_names_read_naturally() -> None:
    rG = next(card for card in CARDS if str(card) == "rG")
    # The languages whose catalogs are written; a new language's name joins when its
    # translators have chosen it (docs/i18n.md, *Terms*).
    expected = {
        "en": "red General",
        "it": "Generale rosso",
        "nl": "rode Generaal",
        "id": "Jenderal merah",
        "zh": "红将帅",
    }
    said = {lang: text.four_colour_name(rG, gettext_for(lang)) for lang in expected}
    assert said == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_colour_marks_tell_the_four_colours_apart(lang: str) -> None:
    marks = colour_marks(text.colour_names(gettext_for(lang)))
    assert len(set(marks)) == 4 and all(marks), marks


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tables_script_gets_its_sentences_from_the_catalogs(game: str, lang: str) -> None:
    english = table_messages(game, text.identity)
    ours = table_messages(game, gettext_for(lang))
    assert ours.keys() == english.keys()
    for key, sentence in ours.items():
        assert checks.placeholders(sentence) == checks.placeholders(english[key]), key
    # Every sentence the script says is translated; a few are spelt alike in both languages.
    same = {key for key in ours if ours[key] == english[key]}
    assert same <= SPELT_ALIKE.get(lang, set()), f"{lang}: {sorted(same)} left in English"
