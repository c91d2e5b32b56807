"""The report card against Marotta-Wurgler & Stein's human coders, and the calibration of its confidence that follows.

    python -m eval.card_coders [--coding FILE] [--policies DIR ...] [--data-dir DIR] [--json] [--write]

For every site that both the coders (``privacy-policy-dense/coding_values.ndjson``) and our policy folders have (33
OPP-115 policies, Facebook and Twitter from GenAIPABench), the card is computed and each assessed row is compared with
the coders' choices: *agreement* is the share of rows whose option is one the most coders chose. The coders read later
versions of these policies than the ones here (OPP-115 dates from 2015), so part of the disagreement is the policies
changing, not the card: read the figures as a lower bound.

Calibration: a row's confidence should be the chance that its option is the coders'. The card's own confidence is the
verdict's strength. ``--write`` stores, per question, the agreement measured here (Laplace-smoothed) and the coders'
option shares over all 149 sites in ``resources/models/card_calibration.json``; the card then states that agreement as
its confidence and spreads the rest over the other options by the coders' shares. How well each does is measured
leaving one site out (the calibration of a site's rows comes from the other sites only): Brier score and mean log loss.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from assistant import report_calibration
from assistant.core import Assistant, drain
from assistant.report_calibration import CALIBRATION

from .datasets import policies_dir, shared_data_root


def coder_choices(path: Path) -> dict[tuple[str, str], list[set[str]]]:
    """(site, question) -> each coder's chosen options."""
    out: dict[tuple[str, str], list[set[str]]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            for r in rec.get("responses", []):
                if r.get("selected_option_labels"):
                    out[(rec["url"].lower(), rec["question"])].append(set(r["selected_option_labels"]))
    return out


def option_shares(choices: dict[tuple[str, str], list[set[str]]]) -> dict[str, dict[str, float]]:
    """Per question, the share of coder choices that went to each option (over every coded site)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for (_site, qid), coders in choices.items():
        for chosen in coders:
            counts[qid].update(chosen)
    return {q: {o: round(n / sum(c.values()), 4) for o, n in c.items()} for q, c in counts.items()}


def site_files(sites: set[str], folders: list[Path]) -> dict[str, Path]:
    """The policy file of each coded site our folders hold ("571_abita.com.html" for abita.com, Facebook_document.txt)."""
    out: dict[str, Path] = {}
    for folder in folders:
        for f in sorted(folder.iterdir()) if folder.is_dir() else []:
            key = re.sub(r"^\d+_|\.html?$|\.txt$", "", f.name).lower().removeprefix("www.")
            key = {"facebook_document": "facebook.com", "twitter_document": "twitter.com"}.get(key, key)
            for s in sites:
                if s == key or key.endswith("." + s) or s.endswith("." + key):
                    out.setdefault(s, f)
    return out


def compare(a: Assistant, files: dict[str, Path], choices: dict[tuple[str, str], list[set[str]]]) -> list[dict[str, Any]]:
    """One row per (site, assessed question) with coder choices: our option and confidence, whether the coders agree."""
    rows = []
    report_calibration.use({})
    for site, path in sorted(files.items()):
        name = "coders-" + re.sub(r"[^a-z0-9]+", "-", site)
        drain(a.ingest([str(path)], name=name, company=site.split(".")[0].capitalize()))
        card = drain(a.report(name, refresh=True))  # with the card's own confidence (compare() turns the calibration off)
        for r in card.checklist:
            coders = choices.get((site, r.qid))
            if not r.option or not coders:
                continue
            votes = Counter(o for chosen in coders for o in chosen)
            top = max(votes.values())
            rows.append({"site": site, "qid": r.qid, "option": r.option, "confidence": r.confidence, "coders": len(coders),
                         "agree": votes.get(r.option, 0) == top, "share": round(votes.get(r.option, 0) / len(coders), 3),
                         "rule": r.probe.startswith("looks for ")})
    report_calibration.use(None)
    return rows


def _smoothed(hits: int, n: int) -> float:
    return (hits + 1) / (n + 2)


def scores(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement overall and per question, and Brier / log loss of the card's confidence and of the leave-one-site-out
    calibrated one."""
    per_q = _by_question(rows)
    brier_raw = brier_cal = ll_raw = ll_cal = 0.0
    for r in rows:  # a card has one row per question: the other sites' rows are the question's rows but this one
        cal = _smoothed(sum(per_q[r["qid"]]) - r["agree"], len(per_q[r["qid"]]) - 1)
        y = 1.0 if r["agree"] else 0.0
        brier_raw += (r["confidence"] - y) ** 2
        brier_cal += (cal - y) ** 2
        ll_raw -= math.log(max(1e-6, r["confidence"] if y else 1 - r["confidence"]))
        ll_cal -= math.log(max(1e-6, cal if y else 1 - cal))
    n = max(len(rows), 1)
    bins: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        bins[f"{min(int(r['confidence'] * 10), 9) / 10:.1f}"].append(r["agree"])
    return {"rows": len(rows), "sites": len({r["site"] for r in rows}), "agreement": round(sum(r["agree"] for r in rows) / n, 4),
            "agreement_verdicts": _rate([r for r in rows if not r["rule"]]), "agreement_rules": _rate([r for r in rows if r["rule"]]),
            "brier_card_confidence": round(brier_raw / n, 4), "brier_calibrated_leave_one_site_out": round(brier_cal / n, 4),
            "log_loss_card_confidence": round(ll_raw / n, 4), "log_loss_calibrated_leave_one_site_out": round(ll_cal / n, 4),
            "by_confidence": {k: {"n": len(v), "agreement": round(sum(v) / len(v), 3)} for k, v in sorted(bins.items())},
            "per_question": {q: {"n": len(v), "agreement": round(sum(v) / len(v), 3)} for q, v in sorted(per_q.items())}}


def _rate(rows: list[dict[str, Any]]) -> float | None:
    return round(sum(r["agree"] for r in rows) / len(rows), 4) if rows else None


def _by_question(rows: list[dict[str, Any]]) -> dict[str, list[bool]]:
    """Per question, whether each compared row agreed with the coders."""
    per_q: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        per_q[r["qid"]].append(r["agree"])
    return per_q


def majority_baseline(sites: set[str], choices: dict[tuple[str, str], list[set[str]]]) -> dict[str, dict[str, Any]]:
    """Per question, how often always choosing the option the coders chose most often on the *other* sites (leaving each
    site out) agrees with this site's coders: the figure a checklist rule has to reach to be worth shipping."""
    out: dict[str, dict[str, Any]] = {}
    for qid in sorted({q for s, q in choices if s in sites}):
        votes = {s: Counter(o for chosen in choices[(s, qid)] for o in chosen) for s in sorted(sites) if choices.get((s, qid))}
        total: Counter[str] = sum(votes.values(), Counter())
        hits = 0
        for mine in votes.values():
            others = total - mine  # the other sites' votes
            hits += bool(others) and mine.get(others.most_common(1)[0][0], 0) == max(mine.values())
        out[qid] = {"n": len(votes), "agreement": round(hits / len(votes), 3)}
    return out


def calibration(rows: list[dict[str, Any]], shares: dict[str, dict[str, float]]) -> dict[str, Any]:
    """What the card reads: per question the smoothed agreement (over every compared site) and the coders' option shares."""
    per_q = _by_question(rows)
    return {"source": "eval/card_coders.py: the card against Marotta-Wurgler & Stein's coders on the sites both have "
                      "(coders read later versions of the policies)",
            "questions": {q: {"confidence": round(_smoothed(sum(v), len(v)), 4), "n": len(v), "option_shares": shares.get(q, {})}
                          for q, v in sorted(per_q.items())}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m eval.card_coders", description=__doc__.split("\n\n")[0])
    root = shared_data_root()
    p.add_argument("--coding", type=Path, default=root / "privacy-policy-dense" / "coding_values.ndjson")
    p.add_argument("--policies", type=Path, nargs="+", default=[root / "opp115" / "sanitized_policies", policies_dir(root / "genaipabench")])
    p.add_argument("--data-dir", type=Path, default=Path("reports/card-coders/data"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--write", action="store_true", help=f"store the calibration in {CALIBRATION}")
    args = p.parse_args(argv)
    choices = coder_choices(args.coding)
    files = site_files({s for s, _ in choices}, args.policies)
    a = Assistant(home=args.data_dir)
    rows = compare(a, files, choices)
    result = scores(rows)
    result["majority_baseline"] = majority_baseline(set(files), choices)
    if args.write:
        CALIBRATION.write_text(json.dumps(calibration(rows, option_shares(choices)), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        result["written"] = str(CALIBRATION)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            if k not in ("per_question", "by_confidence", "majority_baseline"):
                print(f"{k}: {v}")
        print("by confidence:", json.dumps(result["by_confidence"]))
        print("per question:", json.dumps(result["per_question"]))
        print("majority baseline (leave one site out):", json.dumps(result["majority_baseline"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
