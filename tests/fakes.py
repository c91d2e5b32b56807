"""Small stand-ins for the two models, injected through the facade's constructor:

    Assistant(home=..., settings=..., embedder=FakeEmbedder(), model_factory=FakeModel)

They load nothing (no torch, no llama.cpp) and are deterministic, so tests of the logic around the models
(ingest, storage, retrieval plumbing, the answer flow, the CLI) run in milliseconds. They are not a model of
language: the embedder hashes word stems, the language model quotes the first excerpt of its prompt.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from assistant.llm import ModelInfo
from assistant.models import EmbedderIdentity
from assistant.text import tokenize

DIMENSIONS = 384


def fake_identity(variant: str = "") -> EmbedderIdentity:
    """The identity of ``FakeEmbedder(variant=...)``: each variant is another embedder."""
    name = "fake-hashing-embedder" + (f"+{variant}" if variant else "")
    return EmbedderIdentity(name, "test", DIMENSIONS, hashlib.sha256(name.encode("utf-8")).hexdigest())


class FakeEmbedder:
    """Unit-length bags of hashed word stems: texts that share words are similar, others are near-orthogonal.

    ``variant`` makes another embedder: the stems hash to other dimensions and the identity differs
    (``FakeEmbedder(variant="B")``); ``identity`` overrides the identity alone (e.g. to pose as the plain MiniLM).
    """

    def __init__(self, fail_on_call: int | None = None, variant: str = "", identity: EmbedderIdentity | None = None) -> None:
        self.calls = 0  # embed/embed_array calls
        self.texts = 0  # texts embedded
        self.fail_on_call = fail_on_call  # raise on this call (1-based), to test failures half-way
        self.variant = variant
        self._identity = identity or fake_identity(variant)

    @property
    def identity(self) -> EmbedderIdentity:
        return self._identity

    def load(self) -> None:
        """Nothing to load."""

    @property
    def model(self) -> FakeEmbedder:
        return self

    def embed_array(self, texts: list[str]) -> Any:
        self.calls += 1
        if self.fail_on_call is not None and self.calls == self.fail_on_call:
            raise RuntimeError("fake embedder failure")
        self.texts += len(texts)
        out = np.zeros((len(texts), DIMENSIONS), dtype="float32")
        for i, text in enumerate(texts):
            for tok in tokenize(text) or re.findall(r"\w+", text.lower()):
                out[i, int(hashlib.md5((self.variant + tok).encode("utf-8")).hexdigest()[:8], 16) % DIMENSIONS] += 1.0
            norm = float(np.linalg.norm(out[i]))
            if norm:
                out[i] /= norm
            else:
                out[i, 0] = 1.0
        return out

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [v.tolist() for v in self.embed_array(texts)] if texts else []


EXCERPT = re.compile(r"^\[([^\]]+)\] (.+)$", re.M)


def quote_first_excerpt(prompt: str) -> str:
    """A well-behaved model's answer: the first sentence of the last prompt's first excerpt, cited."""
    tail = prompt.rsplit("policy documents:", 1)[-1]
    m = EXCERPT.search(tail)
    if not m:
        return "I do not know."
    sentence = re.split(r"(?<=[.!?])\s", m.group(2).strip(), maxsplit=1)[0]
    return f"{sentence} [{m.group(1)}]"


class FakeModel:
    """Stands in for :class:`assistant.llm.LocalModel` (same constructor: the settings).

    ``reply`` (a class attribute, or set on an instance) maps the prompt to the text streamed back word by word;
    every prompt is kept in ``prompts``. ``FakeModel.instances`` lists the models made, newest last.
    """

    reply: Callable[[str], str] = staticmethod(quote_first_excerpt)
    instances: list[FakeModel] = []
    chat_template = False

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.prompts: list[str] = []
        self.primed = ""
        self.loads = 0
        self.info = ModelInfo("fake model", "fake.gguf", self.chat_template, settings.n_ctx, 0, False)
        self._lock = threading.Lock()
        FakeModel.instances.append(self)

    def load(self) -> FakeModel:
        self.loads += 1
        return self

    def prime(self, prefix: str) -> None:
        self.primed = prefix

    def count_tokens(self, text: str) -> int:
        return len(re.findall(r"\w+|[^\w\s]", text))

    def _stream(self, prompt: str, max_tokens: int, cancel: threading.Event | None) -> Iterator[str]:
        with self._lock:
            self.prompts.append(prompt)
        for i, piece in enumerate(re.findall(r"\S+\s*", self.reply(prompt))):
            if i >= max_tokens or (cancel is not None and cancel.is_set()):
                break
            yield piece

    def stream(self, prompt: str, max_tokens: int, stop: list[str], cancel: threading.Event | None = None,
               temperature: float = 0.0, repeat_penalty: float = 1.3) -> Iterator[str]:
        return self._stream(prompt, max_tokens, cancel)

    def stream_chat(self, messages: list[dict[str, str]], max_tokens: int, cancel: threading.Event | None = None,
                    temperature: float = 0.0) -> Iterator[str]:
        return self._stream("\n".join(m["content"] for m in messages), max_tokens, cancel)

    def complete_json(self, prompt: str, schema: dict[str, Any], max_tokens: int = 256, chat: bool | None = None) -> str:
        self.prompts.append(prompt)
        return "{}"


def model_replying(text: str) -> type[FakeModel]:
    """A :class:`FakeModel` class whose models always answer ``text``."""
    return type("ScriptedModel", (FakeModel,), {"reply": staticmethod(lambda prompt: text)})
