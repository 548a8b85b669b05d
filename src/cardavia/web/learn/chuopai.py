"""Chuo Pai's path: the cards and families, leading and rounds, the forced beat, the
special combinations.

Each step names the clauses of chuopai.md it teaches; each exercise is a stored position
(deal and step, found by ``scripts/learn_positions.py``) and the engine fact that makes
an answer right.
"""

from __future__ import annotations

from cardavia.web.learn.model import N_, Exercise, Goal, Lesson, Offer, Step
from cardavia.web.learn.positions import Position

GAME = "chuopai"

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "cards",
        N_("The cards and their families"),
        (
            Step(
                N_(
                    "Chuo Pai uses 84 domino cards: the 21 pairs of pips from 1-1 to 6-6, "
                    "four of each. Pips 1 and 4 are red. Three players are dealt 28 cards "
                    "each."
                ),
                ("11", "12", "13", "14", "15", "16", "22", "23", "24", "25", "26"),
                ("§2", "§3.1"),
            ),
            Step(
                N_(
                    "Every card belongs to one of four families, listed here strongest card "
                    "first. Long: "
                    "Heaven, Earth, Man, Harmony, Long Three, Plum Blossom, Bench. Yao: "
                    "Cat, High Foot, Axe, Four-Six."
                ),
                ("66", "11", "44", "13", "33", "55", "22", "15", "16", "56", "46"),
                ("§2",),
            ),
            Step(
                N_(
                    "Black: Black Nine, the two Eights (equal), Black Seven, Black Five. "
                    "Red: Red Nine, Red Seven, Red Five, then Ding Ding and Two Reds "
                    "(equal). Cards of equal rank never pair."
                ),
                ("36", "26", "35", "25", "23", "45", "34", "14", "12", "24"),
                ("§2",),
            ),
            Step(
                N_(
                    "A play beats the top play when it is of the same family, has as many "
                    "cards and ranks higher. Families never beat each other."
                ),
                ("44", "13"),
                ("§5",),
            ),
        ),
        Exercise(
            Position(GAME, 1, 101),
            N_("Which of your cards beats the card on the table?"),
            Goal.ACCEPTED,
            Offer.HAND,
            ("§5",),
        ),
        "chuopai_beat",
    ),
    Lesson(
        "rounds",
        N_("Leading and winning rounds"),
        (
            Step(
                N_(
                    "The leader must lead a play: one to four cards of one code, or a special "
                    "combination. Then the others act once each, clockwise from the leader, "
                    "skipping anyone without cards."
                ),
                ("25", "25"),
                ("§4.1", "§6.1", "§6.2", "D7", "D8"),
            ),
            Step(
                N_(
                    "The owner of the top play wins the round: only its cards go to their "
                    "score pile, the rest leave the deal. The winner leads next (or the "
                    "next player who still holds cards)."
                ),
                (),
                ("§1.2", "§6.5", "§6.7"),
            ),
            Step(
                N_(
                    "A player dealt a Ding Ding and a Two Reds scores all of them at once, "
                    "one point each; one kind alone gives nothing."
                ),
                ("12", "24"),
                ("§3.2", "D3"),
            ),
            Step(
                N_(
                    "The deal ends after a round when at most one player holds cards; those "
                    "cards do not score. Each card in a pile is a point: the biggest pile "
                    "wins, and a tie at the top is a joint win."
                ),
                (),
                ("§1.1", "§6.6", "§7", "D1", "D2"),
            ),
        ),
        Exercise(
            Position(GAME, 1, 75),
            N_("You lead. Which play wins you the round?"),
            Goal.ROUND,
            Offer.LEGAL,
            ("§6.1", "§6.5"),
        ),
        "chuopai_lead",
    ),
    Lesson(
        "beating",
        N_("The forced beat"),
        (
            Step(
                N_(
                    "You play or pass. A player who can beat the top play must beat it, with "
                    "any beating play they choose; only a player who cannot beat passes, and "
                    "gives up no card."
                ),
                (),
                ("§6.3", "§8", "D9"),
            ),
            Step(
                N_(
                    "A beat becomes the top play: the players after it must beat the beat, "
                    "not the lead."
                ),
                ("55", "13"),
                ("§6.4",),
            ),
        ),
        Exercise(
            Position(GAME, 2, 83),
            N_("The lead was beaten before your turn. What do you do?"),
            Goal.ACCEPTED,
            Offer.HAND,
            ("§6.3", "§6.4"),
        ),
        "chuopai_latest",
    ),
    Lesson(
        "combinations",
        N_("Special combinations"),
        (
            Step(
                N_(
                    "A key card with a matching card makes a special combination: Heaven "
                    "with a nine (Tian Jiu), Earth with an eight (Di Ba), Man with a seven "
                    "(Ren Qi), Harmony with a five (He Wu); up to four of each."
                ),
                ("66", "45", "11", "26", "44", "34", "13", "14"),
                ("§4.2", "D4"),
            ),
            Step(
                N_(
                    "Only Red and Black cards match: High Foot is not a seven, Man is not an "
                    "eight. Only a stronger type with as many cards beats a combination."
                ),
                ("16", "44"),
                ("D5", "D6"),
            ),
        ),
        Exercise(
            Position(GAME, 2, 69),
            N_("You lead. Which play wins you the round?"),
            Goal.ROUND,
            Offer.LEGAL,
            ("§4.2",),
        ),
        "chuopai_combination",
    ),
)
"""The path, in the order a newcomer takes it."""
