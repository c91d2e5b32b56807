"""Per-answer judge-free metrics: the paper's M_all, the Green/Yellow/Red bands and a labelled proxy of the five metrics.

GenAIPABench scores each answer on five metrics, each +1 / +0.5 / -1, and aggregates them as
``M_all = (sum + 5) / 10 * 9 + 1`` (1 = all -1, 10 = all +1, 5.5 = neutral). The paper leaves the
Green/Yellow/Red cut-offs of Algorithm 2 to "predefined criteria"; ours (:data:`BANDS`) are:

* **Green**: M_all >= 7.75, i.e. the five metrics average at least +0.5 (at least "partially" good everywhere);
* **Yellow**: 5.5 <= M_all < 7.75, net positive but not reliably good;
* **Red**: M_all < 5.5, the negative points outweigh the positive ones (a risk for privacy decisions).

The *proxy* turns judge-free measurements into the five metrics (:data:`PROXY_MAPPING` documents how);
it is an estimate for runs without a trustworthy judge and is always labelled "proxy". The figures of a whole run are
:mod:`eval.figures`; statistics over them :mod:`eval.stats`.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from assistant.text import CITE

from .citations import cited_ids, part_key, part_matches, reference_matcher

METRICS = ("relevance", "accuracy", "clarity", "completeness", "reference")
METRIC_SHORT = {"relevance": "M_rel", "accuracy": "M_acc", "clarity": "M_cla", "completeness": "M_com", "reference": "M_ref"}
ALLOWED = (1.0, 0.5, -1.0)
GREEN_MIN = 7.75
YELLOW_MIN = 5.5
BANDS = {
    "green": f"M_all >= {GREEN_MIN} (the five metrics average at least +0.5)",
    "yellow": f"{YELLOW_MIN} <= M_all < {GREEN_MIN} (net positive, not reliably good)",
    "red": f"M_all < {YELLOW_MIN} (negative points outweigh positive ones)",
}

# Thresholds of the proxy (MiniLM cosine / content-word recall); see PROXY_MAPPING.
REL_FULL, REL_PART = 0.50, 0.30
ACC_FULL, ACC_PART = 0.60, 0.40
COV_FULL, COV_PART = 0.30, 0.12

PROXY_MAPPING = {
    "relevance": f"cosine(question, answer) >= {REL_FULL}: +1, >= {REL_PART}: +0.5, else -1; an abstention is +1 on a question the "
                 "reference marks unaddressed and +0.5 otherwise",
    "accuracy": f"unaddressed question: +1 if the answer abstains, else -1; addressed: -1 if it abstains, else cosine(answer, reference) "
                f">= {ACC_FULL}: +1, >= {ACC_PART}: +0.5, else -1",
    "clarity": "-1 for an empty, very short or degenerate (repetitive) text; +0.5 for a fragmentary one (mostly quotation, "
               "unfinished sentence, over 250 words); else +1",
    "completeness": f"unaddressed: +1 if it abstains, else -1; addressed: -1 if it abstains, else share of the reference's content "
                    f"words found in the answer >= {COV_FULL}: +1, >= {COV_PART}: +0.5, else -1",
    "reference": "unaddressed: -1 if anything is cited (as in the paper), +1 if it abstains without citing, +0.5 otherwise; addressed: "
                 "-1 without citations, else +1 when every citation is valid (exists, was among the evidence, and matches a "
                 "reference part where the reference names comparable parts), +0.5 when some are, -1 when none are",
}

_STOP = set("""a about above after again against all also am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its
itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the
their theirs them then there these they this those through to too under until up very was we were what when where which while who whom
why will with would you your yours policy company privacy data user users information personal may""".split())
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ABSTAIN = re.compile(
    r"(does not|doesn['’]t|do not|don['’]t|did not) (explicitly |specifically |directly |clearly )?(address|mention|state|say|specify|provide|contain|"
    r"include|cover|discuss|detail)|not (explicitly |specifically )?(mentioned|addressed|stated|specified|covered|provided|available)|"
    r"no (specific |explicit )?(information|mention|details?) (about|on|regarding|of|is)|there is no information|i (could not|couldn['’]t|cannot|can['’]t) find|"
    r"n/a\b|unable to (find|determine)",
    re.IGNORECASE,
)
_stemmer: Any = None


# --------------------------------------------------------------------------- M_all and bands


def m_all(scores: dict[str, float] | Sequence[float]) -> float:
    """The paper's aggregate: ``(sum + 5) / 10 * 9 + 1`` over the five metrics."""
    values = [float(scores[m]) for m in METRICS] if isinstance(scores, dict) else [float(v) for v in scores]
    if len(values) != 5:
        raise ValueError("M_all needs exactly five metric scores")
    return round((sum(values) + 5.0) / 10.0 * 9.0 + 1.0, 4)


def band(value: float | None) -> str | None:
    """Green / Yellow / Red for an M_all value (or a mean of them); None for None."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return "green" if value >= GREEN_MIN - 1e-9 else "yellow" if value >= YELLOW_MIN - 1e-9 else "red"


def three_level(value: float, full: float, part: float) -> float:
    return 1.0 if value >= full else 0.5 if value >= part else -1.0


# --------------------------------------------------------------------------- text features


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def content_terms(text: str) -> set[str]:
    """Stemmed content words (stopwords and policy boilerplate removed).

    Not :func:`assistant.text.tokenize`: this word list also drops policy boilerplate ("policy", "data", "user",
    "information"…) and words of two letters, and maps no irregular verbs or contractions, so the coverage figures and
    the thresholds calibrated on them (:data:`COV_FULL`, :data:`COV_PART`) would change with the shared tokenizer.
    """
    global _stemmer
    toks = [w for w in words(text) if w not in _STOP and len(w) > 2]
    if _stemmer is None:
        try:
            import Stemmer

            _stemmer = Stemmer.Stemmer("english")
        except ImportError:  # pragma: no cover - PyStemmer is a dependency
            _stemmer = False
    if _stemmer:
        return set(_stemmer.stemWords(toks))
    return {t.rstrip("s") for t in toks}


def coverage(answer: str, reference: str) -> float:
    """Share of the reference's content words that the answer contains."""
    ref = content_terms(reference)
    if not ref:
        return 0.0
    return len(ref & content_terms(answer)) / len(ref)


def looks_abstaining(text: str) -> bool:
    """Whether a free-text answer (e.g. Bard's) says the document does not cover the matter."""
    head = " ".join(text.split()[:60])
    return bool(_ABSTAIN.search(head))


def polarity(text: str) -> str:
    """'yes', 'no' or 'neutral': the answer's opening stance."""
    t = re.sub(r"^[\W_]+", "", text.strip().lower())
    t = re.sub(r"^(from the policy[^:]*:\s*|according to [^,]*,\s*)", "", t)
    first = " ".join(t.split()[:14])
    if re.match(r"^(yes|yeah|indeed|correct)\b", first):
        return "yes"
    if re.match(r"^(no|not|never|none)\b", first) or re.search(r"\b(does not|doesn't|do not|don't|is not|isn't|are not|aren't|cannot|can't|never)\b", first):
        return "no"
    return "neutral"


def stance(text: str, answerable: bool) -> str:
    return "abstain" if not answerable else polarity(text)


def reference_verdict(reference: str) -> str | None:
    """'yes' or 'no' when an expert reference answer opens with it, else None."""
    m = re.match(r"^[\W_]*(yes|no)\b", (reference or "").strip(), re.I)
    return m.group(1).lower() if m else None


def verdict_agrees(answer_verdict: str, reference: str) -> bool | None:
    """Does the answer's yes/no agree with a reference that opens with yes/no (None where either has none)?"""
    ref = reference_verdict(reference)
    if ref is None or answer_verdict not in ("yes", "no"):
        return None
    return answer_verdict == ref


def clarity(text: str) -> float:
    """+1 clear, +0.5 fragmentary, -1 empty or degenerate (see PROXY_MAPPING)."""
    body = CITE.sub("", text or "").strip()
    toks = words(body)
    if len(toks) < 3 or body in ("(no answer)",):
        return -1.0
    trigrams = list(zip(toks, toks[1:], toks[2:]))
    if len(trigrams) >= 12 and len(set(trigrams)) / len(trigrams) < 0.5:
        return -1.0
    quoted = sum(len(q) for q in re.findall(r"[“\"]([^”\"]+)[”\"]", body))
    if len(toks) > 250 or (len(body) > 0 and quoted / len(body) > 0.7) or not re.search(r"[.!?)\]”\"]\s*$", (text or "").strip()):
        return 0.5
    return 1.0


# --------------------------------------------------------------------------- per-answer judge-free scores


def cosine(u: Any, v: Any) -> float:
    """Cosine of two unit vectors (plain sequences or numpy rows)."""
    return float(sum(float(a) * float(b) for a, b in zip(u, v)))


def free_score(*, question: str, text: str, answerable: bool, citations: Sequence[str], evidence_ids: Iterable[str] | None,
               valid_ids: set[str] | None, addressed: bool | None, reference: str, reference_parts: Sequence[str],
               q_vec: Any, a_vec: Any, r_vec: Any | None, verdict: str | None = None) -> dict[str, Any]:
    """Judge-free metrics and the labelled proxy of the five metrics for one answer.

    ``verdict`` is the answer's own yes/no (the assistant's decided stance); without it the answer's opening
    words are read. A yes/no that contradicts a reference opening with yes/no makes the answer inaccurate.

    ``valid_ids`` are the citation ids that exist in what the answer was given (bundle sections, summary
    paragraphs); ``None`` means the source cannot be checked (external answers), in which case a citation is
    valid when it names one of the reference's parts. ``evidence_ids`` None likewise skips the evidence check.
    """
    cites = cited_ids(text, citations)
    evidence = set(evidence_ids) if evidence_ids is not None else None
    matcher = reference_matcher(reference_parts)
    checkable = valid_ids is not None or evidence is not None or bool(matcher)
    valid = 0
    part_hit = False
    comparable = False
    for c in cites:
        key = part_key(c)
        comparable = comparable or (key is not None and any(key[0] == k for k, _, _ in matcher))
        hit = part_matches(key, matcher)
        part_hit = part_hit or hit
        if valid_ids is None and evidence is None:
            ok = hit
        else:
            ok = (valid_ids is None or c in valid_ids) and (evidence is None or c in evidence)
        valid += int(ok)
    if addressed is False and cites:
        valid = 0
    validity = (valid / len(cites)) if cites and (checkable or addressed is False) else None
    qa_sim = cosine(q_vec, a_vec)
    sim = cosine(a_vec, r_vec) if r_vec is not None else None
    cov = coverage(text, reference) if reference else None
    abstention_correct = None if addressed is None else (answerable == bool(addressed))

    if not answerable:
        rel = 1.0 if addressed is False else 0.5
    else:
        rel = three_level(qa_sim, REL_FULL, REL_PART)
    if addressed is False:
        acc = com = 1.0 if not answerable else -1.0
        ref = -1.0 if cites else (1.0 if not answerable else 0.5)
    else:
        if not answerable:
            acc = com = -1.0
        else:
            acc = three_level(sim, ACC_FULL, ACC_PART) if sim is not None else 0.5
            com = three_level(cov, COV_FULL, COV_PART) if cov is not None else 0.5
        if not cites:
            ref = -1.0
        elif validity is None:
            ref = 0.5  # a section is named but nothing can check it
        elif validity == 1.0 and (part_hit or not comparable):
            ref = 1.0
        elif validity and validity > 0:
            ref = 0.5
        else:
            ref = -1.0
    agrees = verdict_agrees(verdict if verdict is not None else polarity(text), reference)
    if agrees is False:
        acc = -1.0  # a wrong verdict is an inaccurate answer, however close its wording
    cla = clarity(text) if answerable else 1.0
    scores = {"relevance": rel, "accuracy": acc, "clarity": cla, "completeness": com, "reference": ref}
    total = m_all(scores)
    return {
        "citation_validity": validity, "cited": len(cites), "valid_cited": valid,
        "abstention_correct": abstention_correct, "verdict_agrees": agrees, "similarity": sim, "qa_similarity": qa_sim, "coverage": cov,
        "stance": stance(text, answerable), **scores, "m_all": total, "band": band(total),
        "details": {"cited_ids": cites, "reference_part_hit": part_hit if comparable else None, "scorer": "proxy"},
    }


# --------------------------------------------------------------------------- paraphrase consistency


def jaccard(a: set[str], b: set[str]) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def consistency(group: Sequence[dict[str, Any]], vectors: Sequence[Any]) -> dict[str, float] | None:
    """Agreement among the answers to one question's variants: stance, cited ids (Jaccard), answer cosine."""
    if len(group) < 2:
        return None
    pairs = list(combinations(range(len(group)), 2))
    stances = [g["stance"] for g in group]
    cites = [set(g["cited_ids"]) for g in group]
    same = statistics.mean(1.0 if stances[i] == stances[j] else 0.0 for i, j in pairs)
    jac = statistics.mean(jaccard(cites[i], cites[j]) for i, j in pairs)
    sim = statistics.mean(cosine(vectors[i], vectors[j]) for i, j in pairs)
    majority = Counter(stances).most_common(1)[0][1] / len(stances)
    return {"stance_agreement": same, "majority_stance_share": majority, "citation_jaccard": jac, "answer_similarity": sim,
            "consistency": (same + jac + sim) / 3.0}


# --------------------------------------------------------------------------- vectors kept with the scores (for consistency)


def pack_vector(vec: Any) -> str:
    """A unit vector as base64 float16 (768 bytes for MiniLM), stored with the judge-free scores."""
    import base64

    import numpy as np

    return base64.b64encode(np.asarray(vec, dtype="float16").tobytes()).decode("ascii")


def unpack_vector(blob: str | None) -> Any:
    import base64

    import numpy as np

    if not blob:
        return None
    return np.frombuffer(base64.b64decode(blob), dtype="float16").astype("float32")
