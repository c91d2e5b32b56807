"""Is the vector index whole? Check Chroma against the passages SQLite holds, and rebuild what is missing from the stored text.

The vectors are derived data: every passage's text (and its section's heading, part of the embedded text) is in
SQLite, so a lost, emptied or stale ``chroma/`` folder is rebuilt by embedding the stored passages again. What the
check finds, per bundle: passages in SQLite, vectors present, passages without a vector (*missing*) and vectors of no
stored passage (*stale*: left by a deleted or replaced ``assistant.db``), and whether another embedder made them
(*foreign*: the identity recorded with the collection, ``index.VectorStore``, is not the current embedder's); and
collections of no stored bundle. Foreign vectors are never scored against: a repair drops them and embeds every
passage again with the current embedder, into a new collection that records it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Generator
from dataclasses import asdict, dataclass, field
from typing import Any

from .embeddings import TextEmbedder
from .errors import AssistantError, Cancelled, StorageError
from .index import VectorStore, collection_name
from .ingest import embedding_text
from .models import Bundle, Passage, Progress, Section
from .storage import Store

EMBED_BATCH = 64


class IndexDamagedError(StorageError):
    """A bundle's vector index is missing or partial and was not repaired."""


@dataclass
class BundleIndex:
    """One bundle's index against its stored passages."""

    bundle: str
    bundle_id: int
    passages: int  # passages in SQLite
    vectors: int  # vectors in the bundle's collection
    missing: int  # stored passages without a vector
    stale: int  # vectors whose passage is not in SQLite
    documents: dict[str, int] = field(default_factory=dict)  # document title -> passages without a vector
    foreign: str = ""  # the other embedder that made the vectors ('' when the current one did)

    @property
    def ok(self) -> bool:
        return self.missing == 0 and self.stale == 0 and not self.foreign

    def problem(self) -> str:
        """One line saying what is wrong ('' when nothing is)."""
        parts = [f"its vectors were made by another embedder ({self.foreign}) and must be re-embedded"] if self.foreign else []
        if self.missing:
            what = "no vectors at all" if self.missing == self.passages else f"{self.missing} of {self.passages} passages have no vector"
            parts.append(what)
        if self.stale:
            parts.append(f"{self.stale} stale vector{'s' if self.stale != 1 else ''} of passages no longer stored")
        return f"bundle {self.bundle!r}: " + "; ".join(parts) if parts else ""


@dataclass
class IndexReport:
    """What :func:`check` found (or what is left after :func:`repair`)."""

    bundles: list[BundleIndex] = field(default_factory=list)
    orphans: list[str] = field(default_factory=list)  # collections of no stored bundle
    error: str = ""  # the vector index could not be opened at all
    repaired: int = 0  # vectors written by a repair
    dropped: int = 0  # stale vectors and collections removed by a repair

    @property
    def healthy(self) -> bool:
        return not self.error and not self.orphans and all(b.ok for b in self.bundles)

    def problems(self) -> list[str]:
        """One line per problem."""
        out = [f"the vector index cannot be opened: {self.error}"] if self.error else []
        out += [b.problem() for b in self.bundles if not b.ok]
        out += [f"collection {name!r} belongs to no stored bundle (stale)" for name in self.orphans]
        return out

    def bundle(self, name: str) -> BundleIndex | None:
        return next((b for b in self.bundles if b.bundle == name), None)

    def to_json(self) -> dict[str, Any]:
        return {"healthy": self.healthy, "problems": self.problems(), "bundles": [asdict(b) | {"ok": b.ok} for b in self.bundles],
                "orphans": list(self.orphans), "error": self.error, "repaired": self.repaired, "dropped": self.dropped}


def _passage_documents(store: Store, bundle_id: int) -> dict[str, str]:
    """Passage id -> its document's title, for a bundle."""
    return {r["id"]: r["title"] for r in store.db.query(
        "select p.id, d.title from passages p join documents d on d.id = p.document_id where p.bundle_id = ?", [bundle_id])}


def check_bundle(store: Store, vectors: VectorStore, bundle: Bundle) -> BundleIndex:
    """Compare one bundle's vectors with its stored passages."""
    assert bundle.id is not None
    stored = _passage_documents(store, bundle.id)
    present = set(vectors.ids(bundle.id))
    missing = [pid for pid in stored if pid not in present]
    per_doc: dict[str, int] = {}
    for pid in missing:
        per_doc[stored[pid]] = per_doc.get(stored[pid], 0) + 1
    foreign = vectors.foreign(bundle.id)
    return BundleIndex(bundle.name, bundle.id, len(stored), len(present), len(missing), len(present - set(stored)), per_doc,
                       foreign.label() if foreign else "")


def check(store: Store, vectors: VectorStore) -> IndexReport:
    """Every bundle's vectors against SQLite, and the collections that belong to no stored bundle."""
    bundles = store.list_bundles()
    if vectors.identity is not None:
        vectors.identity()  # an embedder that cannot say what it is raises its own error, not one of an unreadable index
    try:
        names = vectors.collection_names()
        report = IndexReport(bundles=[check_bundle(store, vectors, b) for b in bundles])
    except AssistantError as exc:
        return IndexReport(bundles=[BundleIndex(b.name, b.id or 0, len(store.passage_ids(b.id or 0)), 0,
                                                len(store.passage_ids(b.id or 0)), 0) for b in bundles], error=str(exc))
    except Exception as exc:  # noqa: BLE001 - a damaged Chroma folder fails in many ways; say so in one line
        return IndexReport(bundles=[BundleIndex(b.name, b.id or 0, len(store.passage_ids(b.id or 0)), 0,
                                                len(store.passage_ids(b.id or 0)), 0) for b in bundles],
                           error=f"{type(exc).__name__}: {exc}")
    known = {collection_name(b.id or 0) for b in bundles}
    report.orphans = sorted(n for n in names if n not in known)
    return report


def orphans(store: Store, vectors: VectorStore) -> list[str]:
    """Collections of no stored bundle (left behind by a deleted or replaced ``assistant.db``)."""
    known = {collection_name(b.id or 0) for b in store.list_bundles()}
    return sorted(n for n in vectors.collection_names() if n not in known)


def _check_cancel(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled("index repair cancelled; the vectors rebuilt so far are kept, run it again to finish")


def repair_bundle(store: Store, vectors: VectorStore, embedder: TextEmbedder, bundle: Bundle,
                  cancel: threading.Event | None = None) -> Generator[Progress, None, tuple[int, int]]:
    """Drop a bundle's stale vectors and embed its stored passages that have none; returns (embedded, dropped).

    Vectors made by another embedder are all dropped first (their collection with them; what an ingest staged with
    the current embedder takes its place) and every other passage is embedded again into a collection recording the
    current embedder. Vectors are written batch by batch, so a cancelled repair keeps what it rebuilt (all of the
    current embedder: nothing is mixed) and a second one finishes it.
    """
    assert bundle.id is not None
    records = store.passage_rows(bundle.id)
    stored = {r["id"] for r in records}
    dropped = 0
    foreign = vectors.foreign(bundle.id)
    if foreign is not None:
        dropped = len(vectors.ids(bundle.id))
        kept = vectors.replace_foreign(bundle.id)
        now = f" with {vectors.identity().label()}" if vectors.identity is not None else ""
        what = f"the other {len(records) - kept} passages, keeping the {kept} just embedded" if kept else f"all {len(records)} passages"
        yield Progress("repair", f"{bundle.name}: its vectors were made by another embedder ({foreign.label()}); "
                                 f"re-embedding {what}{now}", 0, len(records))
    present = set(vectors.ids(bundle.id))
    stale = sorted(present - stored)
    if stale:
        if not present & stored:
            vectors.drop(bundle.id)  # nothing of it is ours: start a fresh collection
        else:
            vectors.delete(bundle.id, stale)
        dropped += len(stale)
        yield Progress("repair", f"{bundle.name}: dropped {len(stale)} stale vectors", 0, 0)
    todo = [r for r in records if r["id"] not in present]
    total = len(todo)
    for j in range(0, total, EMBED_BATCH):
        _check_cancel(cancel)
        yield Progress("repair", f"{bundle.name}: re-embedding passages {j + 1}–{min(j + EMBED_BATCH, total)} of {total}", j, total)
        batch = todo[j : j + EMBED_BATCH]
        texts = [embedding_text(Section(r["cite_id"], json.loads(r["heading_path"]), "", r["start"], r["end"]),
                                Passage(r["text"], r["start"], r["end"], r["cite_id"], r["ordinal"], r["id"])) for r in batch]
        vecs = embedder.embed(texts)
        vectors.add(bundle.id, [r["id"] for r in batch], vecs, [{"cite_id": r["cite_id"], "ordinal": r["ordinal"]} for r in batch],
                    [r["text"] for r in batch])
    if total:
        yield Progress("repair", f"{bundle.name}: re-embedded {total} passages", total, total)
    return total, dropped


def repair(store: Store, vectors: VectorStore, embedder: TextEmbedder, cancel: threading.Event | None = None,
           names: list[str] | None = None) -> Generator[Progress, None, IndexReport]:
    """Rebuild what :func:`check` finds wrong (every bundle, or those ``names``); returns the check made afterwards."""
    yield Progress("check", "checking the vector index against the stored passages", 0, 0)
    before = check(store, vectors)
    if before.error:
        moved = vectors.set_aside()
        yield Progress("repair", f"the vector index could not be opened; moved it aside to {moved} and building a new one", 0, 0)
        before = check(store, vectors)
        if before.error:
            raise StorageError(f"cannot rebuild the vector index at {vectors.path}: {before.error}")
    repaired = dropped = 0
    for orphan in before.orphans if names is None else []:
        vectors.drop_collection(orphan)
        dropped += 1
        yield Progress("repair", f"dropped the stale collection {orphan}", 0, 0)
    todo = [b for b in before.bundles if not b.ok and (names is None or b.bundle in names)]
    for i, b in enumerate(todo):
        _check_cancel(cancel)
        yield Progress("repair", f"bundle {b.bundle}: {b.problem().split(': ', 1)[-1]}", i, len(todo))
        embedded, gone = yield from repair_bundle(store, vectors, embedder, store.get_bundle(b.bundle), cancel)
        repaired += embedded
        dropped += gone
    after = check(store, vectors)
    after.repaired, after.dropped = repaired, dropped
    yield Progress("done", "the vector index is whole" if after.healthy else f"{len(after.problems())} problems remain",
                   len(todo), len(todo))
    return after
