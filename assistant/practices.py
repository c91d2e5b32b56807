"""OPP-115 data-practice categories of passages and questions (a linear classifier on MiniLM vectors)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from .paths import resources_dir

WEIGHTS_PATH = resources_dir() / "models" / "opp115_practices.json"


@lru_cache(maxsize=1)
def _weights() -> tuple[list[str], Any, Any] | None:
    import numpy as np

    if not WEIGHTS_PATH.is_file():
        return None
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    return data["labels"], np.asarray(data["coef"], dtype="float32"), np.asarray(data["intercept"], dtype="float32")


def probabilities(vectors: Any) -> Any | None:
    """Category probabilities (n × categories) for unit vectors, or None without weights."""
    import numpy as np

    w = _weights()
    if w is None:
        return None
    _, coef, bias = w
    logits = np.asarray(vectors, dtype="float32") @ coef.T + bias
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)
