"""Why an action is refused, in a player's words (only called on the error path)."""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.cards.four_colour import CARDS, FLOWER_BASE, GENERAL, format_cards
from cardavia.games.sisepai.actions import (
    DISCARD_VERB,
    PASS_VERB,
    TAKE_VERB,
    WIN_VERB,
    Action,
)
from cardavia.games.sisepai.claims import PLAYERS
from cardavia.games.sisepai.melds import count, group_kind, is_complete, kind_bit


def why_illegal(
    seat: int, hand: int, discarding: bool, card: int, owner: int, drawn: bool, action: Action
) -> str:
    """The reason ``action`` is not legal for ``seat`` holding packed ``hand``: it must
    discard (``discarding``), or it answers the window on the public ``card`` of
    ``owner`` (``drawn`` while it is a fresh draw)."""
    if discarding:
        if action.verb != DISCARD_VERB:
            return f"{action} is not possible now: you must discard a card from your hand"
        discarded = action.cards[0]
        if discarded >= FLOWER_BASE:
            return "flowers cannot be discarded"
        if discarded % 7 == GENERAL:
            return "Generals cannot be discarded"
        return f"you do not hold {discarded} in your concealed hand"
    public = CARDS[card]
    drawer = drawn and seat == owner
    is_next = seat == (owner + 1) % PLAYERS
    special = public >= FLOWER_BASE or public % 7 == GENERAL
    what = "flower" if public >= FLOWER_BASE else "General"
    completes = is_complete(hand + kind_bit(public))
    if action.verb == DISCARD_VERB:
        return f"no discard is due: answer the claim window on {public}"
    if action.verb == PASS_VERB:
        return f"you drew a {what}: you must take it, it can never be discarded"
    if action.verb == WIN_VERB:
        return f"taking {public} does not complete your hand"
    if action.verb != TAKE_VERB:  # pragma: no cover - the parser only makes four verbs
        return f"{action} is not an action"
    group = list(action.cards)
    if public not in group:
        return f"the group must include the public card {public}"
    kind = group_kind(group)
    if kind is None:
        return f"{format_cards(group)} is not a legal group{_group_hint(group)}"
    rest = list(group)
    rest.remove(public)
    missing = [card for card in set(rest) if count(hand, card) < rest.count(card)]
    if missing:
        return f"you do not hold {format_cards(rest)}"
    if completes:
        return f"taking {public} completes your hand: claim it with win"
    if len(group) == 2:
        return "a pair can only be claimed to win"
    if special and not drawer:
        return f"only the drawer may take a drawn {what}; you may only win or pass"
    if kind == "single":
        return "only the drawer may take a single General or flower"
    if kind != "identical" and not (drawer or is_next):
        who = "the drawer" if drawn else "nobody else"
        return (
            f"only the next player (or {who}) may claim a {kind} group: "
            "you may claim an identical triple or quad"
        )
    return f"{action} is not a legal claim here"  # pragma: no cover - every case is named above


def _group_hint(group: Sequence[int]) -> str:
    """A short reason why a set of cards is no group."""
    if any(card >= FLOWER_BASE for card in group):
        return ": a flower is always a group on its own"
    if len(set(group)) == 1 and group[0] % 7 == GENERAL:
        return ": Generals never form identical groups"
    return ""
