"""The self-benchmark's figures per question category, kept in the user's data folder so the app can show them beside
every answer and report-card row ("Retention & deletion: verdicts right 88% of 34").

Both runners (``privacy-assistant bench`` and the Benchmark tab) call :func:`record` after a run; only a complete
run replaces a suite's figures. The category of each benchmark question is read the same way as a user's
(:func:`assistant.categories.category_of`), so the figures apply to questions of the same kind, not to these wordings.
"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from assistant.categories import category_of
from assistant.models import TrustFigure

from .metrics import band
from .stance import is_correct, is_wrong

#: Suites whose results give trust figures.
TRUST_SUITES = ("stance", "genaipabench")
#: Truth sets whose errors were read while the verdict reader was written: figures on them overstate what a user sees.
#: (``extra-b`` and ``extra-d`` were never read: their figures are the honest ones.)
DEVELOPMENT_SETS = frozenset({"dev.jsonl", "extra-a.jsonl", "extra-c.jsonl", "extra-e.jsonl", "extra-f.jsonl", "extra-g.jsonl",
                              "extra-h.jsonl"})


def _label(suite: str, what: str, created: str) -> str:
    return f"{suite} · {what} · {created[:16].replace('T', ' ')}"


def stance_figures(result: dict[str, Any], folder: Path | None, created: str) -> list[TrustFigure]:
    """Verdict accuracy and wrong yes/no rate per category, from a stance result's rows."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in result.get("rows", []):
        groups[category_of(row["question"])].append(row)
    names = [Path(t).name for t in result.get("settings", {}).get("truth", [])]
    truth = ", ".join(names) or "truth set"
    if names and all(n in DEVELOPMENT_SETS for n in names):
        truth += " (tuned on: expect less on other policies)"
    label = _label("stance", truth, created)
    out = []
    for cat, rows in sorted(groups.items()):
        right = sum(is_correct(r["stance"], r["label"]) for r in rows)
        wrong = sum(is_wrong(r["stance"], r["label"]) for r in rows)
        out.append(TrustFigure(cat, "stance", str(folder or ""), label, created, len(rows), round(right / len(rows), 4),
                               round(wrong / len(rows), 4)))
    return out


def replay_figures(rows: list[dict[str, Any]], run_id: str, created: str) -> list[TrustFigure]:
    """Mean proxy M_all and its band per category, from a GenAIPABench run's scored answers."""
    groups: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        free = row.get("free") or {}
        if free.get("m_all") is not None:
            groups[category_of(row["question"])].append(float(free["m_all"]))
    label = _label("genaipabench", f"run {run_id[:8]}", created)
    out = []
    for cat, vals in sorted(groups.items()):
        mean = sum(vals) / len(vals)
        out.append(TrustFigure(cat, "genaipabench", run_id, label, created, len(vals), band=band(mean), m_all=round(mean, 4)))
    return out


def figures(a: Any, suite: str, result: Any, folder: Path | None = None) -> list[TrustFigure]:
    """The trust figures of a suite's complete result ([] for other suites and for cancelled runs)."""
    if suite not in TRUST_SUITES or not isinstance(result, dict) or result.get("status") != "complete":
        return []
    created = time.strftime("%Y-%m-%dT%H:%M:%S")
    if suite == "stance":
        return stance_figures(result, folder, created)
    from .genaipabench import scored_rows
    from .results import ResultsDB

    db = ResultsDB.for_home(Path(a.home))
    try:
        return replay_figures(scored_rows(db, result["run_id"]), result["run_id"], created)
    finally:
        db.close()


def record(a: Any, suite: str, result: Any, folder: Path | None = None) -> int:
    """Keep a complete run's per-category figures as the suite's latest; the number of categories recorded."""
    out = figures(a, suite, result, folder)
    if out:
        a.record_trust(suite, out)
    return len(out)
