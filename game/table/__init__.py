"""The table: one hand on screen (docs in docs/architecture.md, "game/table")."""
