"""``render_mode="ansi"``: a Sì Sè Pái table as text, in the card notation.

It is drawn from every seat's view (each view holds its own seat's hand), so the
stock order never shows. It is a spectator's picture for the person training, with
every hand in the open: never an agent's input.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.cards.four_colour import format_cards
from cardavia.games.sisepai import SiSePaiView


def table(views: Sequence[SiSePaiView]) -> str:
    """Every seat's hand and exposed groups, the public card, the dead pile, the result."""
    view = views[0]
    lines = [
        f"Sì Sè Pái · step {view.step} · dealer seat {view.dealer} · stock {view.stock_left} left"
    ]
    for seat_view in views:
        seat = seat_view.seat
        mark = ">" if view.to_act == seat else " "
        exposed = " ".join(f"[{format_cards(group)}]" for group in view.exposed[seat])
        lines.append(
            f"{mark} seat {seat}  hand {format_cards(seat_view.hand) or '-'}"
            + (f"  exposed {exposed}" if exposed else "")
        )
    if view.public_card is not None:
        how = "drawn by" if view.public_drawn else "discarded by"
        order = " ".join(str(seat) for seat in view.answering)
        lines.append(f"public {view.public_card} {how} seat {view.public_from} · answering {order}")
    elif view.to_act is not None:
        lines.append(f"seat {view.to_act} discards")
    lines.append(f"dead {format_cards(view.dead) or '-'}")
    outcome = view.outcome
    if outcome is not None:
        if outcome.winner is None:
            lines.append("result: a draw (the stock ran out)")
        else:
            groups = " ".join(f"[{format_cards(group)}]" for group in outcome.groups)
            lines.append(f"result: seat {outcome.winner} wins, score {outcome.score}: {groups}")
    return "\n".join(lines)
