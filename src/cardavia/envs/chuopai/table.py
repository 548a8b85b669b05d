"""``render_mode="ansi"``: a Chuo Pai table as text, in the card notation.

It is drawn from every seat's view (each view holds its own seat's hand). It is a
spectator's picture for the person training, with every hand in the open: never an
agent's input.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.cards.dominoes import format_cards
from cardavia.games.chuopai import ChuoPaiView


def table(views: Sequence[ChuoPaiView]) -> str:
    """Every seat's hand and score pile, this round's plays, the cards gone, the result."""
    view = views[0]
    lines = [f"Chuo Pai · step {view.step} · leader seat {view.leader}"]
    for seat_view in views:
        seat = seat_view.seat
        mark = ">" if view.to_act == seat else " "
        lines.append(
            f"{mark} seat {seat}  hand {format_cards(seat_view.hand) or '-'}"
            f"  pile {format_cards(view.piles[seat]) or '-'} (score {view.scores[seat]})"
        )
    plays = ", ".join(f"seat {seat} {action}" for seat, action in view.round_plays)
    lines.append(f"round {plays or '(no lead yet)'}")
    lines.append(f"gone {format_cards(view.gone) or '-'}")
    if view.outcome is not None:
        winners = " and ".join(f"seat {seat}" for seat in view.outcome.winners)
        verb = "tie" if view.outcome.is_draw else "wins"
        lines.append(f"result: {winners} {verb}, scores {list(view.outcome.scores)}")
    return "\n".join(lines)
