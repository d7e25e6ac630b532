"""四川麻将 · 血战到底 rules engine: pure Python, no pygame, deterministic given a seed."""

__version__ = "0.1.0"
