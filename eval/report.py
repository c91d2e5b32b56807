"""Reports of stored evaluation runs: Markdown, a CSV of every scored answer, and PNG charts (:mod:`eval.charts`).

:func:`build_report` (re)builds everything from ``eval.db`` alone, so the desktop app can call it for any stored run:
``boxplot_m_all.png`` (M_all spread per policy, the paper's Fig. 2a), ``heatmap_category_metric.png`` (category x
metric means, Fig. 2b, ours next to Bard and BingAI), ``paraphrase_consistency.png`` (per question) and
``comparison_bard_bing.png`` (our M_all per policy next to the analysts' scores of Bard and BingAI).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from assistant.errors import InputError

from . import metrics
from .charts import (
    SECTION_OF_INIT,
    boxplot_m_all,
    comparison_chart,
    comparison_groups,
    confusion_matrix_chart,
    heatmap_category_metric,
    human_scatter,
    judge_names,
    main_init,
    paraphrase_chart,
)
from .figures import aggregate
from .paper import SYSTEMS, paper_scores
from .results import ResultsDB, Selection
from .stats import fmt_number, mean, rounded


def load_rows(db: ResultsDB, run_id: str, selection: Selection | None = None) -> list[dict[str, Any]]:
    from .genaipabench import scored_rows

    rows = scored_rows(db, run_id, selection)
    if not rows:
        raise InputError(f"run {run_id} has no stored answers to report on")
    return rows


def write_csv(rows: list[dict[str, Any]], path: Path) -> Path:
    judges = judge_names(rows)
    cols = ["run_id", "run_no", "init", "policy", "question_id", "variant", "category", "question", "answer", "answerable", "status",
            "mode", "model", "citations", "addressed", "reference", "wall_s", "citation_validity", "cited", "abstention_correct",
            "similarity", "qa_similarity", "coverage", "stance", *[f"proxy_{m}" for m in metrics.METRICS], "proxy_m_all", "proxy_band"]
    for j in judges:
        cols += [f"{j}|status", *[f"{j}|{m}" for m in metrics.METRICS], f"{j}|m_all", f"{j}|band", f"{j}|reasons", f"{j}|error"]
    human = any("human_m_all" in (r.get("meta") or {}) for r in rows)
    if human:
        cols += ["human_m_all", "system", "section"]
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=cols)
        w.writeheader()
        for r in rows:
            f = r.get("free") or {}
            rec: dict[str, Any] = {
                "run_id": r["run_id"], "run_no": r["run_no"], "init": r["init"], "policy": r["policy"], "question_id": r["question_id"],
                "variant": r["variant"], "category": r["category"], "question": r["question"], "answer": r["text"],
                "answerable": int(bool(r["answerable"])), "status": r["status"], "mode": r["mode"], "model": r["model"],
                "citations": " | ".join(c.get("id", "") for c in r.get("citations") or []),
                "addressed": "" if r.get("addressed") is None else int(bool(r["addressed"])),
                "reference": (r.get("reference") or {}).get("answer", ""), "wall_s": (r.get("timings") or {}).get("wall_s"),
                "citation_validity": f.get("citation_validity"), "cited": f.get("cited"), "abstention_correct": f.get("abstention_correct"),
                "similarity": f.get("similarity"), "qa_similarity": f.get("qa_similarity"), "coverage": f.get("coverage"),
                "stance": f.get("stance"), "proxy_m_all": f.get("m_all"), "proxy_band": f.get("band"),
            }
            for m in metrics.METRICS:
                rec[f"proxy_{m}"] = f.get(m)
            for j in judges:
                js = (r.get("judges") or {}).get(j)
                if js:
                    rec[f"{j}|status"] = js.get("status")
                    for m in (*metrics.METRICS, "m_all", "band", "reasons", "error"):
                        rec[f"{j}|{m}"] = js.get(m)
            if human:
                meta = r.get("meta") or {}
                rec.update({"human_m_all": meta.get("human_m_all"), "system": meta.get("system"), "section": meta.get("section")})
            w.writerow({k: (round(v, 4) if isinstance(v, float) else v) for k, v in rec.items()})
    return path


# --------------------------------------------------------------------------- Markdown


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(fmt_number(c) for c in r) + " |" for r in rows]
    return out


def write_markdown(run: dict[str, Any], agg: dict[str, Any], rows: list[dict[str, Any]], charts: list[Path], path: Path,
                   data_root: str | Path | None = None, extra: list[str] | None = None) -> Path:
    from .genaipabench import INITS, speed_stats

    judges = agg.get("judges") or {}
    speed = speed_stats(rows, {}, agg.get("judge"))
    s = run.get("settings") or {}
    lines = [f"# Self-evaluation report: {run['suite']} run `{run['id']}`", ""]
    lines += [f"Status: **{run.get('status')}**, last updated {run.get('updated')}. Answers in this report: **{agg['n']}** "
              f"(model: {', '.join(sorted({str(r['model']) for r in rows}))}).", ""]
    lines += ["## Settings", "", "```json", json.dumps(s, indent=1, default=str)[:3000], "```", ""]
    lines += ["## Who scored what", ""]
    who = [["judge-free metrics + proxy M_all", agg["n_scored"], "all answers", "an estimate from embeddings, abstention and citation "
            "checks (mapping below); not a human or LLM verdict"]]
    for name, j in judges.items():
        trust = ("NOT trustworthy: the embedded base Gemma 3 270M is not instruction-tuned; it exercises the judge machinery only"
                 if ("270m" in name.lower() or "(embedded)" in name) else "user-supplied GGUF judge; see its human agreement")
        who.append([name, j["ok"], f"{j['errors']} judge_error(s) stored", trust])
    lines += _table(["scorer", "answers scored", "notes", "trust"], who) + [""]
    head = [["proxy M_all (mean / median)", f"{fmt_number(agg.get('proxy_m_all'))} / {fmt_number(agg.get('proxy_m_all_median'))}", agg.get("proxy_band")]]
    for name, j in judges.items():
        head.append([f"{name} M_all (mean / median)", f"{fmt_number(j.get('m_all'))} / {fmt_number(j.get('m_all_median'))}", j.get("band")])
    head += [
        ["citation validity (cited ids that exist and were evidence)", fmt_number(agg.get("citation_validity")), ""],
        ["addressed questions answered with a citation", fmt_number(agg.get("citation_rate_addressed")), ""],
        ["unaddressed questions answered with a citation (should be 0)", fmt_number(agg.get("unaddressed_cited_rate")), ""],
        ["abstention accuracy (abstains iff the reference says unaddressed)", fmt_number(agg.get("abstention_accuracy")), ""],
        ["abstention precision / recall on unaddressed questions", f"{fmt_number(agg.get('abstention_precision'))} / {fmt_number(agg.get('abstention_recall'))}", ""],
        ["semantic similarity to the reference (answered, addressed)", fmt_number(agg.get("similarity")), ""],
        ["question-answer similarity", fmt_number(agg.get("qa_similarity")), ""],
        ["reference content-word coverage", fmt_number(agg.get("coverage")), ""],
        ["reference part/article hit (where comparable)", fmt_number(agg.get("reference_part_hit")), ""],
        ["paraphrase consistency (stance, citations, answers)", fmt_number(agg.get("paraphrase_consistency")),
         f"{agg.get('consistency_groups', 0)} question groups"],
        ["answers per minute (stored per-answer times)", fmt_number(speed.get("answers_per_minute")), f"{fmt_number(speed.get('answering_minutes'))} min answering"],
        ["judge scores per minute", fmt_number(speed.get("judge_scores_per_minute")), f"{fmt_number(speed.get('judge_minutes'))} min judging"],
    ]
    lines += ["## Headline figures", ""] + _table(["metric", "value", "band / note"], head) + [""]
    lines += ["Bands (our definition; the paper leaves Algorithm 2's cut-offs open):", ""]
    lines += [f"* **{k.capitalize()}**: {v}" for k, v in metrics.BANDS.items()] + [""]
    lines += [f"Band shares (proxy): green {fmt_number(agg.get('proxy_green_share'))}, yellow {fmt_number(agg.get('proxy_yellow_share'))}, red {fmt_number(agg.get('proxy_red_share'))}.", ""]
    for dim, title in (("init", "By initialization"), ("policy", "By document"), ("category", "By question category")):
        data = agg.get(f"by_{dim}") or {}
        if not data:
            continue
        label = {k: f"{k} ({INITS[k]})" for k in INITS} if dim == "init" else {}
        lines += [f"## {title}", ""]
        lines += _table([dim, "n", "proxy M_all", "judge M_all", "citation validity", "abstention acc.", "similarity"],
                        [[label.get(k, k), v["n"], v.get("proxy_m_all"), v.get("judge_m_all"), v.get("citation_validity"),
                          v.get("abstention_accuracy"), v.get("similarity")] for k, v in data.items()]) + [""]
    paper = paper_scores(data_root)
    groups = comparison_groups(rows) if any(r["init"] in SECTION_OF_INIT for r in rows) else []
    if paper and groups:
        comp = []
        for _label, policy, kind, sec, group in groups:
            row: list[Any] = [f"{policy} ({kind})", sec, mean(r["free"]["m_all"] for r in group if r.get("free"))]
            for j in judge_names(rows):
                row.append(mean(r["judges"][j]["m_all"] for r in group if (r.get("judges") or {}).get(j, {}).get("status") == "ok"))
            qids = {r["question_id"] for r in group}
            for system in SYSTEMS:
                row.append(mean(v for (pp, q), v in ((paper.get(system) or {}).get(sec) or {}).items() if pp == policy and q in qids))
            comp.append(row)
        lines += [f"## Next to Bard and BingAI (analysts' M_all on the same questions, initialization {main_init(rows)})", ""]
        lines += _table(["policy (variants)", "paper section", "ours (proxy)", *[f"ours ({j})" for j in judge_names(rows)], "Bard", "BingAI"], comp)
        lines += ["", "Bard's and BingAI's figures are the analysts' scores; ours are the judge-free proxy (and any judge named above): "
                  "compare them as orders of magnitude, not as equal measurements. Upstream Bard 'robust' scores equal its 'original' ones.", ""]
    lines += extra or []
    lines += ["## Judge-free proxy: how the five metrics are estimated", ""]
    lines += _table(["metric", "rule"], [[metrics.METRIC_SHORT[m], metrics.PROXY_MAPPING[m]] for m in metrics.METRICS])
    lines += ["", "Citation validity counts the answer's checked citations and any bracketed id left in its text; "
              "an abstention's pointers to the closest related sections are not citations. On a question the reference "
              "marks unaddressed every citation counts as invalid (the paper's M_ref = -1).", ""]
    worst = sorted((r for r in rows if r.get("free")), key=lambda r: r["free"]["m_all"])[:5]
    if worst:
        lines += ["## Lowest-scoring answers (proxy)", ""]
        for r in worst:
            lines += [f"* **{r['policy']} {r['question_id']}/{r['variant']} ({r['init']})**, M_all {r['free']['m_all']:.2f}: "
                      f"_{r['question']}_ → {r['text'][:300].replace(chr(10), ' ')}"]
        lines.append("")
    lines += ["## Charts", ""] + [f"![{c.stem}]({c.name})" for c in charts] + [""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- entry point


def build_report(run_id: str, out_dir: str | Path, db_path: str | Path | None = None, selection: Selection | None = None,
                 data_root: str | Path | None = None, judge: str | None = None) -> list[Path]:
    """(Re)build report.md, answers.csv and the PNG charts of a stored run; returns the files written."""
    from .results import DB_NAME

    if db_path is None:
        from assistant.paths import data_dir

        db_path = data_dir() / DB_NAME
    if not Path(db_path).is_file():
        raise InputError(f"no evaluation database at {db_path}")
    out = Path(out_dir).expanduser()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the report folder {out}: {exc.strerror or exc}") from exc
    db = ResultsDB(Path(db_path))
    try:
        run = db.run(run_id)
        if run["suite"] == "privaci":
            return build_privaci_report(db, run, out)
        rows = load_rows(db, run_id, selection)
    finally:
        db.close()
    agg = aggregate(rows, judge)
    root = data_root or (run.get("settings") or {}).get("data_root")
    extra: list[str] = []
    files = [write_csv(rows, out / "answers.csv")]
    charts = [boxplot_m_all(rows, out / "boxplot_m_all.png"), heatmap_category_metric(rows, out / "heatmap_category_metric.png", root),
              paraphrase_chart(agg, out / "paraphrase_consistency.png")]
    if run["suite"] == "human":
        from .human import agreement

        hp = _human_pairs(rows)
        scorers = sorted({k for p in hp for k in p if k not in ("human", "set")})
        ag = {sc: agreement([(p[sc], p["human"]) for p in hp if sc in p]) for sc in scorers}
        sets = sorted({p["set"] for p in hp})
        table = [[sc, "all", a["n"], a["spearman"], a["mae"], a["ours_mean"], a["human_mean"]] for sc, a in ag.items()]
        for sc in scorers:
            for st in sets:
                a = agreement([(p[sc], p["human"]) for p in hp if sc in p and p["set"] == st])
                table.append([sc, st, a["n"], a["spearman"], a["mae"], a["ours_mean"], a["human_mean"]])
        extra = ["## Agreement with the analysts (per policy and question, our scores averaged like theirs)", ""]
        extra += _table(["scorer", "system:section", "pairs", "Spearman rho", "MAE", "our mean M_all", "analysts' mean M_all"], table)
        extra += ["", "Spearman rho is undefined (—) when a scorer gives every answer the same M_all.", ""]
        charts.append(human_scatter(hp, out / "human_agreement.png"))
        (out / "agreement.json").write_text(json.dumps(rounded(ag), indent=1), encoding="utf-8")
        files.append(out / "agreement.json")
    else:
        charts.append(comparison_chart(rows, out / "comparison_bard_bing.png", root))
    files.append(write_markdown(run, agg, rows, charts, out / "report.md", root, extra))
    (out / "metrics.json").write_text(json.dumps(rounded(dict(agg)), indent=1, default=str), encoding="utf-8")
    return [*files, *charts, out / "metrics.json"]


def _human_pairs(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["init"], r["policy"], r["question_id"]), []).append(r)
    out = []
    for _key, rs in groups.items():
        entry: dict[str, Any] = {"set": _key[0], "human": float((rs[0].get("meta") or {}).get("human_m_all", 0))}
        vals = [r["free"]["m_all"] for r in rs if r.get("free")]
        if vals:
            entry["proxy"] = sum(vals) / len(vals)
        for j in judge_names(rs):
            jv = [r["judges"][j]["m_all"] for r in rs if (r.get("judges") or {}).get(j, {}).get("status") == "ok"]
            if jv:
                entry[j] = sum(jv) / len(jv)
        out.append(entry)
    return out


def build_privaci_report(db: ResultsDB, run: dict[str, Any], out: Path) -> list[Path]:
    """Markdown, CSV and a confusion-matrix PNG of a PrivaCI-Bench run."""
    from .privaci import LABELS, summarize

    rows = db.privaci_rows(run["id"])
    if not rows:
        raise InputError(f"run {run['id']} has no stored predictions")
    s = run.get("settings") or {}
    res = rounded(summarize(rows, s.get("domain", "?"), s.get("mode", "direct"), s, run["id"]))
    csv_path = out / "predictions.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["case_no", "domain", "gold", "pred", "vote", "seconds", "retrieved"])
        for r in rows:
            w.writerow([r["case_no"], r["domain"], r["gold"], r["pred"] or "unparsed", r["vote"] or "", round(r["seconds"], 3),
                        "; ".join(f"{x[0]} ({x[1]})" for x in r["retrieved"])])
    png = confusion_matrix_chart(res, LABELS, out / "confusion_matrix.png")
    lines = [f"# PrivaCI-Bench report: run `{run['id']}`", "", f"Domain {res['domain']}, mode {res['mode']}, n = {res['n']}, model {s.get('model')}.", ""]
    lines += _table(["metric", "value"], [["accuracy", res["accuracy"]], ["macro F1", res["macro_f1"]],
                                          [f"majority baseline ({res['majority_label']})", res["majority_baseline"]], ["unparsed", res["unparsed"]],
                                          ["retrieval vote accuracy (no model)", res.get("vote_accuracy")]])
    lines += ["", "Per class (precision / recall / F1):", ""]
    lines += _table(["class", "precision", "recall", "F1", "support"],
                    [[c, v["precision"], v["recall"], v["f1"], v["support"]] for c, v in res["per_class"].items()])
    paper = res.get("paper") or {}
    if paper.get("accuracy"):
        lines += ["", f"Paper (Table 2, accuracy %, full {res['domain']} set): "
                  + "; ".join(f"{m}: DP {v.get('DP')}, CoT {v.get('CoT')}, RAG {v.get('RAG')}" for m, v in paper["accuracy"].items()), "",
                  f"_{paper.get('attribution')}_"]
    lines += ["", f"![confusion]({png.name})", ""]
    md = out / "report.md"
    md.write_text("\n".join(lines), encoding="utf-8")
    return [md, csv_path, png]
