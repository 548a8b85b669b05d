"""``cardavia practice build``: find practice positions in real deals (the arena's, or
the site's finished ones) and write the shipped file."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from cardavia.ai.registry import PLAYER_NAMES
from cardavia.games.registry import GAME_NAMES, get_game
from cardavia.store import GameStore, StoreError, open_engine
from cardavia.web.infra.settings import Settings, SettingsError
from cardavia.web.practice.build import Found, build
from cardavia.web.practice.sources import LINEUPS, Finished, arena_deals, site_deals
from cardavia.web.practice.store import POSITIONS, QUESTIONS

KINDS = tuple(QUESTIONS)
"""The questions a position may ask (``kind_of`` tells which one a decision asks)."""

app = typer.Typer(help="Practice positions: find them with the coach.", no_args_is_help=True)


@app.command("build")
def build_command(
    game: Annotated[str, typer.Option(help="The game: sisepai or chuopai.")],
    count: Annotated[int, typer.Option(help="How many positions to find.")] = 30,
    seed: Annotated[
        int | None, typer.Option(help="The first arena deal's number (default 1).")
    ] = None,
    lineup: Annotated[
        str | None,
        typer.Option(
            help="The arena's AI level per seat, seat 0 first, comma-separated "
            "(default: sisepai basic,easy,basic,strong; chuopai basic,easy,strong)."
        ),
    ] = None,
    from_site: Annotated[
        bool,
        typer.Option(
            "--from-site",
            help="Weigh the site's finished deals (DATABASE_URL) whose seat 0 a person "
            "played, instead of arena deals.",
        ),
    ] = False,
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
    """Weigh seat 0's decisions in real deals and keep those the coach's choice clearly
    wins; each is stored as its deal's number and the moves before it."""
    if game not in GAME_NAMES:
        _refuse(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}")
    if kind is not None and kind not in KINDS:
        _refuse(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
    if from_site and lineup is not None:
        _refuse("--lineup plays arena deals: it does not go with --from-site")
    if from_site and seed is not None:
        # The site's deals carry their own numbers: a seed would silently mean nothing.
        _refuse("--seed numbers arena deals: it does not go with --from-site")
    deals = _site(game) if from_site else _arena(game, lineup, 1 if seed is None else seed)
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

    found = build(game, count, deals, kind=kind, progress=progress)
    seconds = time.monotonic() - started
    if not found:  # a database without such deals must not empty the shipped file
        typer.echo(
            f"\nno position of {game} found in {seconds:.0f} s: {target} unchanged", err=True
        )
        return
    total = _write(target, before, found)
    typer.echo(
        f"\n{len(found)} positions of {game} found in {seconds:.0f} s, {total} in {target}",
        err=True,
    )


def _refuse(message: str) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(2)


def _arena(game: str, lineup: str | None, seed: int) -> Iterator[Finished]:
    names = LINEUPS[game] if lineup is None else tuple(lineup.replace(" ", "").split(","))
    seats = get_game(game).players
    if len(names) != seats:
        _refuse(f"a {game} line-up names {seats} levels, one per seat: not {lineup!r}")
    unknown = [name for name in names if name not in PLAYER_NAMES]
    if unknown:
        _refuse(f"unknown level {unknown[0]!r}: choose among {', '.join(PLAYER_NAMES)}")
    return arena_deals(game, names, seed)


def _site(game: str) -> Iterator[Finished]:
    """The site's finished deals, read while the build weighs them (the database is
    only read: no migration, no write)."""
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        _refuse(f"Cardavia cannot read its settings: {error}")
    engine = open_engine(settings.database_url)
    try:
        yield from site_deals(GameStore(engine), game)
    except StoreError as error:
        where = settings.database_label
        typer.echo(f"\nthe site's deals cannot be read ({where}): {error}", err=True)
        raise typer.Exit(3) from None
    finally:
        engine.dispose()


def _read(target: Path) -> list[dict[str, Any]]:
    if not target.exists():
        return []
    lines: list[dict[str, Any]] = json.loads(target.read_text(encoding="utf-8"))
    return lines


def _write(target: Path, before: list[dict[str, Any]], found: list[Found]) -> int:
    """Write ``before`` then each of ``found`` not in it (a position is its deal and
    moves); how many the file holds."""
    seen = {(line["seed"], tuple(line["moves"])) for line in before}
    lines = list(before)
    lines += [
        position.to_json()
        for position in found
        if (position.position.seed, position.position.moves) not in seen
    ]
    text = ",\n".join(json.dumps(line, sort_keys=True) for line in lines)
    target.write_text("[\n" + text + "\n]\n", encoding="utf-8")
    return len(lines)
