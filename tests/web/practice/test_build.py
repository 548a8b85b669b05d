"""Finding practice positions: the kept ones are clear, and every shipped one still is a
real position whose stored answer the engine still gives."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cardavia.ai.verdict import verdict, weigh
from cardavia.cli import app
from cardavia.web.learn.positions import PERSON, Position, state_at
from cardavia.web.practice import store
from cardavia.web.practice.build import MOST_CHOICES, build, grade_of, kind_of


def test_a_kept_position_is_one_the_coach_clearly_wins() -> None:
    (found,) = build("chuopai", 1, seed=3, worlds=64)
    state = state_at(Position("chuopai", found.seed, found.step))
    legal = [str(action) for action in state.legal_actions()]
    assert 2 <= len(legal) <= MOST_CHOICES
    assert found.best in legal
    assert set(found.chances) == set(legal), "every legal action is weighed"
    weighed = weigh("chuopai", state.view(PERSON), state.legal_actions(), worlds=64)
    assert weighed.clear, "the best beats every alternative by the paired test"
    assert found.chances[found.best] == max(found.chances.values())
    assert found.kind == kind_of("chuopai", state)
    assert found.grade == grade_of(weighed.gap)


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
            "--out",
            str(target),
        ],
    )
    assert result.exit_code == 0, result.output
    assert '"best": "play' in target.read_text(encoding="utf-8")


@pytest.mark.slow  # three builds, each weighing decisions with the coach (~8 s)
def test_the_command_adds_positions_of_one_kind_to_those_the_file_has(
    tmp_path: pytest.TempPathFactory,
) -> None:
    """``--kind`` asks only that question; ``--add`` keeps what the file held (a position
    found again is not written twice)."""
    target = tmp_path / "chuopai.json"  # type: ignore[operator]
    command = ["practice", "build", "--game", "chuopai", "--count", "1", "--seed", "3"]
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
