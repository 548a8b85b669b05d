"""Each person's seat of a table's deal, tied to their browser, with their own review.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Create ``deal_people``."""
    op.create_table(
        "deal_people",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True),
        sa.Column("browser_hash", sa.String(64), nullable=False),
        sa.Column("review", _JSON, nullable=True),
    )
    op.create_index("deal_people_browser", "deal_people", ["browser_hash"])


def downgrade() -> None:
    """Drop it again."""
    op.drop_table("deal_people")
