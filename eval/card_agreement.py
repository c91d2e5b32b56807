"""Does the report card's checklist agree with the verdict engine and with the truth? Per question kind.

    python -m eval.card_agreement [--truth FILE ...] [--policies DIR ...] [--data-dir DIR] [--json]

For every truth item whose kind the checklist also asks (a dev truth ``qid`` such as ``delete`` ↔ the card's UC-4),
the card's probe is asked of the same bundle: its verdict is compared with the truth label and with the verdict on the
truth item's own wording. Agreement is counted on the verdict (yes / no / not stated; "answered" counts as yes).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from assistant.core import Assistant, drain
from assistant.report import PROBES

from .datasets import stance_policy_dirs, stance_truth_default
from .stance import bundle_name, company_of, find_policy_file, load_truth

#: Truth question kinds (the dev set's ``qid``) the checklist asks too, with the card question that asks it.
#: (N-9 asks whether the policy may be changed at all, a statement the card looks for, not whether the user is told.)
SHARED_KINDS = {"delete": "UC-4", "cookies": "N-1", "law_enforcement": "SE-3"}


def _verdict(stance: str) -> str:
    return "yes" if stance == "answered" else stance if stance in ("yes", "no") else "not_stated"


def measure(a: Assistant, truth: list[Path], policy_dirs: list[Path]) -> dict[str, Any]:
    """Per shared kind: items, probe accuracy against the truth, the engine's accuracy on the truth wording, their agreement."""
    probes = {p.qid: p for p in PROBES}
    items = [i for i in load_truth(truth) if i.qid in SHARED_KINDS]
    for policy in dict.fromkeys(i.policy for i in items):
        first = next(i for i in items if i.policy == policy)
        drain(a.ingest([str(find_policy_file(policy, policy_dirs))], name=bundle_name(policy), company=company_of(first)))
    per: dict[str, dict[str, Any]] = {}
    for item in items:
        card_q = SHARED_KINDS[item.qid]
        probe = _verdict(drain(a.ask(bundle_name(item.policy), probes[card_q].question, use_model=False)).stance)
        own = _verdict(drain(a.ask(bundle_name(item.policy), item.question, use_model=False)).stance)
        row = per.setdefault(f"{item.qid} ↔ {card_q}", {"n": 0, "probe_correct": 0, "truth_wording_correct": 0, "agree": 0})
        row["n"] += 1
        row["probe_correct"] += probe == item.label
        row["truth_wording_correct"] += own == item.label
        row["agree"] += probe == own
    total = {k: sum(r[k] for r in per.values()) for k in ("n", "probe_correct", "truth_wording_correct", "agree")}
    return {"per_kind": per, "total": total}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--truth", type=Path, nargs="+", default=None, help="truth files (default: the shared dev set)")
    parser.add_argument("--policies", type=Path, nargs="+", default=None, help="folders holding the policies (default: the shared ones)")
    parser.add_argument("--data-dir", type=Path, default=None, help="data folder for the bundles (default: a temporary one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        a = Assistant(home=args.data_dir or Path(tmp))
        try:
            result = measure(a, args.truth or [stance_truth_default()], args.policies or stance_policy_dirs())
        finally:
            a.close()
    if args.json:
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    print("kind ↔ card question        n   probe = truth   truth wording = truth   probe = engine on truth wording")
    for kind, r in [*result["per_kind"].items(), ("all", result["total"])]:
        n = max(r["n"], 1)
        print(f"{kind:26s} {r['n']:3d}   {r['probe_correct'] / n:13.1%}   {r['truth_wording_correct'] / n:21.1%}   {r['agree'] / n:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
