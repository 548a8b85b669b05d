"""The reward at the end of a deal: win or lose, never the score (docs/envs.md)."""

from __future__ import annotations

from collections.abc import Sequence


def deal_rewards(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Each seat's reward for a deal won by ``winners`` (several in a Chuo Pai tie).

    The winners share +1 and the others share −1, so a sole winner gets +1 and each
    loser −1/(players − 1); the rewards of a deal add up to 0. A deal nobody won (a
    drawn Sì Sè Pái deal) or everybody won (a three-way tie) gives everyone 0.
    """
    won = set(winners)
    if not won or len(won) == players:
        return (0.0,) * players
    losers = players - len(won)
    return tuple(1 / len(won) if seat in won else -1 / losers for seat in range(players))
