"""Vector store (Chroma, fed our own embeddings, telemetry off by its settings) and the in-memory BM25 index of a bundle."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import practices
from .embeddings import DIMENSIONS
from .errors import StorageError
from .models import PassageRow, Section
from .text import tokenize


def collection_name(bundle_id: int) -> str:
    return f"bundle-{bundle_id}"


class VectorStore:
    """Chroma ``PersistentClient`` under the data dir; one collection per bundle."""

    def __init__(self, path: Path):
        self.path = path
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
        return self.client.get_or_create_collection(
            collection_name(bundle_id), embedding_function=None, metadata={"hnsw:space": "cosine"}
        )

    def add(self, bundle_id: int, ids: list[str], vectors: list[list[float]], metadatas: list[dict[str, Any]], documents: list[str]) -> None:
        """Upsert vectors in batches."""
        col = self.collection(bundle_id)
        step = 1000
        for i in range(0, len(ids), step):
            col.upsert(ids=ids[i : i + step], embeddings=vectors[i : i + step], metadatas=metadatas[i : i + step], documents=documents[i : i + step])

    def delete(self, bundle_id: int, ids: list[str]) -> None:
        if ids:
            col = self.collection(bundle_id)
            for i in range(0, len(ids), 1000):
                col.delete(ids=ids[i : i + 1000])

    def all_vectors(self, bundle_id: int) -> tuple[list[str], Any]:
        """Every (id, vector) of a bundle, as a list and a numpy matrix."""
        import numpy as np

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
        try:
            self.client.delete_collection(collection_name(bundle_id))
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
    cache: dict[str, Any] = field(default_factory=dict)  # derived data computed on first use (term frequencies, sentence vectors)
    missing_vectors: int = 0  # rows that had no stored vector (zeros here): a lost or partial vector index

    @property
    def size(self) -> int:
        return len(self.rows)


def bundle_table(records: list[dict[str, Any]], ids: list[str], matrix: Any, version: str) -> PassageTable:
    """A bundle's table from its stored passages (``Store.passage_rows``) and its vectors (a passage without one gets zeros)."""
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
    return PassageTable(rows=rows, vectors=vecs, bm25=bm25, version=version, practices=practices.probabilities(vecs) if rows else None,
                        missing_vectors=missing)


def plain_text_table(label: str, text: str, embed_array: Callable[[list[str]], Any]) -> PassageTable:
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
                        practices=practices.probabilities(vecs) if rows else None)


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
