"""Build ``resources/models/readability_opp115.json``: the reading statistics of each OPP-115 policy.

    python -m eval.build_readability --policies ../shared/data/opp115/sanitized_policies

The report card places a bundle among these 95 policies (a percentile per statistic). The texts are extracted the
way ingestion extracts them, so the figures compare like with like.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from assistant.extract import extract_text
from assistant.readability import REFERENCE, measure


def build(policies: Path) -> dict[str, object]:
    rows = []
    for path in sorted(policies.glob("*.html")):
        text = extract_text(path.read_text(encoding="utf-8", errors="replace"), path.stem).text
        rows.append({"policy": path.name, **measure(text).to_json()})
    return {"source": "OPP-115 sanitized_policies (Wilson et al. 2016)", "count": len(rows), "policies": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", type=Path, required=True, help="folder of OPP-115 sanitized policies (*.html)")
    parser.add_argument("--out", type=Path, default=REFERENCE)
    args = parser.parse_args(argv)
    data = build(args.policies)
    if not data["count"]:
        parser.error(f"no *.html policies in {args.policies}")
    args.out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"{data['count']} policies -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
