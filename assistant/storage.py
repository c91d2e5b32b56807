"""SQLite storage through sqlite-utils, with numbered migrations."""

from __future__ import annotations

import datetime as dt
import errno
import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils

from .errors import AssistantError, NotFoundError, StorageError
from .history import History
from .models import Bundle, Citation, Conversation, Document, Link, Message, Passage, Section

_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
_READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def write_error(exc: BaseException, home: Path) -> StorageError | None:
    """One line for a failed write to the data folder (a full disk, a read-only file or folder), or ``None`` when
    ``exc`` is not about writing there. What was stored before stays: every write is a transaction."""
    code = exc.errno if isinstance(exc, OSError) else None
    text = str(exc).lower()
    if code in _FULL or "disk is full" in text or "no space left" in text or "quota exceeded" in text:
        return StorageError(f"the disk holding the data folder {home} is full; nothing stored was lost, "
                            "free some space and try again")
    if code in _READ_ONLY or "readonly database" in text or "read-only file system" in text or "permission denied" in text:
        return StorageError(f"the data folder {home} cannot be written (read-only file or folder); nothing stored was lost, "
                            "check its permissions")
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return StorageError(f"the database in {home} is busy (another program holds it); try again when it finishes")
    if isinstance(exc, (sqlite3.OperationalError, sqlite3.DatabaseError)) and not isinstance(exc, sqlite3.IntegrityError):
        return StorageError(f"cannot write to the database in {home}: {' '.join(str(exc).split())}")
    if isinstance(exc, OSError) and code is not None and code in (errno.EIO,):
        return StorageError(f"cannot write to the data folder {home}: {exc.strerror or exc}")
    return None


@contextmanager
def write_errors(home: Path) -> Iterator[None]:
    """Turn a full disk or a read-only data folder met inside the block (SQLite, Chroma or a plain file) into one line."""
    try:
        yield
    except AssistantError:
        raise
    except Exception as exc:
        mapped = write_error(exc, home)
        if mapped is None:
            raise
        raise mapped from exc


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def _m001_core(db: sqlite_utils.Database) -> None:
    db.table("bundles").create(
        {"id": int, "name": str, "company": str, "created": str, "updated": str}, pk="id", not_null={"name"}
    )
    db.table("bundles").create_index(["name"], unique=True)
    db.table("documents").create(
        {"id": int, "bundle_id": int, "title": str, "kind": str, "abbrev": str, "source": str, "content_hash": str,
         "text": str, "pages": int, "ingested": str, "ordinal": int},
        pk="id", foreign_keys=[("bundle_id", "bundles", "id")],
    )
    db.table("documents").create_index(["bundle_id"])
    db.table("sections").create(
        {"id": int, "document_id": int, "bundle_id": int, "cite_id": str, "heading_path": str, "text": str,
         "start": int, "end": int, "page": int, "ordinal": int},
        pk="id", foreign_keys=[("document_id", "documents", "id"), ("bundle_id", "bundles", "id")],
    )
    db.table("sections").create_index(["document_id"])
    db.table("sections").create_index(["bundle_id", "cite_id"])
    db.table("passages").create(
        {"id": str, "section_id": int, "document_id": int, "bundle_id": int, "cite_id": str, "text": str,
         "start": int, "end": int, "ordinal": int},
        pk="id", foreign_keys=[("section_id", "sections", "id"), ("document_id", "documents", "id"), ("bundle_id", "bundles", "id")],
    )
    db.table("passages").create_index(["bundle_id"])
    db.table("passages").create_index(["document_id"])
    db.table("links").create(
        {"id": int, "document_id": int, "target": str, "anchor": str, "target_document_id": int},
        pk="id", foreign_keys=[("document_id", "documents", "id")],
    )
    db.table("links").create_index(["document_id"])


def _m002_conversations(db: sqlite_utils.Database) -> None:
    db.table("conversations").create(
        {"id": int, "bundle_id": int, "title": str, "created": str}, pk="id", foreign_keys=[("bundle_id", "bundles", "id")]
    )
    db.table("messages").create(
        {"id": int, "conversation_id": int, "role": str, "content": str, "citations": str, "meta": str, "created": str},
        pk="id", foreign_keys=[("conversation_id", "conversations", "id")],
    )
    db.table("messages").create_index(["conversation_id"])


def _m003_report_cards(db: sqlite_utils.Database) -> None:
    db.table("report_cards").create({"bundle_id": int, "version": str, "created": str, "card": str}, pk=("bundle_id", "version"),
                                    foreign_keys=[("bundle_id", "bundles", "id")])


def _m004_document_versions(db: sqlite_utils.Database) -> None:
    db.table("document_versions").create(
        {"id": int, "bundle_id": int, "title": str, "kind": str, "content_hash": str, "text": str, "ingested": str, "replaced": str},
        pk="id", foreign_keys=[("bundle_id", "bundles", "id")])
    db.table("document_versions").create_index(["bundle_id", "title"])


def _m005_trust(db: sqlite_utils.Database) -> None:
    db.table("trust").create(
        {"suite": str, "category": str, "run": str, "run_label": str, "created": str, "n": int, "accuracy": float, "wrong": float,
         "band": str, "m_all": float}, pk=("suite", "category"))


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("001_core", _m001_core),
    ("002_conversations", _m002_conversations),
    ("003_report_cards", _m003_report_cards),
    ("004_document_versions", _m004_document_versions),
    ("005_trust", _m005_trust),
]


def pending(db: sqlite_utils.Database) -> bool:
    """Whether some migration has not been applied yet (a new or older database)."""
    if "_migrations" not in db.table_names():
        return True
    done = {row["name"] for row in db.table("_migrations").rows}
    return any(name not in done for name, _ in MIGRATIONS)


def migrate(db: sqlite_utils.Database, migrations: list[tuple[str, Callable[[sqlite_utils.Database], None]]] | None = None) -> list[str]:
    """Apply pending numbered migrations in order; return the names applied."""
    if "_migrations" not in db.table_names():
        db.table("_migrations").create({"name": str, "applied": str}, pk="name")
    done = {row["name"] for row in db.table("_migrations").rows}
    applied = []
    for name, fn in migrations or MIGRATIONS:
        if name in done:
            continue
        with db.conn:
            fn(db)
            db.table("_migrations").insert({"name": name, "applied": now()})
        applied.append(name)
    return applied


class Store(History):
    """All persistent state of the assistant except vectors (report cards and earlier document versions: :class:`History`)."""

    def __init__(self, path: Path):
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
            self.db = sqlite_utils.Database(conn)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            if pending(self.db):
                from .lock import write_lock

                with write_lock(path.parent, "first start", wait=30.0):  # two processes opening a new folder at once
                    migrate(self.db)
        except StorageError:
            raise
        except (sqlite3.Error, OSError) as exc:
            mapped = write_error(exc, path.parent)
            raise StorageError(f"cannot open the database at {path}: {mapped or exc}") from exc

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All-or-nothing block of writes (plain SQL inside: sqlite-utils' writers commit on their own); a full disk or
        a read-only database ends in a one-line :class:`StorageError`, the block rolled back."""
        with write_errors(self.path.parent), self.db.conn:
            yield

    def _insert(self, table: str, row: dict[str, Any]) -> int:
        cols = ", ".join(f"[{c}]" for c in row)
        marks = ", ".join("?" for _ in row)
        cur = self.db.conn.execute(f"insert into [{table}] ({cols}) values ({marks})", list(row.values()))
        return int(cur.lastrowid or 0)

    def _insert_many(self, table: str, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        cols = list(rows[0])
        sql = f"insert into [{table}] ({', '.join(f'[{c}]' for c in cols)}) values ({', '.join('?' for _ in cols)})"
        self.db.conn.executemany(sql, [[r[c] for c in cols] for r in rows])

    def _update(self, table: str, pk: Any, values: dict[str, Any]) -> None:
        sets = ", ".join(f"[{c}] = ?" for c in values)
        self.db.conn.execute(f"update [{table}] set {sets} where id = ?", [*values.values(), pk])

    def _delete(self, table: str, where: str, params: list[Any]) -> None:
        self.db.conn.execute(f"delete from [{table}] where {where}", params)

    # bundles -----------------------------------------------------------------
    def get_bundle(self, name: str) -> Bundle:
        rows = list(self.db.table("bundles").rows_where("name = ?", [name]))
        if not rows:
            raise NotFoundError(f"no bundle named {name!r} (see 'privacy-assistant list')")
        return self._bundle(rows[0])

    def find_bundle(self, name: str) -> Bundle | None:
        try:
            return self.get_bundle(name)
        except NotFoundError:
            return None

    @staticmethod
    def _bundle(row: dict[str, Any]) -> Bundle:
        return Bundle(name=row["name"], company=row["company"] or row["name"], id=row["id"], created=row["created"], updated=row["updated"])

    def list_bundles(self) -> list[Bundle]:
        """Bundles with at least one document (a bundle without any is a first ingest under way, or one that was killed)."""
        return [self._bundle(r) for r in self.db.query(
            "select * from bundles where exists (select 1 from documents where documents.bundle_id = bundles.id) order by name")]

    def empty_bundles(self) -> list[Bundle]:
        """Bundles without documents: a first ingest under way, or one killed before it stored anything."""
        return [self._bundle(r) for r in self.db.query(
            "select * from bundles where not exists (select 1 from documents where documents.bundle_id = bundles.id) order by name")]

    def upsert_bundle(self, name: str, company: str) -> Bundle:
        existing = self.find_bundle(name)
        with self.transaction():
            if existing:
                if company and company != existing.company:
                    self._update("bundles", existing.id or 0, {"company": company, "updated": now()})
                return self.get_bundle(name)
            self._insert("bundles", {"name": name, "company": company or name, "created": now(), "updated": now()})
        return self.get_bundle(name)

    def touch_bundle(self, bundle_id: int) -> None:
        with self.transaction():
            self._update("bundles", bundle_id, {"updated": now()})

    def delete_bundle(self, bundle_id: int) -> None:
        with self.transaction():
            conv_ids = [r["id"] for r in self.db.table("conversations").rows_where("bundle_id = ?", [bundle_id])]
            for cid in conv_ids:
                self._delete("messages", "conversation_id = ?", [cid])
            self._delete("conversations", "bundle_id = ?", [bundle_id])
            self._delete("report_cards", "bundle_id = ?", [bundle_id])
            self._delete("document_versions", "bundle_id = ?", [bundle_id])
            doc_ids = [r["id"] for r in self.db.table("documents").rows_where("bundle_id = ?", [bundle_id])]
            for did in doc_ids:
                self._delete("links", "document_id = ?", [did])
            self._delete("passages", "bundle_id = ?", [bundle_id])
            self._delete("sections", "bundle_id = ?", [bundle_id])
            self._delete("documents", "bundle_id = ?", [bundle_id])
            self._delete("bundles", "id = ?", [bundle_id])

    # documents ---------------------------------------------------------------
    def documents(self, bundle_id: int) -> list[Document]:
        return [self._document(r) for r in self.db.table("documents").rows_where("bundle_id = ?", [bundle_id], order_by="ordinal, id")]

    def document(self, document_id: int) -> Document:
        try:
            return self._document(self.db.table("documents").get(document_id))
        except sqlite_utils.db.NotFoundError as exc:
            raise NotFoundError(f"no document {document_id}") from exc

    def _document(self, row: dict[str, Any]) -> Document:
        doc = Document(
            title=row["title"], kind=row["kind"], source=row["source"], text=row["text"], abbrev=row["abbrev"],
            content_hash=row["content_hash"], id=row["id"], bundle_id=row["bundle_id"],
        )
        doc.links = [
            Link(target=r["target"], anchor=r["anchor"] or "", target_document_id=r["target_document_id"])
            for r in self.db.table("links").rows_where("document_id = ?", [row["id"]])
        ]
        return doc

    def replace_document(self, bundle_id: int, doc: Document, sections: list[Section], passages: list[list[Passage]], replaces: int | None) -> int:
        """Store a document with its sections and passages in one transaction, replacing an older version."""
        with self.transaction():
            ordinal = None
            if replaces is not None:
                old = self.db.table("documents").get(replaces)
                ordinal = old["ordinal"]
                if old["content_hash"] != doc.content_hash:
                    self.archive_document(bundle_id, old)  # the previous version stays readable (report card changes)
                self._delete_document_rows(replaces)
            if ordinal is None:
                ordinal = self.db.execute("select coalesce(max(ordinal), -1) + 1 from documents where bundle_id = ?", [bundle_id]).fetchone()[0]
            doc_id = self._insert("documents", {
                "bundle_id": bundle_id, "title": doc.title, "kind": doc.kind, "abbrev": doc.abbrev, "source": doc.source,
                "content_hash": doc.content_hash, "text": doc.text, "pages": 0, "ingested": now(), "ordinal": ordinal,
            })
            for sec, sec_passages in zip(sections, passages):
                sec_id = self._insert("sections", {
                    "document_id": doc_id, "bundle_id": bundle_id, "cite_id": sec.cite_id, "heading_path": json.dumps(sec.heading_path),
                    "text": sec.text, "start": sec.start, "end": sec.end, "page": sec.page, "ordinal": sec.ordinal,
                })
                self._insert_many("passages", [
                    {"id": p.id, "section_id": sec_id, "document_id": doc_id, "bundle_id": bundle_id, "cite_id": p.cite_id,
                     "text": p.text, "start": p.start, "end": p.end, "ordinal": p.ordinal}
                    for p in sec_passages
                ])
            self._insert_many("links", [
                {"document_id": doc_id, "target": link.target, "anchor": link.anchor, "target_document_id": None} for link in doc.links
            ])
            self._update("bundles", bundle_id, {"updated": now()})
        return int(doc_id or 0)

    def _delete_document_rows(self, document_id: int) -> None:
        self._delete("links", "document_id = ?", [document_id])
        self.db.execute("update links set target_document_id = null where target_document_id = ?", [document_id])
        self._delete("passages", "document_id = ?", [document_id])
        self._delete("sections", "document_id = ?", [document_id])
        self._delete("documents", "id = ?", [document_id])

    def add_links(self, rows: list[dict[str, Any]]) -> None:
        """Insert link rows (document_id, target, anchor, target_document_id) in one transaction."""
        with self.transaction():
            self._insert_many("links", rows)

    def set_link_targets(self, pairs: list[tuple[int, int]]) -> None:
        """Record resolved cross-references as (link id, target document id)."""
        with self.transaction():
            for link_id, target in pairs:
                self._update("links", link_id, {"target_document_id": target})

    def link_rows(self, bundle_id: int) -> list[dict[str, Any]]:
        return list(self.db.query(
            "select links.* from links join documents on documents.id = links.document_id where documents.bundle_id = ?", [bundle_id]
        ))

    # sections & passages -----------------------------------------------------
    def sections(self, document_id: int) -> list[Section]:
        return [self._section(r) for r in self.db.table("sections").rows_where("document_id = ?", [document_id], order_by="ordinal")]

    def bundle_sections(self, bundle_id: int) -> list[Section]:
        return [self._section(r) for r in self.db.query(
            "select sections.* from sections join documents on documents.id = sections.document_id "
            "where sections.bundle_id = ? order by documents.ordinal, sections.ordinal", [bundle_id]
        )]

    @staticmethod
    def _section(row: dict[str, Any]) -> Section:
        return Section(
            cite_id=row["cite_id"], heading_path=json.loads(row["heading_path"]), text=row["text"], start=row["start"],
            end=row["end"], page=row["page"], ordinal=row["ordinal"], id=row["id"], document_id=row["document_id"],
        )

    def section_by_cite(self, bundle_id: int, cite_id: str) -> Section | None:
        rows = list(self.db.table("sections").rows_where("bundle_id = ? and cite_id = ?", [bundle_id, cite_id], limit=1))
        return self._section(rows[0]) if rows else None

    def passage_rows(self, bundle_id: int) -> list[dict[str, Any]]:
        """Every passage of a bundle with its document and section context, in reading order."""
        return list(self.db.query(
            "select p.id, p.text, p.start, p.end, p.cite_id, p.ordinal, p.section_id, p.document_id, "
            "d.title as document, d.kind as document_kind, s.heading_path, s.page "
            "from passages p join documents d on d.id = p.document_id join sections s on s.id = p.section_id "
            "where p.bundle_id = ? order by d.ordinal, p.ordinal", [bundle_id]
        ))

    def passage_ids(self, bundle_id: int) -> set[str]:
        return {r["id"] for r in self.db.query("select id from passages where bundle_id = ?", [bundle_id])}

    def citation_for(self, bundle_id: int, cite_id: str) -> Citation | None:
        sec = self.section_by_cite(bundle_id, cite_id)
        if sec is None or sec.document_id is None:
            return None
        doc = self.db.table("documents").get(sec.document_id)
        return Citation(cite_id, doc["title"], sec.heading, sec.text, sec.document_id, sec.start, sec.end, sec.page)

    # conversations -----------------------------------------------------------
    def new_conversation(self, bundle_id: int, title: str) -> Conversation:
        with self.transaction():
            cid = self._insert("conversations", {"bundle_id": bundle_id, "title": title[:120], "created": now()})
        return Conversation(bundle_id=bundle_id, title=title[:120], id=int(cid or 0), created=now())

    def conversations(self, bundle_id: int) -> list[Conversation]:
        return [
            Conversation(bundle_id=r["bundle_id"], title=r["title"], id=r["id"], created=r["created"])
            for r in self.db.table("conversations").rows_where("bundle_id = ?", [bundle_id], order_by="id desc")
        ]

    def add_message(self, message: Message) -> Message:
        with self.transaction():
            mid = self._insert("messages", {
                "conversation_id": message.conversation_id, "role": message.role, "content": message.content,
                "citations": json.dumps(message.citations), "meta": json.dumps(message.meta), "created": now(),
            })
        message.id = int(mid or 0)
        return message

    def messages(self, conversation_id: int) -> list[Message]:
        return [
            Message(conversation_id=r["conversation_id"], role=r["role"], content=r["content"],
                    citations=json.loads(r["citations"] or "[]"), meta=json.loads(r["meta"] or "{}"), id=r["id"], created=r["created"])
            for r in self.db.table("messages").rows_where("conversation_id = ?", [conversation_id], order_by="id")
        ]

    def delete_conversation(self, conversation_id: int) -> None:
        with self.transaction():
            self._delete("messages", "conversation_id = ?", [conversation_id])
            self._delete("conversations", "id = ?", [conversation_id])

    def close(self) -> None:
        self.db.conn.close()
