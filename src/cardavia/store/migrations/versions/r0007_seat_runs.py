"""Each person's own AI run and hints at a table's deal, kept with their seat.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Add ``hints`` (the decisions hinted; seats dealt before have none), ``ai_run`` and
    ``ai_run_at`` to ``deal_people``: ``games``' own columns of the same names, per seat."""
    op.add_column(
        "deal_people", sa.Column("hints", _JSON, nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column("deal_people", sa.Column("ai_run", _JSON, nullable=True))
    op.add_column("deal_people", sa.Column("ai_run_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop the three columns."""
    with op.batch_alter_table("deal_people") as batch:
        batch.drop_column("ai_run_at")
        batch.drop_column("ai_run")
        batch.drop_column("hints")
