"""Every spec decision has a test named after it, and docs/clauses.md lists them."""

from __future__ import annotations

import pytest
from clause_index import GAMES, ROOT, decisions_marked, decisions_tested, index


@pytest.mark.parametrize("game", list(GAMES))
def test_every_decision_marked_in_the_rules_has_a_test(game: str) -> None:
    tested = decisions_tested()[game]
    marked = decisions_marked(game)
    assert marked, "the rules page marks its decisions"
    assert sorted(n for n in marked if not tested.get(n)) == []


def test_the_clause_index_in_docs_is_current() -> None:
    written = (ROOT / "docs/clauses.md").read_text(encoding="utf-8")
    assert written == index(), (
        "docs/clauses.md is out of date: "
        ".venv/bin/python tests/support/clause_index.py > docs/clauses.md"
    )
