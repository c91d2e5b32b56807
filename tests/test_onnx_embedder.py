"""The embedder of the packaged app: the packaged MiniLM exported to ONNX (packaging/export_embedder.py) and run by ONNX
Runtime gives the source model's vectors and identity, so an index made by either is used by the other as it is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import REPO, SAMPLE_DIR, collect

from assistant.errors import ModelError
from assistant.onnx_embedder import MAX_DIFFERENCE, OnnxEmbedder

TEXTS = ["How long is my data stored?", "Cookies", "¿Venden mis datos?",
         "We may share your information with service providers who process payments on our behalf. " * 20]  # > 256 tokens


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sys.path.insert(0, str(REPO / "packaging"))
    import export_embedder

    out = tmp_path_factory.mktemp("embedder-onnx")
    export_embedder.export(out)
    return out


def test_the_export_gives_the_source_vectors_and_identity(exported: Path, assistant: Any) -> None:
    onnx = OnnxEmbedder(exported, batch_size=2)
    got, want = onnx.embed_array(TEXTS), assistant.embedder.embed_array(TEXTS)
    assert got.shape == want.shape == (len(TEXTS), 384)
    assert float(np.abs(got - want).max()) < MAX_DIFFERENCE
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    assert onnx.identity == assistant.embedder.identity
    assert onnx.embed([]) == [] and onnx.embed_array([]).shape == (0, 384)


def test_an_index_made_from_source_is_used_by_the_packaged_embedder(exported: Path, tmp_path: Path) -> None:
    from assistant.core import Assistant, drain

    home = tmp_path / "home"
    a = Assistant(home=home)
    drain(a.ingest([str(SAMPLE_DIR)]))
    a.close()
    b = Assistant(home=home, embedder=OnnxEmbedder(exported))
    events, answer = collect(b.ask("brightcart", "How long is my data stored?", use_model=False))
    assert not any("embedding" in getattr(e, "message", "") for e in events)  # no re-embedding: the same identity
    assert answer.status == "answered" and answer.citations
    b.close()


def test_onnx_runtime_writes_no_telemetry(exported: Path, tmp_path: Path) -> None:
    home = tmp_path / "user-home"
    home.mkdir()
    code = f"from assistant.onnx_embedder import OnnxEmbedder; print(OnnxEmbedder({str(exported)!r}).embed_array(['x']).shape)"
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    env.pop("ORT_DISABLE_TELEMETRY", None)
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "(1, 384)" in proc.stdout, proc.stderr
    assert not list(home.rglob("deviceid")) and not list(home.rglob("onnxruntime.db"))


def test_a_missing_export_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="no exported embedder"):
        OnnxEmbedder(tmp_path / "nowhere")
