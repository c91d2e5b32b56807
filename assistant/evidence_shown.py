"""The evidence a verdict is shown with: the passages it rests on first, each with its neighbouring sentences, then the
retrieved items that still fit."""

from __future__ import annotations

from typing import Any

from .models import Verdict


def with_support(table: Any, scored: Any, verdict: Verdict, evidence: list[Any], budget_words: int) -> list[Any]:
    """The evidence with the passages the verdict rests on first (each once, with its neighbouring sentences: see
    :func:`in_context`), then the retrieved items that still fit."""
    from .retrieval import group_evidence

    groups: list[tuple[int, ...]] = []
    for f in [*verdict.support, *verdict.exceptions]:
        g = in_context(table, f.rows or (f.row,))
        for k, h in enumerate(groups):  # two findings side by side: one item
            if g[0] <= h[-1] + 1 and h[0] <= g[-1] + 1 and table.rows[g[0]].section_id == table.rows[h[0]].section_id:
                groups[k] = _joined(g, h)
                break
        else:
            groups.append(g)
    spans = [(table.rows[g[0]].document_id, table.rows[g[0]].start, table.rows[g[-1]].end) for g in groups]
    rest: list[Any] = []
    for e in evidence:
        hit = next((n for n, (doc, start, end) in enumerate(spans) if e.document_id == doc and e.start < end and start < e.end), None)
        if hit is None:
            rest.append(e)
            continue
        # a retrieved item overlapping a finding's passages: one item covering both
        inside = [i for i in range(len(table.rows)) if table.rows[i].document_id == e.document_id and e.start <= table.rows[i].start
                  and table.rows[i].end <= e.end and table.rows[i].section_id == table.rows[groups[hit][0]].section_id]
        if inside:
            groups[hit] = _joined(groups[hit], tuple(inside))
    out = [group_evidence(table, list(g), scored)[0] for g in groups]
    used = 0  # words of the retrieved items: they keep their own budget on top of the verdict's passages
    for e in rest:  # none of them overlaps the verdict's passages (so none starts at one of them either)
        w = len(e.text.split())
        if out and used + w > budget_words:
            continue
        out.append(e)
        used += w
    return out


def _joined(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The passages from the first of two runs to the last of either (they overlap or touch)."""
    return tuple(range(min(a[0], b[0]), max(a[-1], b[-1]) + 1))


#: A sentence the verdict rests on is shown with its neighbours in the section while the whole stays this short
#: (policies state a practice over two sentences: "We may change this policy. If we do, we will email you.").
CONTEXT_WORDS = 60


def in_context(table: Any, rows: tuple[int, ...], limit: int = CONTEXT_WORDS) -> tuple[int, ...]:
    """A finding's passages with the sentence after it, then the one before, when in its section and within ``limit`` words."""
    first, last = min(rows), max(rows)
    section = table.rows[first].section_id
    words = sum(len(table.rows[i].text.split()) for i in range(first, last + 1))
    for j in (last + 1, first - 1):
        if 0 <= j < len(table.rows) and table.rows[j].section_id == section and words + len(table.rows[j].text.split()) <= limit:
            words += len(table.rows[j].text.split())
            first, last = min(first, j), max(last, j)
    return tuple(range(first, last + 1))
