"""Server logs as JSON lines: one object a line, ``ts``, ``level``, ``event`` and the event's
own fields (room code, connection id, seat ...). Never a reconnect token or a ticket."""

from __future__ import annotations

import json
import logging
import time
from typing import IO, Any

LOGGER_NAME = "sichuan_mahjong.server"


class JsonLines(logging.Formatter):
    """Formats a record as one JSON object: the message is the ``event`` name and the
    ``fields`` passed in ``extra`` become keys of their own."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            out.update(fields)
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def log_event(
    logger: logging.Logger, level: int, event: str, *, exc_info: bool = False, **fields: Any
) -> None:
    """Log ``event`` with ``fields`` (one JSON line with the JsonLines formatter)."""
    if logger.isEnabledFor(level):
        logger.log(level, event, exc_info=exc_info, extra={"fields": fields})


def setup_logging(stream: IO[str], level: int = logging.INFO) -> logging.Logger:
    """The server's logger writing JSON lines to ``stream`` (the CLI: stderr or a file)."""
    logger = logging.getLogger(LOGGER_NAME)
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLines())
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
    return logger
