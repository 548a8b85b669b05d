"""What a table of people is, apart from its game: seats, names, settings, timers.

Pure functions over the stored table (:class:`cardavia.store.StoredTable`): who sits
where, who decides a seat's move now (the person, or an AI for them), what a display
name may be, and when the table must act by itself. The service applies them.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from cardavia.store import StoredTable, TableSeat
from cardavia.web.services.deals import AI_LEVELS
from cardavia.web.services.tables.lookalikes import ignorable, skeleton
from cardavia.web.words.players import ai_name

GATHERING, PLAYING, OVER = "gathering", "playing", "over"
PERSON, AI = "person", "ai"
LEVELS = AI_LEVELS
"""The AI levels a host may choose, for AI seats and for absent players: the start
form's, under the same names (Easy, Normal, Strong)."""

HOLD_SECONDS = 1.5
"""The least time every decision a bystander could have to wait for stays on show at a
table of people (issue 28, hole 5): a claim window nobody can claim, a pass nobody had a
choice about, an answer given at once are shown as long as a quick person's would be,
so that what a seat sees never depends on whether someone else had a choice. Long
enough for a quick person's answer to fit inside it, short enough not to drag a deal."""

NAME_LIMIT = 24
"""The longest display name, in characters: a name on a seat label, not a message."""
_SPACES = re.compile(r"\s+")
# Characters that show as nothing, or would let a name reorder or hide the text around it
# where it is shown: controls, surrogates, private and unassigned code points, format
# characters (Cf: the bidirectional controls, zero-width ones, tags, U+061C, U+00AD,
# U+FEFF...), every other default-ignorable one (the Hangul fillers U+115F, U+1160,
# U+3164, U+FFA0, variation selectors...), and the blank Braille pattern U+2800.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Cf"})
_BLANK = frozenset("\u2800")
# What makes a character visible on its own: a letter, a digit, punctuation or a symbol
# (not a combining mark, which needs one of these to sit on, nor a space).
_VISIBLE = ("L", "N", "P", "S")
# The exceptions, inside emoji: a presentation selector (U+FE0E text, U+FE0F emoji: a
# phone's keyboard types "❤️" as U+2764 U+FE0F) right after a symbol, and the zero-width
# joiner between two symbols (👨‍👩‍👧). They draw the emoji they belong to; the
# lookalike check ignores them (a skeleton drops default-ignorable characters).
_PRESENTATION = frozenset("\ufe0e\ufe0f")
_JOINER = "\u200d"


class TableError(Exception):
    """A request that does not fit the table as it stands (409): full, not started..."""


class TableRefusedError(TableError):
    """Something only the host may do, or a seat's person may not do (403)."""


class BadTableInputError(ValueError):
    """A name or a setting that cannot be used, in words (422)."""


class LookalikeNameError(BadTableInputError):
    """A name that looks like another person's at the same table (422)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What the host chooses for the whole table."""

    claim_seconds: int = 20
    """A claim window's time: short, as at a real table, where a card lies a moment."""
    turn_seconds: int = 60
    """A discard's, a lead's or a beat's time: a move to think over."""
    absent: str = "basic"
    """The AI level that decides for a person whose time ran out or who is away."""
    timers: bool = True
    """False: no decision has a deadline and no AI takes over an away person's seat:
    the table waits for its people for ever (a deal against the AIs: :meth:`alone`)."""
    hold: bool = True
    """False: no decision is held on show for :data:`HOLD_SECONDS` (issue 28, hole 5):
    the table's moves are committed as fast as the AIs make them, and the person's
    browser plays them back at the person's own pace (a deal against the AIs)."""
    guided: bool = False
    """True: a guided first deal (issue 25, ``/learn/<game>/guided``): the table's page
    shows the guide, and the guide's API answers (``web.learn.guided``)."""

    CLAIM_RANGE = (5, 120)
    TURN_RANGE = (10, 600)

    @classmethod
    def alone(cls, level: str, guided: bool = False) -> TableSettings:
        """The settings of a table of one person against AIs of ``level`` (the *Start
        game* form): nobody else can ever sit there, so nobody is kept waiting and
        nobody watches. No clock (the table waits for its person for ever, as a deal
        against the AIs always did), no hold on show (the browser plays the AIs' moves
        back at the person's pace). ``absent`` is the AIs' level: who plays the
        person's opponents in their AI run (``meta.absent``). ``guided``: a guided
        first deal's table."""
        return cls(absent=level, timers=False, hold=False, guided=guided)

    def to_json(self) -> dict[str, Any]:
        """As the table's row stores it."""
        return {
            "claim_seconds": self.claim_seconds,
            "turn_seconds": self.turn_seconds,
            "absent": self.absent,
            "timers": self.timers,
            "hold": self.hold,
        } | ({"guided": True} if self.guided else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Read back from the row (a row written before ``timers`` and ``hold`` existed
        has both)."""
        return cls(
            int(data["claim_seconds"]),
            int(data["turn_seconds"]),
            str(data["absent"]),
            bool(data.get("timers", True)),
            bool(data.get("hold", True)),
            bool(data.get("guided", False)),
        )

    def checked(self) -> TableSettings:
        """``self``, or :class:`BadTableInputError` saying which choice is out of bounds."""
        low, high = self.CLAIM_RANGE
        if not low <= self.claim_seconds <= high:
            raise BadTableInputError(f"a claim window lasts from {low} to {high} seconds")
        low, high = self.TURN_RANGE
        if not low <= self.turn_seconds <= high:
            raise BadTableInputError(f"a discard, lead or beat lasts from {low} to {high} seconds")
        if self.absent not in LEVELS:
            raise BadTableInputError(f"the AI for absent players is one of {', '.join(LEVELS)}")
        return self

    def seconds(self, window: bool) -> int:
        """The time of a decision: a claim window's, or a turn's."""
        return self.claim_seconds if window else self.turn_seconds


def settings_of(table: StoredTable) -> TableSettings:
    """The table's settings."""
    return TableSettings.from_json(table.settings)


def clean_name(text: str) -> str:
    """``text`` as a display name: Unicode-normalised (NFC), white space collapsed, at
    most :data:`NAME_LIMIT` characters, in any script; :class:`BadTableInputError` in
    words otherwise. Names are also escaped wherever they are shown; refusing markup's
    brackets keeps them plain text in records and logs read elsewhere too."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()
    if not name:
        raise BadTableInputError("give a name for the others to see at the table")
    if len(name) > NAME_LIMIT:
        raise BadTableInputError(f"a name has at most {NAME_LIMIT} characters")
    if "<" in name or ">" in name:
        raise BadTableInputError("a name cannot contain < or >")
    for index, char in enumerate(name):
        if _invisible(name, index):
            raise BadTableInputError(
                f"a name cannot contain the invisible character U+{ord(char):04X}"
            )
    if not any(unicodedata.category(char).startswith(_VISIBLE) for char in name):
        raise BadTableInputError(
            "a name needs a letter, digit, punctuation mark or symbol: not only combining marks"
        )
    return name


def _invisible(name: str, index: int) -> bool:
    """True when ``name[index]`` shows as nothing, or hides or reorders what is around
    it (an emoji's selector or joiner aside)."""
    char = name[index]
    if char in _PRESENTATION and _symbol(name, index - 1):
        return False
    if char == _JOINER and _symbol(name, index - 1) and _symbol(name, index + 1):
        return False
    return unicodedata.category(char) in _REFUSED_CATEGORIES or ignorable(char) or char in _BLANK


def _symbol(name: str, index: int) -> bool:
    """True when ``name[index]`` is a symbol (So), an emoji's skin tone, or a symbol's
    presentation selector."""
    if not 0 <= index < len(name):
        return False
    char = name[index]
    if char in _PRESENTATION:
        return _symbol(name, index - 1)
    return unicodedata.category(char) == "So" or "\U0001f3fb" <= char <= "\U0001f3ff"


def check_unlike_the_others(name: str, table: StoredTable) -> None:
    """:class:`LookalikeNameError` when ``name`` looks like the name of a person already
    at ``table``: the same confusable skeleton (UTS #39), as "Ноst" (Cyrillic) and
    "Host", or the same name. The others could not tell who is who."""
    mine = skeleton(name)
    for place in table.seats:
        if place.name is not None and skeleton(place.name) == mine:
            raise LookalikeNameError(
                f"{name!r} looks like the name of someone at this table: choose another"
            )


def who_decides(table: StoredTable, seat: int) -> str | None:
    """The AI level that decides for ``seat`` now, or ``None`` when its person does: an
    AI seat's own level; the absent players' AI for a person away too long."""
    place = table.seats[seat]
    if place.kind == AI:
        return place.level
    return settings_of(table).absent if place.played else None


def solo_level(table: StoredTable) -> str | None:
    """The AIs' level when ``table`` is one person's deal against the AIs (the *Start
    game* form's: :meth:`TableSettings.alone`, one person, AIs of one level), else
    ``None``. Its deals are stored under that level (``games.ai``), so that *Your
    deals* and the record at a glance count them as deals against the AIs always were;
    a table of people's are stored as ``table``."""
    settings = settings_of(table)
    if settings != TableSettings.alone(settings.absent, settings.guided):
        return None
    people = [place for place in table.seats if place.kind == PERSON]
    levels = {place.level for place in table.seats if place.kind == AI}
    if len(people) != 1 or len(levels) != 1:
        return None
    (level,) = levels
    return level if level in LEVELS else None


def people_seats(table: StoredTable) -> list[int]:
    """The seats of people (taken or not), in seat order: the only seats anyone watches,
    so the only ones whose log of the deal is kept (an AI's seat is never shown)."""
    return [index for index, place in enumerate(table.seats) if place.kind == PERSON]


def free_seats(table: StoredTable) -> list[int]:
    """The people's seats nobody has taken yet, in seat order."""
    return [
        index
        for index, place in enumerate(table.seats)
        if place.kind == PERSON and place.token_hash is None
    ]


def seat_for_token(table: StoredTable, token_hash: str) -> int | None:
    """The seat whose person holds this token (hash), if any."""
    for index, place in enumerate(table.seats):
        if place.kind == PERSON and place.token_hash == token_hash:
            return index
    return None


def removed_token(table: StoredTable, token_hash: str) -> bool:
    """True when the token is that of a person the host removed."""
    return any(place.removed_hash == token_hash for place in table.seats)


def with_seat(table: StoredTable, seat: int, place: TableSeat) -> StoredTable:
    """``table`` with ``seat`` replaced (the version is the caller's to bump)."""
    seats = list(table.seats)
    seats[seat] = place
    return dataclasses.replace(table, seats=tuple(seats))


def filled_with_ais(table: StoredTable) -> StoredTable:
    """The table with every free person's seat given to the absent players' AI (the
    host starts without waiting for them)."""
    absent = settings_of(table).absent
    seats = tuple(
        TableSeat(AI, level=absent) if place.kind == PERSON and place.token_hash is None else place
        for place in table.seats
    )
    return dataclasses.replace(table, seats=seats)


def presence_matters(table: StoredTable) -> bool:
    """Whether a person of ``table`` being away changes anything: another person's seat
    shows it, or the absent players' AI takes over (a table with a clock). A table of
    one person without one (a deal against the AIs) keeps no presence lease: its
    person's comings and goings write nothing."""
    people = sum(place.kind == PERSON for place in table.seats)
    return people > 1 or settings_of(table).timers


def takeover_at(table: StoredTable, place: TableSeat, away_seconds: float) -> datetime | None:
    """When the absent players' AI starts playing for an away person of ``table``, or
    ``None`` (never at a table without timers: it waits for its people)."""
    if place.kind != PERSON or place.away is None or place.played:
        return None
    if not settings_of(table).timers:
        return None
    return place.away + timedelta(seconds=away_seconds)


def seat_names(table: StoredTable) -> list[str | None]:
    """Each seat's player by name, the same for everyone at the table: a person's
    display name, an AI's own name (:func:`cardavia.web.words.players.ai_name`, by its seat),
    ``None`` for a free seat. An AI never takes a name that looks like a person's at the
    table (the same skeleton, as :func:`check_unlike_the_others` compares people's): it
    takes a spare one instead, so that no sentence can mean two players. Case is ignored
    here, unlike between two people: "lan" and the AI *Lan* would read as one player at
    the start of a sentence."""
    return list(_seat_names(tuple((place.kind, place.name) for place in table.seats)))


@lru_cache(maxsize=1024)
def _seat_names(seats: tuple[tuple[str, str | None], ...]) -> tuple[str | None, ...]:
    # Every frame names every seat, and a name's skeleton walks Unicode's lookalike
    # table for each candidate AI name: a table's names change only when its seats do.
    people = {_key(name) for _kind, name in seats if name is not None}
    names: list[str | None] = []
    for seat, (kind, name) in enumerate(seats):
        if kind == AI:
            names.append(
                ai_name(seat, lambda candidate: _key(candidate) in people or candidate in names)
            )
        else:
            names.append(name)
    return tuple(names)


def _key(name: str) -> str:
    return skeleton(name).casefold()


def player_names(table: StoredTable) -> list[str]:
    """Who plays each seat, as the record's ``meta.players`` says: the names the table
    showed (:func:`seat_names`; the levels are the record's ``meta.levels``). The person
    alone against the AIs, who gives no name, is ``you`` (records.md's own example)."""
    names = seat_names(table)
    return [
        name or ("you" if place.kind == PERSON else "")
        for name, place in zip(names, table.seats, strict=True)
    ]
