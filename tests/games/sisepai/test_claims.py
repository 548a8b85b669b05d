"""Claim windows: who answers, what each may claim, and priority (sisepai.md §6)."""

from __future__ import annotations

import pytest

from cardavia.cards.four_colour import Card, parse_cards
from cardavia.games.sisepai.actions import PASS, WIN, Action, take
from cardavia.games.sisepai.claims import (
    DRAWER_GROUP,
    DRAWER_WIN,
    IDENTICAL,
    NEXT_MIXED,
    OTHER_WIN,
    answer_order,
    claim_level,
    claim_options,
    lone_claim,
    resolve,
)
from cardavia.games.sisepai.melds import pack

# A 20-card hand that completes with yC (as a pair yC yC) and with nothing else useful.
ALMOST = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS F1 F2 yC"
# A 20-card hand that cannot win on yC: lots of lone cards.
FAR = "rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC yC yC wC"


def options(hand: str, card: Card, seat: int, owner: int, drawn: bool) -> list[str]:
    found = claim_options(pack(parse_cards(hand)), card, seat, owner, drawn)
    lone = lone_claim(pack(parse_cards(hand)), card, seat, owner, drawn)
    # The fast path must agree with the full enumeration.
    assert lone == (found[0] if len(found) == 1 else None)
    return [str(action) for action in found]


def test_answer_order_drawn_card_starts_with_the_drawer() -> None:
    assert answer_order(2, drawn=True) == (2, 3, 0, 1)


def test_D7_answer_order_of_a_discard_leaves_out_the_discarder() -> None:
    assert answer_order(3, drawn=False) == (0, 1, 2)


def test_D4_next_player_is_seat_plus_one() -> None:
    assert answer_order(3, drawn=True)[1] == 0


@pytest.mark.parametrize(
    ("role", "seat", "owner", "drawn", "expected"),
    [
        # The drawer: any group but a pair (here triple, quad? no: 2 in hand -> triple).
        ("drawer", 0, 0, True, ["pass", "take yC yC yC", "take yR yH yC"]),
        # The next player: identical triple or quad, or a mixed group.
        ("next after drawer", 1, 0, True, ["pass", "take yC yC yC", "take yR yH yC"]),
        ("next after discarder", 1, 0, False, ["pass", "take yC yC yC", "take yR yH yC"]),
        # Anyone else: identical triple or quad only.
        ("other", 2, 0, True, ["pass", "take yC yC yC"]),
        ("other", 3, 0, False, ["pass", "take yC yC yC"]),
    ],
)
def test_what_each_role_may_claim(
    role: str, seat: int, owner: int, drawn: bool, expected: list[str]
) -> None:
    assert options(FAR, Card.yC, seat, owner, drawn) == expected, role


def test_nobody_makes_a_non_winning_claim_that_forms_a_pair() -> None:
    hand = "rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC wC wC gC"
    for seat, owner, drawn in ((0, 0, True), (1, 0, True), (2, 0, False)):
        assert "take wC wC" not in options(hand, Card.wC, seat, owner, drawn)


def test_soldier_groups_of_three_and_four_are_offered_to_drawer_and_next_only() -> None:
    hand = "rS yS wS rA rE rR yA yE yR wA wE wR gA gE gR rH yH wH gH rC"
    assert options(hand, Card.gS, 0, 0, True) == [
        "pass",
        "take rS wS gS",
        "take rS yS gS",
        "take rS yS wS gS",
        "take yS wS gS",
    ]
    assert options(hand, Card.gS, 2, 0, True) == ["pass"]


def test_D9_a_claim_that_completes_the_hand_is_only_a_win() -> None:
    # Holding yC yC, yC would also make a triple: but it completes the hand, so only win.
    hand = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS F1 yC yC"
    assert options(hand, Card.yC, 2, 0, False) == ["pass", "win"]
    # A pair is fine for a win, by any eligible player.
    assert options(ALMOST, Card.yC, 3, 0, True) == ["pass", "win"]


def test_D10_the_drawer_must_take_a_drawn_general_or_flower() -> None:
    assert options(FAR, Card.F3, 0, 0, True) == ["take F3"]
    assert options(FAR, Card.gG, 0, 0, True) == ["take gG", "take gG gA gE"]
    # Without rE the red General can only be taken as a single.
    assert options(FAR.replace("rE", "yC"), Card.rG, 0, 0, True) == ["take rG"]


def test_D10_others_may_only_win_or_pass_on_a_drawn_general_or_flower() -> None:
    assert options(FAR, Card.gG, 1, 0, True) == ["pass"]
    assert options(FAR, Card.F3, 2, 0, True) == ["pass"]
    complete_with_flower = ALMOST.replace(" yC", "") + " yC"  # same 20 cards
    assert options(complete_with_flower.replace("yC", "F3"), Card.yC, 1, 0, True)


def test_D10_a_drawn_card_that_completes_the_hand_must_be_won() -> None:
    hand = "rG rG yG wG gG rA rA rA rE rE rE rR rH rC yS yS yS yC yC yC"
    assert options(hand, Card.F4, 0, 0, True) == ["win"]
    assert options(hand, Card.F4, 1, 0, True) == ["pass", "win"]


def test_legal_claims_are_in_code_point_order() -> None:
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
def test_priority(
    answers: list[tuple[int, Action]], owner: int, drawn: bool, granted: tuple[int, Action] | None
) -> None:
    assert resolve(answers, owner, drawn) == granted


def test_D8_the_order_of_answering_never_gives_priority() -> None:
    answers = [(0, A("take yR yH yC")), (1, A("take yC yC yC")), (2, PASS)]
    assert resolve(answers, 3, False) == resolve(list(reversed(answers)), 3, False)


@pytest.mark.parametrize(
    ("seat", "action", "owner", "drawn", "level"),
    [
        (0, WIN, 0, True, DRAWER_WIN),
        (1, WIN, 0, True, OTHER_WIN),
        (0, WIN, 3, False, OTHER_WIN),
        (0, A("take yC yC yC yC"), 0, True, IDENTICAL),
        (2, A("take yC yC yC"), 0, True, IDENTICAL),
        (0, A("take rG"), 0, True, DRAWER_GROUP),
        (0, A("take rG rA rE"), 0, True, DRAWER_GROUP),
        (1, A("take rG rA rE"), 0, True, NEXT_MIXED),
        (1, PASS, 0, True, None),
    ],
)
def test_claim_levels(seat: int, action: Action, owner: int, drawn: bool, level: int) -> None:
    assert claim_level(seat, action, owner, drawn) == level


def test_take_prints_cards_in_canonical_order() -> None:
    assert str(take(Card.gS, Card.rS, Card.yS)) == "take rS yS gS"


def test_the_drawers_identical_triple_is_level_3_not_its_own_group_level() -> None:
    # The drawer's own identical triple ranks with everyone's identical groups (3),
    # above the drawer's other groups (4) and the next player's mixed group (5).
    triple = A("take yC yC yC")
    assert claim_level(0, triple, 0, True) == IDENTICAL
    assert claim_level(0, A("take yR yH yC"), 0, True) == DRAWER_GROUP
    assert resolve([(0, triple), (1, A("take yR yH yC"))], 0, True) == (0, triple)
