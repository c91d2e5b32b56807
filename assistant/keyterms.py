"""Rare key terms of a question, judged against how often policies in general use them."""

from __future__ import annotations

import json
from functools import lru_cache

from .paths import resources_dir

DF_PATH = resources_dir() / "models" / "policy_df.json"
RARE_SHARE = 0.1  # a term used by fewer than 10% of policies is a key term


@lru_cache(maxsize=1)
def _df() -> tuple[int, dict[str, int]]:
    if not DF_PATH.is_file():
        return 0, {}
    data = json.loads(DF_PATH.read_text(encoding="utf-8"))
    return int(data["documents"]), data["df"]


def key_terms(terms: set[str]) -> set[str]:
    """The terms (stemmed tokens) that few policies use; empty without the frequency table."""
    n, df = _df()
    if not n:
        return set()
    return {t for t in terms if df.get(t, 0) / n < RARE_SHARE}
