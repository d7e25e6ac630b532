"""Bots: the :class:`Bot` protocol and :func:`load_bot`, the one way to get a bot by name.

A bot is built as ``Cls(seed)`` and draws every random choice from its own
``random.Random(seed)``, so a game is reproducible from its seeds. It sees only a
:class:`~engine.views.PlayerView` (never another seat's hidden tiles) and answers with one of
the legal actions it is given.

Names: ``random`` and ``greedy`` (engine/bots/basic.py), ``efficiency`` (the 牌效 baseline,
engine/bots/efficiency.py), ``easy``, ``normal``, ``hard``
(engine/bots/easy.py, normal.py, hard.py), or any ``package.module:ClassName``. Modules are
imported only when asked for, so a missing one fails with a clear message and nothing else.

Evaluation (:class:`Evaluator`, for hand reviews and analysis): the ``efficiency``,
``normal`` and ``hard`` bots also have ``evaluate(view, legal, *, budget=None)``, which
returns **every** legal action (item uses aside, as ``choose`` plays none) with a value, as
``(action, value)`` pairs sorted best first:

* the value is expected points for this seat from here to the end of the hand — the unit of
  the tournament's points per hand; higher is better; values never rise down the list;
* ``choose(view, legal)`` plays the first action of ``evaluate(view, legal)``;
* ``budget`` is the search effort in rollouts (the hard bot's Monte Carlo; None: the bot's
  default, 0: none); the other bots ignore it. Never wall-clock time: the same bot seed,
  view and budget give the same list on any machine, however slow;
* a win the bot takes is valued at least at the best alternative, a win it passes (the hard
  bot waiting for a self-draw) below passing; 换三张 and 定缺 choices are valued roughly, from
  the shanten they leave.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.round import Action
    from engine.views import PlayerView

__all__ = [
    "BOT_NAMES",
    "BOT_PATHS",
    "Bot",
    "BotFactory",
    "Evaluator",
    "UnknownBotError",
    "deal_in_risk",
    "load_bot",
    "plan_steps",
]


@runtime_checkable
class Bot(Protocol):
    """Chooses one action for its seat. ``legal`` is never empty when a bot is asked.

    Optional: a class attribute ``reads_view = False`` tells the simulator the bot never
    looks at its view (the ``random`` bot), so the view is built only if something reads it
    (engine/simulate.py). Bots without the attribute get a full view, as always.
    """

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


@runtime_checkable
class Evaluator(Protocol):
    """A bot that can say what every legal action is worth (see the module docstring)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...

    def evaluate(
        self, view: PlayerView, legal: Sequence[Action], *, budget: int | None = None
    ) -> list[tuple[Action, float]]: ...


class BotFactory(Protocol):
    """A bot class: ``Cls(seed)``."""

    def __call__(self, seed: int) -> Bot: ...


BOT_PATHS: dict[str, str] = {
    "random": "engine.bots.basic:RandomBot",
    "greedy": "engine.bots.basic:GreedyBot",
    "easy": "engine.bots.easy:EasyBot",
    "efficiency": "engine.bots.efficiency:EfficiencyBot",
    "normal": "engine.bots.normal:NormalBot",
    "hard": "engine.bots.hard:HardBot",
}
"""Bot names and the import path each one stands for."""

BOT_NAMES: tuple[str, ...] = tuple(BOT_PATHS)


class UnknownBotError(ValueError):
    """A bot spec that is neither a known name nor an importable ``module:Class``."""


def _resolve(spec: str, plugins: bool = False) -> BotFactory:
    name = spec.strip().lower() if isinstance(spec, str) else ""
    # Without plugins: the registered names, and bot classes of this project's own packages
    # (the game's tutorial bot) — code that is here anyway and imports without side effects.
    own = name.partition(":")[0].split(".")[0] in ("engine", "game") and ":" in name
    if name in BOT_PATHS:
        path = BOT_PATHS[name]
    elif isinstance(spec, str) and (plugins or own):
        path = spec.strip()
    else:
        shown = repr(spec) if isinstance(spec, str) and len(spec) <= 60 else "that"
        only = (
            "" if plugins else " (plug-in bots 'package.module:Class' only from the command line)"
        )
        raise UnknownBotError(f"unknown bot {shown}: use one of {', '.join(BOT_NAMES)}{only}")
    module_name, sep, class_name = path.partition(":")
    if not sep or not module_name or not class_name:
        raise UnknownBotError(
            f"unknown bot {spec!r}: use one of {', '.join(BOT_NAMES)} "
            "or an import path 'package.module:ClassName'"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise UnknownBotError(
            f"bot {spec!r}: module {module_name!r} cannot be imported ({exc}); "
            f"valid names: {', '.join(BOT_NAMES)}"
        ) from exc
    except Exception as exc:  # a relative name ('.foo'), or the module itself fails
        raise UnknownBotError(
            f"bot {spec!r}: module {module_name!r} cannot be imported ({type(exc).__name__}: {exc})"
        ) from exc
    cls = getattr(module, class_name, None)
    if cls is None or not callable(cls):
        raise UnknownBotError(f"bot {spec!r}: {module_name!r} has no class {class_name!r}")
    factory: BotFactory = cls
    if not isinstance(cls, type):  # e.g. 'sys:exit': only a class is built as a bot
        raise UnknownBotError(f"bot {spec!r}: {module_name}.{class_name} is not a class")
    if not callable(getattr(cls, "choose", None)):  # checked before anything is built
        raise UnknownBotError(f"bot {spec!r}: {class_name} has no choose(view, legal)")
    return factory


def load_bot(spec: str, seed: int = 0, *, plugins: bool = False) -> Bot:
    """The bot named by ``spec`` (a name in :data:`BOT_NAMES`), built with ``seed``. Raises
    :class:`UnknownBotError` listing the valid names.

    ``plugins=True`` also accepts any ``package.module:ClassName`` — a class with
    ``choose(view, legal)``, imported on the spot. Only for names the user typed (the
    command line's ``--bots``): a name read from a file (settings, an autosave) must never
    import foreign code, so the default is False, which allows the registered names and bot
    classes of this project's own ``engine`` and ``game`` packages only."""
    factory = _resolve(spec, plugins)
    try:
        bot = factory(seed)
    except Exception as exc:  # (a plug-in's constructor may raise anything)
        raise UnknownBotError(f"bot {spec!r} cannot be built as Class(seed): {exc}") from exc
    if not callable(getattr(bot, "choose", None)):
        raise UnknownBotError(f"bot {spec!r}: {type(bot).__name__} has no choose(view, legal)")
    return bot


# --- the hard bot's table reading, for reviews and analysis ------------------------------


def deal_in_risk(view: PlayerView) -> list[float]:
    """Expected points this seat loses to a discard win by throwing each kind now (27
    values, 0 for kinds it does not hold): the hard bot's fitted danger table
    (engine/bots/_danger.py) over the opponents in play, each weighed by what its win would
    cost (一炮多响: the chances add)."""
    from engine.bots._danger import expected_loss
    from engine.bots._features import read_opponents, table_of

    values = {o.seat: o.value for o in read_opponents(view)}
    return expected_loss(view, table_of(view).live, values)


def plan_steps(view: PlayerView, discard: int) -> dict[str, int]:
    """The bigger patterns the hand is still working towards once ``discard`` is thrown
    (``qing_yi_se``, ``dui_dui_hu``, ``qi_dui``), each with how many steps it is from ready
    — those the hard bot's value model weighs (a pattern too far off is left out)."""
    from engine.bots._features import plan_shapes, working_void

    counts = list(view.concealed)
    counts[discard] -= 1
    shapes = plan_shapes(bytes(counts), tuple(view.me.melds), working_void(view), view.rules)
    return {name: sh for name, sh, *_ in shapes if name not in ("plain", "ready")}
