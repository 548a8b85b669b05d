"""The ``cardavia`` command: serve the site, replay records, run benchmarks."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cardavia.arena import cli as arena_cli
from cardavia.bench import cli as bench_cli
from cardavia.web.practice import cli as practice_cli

if TYPE_CHECKING:
    from cardavia.web.infra.settings import Settings

app = typer.Typer(
    help="Cardavia: traditional Chinese card games against computer opponents.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(bench_cli.app, name="bench")
app.add_typer(arena_cli.app, name="arena")
app.add_typer(practice_cli.app, name="practice")


@app.command()
def replay(
    files: Annotated[list[Path], typer.Argument(help="Game records (records.md) to replay.")],
) -> None:
    """Replay each record and print one JSON line per file (exit 2 if any is invalid).

    Only regular files up to a megabyte are read; every bad file gets its one line with
    a short error, and the run goes on to the next file.
    """
    from cardavia.core.errors import RecordError
    from cardavia.records.files import read_record_file
    from cardavia.records.replay import error_line, replay_line

    ok = True
    for path in files:
        # A name that is not UTF-8 (bytes the file system allows) is shown with U+FFFD.
        name = str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        try:
            line, good = replay_line(name, read_record_file(path))
        except RecordError as error:
            line, good = error_line(name, error), False
        except Exception as error:  # a bug, not the file: say so, and go on
            line = {"file": name, "error": f"Cardavia failed on this file: {type(error).__name__}"}
            good = False
        ok = ok and good
        typer.echo(json.dumps(line, ensure_ascii=False))
    raise typer.Exit(0 if ok else 2)


# The environments' benchmark lives with them (the bench layer may not import envs), so
# it joins the bench group here; envs are optional, hence the import when it runs.
@bench_cli.app.command("env")
def bench_env(seconds: bench_cli.Seconds = 3.0, seed: bench_cli.Seed = 1) -> None:
    """The environments for AI builders: steps per CPU second beside the engine's own."""
    try:
        from cardavia.envs import bench as subject
    except ModuleNotFoundError as missing:
        if not str(missing).startswith("cardavia.envs needs"):
            raise
        typer.echo(str(missing), err=True)
        raise typer.Exit(2) from None
    bench_cli.emit(subject.run(seconds=seconds, seed=seed))


SERVERS = ("granian", "uvicorn")
HEADER_BYTES = 16 * 1024
"""The request line and headers of one request, in all: a browser sends 1-2 KiB (with
cookies); 16 KiB is what h11 and hyper themselves default to for a sane server."""


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    server: Annotated[
        str, typer.Option(help="The HTTP server: granian (the default) or uvicorn.")
    ] = "granian",
) -> None:
    """Run the web site and its JSON API (settings from the environment: docs/web.md)."""

    if server not in SERVERS:
        typer.echo(f"unknown server {server!r}: choose one of {', '.join(SERVERS)}", err=True)
        raise typer.Exit(2)
    settings = _settings()
    problem = _port_problem(host, port)
    if problem is not None:
        typer.echo(f"Cardavia cannot serve: {problem}", err=True)
        raise typer.Exit(1)
    _check_database(settings.database_url)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"Cardavia: open http://{shown}:{port}/ (games stored in {settings.database_label})")
    if server == "granian":
        _serve_granian(host, port, settings)
    else:
        _serve_uvicorn(host, port, settings)


def _port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port``, in one sentence, or ``None``.

    Both servers print a long traceback for a port in use (Granian's worker, 70 lines),
    and may exit 0: a socket bound and closed here, as the servers bind theirs
    (``SO_REUSEADDR``: a port only in TIME_WAIT is free), finds it first. A program that
    takes the port between this check and the server's start still gets the traceback.
    """
    import errno
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        return f"cannot listen on {host!r}: {getattr(error, 'strerror', None) or error}"
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return f"port {port} is in use (on {host}): stop what uses it or choose --port"
            return f"cannot listen on {host} port {port}: {error.strerror or error}"
    return None


def _serve_granian(host: str, port: int, settings: Any) -> None:
    """Granian: the limits on headers, their arrival and concurrent requests are its own
    (docs/operations.md says why it is the default)."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    os.environ[_SERVER_PID] = str(os.getpid())  # for granian_app, in the worker
    Granian(
        "cardavia.cli:granian_app",
        factory=True,
        address=host,
        port=port,
        interface=Interfaces.ASGI,
        workers=1,
        http=HTTPModes.http1,
        # The tables of people's live updates (Starlette's WebSocket, issue 17).
        websockets=True,
        backlog=settings.max_connections,
        # Requests in progress at once; the next connections wait in the backlog.
        backpressure=settings.max_connections,
        http1_settings=HTTP1Settings(
            header_read_timeout=int(settings.header_seconds * 1000),
            keep_alive=True,
            max_buffer_size=HEADER_BYTES,
        ),
        log_level=LogLevels.warning,
    ).serve()


def granian_app() -> Any:
    """The app in Granian's worker process, which must not outlive ``cardavia serve``.

    Granian runs the app in a child process; if the server process is killed outright
    (SIGKILL, the OOM killer) the child would go on serving the port unsupervised, and
    a restarted server could not take it over. Linux ends the child with its parent.
    """
    from cardavia.web.app import create_app
    from cardavia.web.infra.thinking import die_with_parent

    die_with_parent(int(os.environ[_SERVER_PID]))
    return create_app()


_SERVER_PID = "CARDAVIA_SERVER_PID"


def _serve_uvicorn(host: str, port: int, settings: Any) -> None:
    """uvicorn with h11: a bound on header size and on concurrent connections, but no
    time limit on a request's headers (uvicorn has none: docs/operations.md)."""
    import uvicorn

    from cardavia.web.app import create_app

    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="warning",
        http="h11",  # httptools has no limit on header size
        h11_max_incomplete_event_size=HEADER_BYTES,
        limit_concurrency=settings.max_connections,
        backlog=settings.max_connections,
        timeout_keep_alive=int(settings.header_seconds),
        # The app believes X-Forwarded-For only from CARDAVIA_TRUSTED_PROXIES; uvicorn's
        # own handling (which trusts 127.0.0.1 by default) is off.
        proxy_headers=False,
    )


@app.command()
def prune(
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Remove old deals: unfinished ones nobody acted in for CARDAVIA_KEEP_IDLE_DAYS,
    finished ones older than CARDAVIA_KEEP_FINISHED_DAYS, idle tables, and the lessons and
    practice answers of browsers idle as long (settings: docs/operations.md)."""
    from cardavia.store import GameStore, TableStore, open_engine
    from cardavia.web.services.retention import prune_everything

    settings = _settings()
    _check_database(settings.database_url)
    engine = open_engine(settings.database_url)
    try:
        games = GameStore(engine)
        removed = prune_everything(games, settings, TableStore(games))
    finally:
        engine.dispose()
    pruned = removed.deals
    summary = {
        "removed_idle": pruned.idle,
        "removed_finished": pruned.finished,
        "removed_tables": removed.tables,
        "removed_progress": removed.progress,
        "keep_idle_days": settings.keep_idle_days,
        "keep_finished_days": settings.keep_finished_days,
        "database": settings.database_label,
    }
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        typer.echo(
            f"Removed {pruned.idle} unfinished deals idle for over {settings.keep_idle_days} "
            f"days and {pruned.finished} finished deals older than "
            f"{settings.keep_finished_days} days (0 days: kept for ever), {removed.tables} "
            "tables of people nobody played at for as long, and "
            f"{removed.progress} lessons done and positions answered by browsers idle as "
            "long."
        )


@app.command()
def export(
    directory: Annotated[Path, typer.Argument(help="The folder to write the records into.")],
    since: Annotated[
        str | None,
        typer.Option(help="Only deals last changed on or after this date (2026-12-01)."),
    ] = None,
    game: Annotated[str | None, typer.Option(help="Only deals of this game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary line.")] = False,
) -> None:
    """Write the stored deals as record files (records.md), one per deal, readable by
    `cardavia replay` (settings: docs/operations.md)."""
    from datetime import UTC, datetime

    from cardavia.games.registry import GAME_NAMES
    from cardavia.store import GameStore, open_engine
    from cardavia.web.services.export import export as export_deals

    moment = None
    if since is not None:
        try:
            moment = datetime.fromisoformat(since)
        except ValueError:
            typer.echo(f"--since must be a date like 2026-12-01, not {since!r}", err=True)
            raise typer.Exit(2) from None
        moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    if game is not None and game not in GAME_NAMES:
        typer.echo(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}", err=True)
        raise typer.Exit(2)
    settings = _settings()
    _check_database(settings.database_url)
    engine = open_engine(settings.database_url)
    try:
        done = export_deals(GameStore(engine), directory, moment, game)
    finally:
        engine.dispose()
    if as_json:
        summary = {
            "written": done.written,
            "finished": done.finished,
            "ongoing": done.ongoing,
            "directory": str(directory),
            "since": None if moment is None else moment.isoformat(),
            "game": game,
            "database": settings.database_label,
        }
        typer.echo(json.dumps(summary))
    else:
        typer.echo(
            f"Wrote {done.written} records ({done.finished} finished deals, {done.ongoing} "
            f"unfinished) to {directory}."
        )


def _settings() -> Settings:
    """The settings from the environment; a value that cannot be read is one line per
    variable and status 2, not a traceback."""
    from cardavia.web.infra.settings import Settings, SettingsError

    try:
        return Settings.from_env()
    except SettingsError as error:
        typer.echo(f"Cardavia cannot start: {error}", err=True)
        raise typer.Exit(2) from None


def _check_database(database_url: str) -> None:
    """Migrate the database now, so a refusal is one sentence, not uvicorn's traceback.

    The app migrates again when it starts (a no-op then); tests and embedders rely on it.
    """
    from cardavia.store import StoreError, open_engine, upgrade

    engine = open_engine(database_url)
    try:
        upgrade(engine)
    except StoreError as error:
        typer.echo(f"Cardavia cannot serve: {error}", err=True)
        raise typer.Exit(3) from None  # the status uvicorn gives a failed start
    finally:
        engine.dispose()


def main() -> None:
    """Entry point of the ``cardavia`` console script."""
    app(prog_name="cardavia")


if __name__ == "__main__":
    main()
