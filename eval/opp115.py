"""OPP-115 data-practice categories: the assistant's classifier on a majority-split CSV, measured PrivacyGLUE's way.

PrivacyGLUE (Shankar et al. 2023) casts OPP-115 as multi-label classification of policy segments into 12 categories
and reports macro- and micro-averaged F1 on the majority test split. This suite reads a CSV of that format (``text,label``
rows; a segment with several categories has several rows), predicts each segment's categories with
:mod:`assistant.practices` and reports macro-F1, micro-F1 and per-category precision, recall and F1 next to the
paper's Table A3 (which gives the overall figures only, not per category).
"""

from __future__ import annotations

import argparse
import csv
import json
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant import practices
from assistant.errors import Cancelled, InputError
from assistant.models import Progress

from .suite import Suite, complete

#: PrivacyGLUE Table A3, OPP-115 test split, mean ± sd over 10 seeds (Shankar et al., Applied Sciences 13(6):3701, 2023).
PAPER: dict[str, Any] = {
    "source": "PrivacyGLUE (Shankar, Waldis, Bless, Andueza Rodriguez, Mazzola; Appl. Sci. 2023), Table A3: OPP-115 test split, "
              "fine-tuned models, mean ± sd of 10 seeds; overall figures only (no per-category F1 published there)",
    "models": {
        "BERT": {"macro_f1": 78.4, "macro_f1_sd": 0.6, "micro_f1": 84.0, "micro_f1_sd": 0.5},
        "RoBERTa": {"macro_f1": 79.5, "macro_f1_sd": 1.1, "micro_f1": 85.4, "micro_f1_sd": 0.5},
        "Legal-BERT": {"macro_f1": 79.6, "macro_f1_sd": 1.0, "micro_f1": 84.3, "micro_f1_sd": 0.7},
        "Legal-RoBERTa": {"macro_f1": 79.1, "macro_f1_sd": 0.7, "micro_f1": 84.7, "micro_f1_sd": 0.3},
        "PrivBERT": {"macro_f1": 82.1, "macro_f1_sd": 0.5, "micro_f1": 87.2, "micro_f1_sd": 0.4},
    },
}
SHOWN_MODELS = ("BERT", "PrivBERT")
BATCH = 64


@dataclass
class Opp115Settings:
    """A majority-format CSV (``text,label`` rows)."""

    data: str = ""


def load_segments(path: str | Path) -> tuple[list[str], list[set[str]]]:
    """The segments of a majority-format CSV and each one's categories (rows grouped by text); InputError when unreadable."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise InputError(f"OPP-115 CSV not found: {p}")
    groups: dict[str, set[str]] = {}
    try:
        with p.open(encoding="utf-8", newline="") as fh:
            for n, row in enumerate(csv.reader(fh), start=1):
                if not row or not any(c.strip() for c in row):
                    continue
                if len(row) != 2 or not row[0].strip() or not row[1].strip():
                    raise InputError(f"{p}:{n}: expected two columns, text and label (a majority-split CSV)")
                if n == 1 and [c.strip().lower() for c in row] == ["text", "label"]:
                    continue  # a header row
                groups.setdefault(row[0], set()).add(row[1].strip())
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise InputError(f"{p}: cannot read as a UTF-8 CSV ({exc.__class__.__name__})") from exc
    if not groups:
        raise InputError(f"{p}: no segments")
    return list(groups), list(groups.values())


def scores(gold: list[set[str]], pred: list[list[str]] | list[set[str]], categories: list[str]) -> dict[str, Any]:
    """Per-category precision/recall/F1 and the macro (over the categories with gold segments) and micro F1."""
    per: dict[str, dict[str, Any]] = {}
    raw_f1: dict[str, float] = {}
    tp_all = fp_all = fn_all = 0
    for c in categories:
        tp = sum(1 for g, p in zip(gold, pred) if c in g and c in p)
        fp = sum(1 for g, p in zip(gold, pred) if c not in g and c in p)
        fn = sum(1 for g, p in zip(gold, pred) if c in g and c not in p)
        tp_all, fp_all, fn_all = tp_all + tp, fp_all + fp, fn_all + fn
        prec = tp / (tp + fp) if tp + fp else None
        rec = tp / (tp + fn) if tp + fn else None
        f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else None
        raw_f1[c] = f1 or 0.0
        per[c] = {"precision": _r(prec), "recall": _r(rec), "f1": _r(f1), "support": tp + fn, "predicted": tp + fp}
    present = [c for c in categories if per[c]["support"]]
    macro = sum(raw_f1[c] for c in present) / len(present) if present else None
    micro = 2 * tp_all / (2 * tp_all + fp_all + fn_all) if tp_all + fp_all + fn_all else None
    return {"macro_f1": _r(macro), "micro_f1": _r(micro), "per_category": per, "categories_in_macro": len(present)}


def _r(v: float | None) -> float | None:
    return None if v is None else round(v, 4)


def run(a: Any, st: Opp115Settings, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Predict every segment's categories (batches of :data:`BATCH`, cancellable) and score them."""
    import numpy as np

    started = time.perf_counter()
    texts, gold = load_segments(st.data)
    categories = practices.category_names()
    if not categories:
        raise InputError(f"the OPP-115 classifier's weights are missing ({practices.WEIGHTS_PATH}); run 'make train-practices'")
    unknown = sorted({c for g in gold for c in g} - set(categories))
    if unknown:
        raise InputError(f"{st.data}: categories the classifier does not know: {', '.join(unknown)}")
    probs: list[Any] = []
    vec_probs: list[Any] = []
    for i in range(0, len(texts), BATCH):
        if cancel is not None and cancel.is_set():
            raise Cancelled("the OPP-115 benchmark was cancelled")
        yield Progress("opp115", f"classifying segments {i + 1}-{min(i + BATCH, len(texts))} of {len(texts)}", i, len(texts))
        batch = texts[i : i + BATCH]
        vectors = a.embedder.embed_array(batch)
        probs.append(practices.text_probabilities(batch, vectors))
        vec_probs.append(practices.probabilities(vectors))
    pred = practices.decide(np.vstack(probs), "texts")
    result: dict[str, Any] = {"suite": "opp115", "status": "complete", "data": str(st.data), "n": len(texts),
                              "rows": sum(len(g) for g in gold), **scores(gold, pred, categories)}
    vec = scores(gold, practices.decide(np.vstack(vec_probs), "vectors"), categories)
    result["vectors_only"] = {"macro_f1": vec["macro_f1"], "micro_f1": vec["micro_f1"],
                              "what": "the MiniLM networks alone (practices.labels: what retrieval's passages and questions get)"}
    info = practices.model_info()
    result["model"] = {k: info.get(k) for k in ("format", "features", "recipe", "cv", "trained_on") if k in info}
    result["paper"] = PAPER
    result["predictions"] = [{"text": t[:80], "gold": sorted(g), "pred": p} for t, g, p in zip(texts, gold, pred)]
    result["wall_seconds"] = round(time.perf_counter() - started, 1)
    return result


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.1f}"


def table_lines(result: dict[str, Any]) -> list[str]:
    """The figures as a Markdown table: ours, then the paper's (overall figures only; Table A3 has no per-category F1)."""
    models = PAPER["models"]
    head = "| | precision | recall | F1 | support | " + " | ".join(f"{m} (paper)" for m in SHOWN_MODELS) + " |"
    out = [head, "|---" * (5 + len(SHOWN_MODELS)) + "|"]
    for key, name in (("macro_f1", "**macro-F1**"), ("micro_f1", "**micro-F1**")):
        paper = " | ".join(f"{models[m][key]:.1f} ± {models[m][key + '_sd']:.1f}" for m in SHOWN_MODELS)
        out.append(f"| {name} | | | **{_pct(result[key])}** | {result['n']} segments | {paper} |")
    for c, v in result["per_category"].items():
        out.append(f"| {c} | {_pct(v['precision'])} | {_pct(v['recall'])} | {_pct(v['f1'])} | {v['support']} | "
                   + " | ".join("n/p" for _ in SHOWN_MODELS) + " |")
    return out


def print_result(args: argparse.Namespace, result: dict[str, Any]) -> None:
    """One JSON object (without the per-segment predictions) with ``--json``, else the table."""
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if k != "predictions"}, indent=2, ensure_ascii=False))
        return
    print(f"OPP-115 categories: {result['n']} segments of {result['data']} (percent; paper: PrivacyGLUE Table A3, test split; "
          "n/p = not published per category)")
    print("\n".join(table_lines(result)))
    if result.get("vectors_only"):
        v = result["vectors_only"]
        print(f"MiniLM networks alone (practices.labels): macro-F1 {_pct(v['macro_f1'])}, micro-F1 {_pct(v['micro_f1'])}")
    if result.get("report"):
        print(f"report: {result['report']['dir']}")


def write_report(_a: Any, result: dict[str, Any], folder: Path) -> list[Path]:
    """report.md, result.json and predictions.csv in ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / "report.md", folder / "result.json", folder / "predictions.csv"]
    cv = (result.get("model") or {}).get("cv") or {}
    md = ["# OPP-115 data-practice categories", "",
          f"{result['n']} segments ({result['rows']} segment-category rows) of `{result['data']}`, classified by the assistant's "
          "multi-label classifier (small networks on MiniLM vectors averaged with a TF-IDF regression, per-category "
          "thresholds), scored PrivacyGLUE's way.", ""]
    if cv.get("texts"):
        md += [f"Cross-validated on the training split ({cv.get('folds')} folds by {cv.get('by')}): macro-F1 {cv['texts'].get('macro_f1')}, "
               f"micro-F1 {cv['texts'].get('micro_f1')}.", ""]
    if result.get("vectors_only"):
        v = result["vectors_only"]
        md += [f"The MiniLM networks alone (what retrieval's passages and questions get): macro-F1 {_pct(v['macro_f1'])}, "
               f"micro-F1 {_pct(v['micro_f1'])}.", ""]
    md += table_lines(result)
    md += ["", f"Paper: {PAPER['source']}. All five models of Table A3:", "",
           "| model | macro-F1 | micro-F1 |", "|---|---|---|"]
    for m, v in PAPER["models"].items():
        md.append(f"| {m} | {v['macro_f1']} ± {v['macro_f1_sd']} | {v['micro_f1']} ± {v['micro_f1_sd']} |")
    files[0].write_text("\n".join(md) + "\n", encoding="utf-8")
    files[1].write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    with files[2].open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["text", "gold", "predicted"])
        for p in result.get("predictions", []):
            w.writerow([p["text"], "; ".join(p["gold"]), "; ".join(p["pred"])])
    return files


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--data", required=True, metavar="CSV", help="majority-split CSV of OPP-115 (text,label rows), e.g. "
                                                                  "../shared/data/opp115-majority/validation_dataset.csv")
    s.add_argument("--report", metavar="DIR", help="write report.md, result.json and predictions.csv here")
    s.add_argument("--json", action="store_true", help="print one JSON object")


def from_args(args: argparse.Namespace) -> Opp115Settings:
    load_segments(args.data)  # validate before loading any model
    return Opp115Settings(data=str(args.data))


SUITE = Suite(
    name="opp115", title="OPP-115: data-practice categories",
    help="macro/micro-F1 of the OPP-115 category classifier on a majority-split CSV (PrivacyGLUE's measure)",
    description="Classify each segment of an OPP-115 majority-split CSV (text,label rows) into its data-practice categories "
                "and report macro-F1, micro-F1 and per-category precision/recall/F1 next to PrivacyGLUE's Table A3.",
    settings=Opp115Settings, run=run, add_arguments=add_arguments, from_args=from_args,
    summary=lambda result: {k: result.get(k) for k in ("n", "macro_f1", "micro_f1")},
    write_report=write_report, print_result=print_result, exit_code=complete, form="",
)
