"""The shipped practice positions of each game (``positions/<game>.json``) and the
position of the day.

Each line of a file is one position: its deal's ``seed`` and the ``moves`` played before
it (:class:`~cardavia.web.learn.positions.Reached`), the question it asks, the coach's
answer, its grade and every legal action's chance, as ``cardavia practice build`` wrote
them (:mod:`.build`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardavia.web.learn.model import Exercise, Goal, Lesson
from cardavia.web.learn.positions import Reached

POSITIONS = Path(__file__).parent / "positions"
GAMES = ("sisepai", "chuopai")
GRADES = ("easy", "medium", "hard")


KEY_DIGITS = 12
"""Hex digits of the moves' digest in a position's key: 48 bits, so two positions of
one deal number share a key by a chance of one in 2**48."""


@dataclass(frozen=True, slots=True)
class Practice:
    """One stored position: where it is, what it asks, the coach's answer and chances."""

    game: str
    number: int
    seed: int
    moves: tuple[str, ...]
    source: str
    kind: str
    best: str
    grade: str
    chances: tuple[tuple[str, float], ...]
    worlds: int

    @property
    def position(self) -> Reached:
        """The engine position: the deal dealt from its seed, the moves played."""
        return Reached(self.game, self.seed, self.moves)

    @property
    def key(self) -> str:
        """How a browser's answer names the position: ``game/seed/digest``, the digest a
        hash of its moves, so the key stays when the shipped file is rebuilt in another
        order. It never equals a key of the positions shipped before (``game/seed/step``,
        the step a number of at most four digits): a browser's answers to those keep
        their rows but count for no position (:func:`tally`)."""
        text = "\n".join(self.moves).encode()
        digest = hashlib.blake2b(text, digest_size=KEY_DIGITS // 2).hexdigest()
        return f"{self.game}/{self.seed}/{digest}"

    def lesson(self) -> Lesson:
        """The position as a lesson's exercise, so the lessons' presenter draws it."""
        exercise = Exercise(self.position, QUESTIONS[self.kind], Goal.ACCEPTED)
        return Lesson(f"practice-{self.number}", QUESTIONS[self.kind], (), exercise)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs; it is translated where it is shown."""
    return message


QUESTIONS = {
    "claim": N_("Claim or pass?"),
    "group": N_("Which group do you make?"),
    "discard": N_("Which card goes?"),
    "lead": N_("Lead what?"),
    "beat": N_("Beat with what?"),
}
GRADE_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


@cache
def positions(game: str) -> tuple[Practice, ...]:
    """The shipped positions of ``game``, numbered from 1 in the file's order."""
    path = POSITIONS / f"{game}.json"
    if not path.exists():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        Practice(
            game,
            number,
            line["seed"],
            tuple(line["moves"]),
            line["source"],
            line["kind"],
            line["best"],
            line["grade"],
            tuple(sorted(line["chances"].items(), key=lambda pair: -pair[1])),
            line["worlds"],
        )
        for number, line in enumerate(data, 1)
    )


def get(game: str, number: int) -> Practice | None:
    """Position ``number`` of ``game``, if there is one."""
    found = positions(game)
    return found[number - 1] if 1 <= number <= len(found) else None


def of_the_day(game: str, day: dt.date) -> Practice | None:
    """The position of the day: the same for everyone on ``day`` (a hash of the date,
    not Python's ``hash``, which changes between processes)."""
    found = positions(game)
    if not found:
        return None
    digest = hashlib.blake2b(f"{game}:{day.isoformat()}".encode(), digest_size=8).digest()
    return found[int.from_bytes(digest, "big") % len(found)]


def tally(game: str, answers: dict[str, bool]) -> tuple[int, int]:
    """How many of ``game``'s shipped positions a browser answered, and how many of them
    right (``answers`` as the store keeps them: first answers by position key). An answer
    to a position no longer shipped (the file was rebuilt) counts for nothing."""
    shipped = {practice.key for practice in positions(game)}
    mine = [right for key, right in answers.items() if key in shipped]
    return len(mine), sum(mine)
