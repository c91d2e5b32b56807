"""Citation ids in answers, and the document parts a reference answer names ('Part 3', 'GDPR Article 4 & 9', '§ 1798.100').

Used by the judge-free metrics (:mod:`eval.metrics`) and the regulations suite's Article checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from assistant.text import CITE

_PART = re.compile(r"\b(part|section|article|art\.)\s*(\d+)", re.IGNORECASE)


def cited_ids(text: str, citations: Iterable[str]) -> list[str]:
    """Citation ids of an answer: its checked citations plus bracketed ids left in the text."""
    ids = list(dict.fromkeys(c.strip() for c in citations if c and c.strip()))
    for m in CITE.findall(text or ""):
        m = m.strip()
        if re.search(r"\d", m) and m not in ids and not re.fullmatch(r"\d+", m):
            ids.append(m)
    return ids


def part_refs(text: str) -> list[str]:
    """Mentions such as 'Part 3', 'Section 2', 'Article 83' normalised to 'Part 3' / 'Article 83'."""
    out = []
    for kind, num in _PART.findall(text or ""):
        k = kind.lower().rstrip(".")
        out.append(f"{'Article' if k in ('article', 'art') else 'Part'} {int(num)}")
    return list(dict.fromkeys(out))


PartKey = tuple[str, tuple[int, ...]]


def _num(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x.isdigit())


def part_key(cite_id: str) -> PartKey | None:
    """'Part ¶3' -> ('part', (3,)); 'GDPR Art. 83 ¶5' -> ('article', (83,)); 'CCPA §1798.100 ¶2' -> ('section', (1798, 100))."""
    m = re.search(r"\bPart\s*¶?\s*(\d+)", cite_id, re.IGNORECASE)
    if m:
        return ("part", _num(m.group(1)))
    m = re.search(r"\bArt(?:icle|\.)?\s*(\d+)", cite_id, re.IGNORECASE)
    if m:
        return ("article", _num(m.group(1)))
    m = re.search(r"(?:§|\bsection\s*)\s*(\d+(?:\.\d+)*)", cite_id, re.IGNORECASE)
    if m:
        return ("section", _num(m.group(1)))
    return None


def reference_matcher(parts: Sequence[str]) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """Ranges named by reference parts: 'Part 4', 'GDPR Article 4 & 9', 'Articles 12-23', '§§ 1798.155 and 1798.150', '§ 1798.100-1798.199'."""
    out = []
    for part in parts:
        low = part.lower()
        kind = "part" if re.search(r"\bpart\b", low) else "article" if re.search(r"\bart(icle)?s?\b|\bart\.", low) else \
            "section" if ("§" in part or "section" in low) else None
        if kind is None:
            continue
        body = re.sub(r"\([^)]*\)", "", part)
        body = body[re.search(r"part|art|§|section", body, re.IGNORECASE).start():]  # type: ignore[union-attr]
        for lo, hi, one in re.findall(r"(\d+(?:\.\d+)*)\s*[-–]\s*(\d+(?:\.\d+)*)|(\d+(?:\.\d+)*)", body):
            if one:
                out.append((kind, _num(one), _num(one)))
            else:
                out.append((kind, _num(lo), _num(hi)))
    return out


def part_matches(key: PartKey | None, matcher: Sequence[tuple[str, tuple[int, ...], tuple[int, ...]]]) -> bool:
    if key is None:
        return False
    kind, num = key
    return any(kind == k and lo <= num <= hi for k, lo, hi in matcher)
