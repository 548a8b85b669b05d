"""``strong``: determinized search over worlds consistent with what the seat has seen.

Each decision samples full deals (the other concealed hands and the stock order) that
agree with the seat's view (:mod:`.worlds`) and plays the basic ranking's best actions
out in each, the opponents playing as ``basic`` does (:mod:`.sim`, :mod:`.mimic`). A
playout stops after :data:`HORIZON_DRAWS` draws from the stock, worth then the seat's
chance to win read from every hand (:mod:`.leaf`), or ends sooner with a win or a drawn
deal. ``basic``'s choice stands unless another candidate is significantly better over
the same worlds (common random numbers, :func:`..search.confident_best`). The budget
is a number of playouts, so the decision is deterministic for a given generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from cardavia.ai.search import confident_best
from cardavia.ai.sisepai.basic import UNRANKED, rank_actions
from cardavia.ai.sisepai.knowledge import public_counts, unseen_counts
from cardavia.ai.sisepai.leaf import win_chance
from cardavia.ai.sisepai.sim import HORIZON, Table
from cardavia.ai.sisepai.worlds import sample_worlds
from cardavia.games.sisepai.actions import WIN, Action, Verb
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView

DEFAULT_PLAYOUTS = 85
"""Playouts per decision before :func:`scaled_budget` (255 while the stock holds the
horizon's draws, up to 340 at its end): about the CPU time of the earlier 100 playouts
to the deal's end, which met the latency target (p99 ≤ 250 ms on one core)."""
HORIZON_DRAWS = 4
"""Stock draws a playout makes before it stops (one round): the search weighs what an
action does next (which cards it feeds, which claims follow) with playouts a fraction
as long, so more worlds, each worth a smooth estimate instead of a win or a loss.
Paired on the same 2,000 seatings (docs/ai.md): +2.45 points over ``basic`` (+2.35
stopping after 8 draws), against +1.65 playing every playout to the end at the same
CPU time."""
FULL_STOCK = 36
REFERENCE = 12
"""Draws a playout costs beyond the stock (claims, discards and the window's end)."""
SIGMAS = 0.5
"""How sure the search must be to overrule the basic ranking's choice (a paired test).
Paired against ``basic`` on the same 2,000 seatings (docs/ai.md), with playouts to the
end: 2 sigmas overruled it too rarely to gain (+1.0 points), 0 followed noise (+0.85), 1
gained +1.55. Stopped playouts score every world, so the test has more power and half a
sigma suffices: +3.0, against +2.45 at 1 sigma."""
MAX_CANDIDATES = 2
"""Only the basic player's best few actions are searched. Two, not three: the same
budget gives each 50 worlds instead of 33, and the sign test no longer meets the best
of two challengers (whose maximum looks better than it is): +1.65 points, against +1.55
with three, on the same seatings."""


class StrongPlayer:
    """Determinized Monte Carlo with the basic player's ranking as prior and tie-break."""

    name = "strong"

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        candidates: int = MAX_CANDIDATES,
        mimic: bool = True,
    ) -> None:
        self.playouts = playouts
        self.candidates = candidates
        self.mimic = mimic
        """True: the playouts' opponents play ``basic``; False: the cheap policy."""

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate action that wins most often over the sampled worlds."""
        return decide(
            view,
            legal,
            self.playouts,
            self.candidates,
            lambda budget: sample_worlds(view, budget, rng),
            self.mimic,
        )


def decide(
    view: SiSePaiView,
    legal: Sequence[Action],
    playouts: int,
    most: int,
    worlds: Callable[[int], Iterator[tuple[list[int], list[int]]]],
    mimic_opponents: bool = True,
) -> Action:
    """The search's decision among ``legal``: ``win`` when legal, the only candidate when
    there is one, else :func:`search` over ``worlds(budget)`` (the players differ only
    in where their worlds come from)."""
    if WIN in legal:
        return WIN
    candidates = candidate_actions(view, legal, most)
    if len(candidates) == 1:
        return candidates[0]
    budget = scaled_budget(playouts, view.stock_left)
    return search(view, candidates, budget, worlds(budget), mimic_opponents)


def candidate_actions(view: SiSePaiView, legal: Sequence[Action], most: int) -> list[Action]:
    """The basic ranking's best ``most`` actions, best first (never ``win``, never a
    discard with more left-over cards than needed)."""
    ranked = sorted(
        rank_actions(pack(view.hand), legal, view.public_card, unseen_counts(view)),
        key=lambda pair: (pair[0], str(pair[1])),
    )
    return [action for score, action in ranked if score < UNRANKED][:most]


def search(
    view: SiSePaiView,
    candidates: Sequence[Action],
    budget: int,
    worlds: Iterator[tuple[list[int], list[int]]],
    mimic_opponents: bool = True,
) -> Action:
    """The first candidate unless another scores significantly more in ``worlds``.

    With ``mimic_opponents`` the playouts' opponents play as the table's opponents do
    (``basic``, :mod:`.mimic`); this seat's own continuation keeps the cheap policy,
    which wins as often as ``basic`` does at a fraction of the cost.
    """
    seen = public_counts(view)
    mimic = tuple(mimic_opponents and seat != view.seat for seat in range(PLAYERS))

    def value(world: tuple[list[int], list[int]], i: int) -> float:
        hands, stock = world
        table = Table(hands, stock, seen, mimic)
        table.draws_left = HORIZON_DRAWS
        winner = play_action(table, view, candidates[i])
        if winner == HORIZON:
            return win_chance(table, view.seat)
        return 1.0 if winner == view.seat else 0.0

    return candidates[confident_best(len(candidates), budget, worlds, value, SIGMAS)]


def scaled_budget(playouts: int, stock_left: int) -> int:
    """Playouts for a decision: more when the deal is nearly over and playouts are short.

    A playout costs roughly its number of draws; scaling by the stock left keeps the
    decision time about even over the deal (and the budget a pure function of the view).
    """
    drawn = min(stock_left, HORIZON_DRAWS)
    return max(playouts, int(playouts * (FULL_STOCK + REFERENCE) / (drawn + REFERENCE)))


def play_action(table: Table, view: SiSePaiView, action: Action) -> int:
    """Apply the seat's ``action`` in ``table`` and play out: the winner, ``NOBODY``, or
    ``HORIZON`` when the playout stopped at ``table.draws_left``."""
    seat = view.seat
    if action.verb is Verb.DISCARD:
        return table.discard(seat, action.cards[0])
    card = view.public_card
    assert card is not None and view.public_from is not None
    fixed: tuple[int, ...] | str | None = None
    if action.verb is Verb.TAKE:
        rest = list(action.cards)
        rest.remove(card)
        fixed = tuple(rest)
    return table.play(card, view.public_from, view.public_drawn, seat, fixed)
