"""The GenAIPABench runner: asks a plan's items through the facade, stores every answer in ``eval.db`` and scores it.

Each answer is stored (:mod:`eval.results`) with its variant, initialization, run, evidence, citations, model, settings
and timings, and scored at once by the judge-free metrics (:mod:`eval.metrics`); an optional LLM judge
(:mod:`eval.judge`) scores them afterwards. A run skips what is stored, so it resumes.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Generator
from dataclasses import asdict
from typing import Any

from assistant.core import Assistant, drain
from assistant.errors import Cancelled, NotFoundError
from assistant.models import Answer, Progress
from assistant.text import strip_citations

from . import metrics
from .judge import Judge
from .plan import BUNDLE_INITS, INITS, Item, Target, segments_text
from .results import ResultsDB, Selection

EVAL_VERSION = 1


def answer_settings(a: Assistant) -> dict[str, Any]:
    """Everything that changes the answers: model, generation and retrieval settings."""
    s = a.settings
    return {"model_path": s.model_path, "n_ctx": s.n_ctx, "max_answer_tokens": s.max_answer_tokens, "evidence_words": s.evidence_words,
            "retrieval": asdict(a.params), "eval_version": EVAL_VERSION}


def _fmt_eta(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"



class Replay:
    """Runs a plan against one :class:`Assistant`, storing and scoring every answer."""

    def __init__(self, a: Assistant, db: ResultsDB, run_id: str, judge: Judge | None = None):
        self.a = a
        self.db = db
        self.run_id = run_id
        self.judge = judge
        self._ref_vecs: dict[tuple[str, str], Any] = {}
        self._valid: dict[tuple[str, str], set[str]] = {}
        self.stats: dict[str, float] = {"asked": 0, "skipped": 0, "ask_s": 0.0, "score_s": 0.0, "ingest_s": 0.0, "context_s": 0.0,
                                        "judged": 0, "judge_s": 0.0}

    # documents and contexts --------------------------------------------------
    def ensure_bundle(self, target: Target, cancel: threading.Event | None) -> Generator[Progress, None, None]:
        """Ingest the target once through the normal facade (reused when present)."""
        try:
            if self.a.bundle(target.bundle).documents:
                return
        except NotFoundError:
            pass
        yield Progress("ingest", f"indexing {target.title} as bundle {target.bundle}")
        started = time.perf_counter()
        manifest = self.a.home / "eval" / "manifests" / f"{target.bundle}.json"
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"name": target.bundle, "company": target.company,
                                        "documents": [{"path": str(target.source), "kind": target.kind, "title": target.title}]}),
                            encoding="utf-8")
        drain(self.a.ingest([str(manifest)], name=target.bundle, company=target.company, force=True, cancel=cancel))
        self.stats["ingest_s"] += time.perf_counter() - started

    def context(self, item: Item, cancel: threading.Event | None) -> Generator[Progress, None, str | None]:
        """The text an initialization answers over (segments or a stored/generated summary); None for cn and pd."""
        init, t = item.init, item.target
        if init in ("cn", "pd"):
            return None
        if init == "pd-seg":
            return segments_text(t)
        stored = self.db.context(self.run_id, item.run_no, init, t.key)
        if stored is not None:
            return stored
        started = time.perf_counter()
        yield Progress("summarize", f"run {item.run_no}: summarizing {t.company} ({INITS[init]})")
        if init == "summary-cn":
            text = drain(self.a.summarize_company(t.company, cancel))
            meta: dict[str, Any] = {"model": self._model_name()}
        else:
            summary = drain(self.a.summarize(t.bundle, cancel))
            text, meta = summary.text, {"model": summary.model, "citations": [c.cite_id for c in summary.citations]}
        meta["seconds"] = round(time.perf_counter() - started, 2)
        self.stats["context_s"] += time.perf_counter() - started
        self.db.add_context(self.run_id, item.run_no, init, t.key, text, meta)
        return text

    def _model_name(self) -> str:
        m = self.a.model()
        return m.info.name if m else "extractive"

    def valid_ids(self, item: Item, context: str | None) -> set[str]:
        """Citation ids that exist in what this initialization gave the assistant."""
        if item.init == "pd":
            key = ("bundle", item.target.bundle)
            if key not in self._valid:
                self._valid[key] = {s.cite_id for d in self.a.documents(item.target.bundle) for s in self.a.sections(d.id or 0)}
            return self._valid[key]
        if context is None:
            return set()
        label = "Part" if item.init == "pd-seg" else "SUM"
        n = sum(1 for line in context.split("\n") if line.strip())
        return {f"{label} ¶{i}" for i in range(1, n + 1)}

    # asking and scoring --------------------------------------------------------
    def ask(self, item: Item, context: str | None, cancel: threading.Event | None) -> Answer:
        t = item.target
        if item.init == "cn":
            return drain(self.a.ask_closed_book(t.company, item.text, cancel))
        if item.init == "pd":
            return drain(self.a.ask(t.bundle, item.text, cancel=cancel))
        label = "Part" if item.init == "pd-seg" else "SUM"
        return drain(self.a.ask_over_text(label, context or "", item.text, t.company, cancel))

    def store(self, item: Item, answer: Answer, wall_s: float) -> int:
        ref = item.target.references.get(item.question.id)
        timings = {**answer.timings, "wall_s": wall_s}
        row = {
            "run_id": self.run_id, "run_no": item.run_no, "init": item.init, "policy": item.target.key, "question_id": item.question.id,
            "variant": item.variant, "category": item.question.category, "source": item.question.source, "question": item.text,
            "text": answer.text, "answerable": answer.answerable, "status": answer.status, "mode": answer.mode,
            "citations": [{**c.to_json(), "start": c.start, "end": c.end} for c in answer.citations],
            "evidence": [e.to_json() for e in answer.evidence], "model": answer.model, "timings": timings,
            "reference": {"answer": ref.answer, "parts": ref.parts} if ref else {}, "addressed": ref.addressed if ref else None,
            "meta": {"company": item.target.company, "bundle": item.target.bundle, "related": [e.cite_id for e in answer.related]},
        }
        return self.db.add_answer(row)

    def prefetch_references(self, items: list[Item]) -> None:
        """Embed the reference answers a plan needs in one batch."""
        keys = sorted({(it.target.key, it.question.id) for it in items if it.question.id in it.target.references} - set(self._ref_vecs))
        if not keys:
            return
        targets = {it.target.key: it.target for it in items}
        vecs = self.a.embedder.embed_array([targets[t].references[q].answer for t, q in keys])
        self._ref_vecs.update(zip(keys, vecs))

    def reference_vector(self, target: Target, qid: str) -> Any:
        key = (target.key, qid)
        if key not in self._ref_vecs:
            ref = target.references.get(qid)
            self._ref_vecs[key] = self.a.embedder.embed_array([ref.answer])[0] if ref else None
        return self._ref_vecs[key]

    def score_free(self, answer_id: int, item: Item, answer: Answer, context: str | None) -> None:
        ref = item.target.references.get(item.question.id)
        clean = strip_citations(answer.text) or answer.text
        q_vec, a_vec = self.a.embedder.embed_array([item.text, clean])
        score = metrics.free_score(
            question=item.text, text=answer.text, answerable=answer.answerable, citations=[c.cite_id for c in answer.citations],
            evidence_ids=[e.cite_id for e in answer.evidence], valid_ids=self.valid_ids(item, context),
            addressed=ref.addressed if ref else None, reference=ref.answer if ref else "", reference_parts=ref.parts if ref else [],
            q_vec=q_vec, a_vec=a_vec, r_vec=self.reference_vector(item.target, item.question.id), verdict=answer.stance or None,
        )
        score["details"]["vec"] = metrics.pack_vector(a_vec)
        self.db.add_free_score(answer_id, score)

    def run(self, items: list[Item], cancel: threading.Event | None = None) -> Generator[Progress, None, bool]:
        """Ask every pending item (stored ones are skipped); returns False if cancelled."""
        done = self.db.done_keys(self.run_id)
        pending = [it for it in items if it.key not in done]
        self.stats["skipped"] += len(items) - len(pending)
        if len(items) != len(pending):
            yield Progress("resume", f"{len(items) - len(pending)} of {len(items)} answers already stored; asking the other {len(pending)}",
                           len(items) - len(pending), len(items))
        ensured: set[str] = set()
        for item in pending:
            if item.init in BUNDLE_INITS and item.target.bundle not in ensured:
                yield from self.ensure_bundle(item.target, cancel)
                ensured.add(item.target.bundle)
        self.prefetch_references(pending)
        durations: list[float] = []
        total = len(pending)
        for i, item in enumerate(pending):
            if cancel is not None and cancel.is_set():
                return False
            try:
                context = yield from self.context(item, cancel)
                eta = _fmt_eta((sum(durations) / len(durations)) * (total - i)) if durations else "estimating"
                yield Progress("answer", f"run {item.run_no} {item.init} {item.target.key} {item.question.id}/{item.variant} "
                                         f"({i + 1}/{total}, ETA {eta})", i, total)
                started = time.perf_counter()
                answer = self.ask(item, context, cancel)
                wall = time.perf_counter() - started
            except Cancelled:
                return False
            if cancel is not None and cancel.is_set():
                return False  # an answer cut short by a cancel is not stored
            answer_id = self.store(item, answer, wall)
            s0 = time.perf_counter()
            self.score_free(answer_id, item, answer, context)
            self.stats["score_s"] += time.perf_counter() - s0
            self.stats["asked"] += 1
            self.stats["ask_s"] += wall
            durations.append(time.perf_counter() - started)
        return True

    def run_judge(self, selection: Selection, documents: dict[str, str], cancel: threading.Event | None = None) -> Generator[Progress, None, bool]:
        """Judge every selected answer this judge has not scored yet; failures are stored as judge_error."""
        if self.judge is None:
            return True
        rows = self.db.answers(self.run_id, selection)
        have = self.db.judge_scores([r["id"] for r in rows], self.judge.name)
        todo = [r for r in rows if r["id"] not in have]
        durations: list[float] = []
        for i, r in enumerate(todo):
            if cancel is not None and cancel.is_set():
                return False
            eta = _fmt_eta((sum(durations) / len(durations)) * (len(todo) - i)) if durations else "estimating"
            yield Progress("judge", f"{self.judge.name}: {r['policy']} {r['question_id']}/{r['variant']} ({i + 1}/{len(todo)}, ETA {eta})", i, len(todo))
            verdict = judge_row(self.judge, r, documents.get(r["policy"], r["policy"]))
            self.db.add_judge_score(r["id"], self.judge.name, verdict.to_row())
            durations.append(verdict.seconds)
            self.stats["judged"] += 1
            self.stats["judge_s"] += verdict.seconds
        return True


def judge_row(judge: Judge, row: dict[str, Any], document: str) -> Any:
    """Judge one stored answer row against its stored reference."""
    ref = row.get("reference") or {}
    return judge.score(document=document, question=row["question"], reference=ref.get("answer", ""), addressed=row.get("addressed"),
                       answer=row["text"], citations=[c.get("id", "") for c in row.get("citations") or []])
