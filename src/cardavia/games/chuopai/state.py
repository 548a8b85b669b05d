"""The Chuo Pai deal as an immutable value: legal actions, apply, forced actions.

A state keeps every multiset of cards (hands, score piles, the table, the cards that
left the deal) as a packed count vector (:mod:`.hands`) and every play as its index in
:data:`.plays.PLAYS`, so that the hot path of a playout is a few int operations and table
look-ups. Only :class:`.view.ChuoPaiView` and typed events leave it.

A round (spec §6): the leader leads any play; each other seat that holds cards answers
once, in order leader + 1, leader + 2, beating the current highest play when it can
[D9] and passing only when it cannot; the owner of the highest play then wins the
round. The end test [D1] runs after every round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from cardavia.cards.dominoes import CODES, Domino
from cardavia.core.errors import IllegalActionError
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import ACTIONS, PASS_INDEX, Action
from cardavia.games.chuopai.events import Beat, ChuoPaiEvent, DealOver, Lead, Pass, RoundWon
from cardavia.games.chuopai.legal import (
    PASS_ONLY,
    SIZES,
    VECTORS,
    answer_indexes,
    lead_indexes,
)
from cardavia.games.chuopai.outcome import ChuoPaiOutcome
from cardavia.games.chuopai.plays import MAX_COPIES, PLAYS, why_not_a_play, why_not_beats
from cardavia.games.chuopai.seats import SEATS
from cardavia.games.chuopai.view import ChuoPaiView

NOBODY = -1
"""``top`` and ``top_seat`` before the lead: kept as an int for speed."""


def _after(leader: int, seat: int) -> tuple[int, ...]:
    """The seats that answer after ``seat`` in a round led by ``leader`` [D8]."""
    start = (seat - leader) % SEATS + 1
    return tuple((leader + i) % SEATS for i in range(start, SEATS))


_AFTER = tuple(tuple(_after(leader, seat) for seat in range(SEATS)) for leader in range(SEATS))
_NEXT_SEATS = tuple(tuple((seat + i) % SEATS for i in range(1, SEATS)) for seat in range(SEATS))


class _Fields(NamedTuple):
    """The fields of a position, by name (a tuple underneath: equality and hashing are
    tuple operations)."""

    hands: tuple[int, ...]
    sizes: tuple[int, ...]
    """How many cards each seat holds (:attr:`ChuoPaiState.hand_sizes`)."""
    piles: tuple[int, ...]
    bonus: tuple[int, ...]
    gone: int
    """Cards of finished rounds that did not win: they left the deal."""
    table: int
    """Cards played so far in the current round."""
    leader: int
    """The seat that leads (or led) the current round."""
    round: tuple[tuple[int, int], ...]
    """``(seat, action index)`` of every action of the current round."""
    top: int
    top_seat: int
    to_act: int | None
    """The seat that must act now, or ``None`` once the deal is over."""
    step: int
    """How many actions (decisions and forced ones) led here."""
    history: tuple[ChuoPaiEvent, ...]
    """Every event of the deal so far, bonus included (all Chuo Pai events are public)."""


class ChuoPaiState(_Fields):
    """A Chuo Pai position. An immutable value: equal positions compare (and hash) equal.

    Its legal actions are computed once, on first use, and kept with it (a memo of a pure
    function of the value, in the value's own ``__dict__``).
    """

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a ChuoPaiState is immutable: apply() returns a new one")

    def __repr__(self) -> str:
        hands = ", ".join(repr(" ".join(CODES[card] for card in vec.unpack(h))) for h in self.hands)
        return f"<ChuoPaiState step={self.step} to_act={self.to_act} hands=[{hands}]>"

    # -- construction ---------------------------------------------------------------

    @classmethod
    def start(
        cls,
        hands: Sequence[Sequence[Domino]],
        leader: int,
        bonus: Sequence[Sequence[Domino]] = ((), (), ()),
    ) -> ChuoPaiState:
        """The position before ``leader``'s first lead, with these hands.

        Dealing (:meth:`ChuoPaiGame.deal`) is the normal way in; this also builds the
        small positions of tests and puzzles, whose :meth:`card_places` then hold only
        the cards given. ``bonus`` is each seat's starting-bonus cards, already taken
        out of its hand; they start its score pile.
        """
        if not 0 <= leader < SEATS:
            raise ValueError(f"leader must be a seat from 0 to {SEATS - 1}, not {leader!r}")
        every = [card for cards in (*hands, *bonus) for card in cards]
        if any(every.count(card) > MAX_COPIES for card in set(every)):
            raise ValueError(f"there are only {MAX_COPIES} copies of each card")
        return cls.from_vectors(
            [vec.pack(hand) for hand in hands], leader, [vec.pack(cards) for cards in bonus]
        )

    @classmethod
    def from_vectors(
        cls,
        hands: Sequence[int],
        leader: int,
        bonus: Sequence[int],
        history: tuple[ChuoPaiEvent, ...] = (),
    ) -> ChuoPaiState:
        """:meth:`start` from packed count vectors (:mod:`.hands`), for the dealer.

        ``history`` is what happened at the deal (the starting bonus), which views show.
        """
        sizes = tuple(vec.size(hand) for hand in hands)
        if not sizes[leader]:
            raise ValueError("the leader must hold a card")
        return cls(
            hands=tuple(hands),
            sizes=sizes,
            piles=tuple(bonus),
            bonus=tuple(bonus),
            gone=0,
            table=0,
            leader=leader,
            round=(),
            top=NOBODY,
            top_seat=NOBODY,
            to_act=leader,
            step=0,
            history=history,
        )

    # -- the State protocol ---------------------------------------------------------

    @property
    def outcome(self) -> ChuoPaiOutcome | None:
        """The scores and winners once the deal is over, else ``None``."""
        if self.to_act is not None:
            return None
        return ChuoPaiOutcome(self.scores)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in code-point order of the notation.

        Leading: every play the hand can make (never ``pass`` [D7]). Answering: every
        play that beats the current highest play [D9], or ``pass`` alone when none does.
        """
        return tuple([ACTIONS[index] for index in self._legal_indexes()])

    def apply(self, action: Action) -> tuple[ChuoPaiState, tuple[ChuoPaiEvent, ...]]:
        """The next state and the events caused; raises ``IllegalActionError`` (nothing changes)."""
        if self.to_act is None:
            raise IllegalActionError("the deal is over")
        if not isinstance(action, Action):
            raise TypeError(f"expected a Chuo Pai Action, not {action!r}")
        play = action.play
        if play is not None:
            index = play.index
        elif not action.cards:
            index = PASS_INDEX
        else:
            raise IllegalActionError(why_not_a_play(action.cards))
        if index not in self._legal_indexes():
            raise IllegalActionError(self._why_illegal(action))
        return self._advance(index)

    def deciders(self) -> tuple[tuple[int, tuple[Action, ...]], ...]:
        """The seat to act and its legal actions: every Chuo Pai decision answers the
        play before it, so one seat decides at a time."""
        return () if self.to_act is None else ((self.to_act, self.legal_actions()),)

    def play_forced(
        self,
    ) -> tuple[ChuoPaiState, tuple[ChuoPaiEvent, ...], tuple[tuple[int, Action], ...]]:
        """Apply lone legal actions until a seat has a choice or the deal is over.

        Lone actions are a lone ``pass``, a lone beating play and the lead of a last
        single card. Returns the state, the events, and the ``(seat, action)`` pairs.
        """
        state = self
        events: list[ChuoPaiEvent] = []
        forced: list[tuple[int, Action]] = []
        while True:
            seat = state.to_act
            if seat is None:
                break
            legal = state._legal_indexes()
            if len(legal) != 1:
                break
            index = legal[0]
            state, caused = state._advance(index)
            events += caused
            forced.append((seat, ACTIONS[index]))
        return state, tuple(events), tuple(forced)

    def view(self, seat: int) -> ChuoPaiView:
        """Everything ``seat`` may see: its own hand and the public table, nothing else."""
        c = self
        top = None if c.top == NOBODY else (c.top_seat, ACTIONS[c.top])
        return ChuoPaiView(
            seat=seat,
            hand=vec.unpack(c.hands[seat]),
            hand_sizes=c.sizes,
            piles=tuple(vec.unpack(pile) for pile in c.piles),
            bonus=tuple(vec.unpack(cards) for cards in c.bonus),
            gone=vec.unpack(c.gone),
            leader=c.leader,
            round_plays=tuple((who, ACTIONS[index]) for who, index in c.round),
            top=top,
            to_act=self.to_act,
            step=c.step,
            outcome=self.outcome,
            history=c.history,
        )

    def card_places(self) -> Mapping[str, Sequence[Domino]]:
        """Every card by place: ``hand s``, ``pile s``, ``table`` (this round), ``gone``."""
        c = self
        places: dict[str, Sequence[Domino]] = {}
        for seat in range(SEATS):
            places[f"hand {seat}"] = vec.unpack(c.hands[seat])
        for seat in range(SEATS):
            places[f"pile {seat}"] = vec.unpack(c.piles[seat])
        places["table"] = vec.unpack(c.table)
        places["gone"] = vec.unpack(c.gone)
        return places

    def shuffle_unseen(self, seat: int, rng: random.Random) -> ChuoPaiState:
        """The same state with the other two hands' cards dealt anew, sizes kept.

        Everything else in Chuo Pai is public, so these are all the cards ``seat``
        cannot see. The deal's history (a pass reveals that a seat could not beat) is
        not taken into account: a searching AI that wants consistent worlds filters them.
        """
        c = self
        others = _NEXT_SEATS[seat]
        pool = [card for other in others for card in vec.unpack(c.hands[other])]
        rng.shuffle(pool)
        hands = list(c.hands)
        start = 0
        for other in others:
            hands[other] = vec.pack(pool[start : start + c.sizes[other]])
            start += c.sizes[other]
        return self._replace(hands=tuple(hands))

    # -- more to read ---------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards in each seat's score pile so far (bonus included)."""
        return tuple(vec.size(pile) for pile in self.piles)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return self.sizes

    def concealed_hand(self, seat: int) -> tuple[Domino, ...]:
        """The cards ``seat`` holds, in canonical order: hidden from every other seat, so
        for the engine, its tests and records only, never for a view."""
        return vec.unpack(self.hands[seat])

    def pile(self, seat: int) -> tuple[Domino, ...]:
        """``seat``'s score pile, in canonical order."""
        return vec.unpack(self.piles[seat])

    # -- internals ------------------------------------------------------------------

    def _legal_indexes(self) -> tuple[int, ...]:
        memo = self.__dict__
        legal: tuple[int, ...] | None = memo.get("legal")
        if legal is None:
            seat = self.to_act
            if seat is None:
                legal = ()
            elif self.top == NOBODY:
                legal = lead_indexes(self.hands[seat])
            elif self.sizes[seat] < SIZES[self.top]:
                legal = PASS_ONLY
            else:
                legal = answer_indexes(self.hands[seat], self.top)
            memo["legal"] = legal
        return legal

    def _advance(self, index: int) -> tuple[ChuoPaiState, tuple[ChuoPaiEvent, ...]]:
        """Apply the legal action ``index`` of the seat to act (no legality check)."""
        c = self
        seat = c.to_act
        assert seat is not None
        hands = c.hands
        sizes = c.sizes
        table = c.table
        event: ChuoPaiEvent
        if index == PASS_INDEX:
            top, top_seat = c.top, c.top_seat
            event = Pass(seat)
        else:
            played = VECTORS[index]
            hands = _replaced(hands, seat, hands[seat] - played)
            sizes = _replaced(sizes, seat, sizes[seat] - SIZES[index])
            table += played
            event = Lead(seat, ACTIONS[index]) if c.top == NOBODY else Beat(seat, ACTIONS[index])
            top, top_seat = index, seat
        step = c.step + 1
        for answerer in _AFTER[c.leader][seat]:
            if sizes[answerer]:
                state = ChuoPaiState(
                    hands=hands,
                    sizes=sizes,
                    piles=c.piles,
                    bonus=c.bonus,
                    gone=c.gone,
                    table=table,
                    leader=c.leader,
                    round=(*c.round, (seat, index)),
                    top=top,
                    top_seat=top_seat,
                    to_act=answerer,
                    step=step,
                    history=(*c.history, event),
                )
                return state, (event,)
        return self._end_round(hands, sizes, table, top, top_seat, step, event)

    def _end_round(
        self,
        hands: tuple[int, ...],
        sizes: tuple[int, ...],
        table: int,
        top: int,
        top_seat: int,
        step: int,
        event: ChuoPaiEvent,
    ) -> tuple[ChuoPaiState, tuple[ChuoPaiEvent, ...]]:
        """Score the round to its winner, then run the end test [D1] or pick the next leader."""
        c = self
        won = VECTORS[top]
        piles = _replaced(c.piles, top_seat, c.piles[top_seat] + won)
        gone = c.gone + table - won
        to_act: int | None
        if sizes.count(0) >= SEATS - 1:
            leader, to_act = c.leader, None
        elif sizes[top_seat]:
            leader = to_act = top_seat
        else:
            leader = to_act = next(s for s in _NEXT_SEATS[top_seat] if sizes[s])
        won_event = RoundWon(top_seat, ACTIONS[top], None if to_act is None else leader)
        caused: tuple[ChuoPaiEvent, ...] = (event, won_event)
        if to_act is None:
            caused += (DealOver(ChuoPaiOutcome(tuple(vec.size(pile) for pile in piles))),)
        state = ChuoPaiState(
            hands=hands,
            sizes=sizes,
            piles=piles,
            bonus=c.bonus,
            gone=gone,
            table=0,
            leader=leader,
            round=(),
            top=NOBODY,
            top_seat=NOBODY,
            to_act=to_act,
            step=step,
            history=c.history + caused,
        )
        return state, caused

    def _why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here, in a player's words (the slow path)."""
        c = self
        if action.is_pass:
            if c.top == NOBODY:
                return "you cannot pass: you lead this round, so play any card or combination"
            beater = PLAYS[self._legal_indexes()[0]]
            return f"you cannot pass: {beater} beats {PLAYS[c.top]}"
        play = action.play
        assert play is not None
        assert c.to_act is not None
        hand = c.hands[c.to_act]
        if not vec.contains(hand, VECTORS[play.index]):
            short = next(
                card for card in play.cards if vec.count(hand, card) < play.cards.count(card)
            )
            have = ("no", "one", "two", "three")[vec.count(hand, short)]
            return f"you do not hold {play}: you have {have} {short}"
        if c.top != NOBODY:
            reason = why_not_beats(play, PLAYS[c.top])
            if reason is not None:
                return reason
        return f"{action} is not legal now"  # pragma: no cover - every refusal is named above


def _replaced(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``values[seat]`` replaced (three seats, so spelled out for speed)."""
    if seat == 0:
        return (value, values[1], values[2])
    if seat == 1:
        return (values[0], value, values[2])
    return (values[0], values[1], value)
