"""Stance benchmark: does the answer *say the right thing*? Verdicts against a truth set of yes / no / not_stated labels.

A truth file holds one JSON object per line (see ``../shared/data/stance-truth/README.md``):
``policy`` (a file name, looked up in the given folders), ``site``, ``qid``, ``question``, ``label``
(yes / no / not_stated), ``evidence`` (verbatim quotes), ``ambiguous``. Each policy is ingested
through the normal path into its own bundle, every question is asked, and the answer's verdict,
evidence and citations are scored.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import threading
import time
from collections import Counter
from collections.abc import Generator
from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from assistant.core import Assistant, drain
from assistant.errors import InputError
from assistant.models import Progress

from .datasets import stance_policy_dirs, stance_truth_default
from .suite import Plan, Suite, complete, positive

LABELS = ("yes", "no", "not_stated")
#: Rows of the confusion matrix are the labels; columns every stance the assistant can give.
STANCE_COLUMNS = ("yes", "no", "not_stated", "not_applicable", "unclear", "answered")


@dataclass
class StanceSettings:
    """Which truth files, where their policies are, which policies and how many questions, with or without the model."""

    truth: list[Path] = field(default_factory=lambda: [stance_truth_default()])
    policy_dirs: list[Path] = field(default_factory=stance_policy_dirs)
    policies: list[str] = field(default_factory=list)  # only these policies (file name, stem or site); empty = all
    limit: int | None = None
    use_model: bool = True


@dataclass
class TruthItem:
    policy: str
    site: str
    qid: str
    question: str
    label: str
    evidence: list[str] = field(default_factory=list)
    ambiguous: bool = False


def is_correct(stance: str, label: str) -> bool:
    """The verdict is the label's. An open question ("How long do they keep my data?") is labelled yes when the policy
    states the fact; the assistant's verdict on it is "answered"."""
    return stance == label or (stance == "answered" and label == "yes")


def is_wrong(stance: str, label: str) -> bool:
    """A yes or a no that is not the label."""
    return stance in ("yes", "no") and stance != label


@dataclass
class StanceRow:
    """One question scored."""

    policy: str
    qid: str
    question: str
    label: str
    ambiguous: bool
    stance: str
    answer: str
    citations: list[str]
    gold_in_evidence: bool | None
    gold_in_citations: bool | None
    seconds: float

    @property
    def correct(self) -> bool:
        return is_correct(self.stance, self.label)

    @property
    def wrong(self) -> bool:
        return is_wrong(self.stance, self.label)

    @property
    def hedged(self) -> bool:
        return self.stance in ("unclear", "") or (self.stance == "answered" and not self.correct)

    @property
    def declined(self) -> bool:
        return self.stance in ("not_stated", "not_applicable")


def load_truth(paths: list[Path]) -> list[TruthItem]:
    """Read truth files; a malformed line is a one-line error naming the file and line."""
    items: list[TruthItem] = []
    for path in paths:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except ValueError as exc:
                raise InputError(f"{path}:{n} is not valid JSON: {exc}") from exc
            if not isinstance(obj, dict) or not all(isinstance(obj.get(k), str) and obj.get(k) for k in ("policy", "question", "label")):
                raise InputError(f"{path}:{n} needs 'policy', 'question' and 'label' strings")
            if obj["label"] not in LABELS:
                raise InputError(f"{path}:{n}: label {obj['label']!r} is not one of {', '.join(LABELS)}")
            items.append(TruthItem(obj["policy"], str(obj.get("site") or ""), str(obj.get("qid") or f"{Path(path).stem}:{n}"),
                                   obj["question"], obj["label"], [str(q) for q in obj.get("evidence") or []], bool(obj.get("ambiguous"))))
    if not items:
        raise InputError("the truth files hold no items")
    return items


def find_policy_file(name: str, folders: list[Path]) -> Path:
    """A policy file by name, searched (recursively) in the folders."""
    for folder in folders:
        direct = folder / name
        if direct.is_file():
            return direct
        for hit in sorted(folder.rglob(name)):
            if hit.is_file():
                return hit
    raise InputError(f"policy file {name!r} not found in {', '.join(str(f) for f in folders)}")


def company_of(item: TruthItem) -> str:
    """A company name for the bundle: the site's name without its domain ('spotify.com' → 'Spotify')."""
    base = item.site or re.sub(r"^\d+_|_document$|\.html?$|\.txt$", "", Path(item.policy).stem)
    base = re.sub(r"\.(com|org|net|edu|gov|co\.uk|io)$", "", base.lower())
    return base.split(".")[-1].capitalize()


def bundle_name(policy: str) -> str:
    return "stance-" + re.sub(r"[^a-z0-9]+", "-", Path(policy).stem.lower()).strip("-")


def _norm(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]+", " ", text.lower().replace("'", "").replace("’", "")).split()


def quote_found(quote: str, texts: list[str]) -> bool:
    """Is a gold quote (or most of it: 60% of its words, in runs of 4+) inside one of the texts?"""
    q = _norm(quote)
    if not q:
        return False
    for t in texts:
        words = _norm(t)
        if " ".join(q) in " ".join(words):
            return True
        blocks = SequenceMatcher(None, q, words, autojunk=False).get_matching_blocks()
        if sum(b.size for b in blocks if b.size >= 4) >= 0.6 * len(q):
            return True
    return False


def run(assistant: Assistant, truth: list[Path], policy_dirs: list[Path], limit: int | None = None, use_model: bool = True,
        policies: list[str] | None = None, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Ask every truth question of its policy; returns the aggregate figures and the scored rows."""
    items = load_truth(truth)
    dirs = [Path(d) for d in policy_dirs]
    for d in dirs:
        if not d.is_dir():
            raise InputError(f"policies folder not found: {d}")
    if policies:
        wanted = {p.lower() for p in policies}
        items = [i for i in items if i.policy.lower() in wanted or Path(i.policy).stem.lower() in wanted or i.site.lower() in wanted]
        if not items:
            raise InputError(f"no truth items for the policies {', '.join(policies)}")
    if limit:
        items = items[:limit]
    files = {i.policy: find_policy_file(i.policy, dirs) for i in items}
    started = time.perf_counter()
    for n, (policy, path) in enumerate(files.items()):
        yield Progress("ingest", f"indexing {policy}", n, len(files))
        first = next(i for i in items if i.policy == policy)
        # Always through ingest: an unchanged file is skipped by its content hash, a bundle left half-made by a
        # cancelled run is completed.
        drain(assistant.ingest([str(path)], name=bundle_name(policy), company=company_of(first), cancel=cancel))
    rows: list[StanceRow] = []
    for n, item in enumerate(items):
        if cancel is not None and cancel.is_set():
            break
        yield Progress("ask", f"{item.policy}: {item.question[:60]}", n, len(items))
        t0 = time.perf_counter()
        ans = drain(assistant.ask(bundle_name(item.policy), item.question, cancel=cancel, use_model=use_model))
        answerable = item.label != "not_stated" and bool(item.evidence)
        ev_texts = [e.text for e in ans.evidence]
        cite_texts = [c.text for c in ans.citations]
        rows.append(StanceRow(
            item.policy, item.qid, item.question, item.label, item.ambiguous, ans.stance, ans.text, [c.cite_id for c in ans.citations],
            any(quote_found(q, ev_texts) for q in item.evidence) if answerable else None,
            any(quote_found(q, cite_texts) for q in item.evidence) if answerable else None,
            time.perf_counter() - t0))
    result = {"suite": "stance", "n": len(rows), "policies": len(files), "model": use_model,
              "status": "complete" if len(rows) == len(items) else "cancelled", **aggregate(rows),
              "unambiguous": aggregate([r for r in rows if not r.ambiguous]),
              "per_question": _per(rows, "qid"), "per_policy": _per(rows, "policy"),
              "wall_seconds": round(time.perf_counter() - started, 1),
              "settings": {"truth": [str(t) for t in truth], "policies": [str(d) for d in dirs], "limit": limit,
                           "filter": policies or []},
              "rows": [asdict(r) for r in rows]}
    return result


def _rate(hits: int, n: int) -> float | None:
    return round(hits / n, 4) if n else None


def aggregate(rows: list[StanceRow]) -> dict[str, Any]:
    """The headline figures of a set of scored rows."""
    answerable = [r for r in rows if r.label in ("yes", "no")]
    silent = [r for r in rows if r.label == "not_stated"]
    with_quotes = [r for r in answerable if r.gold_in_evidence is not None]
    confusion = {label: {s: 0 for s in STANCE_COLUMNS} for label in LABELS}
    for r in rows:
        confusion[r.label][r.stance if r.stance in STANCE_COLUMNS else "answered"] += 1
    return {
        "n": len(rows),
        "verdict_accuracy": _rate(sum(r.correct for r in rows), len(rows)),
        "wrong_verdict_rate": _rate(sum(r.wrong for r in rows), len(rows)),
        "hedge_rate": _rate(sum(r.hedged for r in rows), len(rows)),
        "false_decline_rate": _rate(sum(r.declined for r in answerable), len(answerable)),
        "silent_recognised": _rate(sum(r.stance == "not_stated" for r in silent), len(silent)),
        "gold_in_evidence": _rate(sum(bool(r.gold_in_evidence) for r in with_quotes), len(with_quotes)),
        "gold_in_citations": _rate(sum(bool(r.gold_in_citations) for r in with_quotes), len(with_quotes)),
        "committed": sum(r.stance in ("yes", "no") for r in rows),
        "committed_wrong": sum(r.wrong for r in rows),
        "seconds_p50": round(sorted(r.seconds for r in rows)[len(rows) // 2], 3) if rows else None,
        "confusion": confusion,
    }


def _per(rows: list[StanceRow], key: str) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[StanceRow]] = {}
    for r in rows:
        groups.setdefault(getattr(r, key), []).append(r)
    return {k: {"n": len(g), "verdict_accuracy": _rate(sum(r.correct for r in g), len(g)), "wrong": sum(r.wrong for r in g),
                "stances": dict(Counter(r.stance for r in g))} for k, g in sorted(groups.items())}


HEADLINE = ("verdict_accuracy", "wrong_verdict_rate", "hedge_rate", "false_decline_rate", "silent_recognised", "gold_in_evidence",
            "gold_in_citations")


def summary_lines(result: dict[str, Any]) -> list[str]:
    """The headline figures as printable lines (all items, then without the ambiguous ones)."""
    out = [f"suite: stance ({result['n']} questions over {result['policies']} policies; model {'on' if result['model'] else 'off'})"]
    for k in HEADLINE:
        v, u = result.get(k), result["unambiguous"].get(k)
        out.append(f"{k}: {v if v is not None else '-'}  (unambiguous {u if u is not None else '-'})")
    out.append(f"committed yes/no: {result['committed']} ({result['committed_wrong']} wrong)")
    out.append(f"wall_seconds: {result['wall_seconds']}")
    return out


def write_report(result: dict[str, Any], folder: Path) -> list[Path]:
    """report.md, rows.csv, result.json and confusion.png in ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / "result.json", folder / "rows.csv", folder / "report.md"]
    files[0].write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    with files[1].open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["policy", "qid", "label", "ambiguous", "stance", "correct", "gold_in_evidence", "gold_in_citations", "question", "answer"])
        for r in result["rows"]:
            w.writerow([r["policy"], r["qid"], r["label"], r["ambiguous"], r["stance"], r["stance"] == r["label"], r["gold_in_evidence"],
                        r["gold_in_citations"], r["question"], r["answer"]])
    md = ["# Stance benchmark", "", *[f"- {line}" for line in summary_lines(result)], "", "## Confusion (rows: truth, columns: verdict)", "",
          "| truth \\ verdict | " + " | ".join(STANCE_COLUMNS) + " |", "|---" * (len(STANCE_COLUMNS) + 1) + "|"]
    for label in LABELS:
        md.append(f"| {label} | " + " | ".join(str(result["confusion"][label][s]) for s in STANCE_COLUMNS) + " |")
    md += ["", "## Per question", "", "| question | n | accuracy | wrong yes/no | verdicts |", "|---|---|---|---|---|"]
    for k, v in result["per_question"].items():
        md.append(f"| {k} | {v['n']} | {v['verdict_accuracy']} | {v['wrong']} | {v['stances']} |")
    md += ["", "## Per policy", "", "| policy | n | accuracy | wrong yes/no |", "|---|---|---|---|"]
    for k, v in result["per_policy"].items():
        md.append(f"| {k} | {v['n']} | {v['verdict_accuracy']} | {v['wrong']} |")
    png = confusion_chart(result, folder / "confusion.png")
    if png:
        md += ["", "![confusion](confusion.png)"]
        files.append(png)
    files[2].write_text("\n".join(md) + "\n", encoding="utf-8")
    return files


def confusion_chart(result: dict[str, Any], path: Path) -> Path | None:
    """A confusion-matrix heat map (truth × verdict) as PNG; None without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    data = [[result["confusion"][label][s] for s in STANCE_COLUMNS] for label in LABELS]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.imshow(data, cmap="Blues")
    ax.set_xticks(range(len(STANCE_COLUMNS)), [s.replace("_", " ") for s in STANCE_COLUMNS], rotation=20)
    ax.set_yticks(range(len(LABELS)), [s.replace("_", " ") for s in LABELS])
    ax.set_xlabel("assistant's verdict")
    ax.set_ylabel("truth")
    top = max(max(r) for r in data) or 1
    for i, row in enumerate(data):
        for j, v in enumerate(row):
            ax.text(j, i, str(v), ha="center", va="center", color="white" if v > top / 2 else "black")
    ax.set_title(f"Stance: verdict accuracy {result.get('verdict_accuracy')} over {result['n']} questions")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


# --------------------------------------------------------------------------- the suite


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--truth", nargs="+", metavar="FILE", help="truth files (default: the dev split in ../shared/data/stance-truth)")
    s.add_argument("--policies", nargs="+", metavar="DIR", help="folders holding the policy files, searched by name (default: the "
                                                                  "GenAIPABench and OPP-115 folders in ../shared/data)")
    s.add_argument("--policy", action="append", metavar="NAME", help="only this policy (file name, stem or site; repeatable)")
    s.add_argument("--limit", type=int, help="at most N questions")
    s.add_argument("--no-model", action="store_true", help="verdicts and quotes only, without the language model (faster; same verdicts)")
    s.add_argument("--report", metavar="DIR", help="write report.md, rows.csv, result.json and confusion.png here")
    s.add_argument("--json", action="store_true", help="print one JSON object (figures, per question and per policy; rows with --report)")


def from_args(args: argparse.Namespace) -> StanceSettings:
    positive(args.limit, "--limit")
    st = StanceSettings(policies=list(args.policy or []), limit=args.limit, use_model=not args.no_model)
    if args.truth:
        st.truth = [Path(t).expanduser() for t in args.truth]
    if args.policies:
        st.policy_dirs = [Path(d).expanduser() for d in args.policies]
    load_truth(st.truth)  # validate before loading any model
    return st


def run_settings(a: Assistant, st: StanceSettings, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    return (yield from run(a, st.truth, st.policy_dirs, st.limit, st.use_model, st.policies, cancel))


def print_result(args: argparse.Namespace, result: dict[str, Any]) -> None:
    """One JSON object (the rows only with --report), else the headline figures."""
    if args.json:
        out = {k: v for k, v in result.items() if k != "rows" or args.report}
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return
    print("\n".join(summary_lines(result)))
    if args.report:
        print(f"report: {args.report}")


def plan(st: StanceSettings) -> Plan:
    """How many questions over how many policies the settings ask."""
    if not st.truth:
        return Plan(0, "Choose a readable truth file.")
    try:
        items = load_truth(st.truth)
    except InputError as exc:
        return Plan(0, f"Choose a readable truth file: {exc}")
    if st.limit:
        items = items[: st.limit]
    how = "with the model" if st.use_model else "verdicts only, without the model"
    return Plan(len(items), f"{len(items)} questions over {len({i.policy for i in items})} policies will be asked ({how}).")


SUITE = Suite(
    name="stance", title="Stance: yes / no / not-stated verdicts",
    help="verdicts (yes / no / not stated) against a truth set of labelled questions",
    description="Ask every question of a truth set (JSON lines: policy, question, label, evidence) of its policy and "
                "score the verdicts, the evidence and the citations.",
    settings=StanceSettings, run=run_settings, add_arguments=add_arguments, from_args=from_args,
    summary=lambda result: {"questions": result.get("n"), **{k: result.get(k) for k in HEADLINE}},
    write_report=lambda _a, result, folder: write_report(result, folder), print_result=print_result, exit_code=complete, plan=plan,
    intro="Does the answer say the right thing? Each question of a truth set is asked of its policy and the assistant's "
          "verdict (Yes, No, Not stated, …) is scored against the label a person gave it from the policy's text.",
    form="stance", report_name=lambda _result: f"stance-{time.strftime('%Y%m%d-%H%M%S')}",
)
