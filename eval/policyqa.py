"""PolicyQA evidence benchmark: does the returned evidence (≤ 250 words) contain the gold answer span?"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import threading
import time
from collections.abc import Generator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from assistant.core import Assistant, drain
from assistant.errors import InputError
from assistant.models import Evidence, Progress

from .stats import percentile
from .suite import Suite

BUDGET_WORDS = 250


def norm(text: str) -> str:
    """Case- and whitespace-normalised text."""
    return re.sub(r"\s+", " ", text.lower()).strip()


@dataclass
class PolicyQASettings:
    """A PolicyQA file (SQuAD format), the folder of its OPP-115 policies, at most how many questions."""

    data: str = ""
    policies: str = ""
    limit: int | None = None


@dataclass
class PolicyQAQuestion:
    qid: str
    title: str
    question: str
    answers: list[str]


@dataclass
class PolicyQAResult:
    """Aggregates of one PolicyQA run."""

    suite: str = "policyqa"
    n: int = 0
    policies: int = 0
    evidence_recall_250w: float = 0.0
    hit_at_1: float = 0.0
    hit_at_3: float = 0.0
    hit_at_5: float = 0.0
    mean_evidence_words: float = 0.0
    answer_in_document: float = 0.0
    retrieve_ms_p50: float = 0.0
    retrieve_ms_p95: float = 0.0
    settings: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def holds_gold(evidence: list[Evidence], golds: list[str]) -> bool:
    """Does any evidence item contain one of the (normalised) gold answer spans? The benchmark's one test of evidence."""
    return any(g in norm(e.text) for e in evidence for g in golds)


def load_questions(path: Path) -> list[PolicyQAQuestion]:
    """Read a SQuAD-format PolicyQA file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise InputError(f"{path} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise InputError(f"{path} is not a SQuAD-format file (no 'data' list)")
    out: list[PolicyQAQuestion] = []
    for article in data["data"]:
        title = article.get("title", "")
        for para in article.get("paragraphs", []):
            for qa in para.get("qas", []):
                answers = [a["text"] for a in qa.get("answers", []) if a.get("text")]
                if answers:
                    out.append(PolicyQAQuestion(qa.get("id", ""), title, qa["question"], answers))
    return out


def find_policy(policies: Path, title: str) -> Path:
    """The OPP-115 HTML file named after a site (``NNN_site.html``)."""
    hits = sorted(policies.glob(f"*_{title}.html")) + sorted(policies.glob(f"{title}.html"))
    if not hits:
        raise InputError(f"no policy file for {title!r} in {policies}")
    return hits[0]


def run(assistant: Assistant, data: Path, policies: Path, limit: int | None = None,
        cancel: threading.Event | None = None) -> Generator[Progress, None, PolicyQAResult]:
    """Ingest each policy through the normal path, then score evidence for every question."""
    policies = Path(policies)
    if not policies.is_dir():
        raise InputError(f"policies folder not found: {policies}")
    questions = load_questions(Path(data))
    if limit:
        questions = questions[:limit]
    titles = list(dict.fromkeys(q.title for q in questions))
    for i, title in enumerate(titles):
        yield Progress("ingest", f"indexing {title}", i, len(titles))
        drain(assistant.ingest([str(find_policy(policies, title))], name=f"policyqa-{title}", company=title, force=True, cancel=cancel))
    hits = {1: 0, 3: 0, 5: 0}
    recall = 0
    in_doc = 0
    words: list[int] = []
    times: list[float] = []
    doc_text = {t: norm(" ".join(d.text for d in assistant.documents(f"policyqa-{t}"))) for t in titles}
    for i, q in enumerate(questions):
        if cancel is not None and cancel.is_set():
            break
        if i % 50 == 0:
            yield Progress("ask", f"question {i + 1} of {len(questions)}", i, len(questions))
        golds = [norm(a) for a in q.answers]
        t0 = time.perf_counter()
        evidence = assistant.retrieve(f"policyqa-{q.title}", q.question, BUDGET_WORDS, max_items=50)
        times.append((time.perf_counter() - t0) * 1000)
        words.append(sum(len(e.text.split()) for e in evidence))
        if holds_gold(evidence, golds):
            recall += 1
        if any(g in doc_text[q.title] for g in golds):
            in_doc += 1
        top = assistant.search(f"policyqa-{q.title}", q.question, 5)
        for k in hits:
            if holds_gold(top[:k], golds):
                hits[k] += 1
    n = len(times)
    return PolicyQAResult(
        n=n, policies=len(titles),
        evidence_recall_250w=recall / n if n else 0.0,
        hit_at_1=hits[1] / n if n else 0.0, hit_at_3=hits[3] / n if n else 0.0, hit_at_5=hits[5] / n if n else 0.0,
        mean_evidence_words=statistics.mean(words) if words else 0.0,
        answer_in_document=in_doc / n if n else 0.0,
        retrieve_ms_p50=percentile(times, 0.5), retrieve_ms_p95=percentile(times, 0.95),
        settings={"budget_words": BUDGET_WORDS, "retrieval": asdict(assistant.params), "data": str(data), "policies": str(policies)},
    )


# --------------------------------------------------------------------------- the suite


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--data", required=True, help="PolicyQA file (SQuAD format)")
    s.add_argument("--policies", required=True, help="folder of OPP-115 HTML policies")
    s.add_argument("--limit", type=int)
    s.add_argument("--json", action="store_true")


def print_result(args: argparse.Namespace, result: PolicyQAResult) -> None:
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    for k, v in result.to_json().items():
        if k != "settings":
            print(f"{k}: {v:.4f}" if isinstance(v, float) else f"{k}: {v}")


SUITE = Suite(
    name="policyqa", title="PolicyQA: evidence retrieval", help="evidence benchmark on PolicyQA (retrieval only)",
    settings=PolicyQASettings, run=lambda a, st, cancel: run(a, Path(st.data), Path(st.policies), st.limit, cancel),
    add_arguments=add_arguments, from_args=lambda args: PolicyQASettings(args.data, args.policies, args.limit),
    summary=lambda result: {k: v for k, v in result.to_json().items() if k != "settings"}, print_result=print_result, form="",
)
