"""Sì Sè Pái's path: the cards, the groups, taking and discarding, claims, winning.

Each step names the clauses of sisepai.md it teaches (``§`` a numbered item or
subsection, ``D`` a decision); each exercise is a stored position (deal and step, found
by ``scripts/learn_positions.py``) and the engine fact that makes an answer right.
"""

from __future__ import annotations

from cardavia.web.learn.model import N_, Exercise, Goal, Lesson, Offer, Step
from cardavia.web.learn.positions import Position

GAME = "sisepai"

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "cards",
        N_("The cards"),
        (
            Step(
                N_(
                    "Sì Sè Pái is played with 117 cards: four colours (red, yellow, white, "
                    "green), each with seven chess pieces in four copies, and five flowers."
                ),
                ("rG", "rA", "rE", "rR", "rH", "rC", "rS", "yS", "wS", "gS", "F1"),
                ("§2",),
            ),
            Step(
                N_(
                    "Four players each hold 20 cards. You win when all 21 of your cards, the "
                    "new one included, form groups."
                ),
                (),
                ("§1.1", "§1.2", "§4.1"),
            ),
            Step(
                N_(
                    "A General or a flower is a group on its own: a single. Two Generals, "
                    "even of one colour, are two singles, never a pair; flowers never pair "
                    "either."
                ),
                ("wG", "wG", "F2", "F3"),
                ("§3.1", "D1"),
            ),
            Step(
                N_(
                    "A General or a flower can never be discarded, so when you draw one you "
                    "cannot pass it: you must take it, alone or in a command group."
                ),
                ("yG", "F4"),
                ("§6.4", "D10"),
            ),
        ),
        Exercise(
            Position(GAME, 1, 86),
            N_("You drew this card. What do you do with it?"),
            Goal.ACCEPTED,
            Offer.WITH_PASS,
            ("§6.4", "D10"),
        ),
        "sisepai_must_take",
    ),
    Lesson(
        "groups",
        N_("The groups"),
        (
            Step(
                N_(
                    "Two to four identical cards (one colour, one piece) form an identical "
                    "group: a pair, a triple or a quad. Generals excepted, any piece may, "
                    "Soldiers too."
                ),
                ("yC", "yC", "yC", "rS", "rS"),
                ("§3.2",),
            ),
            Step(
                N_(
                    "General, Advisor and Elephant of one colour form a command group; "
                    "Chariot, Horse and Cannon of one colour form a field group."
                ),
                ("gG", "gA", "gE", "rR", "rH", "rC"),
                ("§3.3", "§3.4"),
            ),
            Step(
                N_(
                    "Three or four Soldiers of different colours form a soldier group. No "
                    "other set of cards is a group, and every card belongs to exactly one."
                ),
                ("rS", "yS", "wS", "gS"),
                ("§3.5",),
            ),
            Step(
                N_(
                    "A card just drawn or discarded is public. The player after its drawer or "
                    "discarder, the next player, may take it to finish a mixed group "
                    "(command, field or soldier group), naming every card of the group."
                ),
                (),
                ("§5.1", "§6.2", "§8"),
            ),
        ),
        Exercise(
            Position(GAME, 1, 20),
            N_("You are the next player. Take the card into a group, or pass?"),
            Goal.TOOK,
            Offer.LEGAL,
            ("§6.2",),
        ),
        "sisepai_mixed",
    ),
    Lesson(
        "discard",
        N_("Taking and discarding"),
        (
            Step(
                N_(
                    "Nothing is shown at the deal, and your hand has no fixed groups until "
                    "a win is checked. The dealer draws first; nobody wins with the 20 dealt "
                    "cards alone."
                ),
                (),
                ("§4.2", "§4.3", "D2", "D3"),
            ),
            Step(
                N_(
                    "When you take a card, you lay it face up with the cards of its group: "
                    "an exposed group, fixed until the end. A new card never joins a group "
                    "already exposed."
                ),
                ("wR", "wH", "wC"),
                ("§5.4", "D5"),
            ),
            Step(
                N_(
                    "Then you discard a card from your hand, never a General or a flower. "
                    "Nobody claims their own discard. A discard nobody takes goes to the "
                    "dead pile, and the player after the discarder draws."
                ),
                (),
                ("§5.4", "§5.5", "§6.5", "D7"),
            ),
            Step(
                N_(
                    "Play runs anticlockwise: the next player sits to your right. A drawn "
                    "card nobody takes becomes its drawer's discard. The last cards can "
                    "still be claimed; when a draw is due and the stock is empty, the deal "
                    "is a draw."
                ),
                (),
                ("§1.3", "§5.2", "§5.3", "§5.6", "D4", "D6"),
            ),
        ),
        Exercise(
            Position(GAME, 1, 90),
            N_("You took a card. Now discard one card from your hand."),
            Goal.ACCEPTED,
            Offer.HAND,
            ("§5.4",),
        ),
        "sisepai_discard",
    ),
    Lesson(
        "claims",
        N_("Who gets the card"),
        (
            Step(
                N_(
                    "Every player who may claim answers once: pass, win, or take with a "
                    "group. Answers are sealed, and answering first never helps."
                ),
                (),
                ("§6.1", "D8"),
            ),
            Step(
                N_(
                    "The drawer may take a drawn card into any group but a pair. The next "
                    "player may make an identical group of 3 or 4 or a mixed group. Anyone "
                    "else may only make an identical group of 3 or 4. Nobody claims a card "
                    "to make a pair."
                ),
                ("rA", "rA", "rA"),
                ("§6.2",),
            ),
            Step(
                N_(
                    "When several claim, the highest goes first: the drawer's win, another "
                    "player's win (the nearest after the drawer or discarder), an identical "
                    "group, the drawer's own group, the next player's mixed group."
                ),
                (),
                ("§6.3",),
            ),
            Step(
                N_(
                    "If taking the card would complete your hand, taking it is winning: "
                    "you win or pass."
                ),
                (),
                ("D9",),
            ),
        ),
        Exercise(
            Position(GAME, 1, 77),
            N_("The card was discarded, and you are not the next player. What do you do?"),
            Goal.TOOK,
            Offer.LEGAL,
            ("§6.2", "§6.3"),
        ),
        "sisepai_identical",
    ),
    Lesson(
        "winning",
        N_("Winning and scoring"),
        (
            Step(
                N_(
                    "A win ends the deal, and only the winner scores: a pair 0, a single "
                    "General 1, a flower 3, each group of three 1, each group of four 2. A "
                    "General in a command group counts only with its group."
                ),
                ("wG", "F1", "yA", "yA", "yA", "rS", "yS", "wS", "gS"),
                ("§7.1", "§7.2", "D11"),
            ),
            Step(
                N_(
                    "Exposed groups stay as they are; the other cards are grouped the way "
                    "that scores the most. There is no minimum score, and a draw scores "
                    "nothing."
                ),
                ("yG", "yA", "yA", "yA", "yE", "yE", "yE"),
                ("§7.3", "§7.4", "§7.5", "D12", "D13"),
            ),
        ),
        Exercise(
            Position(GAME, 59, 295),
            N_("Look at your cards and the public card. What do you do?"),
            Goal.WON,
            Offer.LEGAL,
            ("§7.1", "D9"),
        ),
        "sisepai_win",
    ),
)
"""The path, in the order a newcomer takes it."""
