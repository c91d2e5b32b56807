"""Vector store (Chroma, fed our own embeddings, telemetry off by its settings) and the in-memory BM25 index of a bundle."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import practices
from .embeddings import DIMENSIONS, PLAIN_MINILM
from .errors import StorageError
from .models import EmbedderIdentity, PassageRow, Section
from .text import tokenize


def collection_name(bundle_id: int) -> str:
    return f"bundle-{bundle_id}"


def staging_name(bundle_id: int) -> str:
    """Where an ingest puts the new vectors of a bundle whose collection holds another embedder's (see ``VectorStore.add``)."""
    return f"bundle-{bundle_id}.next"


#: The collection metadata keys of the embedder's identity (beside ``hnsw:space``).
IDENTITY_KEYS = ("embedder_name", "embedder_version", "embedder_dimension", "embedder_sha256")


def identity_metadata(identity: EmbedderIdentity) -> dict[str, Any]:
    return dict(zip(IDENTITY_KEYS, (identity.name, identity.version, identity.dimension, identity.weights_sha256)))


def recorded_identity(metadata: dict[str, Any] | None) -> EmbedderIdentity:
    """The identity a collection's metadata records.

    A collection made before identities were recorded has none: it counts as the plain packaged MiniLM's
    (:data:`~assistant.embeddings.PLAIN_MINILM`), the one embedder there was then, so existing users are not made to
    re-embed for nothing, while any other embedder (a fine-tuned one, another model, a test's fake) re-embeds it.
    """
    meta = metadata or {}
    if not all(k in meta for k in IDENTITY_KEYS):
        return PLAIN_MINILM
    name, version, dimension, sha = (meta[k] for k in IDENTITY_KEYS)
    return EmbedderIdentity(str(name), str(version), int(dimension), str(sha))


class VectorStore:
    """Chroma ``PersistentClient`` under the data dir; one collection per bundle.

    The embedder's identity (``identity()``, e.g. ``lambda: embedder.identity``) is recorded in the metadata of each
    collection when it is made. It lives with the vectors rather than in SQLite because it describes them: a
    ``chroma/`` folder that is deleted, restored or replaced takes its identities with it, and no record can disagree
    with the vectors it describes. Chroma (1.x) ignores the metadata given to ``get_or_create_collection`` for an
    existing collection, and ``modify(metadata=...)`` replaces all of it and refuses ``hnsw:space``; so an identity is
    written once, at creation, and never changed: vectors of another embedder are never read (:meth:`all_vectors`) nor
    added to (:meth:`add` stages new ones beside them); they are replaced by dropping their collection and embedding
    the passages again into a new one (``index_health.repair_bundle``), never mixed.
    """

    def __init__(self, path: Path, identity: Callable[[], EmbedderIdentity] | None = None):
        self.path = path
        self.identity = identity  # the current embedder's identity (None: none recorded or checked, e.g. a bare store)
        self._client: Any = None
        self._lock = threading.Lock()

    @property
    def lost(self) -> bool:
        """The folder (or its database) was deleted under an open client: a clean-up tool or a sync tool removed it."""
        return self._client is not None and not (self.path / "chroma.sqlite3").exists()

    def reopen(self) -> None:
        """Forget the open client, so that the next use opens the folder afresh (an empty index when it is gone).

        Chroma keeps one shared system per folder in the process; a deleted folder's system would keep writing to
        deleted files, so it is stopped and forgotten too.
        """
        with self._lock:
            self._client = None
            try:
                from chromadb.api.shared_system_client import SharedSystemClient

                system = SharedSystemClient._identifier_to_system.pop(str(self.path), None)
                SharedSystemClient._identifier_to_refcount.pop(str(self.path), None)
                if system is not None:
                    system.stop()
            except Exception:  # noqa: BLE001 - a system over deleted files may fail to stop; it is forgotten either way
                pass

    def set_aside(self) -> Path | None:
        """Move an unreadable folder out of the way (kept beside it as ``chroma.broken-N``) so a fresh one can be built."""
        self.reopen()
        if not self.path.exists():
            return None
        n = 1
        while (target := self.path.with_name(f"{self.path.name}.broken-{n}")).exists():
            n += 1
        try:
            self.path.rename(target)
        except OSError as exc:
            raise StorageError(f"cannot move the unreadable vector index at {self.path} aside: {exc}") from exc
        return target

    @property
    def client(self) -> Any:
        if not (self.path / "chroma.sqlite3").exists():
            self.reopen()  # deleted under us (or never made): never go on writing to a deleted folder's files
        with self._lock:
            if self._client is None:
                import chromadb
                from chromadb.config import Settings as ChromaSettings

                try:
                    self.path.mkdir(parents=True, exist_ok=True)
                    self._client = chromadb.PersistentClient(
                        path=str(self.path), settings=ChromaSettings(anonymized_telemetry=False, allow_reset=False)
                    )
                except Exception as exc:  # noqa: BLE001
                    raise StorageError(f"cannot open the vector index at {self.path}: {exc}") from exc
            return self._client

    def collection(self, bundle_id: int) -> Any:
        """The bundle's collection; a new one records the current embedder's identity."""
        return self.client.get_or_create_collection(collection_name(bundle_id), embedding_function=None, metadata=self._metadata())

    def recorded(self, bundle_id: int) -> EmbedderIdentity | None:
        """The identity recorded with the bundle's collection (None when it has no collection; see :func:`recorded_identity`)."""
        if collection_name(bundle_id) not in self.collection_names():
            return None
        return recorded_identity(self.collection(bundle_id).metadata)

    def foreign(self, bundle_id: int) -> EmbedderIdentity | None:
        """The identity of the embedder that made the bundle's vectors, when it is not the current one (else None)."""
        if self.identity is None:
            return None
        made_by = self.recorded(bundle_id)
        return made_by if made_by is not None and not self.identity().same_vectors(made_by) else None

    def _metadata(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"hnsw:space": "cosine"}
        if self.identity is not None:
            meta |= identity_metadata(self.identity())
        return meta

    def _target(self, bundle_id: int) -> Any:
        """The collection new vectors of a bundle go to: its own, or while that holds another embedder's vectors, its
        staging collection (made afresh when it is missing or of yet another embedder)."""
        if self.foreign(bundle_id) is None:
            return self.collection(bundle_id)
        name = staging_name(bundle_id)
        if name in self.collection_names():
            staged = self.client.get_or_create_collection(name, embedding_function=None)
            if self.identity is not None and self.identity().same_vectors(recorded_identity(staged.metadata)):
                return staged
            self.drop_collection(name)
        return self.client.get_or_create_collection(name, embedding_function=None, metadata=self._metadata())

    def replace_foreign(self, bundle_id: int) -> int:
        """Drop the bundle's collection of another embedder; the vectors an ingest staged meanwhile with the current
        one (:meth:`add`) become the bundle's collection. Returns how many vectors that kept (0 when none)."""
        name = staging_name(bundle_id)
        staged = self.client.get_or_create_collection(name, embedding_function=None) if name in self.collection_names() else None
        self.drop_collection(collection_name(bundle_id))
        if staged is None:
            return 0
        if self.identity is None or not self.identity().same_vectors(recorded_identity(staged.metadata)):
            self.drop_collection(name)
            return 0
        staged.modify(name=collection_name(bundle_id))
        return int(staged.count())

    def add(self, bundle_id: int, ids: list[str], vectors: list[list[float]], metadatas: list[dict[str, Any]], documents: list[str]) -> None:
        """Upsert vectors in batches.

        Never into a collection made by another embedder: while the bundle's collection is one, the vectors go to its
        staging collection (``bundle-N.next``), so a failed or cancelled ingest leaves the bundle's collection as it was
        (the ingest deletes what it added), and a finished one has the facade re-embed the bundle's other passages and
        put the staged vectors in place (``index_health.repair_bundle``, with progress). A staging collection left by
        a failed ingest is a stale collection to the index check (dropped by the next ingest or repair).
        """
        col = self._target(bundle_id)
        step = 1000
        for i in range(0, len(ids), step):
            col.upsert(ids=ids[i : i + step], embeddings=vectors[i : i + step], metadatas=metadatas[i : i + step], documents=documents[i : i + step])

    def delete(self, bundle_id: int, ids: list[str]) -> None:
        """Delete vectors from the bundle's collection and from its staging collection if it has one."""
        if ids:
            cols = [self.collection(bundle_id)]
            if staging_name(bundle_id) in self.collection_names():
                cols.append(self.client.get_or_create_collection(staging_name(bundle_id), embedding_function=None))
            for col in cols:
                for i in range(0, len(ids), 1000):
                    col.delete(ids=ids[i : i + 1000])

    def all_vectors(self, bundle_id: int) -> tuple[list[str], Any]:
        """Every (id, vector) of a bundle, as a list and a numpy matrix; none when another embedder made them (a
        question's vector is never scored against them: the bundle's table then lacks every vector)."""
        import numpy as np

        if self.foreign(bundle_id) is not None:
            return [], np.zeros((0, DIMENSIONS), dtype="float32")
        got = self.collection(bundle_id).get(include=["embeddings"])
        ids = list(got["ids"])
        emb = got["embeddings"]
        if emb is None or len(ids) == 0:
            return [], np.zeros((0, DIMENSIONS), dtype="float32")
        return ids, np.asarray(emb, dtype="float32")

    def ids(self, bundle_id: int) -> list[str]:
        """The ids of a bundle's vectors (none when it has no collection)."""
        if collection_name(bundle_id) not in self.collection_names():
            return []
        return list(self.collection(bundle_id).get(include=[])["ids"])

    def collection_names(self) -> list[str]:
        return [c if isinstance(c, str) else c.name for c in self.client.list_collections()]

    def drop_collection(self, name: str) -> None:
        try:
            self.client.delete_collection(name)
        except Exception:  # noqa: BLE001 - collection may not exist
            pass

    def drop(self, bundle_id: int) -> None:
        """Drop the bundle's collection (and its staging collection)."""
        for name in (collection_name(bundle_id), staging_name(bundle_id)):
            try:
                self.client.delete_collection(name)
            except Exception:  # noqa: BLE001 - collection may not exist
                pass


@dataclass
class PassageTable:
    """A bundle's passages in reading order, with vectors and a BM25 index."""

    rows: list[PassageRow]
    vectors: Any  # numpy (n, d), aligned with rows
    bm25: Any
    version: str
    practices: Any = None  # OPP-115 category probabilities per passage
    packaged_vectors: bool = False  # vectors of the packaged MiniLM: the learned models (categories, relevance adapter) read them
    cache: dict[str, Any] = field(default_factory=dict)  # derived data computed on first use (term frequencies, sentence vectors)
    missing_vectors: int = 0  # rows that had no stored vector (zeros here): a lost or partial vector index

    @property
    def size(self) -> int:
        return len(self.rows)


def bundle_table(records: list[dict[str, Any]], ids: list[str], matrix: Any, version: str, classify: bool = True) -> PassageTable:
    """A bundle's table from its stored passages (``Store.passage_rows``) and its vectors (a passage without one gets zeros).

    ``classify``: the OPP-115 category classifier reads the vectors (only right for the embedder it was trained on).
    """
    import numpy as np

    rows = [PassageRow.from_record(r) for r in records]
    pos = {pid: i for i, pid in enumerate(ids)}
    dim = matrix.shape[1] if len(ids) else DIMENSIONS
    vecs = np.zeros((len(rows), dim), dtype="float32")
    missing = 0
    for i, r in enumerate(rows):
        j = pos.get(r.id)
        if j is not None:
            vecs[i] = matrix[j]
        else:
            missing += 1
    bm25 = build_bm25([f"{r.heading} {r.text}" for r in rows]) if rows else None
    return PassageTable(rows=rows, vectors=vecs, bm25=bm25, version=version,
                        practices=practices.probabilities(vecs) if rows and classify else None, missing_vectors=missing,
                        packaged_vectors=classify)


def plain_text_table(label: str, text: str, embed_array: Callable[[list[str]], Any], classify: bool = True) -> PassageTable:
    """A table over a plain text: each non-empty line is a section ``LABEL ¶n``, cut into passages and embedded."""
    import numpy as np

    from .sectioning import make_passages

    sections: list[Section] = []
    pos = 0
    for line in text.split("\n"):
        start = text.find(line, pos)
        pos = start + len(line)
        if line.strip():
            lead = len(line) - len(line.lstrip())
            n = len(sections) + 1
            sections.append(Section(f"{label} ¶{n}", [label, f"paragraph {n}"], line.strip(), start + lead, pos, None, n - 1))
    rows: list[PassageRow] = []
    for si, sec in enumerate(sections):
        for p in make_passages(text, sec, len(rows)):
            rows.append(PassageRow(id=f"{label}-{p.ordinal}", text=p.text, start=p.start, end=p.end, cite_id=p.cite_id, ordinal=p.ordinal,
                                   section_id=si, document_id=None, document=label, document_kind="other", heading=sec.heading, page=None))
    vecs = embed_array([r.text for r in rows]) if rows else np.zeros((0, DIMENSIONS), dtype="float32")
    return PassageTable(rows=rows, vectors=vecs, bm25=build_bm25([r.text for r in rows]) if rows else None, version="",
                        practices=practices.probabilities(vecs) if rows and classify else None, packaged_vectors=classify)


def build_bm25(texts: list[str]) -> Any:
    """A bm25s index over the texts (our tokenizer: stop words out, Snowball stems)."""
    import bm25s

    corpus = [tokenize(t) or ["_empty_"] for t in texts]
    retriever = bm25s.BM25(k1=1.2, b=0.75)
    retriever.index(corpus, show_progress=False)
    return retriever


def bm25_scores(retriever: Any, query: str, extra_terms: list[str] | None = None) -> Any:
    """BM25 score of every passage for a query (numpy array)."""
    import numpy as np

    vocab = retriever.vocab_dict
    toks = [t for t in tokenize(query) + tokenize(" ".join(extra_terms or [])) if t in vocab]
    if not toks:
        return np.zeros(retriever.scores["num_docs"], dtype="float32")
    return np.asarray(retriever.get_scores(toks), dtype="float32")
