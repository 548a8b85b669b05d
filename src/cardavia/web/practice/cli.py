"""``cardavia practice build``: find practice positions and write the shipped file."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from cardavia.games.registry import GAME_NAMES
from cardavia.web.practice.build import Found, build
from cardavia.web.practice.store import POSITIONS

app = typer.Typer(help="Practice positions: find them with the coach.", no_args_is_help=True)


@app.command("build")
def build_command(
    game: Annotated[str, typer.Option(help="The game: sisepai or chuopai.")],
    count: Annotated[int, typer.Option(help="How many positions to find.")] = 30,
    seed: Annotated[int, typer.Option(help="The first deal's seed.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Where to write (default: the shipped file).")
    ] = None,
) -> None:
    """Weigh decisions of seeded deals and keep those the coach's choice clearly wins."""
    if game not in GAME_NAMES:
        typer.echo(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}", err=True)
        raise typer.Exit(2)
    started = time.monotonic()
    target = out or POSITIONS / f"{game}.json"
    written = 0

    def progress(weighed: int, kept: list[Found]) -> None:
        nonlocal written
        if len(kept) > written:  # saved as it goes: an interrupted build keeps its finds
            _write(target, kept)
            written = len(kept)
        typer.echo(f"\r{weighed} weighed, {len(kept)} kept", nl=False, err=True)

    found = build(game, count, seed, progress=progress)
    _write(target, found)
    seconds = time.monotonic() - started
    typer.echo(f"\n{len(found)} positions of {game} in {seconds:.0f} s: {target}", err=True)


def _write(target: Path, found: list[Found]) -> None:
    lines = [json.dumps(position.to_json(), sort_keys=True) for position in found]
    target.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
