"""Helpers of the verdict reader's tests: a passage table from sentences, and the verdict over it (no model, no embedder)."""

from __future__ import annotations

import numpy as np

from assistant import stance
from assistant.index import PassageTable
from assistant.intent import read_question
from assistant.models import PassageRow, Verdict
from assistant.question import Decision
from assistant.retrieval import Scored

FILLER = tuple(f"Section {i} of this policy explains other matters of account administration." for i in range(8))


def table(*texts: str, heading: str = "Policy") -> PassageTable:
    return PassageTable([PassageRow(id=f"p{i}", text=t, start=i * 100, end=i * 100 + len(t), cite_id=f"PP §{i + 1}", ordinal=i, section_id=i,
                                    document_id=1, document="Policy", document_kind="privacy_policy", heading=heading, page=None)
                         for i, t in enumerate(texts)], vectors=None, bm25=None, version="")


def verdict(question: str, *texts: str, relevance: float = 0.5, heading: str = "Policy") -> Verdict:
    return decide_over(table(*texts, heading=heading), question, relevance)


def decide_over(t: PassageTable, question: str, relevance: float = 0.5) -> Verdict:
    """The verdict over a given table, every passage equally close to the question."""
    dense = np.full(t.size, relevance, dtype="float32")
    scored = Scored(fused=dense.copy(), dense=dense, bm25=dense)
    return stance.decide(t, scored, read_question(question), Decision(True, "answered", relevance, 1.0))


def one_section(*pieces: str) -> PassageTable:
    """Passages of one section, as passage-making cuts a long sentence into pieces."""
    from dataclasses import replace

    t = table(*pieces)
    t.rows = [replace(r, section_id=0, cite_id="PP §1") for r in t.rows]
    return t
