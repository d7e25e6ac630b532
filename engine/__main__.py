"""``python -m engine`` — see :mod:`engine.cli`."""

from __future__ import annotations

from engine.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
