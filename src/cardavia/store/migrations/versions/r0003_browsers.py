"""Whose deals they are, shared replays, and the AI's run in the person's seat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

# A migration keeps its own copy of the types (see r0001).
_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Add the browser that started each deal, its public replay link and the AI's run."""
    # Nullable: deals started before this revision, or through the API, belong to no
    # browser; an unshared deal has no link; a deal nobody asked about has no AI run.
    op.add_column("games", sa.Column("browser_hash", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("share_id", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("ai_run", _JSON, nullable=True))
    op.add_column("games", sa.Column("ai_run_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("games_browser", "games", ["browser_hash", "created_at"])
    op.create_index("games_share", "games", ["share_id"], unique=True)


def downgrade() -> None:
    """Drop the columns and their indexes."""
    op.drop_index("games_share", table_name="games")
    op.drop_index("games_browser", table_name="games")
    for column in ("ai_run_at", "ai_run", "share_id", "browser_hash"):
        op.drop_column("games", column)
