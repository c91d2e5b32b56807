"""GenAIPABench regulation questions (PR_1..PR_6, with paraphrases) over the GDPR and CCPA texts, with Article citations.

Same runner, storage and judge-free metrics as :mod:`eval.genaipabench`; the regulations are ingested through the
facade as documents of kind ``regulation`` titled "GDPR" / "CCPA", so citation ids read ``GDPR Art. 5 ¶2`` or
``CCPA §1798.100 ¶3``. Extra metric: ``article_citation_rate``, the share of citations that are Article/section ids.
"""

from __future__ import annotations

import argparse
import re
import threading
from collections.abc import Generator
from pathlib import Path
from typing import Any

from assistant.core import Assistant
from assistant.errors import InputError
from assistant.models import Progress

from . import genaipabench
from .citations import part_key, part_matches, reference_matcher
from .datasets import document_file, genaipabench_root
from .genaipabench import run_suite
from .judge import Judge
from .plan import INITS, ReplayConfig, Target, parse_inits, spread
from .questions import load_references, regulation_bank
from .results import ResultsDB
from .suite import Suite, complete, figures, positive

REGULATIONS = ("gdpr", "ccpa")
ARTICLE_ID = re.compile(r"^(GDPR Art\. \d+|CCPA §\s?1798\.\d+)")


def regulation_target(root: Any, name: str) -> Target:
    key = name.strip().lower()
    if key not in REGULATIONS:
        raise InputError(f"unknown regulation {name!r} (choose from: {', '.join(r.upper() for r in REGULATIONS)})")
    path = document_file(root, "Regulations", key, f"regulation text for {name!r}")
    label = key.upper()
    return Target(key, label, f"regulation-{key}", path, "regulation", label, load_references(key), regulation=label)


def run(a: Assistant, regulations: list[str] | None = None, inits: list[str] | None = None, paraphrases: bool = False,
        limit: int | None = None, runs: int = 1, seed: int = 0, data_root: str | None = None, judge: Judge | None = None,
        fresh: bool = False, cancel: threading.Event | None = None, db: ResultsDB | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Ask the regulation questions over GDPR and CCPA; aggregates as in GenAIPABench plus Article-citation checks."""
    root = genaipabench_root(data_root)
    inits = inits or ["pd"]
    for init in inits:
        if init not in ("pd", "cn", "summary-pd", "summary-cn"):
            raise InputError(f"initialization {init!r} is not available for regulations (use pd, cn, summary-pd or summary-cn)")
        if init not in INITS:
            raise InputError(f"unknown initialization {init!r}")
    targets = [regulation_target(root, r) for r in dict.fromkeys(regulations or list(REGULATIONS))]
    questions = spread(list(regulation_bank().questions), limit)
    if "cn" in inits or "summary-cn" in inits:
        a.require_model()
    cfg = ReplayConfig(policies=[t.key for t in targets], runs=runs, inits=inits, paraphrases=paraphrases, limit=limit, seed=seed,
                       data_root=data_root, fresh=fresh, suite="regulations")
    return (yield from run_suite(a, cfg, targets, questions, judge, cancel, db, {"data_root": str(root)}, article_stats))


def article_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of citations that are Article/section ids, and of answers whose citations hit the reference's articles."""
    cites = [c.get("id", "") for r in rows for c in r.get("citations") or []]
    hits = []
    for r in rows:
        ids = [c.get("id", "") for c in r.get("citations") or []]
        matcher = reference_matcher((r.get("reference") or {}).get("parts") or [])
        if ids and matcher:
            hits.append(1.0 if any(part_matches(part_key(c), matcher) for c in ids) else 0.0)
    return {
        "article_citation_rate": (sum(1 for c in cites if ARTICLE_ID.match(c)) / len(cites)) if cites else None,
        "reference_article_hit": (sum(hits) / len(hits)) if hits else None,
        "citations_total": len(cites),
    }


# --------------------------------------------------------------------------- the suite


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--regulation", action="append", metavar="NAME", help="gdpr or ccpa (repeatable; default both)")
    s.add_argument("--init", default="pd", help="initializations: pd (default), cn, summary-pd, summary-cn")
    s.add_argument("--paraphrases", action="store_true")
    s.add_argument("--limit", type=int, help="at most N questions per regulation")
    s.add_argument("--runs", type=int, default=1)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--judge-model", metavar="PATH")
    s.add_argument("--report", metavar="DIR")
    s.add_argument("--data-root", metavar="DIR")
    s.add_argument("--fresh", action="store_true")
    s.add_argument("--json", action="store_true")


def settings() -> ReplayConfig:
    """Both regulations, the policy-document initialization."""
    return ReplayConfig(policies=[], inits=["pd"], suite="regulations")


def from_args(args: argparse.Namespace) -> ReplayConfig:
    positive(args.limit, "--limit")
    positive(args.runs, "--runs")
    inits = parse_inits(args.init)
    for r in args.regulation or []:
        if r.strip().lower() not in REGULATIONS:
            raise InputError(f"unknown regulation {r!r} (choose from: GDPR, CCPA)")
    genaipabench_root(args.data_root)
    return ReplayConfig(policies=[r.strip().lower() for r in args.regulation or []], runs=args.runs, inits=inits, paraphrases=args.paraphrases,
                        limit=args.limit, seed=args.seed, data_root=args.data_root, fresh=args.fresh, suite="regulations",
                        judge=args.judge_model)


def run_config(a: Assistant, cfg: ReplayConfig, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """The suite's runner: :func:`run` with the settings' regulations (none = both) and judge."""
    judge = genaipabench.judge_for(a, cfg)
    return (yield from run(a, cfg.policies or None, cfg.inits, cfg.paraphrases, cfg.limit, cfg.runs, cfg.seed, cfg.data_root, judge,
                           cfg.fresh, cancel))


def write_report(a: Assistant, result: dict[str, Any], folder: Path) -> list[Path]:
    return genaipabench.write_report(a, result, folder)


SUITE = Suite(
    name="regulations", title="GenAIPABench: regulations (GDPR, CCPA)",
    help="GenAIPABench regulation questions over the GDPR and CCPA texts, with Article citations",
    settings=settings, run=run_config, add_arguments=add_arguments, from_args=from_args, summary=figures, write_report=write_report,
    exit_code=complete, plan=genaipabench.plan_for(regulation_bank), intro=genaipabench.INTRO, form="replay",
    choices={"documents": [(r, r.upper()) for r in REGULATIONS], "inits": [(k, INITS[k]) for k in ("pd", "cn", "summary-pd", "summary-cn")],
             "default_inits": ["pd"]},
    report_name=lambda result: str(result["run_id"]),
)
