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

from cardavia.ai.chuopai.counting import still_to_act, unseen_counts
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import ACTIONS, Action
from cardavia.games.chuopai.legal import PASS_ONLY, answer_indexes, lead_indexes
from cardavia.games.chuopai.plays import PLAYS
from cardavia.games.chuopai.view import ChuoPaiView

_SIZE = tuple(play.size for play in PLAYS)
_LEVEL = tuple(play.level for play in PLAYS)


def is_safe(play: int, unseen: int) -> bool:
    """True when no play made of the ``unseen`` cards beats ``play``."""
    return answer_indexes(unseen, play) == PASS_ONLY


def lead(hand: int, unseen: int) -> int:
    """The play index the policy leads."""
    options = lead_indexes(hand)
    best = -1
    best_key = (0, 0)
    for play in options:
        if is_safe(play, unseen):
            key = (_SIZE[play], -_LEVEL[play])
            if best < 0 or key > best_key:
                best, best_key = play, key
    if best >= 0:
        return best
    return min(options, key=lambda p: (_SIZE[p], _LEVEL[p], p))


def beat(hand: int, top: int, unseen: int, last: bool) -> int:
    """The beating play index the policy answers with (``PASS_ONLY[0]`` when none)."""
    options = answer_indexes(hand, top)
    if options == PASS_ONLY:
        return PASS_ONLY[0]
    if not last:
        safe = [play for play in options if is_safe(play, unseen)]
        if safe:
            return min(safe, key=lambda p: (_LEVEL[p], p))
    return min(options, key=lambda p: (_LEVEL[p], p))


def policy_action(view: ChuoPaiView) -> Action:
    """The policy's action for the seat of ``view`` (always legal)."""
    hand = vec.pack(view.hand)
    unseen = vec.pack(card for card, n in enumerate(unseen_counts(view)) for _ in range(n))
    if view.top is None:
        return ACTIONS[lead(hand, unseen)]
    top = view.top[1].play
    assert top is not None
    return ACTIONS[beat(hand, top.index, unseen, not still_to_act(view))]
