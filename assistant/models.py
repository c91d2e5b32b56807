"""Domain dataclasses: one per object the assistant stores or returns."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

DOCUMENT_KINDS = ("privacy_policy", "terms_of_use", "cookie_policy", "regional_notice", "regulation", "other")

#: Short prefixes used in citation ids, e.g. ``PP §4.2``.
KIND_ABBREV = {
    "privacy_policy": "PP",
    "terms_of_use": "TOU",
    "cookie_policy": "CP",
    "regional_notice": "RN",
    "regulation": "",
    "other": "DOC",
}


@dataclass
class Bundle:
    """One site or service: a company plus its documents."""

    name: str
    company: str
    id: int | None = None
    created: str = ""
    updated: str = ""
    documents: list[Document] = field(default_factory=list)


@dataclass
class Document:
    """One document of a bundle, with its extracted plain text."""

    title: str
    kind: str
    source: str
    text: str
    abbrev: str = "DOC"
    content_hash: str = ""
    id: int | None = None
    bundle_id: int | None = None
    links: list[Link] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)


@dataclass
class Link:
    """A hyperlink or textual reference from one document to another."""

    target: str
    anchor: str = ""
    target_document_id: int | None = None


@dataclass
class Section:
    """A heading-delimited part of a document, with a stable citation id."""

    cite_id: str
    heading_path: list[str]
    text: str
    start: int
    end: int
    page: int | None = None
    ordinal: int = 0
    id: int | None = None
    document_id: int | None = None

    @property
    def heading(self) -> str:
        return " › ".join(self.heading_path)


@dataclass
class Passage:
    """A retrieval unit: a run of whole sentences inside one section."""

    text: str
    start: int
    end: int
    cite_id: str
    ordinal: int = 0
    id: str = ""


@dataclass(frozen=True)
class PassageRow:
    """A passage as retrieval reads it: its text, where it lies, and its section and document context."""

    id: str
    text: str
    start: int
    end: int
    cite_id: str
    ordinal: int
    section_id: int
    document_id: int | None
    document: str
    document_kind: str
    heading: str  # the section's heading path, joined with " › "
    page: int | None = None

    @classmethod
    def from_record(cls, r: dict[str, Any]) -> PassageRow:
        """A row of ``Store.passage_rows`` (its ``heading_path`` a JSON list)."""
        return cls(id=r["id"], text=r["text"], start=r["start"], end=r["end"], cite_id=r["cite_id"], ordinal=r["ordinal"],
                   section_id=r["section_id"], document_id=r["document_id"], document=r["document"], document_kind=r["document_kind"],
                   heading=" › ".join(json.loads(r["heading_path"])), page=r["page"])


@dataclass
class Evidence:
    """A passage returned by retrieval, with its fused score."""

    passage_id: str
    cite_id: str
    document: str
    document_kind: str
    heading: str
    text: str
    score: float
    start: int = 0
    end: int = 0
    document_id: int | None = None
    page: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.cite_id,
            "document": self.document,
            "heading": self.heading,
            "text": self.text,
            "score": round(self.score, 4),
        }

    def to_json_full(self) -> dict[str, Any]:
        """:meth:`to_json` plus where the passage lies (document id, offsets, page)."""
        return {**self.to_json(), "document_id": self.document_id, "start": self.start, "end": self.end, "page": self.page}


@dataclass
class Citation:
    """A checked reference from an answer to one section of the bundle."""

    cite_id: str
    document: str
    heading: str
    text: str
    document_id: int | None = None
    start: int = 0
    end: int = 0
    page: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.cite_id, "document": self.document, "heading": self.heading, "text": self.text}


@dataclass
class Finding:
    """One policy sentence read against a question: does it state the practice, deny it, or only relate to it?"""

    sentence: str
    cite_id: str
    row: int  # index of its passage in the bundle's passage table
    relevance: float  # similarity of its passage to the question
    polarity: str  # yes | no | conditional | related
    exception: str = ""  # "except …" / "unless …" / "without your consent" after a denial
    practice: str = ""
    named: int = 0  # how many of the question's distinctive object words it names
    rows: tuple[int, ...] = ()  # the passages a long sentence cut into pieces runs over (empty: only ``row``)
    in_scope: bool = False  # its document is about the question's narrow topic (a sentence of a "California Privacy Notice")
    needed: bool = False  # a denial telling what the act asked about needs ("… unless you provide certain information")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.cite_id, "text": self.sentence, "polarity": self.polarity, "exception": self.exception,
                "relevance": round(self.relevance, 4)}


#: What an answer says, decided by the assistant from the evidence (never by the model).
STANCES = ("yes", "no", "not_stated", "not_applicable", "unclear", "answered")


@dataclass
class Verdict:
    """The assistant's verdict on a question, with the sentences it rests on."""

    stance: str  # one of STANCES
    reason: str
    support: list[Finding] = field(default_factory=list)
    exceptions: list[Finding] = field(default_factory=list)  # limits or counter-statements the answer must mention
    confidence: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"stance": self.stance, "reason": self.reason, "support": [f.to_json() for f in self.support],
                "exceptions": [f.to_json() for f in self.exceptions], "confidence": round(self.confidence, 4)}


@dataclass
class TrustFigure:
    """How far answers of one question category can be trusted: the latest self-benchmark result for that category."""

    category: str  # a key of assistant.categories.CATEGORIES
    suite: str  # "stance" (verdict accuracy) or "genaipabench" (answer band)
    run: str  # the run it comes from: a GenAIPABench run id, or the stance report's folder ("" when none was written)
    run_label: str  # one line naming the run ("stance · dev.jsonl · 2026-11-24 02:10")
    created: str
    n: int  # questions of this category in the run
    accuracy: float | None = None  # share of right verdicts (stance)
    wrong: float | None = None  # share of wrong yes/no verdicts (stance)
    band: str | None = None  # green / yellow / red of the mean proxy M_all (genaipabench)
    m_all: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"category": self.category, "suite": self.suite, "run": self.run, "run_label": self.run_label, "created": self.created,
                "n": self.n, "accuracy": self.accuracy, "wrong": self.wrong, "band": self.band, "m_all": self.m_all}

    @property
    def category_label(self) -> str:
        from .categories import label

        return label(self.category)

    def text(self) -> str:
        """One short phrase: 'verdicts right 88% of 34 (wrong 3%)' or 'answers Green (M_all 0.71, 12 answers)'."""
        if self.suite == "stance" and self.accuracy is not None:
            wrong = f", wrong yes/no {self.wrong:.0%}" if self.wrong else ""
            return f"verdicts right {self.accuracy:.0%} of {self.n}{wrong}"
        m_all = f"M_all {self.m_all:.2f}, " if self.m_all is not None else ""
        return f"answers {str(self.band or '?').capitalize()} ({m_all}{self.n} answers)"


@dataclass
class Answer:
    """The assistant's reply to one question."""

    question: str
    text: str
    answerable: bool
    citations: list[Citation]
    evidence: list[Evidence]
    model: str
    mode: str = "generative"  # generative | composed | extractive | abstain | closed_book
    status: str = "answered"  # answered | silent | not_applicable
    related: list[Evidence] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    raw_model_text: str = ""
    verdict: Verdict | None = None
    category: str = ""  # the question's category (assistant.categories), the key of its benchmark trust figures

    @property
    def stance(self) -> str:
        """The verdict's stance ("" where no verdict was decided, e.g. closed-book answers)."""
        return self.verdict.stance if self.verdict else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.text,
            "answerable": self.answerable,
            "status": self.status,
            "stance": self.stance,
            "category": self.category,
            "verdict": self.verdict.to_json() if self.verdict else None,
            "mode": self.mode,
            "citations": [c.to_json() for c in self.citations],
            "evidence": [e.to_json() for e in self.evidence],
            "related": [e.to_json() for e in self.related],
            "model": self.model,
            "timings": {k: round(v, 4) for k, v in self.timings.items()},
        }


@dataclass
class Summary:
    """A cited summary of a bundle."""

    bundle: str
    text: str
    citations: list[Citation]
    model: str
    mode: str = "generative"
    timings: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "bundle": self.bundle,
            "summary": self.text,
            "mode": self.mode,
            "citations": [c.to_json() for c in self.citations],
            "model": self.model,
            "timings": {k: round(v, 4) for k, v in self.timings.items()},
        }


@dataclass
class Progress:
    """A step of a long operation: ``done`` of ``total`` units, with a message."""

    stage: str
    message: str
    done: int = 0
    total: int = 0


@dataclass
class Token:
    """A piece of streamed model output (not yet checked)."""

    text: str


@dataclass
class Conversation:
    """A chat about one bundle."""

    bundle_id: int
    title: str
    id: int | None = None
    created: str = ""


@dataclass
class Message:
    """One turn of a conversation."""

    conversation_id: int
    role: str
    content: str
    citations: list[dict[str, Any]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    id: int | None = None
    created: str = ""


@dataclass(frozen=True)
class EmbedderIdentity:
    """Which embedder made a set of vectors: recorded with each bundle's vector collection.

    Two identities make comparable vectors when their ``dimension`` and ``weights_sha256`` agree (``name`` and
    ``version`` are labels: the same weights shipped in another package version give the same vectors).
    """

    name: str  # the model folder's name, e.g. 'all-MiniLM-L6-v2' ('+<stem>' when fine-tuned weights are loaded over it)
    version: str  # the model package's version, 'local' for a folder of the user's
    dimension: int
    weights_sha256: str  # sha256 of the weight file(s), the fine-tuned file's bytes after the base model's

    def same_vectors(self, other: EmbedderIdentity | None) -> bool:
        """Would ``other`` embed a text to the same vector?"""
        return other is not None and (self.dimension, self.weights_sha256) == (other.dimension, other.weights_sha256)

    def label(self) -> str:
        """One short line: 'all-MiniLM-L6-v2 0.1.0 (384 d, 53aa5117…)'."""
        return f"{self.name} {self.version} ({self.dimension} d, {self.weights_sha256[:8]}…)"
