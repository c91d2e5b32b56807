"""Answering: write the answer to a verdict, prompt the model, and check every sentence and citation it writes.

The model only phrases. Attaching citations to the sentences they support, and dropping
those the evidence does not, are done here, so answers stay grounded whatever a small base
model produces. Whether the question is answered at all is decided by :mod:`question`.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from . import compose
from .intent import Intent
from .llm import LocalModel
from .models import Evidence, Progress, Token, Verdict
from .question import Decision, content_terms
from .text import CITE, cite_ids, split_sentences, strip_citations, tokenize

SUPPORT_THRESHOLD = 0.5

FEW_SHOT = (
    "Excerpts:\n"
    "[A §3] We keep order records for seven years to meet tax law, then delete them.\n"
    "[A §5] You can close your account at any time in Settings.\n"
    "Question: How long do they keep my order history?\n"
    "Answer: Order records are kept for seven years for tax reasons and then deleted [A §3].\n\n"
    "Excerpts:\n"
    "[B §2] We do not sell or rent your personal information to advertisers.\n"
    "[B §4] We share data with delivery companies to ship your orders.\n"
    "Question: Will they sell my data to advertisers?\n"
    "Answer: No, they do not sell or rent your personal information to advertisers [B §2].\n\n"
)


_NEGATION = re.compile(r"\b(not|no|never|none|nor|neither|without|cannot|n't|don't|doesn't|won't|isn't|aren't)\b|n't\b", re.I)


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def _best_sentence(sentence: str, evidence: list[Evidence]) -> str:
    """The single evidence sentence sharing most content words with ``sentence``."""
    toks = {t for t in tokenize(sentence) if len(t) > 2}
    best, best_score = "", -1.0
    for e in evidence:
        for s in split_sentences(e.text):
            score = len(toks & set(tokenize(s)))
            if score > best_score:
                best, best_score = s, score
    return best


def support(sentence: str, evidence: list[Evidence]) -> tuple[float, Evidence | None]:
    """Share of a sentence's content words found in its best-matching evidence item."""
    toks = {t for t in tokenize(CITE.sub("", sentence)) if len(t) > 2}
    if not toks:
        return 0.0, None
    best, best_ev = 0.0, None
    for e in evidence:
        ev = set(tokenize(e.text))
        s = len(toks & ev) / len(toks)
        if s > best:
            best, best_ev = s, e
    return best, best_ev


def _numbers_ok(sentence: str, evidence_text: str) -> bool:
    nums = re.findall(r"\d+(?:[.,]\d+)?", CITE.sub("", sentence))
    return all(n in evidence_text for n in nums)


def strip_unchecked(text: str, allowed: set[str]) -> str:
    """Remove bracketed markers that are not checked citations (never show an unchecked source)."""
    out = CITE.sub(lambda m: m.group(0) if m.group(1).strip() in allowed else "", text)
    return re.sub(r"\s+([.,;:])", r"\1", re.sub(r"  +", " ", out)).strip()


def _polarity_ok(sentence: str, evidence: list[Evidence]) -> bool:
    """A leading yes/no must agree with whether the supporting evidence sentence is negated."""
    says_no = sentence.strip().lower().startswith("no")
    return says_no == _negated(_best_sentence(sentence, evidence))


def clean_model_text(raw: str) -> str:
    """Cut echoes of the prompt and trailing fragments from raw model output."""
    text = raw.strip()
    for marker in ("Question:", "Excerpts:", "Answer:", "\n\n"):
        idx = text.find(marker)
        if idx > 0:
            text = text[:idx]
        elif idx == 0:
            text = text[len(marker):]
    text = text.strip()
    if text and text[-1] not in ".!?]\"”)":
        cut = max(text.rfind(". "), text.rfind("? "), text.rfind("! "), text.rfind("]"))
        text = text[: cut + 1] if cut > 20 else text + "."
    return text.strip()


def ground(raw: str, evidence: list[Evidence]) -> tuple[str, list[str]]:
    """Keep only sentences the evidence supports; cite each with the item that supports it."""
    allowed = {e.cite_id for e in evidence}
    all_text = " ".join(e.text for e in evidence)
    kept: list[str] = []
    used: list[str] = []
    seen: set[str] = set()
    for sent in split_sentences(clean_model_text(raw)):
        model_cites = [c.strip() for c in CITE.findall(sent)]
        bare = CITE.sub("", sent).strip()
        bare = re.sub(r"\s+([.,;:!?])", r"\1", bare)
        if len(bare.split()) < 3 or bare.lower() in seen:
            continue
        score, best = support(bare, evidence)
        if best is None or score < SUPPORT_THRESHOLD or not _numbers_ok(bare, all_text):
            continue
        if _negated(bare) != _negated(_best_sentence(bare, evidence)) or (re.match(r"^(yes|no)\b", bare, re.I) and not _polarity_ok(bare, evidence)):
            continue  # the sentence flips the polarity of what the policy says
        seen.add(bare.lower())
        supporting = {e.cite_id for e in evidence if support(bare, [e])[0] >= SUPPORT_THRESHOLD}
        cites = [best.cite_id] + [c for c in model_cites if c in allowed and c in supporting and c != best.cite_id]
        body = bare.rstrip(".!?")
        end = bare[-1] if bare[-1] in ".!?" else "."
        kept.append(f"{body} {' '.join(f'[{c}]' for c in cites)}{end}")
        used.extend(c for c in cites if c not in used)
    return " ".join(kept), used


def extractive(question: str, evidence: list[Evidence], max_sentences: int = 2, embed: Any = None) -> tuple[str, list[str]]:
    """The evidence sentences that best answer the question, quoted with their citations.

    Sentences are ranked by embedding similarity to the question when ``embed`` is given
    (a function from texts to unit vectors), plus word overlap and the evidence rank.
    """
    terms = content_terms(question) or set(tokenize(question))
    cands: list[tuple[int, int, str, Evidence]] = []
    for rank, e in enumerate(evidence[:5]):
        for j, sent in enumerate(split_sentences(e.text)):
            if len(sent.split()) >= 4:
                cands.append((rank, j, sent, e))
    if not cands:
        return "", []
    sims = [0.0] * len(cands)
    if embed is not None:
        import numpy as np

        vecs = np.asarray(embed([question] + [c[2] for c in cands]))
        sims = list(vecs[1:] @ vecs[0])
    scored = []
    for (rank, j, sent, e), sim in zip(cands, sims):
        overlap = len(set(tokenize(sent)) & terms) / (len(terms) or 1)
        penalty = (0.3 if sent.rstrip().endswith(":") else 0.0) + (0.2 if len(sent.split()) < 8 else 0.0)
        scored.append((float(sim) + 0.5 * overlap + 0.1 / (rank + 1) - penalty, rank, j, sent, e))
    scored.sort(key=lambda x: -x[0])
    picked = sorted(scored[:max_sentences], key=lambda x: (x[1], x[2]))
    parts, used = [], []
    for _, _, _, sent, e in picked:
        parts.append(f"“{sent.rstrip()}” [{e.cite_id}]")
        if e.cite_id not in used:
            used.append(e.cite_id)
    return " ".join(parts), used


def build_prompt(question: str, evidence: list[Evidence], company: str, opener: str = "") -> str:
    """Completion-style few-shot prompt for base models; ``opener`` starts the answer (the decided yes/no)."""
    lines = "\n".join(f"[{e.cite_id}] {e.text}" for e in evidence)
    return f"{FEW_SHOT}Excerpts from {company}'s policy documents:\n{lines}\nQuestion: {question}\nAnswer:" + (f" {opener.rstrip()}" if opener else "")


def build_messages(question: str, evidence: list[Evidence], company: str, opener: str = "") -> list[dict[str, str]]:
    """Chat messages for instruct models that carry a chat template."""
    lines = "\n".join(f"[{e.cite_id}] {e.text}" for e in evidence)
    system = (
        "You answer questions about a company's privacy policy in plain language, using only the excerpts given. "
        "After each claim, cite the excerpt id in square brackets, e.g. [PP §4.2]. If the excerpts do not answer "
        "the question, say that the policy does not address it. Answer in at most three sentences."
    )
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": f"Excerpts from {company}'s policy documents:\n{lines}\n\nQuestion: {question}"
                                    + (f"\n\nThe excerpts answer '{opener.strip(' ,')}'. Begin your answer with '{opener.strip()}'" if opener else "")},
    ]


def abstain_text(decision: Decision, company: str, related: list[Evidence]) -> str:
    if decision.status == "not_applicable":
        head = f"This does not apply to these documents: {decision.reason}."
    else:
        head = f"{company}'s policy documents do not address this."
    if related:
        head += " The closest related sections are " + "; ".join(f"{e.cite_id} ({_pointer_label(e)})" for e in related[:3]) + "."
    return head


def _pointer_label(e: Evidence) -> str:
    """A related section named by its heading, or by its opening words where the heading says nothing ("part 4")."""
    heading = e.heading.split(" › ")[-1].strip()
    if heading and not re.fullmatch(r"(part|section|paragraph|¶)\s*\d+", heading, re.I):
        return heading
    words = e.text.split()
    return "“" + " ".join(words[:9]) + ("…" if len(words) > 9 else "") + "”"


def relay_tokens(stream: Iterator[str], started: float, timings: dict[str, float]) -> Generator[Token, None, str]:
    """Yield each model piece as a :class:`Token`, note the first token's time, return the whole text."""
    pieces: list[str] = []
    for piece in stream:
        if not pieces:
            timings["first_token_s"] = time.perf_counter() - started
        pieces.append(piece)
        yield Token(piece)
    return "".join(pieces)


def fit_to_context(model: LocalModel, question: str, evidence: list[Evidence], company: str, max_tokens: int) -> list[Evidence]:
    """The leading evidence items whose prompt, plus the answer, fits the model's context (may be empty)."""
    info = model.info
    room = info.n_ctx - max_tokens - 8

    def size(items: list[Evidence]) -> int:
        if info.chat_template:
            return 32 + sum(model.count_tokens(m["content"]) for m in build_messages(question, items, company))
        return model.count_tokens(build_prompt(question, items, company)) + 1

    items = list(evidence)
    while items and size(items) > room:
        items.pop()
    return items


@dataclass
class Draft:
    """What answering hands back to the facade: the checked text, the citation ids it uses, and how it was made."""

    text: str
    cited: list[str]
    mode: str  # generative | composed | extractive
    raw: str = ""


def _first_checked(raw: str, evidence: list[Evidence], verdict: Verdict, intent: Intent) -> str:
    """The model's first sentence, cited, if it passes every check (support, numbers, polarity, no new claims); else ''."""
    text, _ = ground(raw, evidence)
    first = split_sentences(text)[:1]
    if not first:
        return ""
    bare = strip_citations(first[0])
    if compose.contradicts(bare, verdict, intent) or compose.adds_claims(bare, evidence):
        return ""
    return first[0]


def generate(
    question: str,
    intent: Intent,
    verdict: Verdict,
    evidence: list[Evidence],
    model: LocalModel | None,
    company: str,
    max_tokens: int,
    started: float,
    timings: dict[str, float],
    cancel: threading.Event | None = None,
    embed: Callable[[list[str]], Any] | None = None,
) -> Generator[Token | Progress, None, Draft]:
    """Write the answer to a verdict: the model phrases within it (checked), the verdict's quotes follow.

    For ``yes``/``no`` the model's answer is started with the verdict word, so it can only go on
    from there; a sentence that contradicts the verdict or adds a claim the evidence lacks is dropped,
    and the answer is then composed from the policy's own sentences (mode ``composed``).
    """
    composed = compose.lead(verdict, intent, company)
    opener = {"yes": "Yes,", "no": "No,"}.get(verdict.stance, "") if composed else ""
    raw = ""
    given = fit_to_context(model, question, evidence, company, max_tokens) if model is not None else []
    writes = model is not None and bool(given) and verdict.stance in ("yes", "no", "answered")
    if opener:
        timings["first_token_s"] = time.perf_counter() - started
        yield Token(opener)
    if writes:
        assert model is not None
        chat = model.info.chat_template
        stream = (
            model.stream_chat(build_messages(question, given, company, opener), max_tokens, cancel)
            if chat
            else model.stream(build_prompt(question, given, company, opener), max_tokens, ["\n", "Question:", "Excerpts"], cancel)
        )
        raw = yield from relay_tokens(stream, started, timings)
        if not chat:
            raw = opener + ("" if raw[:1].isspace() else " ") + raw
    timings.setdefault("first_token_s", time.perf_counter() - started)
    if composed:
        sentence = _first_checked(raw, given, verdict, intent) if writes else ""
        if sentence:
            quotes = " ".join(compose.quote(f) for f in verdict.support[: 1 if opener else 4])
            text = f"{sentence} The policy says: {quotes}.{compose.also_text(verdict) if opener else ''}{compose.exceptions_text(verdict)}"
            return Draft(text, cite_ids(text), "generative", raw)
        if model is None:
            return Draft(f"{composed} (Extractive mode: no language model loaded; the answer quotes the policy.)", cite_ids(composed),
                         "extractive", raw)
        return Draft(composed, cite_ids(composed), "composed", raw)
    # No practice the reader knows: the model's checked sentences (as before verdicts), else the best evidence sentences.
    text, used = ground(raw, given) if writes else ("", [])
    if text:
        if len(strip_citations(text).split()) < 25 and evidence:
            quote, qused = extractive(question, evidence, max_sentences=1, embed=embed)
            text = f"{text} The policy says: {quote}"
            used.extend(c for c in qused if c not in used)
        return Draft(text, used, "generative", raw)
    quote, used = extractive(question, evidence, embed=embed)
    if model is None:
        return Draft(f"From the policy (extractive mode: no language model loaded): {quote}", used, "extractive", raw)
    return Draft(f"From the policy: {quote}", used, "composed", raw)
