"""The screens of the game on a Tuxemon-style stack (``base``), the menus' base
(``menu_base``) and every screen but the table (``game.table.scene``). Screens never import
each other: ``game.nav`` builds them."""

from game.scenes.base import Scene, SceneStack

__all__ = ["Scene", "SceneStack"]
