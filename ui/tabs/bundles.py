"""Bundles tab: load, edit, re-index, remove and summarize policy bundles; ready-made bundles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import backend
from ..add_bundle_dialog import AddBundleDialog, accept_locations, take_locations
from ..backend import KIND_LABELS, SourceItem
from ..context import AppContext
from ..ops import OpRunner
from ..widgets import Banner, ProgressStrip, columns, heading_label, muted_label, pane, size_columns
from ..worker import Job
from .summary import SummaryPane


class BundlesTab(QWidget):
    """The bundle list, the ready-made bundles and the current bundle's documents; loading, editing, re-indexing,
    removing and summarizing run as background ops (:mod:`ui.ops`), one at a time."""

    job_done = Signal(str)  # "finished" | "errored" | "cancelled" (for tests and the status bar)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.last_result: Any = None
        self.setAcceptDrops(True)

        outer = QVBoxLayout(self)
        self.banner = Banner()
        outer.addWidget(self.banner)

        split = columns(outer)

        # left: loaded bundles + ready-made ----------------------------------------------------
        ll = pane(split)
        ll.addWidget(heading_label("Your bundles"))
        self.list = QListWidget()
        self.list.setAccessibleName("Loaded bundles")
        self.list.setAlternatingRowColors(True)
        self.list.currentItemChanged.connect(self._selected)
        ll.addWidget(self.list, 2)
        row = QHBoxLayout()
        self.add_btn = QPushButton("&Add documents…")
        self.add_btn.setToolTip("Load files, a folder, a web address or a manifest (Ctrl+O); you can also drop files here")
        self.edit_btn = QPushButton("&Edit…")
        self.edit_btn.setToolTip("Change the company name or the kind of each document, or add documents")
        self.reindex_btn = QPushButton("Re-&index")
        self.reindex_btn.setToolTip("Read every document again from its source (unchanged ones are skipped)")
        self.remove_btn = QPushButton("Remo&ve")
        for b in (self.add_btn, self.edit_btn, self.reindex_btn, self.remove_btn):
            row.addWidget(b)
        ll.addLayout(row)
        self.add_btn.clicked.connect(lambda: self.open_add_dialog())
        self.edit_btn.clicked.connect(self.open_edit_dialog)
        self.reindex_btn.clicked.connect(lambda: self.reindex())
        self.remove_btn.clicked.connect(lambda: self.remove_bundle())
        ll.addWidget(muted_label("Drop files, folders or links anywhere in this tab to load them."))

        ll.addSpacing(8)
        ll.addWidget(heading_label("Ready-made bundles", 1.1))
        self.ready = QListWidget()
        self.ready.setAccessibleName("Ready-made bundles")
        self.ready.itemActivated.connect(lambda _i: self.load_ready())
        ll.addWidget(self.ready, 1)
        self.load_ready_btn = QPushButton("&Load selected")
        self.load_ready_btn.clicked.connect(lambda: self.load_ready())
        ll.addWidget(self.load_ready_btn)

        # right: details -------------------------------------------------------------------------
        rl = pane(split)
        self.title = heading_label("No bundle selected", 1.4)
        self.subtitle = muted_label("")
        rl.addWidget(self.title)
        rl.addWidget(self.subtitle)
        self.docs = QTableWidget(0, 5)
        self.docs.setHorizontalHeaderLabels(["Document", "Kind", "Cites as", "Sections", "Source"])
        self.docs.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in (1, 2, 3):
            self.docs.horizontalHeader().setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.docs.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Interactive)
        self.docs.setColumnWidth(4, 220)
        self.docs.verticalHeader().setVisible(False)
        self.docs.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.docs.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.docs.setAccessibleName("Documents of the bundle")
        self.docs.itemActivated.connect(self._open_document)
        rl.addWidget(self.docs, 2)

        self.summary_pane = SummaryPane(ctx)
        self.summarize_btn = self.summary_pane.summarize_btn
        self.summarize_btn.clicked.connect(lambda: self.summarize())
        rl.addWidget(self.summary_pane, 1)
        size_columns(split, [2, 3], [360, 640])

        self.progress = ProgressStrip()
        outer.addWidget(self.progress)
        self.ops = OpRunner(ctx, self.progress, on_failed=self._failed, on_cancelled=self._cancelled, parent=self)
        self.ops.busy_changed.connect(lambda _busy: self._update_buttons())
        self.ops.ended.connect(self.job_done.emit)

        ctx.bundles_changed.connect(self.refresh)
        ctx.assistant_ready.connect(self.refresh)
        ctx.current_bundle_changed.connect(self._select_name)
        self.refresh()

    # listing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        a = self.ctx.assistant
        current = self.ctx.current_bundle
        self.list.blockSignals(True)
        self.list.clear()
        loaded: set[str] = set()
        if a is not None:
            for b in self.ctx.bundles:
                docs = a.documents(b.name)
                loaded.add(b.name)
                item = QListWidgetItem(f"{b.company}  ({b.name})\n{len(docs)} document{'s' if len(docs) != 1 else ''} · updated {b.updated[:16].replace('T', ' ')}")
                item.setData(Qt.ItemDataRole.UserRole, b.name)
                item.setToolTip("\n".join(f"[{d.abbrev}] {d.title}" for d in docs))
                self.list.addItem(item)
                if b.name == current:
                    self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if self.list.count() == 0:
            placeholder = QListWidgetItem("No bundles yet: add documents or load a ready-made bundle below.")
            placeholder.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(placeholder)
        self._fill_ready(loaded)
        self._show_details(current)
        self._update_buttons()

    def _fill_ready(self, loaded: set[str]) -> None:
        keep = self.ready.currentRow()
        self.ready.clear()
        for entry in backend.ready_made():
            text = f"✓ {entry.label} — loaded" if entry.bundle in loaded else entry.label
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, entry)
            item.setToolTip(f"Bundle “{entry.bundle}”: {entry.items[0].location}")
            self.ready.addItem(item)
        if self.ready.count():
            self.ready.setCurrentRow(max(0, min(keep, self.ready.count() - 1)))
        self.load_ready_btn.setEnabled(self.ready.count() > 0)

    def _selected(self, item: QListWidgetItem | None, _prev: object = None) -> None:
        name = item.data(Qt.ItemDataRole.UserRole) if item else None
        if name:
            self.ctx.set_current_bundle(name)
            self._show_details(name)
        self._update_buttons()

    def _select_name(self, name: str) -> None:
        for i in range(self.list.count()):
            it = self.list.item(i)
            if it.data(Qt.ItemDataRole.UserRole) == name:
                if self.list.currentItem() is not it:
                    self.list.setCurrentItem(it)
                break
        self._show_details(name)

    def _show_details(self, name: str) -> None:
        a = self.ctx.assistant
        self.docs.setRowCount(0)
        if a is None or not name or name not in {b.name for b in self.ctx.bundles}:
            self.title.setText("No bundle selected")
            self.subtitle.setText("Add documents or load a ready-made bundle to start.")
            return
        company = self.ctx.company(name)
        docs = a.documents(name)
        self.title.setText(company)
        self.subtitle.setText(f"Bundle “{name}” · {len(docs)} documents · double-click a document to read it")
        for d in docs:
            r = self.docs.rowCount()
            self.docs.insertRow(r)
            n_sections = len(a.sections(d.id or 0))
            values = [d.title, KIND_LABELS.get(d.kind, d.kind), d.abbrev or "—", str(n_sections), d.source]
            for c, v in enumerate(values):
                it = QTableWidgetItem(v)
                it.setData(Qt.ItemDataRole.UserRole, d.id)
                if c == 4:
                    it.setToolTip(v)
                self.docs.setItem(r, c, it)
        self.summary_pane.keep_only(name)

    def _update_buttons(self) -> None:
        has = bool(self.ctx.current_bundle) and self.ctx.ready
        idle = self.job is None
        self.add_btn.setEnabled(self.ctx.ready and idle)
        for b in (self.edit_btn, self.reindex_btn, self.remove_btn, self.summarize_btn):
            b.setEnabled(has and idle)
        self.load_ready_btn.setEnabled(self.ctx.ready and idle and self.ready.count() > 0)

    def _open_document(self, item: QTableWidgetItem) -> None:
        doc_id = item.data(Qt.ItemDataRole.UserRole)
        if doc_id is not None and self.ctx.current_bundle:
            self.ctx.open_citation.emit(backend.CiteTarget(self.ctx.current_bundle, "", int(doc_id), 0, 0))

    # loading ------------------------------------------------------------------------------------
    def open_add_dialog(self, locations: list[str] | None = None) -> AddBundleDialog | None:
        """Show the load dialog (pre-filled with dropped locations) and ingest what it returns."""
        if not self.ctx.ready:
            return None
        dlg = AddBundleDialog(self, [b.name for b in self.ctx.bundles])
        for loc in locations or []:
            dlg.add_location(loc)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            items, name, company, force = dlg.result_spec()
            self.ingest(items, name, company, force)
        return dlg

    def open_edit_dialog(self) -> None:
        a = self.ctx.assistant
        name = self.ctx.current_bundle
        if a is None or not name:
            return
        items = [SourceItem(d.source, d.kind, d.title) for d in a.documents(name)]
        dlg = AddBundleDialog(self, [b.name for b in self.ctx.bundles], bundle=name, company=self.ctx.company(name), items=items, editing=True)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            items, _name, company, force = dlg.result_spec()
            self.ingest(items, name, company, True)

    def load_ready(self, row: int | None = None) -> Job | None:
        if row is not None:
            self.ready.setCurrentRow(row)
        item = self.ready.currentItem()
        if item is None:
            return None
        entry: backend.ReadyMade = item.data(Qt.ItemDataRole.UserRole)
        return self.ingest(entry.items, entry.bundle, entry.company, force=entry.force, label=f"Loading {entry.company or entry.bundle}")

    def load_sample(self) -> Job | None:
        """Load the bundled BrightCart sample (used on first start)."""
        return self.ingest([SourceItem(str(backend.sample_dir()))], "brightcart", "", False, label="Loading the BrightCart sample bundle")

    @property
    def job(self) -> Job | None:
        return self.ops.job

    @property
    def summary(self) -> Any:
        return self.summary_pane.summary

    def ingest(self, items: list[SourceItem], name: str = "", company: str = "", force: bool = False, label: str = "") -> Job | None:
        a = self.ctx.assistant
        if a is None or self.ops.busy:
            return None
        title = label or f"Loading {company or name or (Path(items[0].location).name if items else 'documents')}"
        self.banner.hide()
        return self.ops.run(title, lambda cancel: backend.ingest_items(a, items, name or None, company or None, force, cancel), self._ingested)

    def reindex(self, name: str | None = None) -> Job | None:
        a, name = self.ctx.assistant, name or self.ctx.current_bundle
        if a is None or not name or self.ops.busy:
            return None
        self.banner.hide()
        return self.ops.run(f"Re-indexing {name}", lambda cancel: backend.reindex(a, name, cancel), lambda r: self._reindexed(name, r))

    def _reindexed(self, name: str, result: Any) -> None:
        """A re-index done; one that would cut a stored document short asks before replacing it."""
        if not isinstance(result, backend.ShrinkRefused):
            self._ingested(result)
            return
        if not self.confirm_replace(result.message):
            self.banner.show_message(f"Kept the stored version: {result.message}", "warning")
            return
        a = self.ctx.assistant
        if a is not None:  # started once this job has ended (the runner takes one job at a time)
            QTimer.singleShot(0, lambda: self.ops.run(f"Re-indexing {name}",
                                                      lambda cancel: backend.reindex(a, name, cancel, allow_shrink=True), self._ingested))

    def confirm_replace(self, message: str) -> bool:
        """Ask whether a much shorter new version may replace the stored one (tests replace this)."""
        answer = QMessageBox.question(self, "Replace the stored version?", f"{message}\n\nReplace it anyway?",
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def remove_bundle(self, name: str | None = None, confirm: bool = True) -> Job | None:
        a, name = self.ctx.assistant, name or self.ctx.current_bundle
        if a is None or not name or self.ops.busy:
            return None
        if confirm:
            answer = QMessageBox.question(self, "Remove bundle",
                                          f"Remove the bundle “{name}”, its documents and its conversations?\n"
                                          "The original files are not touched.")
            if answer != QMessageBox.StandardButton.Yes:
                return None
        return self.ops.run(f"Removing {name}", lambda _cancel: a.remove_bundle(name), lambda _none: self._removed(name))

    def summarize(self, name: str | None = None) -> Job | None:
        a, name = self.ctx.assistant, name or self.ctx.current_bundle
        if a is None or not name or self.ops.busy:
            return None
        self.summary_pane.clear()
        return self.ops.run(f"Summarizing {name}", lambda cancel: a.summarize(name, cancel=cancel), self.summary_pane.show_summary,
                            on_cancelled=lambda _m: self.banner.show_message("Summary cancelled.", "warning"))

    def cancel(self) -> None:
        self.ops.cancel()

    # op callbacks -------------------------------------------------------------------------------
    def _ingested(self, result: Any) -> None:
        self.last_result = result
        self.ctx.refresh_bundles()
        name = getattr(result, "bundle", "")
        if name:
            self.ctx.set_current_bundle(name)
            self._select_name(name)
        added, updated, same = (len(getattr(result, k, [])) for k in ("added", "updated", "unchanged"))
        msg = f"Loaded {getattr(result, 'company', name)}: {added} added, {updated} updated, {same} unchanged"
        self.banner.show_message(msg, "info")
        self.ctx.status_message.emit(msg)

    def _removed(self, name: str) -> None:
        self.ctx.refresh_bundles()
        self.banner.show_message(f"Removed bundle {name}", "info")

    def _failed(self, message: str) -> None:
        self.banner.show_message(message, "error")
        self.ctx.status_message.emit(f"Error: {message}")
        self.ctx.refresh_bundles()

    def _cancelled(self, message: str) -> None:
        self.banner.show_message("Cancelled. Documents stored before the cancel are kept; load again to finish.", "warning")
        self.ctx.refresh_bundles()

    # drag and drop ------------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        accept_locations(event, self.ctx.ready)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        locs = take_locations(event)
        if locs:
            self.open_add_dialog(locs)

