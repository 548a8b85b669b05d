"""``--plot``: the players' win, draw and score-share rates with their 95% intervals."""

from __future__ import annotations

from pathlib import Path

from cardavia.arena.results import ArenaResult


def write_plot(result: ArenaResult, path: Path) -> None:
    """Write a grouped bar chart to ``path`` (PNG or SVG, chosen by its extension)."""
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"--plot writes .png or .svg files, not {path.name!r}")
    import matplotlib

    matplotlib.use("Agg")  # no display on servers and CI
    import matplotlib.pyplot as plt

    players = result.players()
    measures = (
        ("win rate", [(p.win_rate, p.win_rate_ci) for p in players]),
        ("draw rate", [(p.draw_rate, p.draw_rate_ci) for p in players]),
        ("score share", [(p.score_share, p.score_share_ci) for p in players]),
    )
    width = 0.8 / len(measures)
    fig, ax = plt.subplots(figsize=(2 + 1.8 * len(players), 4))
    for i, (label, values) in enumerate(measures):
        xs = [k + (i - (len(measures) - 1) / 2) * width for k in range(len(players))]
        heights = [100 * v for v, _ in values]
        errors = [
            [100 * (v - ci[0]) for v, ci in values],
            [100 * (ci[1] - v) for v, ci in values],
        ]
        ax.bar(xs, heights, width, yerr=errors, capsize=3, label=label)
    ax.set_xticks(range(len(players)), [f"{p.name}\n({p.seatings} seatings)" for p in players])
    ax.set_ylabel("% of seatings (95% interval)")
    ax.set_title(f"{result.game}: {result.deals} decks × {len(result.names)} rotations")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
