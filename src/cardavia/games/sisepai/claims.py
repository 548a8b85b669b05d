"""Claim windows (sisepai.md §6), declared once as data, and everything derived from it.

The tables below are the rules; hold them against the spec line by line:

- :func:`answer_order` — who answers a window, and in which order (§6.1, [D7]);
- :class:`Role` — the drawer, the next player, any other player (§6.2);
- :data:`TAKES` — the groups each role may make with each class of public card, without
  winning (§6.2, §6.4 [D10]); :data:`TAKE_SIZES` — no non-winning claim forms a pair;
- :data:`MAY_PASS` — when ``pass`` is not an answer ([D10]);
- :data:`WIN_LEVELS`, :data:`TAKE_LEVELS` — the priority ladder (§6.3), by role and by
  ``win`` or the kind of group taken; ties go in turn order from the player after the
  drawer or discarder.

Derived here, never restated elsewhere: the legal answers (:func:`claim_options`), the
lone answer of the forced path (:func:`lone_claim`), an answer's priority
(:func:`claim_level`), the granted claim (:func:`resolve`), the refusals in words
(:func:`why_not_claim`), and the AI's fast paths (:func:`take_templates`,
:func:`grant_key`), which `ai/sisepai` reads instead of encoding the rules again.

Nothing here looks at a whole state: the state machine passes a seat's packed hand, the
public card, its owner (the drawer or discarder) and whether it was just drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from itertools import combinations_with_replacement

from cardavia.cards.four_colour import (
    CARDS,
    FLOWER_BASE,
    KINDS,
    SOLDIER,
    Card,
    format_cards,
)
from cardavia.games.sisepai.actions import PASS, WIN, Action, Verb, take
from cardavia.games.sisepai.melds import GroupKind, count, group_kind, is_complete, kind_bit
from cardavia.games.sisepai.seats import PLAYERS

# --- the declaration -----------------------------------------------------------------


class Role(Enum):
    """Who a seat is in a claim window (§6.2)."""

    DRAWER = "the drawer"
    """The seat that drew the public card (a drawn card's first window only)."""
    NEXT = "the next player"
    """The seat after the drawer or discarder."""
    OTHER = "any other player"


class Public(Enum):
    """The classes of public card that the claim rules tell apart (§6.2, §6.4)."""

    GENERAL = "General"
    FLOWER = "flower"
    SUIT = "suit card"
    """Any Advisor, Elephant, Chariot, Horse, Cannon or Soldier."""


_MIXED = frozenset((GroupKind.COMMAND, GroupKind.FIELD, GroupKind.SOLDIER))

TAKES: dict[tuple[Role, Public], frozenset[GroupKind]] = {
    # §6.2 the drawer (drawn card only): any legal group except a pair.
    (Role.DRAWER, Public.SUIT): frozenset((GroupKind.IDENTICAL, *_MIXED)),
    # §6.4 [D10] a drawn General: as a single, or in the drawer's command group; a flower
    # only as a single.
    (Role.DRAWER, Public.GENERAL): frozenset((GroupKind.SINGLE, GroupKind.COMMAND)),
    (Role.DRAWER, Public.FLOWER): frozenset((GroupKind.SINGLE,)),
    # §6.2 the next player: an identical triple or quad, or a mixed group.
    (Role.NEXT, Public.SUIT): frozenset((GroupKind.IDENTICAL, *_MIXED)),
    # §6.2 any other eligible player: an identical triple or quad only.
    (Role.OTHER, Public.SUIT): frozenset((GroupKind.IDENTICAL,)),
    # §6.4 the other players may only win or pass on a drawn General or flower.
    (Role.NEXT, Public.GENERAL): frozenset(),
    (Role.NEXT, Public.FLOWER): frozenset(),
    (Role.OTHER, Public.GENERAL): frozenset(),
    (Role.OTHER, Public.FLOWER): frozenset(),
}
"""The non-winning groups each role may make with each class of public card."""

TAKE_SIZES: dict[GroupKind, tuple[int, ...]] = {
    GroupKind.SINGLE: (1,),
    # §6.2 nobody makes a non-winning claim that forms a pair: triples and quads only.
    GroupKind.IDENTICAL: (3, 4),
    GroupKind.COMMAND: (3,),
    GroupKind.FIELD: (3,),
    GroupKind.SOLDIER: (3, 4),
}
"""The sizes of group a non-winning take may make, by kind."""

MAY_PASS: dict[tuple[Role, Public], bool] = {
    (role, public): not (role is Role.DRAWER and public is not Public.SUIT)
    for role in Role
    for public in Public
}
"""[D10] The drawer cannot pass a drawn General or flower; every other answer may pass."""


class Level(IntEnum):
    """The priority ladder of §6.3, highest first (a lower value is granted first)."""

    DRAWER_WIN = 1
    """The drawer's win (drawn card only)."""
    OTHER_WIN = 2
    """Another player's win."""
    IDENTICAL = 3
    """An identical triple or quad, by anyone eligible (the drawer's too)."""
    DRAWER_GROUP = 4
    """The drawer's own other group: single, command, field or soldier group."""
    NEXT_MIXED = 5
    """The next player's mixed group."""


WIN_LEVELS: dict[Role, Level] = {
    Role.DRAWER: Level.DRAWER_WIN,
    Role.NEXT: Level.OTHER_WIN,
    Role.OTHER: Level.OTHER_WIN,
}
TAKE_LEVELS: dict[tuple[Role, GroupKind], Level] = {
    **{(role, GroupKind.IDENTICAL): Level.IDENTICAL for role in Role},
    **{
        (Role.DRAWER, kind): Level.DRAWER_GROUP
        for kind in (GroupKind.SINGLE, GroupKind.COMMAND, GroupKind.FIELD, GroupKind.SOLDIER)
    },
    **{(Role.NEXT, kind): Level.NEXT_MIXED for kind in _MIXED},
}
"""The level of each non-winning take a role may make (every pair of :data:`TAKES`)."""


def answer_order(owner: int, drawn: bool) -> tuple[int, ...]:
    """§6.1 Seats that answer, in order: all four from the drawer (drawn card), or the
    three after the discarder ([D7] nobody claims their own discard)."""
    start = owner if drawn else owner + 1
    return tuple((start + i) % PLAYERS for i in range(4 if drawn else 3))


# --- derived: roles, classes and the groups a card can join ---------------------------


def role_of(seat: int, owner: int, drawn: bool) -> Role:
    """``seat``'s role in the window on a card of ``owner`` (drawn or discarded)."""
    if drawn and seat == owner:
        return Role.DRAWER
    return Role.NEXT if seat == (owner + 1) % PLAYERS else Role.OTHER


def public_class(card: int) -> Public:
    """The class of a public card that the claim rules tell apart."""
    if card >= FLOWER_BASE:
        return Public.FLOWER
    return Public.GENERAL if CARDS[card].is_general else Public.SUIT


def _legal_groups() -> tuple[tuple[Card, ...], ...]:
    """Every legal group of §3 (as :func:`melds.group_kind` decides), in canonical order.

    Candidates are the multisets of at most four cards that are all of one colour, all
    Soldiers, or one flower: §3 never mixes colours but in soldier groups, and a flower
    is always a group of its own.
    """
    suits = [tuple(CARDS[7 * colour + char] for char in range(7)) for colour in range(4)]
    soldiers = tuple(CARDS[7 * colour + SOLDIER] for colour in range(4))
    pools = [*suits, soldiers]
    found: set[tuple[Card, ...]] = {(CARDS[flower],) for flower in range(FLOWER_BASE, 33)}
    for pool in pools:
        for size in range(1, 5):
            for cards in combinations_with_replacement(pool, size):
                if group_kind(cards) is not None:
                    found.add(tuple(sorted(cards)))
    return tuple(sorted(found, key=lambda group: (len(group), group)))


LEGAL_GROUPS: tuple[tuple[Card, ...], ...] = _legal_groups()
"""Every legal group of §3, singles first (94 in all)."""


@dataclass(frozen=True, slots=True)
class Template:
    """One non-winning take a role may make with a public card, if the hand holds the rest.

    ``partners`` are the hand's cards of the group (the public card left out), in canonical
    order; ``needs`` is the same as ``(shift, copies)`` pairs of the packed hand, so that a
    fast path tests a template with a few shifts.
    """

    kind: GroupKind
    partners: tuple[Card, ...]
    level: Level
    needs: tuple[tuple[int, int], ...]

    def held_by(self, hand: int) -> bool:
        """True when the packed ``hand`` holds every partner."""
        return all((hand >> shift) & 7 >= copies for shift, copies in self.needs)


def _groups_with(card: int) -> list[tuple[GroupKind, tuple[Card, ...]]]:
    """Every legal group that holds ``card``: its kind, and its other cards."""
    found = []
    for group in LEGAL_GROUPS:
        if card in group:
            partners = list(group)
            partners.remove(CARDS[card])
            kind = group_kind(group)
            assert kind is not None
            found.append((kind, tuple(partners)))
    return found


def _templates(
    role: Role, card: int, groups: list[tuple[GroupKind, tuple[Card, ...]]]
) -> tuple[Template, ...]:
    allowed = TAKES[role, public_class(card)]
    return tuple(
        Template(
            kind,
            partners,
            TAKE_LEVELS[role, kind],
            tuple((3 * int(c), n) for c, n in sorted(Counter(partners).items())),
        )
        for kind, partners in groups
        if kind in allowed and len(partners) + 1 in TAKE_SIZES[kind]
    )


_GROUPS_WITH = tuple(_groups_with(card) for card in range(KINDS + 5))
_TEMPLATES: dict[Role, tuple[tuple[Template, ...], ...]] = {
    role: tuple(_templates(role, card, _GROUPS_WITH[card]) for card in range(KINDS + 5))
    for role in Role
}


def take_templates(role: Role, card: int) -> tuple[Template, ...]:
    """Every non-winning take ``role`` may make with the public ``card`` (§6.2, §6.4),
    whatever the hand: the hand must then hold its partners."""
    return _TEMPLATES[role][card]


@dataclass(frozen=True, slots=True)
class Seat:
    """Everything the rules say one seat may answer to one public card, before its hand
    is looked at: the tables above, read once for this seat, so that the forced path
    and the AI's playouts look one entry up instead of asking every table."""

    role: Role
    may_pass: bool
    win_level: Level
    templates: tuple[Template, ...]

    def held(self, hand: int) -> list[Template]:
        """The templates the packed ``hand`` holds the partners of."""
        out = []
        for template in self.templates:
            for shift, copies in template.needs:
                if (hand >> shift) & 7 < copies:
                    break
            else:
                out.append(template)
        return out


def _seat(seat: int, owner: int, drawn: bool, card: int) -> Seat:
    role = role_of(seat, owner, drawn)
    public = public_class(card)
    return Seat(role, MAY_PASS[role, public], WIN_LEVELS[role], _TEMPLATES[role][card])


SEATS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(
        tuple(_seat(seat, owner, drawn, card) for card in range(KINDS + 5))
        for owner in range(PLAYERS)
        for seat in range(PLAYERS)
    )
    for drawn in (False, True)
)
"""``SEATS[drawn][owner * PLAYERS + seat][card]``: the :class:`Seat` of every window."""


def seat_rules(seat: int, owner: int, drawn: bool, card: int) -> Seat:
    """What the rules let ``seat`` answer to the public ``card`` of ``owner``."""
    return SEATS[drawn][owner * PLAYERS + seat][card]


# --- derived: what a seat may answer -----------------------------------------------------


def claim_options(hand: int, card: int, seat: int, owner: int, drawn: bool) -> tuple[Action, ...]:
    """Every legal answer of ``seat`` (holding packed ``hand``) to the public ``card``.

    Sorted by code point of the notation. [D9]: when the card completes the hand, ``win``
    is the only way to take it.
    """
    rules = SEATS[drawn][owner * PLAYERS + seat][card]
    if is_complete(hand + kind_bit(card)):
        return (PASS, WIN) if rules.may_pass else (WIN,)
    options = [take(card, *t.partners) for t in rules.held(hand)]
    if rules.may_pass:
        options.append(PASS)
    return tuple(sorted(options, key=str))


def lone_claim(hand: int, card: int, seat: int, owner: int, drawn: bool) -> Action | None:
    """The answer when ``seat`` has exactly one, else ``None`` (the forced path).

    The same as ``claim_options`` having length one, without building the options: most
    answers of a deal come through here, and the win test is left for last.
    """
    rules = SEATS[drawn][owner * PLAYERS + seat][card]
    if rules.may_pass:
        for template in rules.templates:
            for shift, copies in template.needs:
                if (hand >> shift) & 7 < copies:
                    break
            else:
                return None  # pass and a take
        return None if is_complete(hand + kind_bit(card)) else PASS
    if is_complete(hand + kind_bit(card)):
        return WIN
    held = rules.held(hand)
    return take(card, *held[0].partners) if len(held) == 1 else None


# --- derived: priority -------------------------------------------------------------------


def take_kind(action: Action) -> GroupKind:
    """The kind of group a legal ``take`` makes (classified by its cards, not their order)."""
    kind = group_kind(action.cards)
    if kind is None:
        raise ValueError(f"{action} makes no legal group")
    return kind


# An enum member read through its class costs a tenth of a microsecond in Python 3.11;
# every answer of a deal passes here.
_PASS, _WIN = Verb.PASS, Verb.WIN


def claim_level(seat: int, action: Action, owner: int, drawn: bool) -> Level | None:
    """The priority level of a legal answer, or ``None`` for ``pass``."""
    verb = action.verb
    if verb is _PASS:
        return None
    role = role_of(seat, owner, drawn)
    if verb is _WIN:
        return WIN_LEVELS[role]
    return TAKE_LEVELS[role, take_kind(action)]


def grant_key(level: Level, seat: int, owner: int) -> tuple[int, int]:
    """How a claim ranks in its window: lower is granted first (§6.3: the level, then turn
    order counting from the player after the drawer or discarder)."""
    return (level, (seat - owner - 1) % PLAYERS)


def resolve(
    answers: Sequence[tuple[int, Action]], owner: int, drawn: bool
) -> tuple[int, Action] | None:
    """The one granted claim of a closed window, or ``None`` if everyone passed."""
    best: tuple[int, int] | None = None
    granted: tuple[int, Action] | None = None
    for seat, action in answers:
        if action.verb is _PASS:
            continue  # most answers: nothing to rank
        level = claim_level(seat, action, owner, drawn)
        assert level is not None
        key = grant_key(level, seat, owner)
        if best is None or key < best:
            best, granted = key, (seat, action)
    return granted


# --- derived: refusals in words ----------------------------------------------------------


def why_not_claim(hand: int, card: int, seat: int, owner: int, drawn: bool, action: Action) -> str:
    """Why ``action`` is no legal answer of ``seat`` to the public ``card``, in a player's
    words; every reason comes from the tables above."""
    public = CARDS[card]
    role = role_of(seat, owner, drawn)
    cls = public_class(card)
    completes = is_complete(hand + kind_bit(card))
    if action.verb is Verb.DISCARD:
        return f"no discard is due: answer the claim window on {public}"
    if action.verb is Verb.PASS:
        return f"you drew a {cls.value}: you must take it, it can never be discarded"
    if action.verb is Verb.WIN:
        return f"taking {public} does not complete your hand"
    group = list(action.cards)
    if public not in group:
        return f"the group must include the public card {public}"
    kind = group_kind(group)
    if kind is None:
        return f"{format_cards(group)} is not a legal group{_group_hint(group)}"
    rest = list(group)
    rest.remove(public)
    if any(count(hand, partner) < rest.count(partner) for partner in set(rest)):
        return f"you do not hold {format_cards(rest)}"
    if completes:
        return f"taking {public} completes your hand: claim it with win"
    if len(group) not in TAKE_SIZES[kind]:
        return "a pair can only be claimed to win"
    if kind not in TAKES[role, cls]:
        return _who_may(kind, cls, role, drawn)
    return f"{action} is not a legal claim here"  # pragma: no cover - every case is named


def _who_may(kind: GroupKind, cls: Public, role: Role, drawn: bool) -> str:
    """The refusal of a group kind that ``role`` may not make: who may, and what ``role`` may."""
    present = [r for r in Role if drawn or r is not Role.DRAWER]
    allowed = [r.value for r in present if kind in TAKES[r, cls]]
    mine = TAKES[role, cls]
    if cls is not Public.SUIT:
        who = " or ".join(allowed) or "nobody"
        return f"only {who} may take a drawn {cls.value}; you may only win or pass"
    sizes = " or ".join(_SIZE_NAMES[n] for n in TAKE_SIZES[GroupKind.IDENTICAL])
    what = f"an identical {sizes}" if mine == {GroupKind.IDENTICAL} else "no such group"
    return f"only {' or '.join(allowed)} may claim a {kind} group: you may claim {what}"


_SIZE_NAMES = {3: "triple", 4: "quad"}


def _group_hint(group: Iterable[int]) -> str:
    """A short reason why a set of cards is no group (§3)."""
    cards = list(group)
    if any(card >= FLOWER_BASE for card in cards):
        return ": a flower is always a group on its own"
    if len(set(cards)) == 1 and CARDS[cards[0]].is_general:
        return ": Generals never form identical groups"
    return ""
