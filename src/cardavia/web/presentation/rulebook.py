"""The full rules as HTML: one Markdown file per game and language, with card pictures.

:func:`cardavia.i18n.rules.load_rules` parses a rules file into sections; this module
renders each section's Markdown (CommonMark plus tables; raw HTML in the text is shown
as text, never trusted) and turns every ``[[code]]`` token into a picture of that card,
drawn by the site's card macro (so a rules card is the same drawing as a table card,
named in the page's language).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

from cardavia.i18n.rules import CARD_TOKEN, Rules

CardHtml = Callable[[str], str]
"""Draws the card with this code as HTML (the page's card macro)."""


@dataclass(frozen=True, slots=True)
class RulesSection:
    """One section, ready to show: its id (for links), heading and HTML body."""

    id: str
    heading: str
    html: Markup


@dataclass(frozen=True, slots=True)
class RuleBook:
    """The full rules of a game in one language, rendered."""

    game: str
    lang: str
    title: str
    summary: str
    level: int
    """The heading level of the sections (``2``: ``<h2>``); sub-headings sit one below."""
    sections: tuple[RulesSection, ...]


def _card_rule(state: StateInline, silent: bool) -> bool:
    """Inline rule: ``[[code]]`` is a card (tried before links, which also open with ``[``)."""
    if not state.src.startswith("[[", state.pos):
        return False
    match = CARD_TOKEN.match(state.src, state.pos)
    if match is None:
        return False
    if not silent:
        token = state.push("card", "", 0)
        token.content = match[1]
    state.pos = match.end()
    return True


def _render_card(
    renderer: RendererHTML, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType
) -> str:
    draw: CardHtml = env["card"]
    return draw(tokens[index].content)


def _render_table_open(
    renderer: RendererHTML, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType
) -> str:
    # A wide table scrolls inside its own box: a phone never scrolls the whole page.
    return '<div class="table-wrap"><table class="rules-table">\n'


def _render_table_close(
    renderer: RendererHTML, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType
) -> str:
    return "</table></div>\n"


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.inline.ruler.before("link", "card", _card_rule)
    md.add_render_rule("card", _render_card)
    md.add_render_rule("table_open", _render_table_open)
    md.add_render_rule("table_close", _render_table_close)
    return md


_MD = _markdown()


def render_markdown(body: str, card: CardHtml, level: int) -> Markup:
    """One section's Markdown as HTML; its ``###`` headings become ``<h{level + 1}>``."""
    env: dict[str, Any] = {"card": card}
    tokens = _MD.parse(body, env)
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            depth = int(token.tag[1:]) - 2 + level  # "##" is the section's own level
            token.tag = f"h{min(depth, 6)}"
    # The text was escaped by the renderer and the cards come from the card macro.
    return Markup(_MD.renderer.render(tokens, _MD.options, env))


def render_book(rules: Rules, card: CardHtml, level: int = 2) -> RuleBook:
    """``rules`` rendered, with each section heading at ``level``."""
    return RuleBook(
        game=rules.game,
        lang=rules.lang,
        title=rules.title,
        summary=rules.summary,
        level=level,
        sections=tuple(
            RulesSection(section.id, section.heading, render_markdown(section.body, card, level))
            for section in rules.sections
        ),
    )
