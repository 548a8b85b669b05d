"""The counting policy of ``basic`` (and of every playout of ``strong``).

It reads a seat's hand and the count vector of the cards that seat cannot see (both
packed like :mod:`cardavia.games.chuopai.hands`). A play is *safe* when the unseen
cards hold nothing that beats it, whoever holds them: a safe play wins its round.

- Lead the biggest safe play (most points, and the lead stays); with none, lead the
  weakest single: it gives away one point and makes the others spend higher cards.
- Beat with the lowest safe beating play; with none, or when nobody acts after this
  seat (any beat then wins), with the lowest beating play: high cards are kept for
  when they win.
"""

from __future__ import annotations

from collections.abc import Callable

from cardavia.ai.chuopai.counting import still_to_act, unseen_vector
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import ACTIONS, Action
from cardavia.games.chuopai.legal import PASS_ONLY, VECTORS, answer_indexes, lead_indexes
from cardavia.games.chuopai.plays import BEATERS, PLAYS
from cardavia.games.chuopai.view import ChuoPaiView

_SIZE = tuple(play.size for play in PLAYS)
_LEVEL = tuple(play.level for play in PLAYS)
_GUARDS = vec.GUARDS


def _ranks(key: Callable[[int], tuple[int, ...]]) -> tuple[int, ...]:
    """``rank[play]``: the play's position when every play is sorted by ``key``."""
    rank = [0] * len(PLAYS)
    for position, play in enumerate(sorted(range(len(PLAYS)), key=key)):
        rank[play] = position
    return tuple(rank)


# The policy runs millions of times per strong decision, so its preferences are ranks
# computed once. Leads: the biggest play first, then the lowest level, then the index.
_LEAD_RANK = _ranks(lambda p: (-_SIZE[p], _LEVEL[p], p))
# Answers: the lowest level first, then the index.
_LOW_RANK = _ranks(lambda p: (_LEVEL[p], p))
# Beaters as vectors, smallest plays first: a hand most often holds a single.
_BEATER_VECTORS = tuple(
    tuple(VECTORS[i] for i in sorted(beaters, key=lambda i: (_SIZE[i], i))) for beaters in BEATERS
)


def is_safe(play: int, unseen: int) -> bool:
    """True when no play made of the ``unseen`` cards beats ``play``."""
    guarded = unseen | _GUARDS
    # vec.contains, inlined in a plain loop: this is the policy's innermost test, and a
    # call per beater (or all() over a generator) is slower.
    for cards in _BEATER_VECTORS[play]:  # noqa: SIM110
        if (guarded - cards) & _GUARDS == _GUARDS:
            return False
    return True


def lead(hand: int, unseen: int) -> int:
    """The play index the policy leads."""
    options = sorted(lead_indexes(hand), key=_LEAD_RANK.__getitem__)
    for play in options:
        if is_safe(play, unseen):
            return play
    return min(options, key=lambda p: (_SIZE[p], _LEVEL[p], p))


def beat(hand: int, top: int, unseen: int, last: bool) -> int:
    """The beating play index the policy answers with (``PASS_ONLY[0]`` when none)."""
    options = answer_indexes(hand, top)
    if options == PASS_ONLY:
        return PASS_ONLY[0]
    lowest_first = sorted(options, key=_LOW_RANK.__getitem__)
    if not last:
        for play in lowest_first:
            if is_safe(play, unseen):
                return play
    return lowest_first[0]


def policy_action(view: ChuoPaiView) -> Action:
    """The policy's action for the seat of ``view`` (always legal)."""
    hand = vec.pack(view.hand)
    unseen = unseen_vector(view)
    if view.top is None:
        return ACTIONS[lead(hand, unseen)]
    top = view.top[1].play
    assert top is not None
    return ACTIONS[beat(hand, top.index, unseen, not still_to_act(view))]
