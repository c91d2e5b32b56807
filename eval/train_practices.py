"""Train the OPP-115 data-practice classifier used by retrieval (logistic regression on MiniLM vectors).

Data: the Polisis majority splits of OPP-115 (``opp115-majority``). Segments whose text occurs in
the policies of the PolicyQA file given with ``--exclude-policyqa`` are left out, so the evidence
benchmark is not measured on policies the classifier was trained on.

    python -m eval.train_practices --data ../shared/data/opp115-majority \
        --exclude-policyqa ../shared/data/policyqa/dev.json --policies ../shared/data/opp115/sanitized_policies
"""

from __future__ import annotations

import argparse
import csv
import json
import re
from pathlib import Path

from assistant.embeddings import Embedder
from assistant.practices import WEIGHTS_PATH


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, type=Path)
    ap.add_argument("--exclude-policyqa", type=Path)
    ap.add_argument("--policies", type=Path)
    ap.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    args = ap.parse_args(argv)
    from sklearn.linear_model import LogisticRegression

    rows = [r for name in ("train_dataset.csv", "validation_dataset.csv") for r in csv.reader((args.data / name).open(encoding="utf-8"))]
    rows = [r for r in rows if len(r) == 2 and r[0].strip()]
    excluded_text = ""
    if args.exclude_policyqa and args.policies:
        titles = {a["title"] for a in json.loads(args.exclude_policyqa.read_text())["data"]}
        for p in args.policies.glob("*.html"):
            if any(p.name.endswith(f"_{t}.html") for t in titles):
                excluded_text += " " + _norm(re.sub(r"<[^>]+>", " ", p.read_text(errors="ignore")))
    kept = [r for r in rows if not excluded_text or _norm(r[0])[:60] not in excluded_text]
    labels = sorted({r[1] for r in kept})
    vectors = Embedder().embed_array([r[0] for r in kept])
    y = [labels.index(r[1]) for r in kept]
    clf = LogisticRegression(max_iter=3000, C=4.0).fit(vectors, y)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "labels": labels,
        "coef": [[round(float(v), 5) for v in row] for row in clf.coef_],
        "intercept": [round(float(v), 5) for v in clf.intercept_],
        "trained_on": f"{len(kept)} OPP-115 majority segments ({len(rows) - len(kept)} from excluded policies left out)",
        "source": "Polisis_Benchmark majority splits of OPP-115 (Wilson et al. 2016); research use",
    }))
    print(f"wrote {args.out}: {len(labels)} classes from {len(kept)} segments")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
