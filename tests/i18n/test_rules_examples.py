"""The rules' worked examples are true: the engine replays each of them, in every language.

The cards, answers and points of an example are read from the rules text itself (its
card pictures and table cells), so an example changed in any language is checked again.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from sisepai_decks import build_deck

from cardavia.cards.four_colour import Card, parse_cards
from cardavia.games.chuopai import GAME as CHUO_PAI
from cardavia.games.sisepai import GAME as SI_SE_PAI
from cardavia.games.sisepai import Action, SiSePaiState
from cardavia.games.sisepai.actions import PASS, WIN, take
from cardavia.games.sisepai.claims import answer_order, claim_level, claim_options, resolve
from cardavia.games.sisepai.events import Claimed, Drew
from cardavia.games.sisepai.melds import group_score, pack
from cardavia.i18n.rules import CARD_TOKEN, LANGUAGES, Section, load_rules

YOU, EAST, NORTH, WEST = range(4)
DRAWN = Card.rH
"""The card East draws in both Sì Sè Pái examples."""

# The winning hand of *Scoring*: 20 cards, counting exposed groups.
EXPOSED = ("yC yC yC", "gR gH gC")
WINNING = "rG rA rE rH rS yE yE yE yE yS wG wS gS F2"
# The same with one card that fits nothing (wA for wG): the person of *Claims*, who passes.
NOT_WINNING = WINNING.replace("wG", "wA")
# The other seats: what *Claims* says they hold (East rR rC, West rH rH, North nothing that
# fits), among lone cards that complete nothing.
OTHERS = (
    "rR rC rG rA yG yA yR yH wG wA wR wH gG gA gR gH rS wC gC F1",
    "rE rR yG yA yR yH wE wR wH wC gE gR gH gC yS wS rS gS F3 F4",
    "rH rH rA rE yG yA yR yH wG wA wR wH gG gA gR gH rC wC gC F5",
)


def position(concealed: str) -> SiSePaiState:
    """East has just drawn rH; the person has exposed ``EXPOSED`` and holds ``concealed``."""
    deck = build_deck([" ".join(EXPOSED) + " " + concealed, *OTHERS], str(DRAWN))
    state = SI_SE_PAI.deal(deck, EAST)
    hands = (pack(parse_cards(concealed)), *state.hands[1:])
    exposed = (tuple(tuple(parse_cards(group)) for group in EXPOSED), *state.exposed[1:])
    return state._replace(hands=hands, exposed=exposed)


def cards(text: str) -> tuple[Card, ...]:
    """The cards whose pictures ``text`` shows, in order."""
    return tuple(Card.parse(code) for code in CARD_TOKEN.findall(text))


def table_rows(section: Section, width: int) -> list[list[str]]:
    """The cells of every table row of ``section`` that has ``width`` cells."""
    rows = []
    for line in section.body.splitlines():
        if line.startswith("|") and not set(line) <= set("|-"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == width:
                rows.append(cells)
    return rows


def number(cell: str) -> int:
    return int(cell.strip("*"))


def answered(cell: str) -> Action:
    """The answer a table cell shows: a take of the cards it pictures, else a pass."""
    return take(*cards(cell)) if cards(cell) else PASS


# -- Sì Sè Pái: the claims example ------------------------------------------------------------


def answers_table(lang: str) -> list[list[str]]:
    """Player, holds, answer, priority: the rows whose last cell is a level or a dash."""
    section = load_rules("sisepai", lang).section("claims")
    rows = [row for row in table_rows(section, 4) if re.fullmatch(r"\d|—", row[3])]
    assert len(rows) == 4, f"sisepai/{lang}: the example shows one answer per player"
    return rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_claims_example_shows_what_the_engine_allows_and_ranks(lang: str) -> None:
    state = position(NOT_WINNING)
    rows = answers_table(lang)
    for seat, (_, holds, answer, priority) in zip(answer_order(EAST, True), rows, strict=True):
        action = answered(answer)
        hand = Counter(state.view(seat).hand)
        assert not Counter(cards(holds)) - hand, f"{lang}: seat {seat} holds {holds}"
        assert action in claim_options(state.hands[seat], DRAWN, seat, EAST, True), (lang, seat)
        level = None if priority == "—" else int(priority)
        assert claim_level(seat, action, EAST, True) == level, f"{lang}: {answer}"


def play_the_example(concealed: str, yours: Action) -> tuple[SiSePaiState, list[object]]:
    """The answers of the example's table, the person's being ``yours``, through the engine."""
    state = position(concealed)
    events: list[object] = []
    for seat, row in zip(answer_order(EAST, True), answers_table("en"), strict=True):
        assert state.to_act == seat
        state, new = state.apply(yours if seat == YOU else answered(row[2]))
        events += new
    return state, events


def test_west_gets_the_card_north_loses_its_turn_and_you_draw_next() -> None:
    state, events = play_the_example(NOT_WINNING, PASS)
    assert Claimed(WEST, DRAWN, EAST, (DRAWN,) * 3) in events
    assert state.exposed[WEST] == ((DRAWN,) * 3,)
    assert (state.phase, state.to_act) == ("discard", WEST)  # West lays them down, discards
    state, _ = state.apply(Action.parse("discard yH"))
    drawn: list[Drew] = []
    while not drawn:  # nobody takes West's discard
        state, new = state.apply(PASS)
        drawn = [event for event in new if isinstance(event, Drew)]
    assert drawn[0].seat == YOU  # North, between East and West, never drew


def test_a_win_comes_before_both_takes_and_only_the_drawers_win_before_yours() -> None:
    state, _ = play_the_example(WINNING, WIN)
    assert state.outcome is not None and state.outcome.winner == YOU
    answers = [(EAST, WIN), (NORTH, PASS), (WEST, take(DRAWN, DRAWN, DRAWN)), (YOU, WIN)]
    assert resolve(answers, EAST, True) == (EAST, WIN)


# -- Sì Sè Pái: the complete winning hand -----------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_winning_hand_is_twenty_cards_and_scores_as_the_table_adds_up(lang: str) -> None:
    section = load_rules("sisepai", lang).section("scoring")
    lines = [cards(line) for line in section.body.splitlines()]
    state = position(WINNING)
    exposed = tuple(card for group in state.exposed[YOU] for card in group)
    assert exposed in lines, f"{lang}: the exposed groups, as laid down"
    assert state.view(YOU).hand in lines, f"{lang}: the concealed cards, as the hand shows them"
    assert len(exposed) + len(state.view(YOU).hand) == 20

    won, _ = play_the_example(WINNING, WIN)
    assert won.outcome is not None and won.outcome.winner == YOU
    rows = table_rows(section, 3)
    groups = [(tuple(sorted(cards(row[0]))), number(row[2])) for row in rows if cards(row[0])]
    engine = [(tuple(sorted(group)), group_score(group)) for group in won.outcome.groups]
    assert sorted(groups) == sorted(engine), f"{lang}: the groups and their points"
    total = rows[-1]
    assert "21" in total[0] and number(total[2]) == won.outcome.score == 11


# -- Chuo Pai: the deal -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chuo_pai_setup_says_the_whole_deck_is_dealt_28_each(lang: str) -> None:
    body = load_rules("chuopai", lang).section("setup").body
    assert "84" in body and "28" in body


def test_chuo_pai_deals_every_card_28_to_each_seat_and_the_first_leader_at_random() -> None:
    leaders = set()
    for seed in range(30):
        deck, first = CHUO_PAI.shuffle(random.Random(seed))
        state = CHUO_PAI.deal(deck, first)
        # A seat's pile at the deal holds its starting bonus, taken out of its hand.
        dealt = [state.concealed_hand(seat) + state.pile(seat) for seat in range(3)]
        assert [len(cards) for cards in dealt] == [28, 28, 28]
        assert Counter(card for cards in dealt for card in cards) == Counter(deck)  # no stock
        assert state.leader == first == state.to_act
        leaders.add(first)
    assert leaders == {0, 1, 2}
