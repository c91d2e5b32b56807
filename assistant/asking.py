"""Asking: from a question over a passage table to the checked, cited :class:`Answer` (and the closed-book variant).

The facade (:mod:`core`) finds the table and the model; this module runs the steps: retrieve, decide
answerability and the verdict, abstain or write the answer, resolve its citations once.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Generator

from . import answering, stance
from .categories import category_of_intent
from .company_names import company_aliases
from .config import Settings
from .embeddings import TextEmbedder
from .errors import Cancelled
from .evidence_shown import with_support
from .index import PassageTable
from .intent import read_question
from .llm import LocalModel
from .models import Answer, Citation, Evidence, Progress, Token
from .question import Decision, decide, foreign_entities, neutral_question
from .retrieval import RetrievalParams, score, select_evidence, top_passages
from .spelling import corrected
from .storage import Store

Event = Token | Progress
#: Turns the citation ids an answer used into checked citations (given the evidence the answer was written from).
Cite = Callable[[list[str], list[Evidence]], list[Citation]]


def answer(table: PassageTable, question: str, company: str, corpus_lower: str, *, embedder: TextEmbedder,
           load_model: Callable[[], LocalModel | None], settings: Settings, params: RetrievalParams, cite: Cite,
           cancel: threading.Event | None = None) -> Generator[Event, None, Answer]:
    """Answer a checked question from a table; yields progress and raw tokens, returns the answer with its verdict.

    ``corpus_lower`` is the lower-cased text of the documents (a name it lacks makes the question not applicable);
    ``load_model`` gives the model, or ``None`` for extractive answers.
    """
    t_load = time.perf_counter()
    embedder.load()  # outside the timed part
    model = load_model()
    load_s = time.perf_counter() - t_load
    started = time.perf_counter()
    yield Progress("retrieve", "finding the relevant sections")
    key = f"aliases:{company}"  # computed once per bundle table (it reads the whole text)
    if key not in table.cache:
        written = " ".join(r.text for r in table.rows)
        table.cache[key] = company_aliases(company, corpus_lower, written) if company else ()
    aliases = table.cache[key]
    # slips of the keyboard ("delte my acount") read as the words meant, never a word of the documents themselves
    typed = corrected(question, lambda w: re.search(rf"\b{re.escape(w)}\b", corpus_lower) is not None)
    probe = neutral_question(typed, company, aliases)
    qvec = embedder.embed([probe])[0]
    scored = score(table, probe, qvec, params)
    evidence = select_evidence(table, scored, settings.evidence_words, 5, params)
    best_dense = float(scored.dense.max()) if len(scored.dense) else 0.0
    decision = decide(probe, evidence, best_dense, foreign_names=foreign_entities(typed, corpus_lower, company, aliases), company=company)
    intent = read_question(probe)
    verdict = stance.decide(table, scored, intent, decision, qvec, embedder.embed_array, company, aliases)
    evidence = with_support(table, scored, verdict, evidence, settings.evidence_words)
    timings = {"retrieve_s": time.perf_counter() - started, "load_s": load_s}
    if verdict.stance in ("not_stated", "not_applicable"):
        related = list({e.cite_id: e for e in reversed(top_passages(table, scored, 12))}.values())[::-1][:3]
        timings["first_token_s"] = time.perf_counter() - started
        timings["total_s"] = time.perf_counter() - started
        status = "not_applicable" if verdict.stance == "not_applicable" else "silent"
        decision = Decision(False, status, decision.best_dense, decision.coverage, verdict.reason)
        return Answer(question, answering.abstain_text(decision, company, related), False, [], evidence,
                      model.info.name if model else "extractive", mode="abstain", status=status,
                      related=related, timings=timings, verdict=verdict, category=category_of_intent(intent))
    if cancel is not None and cancel.is_set():
        raise Cancelled("question cancelled")
    yield Progress("generate", "writing the answer" if model else "quoting the policy (no model loaded)")
    draft = yield from answering.generate(question, intent, verdict, evidence, model, company, settings.max_answer_tokens,
                                          started, timings, cancel, embedder.embed_array)
    if cancel is not None and cancel.is_set():
        raise Cancelled("question cancelled")
    citations = cite(draft.cited, evidence)
    text = answering.strip_unchecked(draft.text, {c.cite_id for c in citations})
    timings["total_s"] = time.perf_counter() - started
    return Answer(question, text, True, citations, evidence, model.info.name if model and draft.mode != "extractive" else "extractive",
                  mode=draft.mode, status="answered", timings=timings, raw_model_text=draft.raw, verdict=verdict,
                  category=category_of_intent(intent))


def closed_book(model: LocalModel, company: str, question: str, max_tokens: int,
                cancel: threading.Event | None = None) -> Generator[Event, None, Answer]:
    """What the model says about a company's policy with no documents at all."""
    started = time.perf_counter()
    timings: dict[str, float] = {"retrieve_s": 0.0}
    prompt = f"Questions and answers about the privacy policy of {company}.\n\nQuestion: {question}\nAnswer:"
    stream = (model.stream_chat([{"role": "user", "content": f"About {company}'s privacy policy: {question}"}], max_tokens, cancel)
              if model.info.chat_template else model.stream(prompt, max_tokens, ["\n", "Question:"], cancel))
    raw = yield from answering.relay_tokens(stream, started, timings)
    text = answering.clean_model_text(raw) or "(no answer)"
    timings["total_s"] = time.perf_counter() - started
    return Answer(question, text, True, [], [], model.info.name, mode="closed_book", status="answered", timings=timings,
                  raw_model_text=raw)


def stored_citations(store: Store, bundle_id: int, ids: list[str], evidence: list[Evidence]) -> list[Citation]:
    """The citations an answer uses, each checked against the evidence it was given and resolved to its stored section."""
    allowed: dict[str, list[Evidence]] = {}
    for e in evidence:
        allowed.setdefault(e.cite_id, []).append(e)
    out: list[Citation] = []
    for cid in dict.fromkeys(ids):
        items = allowed.get(cid)
        if not items:
            continue
        full = store.citation_for(bundle_id, cid)
        if full is None:
            continue
        items = sorted(items, key=lambda e: e.start)
        full.text = " … ".join(e.text for e in items)
        full.start, full.end = items[0].start, items[-1].end
        out.append(full)
    return out


def citations_from_evidence(ids: list[str], evidence: list[Evidence]) -> list[Citation]:
    """Citations of an answer over a plain text, built from the evidence items they name."""
    out: list[Citation] = []
    for cid in dict.fromkeys(ids):
        items = sorted((e for e in evidence if e.cite_id == cid), key=lambda e: e.start)
        if items:
            out.append(Citation(cid, items[0].document, items[0].heading, " … ".join(e.text for e in items), None,
                                items[0].start, items[-1].end, None))
    return out

