"""The words on cards and in the log that the phone's table relies on (issue 26): where a
card's name may break (soft hyphens at its syllables), and the name of a Chuo Pai special
combination on the events that play it, for the live log and the replay alike."""

from __future__ import annotations

import re

import pytest

from cardavia.i18n import catalogs
from cardavia.i18n.languages import LANGUAGES
from cardavia.web.presentation.hyphens import SOFT_HYPHEN, breakable
from cardavia.web.presentation.presenters import PRESENTERS
from cardavia.web.words import text


def shown(name: str) -> str:
    return name.replace(SOFT_HYPHEN, "-")


def test_long_names_break_at_their_syllables() -> None:
    assert shown(breakable("Elephant", "en")) == "Ele-phant"
    assert shown(breakable("Crooked Eight", "en")) == "Crook-ed Eight"
    assert shown(breakable("Generale", "it")) == "Ge-ne-ra-le"
    assert shown(breakable("Penasihat", "id")) == "Pe-na-si-hat"
    assert shown(breakable("Bengkok", "id")) == "Beng-kok"
    assert shown(breakable("Olifant", "nl")) == "Oli-fant"
    # Short words, Chinese, and a name a translator already broke, as they are.
    assert breakable("Horse", "en") == "Horse"
    assert breakable("高脚七", "zh") == "高脚七"
    assert breakable("高腳七", "zh-Hant") == "高腳七"
    # Vietnamese: every syllable is a word of its own, and a line breaks between them.
    assert breakable("Tượng trưởng", "vi") == "Tượng trưởng"
    assert breakable("Consi\u00adgliere", "it") == "Consi\u00adgliere"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_piece_of_every_card_name_fits_a_phones_card(lang: str) -> None:
    # A card 44 px wide holds about 3.8 em of its name at 10 px: 8 letters at most.
    _ = catalogs.gettext_for(lang)
    names = [*text.character_names(_), _("flower"), *text.domino_names(_).values()]
    for name in names:
        broken = breakable(name, lang)
        plain = name.replace(SOFT_HYPHEN, "")
        assert broken.replace(SOFT_HYPHEN, "") == plain, "only soft hyphens are added"
        # A line may break at a space, after a hyphen and at a soft hyphen.
        pieces = re.split(rf"[\s{SOFT_HYPHEN}-]+", broken)
        assert max(len(piece) for piece in pieces) <= 8, f"{lang}: {shown(broken)}"


@pytest.mark.parametrize(
    ("action", "name", "chinese"),
    [
        ("play 45 66", "Tian Jiu", "天九"),
        ("play 11 11 26 26", "Di Ba", "地八"),
        ("play 25 44", "Ren Qi", "人七"),
        ("play 13 14", "He Wu", "和五"),
    ],
)
def test_a_special_combination_is_named_on_its_events(action: str, name: str, chinese: str) -> None:
    presenter = PRESENTERS["chuopai"]
    for kind in ("lead", "beat", "round_won"):
        event = {"type": kind, "seat": 1, "action": action}
        presenter.annotate(event)
        assert event["combination"] == {"name": name, "chinese": chinese}
    plain = {"type": "lead", "seat": 1, "action": "play 44 44"}
    presenter.annotate(plain)
    assert "combination" not in plain, "a pair of Man is no special combination"
