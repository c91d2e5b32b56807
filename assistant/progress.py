"""Progress of a long operation on the command line (shared by ``assistant.cli`` and ``eval.cli``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def progress_printer(quiet: bool) -> Callable[[Any], None]:
    """CLI progress on stderr, one line per :class:`~assistant.models.Progress` event (nothing when ``quiet``)."""

    def show(event: Any) -> None:
        from .models import Progress

        if quiet or not isinstance(event, Progress):
            return
        counter = f"[{event.done}/{event.total}] " if event.total else ""
        print(f"{counter}{event.message}", file=sys.stderr, flush=True)

    return show
