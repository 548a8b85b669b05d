"""Play patterns and the beat relation (chuopai.md §4–5), as pure data and functions.

Every play that can ever be made is known in advance: 84 ordinary plays (1–4 cards of
one of 21 codes) and 56 special combinations (4 types × k = 1…4 × the ways to mix the
two matching codes). They are built once at import, numbered in the code-point order of
their notation (``play 11`` < ``play 11 26`` < ``play 11 35`` < ``play 13``), so that an
engine can sort legal actions by sorting small ints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from cardavia.cards.dominoes import CODES, DOMINOES, Domino, Family, format_cards

MAX_COPIES = 4


class Kind(Enum):
    """Ordinary plays and special combinations never beat each other."""

    ORDINARY = "ordinary"
    SPECIAL = "special"


@dataclass(frozen=True)
class Combination:
    """One special-combination type of spec §4: a key code and its two matching codes."""

    name: str
    chinese: str
    key: Domino
    matches: tuple[Domino, Domino]
    strength: int


# [D5] Only Red- and Black-family cards match: 16 (seven pips, Yao) and 44 (eight pips,
# Long) are left out on purpose.
COMBINATIONS: tuple[Combination, ...] = (
    Combination("Tian Jiu", "天九", Domino.HEAVEN, (Domino.RED_NINE, Domino.BLACK_NINE), 4),
    Combination("Di Ba", "地八", Domino.EARTH, (Domino.STRAIGHT_EIGHT, Domino.CROOKED_EIGHT), 3),
    Combination("Ren Qi", "人七", Domino.MAN, (Domino.RED_SEVEN, Domino.BLACK_SEVEN), 2),
    Combination("He Wu", "和五", Domino.HARMONY, (Domino.RED_FIVE, Domino.BLACK_FIVE), 1),
)
_COMBINATION_BY_KEY = {combo.key: combo for combo in COMBINATIONS}


@dataclass(frozen=True)
class Play:
    """A legal play pattern: its cards and what it is worth when beating.

    ``index`` numbers all plays in the code-point order of ``str(play)``. Two plays
    compare only when ``group`` is equal (same kind, same size and, for ordinary plays,
    same family); then the higher ``level`` (rank or strength) beats.
    """

    cards: tuple[Domino, ...]
    kind: Kind
    level: int
    family: Family | None
    combination: Combination | None
    index: int = -1

    @property
    def size(self) -> int:
        """How many cards the play has."""
        return len(self.cards)

    @property
    def group(self) -> tuple[Kind, int, Family | None]:
        """Plays beat each other only within one group (spec §5)."""
        return (self.kind, len(self.cards), self.family)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def describe(self) -> str:
        """A short English description: "a pair of Man (44 44)", "Tian Jiu (66 45)"."""
        if self.combination is not None:
            return f"{self.combination.name} ({self})"
        name = self.cards[0].english
        counted = ("a single", "a pair of", "a triple of", "four of")[len(self.cards) - 1]
        return f"{counted} {name} ({self})"


def beats(play: Play, top: Play) -> bool:
    """True when ``play`` beats ``top``: same kind, same size, same family, strictly higher.

    Within one group this is a strict order on levels, so the relation is irreflexive,
    asymmetric and transitive; across groups nothing beats anything.
    """
    return play.group == top.group and play.level > top.level


def why_not_beats(play: Play, top: Play) -> str | None:
    """Why ``play`` does not beat ``top``, in a player's words; ``None`` when it does."""
    if beats(play, top):
        return None
    head = f"{play} does not beat {top}"
    if play.kind is not top.kind:
        if top.kind is Kind.SPECIAL:
            return f"{head}: only a stronger special combination beats a special combination"
        return f"{head}: a special combination never beats an ordinary play"
    if play.size != top.size:
        return f"{head}: it must have {top.size} cards, not {play.size}"
    if play.kind is Kind.ORDINARY:
        if play.family is not top.family:
            return f"{head}: a different family ({play.family}, not {top.family})"
        if play.level == top.level:
            return f"{head}: {play.cards[0].english} and {top.cards[0].english} rank equal"
        return f"{head}: {play.cards[0].english} ranks below {top.cards[0].english}"
    assert play.combination is not None and top.combination is not None
    if play.level == top.level:
        return f"{head}: both are {top.combination.name}, and it must be stronger"
    return f"{head}: {play.combination.name} is weaker than {top.combination.name}"


def _ordinary_plays() -> Iterable[Play]:
    for card in DOMINOES:
        for count in range(1, MAX_COPIES + 1):
            yield Play((card,) * count, Kind.ORDINARY, card.rank, card.family, None)


def _special_plays() -> Iterable[Play]:
    for combo in COMBINATIONS:
        first, second = combo.matches
        for k in range(1, MAX_COPIES + 1):
            for of_first in range(k + 1):
                matching = (first,) * of_first + (second,) * (k - of_first)
                cards = tuple(sorted((combo.key,) * k + matching))
                yield Play(cards, Kind.SPECIAL, combo.strength, None, combo)


def _numbered(plays: Iterable[Play]) -> tuple[Play, ...]:
    ordered = sorted(plays, key=lambda play: "play " + str(play))
    return tuple(
        Play(p.cards, p.kind, p.level, p.family, p.combination, index)
        for index, p in enumerate(ordered)
    )


PLAYS: tuple[Play, ...] = _numbered([*_ordinary_plays(), *_special_plays()])
"""Every possible play, ``PLAYS[i].index == i``, in code-point order of the notation."""

PLAY_BY_CARDS: dict[tuple[Domino, ...], Play] = {play.cards: play for play in PLAYS}

BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(play.index for play in PLAYS if beats(play, top)) for top in PLAYS
)
"""``BEATERS[i]``: indexes of every play that beats ``PLAYS[i]``, ascending."""


def classify(cards: Iterable[Domino]) -> Play | None:
    """The play made of exactly ``cards`` (any order), or ``None`` if they are no play."""
    return PLAY_BY_CARDS.get(tuple(sorted(cards)))


def _pips(card: Domino) -> int:
    return sum(card.pips)


def why_not_a_play(cards: Iterable[Domino]) -> str:
    """Why a multiset of cards is not a play, in a player's words."""
    ordered = tuple(sorted(cards))
    head = f"{format_cards(ordered)} is not a play"
    counts = Counter(ordered)
    if len(counts) == 1:
        return f"{head}: at most {MAX_COPIES} cards of one code"
    present = [combo for combo in COMBINATIONS if combo.key in counts]
    if not present:
        return (
            f"{head}: play 1 to {MAX_COPIES} cards of one code, or a special combination "
            "(66, 11, 44 or 13 with as many matching cards)"
        )
    matched = [combo for combo in present if any(card in counts for card in combo.matches)]
    if len(matched) > 1 and all(
        any(card == combo.key or card in combo.matches for combo in present) for card in counts
    ):
        return f"{head}: one type of special combination at a time"

    def strangers(combo: Combination) -> list[Domino]:
        return [card for card in counts if card != combo.key and card not in combo.matches]

    def look_alikes(combo: Combination) -> list[Domino]:
        total = _pips(combo.matches[0])
        return [card for card in strangers(combo) if _pips(card) == total]

    # The combination the player most likely meant: fewest foreign cards, and among
    # those the one whose pip total the foreign cards share (16 "a seven", 44 "an eight").
    combo = min(present, key=lambda c: (len(strangers(c)), -len(look_alikes(c))))
    key = CODES[combo.key]
    one, two = (CODES[card] for card in combo.matches)
    rule = f"{combo.name} matches {key} only with {one} or {two}"
    alike = look_alikes(combo)
    if alike:
        # [D5] Only Red and Black cards match, whatever their pips.
        card = alike[0]
        return (
            f"{head}: {rule}; {card} has {_pips(card)} pips but is {card.family}, not Red or Black"
        )
    if strangers(combo):
        return f"{head}: {rule}, not {' '.join(CODES[card] for card in strangers(combo))}"
    keys = counts[combo.key]
    if keys != len(ordered) - keys:
        return f"{head}: {combo.name} needs as many {key} as matching cards ({one} or {two})"
    return f"{head}: at most {MAX_COPIES} keys and {MAX_COPIES} matching cards"
