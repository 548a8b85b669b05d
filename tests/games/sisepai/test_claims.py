"""Claim windows: who answers, what each may claim, and priority (sisepai.md §6).

Each test names the clause it checks; the derived functions (options, the lone answer,
levels, refusals) are checked against hands built for the clause, and the tables the
claim rules are built from against an independent enumeration of §3's groups.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from cardavia.cards.four_colour import CARDS, Card, parse_cards
from cardavia.games.sisepai.actions import PASS, WIN, Action, take
from cardavia.games.sisepai.claims import (
    LEGAL_GROUPS,
    MAY_PASS,
    TAKE_LEVELS,
    TAKES,
    Level,
    Public,
    Role,
    answer_order,
    claim_level,
    claim_options,
    lone_claim,
    public_class,
    resolve,
    role_of,
    take_templates,
    why_not_claim,
)
from cardavia.games.sisepai.melds import GroupKind, group_kind, pack

# A 20-card hand that completes with yC (as a pair yC yC) and with nothing else useful.
ALMOST = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS F1 F2 yC"
# A 20-card hand that cannot win on yC: lots of lone cards.
FAR = "rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC yC yC wC"
# A complete 20-card hand: any General or flower completes it.
COMPLETE = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS yC yC yC"


def options(hand: str, card: Card, seat: int, owner: int, drawn: bool) -> list[str]:
    found = claim_options(pack(parse_cards(hand)), card, seat, owner, drawn)
    lone = lone_claim(pack(parse_cards(hand)), card, seat, owner, drawn)
    # The fast path must agree with the full enumeration.
    assert lone == (found[0] if len(found) == 1 else None)
    return [str(action) for action in found]


def test_sisepai_answer_order_of_a_drawn_card_starts_with_the_drawer() -> None:
    assert answer_order(2, drawn=True) == (2, 3, 0, 1)


def test_sisepai_D7_answer_order_of_a_discard_leaves_out_the_discarder() -> None:
    assert answer_order(3, drawn=False) == (0, 1, 2)


def test_sisepai_D4_the_next_player_is_seat_plus_one() -> None:
    assert role_of(0, 3, drawn=False) is Role.NEXT
    assert role_of(0, 3, drawn=True) is Role.NEXT
    assert role_of(1, 3, drawn=False) is Role.OTHER


def test_sisepai_the_drawer_is_a_role_of_a_drawn_cards_first_window_only() -> None:
    assert role_of(2, 2, drawn=True) is Role.DRAWER
    # The second window on an untaken draw is the drawer's discard: no drawer there.
    assert all(role_of(seat, 2, drawn=False) is not Role.DRAWER for seat in range(4))


@pytest.mark.parametrize(
    ("role", "seat", "owner", "drawn", "expected"),
    [
        # The drawer: any group but a pair (2 in hand -> triple; the field group).
        ("drawer", 0, 0, True, ["pass", "take yC yC yC", "take yR yH yC"]),
        # The next player: identical triple or quad, or a mixed group.
        ("next after drawer", 1, 0, True, ["pass", "take yC yC yC", "take yR yH yC"]),
        ("next after discarder", 1, 0, False, ["pass", "take yC yC yC", "take yR yH yC"]),
        # Anyone else: identical triple or quad only.
        ("other", 2, 0, True, ["pass", "take yC yC yC"]),
        ("other", 3, 0, False, ["pass", "take yC yC yC"]),
    ],
)
def test_sisepai_what_each_role_may_claim(
    role: str, seat: int, owner: int, drawn: bool, expected: list[str]
) -> None:
    assert options(FAR, Card.yC, seat, owner, drawn) == expected, role


def test_sisepai_nobody_makes_a_non_winning_claim_that_forms_a_pair() -> None:
    hand = "rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC wC wC gC"
    for seat, owner, drawn in ((0, 0, True), (1, 0, True), (2, 0, False)):
        assert "take wC wC" not in options(hand, Card.wC, seat, owner, drawn)
    assert all(t.kind is not GroupKind.IDENTICAL or len(t.partners) >= 2 for t in ALL_TEMPLATES)


def test_sisepai_soldier_groups_of_three_and_four_are_offered_to_drawer_and_next_only() -> None:
    hand = "rS yS wS rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC"
    assert options(hand, Card.gS, 0, 0, True) == [
        "pass",
        "take rS wS gS",
        "take rS yS gS",
        "take rS yS wS gS",
        "take yS wS gS",
    ]
    assert options(hand, Card.gS, 1, 0, False) == options(hand, Card.gS, 0, 0, True)
    assert options(hand, Card.gS, 2, 0, True) == ["pass"]


def test_sisepai_D9_a_claim_that_completes_the_hand_is_only_a_win() -> None:
    # Holding yC yC, yC would also make a triple: but it completes the hand, so only win.
    hand = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS F1 yC yC"
    assert options(hand, Card.yC, 2, 0, False) == ["pass", "win"]
    # A pair is fine for a win, by any eligible player.
    assert options(ALMOST, Card.yC, 3, 0, True) == ["pass", "win"]


def test_sisepai_D10_the_drawer_must_take_a_drawn_general_or_flower() -> None:
    assert options(FAR, Card.F3, 0, 0, True) == ["take F3"]
    assert options(FAR, Card.gG, 0, 0, True) == ["take gG", "take gG gA gE"]
    # Without rE the red General can only be taken as a single.
    assert options(FAR.replace("rE", "yC"), Card.rG, 0, 0, True) == ["take rG"]


def test_sisepai_D10_others_may_only_win_or_pass_on_a_drawn_general_or_flower() -> None:
    assert options(FAR, Card.gG, 1, 0, True) == ["pass"]
    assert options(FAR, Card.F3, 2, 0, True) == ["pass"]
    # A complete 20-card hand wins on any General or flower: the others may win on one.
    assert options(COMPLETE, Card.gG, 2, 0, True) == ["pass", "win"]
    assert options(COMPLETE, Card.F3, 3, 0, True) == ["pass", "win"]


def test_sisepai_D10_a_drawn_card_that_completes_the_hand_must_be_won() -> None:
    assert options(COMPLETE, Card.F4, 0, 0, True) == ["win"]
    assert options(COMPLETE, Card.F4, 1, 0, True) == ["pass", "win"]
    # Also when the drawer could have made a command group with the drawn General.
    with_command = "rA rE rA rE rA rE yG yA yE wG wA wE gG gA gE rR rH rC F1 F2"
    assert options(with_command, Card.rG, 0, 0, True) == ["win"]


def test_sisepai_legal_claims_are_in_code_point_order() -> None:
    hand = "F1 F2 rG rA rE yG yA yE wG wA wE gG gA gE rR rH rC yR yH yC"
    assert options(hand, Card.F5, 0, 0, True) == ["win"]  # already complete: F5 wins
    assert options(FAR, Card.F5, 0, 0, True) == ["take F5"]
    assert options(FAR, Card.wG, 0, 0, True) == ["take wG", "take wG wA wE"]


A = Action.parse


@pytest.mark.parametrize(
    ("answers", "owner", "drawn", "granted"),
    [
        # 1. the drawer's win beats another player's win.
        ([(0, WIN), (1, WIN), (2, PASS), (3, PASS)], 0, True, (0, WIN)),
        # 2. another player's win beats everything else; ties go in turn order from the
        #    player after the drawer or discarder.
        ([(0, A("take yC yC yC")), (1, PASS), (2, WIN), (3, WIN)], 0, True, (2, WIN)),
        ([(3, WIN), (0, PASS), (1, WIN)], 2, False, (3, WIN)),
        ([(0, WIN), (1, WIN), (2, PASS)], 3, False, (0, WIN)),
        ([(2, PASS), (3, WIN), (0, PASS), (1, WIN)], 2, True, (3, WIN)),
        # 3. an identical triple or quad beats the drawer's other group and the next
        #    player's mixed group, whoever claims it.
        (
            [(0, A("take yR yH yC")), (1, A("take yR yH yC")), (2, A("take yC yC yC")), (3, PASS)],
            0,
            True,
            (2, A("take yC yC yC")),
        ),
        # 3. the drawer's own identical triple is level 3, above the next player's mixed.
        (
            [(0, A("take yC yC yC")), (1, A("take yR yH yC")), (2, PASS), (3, PASS)],
            0,
            True,
            (0, A("take yC yC yC")),
        ),
        # 4. the drawer's own other group beats the next player's mixed group.
        (
            [(0, A("take rS yS wS")), (1, A("take yS wS gS")), (2, PASS), (3, PASS)],
            0,
            True,
            (0, A("take rS yS wS")),
        ),
        # 5. the next player's mixed group when nothing else is claimed.
        ([(1, A("take yR yH yC")), (2, PASS), (3, PASS)], 0, False, (1, A("take yR yH yC"))),
        # Everyone passed.
        ([(1, PASS), (2, PASS), (3, PASS)], 0, False, None),
    ],
)
def test_sisepai_priority(
    answers: list[tuple[int, Action]], owner: int, drawn: bool, granted: tuple[int, Action] | None
) -> None:
    assert resolve(answers, owner, drawn) == granted


def test_sisepai_D8_the_order_of_answering_never_gives_priority() -> None:
    answers = [(0, A("take yR yH yC")), (1, A("take yC yC yC")), (2, PASS)]
    assert resolve(answers, 3, False) == resolve(list(reversed(answers)), 3, False)


@pytest.mark.parametrize(
    ("seat", "action", "owner", "drawn", "level"),
    [
        (0, WIN, 0, True, Level.DRAWER_WIN),
        (1, WIN, 0, True, Level.OTHER_WIN),
        (0, WIN, 3, False, Level.OTHER_WIN),
        (0, A("take yC yC yC yC"), 0, True, Level.IDENTICAL),
        (2, A("take yC yC yC"), 0, True, Level.IDENTICAL),
        (0, A("take rG"), 0, True, Level.DRAWER_GROUP),
        (0, A("take rG rA rE"), 0, True, Level.DRAWER_GROUP),
        (1, A("take rG rA rE"), 0, True, Level.NEXT_MIXED),
        (1, A("take rS yS wS gS"), 0, False, Level.NEXT_MIXED),
        (1, PASS, 0, True, None),
    ],
)
def test_sisepai_claim_levels(
    seat: int, action: Action, owner: int, drawn: bool, level: Level | None
) -> None:
    assert claim_level(seat, action, owner, drawn) == level


def test_sisepai_a_take_is_classified_by_the_kind_of_group_it_makes() -> None:
    # Four Soldiers of four colours are a mixed group; four yellow Cannons identical.
    assert claim_level(2, A("take yC yC yC yC"), 0, False) == Level.IDENTICAL
    assert claim_level(1, A("take gS rS yS wS"), 0, False) == Level.NEXT_MIXED


def test_sisepai_take_prints_cards_in_canonical_order() -> None:
    assert str(take(Card.gS, Card.rS, Card.yS)) == "take rS yS gS"


# --- the tables the claim rules are built from ---------------------------------------

ALL_TEMPLATES = [t for role in Role for card in range(33) for t in take_templates(role, card)]


def test_sisepai_the_legal_groups_are_every_group_of_section_3() -> None:
    # An independent enumeration: every multiset of one to four cards of the deck.
    found = {
        tuple(sorted(cards))
        for size in range(1, 5)
        for cards in combinations_with_replacement(CARDS, size)
        if max(Counter(cards).values()) <= (1 if cards[0].is_flower else 4)
        and group_kind(cards) is not None
    }
    assert set(LEGAL_GROUPS) == found
    # 4 Generals and 5 flowers, 24 kinds × pair/triple/quad, 4 command, 4 field, 5 soldier.
    assert len(found) == 9 + 72 + 4 + 4 + 5


def test_sisepai_every_take_a_role_may_make_has_a_priority_level() -> None:
    for (role, _), kinds in TAKES.items():
        for kind in kinds:
            assert (role, kind) in TAKE_LEVELS
    assert {t.level for t in ALL_TEMPLATES} <= set(Level)


def test_sisepai_D10_pass_is_refused_only_to_the_drawer_of_a_general_or_flower() -> None:
    refused = {key for key, allowed in MAY_PASS.items() if not allowed}
    assert refused == {(Role.DRAWER, Public.GENERAL), (Role.DRAWER, Public.FLOWER)}


@pytest.mark.parametrize("role", list(Role))
def test_sisepai_templates_hold_the_public_card_and_a_group_the_role_may_make(role: Role) -> None:
    for card in range(33):
        for template in take_templates(role, card):
            group = (*template.partners, CARDS[card])
            assert template.kind == group_kind(group)
            assert template.kind in TAKES[role, public_class(card)]


# --- refusals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "card", "seat", "owner", "drawn", "text", "reason"),
    [
        (FAR, Card.gG, 1, 0, True, "take gG gA gE", "only the drawer may take a drawn General"),
        (FAR, Card.yR, 2, 0, False, "take yR yH yC", "only the next player may claim a field"),
        (FAR, Card.yR, 3, 0, True, "take yR yH yC", "only the drawer or the next player may"),
        (FAR, Card.yC, 0, 0, True, "take yC yC", "a pair can only be claimed to win"),
        (ALMOST, Card.yC, 1, 0, False, "take yC yC", "completes your hand: claim it with win"),
        (FAR, Card.F3, 0, 0, True, "pass", "you drew a flower: you must take it"),
        (FAR, Card.yC, 1, 0, False, "win", "taking yC does not complete your hand"),
    ],
)
def test_sisepai_refusals_name_the_rule(
    hand: str, card: Card, seat: int, owner: int, drawn: bool, text: str, reason: str
) -> None:
    packed = pack(parse_cards(hand))
    action = A(text)
    assert action not in claim_options(packed, card, seat, owner, drawn)
    assert reason in why_not_claim(packed, card, seat, owner, drawn, action)
