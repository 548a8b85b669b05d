"""The Chuo Pai simulator follows the engine: deals played both ways end alike."""

from __future__ import annotations

import random

from cardavia.ai.chuopai.basic import BasicPlayer
from cardavia.ai.chuopai.sim import Table
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.legal import PASS_ONLY
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal

GAME = get_game("chuopai")


def test_simulated_deals_score_like_the_engine_from_any_decision() -> None:
    rng = random.Random(3)
    player = BasicPlayer()
    checked = 0
    for _ in range(12):
        deck, first = GAME.shuffle(rng)
        deal = Deal(GAME, deck, first)
        snapshots = []
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view = state.view(seat)
            action = player.choose(view, state.legal_actions(), rng)
            if rng.random() < 0.2:
                hands = [vec.pack(state.view(s).hand) for s in range(3)]
                order = [(view.leader + k) % 3 for k in range(3)]
                acted = {s for s, _ in view.round_plays}
                pending = [s for s in order if s not in acted and view.hand_sizes[s] > 0]
                assert pending[0] == seat
                top, top_seat = -1, -1
                if view.top is not None:
                    top_seat = view.top[0]
                    assert view.top[1].play is not None
                    top = view.top[1].play.index
                first_play = action.play.index if action.play is not None else PASS_ONLY[0]
                table = Table(hands, view.hand_sizes, view.scores)
                scores = table.finish_round(view.leader, top, top_seat, pending, first_play)
                snapshots.append(scores)
            deal.act(action)
        final = deal.state.outcome
        assert final is not None
        for predicted in snapshots:
            assert predicted == tuple(final.scores)
            checked += 1
    assert checked >= 30
