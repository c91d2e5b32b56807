"""The dialog that loads a bundle: files, folders, URLs and manifests, with company name and document kinds."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .backend import KIND_LABELS, SourceItem, bundle_name_for
from .widgets import Banner, muted_label

FILE_FILTER = "Policy documents (*.html *.htm *.xhtml *.pdf *.txt *.text *.md *.markdown);;All files (*)"
MANIFEST_FILTER = "Bundle manifests (*.toml *.json)"
AUTO = "Detect automatically"


def locations_from_mime(mime: object) -> list[str]:
    """Files, folders and http(s) links from a drag-and-drop payload."""
    out: list[str] = []
    urls = mime.urls() if hasattr(mime, "hasUrls") and mime.hasUrls() else []  # type: ignore[attr-defined]
    for url in urls:
        if url.isLocalFile():
            out.append(str(Path(url.toLocalFile()).resolve()))
        elif url.scheme() in ("http", "https"):
            out.append(url.toString())
    if not out and hasattr(mime, "hasText") and mime.hasText():  # type: ignore[attr-defined]
        for token in re.split(r"\s+", mime.text().strip()):  # type: ignore[attr-defined]
            if re.match(r"^https?://", token, re.I):
                out.append(token)
    return out


def accept_locations(event: QDragEnterEvent, enabled: bool = True) -> None:
    """dragEnterEvent of a drop target for documents: accept a drag that carries files, folders or links."""
    if enabled and locations_from_mime(event.mimeData()):
        event.acceptProposedAction()


def take_locations(event: QDropEvent) -> list[str]:
    """dropEvent of a drop target for documents: accept the drop and return its files, folders and links."""
    locs = locations_from_mime(event.mimeData())
    event.acceptProposedAction()
    return locs


class AddBundleDialog(QDialog):
    """Collects :class:`SourceItem` rows, a company name and a bundle name; :meth:`result_spec` reads them."""

    COL_LOCATION, COL_KIND, COL_TITLE = range(3)

    def __init__(self, parent: QWidget | None = None, existing_bundles: list[str] | None = None, bundle: str = "",
                 company: str = "", items: list[SourceItem] | None = None, editing: bool = False):
        super().__init__(parent)
        self.setWindowTitle("Edit bundle" if editing else "Load a policy bundle")
        self.setAcceptDrops(True)
        self.setMinimumSize(720, 420)
        self.existing = set(existing_bundles or [])
        self._name_touched = bool(bundle)

        lay = QVBoxLayout(self)
        intro = muted_label(
            "Add the documents of one site or service: files (HTML, PDF, TXT, Markdown), a folder, a web address or a "
            "bundle manifest (bundle.toml / .json). You can also drop files and links here. Choose each document's kind, "
            "or let the assistant detect it."
        )
        lay.addWidget(intro)
        self.banner = Banner()
        lay.addWidget(self.banner)

        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Location", "Kind", "Title (optional)"])
        self.table.horizontalHeader().setSectionResizeMode(self.COL_LOCATION, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(self.COL_KIND, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(self.COL_TITLE, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(self.COL_TITLE, 200)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName("Documents to load")
        lay.addWidget(self.table, 1)

        btns = QHBoxLayout()
        self.add_files_btn = QPushButton("Add &files…")
        self.add_folder_btn = QPushButton("Add f&older…")
        self.add_manifest_btn = QPushButton("Add &manifest…")
        self.add_url_btn = QPushButton("Add &URL…")
        self.remove_btn = QPushButton("&Remove")
        for b in (self.add_files_btn, self.add_folder_btn, self.add_manifest_btn, self.add_url_btn, self.remove_btn):
            btns.addWidget(b)
        btns.addStretch(1)
        lay.addLayout(btns)
        self.add_files_btn.clicked.connect(self._pick_files)
        self.add_folder_btn.clicked.connect(self._pick_folder)
        self.add_manifest_btn.clicked.connect(self._pick_manifest)
        self.add_url_btn.clicked.connect(self._ask_url)
        self.remove_btn.clicked.connect(self.remove_selected)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table).activated.connect(self.remove_selected)

        form = QFormLayout()
        self.company_edit = QLineEdit(company)
        self.company_edit.setPlaceholderText("e.g. BrightCart (detected from the documents if left empty)")
        self.name_edit = QLineEdit(bundle)
        self.name_edit.setPlaceholderText("automatic (from the company or the source)")
        self.name_edit.setReadOnly(editing)
        self.company_edit.textEdited.connect(self._company_edited)
        self.name_edit.textEdited.connect(lambda _t: setattr(self, "_name_touched", True))
        self.force_box = QCheckBox("Load documents even if they do not look like a privacy policy, terms or notice")
        form.addRow("&Company name:", self.company_edit)
        form.addRow("&Bundle name:", self.name_edit)
        form.addRow("", self.force_box)
        lay.addLayout(form)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.load_btn = self.buttons.addButton("Save and re-index" if editing else "&Load", QDialogButtonBox.ButtonRole.AcceptRole)
        self.load_btn.setDefault(True)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)

        for it in items or []:
            self.add_item(it)
        self._update_buttons()
        self.setTabOrder(self.table, self.add_files_btn)

    # rows -----------------------------------------------------------------------------------
    def add_location(self, location: str) -> None:
        location = location.strip()
        if not location:
            return
        if not re.match(r"^https?://", location, re.I):
            location = str(Path(location).expanduser().resolve())
        self.add_item(SourceItem(location))

    def add_item(self, item: SourceItem) -> None:
        for r in range(self.table.rowCount()):
            cell = self.table.item(r, self.COL_LOCATION)
            if cell is not None and cell.text() == item.location:
                return
        row = self.table.rowCount()
        self.table.insertRow(row)
        loc = QTableWidgetItem(item.location)
        loc.setFlags(loc.flags() & ~Qt.ItemFlag.ItemIsEditable)
        loc.setToolTip(item.location)
        self.table.setItem(row, self.COL_LOCATION, loc)
        combo = QComboBox()
        combo.setAccessibleName("Document kind")
        if item.is_container:
            combo.addItem("Set by the folder or manifest", None)
            combo.setEnabled(False)
        else:
            combo.addItem(AUTO, None)
            for key, label in KIND_LABELS.items():
                combo.addItem(label, key)
            if item.kind:
                combo.setCurrentIndex(max(0, combo.findData(item.kind)))
        self.table.setCellWidget(row, self.COL_KIND, combo)
        title = QTableWidgetItem(item.title or "")
        if item.is_container:
            title.setFlags(title.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, self.COL_TITLE, title)
        self._guess_company(item)
        self._update_buttons()

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for r in rows:
            self.table.removeRow(r)
        self._update_buttons()

    def items(self) -> list[SourceItem]:
        out: list[SourceItem] = []
        for r in range(self.table.rowCount()):
            combo = self.table.cellWidget(r, self.COL_KIND)
            kind = combo.currentData() if isinstance(combo, QComboBox) else None
            title_item = self.table.item(r, self.COL_TITLE)
            title = title_item.text().strip() if title_item else ""
            loc = self.table.item(r, self.COL_LOCATION)
            if loc is not None:
                out.append(SourceItem(loc.text(), kind, title or None))
        return out

    def set_kind(self, row: int, kind: str | None) -> None:
        combo = self.table.cellWidget(row, self.COL_KIND)
        if isinstance(combo, QComboBox):
            combo.setCurrentIndex(max(0, combo.findData(kind)))

    # results --------------------------------------------------------------------------------
    def result_spec(self) -> tuple[list[SourceItem], str, str, bool]:
        """(items, bundle name or '', company or '', force)."""
        return self.items(), self.name_edit.text().strip(), self.company_edit.text().strip(), self.force_box.isChecked()

    def _accept(self) -> None:
        items, name, _company, _force = self.result_spec()
        if not items:
            self.banner.show_message("add at least one file, folder, URL or manifest", "error")
            return
        if name and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._\-]{0,63}", name):
            self.banner.show_message("a bundle name uses letters, digits, '.', '-' or '_' (up to 64 characters)", "error")
            return
        self.accept()

    # pickers --------------------------------------------------------------------------------
    def _pick_files(self) -> None:
        files, _ = QFileDialog.getOpenFileNames(self, "Choose policy documents", str(Path.home()), FILE_FILTER)
        for f in files:
            self.add_location(f)

    def _pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Choose a folder of policy documents", str(Path.home()))
        if folder:
            self.add_location(folder)

    def _pick_manifest(self) -> None:
        f, _ = QFileDialog.getOpenFileName(self, "Choose a bundle manifest", str(Path.home()), MANIFEST_FILTER)
        if f:
            self.add_location(f)

    def _ask_url(self) -> None:
        url, ok = QInputDialog.getText(self, "Add a web address", "Address of a policy page (https://…):")
        if ok and url.strip():
            if not re.match(r"^https?://\S+$", url.strip(), re.I):
                self.banner.show_message(f"not a web address: {url.strip()} (it must start with http:// or https://)", "error")
                return
            self.add_location(url.strip())

    # helpers --------------------------------------------------------------------------------
    def _company_edited(self, text: str) -> None:
        if not self._name_touched and not self.name_edit.isReadOnly():
            self.name_edit.setText(bundle_name_for(text) if text.strip() else "")

    def _guess_company(self, item: SourceItem) -> None:
        """Fill the company from a manifest or a GenAIPABench-style file name when nothing was typed."""
        if self.company_edit.text().strip():
            return
        if item.is_url:
            return
        p = Path(item.location)
        m = re.match(r"^([A-Z][A-Za-z0-9&]+)_document\.txt$", p.name)
        if m:
            self.company_edit.setText(m.group(1))
            self._company_edited(m.group(1))

    def _update_buttons(self) -> None:
        has = self.table.rowCount() > 0
        self.load_btn.setEnabled(has)
        self.remove_btn.setEnabled(has)

    # drag and drop ----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        accept_locations(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        for loc in take_locations(event):
            self.add_location(loc)
