"""How hard a policy is to read, as GenAIPABench's Table 1 reports it, and where it stands among the OPP-115 policies.

Words, unique words (share of distinct words), reading time (200 words a minute: the pace that reproduces the
Table's minutes for its five policies), Flesch-Kincaid grade level and connective words (share of words such as
"or", "if", "unless", "however"). The grade uses the standard formula with a vowel-group syllable count; GenAIPABench
does not say which tool it used and gives grades about two levels lower for the same five policies (same order).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

WORDS_PER_MINUTE = 200
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_SENTENCE_END = re.compile(r"[.!?]+(?:\s|$)|\n+")
_CONNECTIVES = frozenset(
    "or but because however therefore although though moreover furthermore also so thus while whereas since unless if then hence "
    "consequently additionally otherwise nevertheless meanwhile instead besides yet nor".split())
#: The reference distribution: one row per OPP-115 policy (built by ``eval/build_readability.py``).
REFERENCE = Path(__file__).resolve().parent.parent / "resources" / "models" / "readability_opp115.json"


@dataclass
class Readability:
    """Reading statistics of one text."""

    words: int
    sentences: int
    unique_words: float  # distinct words / words
    reading_minutes: float
    grade: float  # Flesch-Kincaid grade level
    connective_words: float  # connectives / words

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def syllables(word: str) -> int:
    """A word's syllables, estimated from its vowel groups (a final silent e and -ed/-es endings not counted)."""
    w = re.sub(r"[^a-z]", "", word.lower())
    if not w:
        return 0
    if len(w) <= 3:
        return 1
    w = re.sub(r"(?:[^laeiouy]es|ed|[^laeiouy]e)$", "", w)
    w = re.sub(r"^y", "", w)
    return max(1, len(re.findall(r"[aeiouy]{1,2}", w)))


def measure(text: str) -> Readability:
    """The reading statistics of a text (all zeros for a text without words)."""
    words = _WORD.findall(text)
    if not words:
        return Readability(0, 0, 0.0, 0.0, 0.0, 0.0)
    sentences = max(1, sum(1 for chunk in _SENTENCE_END.split(text) if _WORD.search(chunk)))
    n = len(words)
    grade = 0.39 * n / sentences + 11.8 * sum(syllables(w) for w in words) / n - 15.59
    return Readability(
        words=n, sentences=sentences, unique_words=round(len({w.lower() for w in words}) / n, 4),
        reading_minutes=round(n / WORDS_PER_MINUTE, 1), grade=round(grade, 1),
        connective_words=round(sum(w.lower() in _CONNECTIVES for w in words) / n, 4))


@lru_cache(maxsize=1)
def reference() -> list[dict[str, Any]]:
    """The statistics of the 95 OPP-115 policies ([] when the file is missing)."""
    try:
        return list(json.loads(REFERENCE.read_text(encoding="utf-8"))["policies"])
    except (OSError, ValueError, KeyError):
        return []


def percentile(field: str, value: float) -> float | None:
    """Share of the OPP-115 policies (in %) whose ``field`` is below ``value`` (ties count half); None without the reference."""
    values = [float(row[field]) for row in reference() if field in row]
    if not values:
        return None
    below = sum(v < value for v in values) + 0.5 * sum(v == value for v in values)
    return round(100 * below / len(values), 1)
