"""What a lesson is: steps of text and cards, and one exercise at a real table position.

Texts are English msgids (marked with ``N_`` so that Babel extracts them), translated
when a page shows them. A step names the spec clauses it teaches (``§6.2``, ``D9``): the
index ``docs/lessons.md`` is built from them, and a test checks that every clause of
both specs is taught by some step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from cardavia.web.learn.positions import Position, Reached


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs; it is translated where it is shown."""
    return message


class Goal(StrEnum):
    """Which engine fact makes an answer right (the engine judges; the lesson only says
    what to look at)."""

    ACCEPTED = "accepted"
    """The engine accepts the action: it is among the legal actions."""
    TOOK = "took"
    """Sì Sè Pái: once every answer is in, the engine gives the person the public card."""
    WON = "won"
    """Sì Sè Pái: the engine ends the deal with the person's win."""
    ROUND = "round"
    """Chuo Pai: the engine gives the person the round."""


class Offer(StrEnum):
    """Which choices the exercise shows: what the table offers, or more, for the engine to
    refuse (a card that cannot be discarded, a pass when a beat is due)."""

    LEGAL = "legal"
    """The engine's legal actions, as at the table."""
    HAND = "hand"
    """Every card of the hand (Sì Sè Pái: a discard; Chuo Pai: a single), and a pass
    where the table would ask for one."""
    WITH_PASS = "with_pass"
    """The legal actions and a pass, even when the engine refuses it."""


@dataclass(frozen=True, slots=True)
class Step:
    """One idea of a lesson: a text, the cards drawn beside it, the clauses it teaches."""

    text: str
    cards: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Exercise:
    """A question at a real position: the person answers by clicking as at the table."""

    position: Position | Reached
    question: str
    goal: Goal
    offer: Offer = Offer.LEGAL
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """One idea of a game's path."""

    slug: str
    title: str
    steps: tuple[Step, ...]
    exercise: Exercise
    idea: str = ""
    """The name of the check (:mod:`.ideas`) that the stored position still shows the idea."""
    extra: tuple[str, ...] = field(default=())
