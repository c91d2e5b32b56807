"""Hybrid retrieval: BM25 and dense scores fused per passage, then evidence chosen under a word budget."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from . import practices, relevance
from .index import PassageTable, bm25_scores
from .models import Evidence

# Privacy-policy vocabulary: a question using the left-hand words is also matched
# (BM25 only) against the policy's usual wording on the right.
EXPANSIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(how long|stored?|storage|keep|kept|retain|retention|hold onto)\b", re.I), "retain retention period delete stored keep long necessary"),
    (re.compile(r"\b(delet\w*|eras\w*|remov\w*|forgotten)\b", re.I), "delete deletion erase remove account request"),
    (re.compile(r"\b(shar\w*|(?:third|3rd)[- ]?part\w*|disclos\w*|partners?)\b", re.I), "share disclose third parties partners affiliates service providers"),
    (re.compile(r"\b(sell|sold|sale)\b", re.I), "sell sale sold personal information"),
    (re.compile(r"\b(cookies?|track\w*|beacons?|pixels?)\b", re.I), "cookies tracking technologies web beacons pixels browser"),
    (re.compile(r"\b(child\w*|minors?|kids?|under (13|16|18)|age)\b", re.I), "children under age 13 parental consent minors"),
    (re.compile(r"\b(secur\w*|protect\w*|safeguard\w*|encrypt\w*|breach\w*|unauthori[sz]ed)\b", re.I), "security safeguards encryption protect unauthorized access measures"),
    (re.compile(r"\b(opt[- ]?out|unsubscribe|choices?|control|settings|preferences)\b", re.I), "opt out choices unsubscribe settings preferences control"),
    (re.compile(r"\b(chang\w*|updat\w*|modif\w*|revis\w*|inform)\b", re.I), "changes update revise notify notice effective date posted"),
    (re.compile(r"\b(access|correct\w*|edit|rectif\w*|review)\b", re.I), "access correct update edit review personal information account"),
    (re.compile(r"\b(fix\w*|wrong|incorrect|inaccurate|mistakes?|errors?|amend\w*|outdated)\b", re.I), "correct amend incorrect inaccurate incomplete update"),
    (re.compile(r"\b(collect\w*|gather\w*|what (sort|kind|type)s? of (data|information))\b", re.I), "collect information personal data types"),
    (re.compile(r"\b(locat\w*|gps|geolocat\w*)\b", re.I), "location geolocation gps precise approximate"),
    (re.compile(r"\b(government|law enforcement|subpoena|legal requests?)\b", re.I), "law enforcement government legal requests subpoena court order"),
    (re.compile(r"\b(contact|complain\w*|question)\b", re.I), "contact us email address questions complaints"),
    (re.compile(r"\b(consent|withdraw\w*|agree)\b", re.I), "consent withdraw permission agree"),
    (re.compile(r"\b(advertis\w*|ads|marketing|target\w*)\b", re.I), "advertising ads marketing targeted interest-based"),
    (re.compile(r"\b(anonymi[sz]\w*|aggregat\w*|de-?identif\w*|pseudonym\w*)\b", re.I), "anonymized aggregated de-identified pseudonymized"),
    (re.compile(r"\b(transfer\w*|international|abroad|countr\w*)\b", re.I), "transfer international countries outside safeguards"),
    (re.compile(r"\b(rights?|gdpr|ccpa|california|europe\w*)\b", re.I), "rights access deletion portability object restrict residents"),
    (re.compile(r"\b(do not track|dnt)\b", re.I), "do not track signals browser"),
    (re.compile(r"\b(purpose|use (my|your|the) (data|information)|used for)\b", re.I), "use purposes provide improve personalize"),
    (re.compile(r"\b(combin\w*|mix\w*|mash\w*|merg\w*|stitch\w*|match\w* up)\b", re.I), "combine combined information other sources offline already have"),
]


def expansion_terms(question: str) -> list[str]:
    """Extra BM25 terms implied by the question's wording."""
    return [terms for pattern, terms in EXPANSIONS if pattern.search(question)]


@dataclass
class Scored:
    """Per-passage scores of one query, aligned with ``PassageTable.rows``."""

    fused: Any
    dense: Any
    bm25: Any


@dataclass
class RetrievalParams:
    """Knobs of the fusion, tuned on the PolicyQA dev split, by policy for the adapter's weight (see README)."""

    rrf_k: float = 30.0
    adapter: bool = True  # rank by the relevance adapter's question vector (packaged MiniLM only; see assistant/relevance.py)
    dense_weight: float = 4.0  # 0.5 before the adapter: the adapted similarity is worth most of the fusion
    bm25_weight: float = 1.5
    practice_weight: float = 0.5  # agreement of OPP-115 data-practice categories (question vs passage)
    context_weight: float = 0.0
    feedback: float = 0.0  # dense pseudo-relevance feedback from the top 3 passages (0.5 before the adapter)
    expand: bool = True
    candidates: int = 40
    length_alpha: float = 0.3  # rank by score / words**alpha (favours short, dense passages)
    section_penalty: float = 0.0  # lower a passage for each passage already chosen from its section


DEFAULT_PARAMS = RetrievalParams()
#: The fusion without the adapter (another embedder, or no weights): the weights tuned before it, on PolicyQA dev.
PLAIN_PARAMS = RetrievalParams(adapter=False, dense_weight=0.5, practice_weight=1.0, feedback=0.5)


def _rank_scores(values: Any, k: float) -> Any:
    """Reciprocal-rank transform: 1 / (k + rank)."""
    import numpy as np

    order = np.argsort(-values, kind="stable")
    ranks = np.empty(len(values), dtype="float32")
    ranks[order] = np.arange(1, len(values) + 1, dtype="float32")
    return 1.0 / (k + ranks)


def score(table: PassageTable, question: str, qvec: Any, params: RetrievalParams = DEFAULT_PARAMS,
          adapter: relevance.Adapter | None = None) -> Scored:
    """Fuse dense and BM25 ranks per passage, plus a little of the neighbours' relevance.

    ``adapter``: the relevance adapter to rank with (default: the shipped one when ``params.adapter``).
    """
    import numpy as np

    n = table.size
    if n == 0:
        empty = np.zeros(0, dtype="float32")
        return Scored(empty, empty, empty)
    plain = np.asarray(qvec, dtype="float32")
    dense = table.vectors @ plain  # plain similarity: what the verdict's relevance margins are calibrated on
    if adapter is None and params.adapter:
        adapter = relevance.shipped()
    if adapter is not None and table.packaged_vectors:
        q = adapter.apply(plain)
    else:
        q = plain
        if params.adapter:  # weights chosen for the adapted similarity: fall back to those tuned without it
            params = replace(params, dense_weight=PLAIN_PARAMS.dense_weight, practice_weight=PLAIN_PARAMS.practice_weight,
                             feedback=PLAIN_PARAMS.feedback)
    bm = bm25_scores(table.bm25, question, expansion_terms(question) if params.expand else None)
    bm_part = params.bm25_weight * _rank_scores(bm, params.rrf_k) * (bm > 0)
    practice_part = 0.0
    if params.practice_weight and table.practices is not None:
        qp = practices.probabilities([plain])
        if qp is not None:
            practice_part = params.practice_weight * _rank_scores(table.practices @ qp[0], params.rrf_k)
    fused = params.dense_weight * _rank_scores(table.vectors @ q, params.rrf_k) + bm_part + practice_part
    if params.feedback and n > 3:
        top = np.argsort(-fused, kind="stable")[:3]
        q2 = q + params.feedback * table.vectors[top].mean(axis=0)
        q2 /= float(np.linalg.norm(q2)) or 1.0
        fused = params.dense_weight * _rank_scores(table.vectors @ q2, params.rrf_k) + bm_part + practice_part
    if params.context_weight and n > 1:
        sec = np.array([r.section_id for r in table.rows])
        left = np.concatenate([[0.0], fused[:-1]]) * np.concatenate([[False], sec[1:] == sec[:-1]])
        right = np.concatenate([fused[1:], [0.0]]) * np.concatenate([sec[:-1] == sec[1:], [False]])
        fused = fused + params.context_weight * np.maximum(left, right)
    return Scored(fused=fused, dense=dense, bm25=bm)


def _words(text: str) -> int:
    return len(text.split())


def select_evidence(table: PassageTable, scored: Scored, budget_words: int, max_items: int = 12, params: RetrievalParams = DEFAULT_PARAMS) -> list[Evidence]:
    """Best passages within ``budget_words``; neighbours in one section merge into one item."""
    import numpy as np

    if table.size == 0:
        return []
    words = np.array([max(_words(r.text), 1) for r in table.rows], dtype="float32")
    value = scored.fused / np.power(words, params.length_alpha) if params.length_alpha else scored.fused.copy()
    candidates = [int(i) for i in np.argsort(-value, kind="stable")[: params.candidates]]
    chosen: list[int] = []
    per_section: dict[int, int] = {}
    used = 0
    while candidates:
        if params.section_penalty:
            best = max(candidates, key=lambda i: value[i] * (1 - params.section_penalty) ** per_section.get(table.rows[i].section_id, 0))
        else:
            best = candidates[0]
        candidates.remove(best)
        w = int(words[best])
        if used + w > budget_words:
            continue
        chosen.append(best)
        per_section[table.rows[best].section_id] = per_section.get(table.rows[best].section_id, 0) + 1
        used += w
        if used >= budget_words - 5 or len(chosen) >= max_items * 2:
            break
    return group_evidence(table, chosen, scored)


def group_evidence(table: PassageTable, chosen: list[int], scored: Scored) -> list[Evidence]:
    """Merge adjacent chosen passages of the same section; order items by best score."""
    groups: list[list[int]] = []
    for i in sorted(chosen):
        if groups and groups[-1][-1] == i - 1 and table.rows[i].section_id == table.rows[i - 1].section_id:
            groups[-1].append(i)
        else:
            groups.append([i])
    items: list[Evidence] = []
    for g in groups:
        rows = [table.rows[i] for i in g]
        first = rows[0]
        best = max(float(scored.fused[i]) for i in g)
        items.append(Evidence(
            passage_id=first.id,
            cite_id=first.cite_id,
            document=first.document,
            document_kind=first.document_kind,
            heading=first.heading,
            text=" ".join(r.text for r in rows),
            score=best,
            start=first.start,
            end=rows[-1].end,
            document_id=first.document_id,
            page=first.page,
        ))
    items.sort(key=lambda e: -e.score)
    return items


def top_passages(table: PassageTable, scored: Scored, k: int) -> list[Evidence]:
    """The k best single passages (no budget, no merging)."""
    import numpy as np

    order = [int(i) for i in np.argsort(-scored.fused, kind="stable")[:k]]
    return [group_evidence(table, [i], scored)[0] for i in order]
