"""The exercise's table as the page shows it: the person's view only, in the table's words."""

from __future__ import annotations

from cardavia.web.learn.catalog import lesson
from cardavia.web.learn.judge import choices
from cardavia.web.learn.model import Lesson
from cardavia.web.learn.present import path, progress, table
from cardavia.web.words.text import identity


def _lesson(game: str, slug: str) -> Lesson:
    found = lesson(game, slug)
    assert found is not None
    return found


def test_a_chuo_pai_table_tells_the_round_so_far_and_shows_the_top_play() -> None:
    beating = _lesson("chuopai", "beating")
    shown = table(beating, identity)
    assert shown.lines == ("Lan led Plum Blossom", "Zhu beat it with Harmony")
    assert shown.public == ("13",)
    assert [seat.name for seat in shown.seats] == ["Lan", "Zhu"]
    assert shown.hand_choices, "the hand's cards are the choices"
    assert {choice.action for choice in shown.choices} == set(choices(beating))


def test_a_si_se_pai_table_names_the_public_card_and_offers_the_group() -> None:
    shown = table(_lesson("sisepai", "groups"), identity)
    assert shown.lines == ("white Chariot: drawn by Ju",)
    take = next(choice for choice in shown.choices if choice.action.startswith("take"))
    assert take.cards == ("wR", "wH", "wC")
    assert take.label == "Take: white Chariot + white Horse + white Cannon"
    assert len(shown.hand) == 20, "the person's own cards, never another seat's"
    assert all(seat.groups == () or seat.cards < 20 for seat in shown.seats)


def test_a_discard_offers_every_card_of_the_hand_by_its_spoken_name() -> None:
    shown = table(_lesson("sisepai", "discard"), identity)
    labels = {choice.action: choice.label for choice in shown.choices}
    assert labels["discard F4"] == "Discard flower 4"
    assert set(shown.hand) == {choice.cards[0] for choice in shown.choices}


def test_progress_counts_the_lessons_this_browser_finished() -> None:
    done = {"sisepai/cards", "sisepai/groups", "chuopai/rounds", "mahjong/nothing"}
    assert [(p["game"], p["done"], p["count"]) for p in progress(done, identity)] == [
        ("sisepai", 2, 5),
        ("chuopai", 1, 4),
    ]
    marks = [item["done"] for item in path("sisepai", done, identity)]
    assert marks == [True, True, False, False, False]
