"""Every fact of a Sì Sè Pái hint is true of the position: each number and card it names
is checked against the engine state (the other hands and the stock), the spec's groups
and scores, and every discard the hand could make."""

from __future__ import annotations

import random
from collections import Counter

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.ai.sisepai.hint import ReasonKind, explain
from cardavia.ai.sisepai.knowledge import COPIES
from cardavia.ai.sisepai.shape import BITS, leftover
from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.actions import DISCARDABLE, PASS, WIN, Verb
from cardavia.games.sisepai.melds import count, group_kind, is_complete, pack, unpack
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.records.deal import Deal


def spec_points(group: list[int]) -> int:
    """sisepai.md §7.2: a single General 1, a flower 3, every 3-card group 1, every 4-card
    group 2 (no take makes a pair)."""
    if len(group) == 1:
        return 3 if group[0] >= FLOWER_BASE else 1
    return {3: 1, 4: 2}[len(group)]


def hidden_copies(state: SiSePaiState, seat: int) -> Counter[int]:
    """Copies of each kind in the other concealed hands and the stock: what ``seat``
    cannot see, read from the engine state, not from the view."""
    hidden: Counter[int] = Counter(int(c) for c in state.deck[state.stock :])
    for other in range(4):
        if other != seat:
            hidden.update(int(c) for c in unpack(state.hands[other]))
    return hidden


def completing(hand: int) -> list[int]:
    """Every card kind that would complete the packed ``hand`` (by the engine's win test)."""
    return [
        c
        for c in range(FLOWER_BASE + 5)
        if count(hand, c) < COPIES[c] and is_complete(hand + BITS[c])
    ]


def fewest_after_any_discard(hand: int) -> int:
    return min(
        leftover(hand - BITS[card])
        for card in range(FLOWER_BASE)
        if DISCARDABLE[card] and (hand >> (3 * card)) & 7
    )


def check(state: SiSePaiState, seat: int, action: object) -> ReasonKind:
    view, legal = state.view(seat), state.legal_actions()
    reason = explain(view, legal, action)  # type: ignore[arg-type]
    hidden = hidden_copies(state, seat)
    hand = pack(view.hand)
    assert reason.left_over_before == leftover(hand)
    if reason.kind is ReasonKind.WIN:
        # The engine scores the win once the window closes (the others pass).
        after, _ = state.apply(WIN)
        while after.outcome is None:
            answers = after.legal_actions()
            after, _ = after.apply(PASS if PASS in answers else answers[0])
        if after.outcome.winner == seat:
            assert reason.points == after.outcome.score
        assert list(reason.cards) == [view.public_card]
        return reason.kind
    if reason.kind is ReasonKind.DISCARD:
        (card,) = reason.cards
        assert card in view.hand and DISCARDABLE[card]
        assert reason.unseen == hidden[int(card)]
        after = hand - BITS[card]
        assert reason.left_over_after == leftover(after)
        assert reason.usable == (leftover(after) >= leftover(hand))
    elif reason.kind is ReasonKind.TAKE:
        group = list(reason.cards)
        assert view.public_card in group
        assert reason.group_kind is not None and reason.group_kind == group_kind(group)
        assert reason.points == spec_points(group)
        group.remove(view.public_card)
        kept = hand
        for card in group:
            assert (kept >> (3 * card)) & 7, "the group's other cards come from the hand"
            kept -= BITS[card]
        assert reason.left_over_after == fewest_after_any_discard(kept)
        after = kept  # waits are checked on the hand after the best discard below
    else:
        assert reason.kind is ReasonKind.PASS and reason.left_over_after == leftover(hand)
        takes = [a for a in legal if a.verb is Verb.TAKE]
        if takes:
            partners = [Counter(a.cards) - Counter([view.public_card]) for a in takes]
            best = min(
                fewest_after_any_discard(pack((Counter(view.hand) - rest).elements()))
                for rest in partners
            )
            assert reason.take_left_over == best
        else:
            assert reason.take_left_over is None
        after = hand
    named = [int(c) for c in reason.waits]
    if reason.kind is ReasonKind.TAKE:
        # Some discard that leaves the stated left-over count leaves exactly these waits.
        assert any(
            leftover(after - BITS[d]) == reason.left_over_after
            and completing(after - BITS[d]) == named
            for d in range(FLOWER_BASE)
            if DISCARDABLE[d] and (after >> (3 * d)) & 7
        )
    else:
        assert named == completing(after)
    assert reason.waits_unseen == sum(hidden[int(c)] for c in reason.waits)
    return reason.kind


def test_every_fact_of_every_legal_action_holds_in_many_positions() -> None:
    rng = random.Random(41)
    mover = get_player("sisepai", "basic")
    kinds: Counter[ReasonKind] = Counter()
    waits_named = 0
    for d in range(14):
        deal = Deal(GAME, *GAME.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            assert seat is not None
            for action in state.legal_actions():
                kinds[check(state, seat, action)] += 1
                waits_named += bool(explain(state.view(seat), state.legal_actions(), action).waits)
            rng_d = decision_rng(d, seat, 0)
            deal.act(mover.choose(state.view(seat), state.legal_actions(), rng_d))
    assert min(kinds[k] for k in ReasonKind) >= 5 and kinds[ReasonKind.DISCARD] >= 500
    assert waits_named >= 20
