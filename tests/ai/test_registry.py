"""The registry: the players a table may seat, and the arena's diagnostics apart."""

from __future__ import annotations

import pytest

from cardavia.ai.registry import (
    ARENA_ONLY,
    PLAYER_NAMES,
    UnknownPlayerError,
    get_arena_player,
    get_player,
)


def test_the_oracle_is_never_a_table_player() -> None:
    assert "oracle" in ARENA_ONLY and "oracle" not in PLAYER_NAMES
    with pytest.raises(UnknownPlayerError, match="arena diagnostic"):
        get_player("sisepai", "oracle")
    assert get_arena_player("sisepai", "oracle").name == "oracle"
