"""The figures of a set of scored answers (a run, or one slice of it): each a small pure function over the stored rows.

A row is a stored answer with ``free`` (its judge-free scores, :func:`eval.metrics.free_score`) and ``judges``
({judge name: score row}); :func:`aggregate` puts every figure in one dict, in the order the JSON output shows them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .metrics import METRICS, band, consistency, unpack_vector
from .stats import mean, median

Rows = Sequence[dict[str, Any]]
CONSISTENCY_KEYS = ("stance_agreement", "citation_jaccard", "answer_similarity", "consistency")


def _free(rows: Rows) -> list[dict[str, Any]]:
    return [r["free"] for r in rows if r.get("free")]


def _flag(value: Any) -> float | None:
    return None if value is None else float(value)


def band_shares(values: Iterable[float | None]) -> dict[str, float]:
    vals = [band(v) for v in values if v is not None]
    if not vals:
        return {"green": 0.0, "yellow": 0.0, "red": 0.0}
    c = Counter(vals)
    return {k: c.get(k, 0) / len(vals) for k in ("green", "yellow", "red")}


def summarize_scores(rows: Rows, prefix: str) -> dict[str, Any]:
    """Mean of each metric, mean/median M_all and band shares of scored rows, keys prefixed (e.g. 'proxy_')."""
    out: dict[str, Any] = {}
    for m in METRICS:
        out[f"{prefix}{m}"] = mean(r.get(m) for r in rows)
    vals = [r.get("m_all") for r in rows]
    out[f"{prefix}m_all"] = mean(vals)
    out[f"{prefix}m_all_median"] = median(vals)
    out[f"{prefix}band"] = band(out[f"{prefix}m_all"])
    for k, v in band_shares(vals).items():
        out[f"{prefix}{k}_share"] = v
    return out


def counts(rows: Rows) -> dict[str, Any]:
    """How many answers, how many scored, the share that answered (did not abstain)."""
    abstained = sum(1 for r in rows if not r.get("answerable"))
    return {"n": len(rows), "n_scored": len(_free(rows)), "answered_share": (len(rows) - abstained) / len(rows) if rows else None}


def citation_figures(rows: Rows) -> dict[str, Any]:
    """Citation validity, and how often addressed and unaddressed questions were answered with a citation."""
    cited = lambda r: 1.0 if (r.get("free") or {}).get("cited") else 0.0  # noqa: E731
    return {"citation_validity": mean(f.get("citation_validity") for f in _free(rows)),
            "citation_rate_addressed": mean(cited(r) for r in rows if r.get("addressed") is True),
            "unaddressed_cited_rate": mean(cited(r) for r in rows if r.get("addressed") is False)}


def abstention_figures(rows: Rows) -> dict[str, Any]:
    """Abstention accuracy, verdict agreement with yes/no references, abstention precision and recall."""
    free = _free(rows)
    abstained = [r for r in rows if not r.get("answerable")]
    unaddressed = [r for r in rows if r.get("addressed") is False]
    return {"abstention_accuracy": mean(_flag(f.get("abstention_correct")) for f in free),
            "verdict_agreement": mean(_flag(f.get("verdict_agrees")) for f in free),
            "verdict_compared": sum(1 for f in free if f.get("verdict_agrees") is not None),
            "abstention_precision": (sum(1 for r in abstained if r.get("addressed") is False) / len(abstained)) if abstained else None,
            "abstention_recall": (sum(1 for r in unaddressed if not r.get("answerable")) / len(unaddressed)) if unaddressed else None}


def closeness_figures(rows: Rows) -> dict[str, Any]:
    """How close the answers are to the references and the questions."""
    answered = [r.get("free") or {} for r in rows if r.get("answerable") and r.get("addressed") is not False]
    return {"similarity": mean(f.get("similarity") for f in answered),
            "similarity_all": mean(f.get("similarity") for f in _free(rows)),
            "qa_similarity": mean((r.get("free") or {}).get("qa_similarity") for r in rows if r.get("answerable")),
            "coverage": mean(f.get("coverage") for f in answered),
            "reference_part_hit": mean(_flag((f.get("details") or {}).get("reference_part_hit")) for f in _free(rows))}


def judge_figures(rows: Rows, judge: str | None) -> dict[str, Any]:
    """Every judge's figures under ``judges``; the chosen one's (``judge``, or the only one) also as ``judge_*``."""
    judges: dict[str, Any] = {}
    names = sorted({name for r in rows for name in (r.get("judges") or {})})
    for name in names:
        scored = [r["judges"][name] for r in rows if name in (r.get("judges") or {})]
        ok = [j for j in scored if j.get("status") == "ok"]
        judges[name] = {"n": len(scored), "ok": len(ok), "errors": len(scored) - len(ok),
                        "seconds_per_score": mean(j.get("seconds") for j in scored), **summarize_scores(ok, "")}
    chosen = judge if judge in judges else (names[0] if len(names) == 1 else None)
    out: dict[str, Any] = {"judges": judges, "judge": chosen}
    for key in ("m_all", "m_all_median", "band", *METRICS, "green_share", "yellow_share", "red_share"):
        out[f"judge_{key}"] = judges[chosen].get(key) if chosen else None
    out["judge_errors"] = judges[chosen]["errors"] if chosen else None
    return out


def paraphrase_figures(rows: Rows) -> dict[str, Any]:
    """Agreement among the answers to one question's variants (same run, initialization and document)."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for r in rows:
        if r.get("free"):
            groups.setdefault((r.get("run_no"), r.get("init"), r.get("policy"), r.get("question_id")), []).append(r)
    per_question: dict[str, list[dict[str, float]]] = {}
    for gkey, group in groups.items():
        vecs = [unpack_vector((g["free"].get("details") or {}).get("vec")) for g in group]
        if len(group) < 2 or any(v is None for v in vecs):
            continue
        c = consistency([{"stance": g["free"].get("stance"), "cited_ids": (g["free"].get("details") or {}).get("cited_ids") or []}
                         for g in group], vecs)
        if c:
            per_question.setdefault(str(gkey[3]), []).append(c)
    flat = [c for cs in per_question.values() for c in cs]
    out: dict[str, Any] = {"consistency_groups": len(flat)}
    for k in CONSISTENCY_KEYS:
        out[f"paraphrase_{k}"] = mean(c[k] for c in flat)
    out["paraphrase_by_question"] = {q: {k: mean(c[k] for c in cs) for k in CONSISTENCY_KEYS} for q, cs in sorted(per_question.items())}
    return out


def slice_figures(rows: Rows, judge: str | None) -> dict[str, Any]:
    """The few figures of one slice (an initialization, a document, a category)."""
    free = _free(rows)
    out: dict[str, Any] = {"n": len(rows)}
    out["proxy_m_all"] = mean(f.get("m_all") for f in free)
    out["citation_validity"] = mean(f.get("citation_validity") for f in free)
    out["abstention_accuracy"] = mean(_flag(f.get("abstention_correct")) for f in free)
    out["similarity"] = mean(f.get("similarity") for f, r in zip(free, rows) if r.get("answerable") and r.get("addressed") is not False)
    if judge:
        ok = [r["judges"][judge] for r in rows if r.get("judges", {}).get(judge, {}).get("status") == "ok"]
        out["judge_m_all"] = mean(j.get("m_all") for j in ok)
        out["judge_n"] = len(ok)
    return out


def breakdowns(rows: Rows, judge: str | None) -> dict[str, Any]:
    """``by_init``, ``by_policy`` and ``by_category``: :func:`slice_figures` of each value."""
    out: dict[str, Any] = {}
    for dim in ("init", "policy", "category"):
        keys = sorted({str(r.get(dim)) for r in rows})
        out[f"by_{dim}"] = {k: slice_figures([r for r in rows if str(r.get(dim)) == k], judge) for k in keys}
    return out


def aggregate(rows: Rows, judge: str | None = None) -> dict[str, Any]:
    """Every figure of a set of scored answers; ``judge`` selects the judge reported at the top level (``judge_*``)."""
    judged = judge_figures(rows, judge)
    return {**counts(rows), **citation_figures(rows), **abstention_figures(rows), **closeness_figures(rows),
            **summarize_scores(_free(rows), "proxy_"), **judged, **paraphrase_figures(rows), **breakdowns(rows, judged["judge"])}
