"""PrivaCI-Bench legal-compliance judgments: permit / prohibit / not applicable under a named regulation.

* ``direct``: the paper's direct prompt (DP), completion style; the answer is constrained to the three options by
  reading the model's next-token log-probabilities of "A", "B" and "C" (one forward pass, no free text to parse).
  A contextually calibrated variant (minus each letter's log-probability for content-free events) is reported too;
* ``rag``: the norms of the regulation (``KBs__<domain>.jsonl``) closest to the case (MiniLM cosine) are put in the
  prompt before the constrained choice. Alongside, a model-free *retrieval vote* (similarity-weighted permit vs
  prohibit among the retrieved norms; "not applicable" when nothing in the regulation is close) is reported, which
  is what a base 270M model can be compared with.

Reports accuracy, per-class precision/recall/F1, the confusion matrix and the majority-class baseline, next to the
paper's table (``resources/eval/privaci_paper.json``). Predictions are stored in ``eval.db`` and a run resumes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.core import Assistant
from assistant.errors import InputError
from assistant.models import Progress
from assistant.paths import resources_dir

from .datasets import privaci_cases_default
from .results import DB_NAME, ResultsDB, run_id_for
from .stats import rounded
from .suite import Suite, figures, positive

LABELS = ("permit", "prohibit", "not applicable")
CHOICE_LABEL = {"A": "prohibit", "B": "permit", "C": "not applicable"}
DOMAIN_NAMES = {"GDPR": "GDPR", "HIPAA": "HIPAA", "AI_ACT": "EU AI Act", "ACLU": "US privacy and technology law"}
NA_THRESHOLD = 0.30  # best case-norm cosine below which the vote says "not applicable"
CASE_WORDS = 450
NORM_WORDS = 70

DP_PROMPT = """Determine the relationship between the provided event and the {domain} regulations. You have three options for your conclusion:
(A) The event is prohibited by {domain}.
(B) The event is permitted by {domain}.
(C) The event is not related to {domain}.

Event: {event}
{norms}
Output Format: Choice: (A) Prohibited | (B) Permitted | (C) Not related
Choice: ("""

NORMS_BLOCK = """
{domain} regulations for reference (may not all be relevant):
{items}
"""


@dataclass
class PrivaciSettings:
    """Which cases, direct or retrieval-augmented, how many (a seeded sample), the regulation and its norms."""

    data: Path = field(default_factory=privaci_cases_default)
    mode: str = "direct"
    limit: int | None = None
    regulation: str | None = None  # GDPR, HIPAA, AI_ACT or ACLU; None = from the file name
    kb: str | None = None  # the norms for rag mode; None = KBs__<DOMAIN>.jsonl next to the cases
    seed: int = 0
    fresh: bool = False


@dataclass
class Case:
    no: int
    domain: str
    label: str
    text: str


def paper_numbers() -> dict[str, Any]:
    path = resources_dir() / "eval" / "privaci_paper.json"
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def domain_of(path: Path) -> str:
    m = re.match(r"cases__([A-Za-z_]+?)(?:\.dev|\.test|\.train)?\.jsonl$", path.name)
    return m.group(1).upper() if m else path.stem.upper()


def _jsonl_records(path: Path, what: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line of a JSON-lines file; InputError naming the line when malformed."""
    if not path.is_file():
        raise InputError(f"{what} not found: {path}")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc.__class__.__name__})") from exc
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}: invalid JSON ({exc.msg})") from exc
        if not isinstance(rec, dict):
            raise InputError(f"{path}:{n}: expected a JSON object per line")
        yield n, rec


def load_cases(path: Path, domain: str | None = None) -> list[Case]:
    """Cases of a ``cases__*.jsonl`` file; InputError naming the line when malformed."""
    out: list[Case] = []
    dom = (domain or domain_of(path)).upper()
    for n, rec in _jsonl_records(path, "cases file"):
        label = str(rec.get("norm_type", "")).strip().lower()
        text = str(rec.get("case_content") or "").strip()
        if label not in LABELS:
            raise InputError(f"{path}:{n}: norm_type {rec.get('norm_type')!r} is not one of {', '.join(LABELS)}")
        if not text:
            raise InputError(f"{path}:{n}: empty case_content")
        out.append(Case(len(out), dom, label, text))
    if not out:
        raise InputError(f"{path}: no cases")
    return out


def _decode(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def load_norms(path: Path) -> list[dict[str, str]]:
    """Norms of a ``KBs__*.jsonl`` file: id, type (Permit / Prohibit / General Definition) and text."""
    norms = []
    for _, rec in _jsonl_records(path, "regulation knowledge base"):
        text = str(_decode(rec.get("regulation_content")) or "").strip()
        if text:
            norms.append({"id": str(_decode(rec.get("regulation_id")) or ""), "type": str(_decode(rec.get("norm_type")) or ""), "text": text})
    if not norms:
        raise InputError(f"{path}: no norms")
    return norms


def _clip(text: str, n: int) -> str:
    toks = text.split()
    return " ".join(toks[:n]) + (" …" if len(toks) > n else "")


class NormIndex:
    """Embedded norms of one regulation (cached on disk next to eval.db)."""

    def __init__(self, a: Assistant, path: Path):
        import numpy as np

        self.norms = load_norms(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        cache = a.home / "eval" / "cache" / f"norms-{path.stem}-{digest}.npy"
        if cache.is_file():
            self.vecs = np.load(cache)
        else:
            self.vecs = a.embedder.embed_array([f"{n['id']}: {_clip(n['text'], 200)}" for n in self.norms])
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.save(cache, self.vecs)

    def search(self, qvec: Any, k: int = 5) -> list[tuple[dict[str, str], float]]:
        import numpy as np

        sims = self.vecs @ np.asarray(qvec, dtype="float32")
        order = np.argsort(-sims)[:k]
        return [(self.norms[int(i)], float(sims[int(i)])) for i in order]


def vote(hits: list[tuple[dict[str, str], float]]) -> str:
    """Model-free decision from retrieved norms: weighted permit vs prohibit, or not applicable when nothing is close."""
    if not hits or hits[0][1] < NA_THRESHOLD:
        return "not applicable"
    w: dict[str, float] = {"permit": 0.0, "prohibit": 0.0}
    for norm, sim in hits:
        t = norm["type"].lower()
        if t.startswith("permit"):
            w["permit"] += sim
        elif t.startswith("prohibit"):
            w["prohibit"] += sim * 1.5  # negative norms are rarer; a close one weighs more
    if not any(w.values()):
        return "permit"
    return max(w.items(), key=lambda kv: kv[1])[0]


def option_logprobs(model: Any, prompt: str, options: str = "ABC") -> dict[str, float]:
    """Log-probabilities of the next token being each option letter (a choice constrained to the options).

    Uses the public ``logits_processor`` hook of llama-cpp-python to read the logits of the one generated token.
    """
    import numpy as np

    llm = model.load()
    captured: dict[str, Any] = {}

    def grab(_ids: Any, scores: Any) -> Any:
        if "scores" not in captured:
            captured["scores"] = np.array(scores, dtype="float64")
        return scores

    from llama_cpp import LogitsProcessorList

    llm.create_completion(prompt, max_tokens=1, temperature=0.0, logits_processor=LogitsProcessorList([grab]))
    logits = captured.get("scores")
    if logits is None:
        raise InputError("the model returned no logits")
    ids = [llm.tokenize(opt.encode(), add_bos=False, special=False)[0] for opt in options]
    chosen = logits[ids]
    norm = np.logaddexp.reduce(logits)
    return {opt: float(v - norm) for opt, v in zip(options, chosen)}


def build_prompt(domain: str, text: str, norms: list[tuple[dict[str, str], float]] | None) -> str:
    name = DOMAIN_NAMES.get(domain, domain)
    block = ""
    if norms:
        items = "\n".join(f"- {n['id']} ({n['type'] or 'norm'}): {_clip(n['text'], NORM_WORDS)}" for n, _ in norms[:3])
        block = NORMS_BLOCK.format(domain=name, items=items)
    return DP_PROMPT.format(domain=name, event=_clip(text, CASE_WORDS), norms=block)


def decide(model: Any, domain: str, case: Case, norms: list[tuple[dict[str, str], float]] | None,
           prior: dict[str, float] | None) -> tuple[str, str, dict[str, Any]]:
    """(label, calibrated label, details): the model's next-token choice among A/B/C.

    The label is the most probable letter (the paper's direct prompt with the answer constrained to the three
    options); the calibrated label subtracts each letter's log-probability for content-free events ("contextual
    calibration", Zhao et al. 2021), a standard correction of a small base model's letter bias, reported alongside.
    """
    lp = option_logprobs(model, build_prompt(domain, case.text, norms))
    raw = max(lp, key=lambda k: lp[k])
    cal = {k: lp[k] - (prior or {}).get(k, 0.0) for k in lp}
    best = max(cal, key=lambda k: cal[k])
    return CHOICE_LABEL[raw], CHOICE_LABEL[best], {"logprobs": lp, "calibrated_logprobs": cal}


def content_free_prior(model: Any, domain: str, norms: list[tuple[dict[str, str], float]] | None) -> dict[str, float]:
    """Mean option log-probabilities over content-free events (the model's letter bias for this prompt)."""
    priors = [option_logprobs(model, build_prompt(domain, text, norms)) for text in ("N/A", "[event]", "")]
    return {k: sum(p[k] for p in priors) / len(priors) for k in priors[0]}


def classification_report(gold: list[str], pred: list[str | None]) -> dict[str, Any]:
    """Accuracy, per-class precision/recall/F1, macro F1 and the confusion matrix (unparseable = wrong)."""
    n = len(gold)
    acc = sum(1 for g, p in zip(gold, pred) if g == p) / n if n else None
    per: dict[str, dict[str, float | int | None]] = {}
    for c in LABELS:
        tp = sum(1 for g, p in zip(gold, pred) if g == c and p == c)
        fp = sum(1 for g, p in zip(gold, pred) if g != c and p == c)
        fn = sum(1 for g, p in zip(gold, pred) if g == c and p != c)
        prec = tp / (tp + fp) if tp + fp else None
        rec = tp / (tp + fn) if tp + fn else None
        f1 = (2 * prec * rec / (prec + rec)) if prec is not None and rec is not None and prec + rec > 0 else (0.0 if (prec is not None or rec is not None) else None)
        per[c] = {"precision": prec, "recall": rec, "f1": f1, "support": tp + fn}
    present = [c for c in LABELS if per[c]["support"]]
    f1s = [float(per[c]["f1"] or 0.0) for c in present]
    confusion = {g: {p: sum(1 for x, y in zip(gold, pred) if x == g and (y or "unparsed") == p) for p in (*LABELS, "unparsed")} for g in LABELS}
    majority = Counter(gold).most_common(1)[0] if gold else ("", 0)
    return {"accuracy": acc, "macro_f1": sum(f1s) / len(f1s) if f1s else None, "per_class": per, "confusion": confusion,
            "majority_label": majority[0], "majority_baseline": majority[1] / n if n else None,
            "unparsed": sum(1 for p in pred if p is None)}


def run(a: Assistant, data: str | Path, mode: str = "direct", limit: int | None = None, domain: str | None = None, seed: int = 0,
        kb: str | Path | None = None, fresh: bool = False, cancel: threading.Event | None = None,
        db: ResultsDB | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Judge compliance for the cases of a ``cases__*.jsonl`` file; returns the aggregate result."""
    if mode not in ("direct", "rag"):
        raise InputError(f"unknown mode {mode!r} (use direct or rag)")
    path = Path(data).expanduser()
    cases = load_cases(path, domain)
    dom = cases[0].domain
    if limit is not None:
        if limit < 1:
            raise InputError("--limit must be at least 1")
        random.Random(seed).shuffle(cases)  # a seeded sample: dev files are sorted by label
        cases = sorted(cases[:limit], key=lambda c: c.no)
    index: NormIndex | None = None
    kb_path = Path(kb).expanduser() if kb else path.parent / f"KBs__{dom}.jsonl"
    if mode == "rag":
        if not kb_path.is_file():
            raise InputError(f"rag mode needs the regulation's norms: {kb_path} not found (pass --kb)")
        yield Progress("index", f"embedding the {dom} norms ({kb_path.name})")
        index = NormIndex(a, kb_path)
    model = a.require_model()
    yield Progress("calibrate", "measuring the model's letter bias on content-free events")
    prior = content_free_prior(model, dom, None)
    own = db is None
    db = db or ResultsDB.for_home(a.home)
    started = time.perf_counter()
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        ident = {"data": digest, "domain": dom, "mode": mode, "model_path": a.settings.model_path, "n_ctx": a.settings.n_ctx,
                 "prompt": hashlib.sha256((DP_PROMPT + NORMS_BLOCK).encode()).hexdigest()[:8], "eval_version": 3}
        if fresh:
            ident["fresh"] = time.time()
        run_id = run_id_for("privaci", ident)
        settings = {**ident, "file": str(path), "limit": limit, "seed": seed, "kb": str(kb_path) if index else None,
                    "model": model.info.name}
        db.ensure_run(run_id, "privaci", settings, a.settings.model_path)
        done = db.privaci_done(run_id)
        todo = [c for c in cases if c.no not in done]
        asked = 0
        ask_s = 0.0
        for i, case in enumerate(todo):
            if cancel is not None and cancel.is_set():
                break
            if i % 5 == 0:
                yield Progress("privaci", f"{dom} {mode}: case {i + 1}/{len(todo)}", i, len(todo))
            t0 = time.perf_counter()
            hits = index.search(a.embedder.embed_array([_clip(case.text, 200)])[0]) if index else []
            label, cal_label, details = decide(model, dom, case, hits or None, prior)
            secs = time.perf_counter() - t0
            db.add_privaci({"run_id": run_id, "case_no": case.no, "domain": dom, "gold": case.label, "pred": label, "vote": vote(hits) if hits else None,
                            "raw": json.dumps({"calibrated": cal_label, **details}), "retrieved": [[n["id"], n["type"], round(s, 4)] for n, s in hits], "seconds": secs})
            asked += 1
            ask_s += secs
        rows = db.privaci_rows(run_id, [c.no for c in cases])
        result = summarize(rows, dom, mode, settings, run_id)
        result["speed"] = {"cases_per_minute": 60.0 * len(rows) / sum(r["seconds"] for r in rows) if rows and sum(r["seconds"] for r in rows) else None,
                           "session_cases": asked, "session_seconds": round(ask_s, 2), "wall_seconds": round(time.perf_counter() - started, 2)}
        result["status"] = "complete" if len(rows) == len(cases) else "cancelled"
        db.finish_run(run_id, result["status"], {"last": {"n": result["n"], "accuracy": result["accuracy"]}})
        return rounded(result)
    finally:
        if own:
            db.close()


def summarize(rows: list[dict[str, Any]], dom: str, mode: str, settings: dict[str, Any], run_id: str) -> dict[str, Any]:
    gold = [r["gold"] for r in rows]
    rep = classification_report(gold, [r["pred"] for r in rows])
    out: dict[str, Any] = {"suite": "privaci", "run_id": run_id, "settings": settings, "n": len(rows), "domain": dom, "mode": mode, **rep}
    out["predicted"] = dict(Counter(r["pred"] or "unparsed" for r in rows))
    cal = [json.loads(r["raw"]).get("calibrated") if (r.get("raw") or "").startswith("{") else None for r in rows]
    crep = classification_report(gold, cal)
    out["calibrated"] = {"accuracy": crep["accuracy"], "macro_f1": crep["macro_f1"], "predicted": dict(Counter(x or "unparsed" for x in cal)),
                         "note": "letter log-probabilities minus those for content-free events (contextual calibration)"}
    out["calibrated_accuracy"] = crep["accuracy"]
    if mode == "rag":
        vrep = classification_report(gold, [r["vote"] for r in rows])
        out["retrieval_vote"] = {"accuracy": vrep["accuracy"], "macro_f1": vrep["macro_f1"], "per_class": vrep["per_class"],
                                 "confusion": vrep["confusion"], "note": "model-free: similarity-weighted norm types of the retrieved norms"}
        out["vote_accuracy"] = vrep["accuracy"]
    paper = paper_numbers()
    out["paper"] = {"accuracy": (paper.get("accuracy") or {}).get(dom), "f1": (paper.get("f1_appendix_c1") or {}).get(dom),
                    "per_class": paper.get("per_class_table3") if dom == (paper.get("per_class_table3") or {}).get("domain") else None,
                    "attribution": paper.get("attribution"), "note": (paper.get("notes") or [""])[0]}
    return out


# --------------------------------------------------------------------------- the suite


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--data", metavar="FILE", help="cases__<DOMAIN>.jsonl (default: the GDPR dev split in the shared data)")
    s.add_argument("--mode", choices=("direct", "rag"), default="direct", help="direct prompt, or retrieval over the regulation's norms")
    s.add_argument("--limit", type=int, help="a seeded sample of N cases")
    s.add_argument("--regulation", metavar="DOMAIN", help="GDPR, HIPAA, AI_ACT or ACLU (default: from the file name)")
    s.add_argument("--kb", metavar="FILE", help="norms for rag mode (default: KBs__<DOMAIN>.jsonl next to the cases)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--report", metavar="DIR")
    s.add_argument("--fresh", action="store_true")
    s.add_argument("--json", action="store_true")


def from_args(args: argparse.Namespace) -> PrivaciSettings:
    positive(args.limit, "--limit")
    st = PrivaciSettings(mode=args.mode, limit=args.limit, regulation=args.regulation, kb=args.kb, seed=args.seed, fresh=args.fresh)
    if args.data:
        st.data = Path(args.data).expanduser()
    load_cases(st.data, st.regulation)  # validate before loading any model
    return st


def run_settings(a: Assistant, st: PrivaciSettings, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    return (yield from run(a, st.data, st.mode, st.limit, st.regulation, st.seed, st.kb, st.fresh, cancel))


def write_report(a: Assistant, result: dict[str, Any], folder: Path) -> list[Path]:
    from .report import build_report

    return build_report(result["run_id"], folder, db_path=a.home / DB_NAME)


SUITE = Suite(
    name="privaci", title="PrivaCI-Bench: compliance judgments", help="PrivaCI-Bench compliance judgments (permit / prohibit / not applicable)",
    settings=PrivaciSettings, run=run_settings, add_arguments=add_arguments, from_args=from_args, summary=figures,
    write_report=write_report, form="",
)
