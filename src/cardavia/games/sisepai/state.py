"""The Sì Sè Pái deal as an immutable value (sisepai.md §4–7).

Between decisions the state is always in one of two phases: a claim window on a
public card (one seat answering at a time, answers sealed), or a discard due from
the seat that just took a card. Draws, the second window on an untaken drawn card,
the dead pile and the stock test happen inside transitions; they are not actions.

``apply`` and ``play_forced`` share one transition loop that works on local
variables and builds a single new state at the end, because most of a deal's ~280
steps are forced passes that must stay cheap.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from cardavia.cards.four_colour import CARDS, Card
from cardavia.core.errors import IllegalActionError
from cardavia.games.sisepai.actions import DISCARD_ORDER, DISCARDABLE, DISCARDS, Action, Verb
from cardavia.games.sisepai.claims import answer_order, claim_options, lone_claim, resolve
from cardavia.games.sisepai.events import (
    Answered,
    Claimed,
    Dead,
    Discarded,
    Drew,
    Event,
    StockOut,
    Won,
)
from cardavia.games.sisepai.illegal import why_illegal
from cardavia.games.sisepai.melds import (
    Group,
    best_grouping,
    group_score,
    kind_bit,
    pack,
    size,
    unpack,
)
from cardavia.games.sisepai.outcome import Outcome
from cardavia.games.sisepai.phase import Phase
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView

HAND_SIZE = 20
# Read through their class, enum members cost a tenth of a microsecond each in
# Python 3.11: the transition loop uses these names instead.
CLAIM, DISCARD, OVER = Phase.CLAIM, Phase.DISCARD, Phase.OVER
_WIN = Verb.WIN


class _Fields(NamedTuple):
    """The fields of a state, by name (a tuple underneath: equality and hashing are fast)."""

    deck: tuple[int, ...]
    """The dealt deck order; ``deck[stock:]`` is the stock, top first."""
    dealer: int
    hands: tuple[int, ...]
    """Concealed hands, packed (see :mod:`melds`)."""
    exposed: tuple[tuple[Group, ...], ...]
    stock: int
    dead: tuple[int, ...]
    phase: Phase
    card: int
    """The public card (claim phase, and the winning card once won), else -1."""
    drawn: bool
    """True while the public card is a fresh draw in its first window."""
    owner: int
    """The drawer or discarder of the public card; the taker in the discard phase."""
    answers: tuple[tuple[int, Action], ...]
    """Sealed answers given so far in the open window."""
    to_act: int | None
    step: int
    outcome: Outcome | None
    history: tuple[Event, ...] = ()
    """Every public event of the deal so far, in order (what every seat has seen)."""


class SiSePaiState(_Fields):
    """A whole deal, hidden cards included. Never sent to a client: use :meth:`view`.

    An immutable value; build one by field name. Its legal actions are computed once,
    on first use, and kept with it (a memo of a pure function of the value).
    """

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a SiSePaiState is immutable: apply() returns a new one")

    # --- the engine API ---------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act, sorted by code point of the text."""
        # The memo lives in this value's own __dict__ (functools.cached_property would
        # take a lock on every first use, a tenth of a random deal's time).
        memo = self.__dict__
        legal: tuple[Action, ...] | None = memo.get("legal")
        if legal is None:
            legal = memo["legal"] = self._find_legal()
        return legal

    def _find_legal(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase is DISCARD:
            return discard_options(self.hands[seat])
        return claim_options(self.hands[seat], self.card, seat, self.owner, self.drawn)

    def apply(self, action: Action) -> tuple[SiSePaiState, tuple[Event, ...]]:
        """The state after the seat to act plays ``action``, and the events it caused.

        Raises ``IllegalActionError`` saying why, in a player's words; ``self`` is a
        value and never changes.
        """
        if self.to_act is None:
            raise IllegalActionError("the deal is over: no more actions")
        if action not in self.legal_actions():
            seat = self.to_act
            raise IllegalActionError(
                why_illegal(
                    seat,
                    self.hands[seat],
                    self.phase is Phase.DISCARD,
                    self.card,
                    self.owner,
                    self.drawn,
                    action,
                )
            )
        state, events, _ = _run(self, action, auto=False)
        return state, events

    def deciders(self) -> tuple[tuple[int, tuple[Action, ...]], ...]:
        """The seat to act and its legal actions; in a claim window, then every later
        seat still to answer with the answers it may give. Answers are sealed and every
        eligible seat answers once ([D8]), so a seat's options depend only on its own
        hand and the public card, never on the answers before it."""
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase is DISCARD:
            return ((seat, self.legal_actions()),)
        order = answer_order(self.owner, self.drawn)
        later = order[order.index(seat) + 1 :]
        return (
            (seat, self.legal_actions()),
            *(
                (other, claim_options(self.hands[other], self.card, other, self.owner, self.drawn))
                for other in later
            ),
        )

    def play_forced(
        self,
    ) -> tuple[SiSePaiState, tuple[Event, ...], tuple[tuple[int, Action], ...]]:
        """Apply lone legal actions until a seat has a choice or the deal is over."""
        return _run(self, None, auto=True)

    def view(self, seat: int) -> SiSePaiView:
        """What ``seat`` may see: its own concealed cards, everything public, no more."""
        return SiSePaiView(
            seat=seat,
            step=self.step,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            hand=unpack(self.hands[seat]),
            hand_sizes=tuple(size(hand) for hand in self.hands),
            exposed=self.exposed,
            dead=tuple(CARDS[card] for card in self.dead),
            stock_left=len(self.deck) - self.stock,
            public_card=CARDS[self.card] if self.phase is Phase.CLAIM else None,
            public_from=self.owner if self.phase is Phase.CLAIM else None,
            public_drawn=self.drawn and self.phase is Phase.CLAIM,
            answering=answer_order(self.owner, self.drawn) if self.phase is Phase.CLAIM else (),
            my_answer=next((a for s, a in self.answers if s == seat), None),
            outcome=self.outcome,
            history=self.history,
        )

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Every card of the deck by place: each of the 117 is in exactly one."""
        places: dict[str, tuple[Card, ...]] = {}
        for seat in range(PLAYERS):
            places[f"hand {seat}"] = unpack(self.hands[seat])
            places[f"exposed {seat}"] = tuple(
                card for group in self.exposed[seat] for card in group
            )
        places["dead pile"] = tuple(CARDS[card] for card in self.dead)
        places["stock"] = tuple(CARDS[card] for card in self.deck[self.stock :])
        # A won card stays public: the outcome shows it among the winner's groups.
        places["public"] = (CARDS[self.card],) if self.card >= 0 else ()
        return places

    def shuffle_unseen(self, seat: int, rng: random.Random) -> SiSePaiState:
        """This state with the cards ``seat`` cannot see (other concealed hands and the
        stock) permuted among those places, each place keeping its size."""
        others = [s for s in range(PLAYERS) if s != seat]
        hidden: list[int] = [card for s in others for card in unpack(self.hands[s])]
        hidden += self.deck[self.stock :]
        rng.shuffle(hidden)
        hands = list(self.hands)
        at = 0
        for s in others:
            n = size(self.hands[s])
            hands[s] = pack(hidden[at : at + n])
            at += n
        deck = self.deck[: self.stock] + tuple(hidden[at:])
        return self._replace(hands=tuple(hands), deck=deck)


def discard_options(hand: int) -> tuple[Action, ...]:
    """Discards from a packed concealed hand: any card but Generals and flowers."""
    return tuple([action for shift, action in _DISCARD_TABLE if (hand >> shift) & 7])


_DISCARD_TABLE = tuple((3 * kind, DISCARDS[kind]) for kind in DISCARD_ORDER if DISCARDABLE[kind])


def deal(deck: tuple[int, ...], dealer: int) -> SiSePaiState:
    """The state after the deal and the dealer's first draw (records.md §1)."""
    hands = tuple(pack(deck[HAND_SIZE * s : HAND_SIZE * s + HAND_SIZE]) for s in range(PLAYERS))
    first = PLAYERS * HAND_SIZE
    return SiSePaiState(
        deck=tuple(int(card) for card in deck),
        dealer=dealer,
        hands=hands,
        exposed=((),) * PLAYERS,
        stock=first + 1,
        dead=(),
        phase=CLAIM,
        card=int(deck[first]),
        drawn=True,
        owner=dealer,
        answers=(),
        to_act=dealer,
        step=0,
        outcome=None,
        history=(Drew(dealer, CARDS[deck[first]], len(deck) - first - 1),),
    )


def _run(
    state: SiSePaiState, action: Action | None, auto: bool
) -> tuple[SiSePaiState, tuple[Event, ...], tuple[tuple[int, Action], ...]]:
    """Apply ``action`` (already checked legal), then, if ``auto``, every forced action."""
    deck = state.deck
    hands = list(state.hands)
    exposed = list(state.exposed)
    stock, dead, phase, card = state.stock, state.dead, state.phase, state.card
    drawn, owner, to_act, step = state.drawn, state.owner, state.to_act, state.step
    answers = list(state.answers)
    outcome = state.outcome
    events: list[Event] = []
    public: list[Event] = []  # the same minus sealed answers, for the history
    forced: list[tuple[int, Action]] = []
    while to_act is not None:
        seat = to_act
        is_forced = action is None
        if action is None:
            if not auto:
                break
            if phase is DISCARD:
                options = discard_options(hands[seat])
                action = options[0] if len(options) == 1 else None
            else:
                action = lone_claim(hands[seat], card, seat, owner, drawn)
            if action is None:
                break
            forced.append((seat, action))
        step += 1
        if phase is DISCARD:
            card = action.cards[0]
            hands[seat] -= kind_bit(card)
            public.append(Discarded(seat, CARDS[card], False))
            events.append(public[-1])
            phase, drawn, owner, to_act = CLAIM, False, seat, (seat + 1) % PLAYERS
            action = None
            continue
        answers.append((seat, action))
        events.append(Answered(seat, action, is_forced))
        action = None
        if len(answers) < (4 if drawn else 3):
            to_act = (seat + 1) % PLAYERS
            continue
        grant = resolve(answers, owner, drawn)
        answers = []
        if grant is not None:
            taker, claim = grant
            if claim.verb is _WIN:
                outcome = _win(hands[taker], exposed[taker], taker, card)
                public.append(Won(taker, CARDS[card], outcome.score, outcome.groups))
                events.append(public[-1])
                phase, to_act = OVER, None
                continue
            hand = hands[taker]
            public_left = True
            for member in claim.cards:
                if member == card and public_left:
                    public_left = False
                else:
                    hand -= kind_bit(member)
            hands[taker] = hand
            exposed[taker] = (*exposed[taker], claim.cards)
            public.append(Claimed(taker, CARDS[card], owner, claim.cards))
            events.append(public[-1])
            phase, card, drawn, owner, to_act = DISCARD, -1, False, taker, taker
            continue
        if drawn:
            # An untaken drawn card becomes the drawer's discard: a second window.
            public.append(Discarded(owner, CARDS[card], True))
            events.append(public[-1])
            drawn, to_act = False, (owner + 1) % PLAYERS
            continue
        dead = (*dead, card)
        public.append(Dead(CARDS[card]))
        events.append(public[-1])
        drawer = (owner + 1) % PLAYERS
        if stock >= len(deck):
            # [D6] the stock is checked only now that a draw is due.
            public.append(StockOut(drawer))
            events.append(public[-1])
            outcome = Outcome(None)
            phase, card, to_act = OVER, -1, None
            continue
        card = deck[stock]
        stock += 1
        public.append(Drew(drawer, CARDS[card], len(deck) - stock))
        events.append(public[-1])
        drawn, owner, to_act = True, drawer, drawer
    history = state.history + tuple(public) if public else state.history
    new_state = SiSePaiState(
        deck=deck,
        dealer=state.dealer,
        hands=tuple(hands),
        exposed=tuple(exposed),
        stock=stock,
        dead=dead,
        phase=phase,
        card=card,
        drawn=drawn,
        owner=owner,
        answers=tuple(answers),
        to_act=to_act,
        step=step,
        outcome=outcome,
        history=history,
    )
    return new_state, tuple(events), tuple(forced)


def _win(hand: int, exposed: tuple[Group, ...], seat: int, card: int) -> Outcome:
    """The winner's result: exposed groups as they are, the rest grouped for the best score."""
    found = best_grouping(unpack(hand + kind_bit(card)))
    if found is None:  # pragma: no cover - a granted win was tested complete
        raise AssertionError("a granted win must complete the hand")
    concealed_score, concealed = found
    score = concealed_score + sum(group_score(group) for group in exposed)
    return Outcome(seat, score, exposed + concealed)
