"""Local, private privacy-policy assistant: ingest a site's policy bundle, ask, get cited answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .core import Assistant


def __getattr__(name: str) -> Any:
    if name == "Assistant":
        from .core import Assistant

        return Assistant
    raise AttributeError(name)


__all__ = ["Assistant", "__version__"]
