"""Quoting input in error messages: at most about 80 characters of it, whatever it is.

Error messages name the bad input (STYLE.md: ``unknown suit 'x' at position 4 in '123x'``),
but input can be anything — a 100,000-digit number, a string of megabytes, a list nested
100,000 deep — and a message must stay one short line that is cheap to build.
"""

from __future__ import annotations

import reprlib

__all__ = ["quote"]

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
for _name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque", "maxarray"):
    setattr(_REPR, _name, 6)


def quote(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to at most ``limit`` characters (an ellipsis marks the cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        # (repr of a huge int is slow, and refused past 4,300 digits)
        text = f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    else:
        try:
            text = _REPR.repr(value)
        except Exception:  # a repr that fails is no reason to lose the message
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
