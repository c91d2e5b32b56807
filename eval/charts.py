"""The report's PNG charts (matplotlib, Agg): M_all per policy, category x metric next to Bard and BingAI, paraphrase
consistency, the comparison with the analysts' scores, agreement scatter plots and the PrivaCI confusion matrix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import metrics
from .paper import SYSTEMS, paper_metrics, paper_scores
from .stats import fmt_number, spearman

SECTION_OF_INIT = {"pd": "original", "pd-seg": "original", "cn": "adaptive", "summary-cn": "summary", "summary-pd": "summary"}
CATEGORY_ORDER = ["T", "UC", "DM", "SE", "PD", "RC", "AEE", "CA", "PR"]
COLORS = {"ours (proxy)": "#4c72b0", "ours (judge)": "#8172b2", "Bard": "#dd8452", "BingAI": "#55a868"}


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def judge_names(rows: list[dict[str, Any]]) -> list[str]:
    return sorted({n for r in rows for n in r.get("judges") or {}})


def _empty_chart(path: Path, title: str, message: str) -> Path:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.axis("off")
    ax.set_title(title)
    ax.text(0.5, 0.5, message, ha="center", va="center", wrap=True, fontsize=10)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    return path


def main_init(rows: list[dict[str, Any]]) -> str:
    inits = [r["init"] for r in rows]
    return "pd" if "pd" in inits else max(set(inits), key=inits.count)


def boxplot_m_all(rows: list[dict[str, Any]], path: Path) -> Path:
    """M_all spread per policy (and initialization), proxy and each judge as separate boxes."""
    plt = _plt()
    judges = judge_names(rows)
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
    for j in judge_names(rows):
        panels.append((f"ours ({j})", _category_means(rows, lambda r, j=j: r["judges"][j] if (r.get("judges") or {}).get(j, {}).get("status") == "ok" else None)))
    section = SECTION_OF_INIT.get(main_init(rows), "original")
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
    init = main_init(rows)
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
    init = main_init(rows)
    paper = paper_scores(data_root)
    groups = comparison_groups(rows)
    labels = [g[0] for g in groups]
    series: list[tuple[str, dict[str, list[float]]]] = [("ours (proxy)", {g[0]: [r["free"]["m_all"] for r in g[4] if r.get("free")] for g in groups})]
    for j in judge_names(rows):
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
        rho = spearman([y for _, y in pts], [x for x, _ in pts])
        ax.set_title(f"{s}: rho = {rho:.2f}" if rho is not None else s, fontsize=8)
        ax.set_xlabel("analysts' M_all")
        ax.set_ylabel("our M_all")
        ax.set_xlim(0.5, 10.5)
        ax.set_ylim(0.5, 10.5)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def confusion_matrix_chart(res: dict[str, Any], labels: tuple[str, ...], path: Path) -> Path:
    """A PrivaCI run's confusion matrix (gold x predicted, with 'unparsed')."""
    plt = _plt()
    cols = [*labels, "unparsed"]
    grid = [[res["confusion"][g][p] for p in cols] for g in labels]
    fig, ax = plt.subplots(figsize=(5.5, 3.4))
    ax.imshow(grid, cmap="Blues")
    ax.set_xticks(range(len(cols)), cols, fontsize=8)
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.set_xlabel("predicted")
    ax.set_ylabel("gold")
    for i, row in enumerate(grid):
        for k, v in enumerate(row):
            ax.text(k, i, str(v), ha="center", va="center", fontsize=8)
    ax.set_title(f"PrivaCI {res['domain']} ({res['mode']}): accuracy {fmt_number(res['accuracy'])}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
