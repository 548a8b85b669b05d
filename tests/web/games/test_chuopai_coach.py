"""Chuo Pai's hint sentences keep the facts: every card a sentence names and every
number it says is one of its reason's facts (which tests/ai/chuopai/test_hint.py checks
against the engine), and the facts a reason rests on are said, in every language."""

from __future__ import annotations

from collections import Counter

from sentences import facts_numbers, positions, read_back

from cardavia.ai.chuopai.hint import explain
from cardavia.i18n.catalogs import gettext_for, ngettext_for
from cardavia.i18n.languages import LANGUAGES
from cardavia.web.games import WEB_GAMES
from cardavia.web.words.text import domino_names

GAME_NAME = "chuopai"
WEB = WEB_GAMES[GAME_NAME]


def test_every_sentence_names_only_its_facts_in_every_language() -> None:
    names = {lang: domino_names(gettext_for(lang)) for lang in LANGUAGES}
    kinds: Counter[str] = Counter()
    for view, legal in positions(GAME_NAME, 5, 15):
        for action in legal:
            facts = explain(view, legal, action).to_json()
            kinds[facts["kind"] + ("_safe" if facts["safe"] else "")] += 1
            numbers = facts_numbers([facts["points"], len(facts["beaters"])])
            for lang in LANGUAGES:
                sentence = WEB.hint_sentence(
                    str(action), facts, gettext_for(lang), ngettext_for(lang)
                )
                said_cards, said_numbers = read_back(sentence, names[lang])
                assert said_cards == set(facts["cards"]), (lang, sentence, facts)
                assert said_numbers <= numbers, (lang, sentence, facts)
                # ... and what the reason rests on is said.
                if facts["kind"] != "pass":
                    said = facts["points"] if facts["safe"] or facts["last"] else None
                    said = len(facts["beaters"]) if said is None else said
                    assert said in said_numbers, (lang, sentence, facts)
    assert kinds["lead"] >= 100 and kinds["lead_safe"] >= 20, kinds
    assert kinds["beat"] >= 20 and kinds["beat_safe"] >= 20, kinds
