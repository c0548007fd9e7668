"""The chat bot: a platform-neutral core, its job pipeline, and thin Telegram/Discord/console adapters."""
