"""The relevance adapter: a linear map on the question's MiniLM vector, learned from PolicyQA (numpy only).

Policy questions and the passages that answer them are worded differently ("How long do they keep my data?" against
"We retain log files for 18 months"); the packaged MiniLM places them further apart than it should. The adapter
(``resources/models/relevance_adapter.npz``, written by ``eval/train_relevance.py``) moves the question vector towards
where its answers lie: ``q' = normalise(q + q·A)``. Passage vectors are unchanged, so nothing is re-embedded; it is only
right for the embedder it was trained on (the packaged MiniLM), like the OPP-115 category classifier.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .paths import resources_dir

WEIGHTS_PATH = resources_dir() / "models" / "relevance_adapter.npz"


@dataclass
class Adapter:
    """A learned map ``A`` (d × d) on unit question vectors, and what its weights file says of itself."""

    matrix: Any
    meta: dict[str, Any] = field(default_factory=dict)

    def apply(self, qvec: Any) -> Any:
        """The adapted unit question vector ``normalise(q + q·A)``."""
        import numpy as np

        q = np.asarray(qvec, dtype="float32")
        out = q + q @ self.matrix
        norm = float(np.linalg.norm(out))
        return out / norm if norm else q


@lru_cache(maxsize=1)
def shipped() -> Adapter | None:
    """The adapter shipped in ``resources/models``, or None without its weights."""
    import numpy as np

    if not WEIGHTS_PATH.is_file():
        return None
    with np.load(WEIGHTS_PATH, allow_pickle=False) as z:
        return Adapter(z["A"].astype("float32"), json.loads(str(z["meta"])))


def save(adapter: Adapter, path: Any = WEIGHTS_PATH) -> None:
    """Write an adapter's weights (float16) and its description."""
    import numpy as np

    np.savez_compressed(path, A=np.asarray(adapter.matrix, dtype="float16"), meta=np.array(json.dumps(adapter.meta)))


def model_info() -> dict[str, Any]:
    """What the shipped weights say of themselves: recipe, training data, cross-validated figures (empty without weights)."""
    m = shipped()
    return dict(m.meta) if m else {}
