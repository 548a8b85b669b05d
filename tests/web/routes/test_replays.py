"""The replay pages on the server: which deals they open (never a running one), and a
record file from disk checked as ``cardavia replay`` checks it."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.arena.runner import run_arena
from cardavia.records import parse_record
from cardavia.records.replay import replay_line
from cardavia.store import GameStore
from cardavia.web.dependencies import services_of
from cardavia.web.infra import thinking
from cardavia.web.presentation.timeline import position
from cardavia.web.routes import replays as replay_pages
from cardavia.web.routes.replays import UPLOAD_BYTES

from .test_your_deals import finish, start, store_of, table_of

EXAMPLES = Path(__file__).parents[2] / "records" / "spec_examples"


def upload(client: TestClient, data: bytes, name: str = "deal.json") -> tuple[int, str]:
    files = {"record": (name, data, "application/json")}
    response = client.post("/replay", files=files)
    return response.status_code, response.text


def count_deals(client: TestClient) -> int:
    store: GameStore = services_of(client.app).deals.store
    return sum(1 for _ in store.every())


@pytest.mark.parametrize(
    "name", sorted(path.name for path in EXAMPLES.glob("*.json") if "error" not in path.name)
)
def test_every_good_example_record_opens_in_the_viewer(client: TestClient, name: str) -> None:
    status, html = upload(client, (EXAMPLES / name).read_bytes(), name)
    assert status == 200, html
    assert 'id="replay-data"' in html and name in html


@pytest.mark.parametrize(
    ("lang", "replay", "cards"), [("zh", "播放", "出牌"), ("vi", "Phát", "Đánh")]
)
def test_the_replays_play_button_plays_the_steps_not_cards(
    client: TestClient, lang: str, replay: str, cards: str
) -> None:
    """One English word, two meanings: the viewer's *Play* runs the replay, Chuo Pai's
    *Play* plays cards; each language says each in its own words."""
    name = next(path for path in sorted(EXAMPLES.glob("chuopai*.json")) if "error" not in path.name)
    files = {"record": (name.name, name.read_bytes(), "application/json")}
    html = client.post(f"/replay?lang={lang}", files=files).text
    button = html.split('id="replay-play"', 1)[1].split("</button>", 1)[0]
    assert button.endswith(f">{replay}") and cards not in button
    data = json.loads(html.split('id="replay-data"', 1)[1].split(">", 1)[1].split("</script>")[0])
    assert data["messages"]["play"] == replay


BAD = {
    "not json": (b"{not json", "This file is not a game record"),
    "a list": (b"[1, 2]", "This file is not a game record"),
    "deep": (b"[" * 100 + b"]" * 100, "This file is not a game record"),
    "format": (b'{"format": "pgn"}', "its format is not cardavia-record/1"),
    "game": (
        b'{"format": "cardavia-record/1", "game": "poker"}',
        "The record is of no game this site plays",
    ),
    "deck": ((EXAMPLES / "chuopai-error-deck.json").read_bytes(), "deck is not exactly"),
    "illegal": (
        (EXAMPLES / "sisepai-error-illegal.json").read_bytes(),
        "Action 5 of the record (counting from 0) cannot be played there",
    ),
    "binary": (b"\xff\xfe\x00garbage", "This file is not a game record"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_record_gets_the_replay_commands_error_and_changes_nothing(
    client: TestClient, case: str
) -> None:
    data, sentence = BAD[case]
    before = count_deals(client)
    status, html = upload(client, data, f"{case}.json")
    assert status == 422
    assert sentence in html
    line, ok = replay_line(f"{case}.json", data)
    assert not ok
    shown = json.dumps(line["error"])[1:-1].replace('\\"', "&#34;").replace("'", "&#39;")
    assert shown.replace("<", "&lt;").replace(">", "&gt;") in html
    assert 'id="replay-data"' not in html
    assert count_deals(client) == before, "nothing is stored"


def test_a_bad_record_is_explained_in_the_pages_language(client: TestClient) -> None:
    data = (EXAMPLES / "sisepai-error-illegal.json").read_bytes()
    files = {"record": ("x.json", data, "application/json")}
    html = client.post("/replay?lang=it", files=files).text
    assert '<html lang="it">' in html
    assert "Action 5 of the record" not in html, "the sentence is Italian"
    assert "no discard is due" in html, "and the command's own words beside it"


def test_no_file_and_a_file_too_large_are_said_so(client: TestClient) -> None:
    status, html = upload(client, b"", "")
    assert status == 422 and "Choose a record file first." in html
    status, html = upload(client, b" " * (UPLOAD_BYTES - 4096))
    assert status == 422 and "larger than any record" in html
    response = client.post("/replay", files={"record": ("big.json", b" " * (UPLOAD_BYTES + 1))})
    assert response.status_code == 413


def test_an_arena_record_opens_too(client: TestClient, tmp_path: Path) -> None:
    run_arena("chuopai", ["basic", "random", "random"], 1, 5, records=tmp_path)
    record = next(tmp_path.glob("*.json"))
    status, html = upload(client, record.read_bytes(), record.name)
    assert status == 200
    data = json.loads(html.split('id="replay-data">')[1].split("</script>")[0])
    assert data["players"] == json.loads(record.read_text())["meta"]["seats"]
    assert data["timeline"]["finished"] is True


# -- the strong player's choice at the person's decisions ------------------------------------


def person_decisions(client: TestClient, game_id: str) -> list[tuple[int, str]]:
    """Each step at which the person had a choice, and what they chose (from the page's
    own timeline: the next frame's actor)."""
    html = client.get(f"/replay/{game_id}").text
    data = json.loads(html.split('id="replay-data">')[1].split("</script>")[0])
    frames = data["timeline"]["frames"]
    return [
        (frame["step"], after["actor"]["action"])
        for frame, after in itertools.pairwise(frames)
        if after["actor"]["seat"] == 0 and not after["actor"]["forced"]
    ]


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_decision_of_the_person_gets_the_strong_players_legal_choice(
    client: TestClient, game: str
) -> None:
    game_id = start(client, game, seed=7)
    finish(client, game_id)
    decisions = person_decisions(client, game_id)
    assert decisions, "the person decided something in this deal"
    record = parse_record(client.get(f"/api/tables/{table_of(client, game_id)}/record").content)
    for step, _ in decisions[:3]:
        answer = client.get(f"/replay/{game_id}/hint/{step}")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        state = position(record, step)
        assert state is not None and state.to_act == 0
        assert body["action"] in [str(action) for action in state.legal_actions()]
        assert client.get(f"/replay/{game_id}/hint/{step}").json() == body, "reproducible"


def test_no_choice_no_hint_and_only_the_owners_finished_deal(
    client: TestClient, other: TestClient
) -> None:
    game_id = start(client, "sisepai", seed=7)
    running = client.get(f"/replay/{game_id}/hint/0")
    assert running.status_code == 404, "a running deal has no hint here"
    finish(client, game_id)
    decided = {step for step, _ in person_decisions(client, game_id)}
    undecided = next(step for step in range(1, 400) if step not in decided)
    assert client.get(f"/replay/{game_id}/hint/{undecided}").status_code == 404
    step = min(decided)
    assert other.get(f"/replay/{game_id}/hint/{step}").status_code == 404, "not theirs"


def test_a_replay_hint_is_searched_once_however_often_it_is_asked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = start(client, "chuopai", seed=7)
    finish(client, game_id)
    step, _ = person_decisions(client, game_id)[0]
    searched: list[int] = []
    give_hint = thinking.give_hint

    def counted(*args: Any) -> Any:
        searched.append(step)
        return give_hint(*args)

    monkeypatch.setattr(thinking, "give_hint", counted)
    answers = [client.get(f"/replay/{game_id}/hint/{step}") for _ in range(5)]
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer.text for answer in answers}) == 1
    assert len(searched) == 1, "a finished deal's verdict is kept, not searched again"


def test_a_shared_deals_timeline_is_built_once_for_every_visitor(
    client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = start(client, "sisepai", seed=5)
    finish(client, game_id)
    client.post(f"/deals/{game_id}/share")
    shared = store_of(client).get(game_id)
    assert shared is not None and shared.share_id
    link = f"/shared/{shared.share_id}"
    built: list[str] = []
    build = replay_pages.timeline

    def counted(record: Any) -> Any:
        built.append(record.game)
        return build(record)

    monkeypatch.setattr(replay_pages, "timeline", counted)
    pages = [visitor.get(link) for visitor in (client, other, other)]
    assert {page.status_code for page in pages} == {200}
    assert len({page.text.count('"step"') for page in pages}) == 1
    assert built == ["sisepai"], "the timeline of a finished deal is kept"
