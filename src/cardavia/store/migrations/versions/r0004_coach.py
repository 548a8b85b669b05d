"""The coach's columns: the hints a person asked for, a finished deal's review.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Add ``hints`` (the steps hinted; deals stored before have none) and ``review``."""
    op.add_column(
        "games", sa.Column("hints", _JSON, nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column("games", sa.Column("review", _JSON, nullable=True))


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("review")
        batch.drop_column("hints")
