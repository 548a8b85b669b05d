"""The ``cardavia`` command: replay records, run benchmarks."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    help="Cardavia: traditional Chinese card games against computer opponents.",
    no_args_is_help=True,
    add_completion=False,
)

BENCH_SUBJECTS = ("sisepai", "chuopai")


@app.command()
def replay(
    files: Annotated[list[Path], typer.Argument(help="Game records (records.md) to replay.")],
) -> None:
    """Replay each record and print one JSON line per file (exit 2 if any is invalid)."""
    from cardavia.records.replay import replay_line

    ok = True
    for path in files:
        name = str(path)
        try:
            text = path.read_bytes()
        except OSError as exc:
            line, good = {"file": name, "error": f"cannot read the file: {exc.strerror}"}, False
        else:
            line, good = replay_line(name, text)
        ok = ok and good
        typer.echo(json.dumps(line, ensure_ascii=False))
    raise typer.Exit(0 if ok else 2)


@app.command()
def bench(
    subject: Annotated[str, typer.Argument(help="What to measure: " + ", ".join(BENCH_SUBJECTS))],
    seconds: Annotated[float, typer.Option(help="Rough time spent on each figure.")] = 3.0,
    seed: Annotated[int, typer.Option(help="Seed of the random deals.")] = 1,
) -> None:
    """Measure speed and memory; print one JSON object."""
    if subject not in BENCH_SUBJECTS:
        typer.echo(
            f"unknown benchmark {subject!r}: choose one of {', '.join(BENCH_SUBJECTS)}", err=True
        )
        raise typer.Exit(2)
    module = importlib.import_module(f"cardavia.bench.{subject}")
    figures = module.run(seconds=seconds, seed=seed)
    typer.echo(json.dumps(figures))


def main() -> None:
    """Entry point of the ``cardavia`` console script."""
    app(prog_name="cardavia")


if __name__ == "__main__":
    main()
