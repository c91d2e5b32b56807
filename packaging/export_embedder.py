"""Export the packaged sentence-transformers embedder to ONNX for the packaged app (build time; needs torch).

    python packaging/export_embedder.py [OUT]        # default OUT: resources/models/embedder-onnx

Writes ``model.onnx`` (the transformer; mean pooling and normalisation are done by
:class:`assistant.onnx_embedder.OnnxEmbedder`), ``tokenizer.json`` and ``manifest.json``: the source model's
identity, and the largest difference between the exported and the source vectors on a check set. The export fails
when that difference is above :data:`assistant.onnx_embedder.MAX_DIFFERENCE`, so the packaged app's vectors are the
source's and an index built by either runs in the other.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHECK_TEXTS = [
    "How long is my data stored?",
    "We keep your account information for as long as your account is open. Server logs are kept for 90 days.",
    "Do they sell my personal information to advertisers or data brokers?",
    "If you are located outside of the United States, please note that any information we collect will be transferred to "
    "and processed in the United States, where privacy laws may differ from those of your country. " * 6,
    "Cookies",
    "¿Venden mis datos personales?",
]


def export(out: Path) -> dict[str, object]:
    import numpy as np
    import torch

    from assistant.embeddings import Embedder, default_embedder_path
    from assistant.onnx_embedder import MANIFEST, MAX_DIFFERENCE, OnnxEmbedder

    source = Embedder()
    st = source.model
    transformer = st[0].auto_model.eval()
    max_len = int(st[0].max_seq_length)
    out.mkdir(parents=True, exist_ok=True)

    class Hidden(torch.nn.Module):
        def __init__(self, model: torch.nn.Module):
            super().__init__()
            self.model = model

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor) -> torch.Tensor:
            return self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state

    ids = torch.ones((2, 16), dtype=torch.long)
    t0 = time.perf_counter()
    with torch.no_grad():
        torch.onnx.export(Hidden(transformer), (ids, torch.ones_like(ids), torch.zeros_like(ids)), str(out / "model.onnx"),
                          input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["last_hidden_state"],
                          dynamic_axes={n: {0: "batch", 1: "tokens"} for n in ("input_ids", "attention_mask", "token_type_ids",
                                                                                 "last_hidden_state")},
                          opset_version=17, dynamo=False)
    shutil.copy(Path(default_embedder_path()) / "tokenizer.json", out / "tokenizer.json")
    ident = source.identity
    manifest = {"identity": {"name": ident.name, "version": ident.version, "dimension": ident.dimension,
                             "weights_sha256": ident.weights_sha256},
                "max_seq_length": max_len, "exported_with": f"torch {torch.__version__}", "export_seconds": round(time.perf_counter() - t0, 1)}
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    exported = OnnxEmbedder(out).embed_array(CHECK_TEXTS)
    reference = source.embed_array(CHECK_TEXTS)
    diff = float(np.abs(exported - reference).max())
    manifest["max_difference"] = diff
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    if diff > MAX_DIFFERENCE:
        raise SystemExit(f"the exported embedder differs from the source by {diff:.2e} (> {MAX_DIFFERENCE:.0e}): not exported")
    return manifest


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "models" / "embedder-onnx"
    info = export(target)
    size = sum(p.stat().st_size for p in target.iterdir()) / 1e6
    print(f"exported to {target} ({size:.1f} MB), largest difference from the source vectors {info['max_difference']:.2e}")
