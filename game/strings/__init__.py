"""The strings of the game (docs in :mod:`game.i18n`)."""
