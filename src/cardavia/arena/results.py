"""An arena run's results: per-seating facts in, per-player figures out."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.arena.seats import Fault
from cardavia.arena.stats import (
    mcnemar_exact,
    mean_interval,
    paired_difference,
    ratio_interval,
    wilson,
)


@dataclass(frozen=True)
class SeatingResult:
    """One play of one deck: who sat where, who won, the scores."""

    deal: int
    rotation: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    is_draw: bool
    faults: tuple[Fault, ...] = ()
    """External programs' failures in this play (``basic`` finished their seats)."""

    def shares(self) -> tuple[float, ...]:
        """Each seat's share of the points of the deal (an equal split when nobody scored)."""
        total = sum(self.scores)
        if total == 0:
            return tuple(1.0 / len(self.seats) for _ in self.seats)
        return tuple(score / total for score in self.scores)


@dataclass(frozen=True)
class PlayerFigures:
    """One player name's figures, its seats aggregated."""

    name: str
    seatings: int
    wins: int
    draws: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    draw_rate: float
    draw_rate_ci: tuple[float, float]
    mean_score: float
    mean_score_ci: tuple[float, float]
    score_share: float
    score_share_ci: tuple[float, float]


@dataclass(frozen=True)
class Ratio:
    """``name``'s win rate over ``versus``'s, with its 95% bootstrap interval over decks."""

    name: str
    versus: str
    ratio: float
    ratio_ci: tuple[float, float]


@dataclass(frozen=True)
class ArenaResult:
    """Everything a run reports."""

    game: str
    names: tuple[str, ...]
    deals: int
    results: tuple[SeatingResult, ...]

    @property
    def seatings(self) -> int:
        """Plays in all (decks × rotations)."""
        return len(self.results)

    @property
    def draw_rate(self) -> float:
        """Share of plays with no sole winner."""
        return sum(r.is_draw for r in self.results) / max(1, len(self.results))

    @property
    def faults(self) -> list[Fault]:
        """Every external program's failure, in (deal, rotation) order."""
        return [fault for r in self.results for fault in r.faults]

    def players(self) -> list[PlayerFigures]:
        """Figures per distinct player name, in order of first seat."""
        return [self._figures(name) for name in dict.fromkeys(self.names)]

    def ratios(self) -> list[Ratio]:
        """The first seat's player against every other player name."""
        first = self.names[0]
        return [self.ratio(first, other) for other in dict.fromkeys(self.names) if other != first]

    def ratio(self, name: str, versus: str) -> Ratio:
        """Win-rate ratio of two player names, bootstrapped over decks."""
        per_deck: dict[int, list[float]] = {}
        for r in self.results:
            row = per_deck.setdefault(r.deal, [0.0, 0.0, 0.0, 0.0])
            for seat, who in enumerate(r.seats):
                won = 1.0 if seat in r.winners else 0.0
                if who == name:
                    row[0] += won
                    row[1] += 1
                elif who == versus:
                    row[2] += won
                    row[3] += 1
        rows = [(a, b, c, d) for a, b, c, d in per_deck.values()]
        value, low, high = ratio_interval(rows)
        return Ratio(name, versus, value, (low, high))

    def _figures(self, name: str) -> PlayerFigures:
        wins = draws = seatings = 0
        scores: list[float] = []
        shares: list[float] = []
        for r in self.results:
            share = r.shares()
            for seat, who in enumerate(r.seats):
                if who != name:
                    continue
                seatings += 1
                wins += seat in r.winners
                draws += r.is_draw
                scores.append(r.scores[seat])
                shares.append(share[seat])
        score, score_lo, score_hi = mean_interval(scores)
        share_mean, share_lo, share_hi = mean_interval(shares)
        return PlayerFigures(
            name,
            seatings,
            wins,
            draws,
            wins / max(1, seatings),
            wilson(wins, seatings),
            draws / max(1, seatings),
            wilson(draws, seatings),
            score,
            (score_lo, score_hi),
            share_mean,
            (share_lo, share_hi),
        )

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object (issue 4), plus the win-rate ratios."""
        return {
            "game": self.game,
            "deals": self.deals,
            "seatings": self.seatings,
            "draw_rate": _round(self.draw_rate),
            "players": [
                {
                    "name": p.name,
                    "seatings": p.seatings,
                    "win_rate": _round(p.win_rate),
                    "win_rate_ci": [_round(x) for x in p.win_rate_ci],
                    "draw_rate": _round(p.draw_rate),
                    "mean_score": _round(p.mean_score),
                    "mean_score_ci": [_round(x) for x in p.mean_score_ci],
                    "score_share": _round(p.score_share),
                    "score_share_ci": [_round(x) for x in p.score_share_ci],
                }
                for p in self.players()
            ],
            "ratios": [
                {
                    "name": r.name,
                    "versus": r.versus,
                    "win_rate_ratio": _round(r.ratio),
                    "ratio_ci": [_round(x) for x in r.ratio_ci],
                }
                for r in self.ratios()
            ],
            "faults": [fault.to_json() for fault in self.faults],
        }


def _round(x: float) -> float | None:
    """Four decimals; ``None`` for an unbounded value (JSON has no infinity)."""
    return None if math.isinf(x) or math.isnan(x) else round(x, 4)


def merge(
    game: str, names: Sequence[str], deals: int, rows: Sequence[SeatingResult]
) -> ArenaResult:
    """An :class:`ArenaResult` with ``rows`` in (deal, rotation) order."""
    ordered = tuple(sorted(rows, key=lambda r: (r.deal, r.rotation)))
    return ArenaResult(game, tuple(names), deals, ordered)


@dataclass(frozen=True)
class PairedFigures:
    """The measured player against the reference player in the same seat, same cards."""

    name: str
    reference: str
    pairs: int
    """Paired seatings: every deck × rotation, played once by each."""
    win_rate: float
    reference_win_rate: float
    difference: float
    """``win_rate − reference_win_rate``."""
    difference_ci: tuple[float, float]
    """The paired normal 95% interval over decks (:func:`.stats.paired_difference`)."""
    only_measured: int
    """Pairs that the measured player won and the reference player did not."""
    only_reference: int
    mcnemar_p: float
    """The exact McNemar test on those discordant pairs (:func:`.stats.mcnemar_exact`)."""

    def to_json(self) -> dict[str, Any]:
        """The ``paired`` block of ``--json``."""
        return {
            "name": self.name,
            "reference": self.reference,
            "pairs": self.pairs,
            "win_rate": _round(self.win_rate),
            "reference_win_rate": _round(self.reference_win_rate),
            "difference_pp": _round(100 * self.difference),
            "difference_pp_ci": [_round(100 * x) for x in self.difference_ci],
            "interval": "paired normal over decks",
            "only_measured": self.only_measured,
            "only_reference": self.only_reference,
            "mcnemar_p": _round(self.mcnemar_p),
        }


@dataclass(frozen=True)
class PairedResult:
    """A paired run: the measured run (reported as any run) and its reference twin.

    ``measured.results[i]`` and ``reference.results[i]`` are the same deck and rotation;
    the measured player sat in ``seat_of[i]`` in the first and the reference player in
    the same seat in the second, with the same decision seeds.
    """

    measured: ArenaResult
    reference: ArenaResult
    seats: tuple[int, ...]
    """The measured seat of each pair."""

    def figures(self) -> PairedFigures:
        """The win-rate difference, its interval and McNemar's test."""
        per_deck: dict[int, list[float]] = {}
        only_measured = only_reference = 0
        for m, r, seat in zip(
            self.measured.results, self.reference.results, self.seats, strict=True
        ):
            won_m, won_r = seat in m.winners, seat in r.winners
            row = per_deck.setdefault(m.deal, [0.0, 0.0, 0.0])
            row[0] += won_m
            row[1] += won_r
            row[2] += 1
            only_measured += won_m and not won_r
            only_reference += won_r and not won_m
        rows = [(a, b, int(n)) for a, b, n in per_deck.values()]
        diff, low, high = paired_difference(rows)
        pairs = len(self.seats)
        return PairedFigures(
            self.measured.names[0],
            self.reference.names[0],
            pairs,
            sum(row[0] for row in rows) / max(1, pairs),
            sum(row[1] for row in rows) / max(1, pairs),
            diff,
            (low, high),
            only_measured,
            only_reference,
            mcnemar_exact(only_measured, only_reference),
        )

    def to_json(self) -> dict[str, Any]:
        """The measured run's ``--json`` object, plus the ``paired`` block."""
        data = self.measured.to_json()
        data["paired"] = self.figures().to_json()
        return data
