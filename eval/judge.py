"""LLM judge: scores an answer against the reference answer on the paper's five metrics through constrained JSON.

Any object with ``complete_json(prompt, schema, max_tokens)`` and ``info.name`` can judge (a
:class:`assistant.llm.LocalModel`, or a fake in tests). Invalid output is retried once and then recorded as
``judge_error``; the judge never raises for a bad verdict, so a run never loses its stored answers.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.errors import AssistantError, InputError

from .metrics import ALLOWED, METRICS, band, m_all

EMBEDDED = "embedded"
TRUST_NOTE = {
    "embedded": "the embedded base Gemma 3 270M (no instruction tuning): it runs the judge machinery but its verdicts are not trustworthy",
    "other": "a user-supplied GGUF judge; trust depends on the model (see its human agreement)",
}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {**{m: {"enum": list(ALLOWED)} for m in METRICS}, "reasons": {"type": "string", "maxLength": 300}},
    "required": [*METRICS, "reasons"],
}

PROMPT = """You are an expert privacy analyst grading an assistant's answer to a question about {document}.
Compare the answer with the expert reference answer and score five metrics, each 1 (good), 0.5 (partial) or -1 (bad):
- relevance: 1 relevant to the question, 0.5 partially relevant, -1 not relevant.
- accuracy: 1 entirely correct given the reference, 0.5 partially correct, -1 incorrect.
- clarity: 1 clear and easy to understand, 0.5 somewhat clear, -1 confusing.
- completeness: 1 comprehensive, 0.5 lacks minor information, -1 misses important details.
- reference: 1 correctly cites a relevant section, 0.5 mentions a section without citing it, -1 incorrect or no reference.
{unaddressed}
Question: {question}

Expert reference answer: {reference}

Assistant's answer: {answer}
Sections the answer cites: {citations}

Reply with JSON: {{"relevance": ..., "accuracy": ..., "clarity": ..., "completeness": ..., "reference": ..., "reasons": "one sentence"}}
JSON: """

UNADDRESSED_NOTE = ("Note: the expert says the document does NOT address this question. The right answer says so; "
                    "any citation of a section then scores reference -1.\n")


class JsonModel(Protocol):
    """What a judge model must offer (LocalModel does)."""

    @property
    def info(self) -> Any: ...

    def complete_json(self, prompt: str, schema: dict[str, Any], max_tokens: int = 256, chat: bool | None = None) -> str: ...


@dataclass
class Verdict:
    """One judge score (``status`` 'ok' or 'judge_error')."""

    status: str
    scores: dict[str, float] = field(default_factory=dict)
    m_all: float | None = None
    band: str | None = None
    reasons: str = ""
    raw: str = ""
    error: str = ""
    seconds: float = 0.0

    def to_row(self) -> dict[str, Any]:
        return {"status": self.status, **{m: self.scores.get(m) for m in METRICS}, "m_all": self.m_all, "band": self.band,
                "reasons": self.reasons, "raw": self.raw[:4000], "error": self.error, "seconds": round(self.seconds, 3)}


def parse_verdict(raw: str) -> Verdict:
    """Check the judge's JSON; raise ValueError with a short reason when it is unusable."""
    text = (raw or "").strip()
    if not text:
        raise ValueError("empty output")
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object in the output")
    try:
        data = json.loads(text[start:end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise ValueError("JSON is not an object")
    scores: dict[str, float] = {}
    for m in METRICS:
        v = data.get(m)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ValueError(f"missing or non-numeric '{m}'")
        if float(v) not in ALLOWED:
            raise ValueError(f"'{m}' is {v}, not one of 1, 0.5, -1")
        scores[m] = float(v)
    total = m_all(scores)
    return Verdict("ok", scores, total, band(total), str(data.get("reasons") or "")[:500], raw)


def _clip(text: str, words: int) -> str:
    toks = (text or "").split()
    return " ".join(toks[:words]) + (" …" if len(toks) > words else "")


class Judge:
    """Scores answers with an LLM; ``name`` is recorded with every score."""

    def __init__(self, model: JsonModel, name: str | None = None, max_tokens: int = 160):
        self.model = model
        self.name = name or f"judge:{getattr(model.info, 'name', 'unknown')}"
        self.max_tokens = max_tokens
        n_ctx = int(getattr(model.info, "n_ctx", 2048) or 2048)
        # Words allowed for reference + answer: what fits next to the instructions and the output.
        self.budget = max(120, int((n_ctx - 420 - max_tokens) * 0.7))

    @property
    def trusted(self) -> bool:
        return "(embedded)" not in self.name and "270m" not in self.name.lower()

    def prompt(self, *, document: str, question: str, reference: str, addressed: bool | None, answer: str, citations: list[str]) -> str:
        ref_words = max(60, int(self.budget * 0.5))
        return PROMPT.format(
            document=document, question=question, reference=_clip(reference, ref_words) or "(none)",
            answer=_clip(answer, self.budget - min(ref_words, len(reference.split()))) or "(empty)",
            citations=", ".join(citations) if citations else "none",
            unaddressed=UNADDRESSED_NOTE if addressed is False else "",
        )

    def score(self, *, document: str, question: str, reference: str, addressed: bool | None, answer: str,
              citations: list[str]) -> Verdict:
        """Score one answer; invalid output is retried once, then returned as a ``judge_error`` verdict."""
        prompt = self.prompt(document=document, question=question, reference=reference, addressed=addressed, answer=answer,
                             citations=citations)
        started = time.perf_counter()
        errors: list[str] = []
        raw = ""
        for _attempt in range(2):
            try:
                raw = self.model.complete_json(prompt, SCHEMA, max_tokens=self.max_tokens)
            except AssistantError as exc:
                errors.append(str(exc))
                continue
            except Exception as exc:  # noqa: BLE001 - a judge failure must not end the run
                errors.append(f"{type(exc).__name__}: {exc}")
                continue
            try:
                verdict = parse_verdict(raw)
            except ValueError as exc:
                errors.append(str(exc))
                continue
            verdict.seconds = time.perf_counter() - started
            return verdict
        return Verdict("judge_error", raw=raw or "", error="; ".join(dict.fromkeys(errors))[:500], seconds=time.perf_counter() - started)


def load_judge(spec: str | None, assistant: Any) -> Judge | None:
    """The judge named by ``--judge-model`` / ``settings.judge_model_path``: 'embedded', a GGUF path, or none."""
    spec = (spec or "").strip()
    if not spec or spec.lower() == "none":
        return None
    from pathlib import Path

    from assistant.config import Settings
    from assistant.llm import LocalModel, check_gguf

    base = assistant.settings
    if spec == EMBEDDED:
        if base.model_path == EMBEDDED:
            return Judge(assistant.require_model())
        settings = Settings(model_path=EMBEDDED, n_ctx=base.n_ctx, n_threads=base.n_threads, n_gpu_layers=base.n_gpu_layers)
    else:
        path = Path(spec).expanduser()
        if not path.is_file():
            raise InputError(f"judge model not found: {spec}")
        check_gguf(str(path))
        if base.model_path and Path(base.model_path).expanduser() == path:
            return Judge(assistant.require_model())
        settings = Settings(model_path=str(path), n_ctx=max(base.n_ctx, 4096), n_threads=base.n_threads, n_gpu_layers=base.n_gpu_layers)
    model = LocalModel(settings)
    model.load()
    return Judge(model)
