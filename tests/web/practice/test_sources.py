"""Positions from the site's finished deals: only the decisions of seat 0, the seat a
person played and the page draws as the person; each rebuilt from its deal's seed and
moves to the state the stored deal was in; nothing of a browser or a person kept."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia.ai.registry import PLAYER_NAMES
from cardavia.ai.verdict import VERDICT_WORLDS
from cardavia.cli import app
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.store import GameStore, StoredGame, open_engine, upgrade
from cardavia.web.learn.positions import PERSON, rebuild
from cardavia.web.practice.build import decisions
from cardavia.web.practice.sources import LINEUPS, person_at_seat_0, site_deals
from cardavia.web.services.tables.service import TableService

from ..services.tables.conftest import Clock, Table, make_service, open_table, play_out, run

Site = tuple[str, GameStore, list[StoredGame]]


def solo(tables: TableService, game: str, seed: int, to_the_end: bool = True) -> str:
    """A deal against the AIs (a table of one), the person choosing at random."""
    moment, token = run(tables.deal_alone(game, "basic", seed, "b" * 64))
    table = Table(tables, moment.table.id, "", {0: token})
    if to_the_end:
        play_out(table, random.Random(seed))
    live = table.read().live
    assert live is not None
    return live.stored.id


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A site's database in a file: two finished Chuo Pai deals against the AIs, one
    unfinished, and a table of two people (Ann at seat 0, Bo at seat 1) and an AI, its
    deal played to the end."""
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    tables = make_service(url, Clock(), seed=40)
    ids = [solo(tables, "chuopai", 3), solo(tables, "chuopai", 4)]
    solo(tables, "chuopai", 5, to_the_end=False)
    table = open_table(tables, "chuopai", ["person", "basic"])
    play_out(table, random.Random(1))
    live = table.read().live
    assert live is not None and live.over
    ids.append(live.stored.id)
    finished = [store.get(game_id) for game_id in ids]
    yield url, store, [stored for stored in finished if stored is not None]
    tables.tables.engine.dispose()
    engine.dispose()


def test_the_site_s_finished_deals_are_read_with_their_seed_and_decisions(site: Site) -> None:
    _, store, finished = site
    deals = list(site_deals(store, "chuopai"))
    assert sorted((deal.seed, deal.moves) for deal in deals) == sorted(
        (stored.seed, stored.decisions) for stored in finished
    ), "the finished deals; the unfinished one is not read"
    assert {deal.source for deal in deals} == {"site"}
    assert finished[2].meta is not None and finished[2].meta["levels"][:2] == [None, None]
    assert list(site_deals(store, "sisepai")) == []


def test_positions_are_the_person_s_seat_rebuilt_to_the_stored_deal_s_state(site: Site) -> None:
    """At the table of two people, Bo's decisions (seat 1) are no positions: the page
    draws seat 0 as the person."""
    _, store, finished = site
    engine = get_game("chuopai")
    by_seed = {stored.seed: stored for stored in finished}
    for deal in site_deals(store, "chuopai"):
        stored = by_seed[deal.seed]
        found = list(decisions("chuopai", deal))
        deck = tuple(engine.parse_card(code) for code in stored.deck)
        played = Deal(engine, deck, stored.first)
        expected = []
        for seat, move in stored.decisions:
            if seat == PERSON:
                expected.append(played.state)
            played.act(move)
        assert [state for _, state in found] == expected
        assert expected, "the person decided in every deal"
        for position, state in found:
            assert position.seed == stored.seed
            assert rebuild(position) == state and state.to_act == PERSON
    bo = [seat for seat, _ in finished[2].decisions if seat == 1]
    assert bo, "Bo decided too, and none of it became a position"


def test_a_deal_its_number_does_not_deal_or_whose_moves_no_longer_play_is_left_out(
    site: Site,
) -> None:
    _, store, finished = site
    first = finished[0]
    other_cards = dataclasses.replace(first, id="x" * 16, deck=finished[1].deck)
    moves = list(first.decisions)
    moves[3] = (moves[3][0], "pass")
    bad_move = dataclasses.replace(first, id="y" * 16, decisions=tuple(moves))
    store.insert(other_cards)
    store.insert(bad_move)
    assert sorted(deal.seed for deal in site_deals(store, "chuopai")) == sorted(
        stored.seed for stored in finished
    )


def test_a_deal_whose_seat_0_no_person_played_gives_no_position(site: Site) -> None:
    _, _, finished = site
    at_the_table = finished[2]
    assert person_at_seat_0(finished[0]) and person_at_seat_0(at_the_table)
    levels = list(at_the_table.meta["levels"]) if at_the_table.meta else []
    ai_at_0 = dataclasses.replace(at_the_table, meta={"levels": ["basic", *levels[1:]]})
    assert not person_at_seat_0(ai_at_0)


@pytest.mark.slow  # the coach weighs every decision it looks at (~5 s)
def test_the_command_builds_from_the_site_and_keeps_only_seed_and_moves(
    site: Site, tmp_path: Path
) -> None:
    url, _, finished = site
    target = tmp_path / "chuopai.json"
    result = CliRunner().invoke(
        app,
        [
            *("practice", "build", "--game", "chuopai", "--from-site", "--count", "20"),
            "--out",
            str(target),
        ],
        env={"DATABASE_URL": url},
    )
    assert result.exit_code == 0, result.output
    lines = json.loads(target.read_text(encoding="utf-8"))
    assert lines, "the person's decisions in these deals hold clear choices"
    seeds = {stored.seed: stored for stored in finished}
    text = target.read_text(encoding="utf-8")
    for stored in finished:
        assert stored.id not in text and "b" * 64 not in text
    for line in lines:
        assert set(line) == {
            "seed",
            "moves",
            "source",
            "kind",
            "best",
            "grade",
            "chances",
            "worlds",
        }
        assert line["source"] == "site"
        stored = seeds[line["seed"]]
        assert line["moves"] == [move for _, move in stored.decisions[: len(line["moves"])]]
        assert stored.decisions[len(line["moves"])][0] == PERSON
    assert {line["worlds"] for line in lines} == {VERDICT_WORLDS}


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_the_default_line_up_seats_the_site_s_levels_one_per_seat(game: str) -> None:
    lineup = LINEUPS[game]
    assert len(lineup) == get_game(game).players
    assert lineup[0] == "basic" and set(lineup) <= set(PLAYER_NAMES) - {"random"}
    assert {"easy", "strong"} <= set(lineup[1:]), "the opponents span the site's levels"
