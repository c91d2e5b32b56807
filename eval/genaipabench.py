"""GenAIPABench replay (Algorithm 1 of Hamid et al., PETS 2024) over the facade, stored and scored as it goes.

For each of ``runs`` seeded runs the questions are shuffled; then for each initialization every question is
asked with a fresh context (the facade keeps no conversation unless asked to, which is the paper's reset):

* ``cn``         company name only, no documents (closed book: what the model knows by itself);
* ``pd``         the policy bundle in the assistant's normal retrieval mode;
* ``pd-seg``     the paper's way of giving the document: its upstream segments ("Part N"), cited as ``Part ¶N``;
* ``summary-cn`` a summary written from the company name only, then the questions over that summary;
* ``summary-pd`` the assistant's cited summary of the bundle, then the questions over that summary.

Each answer is stored in ``eval.db`` (:mod:`eval.results`) with its variant, initialization, run, evidence,
citations, model, settings and timings, and scored at once by the judge-free metrics (:mod:`eval.metrics`);
an optional LLM judge (:mod:`eval.judge`) scores them afterwards. A replay skips what is stored, so it resumes.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from assistant.core import Assistant, drain
from assistant.errors import Cancelled, InputError, NotFoundError
from assistant.models import Answer, Progress
from assistant.paths import REPO_ROOT
from assistant.text import strip_citations

from . import metrics
from .judge import Judge
from .questions import CATEGORY_ALIASES, CATEGORY_NAMES, BankQuestion, Reference, fill, load_references, policy_bank, variants
from .results import ResultsDB, Selection, run_id_for

ENV_SHARED = "PRIVACY_ASSISTANT_SHARED"
EVAL_VERSION = 1
POLICIES = ("airbnb", "facebook", "spotify", "twitter", "uber")
INITS: dict[str, str] = {
    "cn": "company name only, no documents (closed book)",
    "pd": "the policy bundle, normal retrieval mode",
    "pd-seg": "the policy in the paper's upstream segments (Part N)",
    "summary-cn": "a summary written from the company name only, then questions over it",
    "summary-pd": "the assistant's cited summary of the policy, then questions over it",
}
DEFAULT_INITS = ["cn", "pd", "summary-cn", "summary-pd"]
INIT_ALIASES = {"1": "cn", "2": "pd", "3": "summary-cn", "4": "summary-pd", "company": "cn", "document": "pd", "segments": "pd-seg",
                "pd_seg": "pd-seg", "summary_cn": "summary-cn", "summary_pd": "summary-pd", "scn": "summary-cn", "spd": "summary-pd"}
BUNDLE_INITS = {"pd", "summary-pd"}


# --------------------------------------------------------------------------- locating the shared benchmark data


def shared_data_root(override: str | Path | None = None) -> Path:
    """The folder holding ``genaipabench/`` and ``privaci-bench/``: override, $PRIVACY_ASSISTANT_SHARED, or ``<repo>/../shared/data``."""
    candidates = [Path(p).expanduser() for p in (override, os.environ.get(ENV_SHARED)) if p] + [REPO_ROOT.parent / "shared" / "data"]
    for c in candidates:
        for root in (c, c / "data", c.parent, c.parent.parent):
            if (root / "genaipabench").is_dir() or (root / "privaci-bench").is_dir():
                return root
    return candidates[0]


def genaipabench_root(override: str | Path | None = None) -> Path:
    """The GenAIPABench folder (``Privacy Documents/``, ``Generated Answers/``, ``Results/``)."""
    candidates = [Path(p).expanduser() for p in (override, os.environ.get(ENV_SHARED)) if p] + [REPO_ROOT.parent / "shared" / "data"]
    for c in candidates:
        for root in (c, c / "genaipabench", c / "data" / "genaipabench"):
            if (root / "Privacy Documents").is_dir():
                return root
    raise InputError(f"GenAIPABench data not found (looked in {', '.join(str(c) for c in candidates)}); "
                     f"pass --data-root or set {ENV_SHARED}")


# --------------------------------------------------------------------------- targets: the documents questions are asked about


@dataclass
class Target:
    """A document a question bank is asked about (a GenAIPABench policy or a regulation)."""

    key: str
    company: str
    bundle: str
    source: Path
    kind: str
    title: str
    references: dict[str, Reference]
    segments: Path | None = None
    regulation: str | None = None

    def fill(self, question: str) -> str:
        return fill(question, company=None if self.regulation else self.company, regulation=self.regulation)


def document_file(root: Path, folder_name: str, key: str, what: str) -> Path:
    """``<root>/Privacy Documents/<folder_name>/<Key>_document.txt`` (name matched case-insensitively)."""
    folder = root / "Privacy Documents" / folder_name
    matches = [p for p in folder.glob("*_document.txt") if p.name.lower() == f"{key}_document.txt"] if folder.is_dir() else []
    if not matches:
        raise InputError(f"{what} not found in {folder}")
    return matches[0]


def policy_target(root: Path, name: str) -> Target:
    """One of the five GenAIPABench policies, by (case-insensitive) name."""
    key = name.strip().lower()
    if key not in POLICIES:
        raise InputError(f"unknown policy {name!r} (choose from: {', '.join(POLICIES)})")
    path = document_file(root, "Privacy Policy", key, f"policy text for {name!r}")
    company = path.name.split("_")[0]
    seg = root / "Privacy Documents" / "Privacy Policy Segments" / "GPT-4" / f"{key}-policy-text-segments"
    return Target(key, company, f"genaipabench-{key}", path, "privacy_policy", f"{company} Privacy Policy", load_references(key),
                  seg if seg.is_dir() else None)


def parse_inits(text: str | list[str] | None) -> list[str]:
    """'cn,pd,summary-cn' (or 1-4) -> canonical initialization names, in the given order."""
    if not text:
        return list(DEFAULT_INITS)
    parts = text if isinstance(text, list) else [text]
    out: list[str] = []
    for part in parts:
        for raw in str(part).split(","):
            name = raw.strip().lower()
            if not name:
                continue
            name = INIT_ALIASES.get(name, name)
            if name not in INITS:
                raise InputError(f"unknown initialization {raw.strip()!r} (choose from: {', '.join(INITS)})")
            if name not in out:
                out.append(name)
    if not out:
        raise InputError("no initialization given")
    return out


def parse_variants(text: str | None) -> list[str] | None:
    """'orig,p1' -> ["orig", "p1"]; 'paraphrases' = p1-p3; None = originals (plus paraphrases with --paraphrases)."""
    if not text:
        return None
    out: list[str] = []
    for raw in text.split(","):
        v = raw.strip().lower()
        names = ["p1", "p2", "p3"] if v in ("paraphrases", "p") else ["orig"] if v in ("orig", "original", "originals") else [v]
        for n in names:
            if not re.fullmatch(r"orig|p[1-9]", n):
                raise InputError(f"unknown variant {raw.strip()!r} (use orig, p1, p2, p3 or paraphrases)")
            if n not in out:
                out.append(n)
    return out or None


def parse_categories(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        for raw in v.split(","):
            code = raw.strip().upper()
            if not code:
                continue
            code = CATEGORY_ALIASES.get(code, code)
            if code not in CATEGORY_NAMES:
                raise InputError(f"unknown category {raw.strip()!r} (choose from: {', '.join(c for c in CATEGORY_NAMES if c != 'PR')})")
            out.append(code)
    return out


def spread(questions: list[BankQuestion], limit: int | None) -> list[BankQuestion]:
    """The first ``limit`` questions taken round-robin over categories, so a quick check still covers them all."""
    if not limit or limit >= len(questions):
        return list(questions)
    if limit < 1:
        raise InputError("--limit must be at least 1")
    by_cat: dict[str, list[BankQuestion]] = {}
    for q in questions:
        by_cat.setdefault(q.category, []).append(q)
    out: list[BankQuestion] = []
    while len(out) < limit:
        for cat in list(by_cat):
            if by_cat[cat] and len(out) < limit:
                out.append(by_cat[cat].pop(0))
    return out


# --------------------------------------------------------------------------- configuration and plan


@dataclass
class ReplayConfig:
    """What to replay; ``answer_settings`` of the assistant and ``seed`` identify the run (so it resumes)."""

    policies: list[str] = field(default_factory=lambda: ["uber"])
    runs: int = 1
    inits: list[str] = field(default_factory=lambda: list(DEFAULT_INITS))
    paraphrases: bool = False
    limit: int | None = None
    categories: list[str] = field(default_factory=list)
    seed: int = 0
    data_root: str | None = None
    fresh: bool = False
    suite: str = "genaipabench"
    variants: list[str] | None = None  # e.g. ["p1", "p2", "p3"]: only these variants (implies paraphrases)


@dataclass
class Item:
    run_no: int
    init: str
    target: Target
    question: BankQuestion
    variant: str
    text: str

    @property
    def key(self) -> tuple[int, str, str, str, str]:
        return (self.run_no, self.init, self.target.key, self.question.id, self.variant)


def answer_settings(a: Assistant) -> dict[str, Any]:
    """Everything that changes the answers: model, generation and retrieval settings."""
    s = a.settings
    return {"model_path": s.model_path, "n_ctx": s.n_ctx, "max_answer_tokens": s.max_answer_tokens, "evidence_words": s.evidence_words,
            "retrieval": asdict(a.params), "eval_version": EVAL_VERSION}


def make_plan(targets: list[Target], questions: list[BankQuestion], cfg: ReplayConfig) -> list[Item]:
    """Algorithm 1: per document and run, one seeded shuffle Q' shared by every initialization."""
    items: list[Item] = []
    for target in targets:
        for run_no in range(1, cfg.runs + 1):
            wanted = set(cfg.variants or [])
            pairs = [(q, v, t) for q in questions for v, t in variants(q, cfg.paraphrases or any(w != "orig" for w in wanted))
                     if not wanted or v in wanted]
            random.Random(cfg.seed * 1000 + run_no).shuffle(pairs)
            for init in cfg.inits:
                items += [Item(run_no, init, target, q, v, target.fill(t)) for q, v, t in pairs]
    return items


def _fmt_eta(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


# --------------------------------------------------------------------------- the replay


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


def segments_text(target: Target) -> str:
    """The policy as the paper gave it: upstream segments, one line per "Part N" (cited ``Part ¶N``)."""
    if target.segments is None or not target.segments.is_dir():
        raise InputError(f"no upstream segments for {target.company} (needed by initialization pd-seg)")
    parts = sorted(target.segments.glob("Part *.txt"), key=lambda p: int(re.sub(r"\D", "", p.stem) or 0))
    if not parts:
        raise InputError(f"{target.segments} has no 'Part N.txt' files")
    lines = []
    for p in parts:
        body = " ".join(p.read_text(encoding="utf-8", errors="replace").split())
        lines.append(re.sub(r"^Part \d+:\s*", "", body))
    return "\n".join(lines)


# --------------------------------------------------------------------------- collecting results


def scored_rows(db: ResultsDB, run_id: str, selection: Selection | None = None) -> list[dict[str, Any]]:
    """Stored answers of a run with their judge-free scores (``free``) and judge scores (``judges``)."""
    rows = db.answers(run_id, selection)
    ids = [r["id"] for r in rows]
    free = db.free_scores(ids)
    judged = db.judge_scores(ids)
    for r in rows:
        r["free"] = free.get(r["id"])
        r["judges"] = {j["judge"]: j for j in judged.get(r["id"], [])}
    return rows


def speed_stats(rows: list[dict[str, Any]], session: dict[str, float], judge: str | None) -> dict[str, Any]:
    """Answers and judge scores per minute, from stored per-answer times (valid across resumes) and this session."""
    walls = [float(r["timings"].get("wall_s")) for r in rows if r.get("timings", {}).get("wall_s") is not None]
    jsecs = [float(r["judges"][judge]["seconds"]) for r in rows if judge and judge in r.get("judges", {}) and r["judges"][judge].get("seconds")]
    out: dict[str, Any] = {
        "answers_per_minute": 60.0 * len(walls) / sum(walls) if walls and sum(walls) > 0 else None,
        "seconds_per_answer": sum(walls) / len(walls) if walls else None,
        "answering_minutes": sum(walls) / 60.0 if walls else 0.0,
        "judge_scores_per_minute": 60.0 * len(jsecs) / sum(jsecs) if jsecs and sum(jsecs) > 0 else None,
        "judge_seconds_per_score": sum(jsecs) / len(jsecs) if jsecs else None,
        "judge_minutes": sum(jsecs) / 60.0 if jsecs else 0.0,
        "session": {k: round(v, 3) for k, v in session.items()},
    }
    if session.get("asked"):
        out["session"]["answers_per_minute"] = round(60.0 * session["asked"] / max(1e-9, session["ask_s"] + session["score_s"]), 3)
    return out


def replay(a: Assistant, cfg: ReplayConfig, judge: Judge | None = None, cancel: threading.Event | None = None,
           db: ResultsDB | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Replay GenAIPABench on the selected policies; returns the aggregate result (see :func:`result_json`)."""
    root = genaipabench_root(cfg.data_root)
    if cfg.runs < 1:
        raise InputError("--runs must be at least 1")
    targets = [policy_target(root, p) for p in dict.fromkeys(cfg.policies or ["uber"])]
    bank = policy_bank()
    cats = parse_categories(cfg.categories)
    questions = [q for q in bank.questions if not cats or q.category in cats]
    questions = spread(questions, cfg.limit)
    if "cn" in cfg.inits or "summary-cn" in cfg.inits:
        a.require_model()  # closed-book initializations need a language model; fail before anything runs
    return (yield from run_suite(a, cfg, targets, questions, judge, cancel, db, {"data_root": str(root)}))


def run_suite(a: Assistant, cfg: ReplayConfig, targets: list[Target], questions: list[BankQuestion], judge: Judge | None,
              cancel: threading.Event | None, db: ResultsDB | None, extra: dict[str, Any],
              extra_metrics: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Shared by the GenAIPABench and regulations suites: plan, ask, score, judge, aggregate."""
    started = time.perf_counter()
    own_db = db is None
    db = db or ResultsDB.for_home(a.home)
    try:
        ident = {**answer_settings(a), "seed": cfg.seed}
        if cfg.fresh:
            ident["fresh"] = time.time()
        run_id = run_id_for(cfg.suite, ident)
        settings = {"policies": [t.key for t in targets], "runs": cfg.runs, "inits": cfg.inits, "paraphrases": cfg.paraphrases, "variants": cfg.variants,
                    "limit": cfg.limit, "categories": cfg.categories, "seed": cfg.seed, **ident, **extra}
        db.ensure_run(run_id, cfg.suite, settings, a.settings.model_path)
        rep = Replay(a, db, run_id, judge)
        items = make_plan(targets, questions, cfg)
        selection = Selection(policies=[t.key for t in targets], inits=cfg.inits, question_ids=[q.id for q in questions],
                              variants=sorted({it.variant for it in items}), runs=cfg.runs)
        yield Progress("plan", f"run {run_id}: {len(items)} answers planned ({len(targets)} document(s), {len(questions)} question(s), "
                               f"{cfg.runs} run(s), initializations {', '.join(cfg.inits)})", 0, len(items))
        complete = yield from rep.run(items, cancel)
        if complete and judge is not None:
            complete = yield from rep.run_judge(selection, {t.key: f"the {t.title}" for t in targets}, cancel)
        rows = scored_rows(db, run_id, selection)
        result = result_json(cfg.suite, run_id, settings, rows, judge.name if judge else None, rep.stats)
        if extra_metrics is not None:
            result.update(metrics.rounded(extra_metrics(rows)))
        result["status"] = "complete" if complete else "cancelled"
        result["selection"] = selection.to_json()
        result["wall_seconds"] = round(time.perf_counter() - started, 2)
        db.finish_run(run_id, "complete" if complete else "cancelled", {"last": {k: result[k] for k in ("n", "proxy_m_all", "wall_seconds")}})
        return result
    finally:
        if own_db:
            db.close()


def result_json(suite: str, run_id: str, settings: dict[str, Any], rows: list[dict[str, Any]], judge: str | None,
                session: dict[str, float]) -> dict[str, Any]:
    """One JSON object: the suite, the settings, n and every aggregate metric (plus breakdowns and speed)."""
    agg = metrics.aggregate(rows, judge)
    speed = speed_stats(rows, session, agg.get("judge"))
    out: dict[str, Any] = {"suite": suite, "run_id": run_id, "settings": settings, "n": agg.pop("n"), **agg}
    out["answers_per_minute"] = speed.pop("answers_per_minute")
    out["judge_scores_per_minute"] = speed.pop("judge_scores_per_minute")
    out["speed"] = speed
    out["judge_model"] = agg.get("judge")
    out["scorers"] = scorer_notes(agg)
    out["bands"] = metrics.BANDS
    return metrics.rounded(out)


def scorer_notes(agg: dict[str, Any]) -> dict[str, str]:
    """Which scorer produced which figures, and how far to trust each."""
    notes = {"proxy": "judge-free proxy of the five metrics (embedding similarity, abstention, citation checks); an estimate, "
                      "not a human or LLM verdict"}
    for name in agg.get("judges") or {}:
        notes[name] = ("LLM judge: the embedded base Gemma 3 270M runs the machinery but its verdicts are NOT trustworthy"
                       if "270m" in name.lower() or "(embedded)" in name else "LLM judge: a user-supplied GGUF model (check its human agreement)")
    return notes
