"""Finding practice positions: the kept ones are clear decisions of seat 0 in arena
deals, stored as seed and moves, and every shipped one still is a real position whose
stored answer the engine still gives."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from cardavia.ai.verdict import verdict, weigh
from cardavia.cli import app
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.web.learn.positions import PERSON, Reached, rebuild, state_at
from cardavia.web.practice import store
from cardavia.web.practice.build import (
    LOOKS_PER_DEAL,
    MOST_CHOICES,
    build,
    candidates,
    decisions,
    grade_of,
    kind_of,
)
from cardavia.web.practice.sources import arena_deals

BASIC = {"sisepai": ("basic",) * 4, "chuopai": ("basic",) * 3}
"""Line-ups of ``basic`` alone: the default's ``strong`` seat takes seconds a deal, and
which levels play is not what these tests are about."""


def test_a_kept_position_is_one_the_coach_clearly_wins() -> None:
    (found,) = build("chuopai", 1, arena_deals("chuopai", BASIC["chuopai"], 3), worlds=64)
    assert found.source == "arena"
    state = state_at(found.position)
    legal = [str(action) for action in state.legal_actions()]
    assert 2 <= len(legal) <= MOST_CHOICES
    assert found.best in legal
    assert set(found.chances) == set(legal), "every legal action is weighed"
    weighed = weigh("chuopai", state.view(PERSON), state.legal_actions(), worlds=64)
    assert weighed.clear, "the best beats every alternative by the paired test"
    assert found.chances[found.best] == max(found.chances.values())
    assert found.kind == kind_of("chuopai", state)
    assert found.grade == grade_of(weighed.gap)


def test_a_position_rebuilt_from_seed_and_moves_is_the_state_its_deal_had() -> None:
    """Every decision of seat 0 in an arena deal, stored as the deal's seed and the
    moves before it, rebuilds to the very state the deal was in (forced actions are not
    moves: the engine applies them again), and each move is canonical notation."""
    deal = next(arena_deals("chuopai", BASIC["chuopai"], 5))
    engine = get_game("chuopai")
    deck, first = engine.shuffle(random.Random(deal.seed))
    played = Deal(engine, deck, first)
    found = dict(decisions("chuopai", deal))
    at_seat_0 = 0
    for index, (seat, move) in enumerate(deal.moves):
        if seat == PERSON:
            position = Reached("chuopai", deal.seed, tuple(text for _, text in deal.moves[:index]))
            assert rebuild(position) == played.state == found[position]
            at_seat_0 += 1
        assert str(engine.parse_action(move)) == move
        played.act(move)
    assert at_seat_0 == len(found) > 3, "only seat 0's decisions are positions"


def test_an_arena_deal_is_the_same_deal_every_time_and_its_line_up_plays_it() -> None:
    deal = next(arena_deals("sisepai", BASIC["sisepai"], 8))
    assert next(arena_deals("sisepai", BASIC["sisepai"], 8)) == deal
    other = next(arena_deals("sisepai", ("basic", "random", "random", "random"), 8))
    assert other.seed == deal.seed and other.moves != deal.moves
    with pytest.raises(ValueError, match="4 seats"):
        next(arena_deals("sisepai", ("basic", "basic", "basic"), 8))


def test_at_most_a_few_decisions_of_a_deal_are_weighed_each_a_real_question() -> None:
    deal = next(arena_deals("sisepai", BASIC["sisepai"], 2))
    looked = candidates("sisepai", deal)
    assert 0 < len(looked) <= LOOKS_PER_DEAL
    for position, state in looked:
        assert state.to_act == PERSON and 2 <= len(state.legal_actions()) <= MOST_CHOICES
        assert rebuild(position) == state
    discards = candidates("sisepai", deal, "discard")
    assert discards and {kind_of("sisepai", state) for _, state in discards} == {"discard"}


@pytest.mark.parametrize(
    ("gap", "grade"), [(0.4, "easy"), (0.25, "easy"), (0.2, "medium"), (0.05, "hard")]
)
def test_the_grade_follows_the_best_s_lead_over_the_next(gap: float, grade: str) -> None:
    assert grade_of(gap) == grade


def test_the_command_writes_a_file_the_site_reads(tmp_path: pytest.TempPathFactory) -> None:
    target = tmp_path / "chuopai.json"  # type: ignore[operator]
    result = CliRunner().invoke(
        app,
        [
            "practice",
            "build",
            "--game",
            "chuopai",
            "--count",
            "1",
            "--seed",
            "3",
            "--lineup",
            "basic,basic,basic",
            "--out",
            str(target),
        ],
    )
    assert result.exit_code == 0, result.output
    (line,) = json.loads(target.read_text(encoding="utf-8"))
    assert set(line) == {"seed", "moves", "source", "kind", "best", "grade", "chances", "worlds"}
    assert line["source"] == "arena" and line["best"].startswith("play")
    position = Reached("chuopai", line["seed"], tuple(line["moves"]))
    assert line["best"] in [str(action) for action in rebuild(position).legal_actions()]


@pytest.mark.slow  # three builds, each weighing decisions with the coach (~8 s)
def test_the_command_adds_positions_of_one_kind_to_those_the_file_has(
    tmp_path: pytest.TempPathFactory,
) -> None:
    """``--kind`` asks only that question; ``--add`` keeps what the file held (a position
    found again is not written twice)."""
    target = tmp_path / "chuopai.json"  # type: ignore[operator]
    command = ["practice", "build", "--game", "chuopai", "--count", "1", "--seed", "3"]
    command += ["--lineup", "basic,basic,basic"]
    first = CliRunner().invoke(app, [*command, "--kind", "lead", "--out", str(target)])
    assert first.exit_code == 0, first.output
    held = json.loads(target.read_text(encoding="utf-8"))
    assert [line["kind"] for line in held] == ["lead"]
    more = [*command, "--kind", "beat", "--out", str(target), "--add"]
    second = CliRunner().invoke(app, more)
    assert second.exit_code == 0, second.output
    lines = json.loads(target.read_text(encoding="utf-8"))
    assert lines[0] == held[0] and [line["kind"] for line in lines] == ["lead", "beat"]
    again = CliRunner().invoke(app, [*command, "--kind", "lead", "--out", str(target), "--add"])
    assert again.exit_code == 0, again.output
    assert json.loads(target.read_text(encoding="utf-8")) == lines


def test_an_unknown_kind_is_refused() -> None:
    result = CliRunner().invoke(app, ["practice", "build", "--game", "chuopai", "--kind", "bluff"])
    assert result.exit_code == 2 and "unknown kind 'bluff'" in result.output


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        (["--lineup", "basic,basic"], "names 3 levels"),
        (["--lineup", "basic,oracle,basic"], "unknown level 'oracle'"),
        (["--lineup", "basic,basic,basic", "--from-site"], "does not go with --from-site"),
        (["--seed", "7", "--from-site"], "--seed numbers arena deals"),
    ],
)
def test_a_line_up_that_does_not_fit_is_refused(options: list[str], refusal: str) -> None:
    result = CliRunner().invoke(app, ["practice", "build", "--game", "chuopai", *options])
    assert result.exit_code == 2 and refusal in result.output


def test_an_unknown_game_is_refused() -> None:
    result = CliRunner().invoke(app, ["practice", "build", "--game", "mahjong"])
    assert result.exit_code == 2


@pytest.mark.slow  # the coach chooses again at each of the ~200 shipped positions (~40 s)
@pytest.mark.parametrize("game", store.GAMES)
def test_every_shipped_position_rebuilds_and_the_engine_still_answers_it(game: str) -> None:
    found = store.positions(game)
    assert len(found) >= 20
    assert {practice.grade for practice in found} <= set(store.GRADES)
    for practice in found:
        state = state_at(practice.position)
        legal = state.legal_actions()
        assert practice.best in [str(action) for action in legal], practice
        assert {name for name, _ in practice.chances} == {str(action) for action in legal}
        assert practice.kind == kind_of(game, state)
        chosen = verdict(game, state.view(PERSON), legal).action
        assert str(chosen) == practice.best, f"the coach no longer chooses {practice}"
