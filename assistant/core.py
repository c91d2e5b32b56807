"""The facade: :class:`Assistant` is the one object the CLI, the UI and the evaluation talk to."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any, TypeVar

from . import answering, asking, index_health
from .asking import Event
from .config import Settings, load_settings, save_settings
from .conversations import Conversations
from .embeddings import PLAIN_MINILM, TextEmbedder, default_embedder
from .errors import AssistantError, Cancelled, InputError, ModelError
from .index import PassageTable, VectorStore, bundle_table, plain_text_table
from .index_health import IndexDamagedError, IndexReport
from .ingest import IngestResult, ingest
from .intent import read_question
from .llm import LocalModel, backend_info, gpu_offload_available
from .lock import write_lock, written_elsewhere
from .models import Answer, Bundle, Citation, Document, Evidence, Progress, Section, Summary, Verdict
from .paths import data_dir, ensure_writable
from .question import check_question, decide
from .reports import Reports
from .retrieval import DEFAULT_PARAMS, RetrievalParams, score, select_evidence, top_passages
from .storage import Store, write_errors

T = TypeVar("T")
TEXT_TABLES_KEPT = 16  # transient tables (summaries, segmented policies) kept by Assistant.text_table


def drain(gen: Generator[Any, None, T], on_event: Callable[[Any], None] | None = None) -> T:
    """Run a progress generator to the end and return its result."""
    while True:
        try:
            item = next(gen)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if on_event is not None:
            on_event(item)


SUMMARY_TOPICS: list[tuple[str, str]] = [
    ("Data collected", "What personal data or information is collected?"),
    ("How data is used", "How is personal information used and for what purposes?"),
    ("Sharing", "Is personal data shared with or disclosed to third parties?"),
    ("Selling", "Is personal information sold?"),
    ("Retention", "How long is data kept or retained?"),
    ("Your rights", "Can users access, correct or delete their data?"),
    ("Cookies and tracking", "Are cookies or tracking technologies used?"),
    ("Security", "How is personal data protected and secured?"),
    ("Children", "Is data collected from children?"),
    ("Changes", "How are users told about changes to the policy?"),
    ("Contact", "How can users contact the company about privacy?"),
]


class Assistant(Reports, Conversations):
    """Ingest policy bundles, answer questions with checked citations, summarize and search."""

    #: A bundle whose vector index lacks at most this many passages is repaired before it is asked (with progress);
    #: a larger gap is an :class:`IndexDamagedError` naming ``privacy-assistant doctor``.
    auto_repair_limit = 3000

    def __init__(self, home: Path | str | None = None, settings: Settings | None = None, *, embedder: TextEmbedder | None = None,
                 model_factory: Callable[[Settings], LocalModel] = LocalModel):
        """Open (or create) the data folder ``home`` (default: the user data dir) with ``settings`` (default: its settings.json).

        ``embedder`` (anything with ``load``/``embed``/``embed_array``) and ``model_factory`` (settings -> a model with
        ``load``/``info``/``prime``/``count_tokens``/``stream``/``stream_chat``) replace the real MiniLM and llama.cpp
        model, e.g. with the small fakes of ``tests/fakes.py``; an embedder can also be shared between assistants.
        """
        self.home = ensure_writable(Path(home) if home else data_dir())
        self.store = Store(self.home / "assistant.db")
        self.vectors = VectorStore(self.home / "chroma", identity=lambda: self.embedder.identity)  # recorded with each collection
        self._settings = settings or load_settings(self.home)
        self.embedder: TextEmbedder = embedder or default_embedder()
        self._model_factory = model_factory
        self._model: LocalModel | None = None
        self._model_error: str | None = None
        self._tables: dict[int, PassageTable] = {}
        self._text_tables: dict[tuple[str, str], PassageTable] = {}
        self._lock = threading.RLock()
        self.params: RetrievalParams = DEFAULT_PARAMS

    # settings & model --------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self._settings

    def update_settings(self, settings: Settings, persist: bool = True) -> None:
        """Validate and apply new settings; the model reloads on next use."""
        settings.validate()
        if persist:
            save_settings(settings, self.home)
        self._settings = settings
        self._model = None
        self._model_error = None

    def model(self) -> LocalModel | None:
        """The loaded generation model, or ``None`` (extractive mode) if none is usable."""
        if not self._settings.model_path:
            self._model_error = "no model configured"
            return None
        if self._model is None and self._model_error is None:
            candidate = self._model_factory(self._settings)
            try:
                candidate.load()
                if not candidate.info.chat_template:
                    candidate.prime(answering.FEW_SHOT)
                self._model = candidate
            except ModelError as exc:
                self._model_error = str(exc)
        return self._model

    def require_model(self) -> LocalModel:
        """The model, or a :class:`ModelError` saying why there is none."""
        m = self.model()
        if m is None:
            raise ModelError(self._model_error or "no model configured")
        return m

    def model_status(self) -> dict[str, Any]:
        """What generates answers right now, and whether GPU offload is possible in this build."""
        m = self.model()
        status: dict[str, Any] = {
            "model": m.info.name if m else None,
            "path": m.info.path if m else None,
            "chat_template": m.info.chat_template if m else None,
            "mode": "generative" if m else "extractive",
            "error": None if m else self._model_error,
            "gpu_offload_available": gpu_offload_available(),
            "backend": backend_info(),
            "n_gpu_layers": self._settings.n_gpu_layers,
            "notice": m.info.notice if m else "",
        }
        return status

    # bundles -----------------------------------------------------------------
    def ingest(self, locations: list[str], name: str | None = None, company: str | None = None, force: bool = False,
               cancel: threading.Event | None = None, *, allow_shrink: bool | None = None) -> Generator[Progress, None, IngestResult]:
        """Load documents into a bundle (created if new); yields progress.

        ``force`` also lets a new version replace a stored document it cuts to less than half (otherwise
        :class:`~assistant.errors.DocumentShrankError`; ``allow_shrink`` decides that alone). Without ``name`` a bundle of
        another site is never added to (:class:`~assistant.ingest.BundleOwnerError`). One writer per data folder at a
        time: a second one gets :class:`~assistant.lock.BusyError`.

        Collections of no stored bundle (left by a replaced ``assistant.db``) are dropped first, so a new bundle never
        inherits stale vectors; afterwards the bundle's passages that have no vector (a lost ``chroma/`` folder: unchanged
        documents are not re-embedded) are embedded again from the stored text.
        """
        with write_lock(self.home, "ingest", on_foreign=self.vectors.reopen):
            for orphan in index_health.orphans(self.store, self.vectors):
                self.vectors.drop_collection(orphan)
                yield Progress("repair", f"dropped the stale vector collection {orphan} (no stored bundle)")
            result = yield from ingest(self.store, self.vectors, self.embedder, locations, name, company, force, cancel,
                                       self._settings.fetch_timeout_s, self._settings.fetch_deadline_s, allow_shrink)
            bundle = self.store.get_bundle(result.bundle)
            try:
                if not index_health.check_bundle(self.store, self.vectors, bundle).ok:
                    yield from index_health.repair_bundle(self.store, self.vectors, self.embedder, bundle, cancel)
            finally:
                self._tables.pop(bundle.id or -1, None)
        return result

    def bundles(self) -> list[Bundle]:
        return self.store.list_bundles()

    def bundle(self, name: str) -> Bundle:
        b = self.store.get_bundle(name)
        b.documents = self.store.documents(b.id or 0)
        return b

    def remove_bundle(self, name: str) -> None:
        b = self.store.get_bundle(name)
        assert b.id is not None
        with write_lock(self.home, "removal", on_foreign=self.vectors.reopen), write_errors(self.home):
            self.store.delete_bundle(b.id)
            self.vectors.drop(b.id)
        self._tables.pop(b.id, None)

    def reindex(self, name: str, cancel: threading.Event | None = None, force: bool = False) -> Generator[Progress, None, IngestResult]:
        """Re-read every document of a bundle from its source (unchanged ones are skipped); a source that now gives
        less than half of a document is refused unless ``force``."""
        b = self.bundle(name)
        sources = [d.source for d in b.documents]
        if not sources:
            raise InputError(f"bundle {name!r} has no documents")
        return (yield from self.ingest(sources, name=name, company=b.company, force=True, cancel=cancel, allow_shrink=force))

    def documents(self, name: str) -> list[Document]:
        return self.bundle(name).documents

    def document(self, document_id: int) -> Document:
        return self.store.document(document_id)

    def sections(self, document_id: int) -> list[Section]:
        return self.store.sections(document_id)

    # the vector index ------------------------------------------------------------
    def check_index(self) -> IndexReport:
        """The vector index against the stored passages: per bundle passages, vectors, missing and stale ones."""
        return index_health.check(self.store, self.vectors)

    def repair_index(self, cancel: threading.Event | None = None, names: list[str] | None = None) -> Generator[Progress, None, IndexReport]:
        """Rebuild the vector index from the stored text (every bundle, or those ``names``); returns the check made after."""
        try:
            with write_lock(self.home, "index repair", on_foreign=self.vectors.reopen):
                return (yield from index_health.repair(self.store, self.vectors, self.embedder, cancel, names))
        finally:
            with self._lock:
                self._tables.clear()

    def _ready_table(self, bundle: Bundle, cancel: threading.Event | None = None) -> Generator[Progress, None, PassageTable]:
        """The bundle's table, its missing vectors rebuilt first when few enough; never a table answering from zeros."""
        table = self.table(bundle)
        if not table.missing_vectors:
            return table
        foreign = self.vectors.foreign(bundle.id or 0)  # another embedder's vectors are never read: all count as missing
        why = f"was made by another embedder ({foreign.label()})" if foreign else f"lacks {table.missing_vectors} of {table.size} passages"
        if table.missing_vectors > self.auto_repair_limit:
            raise IndexDamagedError(f"the vector index of bundle {bundle.name!r} {why}; "
                                    "run 'privacy-assistant doctor --repair' (or Rebuild index in the app)")
        yield Progress("repair", f"the vector index of {bundle.name} {why}; rebuilding it")
        try:
            with write_lock(self.home, "index repair", on_foreign=self.vectors.reopen):
                yield from index_health.repair_bundle(self.store, self.vectors, self.embedder, bundle, cancel)
        finally:
            with self._lock:
                self._tables.pop(bundle.id or -1, None)
        table = self.table(bundle)
        if table.missing_vectors:
            raise IndexDamagedError(f"the vector index of bundle {bundle.name!r} could not be rebuilt; run 'privacy-assistant doctor --repair'")
        return table

    # retrieval ---------------------------------------------------------------
    @property
    def _classifies(self) -> bool:
        """The OPP-115 category classifier was trained on the packaged MiniLM's vectors: it reads no other embedder's."""
        return PLAIN_MINILM.same_vectors(self.embedder.identity)

    def table(self, bundle: Bundle) -> PassageTable:
        """The bundle's passages with vectors and BM25, cached until the bundle changes."""
        assert bundle.id is not None
        with self._lock:
            cached = self._tables.get(bundle.id)
            if cached is not None and cached.version == bundle.updated:
                return cached
            records = self.store.passage_rows(bundle.id)
            if written_elsewhere(self.home):
                self.vectors.reopen()  # another process wrote last: this process's Chroma client does not see it
            ids, matrix = self.vectors.all_vectors(bundle.id)
            table = bundle_table(records, ids, matrix, bundle.updated, self._classifies)
            self._tables[bundle.id] = table
            return table

    def retrieve(self, name: str, question: str, budget_words: int | None = None, max_items: int = 12) -> list[Evidence]:
        """Evidence for a question within a word budget (no generation)."""
        bundle = self.store.get_bundle(name)
        table = drain(self._ready_table(bundle))
        qvec = self.embedder.embed([question])[0]
        scored = score(table, question, qvec, self.params)
        return select_evidence(table, scored, budget_words or self._settings.evidence_words, max_items, self.params)

    def search(self, name: str, query: str, k: int = 8) -> list[Evidence]:
        """The k passages of a bundle that best match a query."""
        query = check_question(query)
        bundle = self.store.get_bundle(name)
        table = drain(self._ready_table(bundle))
        if table.size == 0:
            return []
        scored = score(table, query, self.embedder.embed([query])[0], self.params)
        return top_passages(table, scored, k)

    # answering ---------------------------------------------------------------
    def ask(self, name: str, question: str, cancel: threading.Event | None = None, conversation_id: int | None = None,
            use_model: bool = True) -> Generator[Event, None, Answer]:
        """Answer a question about a bundle; yields raw tokens while the model writes, returns the checked answer."""
        question = check_question(question)
        bundle = self.store.get_bundle(name)
        table = yield from self._ready_table(bundle, cancel)
        if table.size == 0:
            raise InputError(f"bundle {name!r} has no indexed text; ingest documents first")
        answer = yield from self._answer(table, question, bundle.company, self._bundle_text_lower(bundle), cancel, use_model,
                                         lambda ids, ev: self._citations(bundle, ids, ev))
        if conversation_id is not None:
            self._record(conversation_id, question, answer)
        return answer

    def ask_over_text(self, label: str, text: str, question: str, company: str, cancel: threading.Event | None = None,
                      use_model: bool = True) -> Generator[Event, None, Answer]:
        """Answer from a given text (e.g. a summary) instead of a bundle; citations are ``LABEL ¶n``."""
        question = check_question(question)
        table = self.text_table(label, text)
        if table.size == 0:
            raise InputError(f"the {label} text is empty")
        return (yield from self._answer(table, question, company, text.lower() + " " + company.lower(), cancel, use_model,
                                        asking.citations_from_evidence))

    def text_table(self, label: str, text: str) -> PassageTable:
        """A transient passage table over a plain text (paragraphs become ``LABEL ¶n`` sections).

        The last few tables are kept (by label and text hash), so asking many questions over one
        summary or segmented policy embeds it once.
        """
        key = (label, hashlib.sha1(text.encode("utf-8")).hexdigest())
        with self._lock:
            cached = self._text_tables.pop(key, None)
            if cached is not None:
                self._text_tables[key] = cached  # most recently used last
                return cached
        table = plain_text_table(label, text, self.embedder.embed_array, self._classifies)
        with self._lock:
            self._text_tables[key] = table
            while len(self._text_tables) > TEXT_TABLES_KEPT:
                self._text_tables.pop(next(iter(self._text_tables)))
        return table

    def ask_closed_book(self, company: str, question: str, cancel: threading.Event | None = None) -> Generator[Event, None, Answer]:
        """What the model says with no documents at all (GenAIPABench's company-name-only initialization)."""
        question = check_question(question)
        model = self.require_model()
        return (yield from asking.closed_book(model, company, question, self._settings.max_answer_tokens, cancel))

    def summarize_company(self, company: str, cancel: threading.Event | None = None) -> Generator[Event, None, str]:
        """A summary of a company's privacy practices from the model's own knowledge (no documents)."""
        parts: list[str] = []
        for topic, query in SUMMARY_TOPICS[:6]:
            yield Progress("summarize", topic)
            ans = yield from self.ask_closed_book(company, query, cancel)
            parts.append(f"{topic}: {ans.text}")
        return "\n\n".join(parts)

    def _answer(self, table: PassageTable, question: str, company: str, corpus_lower: str, cancel: threading.Event | None,
                use_model: bool, cite: asking.Cite) -> Generator[Event, None, Answer]:
        answer = yield from asking.answer(table, question, company, corpus_lower, embedder=self.embedder,
                                          load_model=self.model if use_model else lambda: None, settings=self._settings,
                                          params=self.params, cite=cite, cancel=cancel)
        if use_model and self._model is None and self._model_error and self._settings.model_path and answer.mode == "extractive":
            # a model was asked for and failed to load (e.g. a corrupt GGUF): the answer says why it only quotes
            answer.text = answer.text.replace("no language model loaded", f"the model could not be used: {self._model_error}")
        return answer

    def ask_sync(self, name: str, question: str, **kwargs: Any) -> Answer:
        """:meth:`ask` without streaming."""
        return drain(self.ask(name, question, **kwargs))

    def _bundle_text_lower(self, bundle: Bundle) -> str:
        return " ".join(d.text for d in self.store.documents(bundle.id or 0)).lower() + " " + bundle.company.lower()

    def _citations(self, bundle: Bundle, ids: list[str], evidence: list[Evidence]) -> list[Citation]:
        """The citations an answer uses, each checked against the evidence it was given."""
        return asking.stored_citations(self.store, bundle.id or 0, ids, evidence)

    # summaries ---------------------------------------------------------------
    def summarize(self, name: str, cancel: threading.Event | None = None, use_model: bool = True) -> Generator[Event, None, Summary]:
        """A cited summary: sections are scored per topic (map), one checked sentence per topic (reduce)."""
        started = time.perf_counter()
        bundle = self.store.get_bundle(name)
        table = yield from self._ready_table(bundle, cancel)
        if table.size == 0:
            raise InputError(f"bundle {name!r} has no indexed text; ingest documents first")
        model = self.model() if use_model else None
        lines: list[str] = []
        cited: list[str] = []
        evidence_all: list[Evidence] = []
        qvecs = self.embedder.embed([q for _, q in SUMMARY_TOPICS])
        for i, ((topic, query), qvec) in enumerate(zip(SUMMARY_TOPICS, qvecs)):
            if cancel is not None and cancel.is_set():
                raise Cancelled("summary cancelled")
            yield Progress("summarize", f"{topic}", i, len(SUMMARY_TOPICS))
            scored = score(table, query, qvec, self.params)
            evidence = select_evidence(table, scored, 90, 2, self.params)
            best = float(scored.dense.max()) if len(scored.dense) else 0.0
            decision = decide(query, evidence, best)
            if not decision.answerable:
                lines.append(f"- {topic}: not addressed.")
                continue
            timings: dict[str, float] = {}
            # A topic summary is the model's checked sentence (or the best quotes), not a verdict on a question.
            draft = yield from answering.generate(query, read_question(query), Verdict("answered", "summary topic"), evidence, model,
                                                  bundle.company, 60, time.perf_counter(), timings, cancel, self.embedder.embed_array)
            lines.append(f"- {topic}: {draft.text.removeprefix('From the policy: ')}")
            cited.extend(draft.cited)
            evidence_all.extend(evidence)
        body = "\n".join(lines)
        citations = self._citations(bundle, cited, evidence_all)
        return Summary(bundle=bundle.name, text=body, citations=citations,
                       model=model.info.name if model else "extractive", mode="generative" if model else "extractive",
                       timings={"total_s": time.perf_counter() - started})

    def summarize_sync(self, name: str, **kwargs: Any) -> Summary:
        return drain(self.summarize(name, **kwargs))

    def close(self) -> None:
        self.store.close()


__all__ = ["Assistant", "AssistantError", "IndexDamagedError", "IndexReport", "drain"]
