"""Agreement of our scorers with the GenAIPABench analysts.

The chatbots' answers and the analysts' scores are read by :mod:`eval.external`. We score the same answers with the
judge-free proxy (no model needed) and, when given, an LLM judge, average per (policy, question) like the analysts, and
report Spearman's rho and the mean absolute error against the human M_all.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections.abc import Generator
from pathlib import Path
from typing import Any

from assistant.core import Assistant
from assistant.errors import InputError
from assistant.models import Progress

from . import metrics
from .citations import part_refs
from .external import ExternalAnswer, HumanScores, load_answers, load_scores, policy_key
from .genaipabench import scored_rows
from .judge import Judge
from .plan import POLICIES
from .questions import load_references, policy_bank, regulation_bank
from .replay import Replay
from .results import ResultsDB, Selection, run_id_for
from .stats import mae, mean, pearson, rounded, spearman

# --------------------------------------------------------------------------- scoring and agreement


def _references() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for p in (*POLICIES, "gdpr", "ccpa"):
        try:
            out[p] = load_references(p)
        except InputError:
            continue
    return out


def agreement(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    """Spearman, Pearson and MAE of (ours, human) M_all pairs."""
    ours = [p[0] for p in pairs]
    human = [p[1] for p in pairs]
    out: dict[str, Any] = {"n": len(pairs), "spearman": spearman(ours, human), "pearson": pearson(ours, human), "mae": mae(ours, human),
                           "ours_mean": mean(ours), "human_mean": mean(human), "ours_distinct_values": len(set(ours))}
    if len(pairs) >= 3 and len(set(ours)) == 1:
        out["note"] = "correlation undefined: our scorer gave every answer the same M_all"
    return out


def run(a: Assistant, answers: str | Path, scores: str | Path, section: str | None = None, system: str | None = None,
        judge: Judge | None = None, limit: int | None = None, policies: list[str] | None = None,
        cancel: threading.Event | None = None, db: ResultsDB | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Score external answers with our scorers and compare with the analysts per (policy, question)."""
    ext = load_answers(answers)
    sets = load_scores(scores, section)
    if system:
        sets = [s for s in sets if s.system.lower() == system.lower() or s.system == "external"]
        ext = [e for e in ext if e.system.lower() == system.lower() or e.system == "external"]
    wanted = {policy_key(p) for p in policies or []}
    bad = wanted - set(POLICIES)
    if bad:
        raise InputError(f"unknown policy {sorted(bad)[0]!r} (choose from: {', '.join(POLICIES)})")
    systems = {e.system for e in ext}
    refs = _references()
    bank_q = {q.id: q.question for q in [*policy_bank().questions, *regulation_bank().questions]}

    # align: each score set with the answers of the same system and section
    matched: list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]] = []
    unmatched: list[str] = []
    for hs in sets:
        pool = [e for e in ext if e.section == hs.section and (e.system == hs.system or hs.system == "external" or e.system == "external")]
        if hs.system == "external" and len({e.system for e in pool}) > 1:
            raise InputError(f"{hs.source}: cannot tell whose answers these scores are for ({', '.join(sorted(systems))}); pass --system")
        keys = [k for k in sorted(hs.scores) if not wanted or k[0] in wanted]
        n_before = len(matched)
        by_key: dict[tuple[str, str], list[ExternalAnswer]] = {}
        for e in pool:
            by_key.setdefault((e.policy, e.question_id), []).append(e)
        for k in keys:
            if by_key.get(k) and k[0] in refs and k[1] in refs[k[0]]:
                matched.append((hs, k, by_key[k]))
        if len(matched) == n_before:
            unmatched.append(f"{Path(hs.source).name} ({hs.system}, {hs.section})")
    if not matched:
        raise InputError("no (policy, question) of the scores file has answers in the answers given "
                         f"(answers: {', '.join(sorted(systems)) or 'none'}; scores: {', '.join(f'{s.system}/{s.section}' for s in sets)})")
    if limit:
        if limit < 1:
            raise InputError("--limit must be at least 1")
        by_set: dict[int, list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]]] = {}
        for m in matched:
            by_set.setdefault(id(m[0]), []).append(m)
        kept = []
        for group in by_set.values():  # a seeded sample per score set, spread over policies and questions
            kept += sorted(random.Random(0).sample(group, min(limit, len(group))), key=lambda m: m[1])
        matched = kept

    own = db is None
    db = db or ResultsDB.for_home(a.home)
    try:
        digest = hashlib.sha256(json.dumps(sorted(
            (hs.system, hs.section, k, e.rep, e.variant, e.answer) for hs, k, es in matched for e in es), default=str).encode()).hexdigest()
        run_id = run_id_for("human", {"answers": digest})
        settings = {"answers": str(answers), "scores": str(scores), "section": section, "system": system, "limit": limit,
                    "policies": sorted(wanted), "judge": judge.name if judge else None}
        db.ensure_run(run_id, "human", settings, "external")
        done = db.done_keys(run_id)
        yield Progress("score", f"scoring {sum(len(es) for _, _, es in matched)} external answers on {len(matched)} (policy, question) pairs",
                       0, len(matched))
        pending = [(hs, policy, qid, e) for hs, (policy, qid), es in matched for e in es
                   if (e.rep, f"{hs.system}:{hs.section}", policy, qid, e.variant) not in done]
        qtexts = sorted({e.question or bank_q.get(qid, qid) for _, _, qid, e in pending})
        refkeys = sorted({(policy, qid) for _, policy, qid, _ in pending})
        q_vecs = dict(zip(qtexts, a.embedder.embed_array(qtexts))) if qtexts else {}
        r_vecs = dict(zip(refkeys, a.embedder.embed_array([refs[p][q].answer for p, q in refkeys]))) if refkeys else {}
        batch = 32
        for start in range(0, len(pending), batch):
            if cancel is not None and cancel.is_set():
                break
            chunk = pending[start:start + batch]
            yield Progress("score", f"proxy scores: {start}/{len(pending)} external answers", start, len(pending))
            a_vecs = a.embedder.embed_array([e.answer for _, _, _, e in chunk])
            for (hs, policy, qid, e), a_vec in zip(chunk, a_vecs):
                ref = refs[policy][qid]
                qtext = e.question or bank_q.get(qid, qid)
                row = {"run_id": run_id, "run_no": e.rep, "init": f"{hs.system}:{hs.section}", "policy": policy, "question_id": qid,
                       "variant": e.variant, "category": qid.split("_")[0], "source": "external", "question": qtext, "text": e.answer,
                       "answerable": not metrics.looks_abstaining(e.answer), "status": "answered", "mode": "external",
                       "citations": [{"id": p} for p in part_refs(e.answer)], "evidence": [], "model": e.system, "timings": {},
                       "reference": {"answer": ref.answer, "parts": ref.parts}, "addressed": ref.addressed,
                       "meta": {"system": hs.system, "section": hs.section, "human_m_all": hs.scores[(policy, qid)], "source": e.source}}
                answer_id = db.add_answer(row)
                score = metrics.free_score(question=qtext, text=e.answer, answerable=row["answerable"],
                                           citations=[c["id"] for c in row["citations"]], evidence_ids=None, valid_ids=None,
                                           addressed=ref.addressed, reference=ref.answer, reference_parts=ref.parts,
                                           q_vec=q_vecs[qtext], a_vec=a_vec, r_vec=r_vecs[(policy, qid)])
                score["details"]["vec"] = metrics.pack_vector(a_vec)
                db.add_free_score(answer_id, score)
        if judge is not None:
            rep = Replay(a, db, run_id, judge)
            names = {p: f"the {p.capitalize()} Privacy Policy" for p in POLICIES} | {"gdpr": "the GDPR", "ccpa": "the CCPA"}
            yield from rep.run_judge(Selection(), names, cancel)
        rows = scored_rows(db, run_id)
        result = summarize(rows, matched, judge.name if judge else None)
        result.update({"suite": "genaipabench-human", "run_id": run_id, "settings": settings, "unmatched_score_files": unmatched})
        db.finish_run(run_id, "complete" if not (cancel is not None and cancel.is_set()) else "cancelled",
                      {"last": {"n": result["n"], "proxy": result["proxy"]}})
        return rounded(result)
    finally:
        if own:
            db.close()


def summarize(rows: list[dict[str, Any]], matched: list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]],
              judge: str | None) -> dict[str, Any]:
    """Per (system, section) and pooled agreement of the proxy and of each judge with the analysts."""
    wanted = {(f"{hs.system}:{hs.section}", k) for hs, k, _ in matched}
    groups: dict[tuple[str, tuple[str, str]], list[dict[str, Any]]] = {}
    for r in rows:
        g = (r["init"], (r["policy"], r["question_id"]))
        if g in wanted:
            groups.setdefault(g, []).append(r)
    judges = sorted({name for r in rows for name in r.get("judges") or {}})
    scorers = ["proxy", *judges]
    pairs: dict[str, dict[str, list[tuple[float, float]]]] = {s: {} for s in scorers}
    per_pair = []
    for (init, (policy, qid)), rs in sorted(groups.items()):
        human = float(rs[0]["meta"]["human_m_all"])
        entry: dict[str, Any] = {"set": init, "policy": policy, "question_id": qid, "human": human, "answers": len(rs)}
        for s in scorers:
            vals = [r["free"]["m_all"] for r in rs if r.get("free")] if s == "proxy" else \
                [r["judges"][s]["m_all"] for r in rs if r.get("judges", {}).get(s, {}).get("status") == "ok"]
            if vals:
                ours = sum(vals) / len(vals)
                entry[s] = ours
                pairs[s].setdefault(init, []).append((ours, human))
                pairs[s].setdefault("all", []).append((ours, human))
        per_pair.append(entry)
    out: dict[str, Any] = {"n": len(groups), "answers": sum(len(v) for v in groups.values())}
    out["proxy"] = agreement(pairs["proxy"].get("all", []))
    out["proxy_by_set"] = {k: agreement(v) for k, v in sorted(pairs["proxy"].items()) if k != "all"}
    out["judges"] = {}
    for s in judges:
        errors = sum(1 for r in rows if r.get("judges", {}).get(s, {}).get("status") == "judge_error")
        out["judges"][s] = {**agreement(pairs[s].get("all", [])), "errors": errors,
                            "by_set": {k: agreement(v) for k, v in sorted(pairs[s].items()) if k != "all"},
                            "trusted": not ("270m" in s.lower() or "(embedded)" in s)}
    chosen = judge if judge in out["judges"] else None
    out["judge"] = chosen
    out["judge_agreement"] = out["judges"][chosen] if chosen else None
    out["pairs"] = per_pair
    out["spearman"] = out["proxy"]["spearman"]
    out["mae"] = out["proxy"]["mae"]
    return out
