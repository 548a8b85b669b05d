"""Chuo Pai's hint sentences: a hint's facts (``ai.chuopai.hint.Reason``, as JSON)
phrased in the page's language.

Every number and card a sentence names is one of the facts (a test holds it to that);
plurals through the catalogs' forms (``ngettext``).
"""

from __future__ import annotations

from typing import Any

from cardavia.cards.dominoes import Domino
from cardavia.web.words.text import Gettext, Ngettext, domino_name


def hint_sentence(action: str, reason: dict[str, Any], _: Gettext, ngettext: Ngettext) -> str:
    """One sentence: what to do (``action``) and why (``reason``'s facts)."""
    kind = reason["kind"]
    if kind == "pass":
        return _("{action}: {reason}.").format(
            action=_("Pass"), reason=_("none of your cards beats the top play")
        )
    cards = " + ".join(domino_name(Domino.parse(code), _) for code in reason["cards"])
    what = (_("Lead {cards}") if kind == "lead" else _("Play {cards}")).format(cards=cards)
    points = reason["points"]
    if reason["safe"]:
        why = ngettext(
            "nothing unseen beats it, so the round and its {points} point are yours",
            "nothing unseen beats it, so the round and its {points} points are yours",
            points,
        ).format(points=points)
    elif reason["last"]:
        why = ngettext(
            "nobody plays after you in this round, so it and its {points} point are yours",
            "nobody plays after you in this round, so it and its {points} points are yours",
            points,
        ).format(points=points)
    else:
        count = len(reason["beaters"])
        could = ngettext(
            "{count} play the unseen cards can make beats it",
            "{count} plays the unseen cards can make beat it",
            count,
        ).format(count=count)
        if not reason["lowest"]:
            return _("{action}: {reason}.").format(action=what, reason=could)
        lowest = (
            _("it is your weakest single: keep the strong cards for later")
            if kind == "lead"
            else _("it is the lowest play you hold that beats")
        )
        return _("{action}: {reason}, and {more}.").format(action=what, reason=lowest, more=could)
    return _("{action}: {reason}.").format(action=what, reason=why)
