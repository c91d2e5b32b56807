"""The policy at a glance: a report card of a whole bundle, computed once per bundle version and stored.

Three parts, each resting on what earlier steps return (no text is re-parsed):
- **checklist**: questions of Marotta-Wurgler & Stein's 64 (upstream ids kept) that the verdict engine can read, each
  answered from a consumer-worded probe question; the chosen option, a confidence, the verdict and its quoted sentences;
- **practices**: every section labelled with its OPP-115 categories (multi-label) and, per category, its sections and
  the most representative sentence;
- **readability**: per document and for the bundle, as GenAIPABench's Table 1 reports it, with percentiles among the
  95 OPP-115 policies.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Generator, Iterable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import practices as practice_model
from . import report_facts, report_facts_sharing
from .errors import Cancelled
from .models import Answer, Bundle, Progress, TrustFigure
from .readability import measure, percentile
from .report_calibration import calibrated
from .text import split_sentences

SENTENCE_WORDS = 40  # a category's representative sentence is cut after this many words
QUESTIONS = Path(__file__).resolve().parent.parent / "resources" / "question_banks" / "policy_dense_questions.json"


@dataclass(frozen=True)
class Probe:
    """How one legal question is read: a consumer question for the verdict engine and the option each verdict means."""

    qid: str  # upstream label ("E-4")
    question: str  # asked of the bundle
    options: dict[str, str]  # verdict (yes / no / not_stated / answered / unclear / not_applicable) -> upstream option label
    partial: str = ""  # option when a "yes" comes with stated limits (a right to delete with records kept)
    second: str = ""  # a second probe: when both are answered yes the option is ``both`` ("access" and "correct")
    both: str = ""


#: The legal questions the verdict engine reads today (the others are listed as "not assessed yet").
PROBES: tuple[Probe, ...] = (
    Probe("N-1", "Does the company use cookies?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("N-6", "Do they let third-party advertisers track me with cookies?", {"yes": "1", "no": "0", "not_stated": "DND"}),
    Probe("N-11", "Do changes to the policy apply to information collected before the change?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("N-13", "If the company is sold or goes bankrupt, what happens to my personal information?",
          {"answered": "1", "yes": "1", "no": "1", "not_stated": "0"}),
    Probe("SE-3", "Will they disclose my information when required by law?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("SE-6", "Will they notify me if there is a data breach?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("SE-8", "Do they use encryption to protect my information?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("UC-4", "Can I delete my personal information?", {"yes": "2", "no": "0", "not_stated": "0"}, partial="1"),
    Probe("CCPA-7", "Do they charge a fee for a copy of my data?", {"no": "1", "yes": "0", "not_stated": "0"}),
    Probe("E-2", "In which court must disputes be brought?", {"yes": "1", "answered": "1", "no": "0", "not_stated": "0"}),
    Probe("E-3", "Which state's laws govern this agreement?", {"yes": "1", "answered": "1", "no": "0", "not_stated": "0"}),
    Probe("E-4", "Do I have to resolve disputes by arbitration?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("E-5", "Do I give up my right to join a class action?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("N-2", "Do they use web beacons, pixels or other tracking technologies besides cookies?",
          {"yes": "1", "no": "0", "not_stated": "DND"}),
    Probe("N-3", "Do they collect biometric information such as face scans or fingerprints?", {"yes": "1", "no": "0", "not_stated": "DND"}),
    Probe("N-10", "Will they ask for my consent before material changes to the policy apply to me?",
          {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("SE-4", "Will they share my information to defend their legal rights?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("UC-2", "Can I change my privacy settings or choices?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("UC-3", "Can I access my personal information?", {"yes": "1", "no": "0", "not_stated": "0"},
          second="Can I correct my personal information?", both="2"),
    Probe("UC-7", "If the company is sold, can I choose what happens to my data?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("DP-1", "Do they securely destroy or anonymize data they no longer need?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("CCPA-5", "As a California resident, can I request a list of the third parties they shared my information with?",
          {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("CCPA-10", "Can I opt out of the sale of my personal information?", {"yes": "1", "no": "2", "not_stated": "0"}),
    Probe("GDPR-2", "Does the company participate in the EU-US Privacy Shield?", {"yes": "1", "no": "0", "not_stated": "0"}),
    Probe("SE-7", "Can any employee access my personal information?", {"no": "1", "yes": "0", "not_stated": "0"}),  # access kept to some
    Probe("E-6", "Do they promise my information cannot be hacked?", {"no": "1", "yes": "0", "not_stated": "0"}),  # "cannot guarantee"
    Probe("UC-1", "Can I correct inaccurate information about me?", {"yes": "2", "no": "0", "not_stated": "DND"}),
    Probe("UC-8", "If I close my account, is my data deleted?", {"yes": "2", "no": "0", "not_stated": "DND"}, partial="1"),
)


@dataclass
class Quote:
    cite_id: str
    text: str


@dataclass
class CardRow:
    """One legal question answered for the bundle."""

    qid: str
    category: str
    question: str
    probe: str
    option: str  # upstream option label ("" when not assessed)
    option_text: str
    confidence: float  # of the chosen option (not calibrated against coders yet)
    distribution: dict[str, float]
    stance: str
    quotes: list[Quote] = field(default_factory=list)
    note: str = ""


@dataclass
class PracticeLine:
    """One OPP-115 category across the bundle: the sections labelled with it and its most representative sentence."""

    category: str
    sections: list[str]
    sentence: str = ""
    cite_id: str = ""


@dataclass
class DocumentStats:
    title: str
    kind: str
    readability: dict[str, Any]
    percentiles: dict[str, float | None]


@dataclass
class ReportCard:
    """The card of one bundle version."""

    bundle: str
    company: str
    version: str  # hash of the documents' content hashes
    created: str
    documents: list[DocumentStats]
    readability: dict[str, Any]
    percentiles: dict[str, float | None]
    practices: list[PracticeLine]
    checklist: list[CardRow]
    not_assessed: list[str] = field(default_factory=list)
    section_labels: dict[str, list[str]] = field(default_factory=dict)  # cite id -> OPP-115 categories
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def to_markdown(self, trust: list[TrustFigure] | None = None) -> str:
        """Markdown; with ``trust`` (``Assistant.trust()``) each row says what the self-benchmark measured for its kind."""
        from .report_render import to_markdown

        return to_markdown(self, trust)

    def to_html(self, trust: list[TrustFigure] | None = None, trust_links: bool = False) -> str:
        """A standalone HTML page (no scripts, no external resources)."""
        from .report_render import to_html

        return to_html(self, trust, trust_links)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReportCard:
        out = cls(**{**data, "documents": [DocumentStats(**d) for d in data.get("documents", [])],
                     "practices": [PracticeLine(**p) for p in data.get("practices", [])],
                     "checklist": [CardRow(**{**r, "quotes": [Quote(**q) for q in r.get("quotes", [])]}) for r in data.get("checklist", [])]})
        return out


def bundle_version(bundle: Bundle) -> str:
    """A hash of the bundle's documents (their content hashes, in order): a new version when any document changes."""
    return version_of((d.title, d.content_hash) for d in bundle.documents)


def version_of(documents: Iterable[tuple[str, str]]) -> str:
    """The version of a bundle from its documents' (title, content hash) pairs, in order."""
    return hashlib.sha256("\n".join(f"{title}\t{digest}" for title, digest in documents).encode("utf-8")).hexdigest()[:16]


def questions() -> dict[str, dict[str, Any]]:
    """The 64 legal questions by upstream label (Marotta-Wurgler & Stein, ODC-By 1.0)."""
    data = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    return {q["label"]: q for q in data["questions"]}


_STATS = ("grade", "words", "unique_words", "reading_minutes")


def _percentiles(stats: dict[str, Any]) -> dict[str, float | None]:
    return {k: percentile(k, float(stats[k])) for k in _STATS}


def build(bundle: Bundle, ask: Callable[[str], Generator[Any, None, Answer]], embed_array: Callable[[list[str]], Any] | None,
          classifies: bool, cancel: threading.Event | None = None) -> Generator[Progress, None, ReportCard]:
    """Compute the card of a bundle (its documents with sections loaded); ``ask`` answers a question without the model."""
    docs = [DocumentStats(d.title, d.kind, measure(d.text).to_json(), {}) for d in bundle.documents]
    for stats in docs:
        stats.percentiles = _percentiles(stats.readability)
    whole = measure("\n\n".join(d.text for d in bundle.documents)).to_json()
    notes: list[str] = []
    bank = questions()
    titles = {d.abbrev: d.title for d in bundle.documents}
    rows: list[CardRow] = []
    for i, probe in enumerate(PROBES):
        if cancel is not None and cancel.is_set():
            raise Cancelled("report cancelled")
        yield Progress("report", f"checklist {probe.qid}", i, len(PROBES) + 1)
        answer = yield from _drain(ask(probe.question))
        row = _row(probe, bank[probe.qid], answer, titles)
        if probe.second and row.stance == "yes":
            other = yield from _drain(ask(probe.second))
            if other.stance == "yes":  # both rights stated: "can access and correct"
                texts = {o["label"]: o["text"] for o in bank[probe.qid]["options"]}
                row.option, row.option_text = probe.both, texts[probe.both]
                row.distribution = _distribution(probe.both, row.confidence, list(texts))
                row.quotes += [Quote(f.cite_id, f.sentence) for f in (other.verdict.support if other.verdict else [])][:1]
        rows.append(row)
        yield Progress("report", f"{probe.qid} {rows[-1].category}: {rows[-1].option_text or 'not settled'}", i + 1, len(PROBES) + 1)
    sentences = report_facts.sentences_of(bundle)
    for fact in report_facts.FACTS + report_facts_sharing.FACTS:
        rows.append(_fact_row(fact, bank[fact.qid], sentences, bundle))
    if not any(d.kind == "terms_of_use" for d in bundle.documents):
        for row in rows:  # measured against the coders, these rows disagree most where a bundle lacks its terms
            if row.qid in TERMS_QUESTIONS:
                row.note = "; ".join(x for x in (row.note, NO_TERMS) if x)
    yield Progress("report", "data practices", len(PROBES), len(PROBES) + 1)
    lines, labels = _practices(bundle, embed_array) if classifies else ([], {})
    if not classifies:
        notes.append("data-practice categories need the packaged MiniLM embedder; this data folder uses another")
    assessed = {p.qid for p in PROBES} | {f.qid for f in report_facts.FACTS + report_facts_sharing.FACTS}
    return ReportCard(bundle=bundle.name, company=bundle.company, version=bundle_version(bundle),
                      created=datetime.now(UTC).isoformat(timespec="seconds"), documents=docs, readability=whole,
                      percentiles=_percentiles(whole), practices=lines, checklist=rows,
                      not_assessed=[q for q in bank if q not in assessed], section_labels=labels, notes=notes)


def _drain(gen: Generator[Any, None, Answer]) -> Generator[Progress, None, Answer]:
    """Run an answer generator, passing on only its progress (raw tokens are not the card's business)."""
    while True:
        try:
            item = next(gen)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if isinstance(item, Progress):
            yield item


def _row(probe: Probe, question: dict[str, Any], answer: Answer, titles: dict[str, str] | None = None) -> CardRow:
    verdict = answer.verdict
    stance = answer.stance or "unclear"
    option = probe.options.get(stance, "")
    if stance == "yes" and probe.partial and verdict is not None and verdict.exceptions:
        option = probe.partial
    texts = {o["label"]: o["text"] for o in question["options"]}
    # the verdict's own strength: the similarity of the sentences it rests on (a silent bundle is read from the absence of any)
    strength = verdict.confidence if verdict is not None and verdict.confidence else 0.0
    confidence = round(min(0.95, 0.5 + 0.6 * strength), 2) if option and stance not in ("not_stated", "unclear") else (0.6 if option else 0.0)
    distribution = _distribution(option, confidence, list(texts)) if option else {}
    quotes = [Quote(f.cite_id, f.sentence) for f in (verdict.support if verdict is not None else [])][:3]
    note = "" if option else f"the verdict ({stance}) does not settle this question"
    if verdict is not None and verdict.exceptions and stance in ("yes", "no"):
        note = "with limits: " + "; ".join(f"{f.sentence} [{f.cite_id}]" for f in verdict.exceptions[:2])
        conflict = _conflict(verdict, stance, titles or {})
        if conflict:
            note = conflict
    if option and stance in ("yes", "no") and confidence < LOW_CONFIDENCE:
        note = ("low confidence; " + note) if note else "low confidence: the quoted sentence is only loosely about this question"
    if option:
        confidence, distribution = calibrated(probe.qid, option, confidence, distribution, list(texts))
    return CardRow(qid=probe.qid, category=question["category"], question=question["question"], probe=probe.question, option=option,
                   option_text=texts.get(option, ""), confidence=confidence, distribution=distribution, stance=stance,
                   quotes=quotes, note=note)



def _fact_row(fact: report_facts.Fact, question: dict[str, Any], sentences: list[report_facts.Sentence], bundle: Bundle) -> CardRow:
    """A row answered by looking for a kind of statement (:mod:`report_facts`) rather than by a verdict."""
    found = fact.check(bundle, sentences)
    texts = {o["label"]: o["text"] for o in question["options"]}
    confidence = report_facts.FOUND if found.found else report_facts.ABSENT
    note = found.note or ("" if found.found else f"no sentence of the bundle states {fact.looks_for}")
    confidence, distribution = calibrated(fact.qid, found.option, confidence, _distribution(found.option, confidence, list(texts)), list(texts))
    return CardRow(qid=fact.qid, category=question["category"], question=question["question"], probe=f"looks for {fact.looks_for}",
                   option=found.option, option_text=texts.get(found.option, ""), confidence=confidence,
                   distribution=distribution, stance="yes" if found.found else "not_stated",
                   quotes=[Quote(q.cite_id, q.text) for q in found.quotes], note=note)


def _distribution(option: str, confidence: float, labels: list[str]) -> dict[str, float]:
    """The chosen option's confidence, the rest shared evenly by the other options ({} when there is no other)."""
    rest = [k for k in labels if k != option]
    return {option: confidence, **{k: round((1 - confidence) / len(rest), 3) for k in rest}} if rest else {}


#: Questions the terms of use usually settle (disputes, the agreement itself), and what their rows say without them.
TERMS_QUESTIONS = frozenset({"E-2", "E-3", "E-4", "E-5", "K-1"})
NO_TERMS = "the bundle holds no terms of use, where this is usually stated: add them for a reliable answer"

#: Below this a yes/no row says it is a weak reading.
LOW_CONFIDENCE = 0.7


def _conflict(verdict: Any, stance: str, titles: dict[str, str]) -> str:
    """'The terms say X, the privacy policy says Y' when another document states the opposite of the verdict's support."""
    doc = verdict.support[0].cite_id.split(" ")[0] if verdict.support else ""
    for f in verdict.exceptions:
        other = f.cite_id.split(" ")[0]
        if other != doc and f.polarity in ("yes", "no") and f.polarity != stance:
            return (f"the {titles.get(doc, doc)} says {stance} [{verdict.support[0].cite_id}], the {titles.get(other, other)} says "
                    f"{f.polarity}: “{f.sentence}” [{f.cite_id}]")
    return ""


def _practices(bundle: Bundle, embed_array: Callable[[list[str]], Any] | None) -> tuple[list[PracticeLine], dict[str, list[str]]]:
    """Each section's OPP-115 categories, and per category the sections and the opening sentence of the most typical one."""
    sections = [s for d in bundle.documents for s in d.sections if len(s.text.split()) >= 5]
    if not sections or embed_array is None:
        return [], {}
    texts = [s.text for s in sections]
    vectors = embed_array(texts)
    probs = practice_model.text_probabilities(texts, vectors)
    if probs is None:
        return [], {}
    labelled = practice_model.decide(probs)
    names = practice_model.category_names()
    labels = {s.cite_id: cats for s, cats in zip(sections, labelled)}
    lines: list[PracticeLine] = []
    for j, name in enumerate(names):
        members = [i for i, cats in enumerate(labelled) if name in cats]
        if not members:
            continue
        best = max(members, key=lambda i: float(probs[i][j]))
        sentence = next((s for s in split_sentences(sections[best].text) if len(s.split()) >= 6), sections[best].text)
        words = sentence.split()
        sentence = " ".join(words[:SENTENCE_WORDS]) + (" …" if len(words) > SENTENCE_WORDS else "")
        lines.append(PracticeLine(name, [sections[i].cite_id for i in members], sentence, sections[best].cite_id))
    return lines, labels


@dataclass
class AnswerChange:
    """A checklist answer that differs between two versions of the bundle."""

    qid: str
    question: str
    before: str
    after: str
    stance_before: str
    stance_after: str


@dataclass
class DocumentChange:
    """A document whose text changed: the paragraphs removed and added (side by side, in order)."""

    title: str
    hash_before: str
    hash_after: str
    hunks: list[tuple[str, str]]  # (removed text, added text); either may be empty


@dataclass
class ReportChanges:
    """What changed between the two newest stored cards of a bundle, and in which documents."""

    bundle: str
    versions: list[dict[str, str]]  # every stored card version, newest first (version, created)
    before: str = ""
    after: str = ""
    answers: list[AnswerChange] = field(default_factory=list)
    documents: list[DocumentChange] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def to_markdown(self) -> str:
        from .report_render import changes_markdown

        return changes_markdown(self)

    def to_html(self) -> str:
        """An HTML fragment: the versions, the changed answers, changed paragraphs side by side."""
        from .report_render import changes_html

        return changes_html(self)


def compare(before: ReportCard, after: ReportCard) -> list[AnswerChange]:
    """The checklist rows whose chosen option or verdict differs."""
    old = {r.qid: r for r in before.checklist}
    return [AnswerChange(r.qid, r.question, old[r.qid].option_text, r.option_text, old[r.qid].stance, r.stance)
            for r in after.checklist if r.qid in old and (old[r.qid].option, old[r.qid].stance) != (r.option, r.stance)]


def paragraph_diff(before: str, after: str) -> list[tuple[str, str]]:
    """The paragraphs of two texts that differ, as (removed, added) pairs in document order."""
    from difflib import SequenceMatcher

    a = [p.strip() for p in before.split("\n") if p.strip()]
    b = [p.strip() for p in after.split("\n") if p.strip()]
    return [("\n".join(a[i1:i2]), "\n".join(b[j1:j2]))
            for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if tag != "equal"]
