"""An index for retention: deals by status and last change.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Index ``(status, updated_at)``: pruning finds old deals without reading every row."""
    op.create_index("games_status_updated", "games", ["status", "updated_at"])


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("games_status_updated", table_name="games")
