"""Hidden-state embeddings of the packaged Gemma 3 270M GGUF through llama-cpp-python (scratch experiment).

Why not ``Llama(embedding=True, pooling_type=MEAN).embed()``: in that mode llama.cpp outputs every token and still
runs the 262k-word lm_head on each of them (about 2/3 of the compute for this model: ~85 tok/s on one thread vs
~200 tok/s without). Here the model runs in generation mode with all tokens marked as outputs, a ggml eval
callback (cb_eval) copies the hidden states we want ("result_norm" = what embed() mean-pools, and the residual
stream "l_out-N" of a few layers) and then returns False, which stops the graph before the lm_head.
``--check`` verifies that mean(result_norm) equals embed()'s mean-pooled vector.

Per segment (tokens: BOS + text, truncated to MAX_TOKENS) we keep, float32:
  final      mean over all tokens of result_norm (identical to llama.cpp's MEAN pooling, BOS included)
  L{il}      for each captured layer: mean over the text tokens (BOS excluded: its massive activations would
             dominate) of the per-token RMS-normalised residual stream l_out-{il}
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, "/work/main")

import llama_cpp  # noqa: E402
from llama_cpp import Llama  # noqa: E402

MAX_TOKENS = 256
LAYERS = (5, 8, 11, 14, 16)  # of 18 (0..17); 17's l_out is cut to the output rows only in generation mode
N_EMBD = 640

_lib = ctypes.CDLL(str(Path(llama_cpp.__file__).parent / "lib" / "libggml-base.so"))
_lib.ggml_get_name.restype = ctypes.c_char_p
_lib.ggml_get_name.argtypes = [ctypes.c_void_p]
_lib.ggml_nelements.restype = ctypes.c_int64
_lib.ggml_nelements.argtypes = [ctypes.c_void_p]
_lib.ggml_nbytes.restype = ctypes.c_size_t
_lib.ggml_nbytes.argtypes = [ctypes.c_void_p]
_lib.ggml_is_contiguous.restype = ctypes.c_bool
_lib.ggml_is_contiguous.argtypes = [ctypes.c_void_p]
_lib.ggml_backend_tensor_get.restype = None
_lib.ggml_backend_tensor_get.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t]


def model_path() -> str:
    from assistant.llm import embedded_model_path

    return embedded_model_path()


class HiddenStates:
    def __init__(self, path: str, n_ctx: int = 512, layers=LAYERS):
        self.wanted = {f"l_out-{i}" for i in layers} | {"result_norm"}
        self.layers = layers
        self.got: dict[str, np.ndarray] = {}
        self.names_seen: list[str] = []
        # a Llama for the model and tokenizer only (tiny context); our own context carries the callback
        self.llm = Llama(model_path=path, n_ctx=64, n_threads=1, n_threads_batch=1, verbose=False)
        params = llama_cpp.llama_context_default_params()
        params.n_ctx = n_ctx
        params.n_batch = n_ctx
        params.n_ubatch = n_ctx
        params.n_seq_max = 1
        params.n_threads = 1
        params.n_threads_batch = 1
        params.embeddings = False
        params.no_perf = True
        self._cb = llama_cpp.ggml_backend_sched_eval_callback(self._callback)
        params.cb_eval = self._cb
        params.cb_eval_user_data = None
        self.ctx = llama_cpp.llama_init_from_model(self.llm._model.model, params)
        if not self.ctx:
            raise RuntimeError("llama_init_from_model failed")
        self.mem = llama_cpp.llama_get_memory(self.ctx)
        self.n_ctx = n_ctx
        self.batch = llama_cpp.llama_batch_init(n_ctx, 0, 1)

    def _callback(self, t, ask, _ud):
        name = _lib.ggml_get_name(t).decode()
        if ask:
            self.names_seen.append(name)
            return name in self.wanted
        if name in self.wanted:
            n = _lib.ggml_nelements(t)
            if not _lib.ggml_is_contiguous(t) or _lib.ggml_nbytes(t) != 4 * n:
                raise RuntimeError(f"{name}: not contiguous f32")
            buf = np.empty(n, dtype=np.float32)
            _lib.ggml_backend_tensor_get(t, buf.ctypes.data, 0, 4 * n)
            self.got[name] = buf.reshape(-1, N_EMBD)
            if name == "result_norm":
                return False  # stop here: skip the lm_head
        return True

    def tokens(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        toks = self.llm.tokenize(text.encode("utf-8"), add_bos=True)
        return toks[:max_tokens]

    def run(self, toks: list[int]) -> dict[str, np.ndarray]:
        self.got = {}
        llama_cpp.llama_memory_clear(self.mem, True)
        b = self.batch
        for i, tok in enumerate(toks):
            b.token[i] = tok
            b.pos[i] = i
            b.n_seq_id[i] = 1
            b.seq_id[i][0] = 0
            b.logits[i] = True
        b.n_tokens = len(toks)
        llama_cpp.llama_decode(self.ctx, b)  # the return code is meaningless after the deliberate abort
        n = len(toks)
        missing = self.wanted - set(self.got)
        if missing or any(v.shape[0] != n for v in self.got.values()):
            raise RuntimeError(f"capture failed: missing {missing}, shapes {[(k, v.shape) for k, v in self.got.items()]}")
        out = {"final": self.got["result_norm"].mean(axis=0)}
        for il in self.layers:
            h = self.got[f"l_out-{il}"][1:] if n > 1 else self.got[f"l_out-{il}"]
            h = h / np.sqrt((h.astype(np.float64) ** 2).mean(axis=1, keepdims=True) + 1e-6)
            out[f"L{il}"] = h.mean(axis=0).astype(np.float32)
        return out


def check(path: str, texts: list[str]) -> None:
    hs = HiddenStates(path)
    ref = Llama(model_path=path, embedding=True, n_ctx=512, n_batch=512, n_ubatch=512, n_threads=1,
                n_threads_batch=1, verbose=False, pooling_type=llama_cpp.LLAMA_POOLING_TYPE_MEAN)
    for t in texts:
        toks = hs.tokens(t)
        ours = hs.run(toks)["final"]
        theirs = np.asarray(ref.embed(t, normalize=False), dtype=np.float32)
        cos = float(ours @ theirs / np.linalg.norm(ours) / np.linalg.norm(theirs))
        print(f"{len(toks)} tokens: max|diff| {np.abs(ours - theirs).max():.2e}, cos {cos:.6f}", flush=True)
    print("graph nodes asked about (first 60):", hs.names_seen[:60])


def embed_file(path: str, texts: list[str], out: Path) -> None:
    """All segments' vectors into out (an .npz per key), resumable from out.partial.npz."""
    if out.is_file():
        print(f"{out} exists: skipped", flush=True)
        return
    hs = HiddenStates(path)
    keys = ["final"] + [f"L{i}" for i in LAYERS]
    part = out.with_suffix(".partial.npz")
    done: dict[str, list[np.ndarray]] = {k: [] for k in keys}
    ntok: list[int] = []
    if part.is_file():
        z = np.load(part)
        done = {k: list(z[k]) for k in keys}
        ntok = list(z["ntok"])
        print(f"resuming at {len(ntok)}", flush=True)
    started = time.perf_counter()
    tok_count = 0
    for i in range(len(ntok), len(texts)):
        toks = hs.tokens(texts[i])
        v = hs.run(toks)
        for k in keys:
            done[k].append(v[k])
        ntok.append(len(toks))
        tok_count += len(toks)
        if (i + 1) % 100 == 0 or i + 1 == len(texts):
            el = time.perf_counter() - started
            print(f"{i + 1}/{len(texts)}  {el:.0f}s  {tok_count / el:.1f} tok/s", flush=True)
            np.savez(part, ntok=np.array(ntok), **{k: np.stack(done[k]) for k in keys})
    el = time.perf_counter() - started
    truncated = sum(1 for t in texts if len(hs.llm.tokenize(t.encode("utf-8"), add_bos=True)) > MAX_TOKENS)
    np.savez(out, ntok=np.array(ntok), seconds=np.array(el), truncated=np.array(truncated), **{k: np.stack(done[k]) for k in keys})
    part.unlink(missing_ok=True)
    print(f"done {out}: {len(texts)} segments, {sum(ntok)} tokens, {el:.0f}s this run, {tok_count / max(el, 1e-9):.1f} tok/s, "
          f"{truncated} truncated to {MAX_TOKENS}", flush=True)


def main() -> int:
    from eval.opp115 import load_segments
    from eval.train_practices import read_segments

    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("/tmp/gemma_opp/cache"))
    args = ap.parse_args()
    data = Path("/work/shared/data/opp115-majority")
    train_texts, _ = read_segments(data / "train_dataset.csv")  # the trainer's reading (its row order, '#NAME?' dropped)
    val_texts, _ = load_segments(data / "validation_dataset.csv")  # the benchmark's reading
    path = model_path()
    if args.check:
        check(path, [train_texts[0], train_texts[1], max(train_texts, key=len)])
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    embed_file(path, val_texts, args.out / "gemma_val.npz")
    embed_file(path, train_texts, args.out / "gemma_train.npz")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
