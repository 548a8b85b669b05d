"""The full rules of each game, one Markdown file per game and language.

Each file lives at ``rules/<game>/<lang>.md`` and has this shape::

    # Sì Sè Pái
    > 4 players · you against three AIs · one deal

    ## Objective {#objective}
    Markdown text, with card pictures written as tokens: [[rG]], [[F3]], [[66]] …

Every language of a game has the same sections, in the same order, under the same ids.
An HTML comment such as ``<!-- D9 -->`` marks the place that states a decision of the
normative spec (``[D9]``); the loader removes every comment from the body and keeps the
marks in :attr:`Section.decisions`, so readers never see them.

This module only parses. Rendering the Markdown and turning ``[[code]]`` tokens into
card pictures is the web layer's job (:data:`CARD_TOKEN` finds the tokens).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from cardavia.core.errors import CardaviaError
from cardavia.games.registry import GAME_NAMES
from cardavia.i18n.languages import SITE

__all__ = [
    "CARD_TOKEN",
    "LANGUAGES",
    "Rules",
    "RulesFormatError",
    "Section",
    "UnknownRulesError",
    "load_rules",
    "parse_rules",
]

LANGUAGES: tuple[str, ...] = tuple(SITE)
"""The languages every game's rules are written in (every site language, by its code:
``zh-Hant.md``); English is the source."""

CARD_TOKEN = re.compile(r"\[\[([^\[\]\s]+)\]\]")
"""A card picture in a rules body: ``[[rG]]``; group 1 is the card's code."""

_SECTION_HEADING = re.compile(r"^## +(?P<heading>.+?) +\{#(?P<id>[a-z][a-z0-9-]*)\}\s*$")
_COMMENT = re.compile(r"[ \t]*<!--(.*?)-->", re.DOTALL)
_DECISION = re.compile(r"\bD\d+\b")
_FENCE = re.compile(r"^(```|~~~)")


class UnknownRulesError(CardaviaError):
    """A game or language that has no rules text."""


class RulesFormatError(CardaviaError):
    """A rules file that does not follow the expected layout."""


@dataclass(frozen=True, slots=True)
class Section:
    """One section of the rules: its stable id, its heading and its Markdown body."""

    id: str
    heading: str
    body: str
    decisions: tuple[str, ...] = ()
    """The spec decisions (``"D9"``) this section states, in order of first mention."""

    @property
    def card_codes(self) -> tuple[str, ...]:
        """The code of every card token in the body, in order (repeats included)."""
        return tuple(CARD_TOKEN.findall(self.body))


@dataclass(frozen=True, slots=True)
class Rules:
    """The full rules of one game in one language."""

    game: str
    lang: str
    title: str
    summary: str
    sections: tuple[Section, ...]

    @property
    def section_ids(self) -> tuple[str, ...]:
        """The ids of the sections, in order."""
        return tuple(section.id for section in self.sections)

    @property
    def decisions(self) -> frozenset[str]:
        """Every spec decision marked anywhere in the rules."""
        return frozenset(mark for section in self.sections for mark in section.decisions)

    def section(self, section_id: str) -> Section:
        """The section with this id; ``KeyError`` if there is none."""
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)


def load_rules(game: str, lang: str) -> Rules:
    """The rules of ``game`` (``sisepai``, ``chuopai``) in ``lang`` (one of :data:`LANGUAGES`).

    Raises :class:`UnknownRulesError` for a game or language without rules, and
    :class:`RulesFormatError` if the file is malformed. Results are cached.
    """
    if game not in GAME_NAMES:
        raise UnknownRulesError(
            f"no rules for game {game!r}: there are rules for {', '.join(GAME_NAMES)}"
        )
    if lang not in LANGUAGES:
        raise UnknownRulesError(
            f"no rules in language {lang!r}: the rules are written in {', '.join(LANGUAGES)}"
        )
    return _load(game, lang)


@cache
def _load(game: str, lang: str) -> Rules:
    path = resources.files(__package__).joinpath(game, f"{lang}.md")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnknownRulesError(f"the rules of {game} are missing in {lang!r}") from None
    return parse_rules(text, game=game, lang=lang)


def parse_rules(text: str, *, game: str, lang: str) -> Rules:
    """Parse the text of one rules file (see the module docstring for its layout)."""
    where = f"{game}/{lang}.md"
    lines = text.splitlines()
    position = _skip_blank(lines, 0)
    if position >= len(lines) or not lines[position].startswith("# "):
        raise RulesFormatError(f"{where}: the file must start with a '# Title' line")
    title = lines[position][2:].strip()
    position = _skip_blank(lines, position + 1)
    if position >= len(lines) or not lines[position].startswith(">"):
        raise RulesFormatError(f"{where}: the title must be followed by a '> summary' line")
    summary = lines[position].lstrip(">").strip()
    position = _skip_blank(lines, position + 1)

    sections: list[Section] = []
    heading: re.Match[str] | None = None
    body: list[str] = []
    in_fence = False
    for number, line in enumerate(lines[position:], start=position + 1):
        if _FENCE.match(line):
            in_fence = not in_fence
        match = None if in_fence else _SECTION_HEADING.match(line)
        if match is None and not in_fence and line.startswith("## "):
            raise RulesFormatError(
                f"{where}:{number}: a section heading needs an id: '## Heading {{#id}}'"
            )
        if match is not None:
            if heading is not None:
                sections.append(_section(heading, body))
            heading, body = match, []
        elif heading is None:
            if line.strip():
                raise RulesFormatError(f"{where}:{number}: text before the first section")
        else:
            body.append(line)
    if heading is not None:
        sections.append(_section(heading, body))

    if not sections:
        raise RulesFormatError(f"{where}: no sections")
    ids = [section.id for section in sections]
    duplicates = sorted({section_id for section_id in ids if ids.count(section_id) > 1})
    if duplicates:
        raise RulesFormatError(f"{where}: repeated section ids {', '.join(duplicates)}")
    return Rules(game=game, lang=lang, title=title, summary=summary, sections=tuple(sections))


def _skip_blank(lines: list[str], position: int) -> int:
    while position < len(lines) and not lines[position].strip():
        position += 1
    return position


def _section(heading: re.Match[str], lines: list[str]) -> Section:
    raw = "\n".join(lines)
    decisions: list[str] = []
    for comment in _COMMENT.findall(raw):
        for mark in _DECISION.findall(comment):
            if mark not in decisions:
                decisions.append(mark)
    body = "\n".join(line.rstrip() for line in _COMMENT.sub("", raw).splitlines()).strip("\n")
    return Section(
        id=heading["id"],
        heading=heading["heading"].strip(),
        body=body,
        decisions=tuple(decisions),
    )
