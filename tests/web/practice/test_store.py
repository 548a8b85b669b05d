"""The shipped positions as the site reads them: each rebuilt from its seed and moves, a
stored move the engine cannot play named with its position, and answers kept under a
key that only that position has."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.web.learn.positions import PERSON, PositionError, state_at
from cardavia.web.practice import store

SISEPAI = next(p for p in store.positions("sisepai") if len(p.moves) >= 3)
CHUOPAI = next(p for p in store.positions("chuopai") if len(p.moves) >= 3)


def unheld(practice: store.Practice) -> str:
    """A Chuo Pai play of one domino that the seat making ``practice``'s second move does
    not hold: good notation, never legal there."""
    engine = get_game("chuopai")
    deck, first = engine.shuffle(random.Random(practice.seed))
    deal = Deal(engine, deck, first)
    deal.act(practice.moves[0])
    seat = deal.state.to_act
    held = {str(card) for card in deal.state.view(seat).hand}
    return "play " + next(str(card) for card in deck if str(card) not in held)


def spoiled(practice: store.Practice, index: int, move: str) -> store.Practice:
    """``practice`` with its move ``index`` (from 0) replaced by ``move``."""
    moves = list(practice.moves)
    moves[index] = move
    return dataclasses.replace(practice, moves=tuple(moves))


@pytest.mark.parametrize(
    ("practice", "move", "reason"),
    [
        (SISEPAI, "discard zz", "move 2 'discard zz': "),
        (SISEPAI, "win", "move 2 'win': "),
        (CHUOPAI, unheld(CHUOPAI), f"move 2 {unheld(CHUOPAI)!r}: "),
        (CHUOPAI, "play  66", "move 2 'play  66' is not canonical: the engine writes 'play 66'"),
    ],
)
def test_a_move_the_engine_cannot_play_names_the_position_and_the_move(
    practice: store.Practice, move: str, reason: str
) -> None:
    bad = spoiled(practice, 1, move)
    where = f"{practice.game} deal {practice.seed} after {len(practice.moves)} moves"
    with pytest.raises(PositionError) as raised:
        state_at(bad.position)
    assert str(raised.value).startswith(f"{where}: {reason}")


def test_moves_that_end_at_another_seat_s_decision_are_refused() -> None:
    engine = get_game("chuopai")
    deck, first = engine.shuffle(random.Random(CHUOPAI.seed))
    deal = Deal(engine, deck, first)
    for count, move in enumerate(CHUOPAI.moves):
        if deal.state.to_act != PERSON:
            cut = dataclasses.replace(CHUOPAI, moves=CHUOPAI.moves[:count])
            message = (
                f"{cut.position} is not a decision of seat 0: seat {deal.state.to_act} is to act"
            )
            with pytest.raises(PositionError, match=re.escape(message)):
                state_at(cut.position)
            return
        deal.act(move)
    raise AssertionError("the opponents of seat 0 made no move before the position")


@pytest.mark.parametrize("game", store.GAMES)
def test_every_shipped_position_has_a_key_of_its_own(game: str) -> None:
    """Keys of the moves, never of a position's number or step: the same key whatever
    the file's order, and never the ``game/seed/step`` of the positions shipped before."""
    keys = [practice.key for practice in store.positions(game)]
    assert len(set(keys)) == len(keys)
    for practice, key in zip(store.positions(game), keys, strict=True):
        prefix, seed, digest = key.split("/")
        assert (prefix, int(seed)) == (game, practice.seed)
        assert len(digest) == store.KEY_DIGITS  # an old step had at most four digits
        assert dataclasses.replace(practice, number=999).key == key


def test_the_tally_counts_answers_to_shipped_positions_only() -> None:
    first, second = store.positions("sisepai")[:2]
    answers = {
        first.key: True,
        second.key: False,
        "sisepai/1/5": True,  # a position of the file before it was rebuilt
        store.positions("chuopai")[0].key: True,
    }
    assert store.tally("sisepai", answers) == (2, 1)
    assert store.tally("chuopai", answers) == (1, 1)
    assert store.tally("chuopai", {}) == (0, 0)
