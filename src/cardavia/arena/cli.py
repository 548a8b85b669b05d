"""``cardavia arena <mode>``: one sub-command per way of running the arena, each with
only the options it reads.

This module only declares the command line (it stays light: ``cardavia --help`` and
``cardavia serve`` import it); :mod:`cardavia.arena.command` does the work.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    help="AI players meet on duplicate deals: every deck is played in every rotation of the "
    "seats, and the rates come with 95% intervals.",
    no_args_is_help=True,
)

# The options more than one mode reads, declared once.
Game = Annotated[str, typer.Option(help="sisepai or chuopai.")]
Seats = Annotated[
    str,
    typer.Option(
        help="Player names, one per seat: e.g. strong,basic,basic,basic; "
        "'cmd:COMMAND' seats an external program (docs/bots.md)."
    ),
]
Deals = Annotated[int, typer.Option(help="Distinct decks; each is played in every rotation.")]
Seed = Annotated[int, typer.Option(help="Seed of the decks and of every decision.")]
Workers = Annotated[int, typer.Option(help="Processes (results do not depend on it).")]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Plot = Annotated[Path | None, typer.Option(help="Write a PNG or SVG chart of the rates here.")]
Records = Annotated[Path | None, typer.Option(help="Keep every deal's record here.")]
BotTimeout = Annotated[
    float, typer.Option(help="Seconds an external program has for each decision.")
]
BotStartTimeout = Annotated[
    float, typer.Option(help="Seconds an external program has to start and say hello.")
]
# The defaults of the two timeouts are arena.seats' DECISION_TIMEOUT and START_TIMEOUT,
# written out so that the command line does not import the arena to show its help
# (tests/arena/test_cli.py checks they agree).
DECISION_SECONDS = 1.0
START_SECONDS = 10.0


@app.command()
def play(
    game: Game,
    seats: Seats,
    deals: Deals,
    seed: Seed = 1,
    workers: Workers = 1,
    as_json: AsJson = False,
    plot: Plot = None,
    records: Records = None,
    bot_timeout: BotTimeout = DECISION_SECONDS,
    bot_start_timeout: BotStartTimeout = START_SECONDS,
) -> None:
    """Play the seats on duplicate deals; print each player's rates with 95% intervals."""
    from cardavia.arena.command import Seating
    from cardavia.arena.command import play as run

    seating = Seating(
        game, seats, deals, seed, workers, as_json, plot, records, bot_timeout, bot_start_timeout
    )
    raise typer.Exit(run(seating))


@app.command()
def paired(
    game: Game,
    seats: Seats,
    deals: Deals,
    reference: Annotated[
        str, typer.Option(help="The AI player the first seat's player is measured against.")
    ] = "basic",
    seed: Seed = 1,
    workers: Workers = 1,
    as_json: AsJson = False,
    plot: Plot = None,
    records: Records = None,
    bot_timeout: BotTimeout = DECISION_SECONDS,
    bot_start_timeout: BotStartTimeout = START_SECONDS,
) -> None:
    """Measure the first seat's player against --reference, pair by pair.

    Every seating is played twice, the second time with --reference in the first seat's
    place (same deck, same decision seeds); the win-rate difference comes with McNemar's
    test.
    """
    from cardavia.arena.command import Seating
    from cardavia.arena.command import play as run

    seating = Seating(
        game, seats, deals, seed, workers, as_json, plot, records, bot_timeout, bot_start_timeout
    )
    raise typer.Exit(run(seating, reference))


@app.command()
def league(
    players: Annotated[
        str, typer.Option(help="Two or more AI players, e.g. easy,basic,strong,random.")
    ],
    deals: Deals,
    game: Annotated[
        str | None, typer.Option(help="sisepai or chuopai; both when left out.")
    ] = None,
    seed: Seed = 1,
    workers: Workers = 1,
    as_json: AsJson = False,
) -> None:
    """Every player against every other; one table per game.

    Each cell is one player in one seat and the other in all the rest, on the same decks.
    """
    from cardavia.arena.command import League
    from cardavia.arena.command import league as run

    raise typer.Exit(run(League(game, players, deals, seed, workers, as_json)))
