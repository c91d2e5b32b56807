"""Build the background document frequencies of policy vocabulary (OPP-115's 95 policies).

Answerability uses them to find a question's rare key terms (e.g. "facial", "differential"):
when none of those occur in the evidence, the policy is taken to be silent.

    python -m eval.build_df --policies ../shared/data/opp115/sanitized_policies
"""

from __future__ import annotations

import argparse
import collections
import html
import json
import re
from pathlib import Path

from assistant.keyterms import DF_PATH
from assistant.text import tokenize


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policies", required=True, type=Path)
    ap.add_argument("--out", type=Path, default=DF_PATH)
    args = ap.parse_args(argv)
    df: collections.Counter[str] = collections.Counter()
    n = 0
    for p in sorted(args.policies.glob("*.html")):
        text = html.unescape(re.sub(r"<[^>]+>", " ", p.read_text(encoding="utf-8", errors="ignore")))
        df.update(set(tokenize(text)))
        n += 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"documents": n, "source": "OPP-115 sanitized policies (Wilson et al. 2016)",
                                    "df": dict(sorted((k, v) for k, v in df.items() if v >= 2))}))
    print(f"wrote {args.out}: {len(df)} terms from {n} policies")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
