"""Tables of people: the tables, their presence leases, and a record meta per deal.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

_JSON = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Create ``tables`` and ``table_presence``; add ``games.meta``."""
    op.add_column("games", sa.Column("meta", _JSON, nullable=True))
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("host_seat", sa.SmallInteger, nullable=False),
        sa.Column("settings", _JSON, nullable=False),
        sa.Column("seats", _JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("deals", _JSON, nullable=False),
        sa.Column("held", _JSON, nullable=True),
        sa.Column("decision", sa.Integer, nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("tables_due", "tables", ["due_at"])
    op.create_index("tables_updated", "tables", ["updated_at"])
    op.create_table(
        "table_presence",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.SmallInteger, primary_key=True),
        sa.Column("seen_until", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("table_presence_seen", "table_presence", ["seen_until"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("table_presence")
    op.drop_table("tables")
    op.drop_column("games", "meta")
