"""``privacy-assistant bench {genaipabench,privaci,regulations}``: parsers and dispatch (called by assistant.cli)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from assistant.errors import InputError

SUITES = ("genaipabench", "privaci", "regulations", "stance")


def add_parsers(bsub: Any) -> None:
    """Add the evaluation suites to the ``bench`` sub-command."""
    s = bsub.add_parser("genaipabench", help="GenAIPABench replay (Algorithm 1), scored by judge-free metrics and an optional LLM judge",
                        description="Replay GenAIPABench over the five policies, or (--answers/--scores) check our scorers against the analysts.")
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
    s.add_argument("--data-root", metavar="DIR", help="GenAIPABench data folder (default ../shared/data/genaipabench; env PRIVACY_ASSISTANT_SHARED)")
    s.add_argument("--answers", metavar="DIR_OR_FILE", help="external answers to score (e.g. 'Generated Answers/Bard')")
    s.add_argument("--scores", metavar="FILE", help="analysts' scores of those answers (e.g. Results/Results_Bard/Results_orig.csv, or Results/)")
    s.add_argument("--section", choices=("original", "robust", "summary", "adaptive"), help="section the scores are for (default: from the file name)")
    s.add_argument("--system", help="whose answers (Bard, BingAI) when the file names do not tell")
    s.add_argument("--fresh", action="store_true", help="start a new run instead of resuming the stored one")
    s.add_argument("--json", action="store_true", help="print one JSON object with the settings and every aggregate metric")

    s = bsub.add_parser("privaci", help="PrivaCI-Bench compliance judgments (permit / prohibit / not applicable)")
    s.add_argument("--data", metavar="FILE", help="cases__<DOMAIN>.jsonl (default: the GDPR dev split in the shared data)")
    s.add_argument("--mode", choices=("direct", "rag"), default="direct", help="direct prompt, or retrieval over the regulation's norms")
    s.add_argument("--limit", type=int, help="a seeded sample of N cases")
    s.add_argument("--regulation", metavar="DOMAIN", help="GDPR, HIPAA, AI_ACT or ACLU (default: from the file name)")
    s.add_argument("--kb", metavar="FILE", help="norms for rag mode (default: KBs__<DOMAIN>.jsonl next to the cases)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--report", metavar="DIR")
    s.add_argument("--fresh", action="store_true")
    s.add_argument("--json", action="store_true")

    s = bsub.add_parser("stance", help="verdicts (yes / no / not stated) against a truth set of labelled questions",
                        description="Ask every question of a truth set (JSON lines: policy, question, label, evidence) of its policy and "
                                    "score the verdicts, the evidence and the citations.")
    s.add_argument("--truth", nargs="+", metavar="FILE", help="truth files (default: the dev split in ../shared/data/stance-truth)")
    s.add_argument("--policies", nargs="+", metavar="DIR", help="folders holding the policy files, searched by name (default: the "
                                                                  "GenAIPABench and OPP-115 folders in ../shared/data)")
    s.add_argument("--policy", action="append", metavar="NAME", help="only this policy (file name, stem or site; repeatable)")
    s.add_argument("--limit", type=int, help="at most N questions")
    s.add_argument("--no-model", action="store_true", help="verdicts and quotes only, without the language model (faster; same verdicts)")
    s.add_argument("--report", metavar="DIR", help="write report.md, rows.csv, result.json and confusion.png here")
    s.add_argument("--json", action="store_true", help="print one JSON object (figures, per question and per policy; rows with --report)")

    s = bsub.add_parser("regulations", help="GenAIPABench regulation questions over the GDPR and CCPA texts, with Article citations")
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


def _assistant(args: argparse.Namespace) -> Any:
    from assistant.config import load_settings
    from assistant.core import Assistant

    settings = load_settings()
    for attr, field in (("model", "model_path"), ("n_gpu_layers", "n_gpu_layers"), ("ctx", "n_ctx"), ("threads", "n_threads")):
        if getattr(args, attr, None) is not None:
            setattr(settings, field, getattr(args, attr))
    settings.validate()
    home = Path(args.data_dir).expanduser() if getattr(args, "data_dir", None) else None  # --data-dir, passed (never through the environment)
    return Assistant(home=home, settings=settings)


def _judge(args: argparse.Namespace, a: Any) -> Any:
    from .judge import load_judge

    spec = getattr(args, "judge_model", None)
    if spec is None:
        spec = a.settings.judge_model_path
    return load_judge(spec, a)


def _positive(value: int | None, flag: str) -> None:
    if value is not None and value < 1:
        raise InputError(f"{flag} must be at least 1")


def _report(args: argparse.Namespace, a: Any, result: dict[str, Any]) -> None:
    if not getattr(args, "report", None):
        return
    from .report import build_report
    from .results import DB_NAME, Selection

    sel = result.get("selection")
    files = build_report(result["run_id"], args.report, db_path=a.home / DB_NAME, selection=Selection(**sel) if sel else None,
                         data_root=(result.get("settings") or {}).get("data_root"), judge=result.get("judge"))
    result["report"] = {"dir": str(Path(args.report)), "files": [str(f) for f in files]}


def _print(args: argparse.Namespace, result: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False, default=str))
        return
    keys = ["suite", "run_id", "status", "n", "proxy_m_all", "proxy_band", "judge", "judge_m_all", "judge_errors", "citation_validity",
            "abstention_accuracy", "verdict_agreement", "similarity", "paraphrase_consistency", "article_citation_rate", "accuracy", "macro_f1",
            "majority_baseline", "vote_accuracy", "spearman", "mae", "answers_per_minute", "judge_scores_per_minute", "wall_seconds"]
    for k in keys:
        if k in result and result[k] is not None:
            v = result[k]
            print(f"{k}: {v:.4f}" if isinstance(v, float) else f"{k}: {v}")
    if result.get("judges") and result.get("suite") == "genaipabench-human":
        for name, j in result["judges"].items():
            print(f"{name}: spearman {j.get('spearman')}, mae {j.get('mae')}, n {j.get('n')}, errors {j.get('errors')}")
    if result.get("report"):
        print(f"report: {result['report']['dir']}")


def run(args: argparse.Namespace) -> int:
    """Run the suite named by ``args.suite``; returns the exit code."""
    from assistant.cli import progress_printer
    from assistant.core import drain

    show = progress_printer(getattr(args, "quiet", False))
    suite = args.suite
    if suite not in SUITES:
        raise InputError(f"unknown benchmark suite {suite!r}")
    _positive(getattr(args, "limit", None), "--limit")
    _positive(getattr(args, "runs", None), "--runs")

    if suite == "genaipabench":
        from .genaipabench import POLICIES, ReplayConfig, genaipabench_root, parse_categories, parse_inits, parse_variants, replay

        if bool(args.answers) != bool(args.scores):
            raise InputError("--answers and --scores go together (external answers and the analysts' scores of them)")
        for p in args.policy or []:
            if p.strip().lower() not in POLICIES:
                raise InputError(f"unknown policy {p!r} (choose from: {', '.join(POLICIES)})")
        if args.answers:
            from . import human
            from .results import DB_NAME

            human.load_answers(args.answers)  # validate the inputs before loading any model
            human.load_scores(args.scores, args.section)
            a = _assistant(args)
            judge = _judge(args, a)
            result = drain(human.run(a, args.answers, args.scores, section=args.section, system=args.system, judge=judge,
                                     limit=args.limit, policies=args.policy), show)
            if args.report:
                from .report import build_report

                files = build_report(result["run_id"], args.report, db_path=a.home / DB_NAME)
                result["report"] = {"dir": str(Path(args.report)), "files": [str(f) for f in files]}
            _print(args, result)
            return 0
        inits = parse_inits(args.init)
        parse_categories(args.category)
        chosen_variants = parse_variants(args.variants)
        genaipabench_root(args.data_root)
        a = _assistant(args)
        judge = _judge(args, a)
        cfg = ReplayConfig(policies=[p.strip().lower() for p in args.policy or ["uber"]], runs=args.runs, inits=inits,
                           paraphrases=args.paraphrases, limit=args.limit, categories=args.category or [], seed=args.seed,
                           data_root=args.data_root, fresh=args.fresh, variants=chosen_variants)
        result = drain(replay(a, cfg, judge), show)
        _report(args, a, result)
        _print(args, result)
        return 0 if result.get("status") == "complete" else 1

    if suite == "stance":
        from . import stance
        from .genaipabench import shared_data_root

        root = shared_data_root()
        truth = [Path(t).expanduser() for t in args.truth] if args.truth else [root / "stance-truth" / "dev.jsonl"]
        dirs = [Path(d).expanduser() for d in args.policies] if args.policies else [
            root / "genaipabench" / "Privacy Documents" / "Privacy Policy", root / "opp115" / "sanitized_policies"]
        stance.load_truth(truth)  # validate before loading any model
        a = _assistant(args)
        result = drain(stance.run(a, truth, dirs, args.limit, not args.no_model, args.policy), show)
        if args.report:
            files = stance.write_report(result, Path(args.report))
            result["report"] = {"dir": str(Path(args.report)), "files": [str(f) for f in files]}
        if args.json:
            out = {k: v for k, v in result.items() if k != "rows" or args.report}
            print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        else:
            print("\n".join(stance.summary_lines(result)))
            if args.report:
                print(f"report: {args.report}")
        return 0 if result.get("status") == "complete" else 1

    if suite == "regulations":
        from . import regulations
        from .genaipabench import genaipabench_root, parse_inits

        inits = parse_inits(args.init)
        for r in args.regulation or []:
            if r.strip().lower() not in regulations.REGULATIONS:
                raise InputError(f"unknown regulation {r!r} (choose from: GDPR, CCPA)")
        genaipabench_root(args.data_root)
        a = _assistant(args)
        judge = _judge(args, a)
        result = drain(regulations.run(a, [r.strip().lower() for r in args.regulation or []] or None, inits, args.paraphrases, args.limit,
                                       args.runs, args.seed, args.data_root, judge, args.fresh), show)
        _report(args, a, result)
        _print(args, result)
        return 0 if result.get("status") == "complete" else 1

    from . import privaci
    from .genaipabench import shared_data_root

    data = Path(args.data).expanduser() if args.data else shared_data_root() / "privaci-bench" / "cases__GDPR.dev.jsonl"
    privaci.load_cases(data, args.regulation)  # validate before loading any model
    a = _assistant(args)
    result = drain(privaci.run(a, data, args.mode, args.limit, args.regulation, args.seed, args.kb, args.fresh), show)
    if args.report:
        from .report import build_report
        from .results import DB_NAME

        files = build_report(result["run_id"], args.report, db_path=a.home / DB_NAME)
        result["report"] = {"dir": str(Path(args.report)), "files": [str(f) for f in files]}
    _print(args, result)
    return 0
