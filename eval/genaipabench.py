"""GenAIPABench replay (Algorithm 1 of Hamid et al., PETS 2024) over the facade, stored and scored as it goes: the suite.

What is asked is :mod:`eval.plan`, the runner :mod:`eval.replay`, where the data lies :mod:`eval.datasets`; this module
runs a plan end to end (:func:`replay`, :func:`run_suite`, shared with the regulations suite), collects the figures, and
defines the ``genaipabench`` suite (which also scores other systems' answers against the analysts, :mod:`eval.human`).
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from assistant.core import Assistant
from assistant.errors import InputError
from assistant.models import Progress

from .datasets import ENV_SHARED, genaipabench_root
from .figures import aggregate
from .judge import Judge, load_judge
from .metrics import BANDS
from .plan import (
    DEFAULT_INITS,
    INITS,
    POLICIES,
    ReplayConfig,
    Target,
    make_plan,
    parse_categories,
    parse_inits,
    parse_variants,
    policy_target,
    spread,
)
from .questions import BankQuestion, policy_bank, variants
from .replay import Replay, answer_settings
from .results import DB_NAME, ResultsDB, Selection, run_id_for
from .stats import rounded
from .suite import Plan, Suite, complete, figures, positive


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
            result.update(rounded(extra_metrics(rows)))
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
    agg = aggregate(rows, judge)
    speed = speed_stats(rows, session, agg.get("judge"))
    out: dict[str, Any] = {"suite": suite, "run_id": run_id, "settings": settings, "n": agg.pop("n"), **agg}
    out["answers_per_minute"] = speed.pop("answers_per_minute")
    out["judge_scores_per_minute"] = speed.pop("judge_scores_per_minute")
    out["speed"] = speed
    out["judge_model"] = agg.get("judge")
    out["scorers"] = scorer_notes(agg)
    out["bands"] = BANDS
    return rounded(out)


def scorer_notes(agg: dict[str, Any]) -> dict[str, str]:
    """Which scorer produced which figures, and how far to trust each."""
    notes = {"proxy": "judge-free proxy of the five metrics (embedding similarity, abstention, citation checks); an estimate, "
                      "not a human or LLM verdict"}
    for name in agg.get("judges") or {}:
        notes[name] = ("LLM judge: the embedded base Gemma 3 270M runs the machinery but its verdicts are NOT trustworthy"
                       if "270m" in name.lower() or "(embedded)" in name else "LLM judge: a user-supplied GGUF model (check its human agreement)")
    return notes


# --------------------------------------------------------------------------- the suite


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--policy", action="append", metavar="NAME", help="airbnb, facebook, spotify, twitter or uber (repeatable; default uber)")
    s.add_argument("--runs", type=int, default=1, help="number of seeded runs (default 1)")
    s.add_argument("--init", default="cn,pd,summary-cn,summary-pd",
                   help="initializations, comma-separated: cn, pd, pd-seg, summary-cn, summary-pd (default: the paper's four)")
    s.add_argument("--paraphrases", action="store_true", help="ask the three paraphrases of each question too")
    s.add_argument("--variants", metavar="LIST", help="only these variants: orig, p1, p2, p3 or 'paraphrases' (comma-separated)")
    s.add_argument("--limit", type=int, help="at most N questions per document (taken round-robin over categories)")
    s.add_argument("--category", action="append", metavar="CODE", help="question categories (T, UC, DM, SE, PD, RC, AEE, CA; repeatable)")
    s.add_argument("--seed", type=int, default=0, help="seed of the question shuffles (part of the run id)")
    s.add_argument("--judge-model", metavar="PATH", help="GGUF judge model, 'embedded', or 'none' (default: settings.judge_model_path, else none)")
    s.add_argument("--report", metavar="DIR", help="write report.md, answers.csv and PNG charts here")
    s.add_argument("--data-root", metavar="DIR", help=f"GenAIPABench data folder (default ../shared/data/genaipabench; env {ENV_SHARED})")
    s.add_argument("--answers", metavar="DIR_OR_FILE", help="external answers to score (e.g. 'Generated Answers/Bard')")
    s.add_argument("--scores", metavar="FILE", help="analysts' scores of those answers (e.g. Results/Results_Bard/Results_orig.csv, or Results/)")
    s.add_argument("--section", choices=("original", "robust", "summary", "adaptive"), help="section the scores are for (default: from the file name)")
    s.add_argument("--system", help="whose answers (Bard, BingAI) when the file names do not tell")
    s.add_argument("--fresh", action="store_true", help="start a new run instead of resuming the stored one")
    s.add_argument("--json", action="store_true", help="print one JSON object with the settings and every aggregate metric")


def from_args(args: argparse.Namespace) -> ReplayConfig:
    """The replay (or, with --answers/--scores, the agreement check) the command line asks for, validated."""
    positive(args.limit, "--limit")
    positive(args.runs, "--runs")
    if bool(args.answers) != bool(args.scores):
        raise InputError("--answers and --scores go together (external answers and the analysts' scores of them)")
    for p in args.policy or []:
        if p.strip().lower() not in POLICIES:
            raise InputError(f"unknown policy {p!r} (choose from: {', '.join(POLICIES)})")
    if args.answers:
        from . import human

        human.load_answers(args.answers)  # validate the inputs before loading any model
        human.load_scores(args.scores, args.section)
        return ReplayConfig(policies=list(args.policy or []), limit=args.limit, judge=args.judge_model, answers=args.answers,
                            scores=args.scores, section=args.section, system=args.system)
    inits = parse_inits(args.init)
    parse_categories(args.category)
    chosen_variants = parse_variants(args.variants)
    genaipabench_root(args.data_root)
    return ReplayConfig(policies=[p.strip().lower() for p in args.policy or ["uber"]], runs=args.runs, inits=inits,
                        paraphrases=args.paraphrases, limit=args.limit, categories=args.category or [], seed=args.seed,
                        data_root=args.data_root, fresh=args.fresh, variants=chosen_variants, judge=args.judge_model)


def judge_for(a: Assistant, cfg: ReplayConfig) -> Judge | None:
    """The judge the settings name (None = the assistant's ``judge_model_path``; '' or 'none' = no judge)."""
    return load_judge(cfg.judge if cfg.judge is not None else a.settings.judge_model_path, a)


def run(a: Assistant, cfg: ReplayConfig, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """The suite's runner: a replay, or the agreement of our scorers with the analysts on external answers."""
    judge = judge_for(a, cfg)
    if cfg.answers:
        from . import human

        return (yield from human.run(a, cfg.answers, cfg.scores or "", section=cfg.section, system=cfg.system, judge=judge, limit=cfg.limit,
                                     policies=cfg.policies, cancel=cancel))
    return (yield from replay(a, cfg, judge, cancel))


def write_report(a: Assistant, result: dict[str, Any], folder: Path) -> list[Path]:
    """report.md, answers.csv and the charts of the answers this result is about (:func:`eval.report.build_report`)."""
    from .report import build_report

    if result.get("suite") == "genaipabench-human":
        return build_report(result["run_id"], folder, db_path=a.home / DB_NAME)
    sel = result.get("selection")
    return build_report(result["run_id"], folder, db_path=a.home / DB_NAME, selection=Selection(**sel) if sel else None,
                        data_root=(result.get("settings") or {}).get("data_root"), judge=result.get("judge"))


def exit_code(result: dict[str, Any]) -> int:
    return 0 if result.get("suite") == "genaipabench-human" else complete(result)


def plan_for(bank: Callable[[], Any]) -> Callable[[ReplayConfig], Plan]:
    """How many answers a replay over ``bank`` asks."""

    def plan(cfg: ReplayConfig) -> Plan:
        cats = parse_categories(cfg.categories)
        questions = spread([q for q in bank().questions if not cats or q.category in cats], cfg.limit)
        n = sum(len(variants(q, cfg.paraphrases)) for q in questions) * len(cfg.policies) * len(cfg.inits) * cfg.runs
        judged = " and judged" if cfg.judge else ""
        return Plan(n, f"{n} answers will be asked{judged}." if n else "Choose at least one document and one initialization.")

    return plan


INTRO = ("GenAIPABench (Hamid et al., PETS 2024): the paper's questions, asked about real policies; "
         "every answer is stored and scored, so a cancelled run resumes where it stopped.")

SUITE = Suite(
    name="genaipabench", title="GenAIPABench: privacy policies",
    help="GenAIPABench replay (Algorithm 1), scored by judge-free metrics and an optional LLM judge",
    description="Replay GenAIPABench over the five policies, or (--answers/--scores) check our scorers against the analysts.",
    settings=ReplayConfig, run=run, add_arguments=add_arguments, from_args=from_args, summary=figures, write_report=write_report,
    exit_code=exit_code, plan=plan_for(policy_bank), intro=INTRO, form="replay",
    choices={"documents": [(p, p.capitalize()) for p in POLICIES], "inits": list(INITS.items()), "default_inits": list(DEFAULT_INITS)},
    report_name=lambda result: str(result["run_id"]),
)
