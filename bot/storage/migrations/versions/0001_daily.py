"""Daily puzzles, subscriptions, deliveries, posts and plays.

Revision ID: 0001_daily
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_daily"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_puzzles",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("genre", sa.String(32), nullable=False),
        sa.Column("difficulty", sa.String(16), nullable=False),
        sa.Column("grade", sa.String(16), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rows", sa.Integer(), nullable=False),
        sa.Column("cols", sa.Integer(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("solution", sa.JSON(), nullable=False),
        sa.Column("url", sa.Text(), nullable=True),
        sa.Column("gen_seconds", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("day", "genre", "difficulty", name="uq_daily_day_genre_difficulty"),
    )
    op.create_index("ix_daily_puzzles_day", "daily_puzzles", ["day"])
    op.create_table(
        "subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("chat_id", sa.String(64), nullable=False),
        sa.Column("genre", sa.String(32), nullable=False),
        sa.Column("difficulty", sa.String(16), nullable=False),
        sa.Column("send_time", sa.String(5), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_by", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("platform", "chat_id", "genre", name="uq_subscription_chat_genre"),
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("chat_id", sa.String(64), nullable=False),
        sa.Column("daily_id", sa.Integer(), sa.ForeignKey("daily_puzzles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("message_id", sa.String(64), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.UniqueConstraint("platform", "chat_id", "daily_id", name="uq_delivery_chat_daily"),
    )
    op.create_table(
        "daily_posts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("chat_id", sa.String(64), nullable=False),
        sa.Column("message_id", sa.String(64), nullable=False),
        sa.Column("daily_id", sa.Integer(), sa.ForeignKey("daily_puzzles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("posted_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("platform", "chat_id", "message_id", name="uq_post_message"),
    )
    op.create_index("ix_daily_posts_daily_id", "daily_posts", ["daily_id"])
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("platform", sa.String(16), nullable=False),
        sa.Column("chat_id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("user_name", sa.String(128), nullable=False),
        sa.Column("daily_id", sa.Integer(), sa.ForeignKey("daily_puzzles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("solved_at", sa.DateTime(), nullable=True),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("wrong", sa.Integer(), nullable=False),
        sa.UniqueConstraint("platform", "chat_id", "user_id", "daily_id", name="uq_play_user_daily"),
    )
    op.create_index("ix_plays_user_id", "plays", ["user_id"])
    op.create_index("ix_plays_daily_id", "plays", ["daily_id"])


def downgrade() -> None:
    op.drop_table("plays")
    op.drop_table("daily_posts")
    op.drop_table("deliveries")
    op.drop_table("subscriptions")
    op.drop_table("daily_puzzles")
