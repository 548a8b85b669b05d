"""The practice positions a browser has answered (*Practice*, issue 25).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``practice_answers``."""
    op.create_table(
        "practice_answers",
        sa.Column("browser_hash", sa.String(64), primary_key=True),
        sa.Column("position", sa.String(64), primary_key=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop it again."""
    op.drop_table("practice_answers")
