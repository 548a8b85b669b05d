"""Why an action is refused, in a player's words (only called on the error path).

A claim window's refusals come from the claim rules themselves
(:func:`cardavia.games.sisepai.claims.why_not_claim`); this module adds the discard's.
"""

from __future__ import annotations

from cardavia.cards.four_colour import CARDS
from cardavia.games.sisepai.actions import Action, Verb
from cardavia.games.sisepai.claims import why_not_claim


def why_illegal(
    seat: int, hand: int, discarding: bool, card: int, owner: int, drawn: bool, action: Action
) -> str:
    """The reason ``action`` is not legal for ``seat`` holding packed ``hand``: it must
    discard (``discarding``), or it answers the window on the public ``card`` of
    ``owner`` (``drawn`` while it is a fresh draw)."""
    if not discarding:
        return why_not_claim(hand, card, seat, owner, drawn, action)
    if action.verb is not Verb.DISCARD:
        return f"{action} is not possible now: you must discard a card from your hand"
    discarded = CARDS[action.cards[0]]
    if discarded.is_flower:
        return "flowers cannot be discarded"
    if discarded.is_general:
        return "Generals cannot be discarded"
    return f"you do not hold {discarded} in your concealed hand"
