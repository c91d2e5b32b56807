"""Reports of stored evaluation runs: Markdown, a CSV of every scored answer, and PNG charts (matplotlib, Agg).

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
from .results import ResultsDB, Selection

SECTION_OF_INIT = {"pd": "original", "pd-seg": "original", "cn": "adaptive", "summary-cn": "summary", "summary-pd": "summary"}
SYSTEMS = ("Bard", "BingAI")
CATEGORY_ORDER = ["T", "UC", "DM", "SE", "PD", "RC", "AEE", "CA", "PR"]
COLORS = {"ours (proxy)": "#4c72b0", "ours (judge)": "#8172b2", "Bard": "#dd8452", "BingAI": "#55a868"}


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


# --------------------------------------------------------------------------- the paper's data (Bard, BingAI)


def paper_scores(data_root: str | Path | None = None) -> dict[str, dict[str, dict[tuple[str, str], float]]]:
    """Analysts' M_all per (policy, question): {system: {section: {(policy, qid): m_all}}}; empty when the data is absent."""
    from .genaipabench import genaipabench_root
    from .human import read_scores

    try:
        root = genaipabench_root(data_root)
    except InputError:
        return {}
    out: dict[str, dict[str, dict[tuple[str, str], float]]] = {}
    for system in SYSTEMS:
        folder = root / "Results" / f"Results_{system}"
        for f in sorted(folder.glob("Results_*.csv")) if folder.is_dir() else []:
            try:
                for hs in read_scores(f):
                    out.setdefault(system, {})[hs.section] = hs.scores
            except InputError:
                continue
    return out


def paper_metrics(data_root: str | Path | None = None) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """Per-question metric means from ``<System>_metrics.xlsx``: {system: {section: {qid: {metric: mean}}}}."""
    from .genaipabench import genaipabench_root

    try:
        root = genaipabench_root(data_root)
        import openpyxl
    except (InputError, ImportError):
        return {}
    out: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for system in SYSTEMS:
        path = root / "Results" / f"Results_{system}" / f"{system}_metrics.xlsx"
        if not path.is_file():
            continue
        try:
            wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception:  # noqa: BLE001 - a broken workbook only removes the comparison
            continue
        for ws in wb.worksheets:
            section = "original" if ws.title.lower().startswith("orig") else ws.title.lower()
            table: dict[str, dict[str, float]] = {}
            for row in ws.iter_rows(min_row=2, values_only=True):
                qid = str(row[0] or "").strip()
                if "_" not in qid:
                    continue  # e.g. 'AEEₑ' rows of an unlabelled layout
                try:
                    table[qid] = {m: float(v) for m, v in zip(metrics.METRICS, row[1:6])}
                except (TypeError, ValueError):
                    continue
            out.setdefault(system, {})[section] = table
        wb.close()
    return out


# --------------------------------------------------------------------------- collecting rows


def load_rows(db: ResultsDB, run_id: str, selection: Selection | None = None) -> list[dict[str, Any]]:
    from .genaipabench import scored_rows

    rows = scored_rows(db, run_id, selection)
    if not rows:
        raise InputError(f"run {run_id} has no stored answers to report on")
    return rows


def _judge_names(rows: list[dict[str, Any]]) -> list[str]:
    return sorted({n for r in rows for n in r.get("judges") or {}})


# --------------------------------------------------------------------------- CSV


def write_csv(rows: list[dict[str, Any]], path: Path) -> Path:
    judges = _judge_names(rows)
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


# --------------------------------------------------------------------------- charts


def _empty_chart(path: Path, title: str, message: str) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.axis("off")
    ax.set_title(title)
    ax.text(0.5, 0.5, message, ha="center", va="center", wrap=True, fontsize=10)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path


def _main_init(rows: list[dict[str, Any]]) -> str:
    inits = [r["init"] for r in rows]
    return "pd" if "pd" in inits else max(set(inits), key=inits.count)


def boxplot_m_all(rows: list[dict[str, Any]], path: Path) -> Path:
    """M_all spread per policy (and initialization), proxy and each judge as separate boxes."""
    plt = _plt()
    judges = _judge_names(rows)
    groups: list[tuple[str, list[float], str]] = []
    keys = sorted({(r["policy"], r["init"]) for r in rows})
    for policy, init in keys:
        sel = [r for r in rows if r["policy"] == policy and r["init"] == init]
        label = f"{policy}\n{init}" if len({k[1] for k in keys}) > 1 else policy
        groups.append((label + "\nproxy", [r["free"]["m_all"] for r in sel if r.get("free")], COLORS["ours (proxy)"]))
        for j in judges:
            vals = [r["judges"][j]["m_all"] for r in sel if (r.get("judges") or {}).get(j, {}).get("status") == "ok"]
            if vals:
                groups.append((label + "\njudge", vals, COLORS["ours (judge)"]))
    groups = [g for g in groups if g[1]]
    if not groups:
        return _empty_chart(path, "M_all per policy", "no scored answers")
    fig, ax = plt.subplots(figsize=(max(5, 1.3 * len(groups) + 2), 4.2))
    bp = ax.boxplot([g[1] for g in groups], patch_artist=True, widths=0.6)
    for patch, g in zip(bp["boxes"], groups):
        patch.set_facecolor(g[2])
        patch.set_alpha(0.7)
    ax.set_xticks(range(1, len(groups) + 1), [g[0] for g in groups], fontsize=8)
    ax.axhspan(metrics.GREEN_MIN, 10.2, color="#2ca02c", alpha=0.07)
    ax.axhspan(metrics.YELLOW_MIN, metrics.GREEN_MIN, color="#ffbf00", alpha=0.07)
    ax.axhspan(0.8, metrics.YELLOW_MIN, color="#d62728", alpha=0.06)
    ax.set_ylim(0.8, 10.2)
    ax.set_ylabel("M_all (1-10)")
    ax.set_title("M_all per policy (bands: green / yellow / red)" + (f"; judge = {', '.join(judges)}" if judges else "; judge-free proxy"),
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _category_means(rows: list[dict[str, Any]], pick: Any) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for cat in CATEGORY_ORDER:
        sel = [s for s in (pick(r) for r in rows if r.get("category") == cat) if s]
        if sel:
            out[cat] = {m: float(sum(s[m] for s in sel) / len(sel)) for m in metrics.METRICS}
    return out


def heatmap_category_metric(rows: list[dict[str, Any]], path: Path, data_root: str | Path | None = None) -> Path:
    """Category x metric mean scores (-1..+1): ours (proxy, judge) next to Bard and BingAI (analysts, same section)."""
    plt = _plt()
    panels: list[tuple[str, dict[str, dict[str, float]]]] = [("ours (proxy)", _category_means(rows, lambda r: r.get("free")))]
    for j in _judge_names(rows):
        panels.append((f"ours ({j})", _category_means(rows, lambda r, j=j: r["judges"][j] if (r.get("judges") or {}).get(j, {}).get("status") == "ok" else None)))
    section = SECTION_OF_INIT.get(_main_init(rows), "original")
    paper = paper_metrics(data_root)
    for system in SYSTEMS:
        table = (paper.get(system) or {}).get(section) or {}
        if table:
            per_cat: dict[str, dict[str, float]] = {}
            for cat in CATEGORY_ORDER:
                qs = [v for q, v in table.items() if q.split("_")[0].upper() == cat]
                if qs:
                    per_cat[cat] = {m: sum(q[m] for q in qs) / len(qs) for m in metrics.METRICS}
            panels.append((f"{system} (analysts, {section}, 5 policies)", per_cat))
    panels = [p for p in panels if p[1]]
    if not panels:
        return _empty_chart(path, "category x metric", "no scored answers")
    cats = [c for c in CATEGORY_ORDER if any(c in p[1] for p in panels)]
    fig, axes = plt.subplots(1, len(panels), figsize=(3.1 * len(panels) + 1, 0.42 * len(cats) + 2), squeeze=False)
    im = None
    for ax, (title, data) in zip(axes[0], panels):
        grid = [[data.get(c, {}).get(m, float("nan")) for m in metrics.METRICS] for c in cats]
        im = ax.imshow(grid, cmap="RdYlGn", vmin=-1, vmax=1, aspect="auto")
        ax.set_xticks(range(5), [metrics.METRIC_SHORT[m] for m in metrics.METRICS], fontsize=7, rotation=30)
        ax.set_yticks(range(len(cats)), cats, fontsize=8)
        ax.set_title(title, fontsize=8)
        for i, row in enumerate(grid):
            for k, v in enumerate(row):
                if v == v:
                    ax.text(k, i, f"{v:.1f}", ha="center", va="center", fontsize=6)
    if im is not None:
        fig.colorbar(im, ax=axes[0].tolist(), shrink=0.8)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path


def paraphrase_chart(agg: dict[str, Any], path: Path) -> Path:
    """Per question: stance agreement, citation overlap and answer similarity across its variants."""
    data = agg.get("paraphrase_by_question") or {}
    if not data:
        return _empty_chart(path, "paraphrase consistency", "no paraphrases in this selection (run with --paraphrases)")
    plt = _plt()
    qids = list(data)
    fig, ax = plt.subplots(figsize=(max(6, 0.38 * len(qids) + 2), 3.8))
    width = 0.27
    for k, (key, color) in enumerate((("stance_agreement", "#4c72b0"), ("citation_jaccard", "#dd8452"), ("answer_similarity", "#55a868"))):
        ax.bar([i + (k - 1) * width for i in range(len(qids))], [data[q][key] or 0 for q in qids], width, label=key.replace("_", " "), color=color)
    ax.set_xticks(range(len(qids)), qids, rotation=70, fontsize=7)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("agreement across variants")
    ax.set_title(f"Paraphrase consistency (mean {agg.get('paraphrase_consistency') or 0:.2f})", fontsize=9)
    ax.legend(fontsize=7, ncol=3, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def comparison_groups(rows: list[dict[str, Any]]) -> list[tuple[str, str, str, str, list[dict[str, Any]]]]:
    """(label, policy, kind, section, rows): originals compare with the 'original' section, paraphrases with 'robust'."""
    init = _main_init(rows)
    section = SECTION_OF_INIT.get(init, "original")
    sel = [r for r in rows if r["init"] == init]
    out = []
    for p in sorted({r["policy"] for r in sel}):
        for kind, pick in (("originals", lambda r: r["variant"] == "orig"), ("paraphrases", lambda r: r["variant"] != "orig")):
            group = [r for r in sel if r["policy"] == p and pick(r)]
            if group:
                sec = "robust" if kind == "paraphrases" and section == "original" else section
                if p in ("gdpr", "ccpa"):
                    sec = "regulations"  # the analysts scored the regulation answers once (original questions)
                out.append((f"{p}\n{kind}", p, kind, sec, group))
    return out


def comparison_chart(rows: list[dict[str, Any]], path: Path, data_root: str | Path | None = None) -> Path:
    """Our M_all per policy (proxy, judge) next to the analysts' M_all of Bard and BingAI in the matching section."""
    init = _main_init(rows)
    paper = paper_scores(data_root)
    groups = comparison_groups(rows)
    labels = [g[0] for g in groups]
    series: list[tuple[str, dict[str, list[float]]]] = [("ours (proxy)", {g[0]: [r["free"]["m_all"] for r in g[4] if r.get("free")] for g in groups})]
    for j in _judge_names(rows):
        series.append((f"ours ({j})", {g[0]: [r["judges"][j]["m_all"] for r in g[4]
                                              if (r.get("judges") or {}).get(j, {}).get("status") == "ok"] for g in groups}))
    for system in SYSTEMS:
        data = {}
        for label, policy, _kind, sec, group in groups:
            scores = (paper.get(system) or {}).get(sec) or {}
            qids = {r["question_id"] for r in group}
            data[label] = [v for (pp, q), v in scores.items() if pp == policy and q in qids]
        if any(data.values()):
            series.append((system, data))
    policies = labels
    section = "/".join(dict.fromkeys(g[3] for g in groups))
    if not any(v for _, d in series for v in d.values()):
        return _empty_chart(path, "comparison with Bard and BingAI", "no scores to compare")
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(5.5, 1.9 * len(policies) + 2), 4.2))
    width = 0.8 / len(series)
    for k, (name, data) in enumerate(series):
        means = [(sum(data[p]) / len(data[p])) if data.get(p) else 0 for p in policies]
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(policies))]
        color = COLORS.get(name, "#8172b2")
        ax.bar(xs, means, width, label=name, color=color, alpha=0.85)
        for x, p in zip(xs, policies):
            vals = data.get(p) or []
            if vals:
                ax.scatter([x] * len(vals), vals, s=6, color="black", alpha=0.25, zorder=3)
    ax.set_xticks(range(len(policies)), policies)
    ax.set_ylim(0, 10.5)
    ax.axhline(metrics.GREEN_MIN, color="#2ca02c", lw=0.8, ls="--")
    ax.axhline(metrics.YELLOW_MIN, color="#d62728", lw=0.8, ls="--")
    ax.set_ylabel("mean M_all (dots: per question)")
    ax.set_title(f"Ours ({init}) vs Bard, BingAI (analysts, '{section}', same questions)", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def human_scatter(result_pairs: list[dict[str, Any]], path: Path) -> Path:
    """Our M_all (proxy, judges) against the analysts' M_all per (policy, question)."""
    if not result_pairs:
        return _empty_chart(path, "agreement with the analysts", "no pairs")
    plt = _plt()
    scorers = sorted({k for p in result_pairs for k in p if k == "proxy" or k.startswith("judge:")})
    fig, axes = plt.subplots(1, len(scorers), figsize=(4.2 * len(scorers), 4), squeeze=False)
    for ax, s in zip(axes[0], scorers):
        pts = [(p["human"], p[s]) for p in result_pairs if s in p]
        ax.scatter([x for x, _ in pts], [y for _, y in pts], s=10, alpha=0.5)
        ax.plot([1, 10], [1, 10], color="grey", lw=0.8)
        rho = metrics.spearman([y for _, y in pts], [x for x, _ in pts])
        ax.set_title(f"{s}: rho = {rho:.2f}" if rho is not None else s, fontsize=8)
        ax.set_xlabel("analysts' M_all")
        ax.set_ylabel("our M_all")
        ax.set_xlim(0.5, 10.5)
        ax.set_ylim(0.5, 10.5)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


# --------------------------------------------------------------------------- Markdown


def _f(v: Any, digits: int = 2) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(_f(c) for c in r) + " |" for r in rows]
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
    head = [["proxy M_all (mean / median)", f"{_f(agg.get('proxy_m_all'))} / {_f(agg.get('proxy_m_all_median'))}", agg.get("proxy_band")]]
    for name, j in judges.items():
        head.append([f"{name} M_all (mean / median)", f"{_f(j.get('m_all'))} / {_f(j.get('m_all_median'))}", j.get("band")])
    head += [
        ["citation validity (cited ids that exist and were evidence)", _f(agg.get("citation_validity")), ""],
        ["addressed questions answered with a citation", _f(agg.get("citation_rate_addressed")), ""],
        ["unaddressed questions answered with a citation (should be 0)", _f(agg.get("unaddressed_cited_rate")), ""],
        ["abstention accuracy (abstains iff the reference says unaddressed)", _f(agg.get("abstention_accuracy")), ""],
        ["abstention precision / recall on unaddressed questions", f"{_f(agg.get('abstention_precision'))} / {_f(agg.get('abstention_recall'))}", ""],
        ["semantic similarity to the reference (answered, addressed)", _f(agg.get("similarity")), ""],
        ["question-answer similarity", _f(agg.get("qa_similarity")), ""],
        ["reference content-word coverage", _f(agg.get("coverage")), ""],
        ["reference part/article hit (where comparable)", _f(agg.get("reference_part_hit")), ""],
        ["paraphrase consistency (stance, citations, answers)", _f(agg.get("paraphrase_consistency")),
         f"{agg.get('consistency_groups', 0)} question groups"],
        ["answers per minute (stored per-answer times)", _f(speed.get("answers_per_minute")), f"{_f(speed.get('answering_minutes'))} min answering"],
        ["judge scores per minute", _f(speed.get("judge_scores_per_minute")), f"{_f(speed.get('judge_minutes'))} min judging"],
    ]
    lines += ["## Headline figures", ""] + _table(["metric", "value", "band / note"], head) + [""]
    lines += ["Bands (our definition; the paper leaves Algorithm 2's cut-offs open):", ""]
    lines += [f"* **{k.capitalize()}**: {v}" for k, v in metrics.BANDS.items()] + [""]
    lines += [f"Band shares (proxy): green {_f(agg.get('proxy_green_share'))}, yellow {_f(agg.get('proxy_yellow_share'))}, red {_f(agg.get('proxy_red_share'))}.", ""]
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
            row: list[Any] = [f"{policy} ({kind})", sec, metrics.mean(r["free"]["m_all"] for r in group if r.get("free"))]
            for j in _judge_names(rows):
                row.append(metrics.mean(r["judges"][j]["m_all"] for r in group if (r.get("judges") or {}).get(j, {}).get("status") == "ok"))
            qids = {r["question_id"] for r in group}
            for system in SYSTEMS:
                row.append(metrics.mean(v for (pp, q), v in ((paper.get(system) or {}).get(sec) or {}).items() if pp == policy and q in qids))
            comp.append(row)
        lines += [f"## Next to Bard and BingAI (analysts' M_all on the same questions, initialization {_main_init(rows)})", ""]
        lines += _table(["policy (variants)", "paper section", "ours (proxy)", *[f"ours ({j})" for j in _judge_names(rows)], "Bard", "BingAI"], comp)
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
    agg = metrics.aggregate(rows, judge)
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
        extra += ["", "Spearman rho is undefined (–) when a scorer gives every answer the same M_all.", ""]
        charts.append(human_scatter(hp, out / "human_agreement.png"))
        (out / "agreement.json").write_text(json.dumps(metrics.rounded(ag), indent=1), encoding="utf-8")
        files.append(out / "agreement.json")
    else:
        charts.append(comparison_chart(rows, out / "comparison_bard_bing.png", root))
    files.append(write_markdown(run, agg, rows, charts, out / "report.md", root, extra))
    (out / "metrics.json").write_text(json.dumps(metrics.rounded(dict(agg)), indent=1, default=str), encoding="utf-8")
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
        for j in _judge_names(rs):
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
    res = metrics.rounded(summarize(rows, s.get("domain", "?"), s.get("mode", "direct"), s, run["id"]))
    csv_path = out / "predictions.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["case_no", "domain", "gold", "pred", "vote", "seconds", "retrieved"])
        for r in rows:
            w.writerow([r["case_no"], r["domain"], r["gold"], r["pred"] or "unparsed", r["vote"] or "", round(r["seconds"], 3),
                        "; ".join(f"{x[0]} ({x[1]})" for x in r["retrieved"])])
    plt = _plt()
    cols = [*LABELS, "unparsed"]
    grid = [[res["confusion"][g][p] for p in cols] for g in LABELS]
    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    ax.imshow(grid, cmap="Blues")
    ax.set_xticks(range(len(cols)), cols, fontsize=8)
    ax.set_yticks(range(len(LABELS)), LABELS, fontsize=8)
    ax.set_xlabel("predicted")
    ax.set_ylabel("gold")
    for i, row in enumerate(grid):
        for k, v in enumerate(row):
            ax.text(k, i, str(v), ha="center", va="center", fontsize=8)
    ax.set_title(f"PrivaCI {res['domain']} ({res['mode']}): accuracy {_f(res['accuracy'])}", fontsize=9)
    fig.tight_layout()
    png = out / "confusion_matrix.png"
    fig.savefig(png, dpi=110)
    plt.close(fig)
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
