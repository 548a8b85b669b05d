"""``cardavia bench <subject>``: one sub-command per benchmark, each with only the options
it reads, each printing one JSON object of figures.

This group is the list of subjects: a new benchmark is a module here with a ``run``
function and a command below (the environments' one is added by :mod:`cardavia.cli`,
since this layer may not import them). The commands import their module when they run,
so that ``cardavia --help`` stays quick.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

app = typer.Typer(
    help="Measure speed and memory: each subject prints one JSON object of figures.",
    no_args_is_help=True,
)

# The options more than one subject reads, declared once.
Seconds = Annotated[float, typer.Option(help="Rough time spent on each figure.", min=0)]
Seed = Annotated[int, typer.Option(help="Seed of the random deals.")]
Think = Annotated[float, typer.Option(help="A player's mean pause, seconds.", min=0)]
Servers = Annotated[int, typer.Option(help="Server processes sharing the database.", min=1)]


class Flood(StrEnum):
    """What ``bench stall``'s four flooding clients send (``bench.stall.FLOODS``, which a
    test holds equal: the module is imported only when the command runs)."""

    strong = "strong"
    replay_hint = "replay-hint"
    upload = "upload"
    shared = "shared"
    hint = "hint"
    review = "review"
    tables = "tables"
    sockets = "sockets"


class DatabaseKind(StrEnum):
    """The shared database a load benchmark starts when not given --database-url."""

    sqlite = "sqlite"
    postgresql = "postgresql"


Database = Annotated[
    DatabaseKind, typer.Option(help="sqlite, or postgresql (a throwaway cluster).")
]
DatabaseUrl = Annotated[
    str | None, typer.Option(help="An existing database to use instead of --database.")
]
Server = Annotated[
    str | None, typer.Option(help="The HTTP server, as cardavia serve --server takes it.")
]
ServerSrc = Annotated[
    str | None,
    typer.Option(help="Run the server from this src folder (another version, side by side)."),
]


def emit(figures: dict[str, Any]) -> None:
    """Print a benchmark's figures, the one JSON object every subject prints."""
    typer.echo(json.dumps(figures))


@app.command()
def sisepai(seconds: Seconds = 3.0, seed: Seed = 1) -> None:
    """The Sì Sè Pái engine: random deals per second, win tests per second, peak memory."""
    from cardavia.bench import sisepai as subject

    emit(subject.run(seconds=seconds, seed=seed))


@app.command()
def chuopai(seconds: Seconds = 3.0, seed: Seed = 1) -> None:
    """The Chuo Pai engine: random deals per second, legal-action lists per second, memory."""
    from cardavia.bench import chuopai as subject

    emit(subject.run(seconds=seconds, seed=seed))


@app.command()
def ai(seconds: Seconds = 3.0, seed: Seed = 1) -> None:
    """Decision time of each AI player, the hint and the review (p50/p99)."""
    from cardavia.bench import ai as subject

    emit(subject.run(seconds=seconds, seed=seed))


@app.command()
def versus(
    against_src: Annotated[
        str, typer.Option(help="The src folder of the version to compare with.")
    ],
    game: Annotated[str, typer.Option(help="The game.")] = "sisepai",
    player: Annotated[str, typer.Option(help="The AI player timed.")] = "strong",
    deals: Annotated[
        int, typer.Option(help="Deals of basic players whose positions are timed.", min=1)
    ] = 8,
    seed: Seed = 1,
) -> None:
    """One player's decision time here and in another version, on the same positions."""
    from cardavia.bench import versus as subject

    try:
        figures = subject.run(game=game, player=player, against=against_src, deals=deals, seed=seed)
    except subject.VersusError as error:
        typer.echo(f"cannot compare: {error}", err=True)
        raise typer.Exit(2) from None
    emit(figures)


@app.command()
def web(
    seconds: Seconds = 3.0,
    seed: Seed = 1,
    server: Server = None,
    server_src: ServerSrc = None,
    via: Annotated[
        str,
        typer.Option(
            help="api: deals as a bot plays them (a table dealt at once by POST /api/tables, "
            "its bearer token); table: as the site's page plays them (the Start game form's "
            "table, its cookie). A --server-src older than the bots' tables plays table only."
        ),
    ] = "api",
) -> None:
    """An action's round trip through a real cardavia serve, and its server CPU."""
    from cardavia.bench import web as subject

    if via not in subject.VIA:
        raise typer.BadParameter(f"one of {', '.join(subject.VIA)}", param_hint="--via")
    emit(subject.run(seconds=seconds, seed=seed, server=server, source=server_src, via=via))


@app.command()
def stall(
    seconds: Seconds = 3.0,
    seed: Seed = 1,
    server: Server = None,
    server_src: ServerSrc = None,
    flood: Annotated[
        Flood, typer.Option(help="What the four other clients of one address send.")
    ] = Flood.strong,
    baseline: Annotated[
        float, typer.Option(help="Seconds the probe plays alone first (the quiet figures).", min=0)
    ] = 0.0,
) -> None:
    """A probe's latency while four clients of one address flood the same server."""
    from cardavia.bench import stall as subject

    emit(
        subject.run(
            seconds=seconds,
            seed=seed,
            server=server,
            source=server_src,
            flood=flood.value,
            baseline=baseline,
        )
    )


@app.command()
def load(
    games: Annotated[int, typer.Option(help="Deals to play in all.", min=1)] = 200,
    concurrency: Annotated[int, typer.Option(help="Players at once.", min=1)] = 50,
    think: Think = 1.0,
    servers: Servers = 1,
    database: Database = DatabaseKind.sqlite,
    database_url: DatabaseUrl = None,
    seed: Seed = 1,
) -> None:
    """Many people playing at once over loopback: latency, throughput, every deal checked."""
    from cardavia.bench import load as subject

    emit(
        subject.run(
            games=games,
            concurrency=concurrency,
            think=think,
            servers=servers,
            database=database.value,
            database_url=database_url,
            seed=seed,
        )
    )


@app.command()
def table(seed: Seed = 1) -> None:
    """How long a person waits at the table between two decisions (Chromium).

    It plays a fixed set of deals, so it takes no --seconds.
    """
    from cardavia.bench import table as subject

    emit(subject.run(seed=seed))


@app.command()
def tables(
    tables: Annotated[int, typer.Option(help="Tables of two people.", min=1)] = 100,
    think: Think = 1.0,
    servers: Servers = 1,
    database: Database = DatabaseKind.sqlite,
    database_url: DatabaseUrl = None,
    seed: Seed = 1,
    hold: Annotated[
        float | None,
        typer.Option(
            help="Seconds each decision stays on show (CARDAVIA_HOLD_SECONDS); the site's "
            "own by default. A small one plays about as fast as the people answer.",
            min=0.01,
        ),
    ] = None,
) -> None:
    """Tables of two people and AIs, live, across server processes: p99 and CPU per move."""
    from cardavia.bench import tables as subject

    emit(
        subject.run(
            tables=tables,
            think=think,
            servers=servers,
            database=database.value,
            database_url=database_url,
            seed=seed,
            hold=hold,
        )
    )


@app.command()
def lighthouse(
    seed: Seed = 1,
    runs: Annotated[
        int, typer.Option(help="Runs of each page and mode; the median run's figures.", min=1)
    ] = 1,
    reports: Annotated[
        Path | None, typer.Option(help="Also save every run's whole Lighthouse report here.")
    ] = None,
    server_src: ServerSrc = None,
    page: Annotated[
        list[str] | None,
        typer.Option(help="Only this page (index, game, table); repeat for more."),
    ] = None,
    mode: Annotated[
        list[str] | None, typer.Option(help="Only this mode (mobile, desktop).")
    ] = None,
) -> None:
    """Lighthouse's four scores, TBT and long tasks of the home, game and table pages,
    phone and desktop (installs Lighthouse with npm into .tools/lighthouse once)."""
    from cardavia.bench import lighthouse as subject

    try:
        figures = subject.run(
            seed=seed,
            runs=runs,
            reports=reports,
            source=server_src,
            pages=page or subject.PAGES,
            modes=mode or subject.MODES,
        )
    except subject.LighthouseError as error:
        typer.echo(f"cannot run Lighthouse: {error}", err=True)
        raise typer.Exit(2) from None
    emit(figures)
