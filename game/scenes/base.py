"""Scene and SceneStack: the screens of the game, pushed and popped like Tuxemon's states.

A scene handles input (``handle_event``), advances time (``update``) and paints itself
(``draw``). ``draw`` never changes game state. Only the top scene receives input and
updates; drawing starts at the topmost opaque scene so overlays (settlement over the table)
show what is under them, while a full-screen opaque scene hides everything below it.
"""

from __future__ import annotations

import pygame

from game.input import InputEvent


class Scene:
    """One screen. Subclasses override the three hooks and ``opaque`` as needed."""

    opaque: bool = True

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed or uncovered)."""

    def on_exit(self) -> None:
        """Called when the scene stops being the top (popped or covered)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""

    def handle_event(self, event: InputEvent) -> None:
        """React to one input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto ``surface``; must not change game state."""

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice drawn over this screen must not cover beyond its controls and
        buttons (the app finds those itself): a title, the coins. Nothing by default."""
        return []

    def rather_clear(self) -> list[pygame.Rect]:
        """What a notice covers only where every place clear of :meth:`keep_clear` covers
        it (the table's discards). Nothing by default."""
        return []


class SceneStack:
    """The stack of scenes; the last one is on top."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_exit()
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (the one below is not woken in between)."""
        old = None
        if self._scenes:
            old = self._scenes.pop()
            old.on_exit()
            old.stack = None
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()
        return old

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene upwards."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def handle_event(self, event: InputEvent) -> None:
        if self._scenes:
            self._scenes[-1].handle_event(event)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.on_resize(size)
