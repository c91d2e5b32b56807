"""The embedder without torch: the same MiniLM run by ONNX Runtime, for the packaged app (small and quick to start).

``packaging/export_embedder.py`` exports the packaged sentence-transformers model at build time to a folder holding
``model.onnx``, ``tokenizer.json`` and ``manifest.json`` (the source model's identity and the largest difference
between the two runtimes' vectors on a check set). Its vectors are the source model's (the export refuses a
difference above :data:`MAX_DIFFERENCE`), so it records the *source* identity: a bundle indexed from source keeps
its index in the packaged app and the other way round.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from .errors import ModelError
from .models import EmbedderIdentity

#: The largest absolute difference between an exported model's vector components and the source model's.
MAX_DIFFERENCE = 1e-4
MANIFEST = "manifest.json"


class OnnxEmbedder:
    """Normalised MiniLM vectors from an exported folder (see module docstring); same interface as ``Embedder``."""

    def __init__(self, folder: str | Path, batch_size: int = 32, threads: int = 0):
        self.folder = Path(folder)
        self.batch_size = batch_size
        self.threads = threads
        try:
            self.manifest = json.loads((self.folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ModelError(f"no exported embedder in {self.folder}: {exc}") from exc
        self.max_length = int(self.manifest.get("max_seq_length", 256))
        self._session: Any = None
        self._tokenizer: Any = None
        self._input_names: set[str] = set()  # the exported graph's inputs (token_type_ids may have been folded away)
        self._lock = threading.Lock()

    @property
    def identity(self) -> EmbedderIdentity:
        m = self.manifest["identity"]
        return EmbedderIdentity(m["name"], m["version"], int(m["dimension"]), m["weights_sha256"])

    def load(self) -> None:
        self.model  # noqa: B018

    @property
    def model(self) -> Any:
        with self._lock:
            if self._session is None:
                ort = import_onnxruntime()
                from tokenizers import Tokenizer

                opts = ort.SessionOptions()
                if self.threads:
                    opts.intra_op_num_threads = self.threads
                opts.log_severity_level = 3
                try:
                    self._session = ort.InferenceSession(str(self.folder / "model.onnx"), opts, providers=["CPUExecutionProvider"])
                    tok = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
                except Exception as exc:  # noqa: BLE001 - a missing or damaged export fails in several ways
                    raise ModelError(f"cannot load the exported embedder in {self.folder}: {exc}") from exc
                self._input_names = {i.name for i in self._session.get_inputs()}
                tok.enable_truncation(max_length=self.max_length)
                tok.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 - BERT's padding token, not a secret
                self._tokenizer = tok
            return self._session

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [v.tolist() for v in self.embed_array(texts)]

    def embed_array(self, texts: list[str]) -> Any:
        import numpy as np

        dim = int(self.manifest["identity"]["dimension"])
        if not texts:
            return np.zeros((0, dim), dtype="float32")
        session = self.model
        out = []
        # like sentence-transformers: batches of texts of similar length pad less
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            enc = self._tokenizer.encode_batch([texts[i] for i in idx])
            ids = np.array([e.ids for e in enc], dtype="int64")
            mask = np.array([e.attention_mask for e in enc], dtype="int64")
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            hidden = session.run(None, {k: v for k, v in feeds.items() if k in self._input_names})[0]
            m = mask[..., None].astype("float32")
            pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out.append((idx, pooled.astype("float32")))
        result = np.zeros((len(texts), dim), dtype="float32")
        for idx, vecs in out:
            result[idx] = vecs
        return result


def import_onnxruntime() -> Any:
    """``onnxruntime`` with its telemetry off. Its Linux/macOS builds write a device id and queue usage events from the
    moment it is imported, and only an environment variable read at that moment turns this off (there is no
    argument to pass): a private assistant sets it for its own process before the import, whatever the caller set."""
    import os

    os.environ["ORT_DISABLE_TELEMETRY"] = "1"
    import onnxruntime

    onnxruntime.disable_telemetry_events()
    return onnxruntime


def exported_embedder_dir() -> Path | None:
    """The exported embedder shipped with a packaged app (``resources/models/embedder-onnx``), None when there is none."""
    from .paths import resources_dir

    folder = resources_dir() / "models" / "embedder-onnx"
    return folder if (folder / MANIFEST).is_file() and (folder / "model.onnx").is_file() else None
