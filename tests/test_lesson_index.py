"""Every clause of both specs is taught by a lesson step, and docs/lessons.md lists them."""

from __future__ import annotations

import pytest
from clause_index import GAMES, ROOT
from lesson_index import clauses, index, taught


@pytest.mark.parametrize("game", list(GAMES))
def test_every_clause_of_the_spec_is_taught_by_a_lesson_step(game: str) -> None:
    found = taught(game)
    assert [clause for clause in clauses(game) if not found.get(clause)] == []


@pytest.mark.parametrize("game", list(GAMES))
def test_every_clause_a_step_names_is_a_clause_of_the_spec(game: str) -> None:
    assert sorted(set(taught(game)) - set(clauses(game))) == []


def test_the_lesson_index_in_docs_is_current() -> None:
    written = (ROOT / "docs/lessons.md").read_text(encoding="utf-8")
    assert written == index(), (
        "docs/lessons.md is out of date: PYTHONPATH=src "
        ".venv/bin/python tests/support/lesson_index.py > docs/lessons.md"
    )
