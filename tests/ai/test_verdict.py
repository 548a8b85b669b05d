"""The coach's verdict: ``strong``'s choice with its reason, its randomness read off the
seat's view alone, and a paired test that says when a suggestion beats a choice."""

from __future__ import annotations

import doctest
import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardavia.ai import search
from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.ai.verdict import SIGMAS, as_asked, position_rng, verdict
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal

GAMES = ("sisepai", "chuopai")


def cheap(game_name: str) -> Any:
    """``strong`` at a tenth of its budget: the same search, quick enough for a test."""
    return get_player(game_name, "strong", playouts=12)


def positions(game_name: str, deal_seed: int, most: int = 40) -> Iterator[tuple[Any, int]]:
    """``(state, seat to act)`` at each decision of a deal played by ``basic``."""
    game = get_game(game_name)
    basic = get_player(game_name, "basic")
    deal = Deal(game, *game.shuffle(random.Random(deal_seed)))
    for _ in range(most):
        if deal.over:
            return
        state = deal.state
        seat = state.to_act
        yield state, seat
        deal.act(basic.choose(state.view(seat), state.legal_actions(), decision_rng(1, seat, 0)))


@pytest.mark.parametrize("game_name", GAMES)
def test_the_randomness_is_the_views_alone(game_name: str) -> None:
    """Reshuffling the cards the seat cannot see changes neither the generator nor the
    verdict; another position (the next step) gets another generator."""
    player = cheap(game_name)
    streams = set()
    for state, seat in positions(game_name, 7, most=12):
        view, legal = state.view(seat), state.legal_actions()
        stream = position_rng(view).random()
        streams.add(stream)
        for k in range(3):
            other = state.shuffle_unseen(seat, random.Random(k))
            assert position_rng(other.view(seat)).random() == stream
        shuffled = state.shuffle_unseen(seat, random.Random(9)).view(seat)
        assert verdict(game_name, shuffled, legal, player=player) == verdict(
            game_name, view, legal, player=player
        )
    assert len(streams) == 12, "every position has its own generator"


def test_an_early_claim_answer_is_judged_as_the_engine_asks_it() -> None:
    """At a table of people a Sì Sè Pái seat may answer a claim window (and ask for a
    hint) before its turn; the record, so the review and the replay viewer, hold the
    decision at its turn. The verdict takes the early view as asked: the same view,
    hence the same opinion."""
    player, basic = cheap("sisepai"), get_player("sisepai", "basic")
    early_ones = judged = 0
    for deal_seed in (21, 22):
        for state, _ in positions("sisepai", deal_seed, most=120):
            for later, options in state.deciders()[1:]:
                early = state.view(later)
                moved = state
                while moved.to_act != later:
                    seat = moved.to_act
                    rng = decision_rng(deal_seed, seat, moved.step)
                    answer = basic.choose(moved.view(seat), moved.legal_actions(), rng)
                    moved, _ = moved.apply(answer)
                asked = moved.view(later)
                assert early != asked and early.step < asked.step
                assert as_asked("sisepai", early) == asked
                assert as_asked("sisepai", asked) == asked
                assert tuple(options) == moved.legal_actions()
                early_ones += 1
                if len(options) > 1 and judged < 6:
                    assert verdict("sisepai", early, options, player=player) == verdict(
                        "sisepai", asked, moved.legal_actions(), player=player
                    )
                    judged += 1
    assert early_ones >= 10 and judged >= 3


@pytest.mark.parametrize("game_name", GAMES)
def test_a_verdict_is_strongs_choice_with_its_reason(game_name: str) -> None:
    hints = importlib.import_module(f"cardavia.ai.{game_name}.hint")
    player = cheap(game_name)
    for state, seat in positions(game_name, 11, most=10):
        view, legal = state.view(seat), state.legal_actions()
        found = verdict(game_name, view, legal, player=player)
        assert found.action == player.choose(view, legal, position_rng(view))
        assert found.reason == hints.explain(view, legal, found.action)
        assert found.chances == () and found.worlds == 0 and not found.significant
        # The action it recommends, as the choice: nothing to weigh, nothing to find.
        assert verdict(game_name, view, legal, found.action, player=player) == found


@pytest.mark.parametrize("game_name", GAMES)
def test_a_weighed_verdict_plays_both_out_in_common_worlds(game_name: str) -> None:
    judge = importlib.import_module(f"cardavia.ai.{game_name}.review")
    player = cheap(game_name)
    weighed = 0
    for state, seat in positions(game_name, 13, most=12):
        view, legal = state.view(seat), state.legal_actions()
        action = player.choose(view, legal, position_rng(view))
        for chosen in legal:
            if chosen == action:
                continue
            found = verdict(game_name, view, legal, chosen, worlds=16, player=player)
            # By hand: the same generator, on from where the search left it.
            rng = position_rng(view)
            player.choose(view, legal, rng)
            rows = judge.playouts(view, (action, chosen), rng, 16)
            diffs = [a - b for a, b in rows]
            assert found.worlds == len(rows) == 16
            assert [c.action for c in found.chances] == [action, chosen]
            assert found.suggested_win == sum(a for a, _ in rows) / 16
            assert found.chosen_win == sum(b for _, b in rows) / 16
            assert found.gain == pytest.approx(found.suggested_win - found.chosen_win)
            margin = SIGMAS * sum(d * d for d in diffs) ** 0.5 / 16
            assert found.low == pytest.approx(found.gain - margin)
            assert found.high == pytest.approx(found.gain + margin)
            assert found.significant == (sum(diffs) > 0 and found.low > 0)
            weighed += 1
            break
    assert weighed >= 5


def test_the_paired_test_counts_only_the_worlds_that_differ() -> None:
    assert doctest.testmod(search).failed == 0
    # A tie in every world: no spread, no gain, never significant.
    assert search.paired_margin([0.0] * 50, SIGMAS) == 0.0
    # Four worlds won by one side only are not enough at two sigmas; five are.
    assert search.paired_margin([1.0] * 4 + [0.0] * 40, SIGMAS) == 4.0  # 4 > 4 fails
    assert search.paired_margin([1.0] * 5 + [0.0] * 40, SIGMAS) < 5


def test_an_unknown_game_has_no_coach() -> None:
    with pytest.raises(ValueError, match="no coach for 'chess'"):
        verdict("chess", None, [])
