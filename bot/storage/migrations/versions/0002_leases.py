"""Leases: claims carry a holder and an expiry, a lease table for the one replica that posts; reveals
and unranked plays for an honest leaderboard.

Revision ID: 0002_leases
Revises: 0001_daily
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_leases"
down_revision = "0001_daily"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deliveries") as batch:
        batch.add_column(sa.Column("holder", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(), nullable=True))
    with op.batch_alter_table("plays") as batch:
        batch.add_column(sa.Column("seen", sa.String(16), nullable=True))
    op.create_table(
        "leases",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "reveals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("chat_id", sa.String(64), nullable=False),
        sa.Column("daily_id", sa.Integer(), sa.ForeignKey("daily_puzzles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_reveals_daily_id", "reveals", ["daily_id"])


def downgrade() -> None:
    op.drop_table("reveals")
    op.drop_table("leases")
    with op.batch_alter_table("plays") as batch:
        batch.drop_column("seen")
    with op.batch_alter_table("deliveries") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("holder")
