"""The ``normal`` bot: a decent club player — the plan player of engine/bots/_plan.py as it
stands (efficient, fan-aware play with basic late-game caution)."""

from __future__ import annotations

from engine.bots._plan import PlanBot

__all__ = ["NormalBot"]


class NormalBot(PlanBot):
    """Efficiency play (有效牌), fan-aware, basic defence near the end of the wall."""
