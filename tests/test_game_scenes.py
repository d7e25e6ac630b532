"""Scene stack: push/pop/replace, who gets input and updates, what is drawn."""

from __future__ import annotations

import pygame

from game.input import Command, InputEvent, InputKind
from game.scenes.base import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__()
        self.name = name
        self.log = log
        self.opaque = opaque
        self.counter = 0

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def handle_event(self, event: InputEvent) -> None:
        self.log.append(f"event {self.name}")

    def update(self, dt: float) -> None:
        self.counter += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")


def test_push_pop_replace_and_lifecycle() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b and len(stack) == 2 and b.stack is stack
    assert stack.replace(c) is b and b.stack is None
    assert stack.scenes == (a, c)
    assert stack.pop() is c
    assert stack.top is a
    assert log == ["enter a", "exit a", "enter b", "exit b", "enter c", "exit c", "enter a"]
    stack.clear()
    assert not stack and stack.pop() is None


def test_only_the_top_scene_gets_input_and_updates() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log, opaque=False)
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.handle_event(InputEvent(InputKind.COMMAND, Command.CONFIRM))
    stack.update(0.016)
    assert log == ["event b"]
    assert (a.counter, b.counter) == (0, 1)


def test_drawing_stops_below_an_opaque_scene() -> None:
    log: list[str] = []
    stack = SceneStack()
    bottom, middle, overlay = Probe("bottom", log), Probe("middle", log), Probe("o", log, False)
    for s in (bottom, middle, overlay):
        stack.push(s)
    log.clear()
    surface = pygame.Surface((10, 10))
    stack.draw(surface)
    assert log == ["draw middle", "draw o"]  # bottom is hidden by the opaque middle
    assert stack.visible() == [middle, overlay]


def test_drawing_everything_when_nothing_is_opaque() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("x", log, False))
    stack.push(Probe("y", log, False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["draw x", "draw y"]
