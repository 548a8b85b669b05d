"""The lessons a browser has finished (*Learn to play*, issue 25).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``learn_progress``."""
    op.create_table(
        "learn_progress",
        sa.Column("browser_hash", sa.String(64), primary_key=True),
        sa.Column("lesson", sa.String(64), primary_key=True),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop it again."""
    op.drop_table("learn_progress")
