"""Every fact of a Chuo Pai hint is true of the position: what beats what is checked
against the rules' own ``beats`` and the other two hands in the engine state."""

from __future__ import annotations

import random
from collections import Counter

from cardavia.ai.chuopai.hint import ReasonKind, explain
from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.chuopai import GAME, ChuoPaiState
from cardavia.games.chuopai.plays import PLAYS, beats
from cardavia.records.deal import Deal


def check(state: ChuoPaiState, seat: int, action: object) -> ReasonKind:
    view, legal = state.view(seat), state.legal_actions()
    reason = explain(view, legal, action)  # type: ignore[arg-type]
    play = action.play  # type: ignore[attr-defined]
    assert list(reason.cards) == list(action.cards)  # type: ignore[attr-defined]
    assert reason.points == len(reason.cards)
    # The cards this seat cannot see are the other two hands, read from the engine.
    others = Counter(c for s in range(3) if s != seat for c in state.concealed_hand(s))
    possible = [p.cards for p in PLAYS if all(others[c] >= n for c, n in Counter(p.cards).items())]
    expected = [cards for cards in possible if beats(PLAYS_BY[cards], play)]
    assert sorted(reason.beaters) == sorted(expected)
    if reason.safe:  # nobody can beat it: every other seat's hand holds no beating play
        for s in range(3):
            if s != seat:
                hand = Counter(state.concealed_hand(s))
                assert not any(
                    beats(p, play) and all(hand[c] >= n for c, n in Counter(p.cards).items())
                    for p in PLAYS
                )
    acted = {s for s, _ in view.round_plays}
    after = [s for s in range(3) if s != seat and s not in acted and view.hand_sizes[s]]
    assert reason.last == (not after)
    plays = [a.play for a in legal if a.play is not None]
    if reason.kind is ReasonKind.BEAT:
        assert view.top is not None and beats(play, view.top[1].play)
        assert reason.lowest == all(play.level <= p.level for p in plays)
    else:
        assert reason.kind is ReasonKind.LEAD and view.top is None
        singles = [p for p in plays if p.size == 1]
        assert reason.lowest == (play.size == 1 and all(play.level <= p.level for p in singles))
    return reason.kind


PLAYS_BY = {p.cards: p for p in PLAYS}


def test_every_fact_of_every_legal_play_holds_in_many_positions() -> None:
    rng = random.Random(51)
    mover = get_player("chuopai", "basic")
    kinds: Counter[ReasonKind] = Counter()
    safe = unsafe = 0
    for d in range(6):
        deal = Deal(GAME, *GAME.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            for action in legal:
                kinds[check(state, seat, action)] += 1
                is_safe = explain(state.view(seat), legal, action).safe
                safe += is_safe
                unsafe += not is_safe
            deal.act(mover.choose(state.view(seat), legal, decision_rng(d, seat, 0)))
    assert kinds[ReasonKind.LEAD] >= 200 and kinds[ReasonKind.BEAT] >= 50
    assert safe >= 50 and unsafe >= 50
