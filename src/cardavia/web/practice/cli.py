"""``cardavia practice build``: find practice positions and write the shipped file."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from cardavia.games.registry import GAME_NAMES
from cardavia.web.practice.build import Found, build
from cardavia.web.practice.store import POSITIONS, QUESTIONS

KINDS = tuple(QUESTIONS)
"""The questions a position may ask (``kind_of`` tells which one a decision asks)."""

app = typer.Typer(help="Practice positions: find them with the coach.", no_args_is_help=True)


@app.command("build")
def build_command(
    game: Annotated[str, typer.Option(help="The game: sisepai or chuopai.")],
    count: Annotated[int, typer.Option(help="How many positions to find.")] = 30,
    seed: Annotated[int, typer.Option(help="The first deal's seed.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Where to write (default: the shipped file).")
    ] = None,
    kind: Annotated[
        str | None,
        typer.Option(help=f"Only questions of this kind: {', '.join(KINDS)}."),
    ] = None,
    add: Annotated[
        bool, typer.Option("--add", help="Keep the file's positions and add the new ones.")
    ] = False,
) -> None:
    """Weigh decisions of seeded deals and keep those the coach's choice clearly wins."""
    if game not in GAME_NAMES:
        typer.echo(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}", err=True)
        raise typer.Exit(2)
    if kind is not None and kind not in KINDS:
        typer.echo(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}", err=True)
        raise typer.Exit(2)
    started = time.monotonic()
    target = out or POSITIONS / f"{game}.json"
    before = _read(target) if add else []
    written = 0

    def progress(weighed: int, kept: list[Found]) -> None:
        nonlocal written
        if len(kept) > written:  # saved as it goes: an interrupted build keeps its finds
            _write(target, before, kept)
            written = len(kept)
        typer.echo(f"\r{weighed} weighed, {len(kept)} kept", nl=False, err=True)

    found = build(game, count, seed, kind=kind, progress=progress)
    total = _write(target, before, found)
    seconds = time.monotonic() - started
    typer.echo(
        f"\n{len(found)} positions of {game} found in {seconds:.0f} s, {total} in {target}",
        err=True,
    )


def _read(target: Path) -> list[dict[str, Any]]:
    if not target.exists():
        return []
    lines: list[dict[str, Any]] = json.loads(target.read_text(encoding="utf-8"))
    return lines


def _write(target: Path, before: list[dict[str, Any]], found: list[Found]) -> int:
    """Write ``before`` then each of ``found`` not in it (a position is its deal and
    step); how many the file holds."""
    seen = {(line["seed"], line["step"]) for line in before}
    lines = list(before)
    lines += [
        position.to_json() for position in found if (position.seed, position.step) not in seen
    ]
    text = ",\n".join(json.dumps(line, sort_keys=True) for line in lines)
    target.write_text("[\n" + text + "\n]\n", encoding="utf-8")
    return len(lines)
