"""Scenes of the game: a Tuxemon-style stack (start, table, settlement)."""

from game.scenes.base import Scene, SceneStack

__all__ = ["Scene", "SceneStack"]
