"""The report-card part of the facade (a mixin of :class:`~assistant.core.Assistant`): a bundle's card, computed once
per version of its documents and stored, what changed between versions, and the self-benchmark's trust figures per
question category shown beside answers and card rows."""

from __future__ import annotations

import threading
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from . import report as cards
from .categories import category_of
from .models import Answer, Bundle, Progress, TrustFigure

if TYPE_CHECKING:
    from .embeddings import TextEmbedder
    from .storage import Store


class Reports:
    """``Assistant.report``, ``Assistant.report_changes`` and the trust figures (``record_trust``, ``trust``)."""

    store: Store
    embedder: TextEmbedder

    if TYPE_CHECKING:  # provided by Assistant
        def bundle(self, name: str) -> Bundle: ...

        def ask(self, name: str, question: str, cancel: threading.Event | None = None, conversation_id: int | None = None,
                use_model: bool = True) -> Generator[Any, None, Answer]: ...

        @property
        def _classifies(self) -> bool: ...

    def report(self, name: str, cancel: threading.Event | None = None, refresh: bool = False) -> Generator[Progress, None, cards.ReportCard]:
        """The bundle's report card: the one stored for this version of its documents, else computed (with progress) and stored."""
        bundle = self.bundle(name)
        assert bundle.id is not None
        for doc in bundle.documents:
            doc.sections = self.store.sections(doc.id or 0)
        stored = None if refresh else self.store.load_card(bundle.id, cards.bundle_version(bundle))
        if stored is not None:
            return cards.ReportCard.from_json(stored)
        card = yield from cards.build(bundle, lambda q: self.ask(name, q, cancel, use_model=False), self.embedder.embed_array,
                                       self._classifies, cancel)
        self.store.save_card(bundle.id, card.version, card.created, card.to_json())
        return card

    def report_changes(self, name: str) -> cards.ReportChanges:
        """What changed between the bundle's two newest stored report cards, and the changed paragraphs of its documents."""
        bundle = self.bundle(name)
        assert bundle.id is not None
        versions = self.store.card_versions(bundle.id)
        out = cards.ReportChanges(bundle=name, versions=versions)
        if len(versions) >= 2:
            after, before = (cards.ReportCard.from_json(self.store.load_card(bundle.id, v["version"]) or {}) for v in versions[:2])
            out.before, out.after, out.answers = before.version, after.version, cards.compare(before, after)
        earlier: dict[str, dict[str, Any]] = {}
        for row in self.store.document_versions(bundle.id):
            earlier.setdefault(row["title"], row)  # the version each current document replaced last
        for doc in bundle.documents:
            old = earlier.get(doc.title)
            if old is not None and old["content_hash"] != doc.content_hash:
                out.documents.append(cards.DocumentChange(doc.title, old["content_hash"][:16], doc.content_hash[:16],
                                                           cards.paragraph_diff(old["text"], doc.text)))
        return out

    def section_practices(self, name: str) -> dict[str, list[str]]:
        """The OPP-115 categories of each section (by citation id), from the stored card of the bundle's current version
        ({} until the card is computed: the Overview tab or ``report`` computes it)."""
        bundle_id = self.store.get_bundle(name).id or 0  # called on every citation the Documents tab opens: no texts, no whole card
        return self.store.card_section_labels(bundle_id, cards.version_of(self.store.document_hashes(bundle_id)))

    def record_trust(self, suite: str, figures: list[TrustFigure]) -> None:
        """Keep a benchmark run's per-category figures as the suite's latest (called by the benchmark runners)."""
        self.store.save_trust(suite, [{k: v for k, v in f.to_json().items() if k != "suite"} for f in figures])

    def trust(self, category: str | None = None, question: str | None = None) -> list[TrustFigure]:
        """The latest self-benchmark figures of a question category (or of a question's category), one per suite;
        [] when no benchmark has run (the app then says "no benchmark run yet")."""
        if question is not None:
            category = category_of(question)
        return [TrustFigure(**row) for row in self.store.trust_rows() if category is None or row["category"] == category]
