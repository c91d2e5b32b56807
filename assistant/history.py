"""What a bundle was before: stored report cards (one per version of its documents) and earlier versions of its documents.

A mixin of :class:`~assistant.storage.Store` (it uses the store's ``db``, ``transaction`` and ``now``).
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from typing import Any

import sqlite_utils


class History:
    """Report cards and earlier document versions of the store's bundles."""

    db: sqlite_utils.Database

    def transaction(self) -> AbstractContextManager[None]:  # provided by Store
        raise NotImplementedError

    # report cards ------------------------------------------------------------
    def save_card(self, bundle_id: int, version: str, created: str, card: dict[str, Any]) -> None:
        """Store the report card of one bundle version (replacing a card of the same version)."""
        with self.transaction():
            self.db.table("report_cards").upsert({"bundle_id": bundle_id, "version": version, "created": created,
                                                  "card": json.dumps(card)}, pk=("bundle_id", "version"))

    def load_card(self, bundle_id: int, version: str | None = None) -> dict[str, Any] | None:
        """The stored card of a bundle version (the newest card when ``version`` is None); None when there is none."""
        where, args = ("bundle_id = ? AND version = ?", [bundle_id, version]) if version else ("bundle_id = ?", [bundle_id])
        rows = list(self.db.table("report_cards").rows_where(where, args, order_by="created desc", limit=1))
        return json.loads(rows[0]["card"]) if rows else None

    def card_section_labels(self, bundle_id: int, version: str) -> dict[str, list[str]]:
        """Only the section labels of a stored card ({} when there is none): read by SQLite, not by parsing the card."""
        row = self.db.execute("select json_extract(card, '$.section_labels') from report_cards where bundle_id = ? and version = ?",
                              [bundle_id, version]).fetchone()
        return dict(json.loads(row[0])) if row and row[0] else {}

    def document_hashes(self, bundle_id: int) -> list[tuple[str, str]]:
        """(title, content hash) of the bundle's documents, in their order, without their text."""
        return [(r[0], r[1]) for r in self.db.execute(
            "select title, content_hash from documents where bundle_id = ? order by ordinal, id", [bundle_id]).fetchall()]

    def card_versions(self, bundle_id: int) -> list[dict[str, str]]:
        """The stored card versions of a bundle, newest first (version, created)."""
        return [{"version": r["version"], "created": r["created"]}
                for r in self.db.table("report_cards").rows_where("bundle_id = ?", [bundle_id], order_by="created desc")]

    def archive_document(self, bundle_id: int, row: dict[str, Any]) -> None:
        """Keep a document row that a new version replaces (called inside the replacing transaction)."""
        from .storage import now

        self.db.table("document_versions").insert({"bundle_id": bundle_id, "title": row["title"], "kind": row["kind"],
                                                   "content_hash": row["content_hash"], "text": row["text"],
                                                   "ingested": row["ingested"], "replaced": now()})

    def document_versions(self, bundle_id: int) -> list[dict[str, Any]]:
        """Earlier versions of the bundle's documents, newest first: title, kind, content_hash, text, ingested, replaced."""
        return list(self.db.table("document_versions").rows_where("bundle_id = ?", [bundle_id], order_by="replaced desc, id desc"))

    # benchmark trust figures ---------------------------------------------------
    def save_trust(self, suite: str, rows: list[dict[str, Any]]) -> None:
        """Replace a suite's per-category trust figures with those of its latest run."""
        with self.transaction():
            self.db.execute("delete from trust where suite = ?", [suite])
            if rows:
                self.db.table("trust").insert_all([{**r, "suite": suite} for r in rows], pk=("suite", "category"), replace=True)

    def trust_rows(self) -> list[dict[str, Any]]:
        """Every stored trust figure (suite, category, run, run_label, created, n, accuracy, wrong, band, m_all)."""
        return list(self.db.table("trust").rows_where(order_by="suite, category"))
