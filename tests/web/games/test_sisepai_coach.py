"""Sì Sè Pái's hint sentences keep the facts: every card a sentence names and every
number it says is one of its reason's facts (which tests/ai/sisepai/test_hint.py checks
against the engine), and the facts a reason rests on are said, in every language."""

from __future__ import annotations

from collections import Counter

from sentences import facts_numbers, positions, read_back

from cardavia.ai.sisepai.hint import explain
from cardavia.i18n.catalogs import gettext_for, ngettext_for
from cardavia.i18n.languages import LANGUAGES
from cardavia.web.games import WEB_GAMES

GAME_NAME = "sisepai"
WEB = WEB_GAMES[GAME_NAME]


def test_every_sentence_names_only_its_facts_in_every_language() -> None:
    names = {
        lang: {c: e["name"] for c, e in WEB.catalogue(gettext_for(lang)).items()}
        for lang in LANGUAGES
    }
    kinds: Counter[str] = Counter()
    for view, legal in positions(GAME_NAME, 5, 15):
        for action in legal if len(legal) > 1 else ():
            facts = explain(view, legal, action).to_json()
            kinds[facts["kind"] + ("_ready" if facts["waits"] else "")] += 1
            cards = set(facts["cards"]) | set(facts["waits"])
            numbers = facts_numbers(facts.values())
            for lang in LANGUAGES:
                sentence = WEB.hint_sentence(
                    str(action), facts, gettext_for(lang), ngettext_for(lang)
                )
                said_cards, said_numbers = read_back(sentence, names[lang])
                assert said_cards <= cards, (lang, sentence, facts)
                assert said_numbers <= numbers, (lang, sentence, facts)
                # ... and what the reason rests on is said.
                assert said_cards >= set(facts["cards"]) | set(facts["waits"]), (
                    lang,
                    sentence,
                )
                if facts["kind"] in ("win", "take"):
                    assert facts["points"] in said_numbers, (lang, sentence)
                if facts["kind"] == "discard" and not facts["usable"] and not facts["waits"]:
                    assert facts["unseen"] in said_numbers, (lang, sentence)
    assert kinds["discard"] >= 300 and kinds["take"] >= 20 and kinds["pass"] >= 50, kinds
    assert kinds["discard_ready"] + kinds["take_ready"] + kinds["pass_ready"] >= 5, kinds


def test_a_sentence_uses_the_languages_plural_forms() -> None:
    facts = explain_discard_facts()
    english = [
        WEB.hint_sentence(
            "discard wC", facts | {"unseen": n}, gettext_for("en"), ngettext_for("en")
        )
        for n in (1, 2)
    ]
    assert "1 copy of it is still unseen" in english[0]
    assert "2 copies of it are still unseen" in english[1]
    italian = WEB.hint_sentence(
        "discard wC", facts | {"unseen": 1}, gettext_for("it"), ngettext_for("it")
    )
    assert "1 sua copia non è ancora stata vista" in italian and "Cannone bianco" in italian


def explain_discard_facts() -> dict[str, object]:
    return {
        "kind": "discard",
        "cards": ["wC"],
        "left_over_before": 5,
        "left_over_after": 4,
        "group_kind": None,
        "points": None,
        "usable": False,
        "unseen": 2,
        "take_left_over": None,
        "waits": [],
        "waits_unseen": 0,
    }
