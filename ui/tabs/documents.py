"""Documents tab: read a bundle's documents with a section outline, cited text highlighted, and search."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import backend, theme
from ..backend import KIND_LABELS, CiteTarget
from ..context import AppContext
from ..ops import OpRunner
from ..widgets import Banner, columns, heading_label, muted_label, pane, size_columns
from ..worker import Job
from .document_view import DocumentView

ROLE_TARGET = Qt.ItemDataRole.UserRole


class DocumentsTab(QWidget):
    """The viewer. :meth:`show_citation` opens a document at a character range and highlights it."""

    shown = Signal(object)  # CiteTarget, after it is on screen
    search_done = Signal(list)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.document_id: int | None = None
        self.document: Any = None
        self.sections: list[Any] = []
        self.target: CiteTarget | None = None
        self.results: list[Any] = []
        self.searches = OpRunner(ctx, parent=self)  # quick: the status bar shows it (with its Cancel)

        outer = QVBoxLayout(self)
        top = QHBoxLayout()
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Search all documents of this bundle (e.g. retention, cookies, delete my account)")
        self.search_edit.setAccessibleName("Search the bundle")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.returnPressed.connect(lambda: self.search())
        self.search_btn = QPushButton("Searc&h")
        self.search_btn.clicked.connect(lambda: self.search())
        self.searches.busy_changed.connect(lambda busy: self.search_btn.setEnabled(not busy))
        top.addWidget(self.search_edit, 1)
        top.addWidget(self.search_btn)
        outer.addLayout(top)
        self.banner = Banner()
        outer.addWidget(self.banner)

        split = columns(outer)

        # left: documents + outline --------------------------------------------------------------
        ll = pane(split)
        ll.addWidget(heading_label("Documents", 1.1))
        self.doc_list = QListWidget()
        self.doc_list.setAccessibleName("Documents")
        self.doc_list.currentItemChanged.connect(self._doc_selected)
        ll.addWidget(self.doc_list, 1)
        ll.addWidget(heading_label("Outline", 1.1))
        self.practice_filter = QComboBox()
        self.practice_filter.setAccessibleName("Show sections about")
        self.practice_filter.setToolTip("Data practices (OPP-115 categories) of each section, from the bundle's report card")
        self.practice_filter.currentIndexChanged.connect(lambda _i: self._filter_outline())
        ll.addWidget(self.practice_filter)
        self.practices: dict[str, list[str]] = {}
        self.outline = QTreeWidget()
        self.outline.setHeaderHidden(True)
        self.outline.setAccessibleName("Section outline")
        self.outline.itemActivated.connect(self._outline_clicked)
        self.outline.itemClicked.connect(self._outline_clicked)
        ll.addWidget(self.outline, 3)

        # centre: text ---------------------------------------------------------------------------
        cl = pane(split)
        self.title = heading_label("No document open", 1.3)
        self.title.setWordWrap(True)
        self.meta = muted_label("")
        cl.addWidget(self.title)
        cl.addWidget(self.meta)
        self.cite_label = QLabel()
        self.cite_label.setWordWrap(True)
        self.cite_label.hide()
        cl.addWidget(self.cite_label)
        self.view = DocumentView()
        cl.addWidget(self.view, 1)
        frow = QHBoxLayout()
        self.find_edit = QLineEdit()
        self.find_edit.setPlaceholderText("Find in this document (Ctrl+F)")
        self.find_edit.setAccessibleName("Find in document")
        self.find_edit.returnPressed.connect(lambda: self.find_next())
        self.find_prev_btn = QPushButton("Previous")
        self.find_next_btn = QPushButton("Next")
        self.find_prev_btn.clicked.connect(lambda: self.find_next(backward=True))
        self.find_next_btn.clicked.connect(lambda: self.find_next())
        frow.addWidget(self.find_edit, 1)
        frow.addWidget(self.find_prev_btn)
        frow.addWidget(self.find_next_btn)
        cl.addLayout(frow)

        # right: search results ------------------------------------------------------------------
        rl = pane(split)
        rl.addWidget(heading_label("Search results", 1.1))
        self.results_list = QListWidget()
        self.results_list.setWordWrap(True)
        self.results_list.setAlternatingRowColors(True)
        self.results_list.setSpacing(2)
        self.results_list.setAccessibleName("Search results")
        self.results_list.itemActivated.connect(self._result_clicked)
        self.results_list.itemClicked.connect(self._result_clicked)
        rl.addWidget(self.results_list, 1)
        size_columns(split, [1, 3, 1], [240, 640, 240])

        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self).activated.connect(self._focus_find)
        self.setTabOrder(self.search_edit, self.search_btn)
        self.setTabOrder(self.search_btn, self.doc_list)
        self.setTabOrder(self.doc_list, self.outline)
        self.setTabOrder(self.outline, self.view)
        self.setTabOrder(self.view, self.find_edit)
        self.setTabOrder(self.find_edit, self.find_prev_btn)
        self.setTabOrder(self.find_prev_btn, self.find_next_btn)
        self.setTabOrder(self.find_next_btn, self.results_list)

        ctx.current_bundle_changed.connect(lambda _n: self.refresh())
        ctx.bundles_changed.connect(self.refresh)
        ctx.assistant_ready.connect(self.refresh)
        self.refresh()

    # documents ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        a = self.ctx.assistant
        bundle = self.ctx.current_bundle
        keep = self.document_id
        self.doc_list.blockSignals(True)
        self.doc_list.clear()
        docs = []
        if a is not None and bundle and bundle in {b.name for b in self.ctx.bundles}:
            docs = a.documents(bundle)
        for d in docs:
            item = QListWidgetItem(f"[{d.abbrev}] {d.title}")
            item.setToolTip(f"{KIND_LABELS.get(d.kind, d.kind)} · {d.source}")
            item.setData(ROLE_TARGET, d.id)
            self.doc_list.addItem(item)
        self.doc_list.blockSignals(False)
        ids = [d.id for d in docs]
        self.search_btn.setEnabled(bool(docs))
        if keep in ids:
            self._select_doc_row(ids.index(keep))
        elif docs:
            self.show_document(docs[0].id)
        else:
            self._clear()

    def _clear(self) -> None:
        self.document_id = None
        self.document = None
        self.sections = []
        self.view.load("")
        self.outline.clear()
        self.title.setText("No document open")
        self.meta.setText("Load a bundle in the Bundles tab; its documents appear here.")
        self.cite_label.hide()
        self.results_list.clear()

    def _select_doc_row(self, row: int) -> None:
        self.doc_list.blockSignals(True)
        self.doc_list.setCurrentRow(row)
        self.doc_list.blockSignals(False)

    def _doc_selected(self, item: QListWidgetItem | None, _prev: object = None) -> None:
        if item is not None:
            self.show_document(int(item.data(ROLE_TARGET)))

    def show_document(self, document_id: int | None) -> bool:
        """Open a document (no highlight); returns False if it does not exist."""
        a = self.ctx.assistant
        if a is None or document_id is None:
            return False
        if document_id == self.document_id and self.document is not None:
            self._refresh_practices()
            return True
        try:
            doc = a.document(document_id)
            sections = a.sections(document_id)
        except Exception as exc:  # noqa: BLE001 - e.g. a bundle removed meanwhile
            self.banner.show_message(f"cannot open document {document_id}: {exc}", "error")
            return False
        self.document_id, self.document, self.sections = document_id, doc, sections
        self.target = None
        self.cite_label.hide()
        self.title.setText(doc.title)
        self.meta.setText(f"{KIND_LABELS.get(doc.kind, doc.kind)} · cited as {doc.abbrev} · {len(sections)} sections · {doc.source}")
        self.view.load(doc.text)
        done: set[int] = set()
        for s in sections:
            for heading in s.heading_path:
                if not heading or heading.endswith("…"):
                    continue
                at = doc.text.rfind(heading, max(0, s.start - 400), s.start + len(heading))
                if at >= 0 and at not in done:
                    done.add(at)
                    self.view.emphasize(at, at + len(heading))
        self.practices = self._stored_practices()
        self._fill_outline(doc, sections)
        self._fill_practice_filter()
        for i in range(self.doc_list.count()):
            if self.doc_list.item(i).data(ROLE_TARGET) == document_id:
                self._select_doc_row(i)
        return True

    def _fill_outline(self, doc: Any, sections: list[Any]) -> None:
        self.outline.clear()
        nodes: dict[tuple[str, ...], QTreeWidgetItem] = {}
        for s in sections:
            path = list(s.heading_path)
            if len(path) > 1 and path[0].strip().lower() == doc.title.strip().lower():
                path = path[1:]
            parent: QTreeWidgetItem | None = None
            for depth in range(len(path)):
                key = tuple(path[: depth + 1])
                node = nodes.get(key)
                if node is None:
                    node = QTreeWidgetItem([path[depth]])
                    if parent is None:
                        self.outline.addTopLevelItem(node)
                    else:
                        parent.addChild(node)
                    nodes[key] = node
                parent = node
            if parent is not None:
                page = f"  (p. {s.page})" if s.page else ""
                chips = self.practices.get(s.cite_id, [])
                parent.setText(0, f"{s.cite_id}  {path[-1] if path else s.heading}{page}" + (f"   [{', '.join(chips)}]" if chips else ""))
                parent.setToolTip(0, s.heading + (f"\nData practices: {', '.join(chips)}" if chips else ""))
                parent.setData(0, ROLE_TARGET, (s.cite_id, s.start, s.end))
        self.outline.expandAll()

    def _stored_practices(self) -> dict[str, list[str]]:
        try:
            return self.ctx.assistant.section_practices(self.ctx.current_bundle) if self.ctx.assistant else {}
        except Exception:  # noqa: BLE001 - the chips are optional; the document is what was asked for
            return {}

    def _refresh_practices(self) -> None:
        """Label the open document's outline again when the bundle's card has been computed since it was opened."""
        practices = self._stored_practices()
        if practices != self.practices and self.document is not None:
            self.practices = practices
            self._fill_outline(self.document, self.sections)
            self._fill_practice_filter()

    def _fill_practice_filter(self) -> None:
        """All sections, or only those labelled with one category (those the bundle's sections carry)."""
        self.practice_filter.blockSignals(True)
        self.practice_filter.clear()
        cats = sorted({c for cs in self.practices.values() for c in cs})
        if cats:
            self.practice_filter.addItem("All sections", "")
            for c in cats:
                self.practice_filter.addItem(f"Only: {c}", c)
        else:
            self.practice_filter.addItem("Data practices: open the Overview tab to label the sections", "")
        self.practice_filter.setEnabled(bool(cats))
        self.practice_filter.blockSignals(False)

    def _filter_outline(self) -> None:
        """Hide the outline's sections without the chosen category (and headings left with nothing under them)."""
        want = self.practice_filter.currentData() or ""

        def visit(item: QTreeWidgetItem | None) -> bool:
            if item is None:
                return False
            shown = any([visit(item.child(i)) for i in range(item.childCount())])
            data = item.data(0, ROLE_TARGET)
            if data is not None:
                shown = shown or not want or want in self.practices.get(data[0], [])
            item.setHidden(not shown)
            return shown

        root = self.outline.invisibleRootItem()
        for i in range(root.childCount()):
            visit(root.child(i))

    def _outline_clicked(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        data = item.data(0, ROLE_TARGET)
        first = item.child(0) if item.childCount() else None
        if data is None and first is not None:
            data = first.data(0, ROLE_TARGET)
        if data is None or self.document_id is None:
            return
        cid, start, end = data
        self.show_citation(CiteTarget(self.ctx.current_bundle, cid, self.document_id, start, end), section_only=True)

    # citations ----------------------------------------------------------------------------------
    def show_citation(self, target: CiteTarget, section_only: bool = False) -> bool:
        """Open the cited document, scroll to the cited range and highlight it (its section lightly)."""
        a = self.ctx.assistant
        if a is None:
            return False
        if target.bundle and target.bundle != self.ctx.current_bundle:
            self.ctx.set_current_bundle(target.bundle)
        doc_id = target.document_id
        if doc_id is None and target.cite_id:
            hit = backend.cite_index(a, target.bundle or self.ctx.current_bundle).get(target.cite_id)
            if hit is not None:
                target = CiteTarget(target.bundle, target.cite_id, hit.document_id, hit.start, hit.end, hit.heading, target.text or hit.text)
                doc_id = hit.document_id
        if not self.show_document(doc_id):
            self.banner.show_message(f"the cited section {target.cite_id} is no longer in this bundle (was it re-indexed or removed?)", "error")
            return False
        self.banner.hide()
        self.target = target
        if not target.cite_id and target.start == target.end == 0:
            self.view.setExtraSelections([])
            self.view.scroll_to(0)
            self.cite_label.hide()
            self.shown.emit(target)
            return True
        section = self._section_of(target)
        self.view.highlight(target.start, target.end, None if section is None or section_only else (section.start, section.end),
                            strong=not section_only)
        self._scroll_to(target.start)
        c = theme.colors()
        heading = section.heading if section is not None else target.heading
        what = "Section" if section_only else "Cited"
        self.cite_label.setText(f"<b>{what}: {html.escape(target.cite_id)}</b> — {html.escape(heading)}")
        self.cite_label.setStyleSheet(f"background: {c.info_bg}; color: {c.info_fg}; padding: 4px 8px; border-radius: 4px;")
        self.cite_label.show()
        self._select_outline(target.cite_id)
        self.shown.emit(target)
        return True

    def _section_of(self, target: CiteTarget) -> Any:
        for s in self.sections:
            if s.cite_id == target.cite_id:
                return s
        for s in self.sections:
            if s.start <= target.start < s.end:
                return s
        return None

    def _select_outline(self, cite_id: str) -> None:
        it = self.outline.invisibleRootItem()
        stack: list[QTreeWidgetItem] = [c for c in (it.child(i) for i in range(it.childCount())) if c is not None]
        while stack:
            node = stack.pop()
            data = node.data(0, ROLE_TARGET)
            if data and data[0] == cite_id:
                self.outline.setCurrentItem(node)
                self.outline.scrollToItem(node)
                return
            stack.extend(c for c in (node.child(i) for i in range(node.childCount())) if c is not None)

    def _scroll_to(self, start: int) -> None:
        self.view.scroll_to(start)

    def highlighted_text(self) -> str:
        """The text of the strongest highlight (the cited range), with newlines restored."""
        return self.view.highlighted_text()

    def cited_range_visible(self) -> bool:
        return self.view.cited_range_visible()

    # find in document ---------------------------------------------------------------------------
    def _focus_find(self) -> None:
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def find_next(self, backward: bool = False) -> bool:
        text = self.find_edit.text()
        if not text:
            return False
        found = self.view.find_wrapping(text, backward)
        self.find_edit.setStyleSheet("" if found else f"background: {theme.colors().error_bg};")
        return found

    # bundle search ------------------------------------------------------------------------------
    def search(self, query: str | None = None) -> Job | None:
        a = self.ctx.assistant
        query = (query if query is not None else self.search_edit.text()).strip()
        bundle = self.ctx.current_bundle
        if not query or a is None or not bundle or self.searches.busy:
            return None
        self.search_edit.setText(query)
        self.results_list.clear()
        self.results_list.addItem(QListWidgetItem("Searching…"))
        return self.searches.run("Searching", lambda _c: a.search(bundle, query, 10), lambda hits: self._search_done(bundle, hits),
                                 on_failed=self._search_failed, on_cancelled=lambda _m: self._search_failed("search cancelled"))

    @property
    def search_job(self) -> Job | None:
        return self.searches.job

    def _search_done(self, bundle: str, hits: list[Any]) -> None:
        self.results = hits
        self.results_list.clear()
        if not hits:
            self.results_list.addItem(QListWidgetItem("No matching passages."))
        for h in hits:
            snippet = h.text if len(h.text) <= 180 else h.text[:179] + "…"
            item = QListWidgetItem(f"{h.cite_id} · {h.heading.split(' › ')[-1]}\n{snippet}")
            item.setToolTip(f"{h.document} — {h.heading}")
            item.setData(ROLE_TARGET, backend.citation_target(bundle, h))
            self.results_list.addItem(item)
        self.search_done.emit(hits)

    def _search_failed(self, message: str) -> None:
        self.results_list.clear()
        self.banner.show_message(message, "error")
        self.search_done.emit([])

    def _result_clicked(self, item: QListWidgetItem) -> None:
        target = item.data(ROLE_TARGET)
        if isinstance(target, CiteTarget):
            self.show_citation(target)
