"""The registry: the players a table may seat, and the arena's diagnostics apart."""

from __future__ import annotations

import pytest

from cardavia.ai.registry import (
    ARENA_ONLY,
    ARENA_PLAYERS,
    PLAYER_NAMES,
    UnknownPlayerError,
    get_arena_player,
    get_player,
)
from cardavia.web.services.deals import AI_LEVELS


def test_the_oracle_is_never_a_table_player() -> None:
    assert "oracle" in ARENA_ONLY and "oracle" not in PLAYER_NAMES
    with pytest.raises(UnknownPlayerError, match="arena diagnostic"):
        get_player("sisepai", "oracle")
    assert get_arena_player("sisepai", "oracle").name == "oracle"


def test_steady_plays_in_the_arena_only() -> None:
    assert "steady" in ARENA_PLAYERS and "steady" not in PLAYER_NAMES
    assert "steady" not in AI_LEVELS  # the site's level list never offers it
    for game in ("sisepai", "chuopai"):
        with pytest.raises(UnknownPlayerError, match="arena only"):
            get_player(game, "steady")  # what tables and the site's AI make players with
        assert get_arena_player(game, "steady").name == "steady"
