"""The shipped practice positions of each game (``positions/<game>.json``) and the
position of the day."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardavia.web.learn.model import Exercise, Goal, Lesson
from cardavia.web.learn.positions import Position

POSITIONS = Path(__file__).parent / "positions"
GAMES = ("sisepai", "chuopai")
GRADES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Practice:
    """One stored position: where it is, what it asks, the coach's answer and chances."""

    game: str
    number: int
    seed: int
    step: int
    kind: str
    best: str
    grade: str
    chances: tuple[tuple[str, float], ...]
    worlds: int

    @property
    def position(self) -> Position:
        """The engine position (replayed as the lessons' are)."""
        return Position(self.game, self.seed, self.step)

    @property
    def key(self) -> str:
        """How a browser's answer names the position (``game/seed/step``: the same
        position when the shipped file is rebuilt in another order)."""
        return f"{self.game}/{self.seed}/{self.step}"

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
            line["step"],
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
    """How many of ``game``'s positions a browser answered, and how many of them right
    (``answers`` as the store keeps them: first answers by position key)."""
    mine = [right for key, right in answers.items() if key.startswith(f"{game}/")]
    return len(mine), sum(mine)
