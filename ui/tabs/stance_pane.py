"""The stance suite of the Benchmark tab: its options (truth file, policy folders, with or without the model) and its results
(headline figures, the truth × verdict confusion matrix, every question scored).

The suite itself is ``eval.stance``, reached through ``eval.registry`` inside functions only, so a build without it still
starts (the Benchmark tab then leaves the suite out).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from assistant.compose import BADGES

from .. import theme
from ..widgets import heading_label, muted_label, summary_label, tab_page

#: The headline figures, in the order shown, with what each one measures.
FIGURES = {
    "verdict_accuracy": ("Verdict accuracy", "Questions whose verdict equals the truth label (higher is better)"),
    "wrong_verdict_rate": ("Wrong yes / no", "Questions answered Yes or No against the truth: the costly error (lower is better)"),
    "hedge_rate": ("Hedged", "Questions answered Unclear, or without a yes / no verdict (lower is better)"),
    "false_decline_rate": ("False decline", "Yes / no questions answered Not stated or Not applicable (lower is better)"),
    "silent_recognised": ("Silence recognised", "Questions the policy does not address, answered Not stated (higher is better)"),
    "gold_in_evidence": ("Gold quote retrieved", "Answerable questions whose deciding quote was in the evidence found (higher is better)"),
    "gold_in_citations": ("Gold quote cited", "Answerable questions whose deciding quote the answer cites (higher is better)"),
}
ROW_COLUMNS = ("Policy", "Question id", "Question", "Truth", "Verdict", "Correct", "Quote retrieved", "Quote cited", "Seconds")


def stance_suite() -> Any:
    """The stance suite of ``eval.registry``; raises (ImportError, …) when it is not in this build."""
    from eval import registry

    return registry.get("stance")


def default_paths() -> tuple[Path, list[Path]]:
    """The development truth set and the folders holding its policies (GenAIPABench and OPP-115), in the shared data."""
    try:
        st = stance_suite().settings()
        return st.truth[0], list(st.policy_dirs)
    except Exception:  # noqa: BLE001 - no eval: the user chooses the files
        return Path.home() / "stance-truth" / "dev.jsonl", []


def latest_result(reports: Path) -> tuple[dict[str, Any], Path] | None:
    """The newest stance run written under ``reports`` (``stance-*/result.json``), or None."""
    if not reports.is_dir():
        return None
    for path in sorted(reports.glob("stance-*/result.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            result = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(result, dict) and isinstance(result.get("confusion"), dict):
            return result, path.parent
    return None


def fmt_rate(value: Any) -> str:
    return f"{value:.1%}" if isinstance(value, (int, float)) and not isinstance(value, bool) else "—"


def _yes_no(value: Any) -> str:
    return {True: "yes", False: "no"}.get(value, "—")


class StanceOptions(QGroupBox):
    """Where the truth set and its policies are, how many questions, and whether the model writes the answers."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Stance truth set", parent)
        lay = QVBoxLayout(self)
        lay.addWidget(muted_label("Questions with a yes / no / not-stated answer decided by a person from the policy's text; "
                                  "the assistant's verdict is scored against it."))
        form = QFormLayout()
        trow = QHBoxLayout()
        self.truth = QLineEdit()
        self.truth.setAccessibleName("Truth file")
        self.truth.setToolTip("A JSON-lines truth file (one question per line: policy, question, label, evidence)")
        self.truth.textChanged.connect(lambda _t: self.changed.emit())
        self.truth_btn = QToolButton()
        self.truth_btn.setText("…")
        self.truth_btn.setToolTip("Choose the truth file")
        self.truth_btn.setAccessibleName("Choose the truth file")
        self.truth_btn.clicked.connect(self._choose_truth)
        trow.addWidget(self.truth, 1)
        trow.addWidget(self.truth_btn)
        truth_label = QLabel("T&ruth file:")
        truth_label.setBuddy(self.truth)
        form.addRow(truth_label, trow)
        lay.addLayout(form)
        self.folders = QListWidget()
        self.folders.setAccessibleName("Policy folders")
        self.folders.setMaximumHeight(90)
        folders_label = QLabel("Polic&y folders (searched for the files the truth set names):")
        folders_label.setWordWrap(True)
        folders_label.setBuddy(self.folders)
        lay.addWidget(folders_label)
        lay.addWidget(self.folders)
        frow = QHBoxLayout()
        self.add_folder_btn = QPushButton("Add f&older…")
        self.add_folder_btn.clicked.connect(self._add_folder)
        self.remove_folder_btn = QPushButton("R&emove")
        self.remove_folder_btn.clicked.connect(self._remove_folder)
        frow.addWidget(self.add_folder_btn)
        frow.addWidget(self.remove_folder_btn)
        frow.addStretch(1)
        lay.addLayout(frow)
        form2 = QFormLayout()
        self.limit = QSpinBox()
        self.limit.setRange(0, 10_000)
        self.limit.setSpecialValueText("All")
        self.limit.setValue(0)
        self.limit.setAccessibleName("Stance questions")
        self.limit.setToolTip("Ask only the first N questions of the truth file; All = every question (the figures are meant for all)")
        self.limit.valueChanged.connect(lambda _v: self.changed.emit())
        form2.addRow("&Questions:", self.limit)
        lay.addLayout(form2)
        self.no_model = QCheckBox("Without the &model (verdicts only, faster)")
        self.no_model.setToolTip("The verdict is decided from the policy's sentences either way; without the model the answer "
                                 "quotes them instead of phrasing them, which takes a fraction of the time")
        self.no_model.toggled.connect(lambda _b: self.changed.emit())
        lay.addWidget(self.no_model)
        self.reset_defaults()

    def reset_defaults(self) -> None:
        truth, folders = default_paths()
        self.set_options(truth=truth, folders=folders)

    def options(self) -> dict[str, Any]:
        return {
            "truth": [Path(self.truth.text().strip()).expanduser()] if self.truth.text().strip() else [],
            "policy_dirs": [Path(self.folders.item(i).text()) for i in range(self.folders.count())],
            "limit": self.limit.value() or None,
            "use_model": not self.no_model.isChecked(),
        }

    def set_options(self, *, truth: str | Path | None = None, folders: list[str | Path] | list[Path] | None = None,
                    limit: int | None = None, use_model: bool | None = None) -> None:
        if truth is not None:
            self.truth.setText(str(truth))
        if folders is not None:
            self.folders.clear()
            for f in folders:
                self.folders.addItem(str(f))
                self.folders.item(self.folders.count() - 1).setToolTip(str(f))
        if limit is not None:
            self.limit.setValue(limit)
        if use_model is not None:
            self.no_model.setChecked(not use_model)
        self.changed.emit()

    def settings(self) -> Any:
        """The stance suite's settings dataclass as the form sets it."""
        o = self.options()
        st = stance_suite().settings()
        st.truth, st.policy_dirs, st.limit, st.use_model = o["truth"], o["policy_dirs"], o["limit"], o["use_model"]
        return st

    def problem(self) -> str:
        o = self.options()
        return "" if o["truth"] and o["policy_dirs"] else "choose a truth file and at least one policy folder"

    def set_running(self, on: bool) -> None:
        for w in (self.truth, self.truth_btn, self.folders, self.add_folder_btn, self.remove_folder_btn, self.limit, self.no_model):
            w.setEnabled(not on)

    def _choose_truth(self) -> None:
        start = self.truth.text().strip() or str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, "Stance truth file", start, "JSON lines (*.jsonl);;All files (*)")
        if chosen:
            self.truth.setText(chosen)

    def _add_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "A folder of policy files", str(Path.home()))
        if chosen:
            self.folders.addItem(chosen)
            self.folders.item(self.folders.count() - 1).setToolTip(chosen)
            self.changed.emit()

    def _remove_folder(self) -> None:
        row = self.folders.currentRow()
        if row >= 0:
            self.folders.takeItem(row)
            self.changed.emit()


class StanceResults(QWidget):
    """A stance run: headline figures (all questions and without the ambiguous ones), the confusion matrix, every row."""

    export_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.result: dict[str, Any] | None = None
        self.folder: Path | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(heading_label("Stance results", 1.2))
        top.addStretch(1)
        self.export_btn = QPushButton("E&xport report…")
        self.export_btn.setToolTip("Save report.md, rows.csv, result.json and the confusion chart to a folder")
        self.export_btn.setEnabled(False)
        self.export_btn.clicked.connect(self.export_requested.emit)
        top.addWidget(self.export_btn)
        lay.addLayout(top)
        self.summary = summary_label("No stance run yet: choose the truth file and the policy folders on the left and press Start.")
        lay.addWidget(self.summary)
        self.tabs = QTabWidget()
        pl = tab_page(self.tabs, "Verd&icts")
        pl.addWidget(heading_label("Headline figures", 1.05))
        self.figures = self._table(["Figure", "All questions", "Without the ambiguous ones"], "Headline figures")
        pl.addWidget(self.figures)
        pl.addWidget(heading_label("Confusion matrix (rows: truth, columns: the assistant's verdict)", 1.05))
        self.confusion = self._table([], "Confusion matrix: truth by verdict")
        pl.addWidget(self.confusion)
        pl.addStretch(1)
        self.rows = self._table(list(ROW_COLUMNS), "Scored questions")
        self.rows.setSortingEnabled(True)
        self.rows.setToolTip("Hover a verdict for the answer the assistant gave")
        self.tabs.addTab(self.rows, "Questio&ns")
        lay.addWidget(self.tabs, 1)

    @staticmethod
    def _table(headers: list[str], name: str) -> QTableWidget:
        t = QTableWidget(0, len(headers))
        t.setHorizontalHeaderLabels(headers)
        t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        t.setAccessibleName(name)
        t.verticalHeader().setVisible(False)
        t.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        return t

    def clear(self) -> None:
        self.result, self.folder = None, None
        for t in (self.figures, self.confusion, self.rows):
            t.setRowCount(0)
        self.export_btn.setEnabled(False)

    def show_result(self, result: dict[str, Any], folder: Path | None = None) -> None:
        self.result, self.folder = result, folder
        self.export_btn.setEnabled(True)
        model = "with the model" if result.get("model") else "without the model (verdicts only)"
        status = result.get("status", "complete")
        lines = [f"<b>Stance</b> · {result.get('n', 0)} questions over {result.get('policies', 0)} policies · {html.escape(model)} · "
                 f"{html.escape(str(status))} · {result.get('wall_seconds', '—')} s",
                 f"Committed yes / no verdicts: {result.get('committed', 0)} ({result.get('committed_wrong', 0)} wrong)"]
        if folder is not None:
            lines.append(f"<span style='color:{theme.colors().muted}'>Report: {html.escape(str(folder))}</span>")
        self.summary.setText("<br>".join(lines))
        self._fill_figures(result)
        self._fill_confusion(result.get("confusion") or {})
        self._fill_rows(result.get("rows") or [])

    def restyle(self) -> None:
        """Redraw the coloured cells after the palette switched between light and dark."""
        if self.result is not None:
            self.show_result(self.result, self.folder)

    def _fill_figures(self, result: dict[str, Any]) -> None:
        unamb = result.get("unambiguous") or {}
        self.figures.setRowCount(0)
        for key, (label, tip) in FIGURES.items():
            r = self.figures.rowCount()
            self.figures.insertRow(r)
            name = QTableWidgetItem(label)
            name.setToolTip(f"{tip}\n({key})")
            name.setData(Qt.ItemDataRole.UserRole, key)
            self.figures.setItem(r, 0, name)
            self.figures.setItem(r, 1, QTableWidgetItem(fmt_rate(result.get(key))))
            self.figures.setItem(r, 2, QTableWidgetItem(fmt_rate(unamb.get(key))))
        _fit_height(self.figures)

    def _fill_confusion(self, confusion: dict[str, dict[str, int]]) -> None:
        labels = list(confusion)
        stances = list(dict.fromkeys(s for row in confusion.values() for s in row))
        self.confusion.clear()
        self.confusion.setColumnCount(len(stances))
        self.confusion.setRowCount(len(labels))
        self.confusion.setHorizontalHeaderLabels([BADGES.get(s, s) for s in stances])
        self.confusion.setVerticalHeaderLabels([BADGES.get(x, x) for x in labels])
        self.confusion.verticalHeader().setVisible(True)
        c = theme.colors()
        for i, label in enumerate(labels):
            for j, s in enumerate(stances):
                n = int(confusion[label].get(s, 0))
                item = QTableWidgetItem(str(n))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setToolTip(f"truth {BADGES.get(label, label)}, verdict {BADGES.get(s, s)}: {n}")
                if n and s == label:
                    tone = c.verdict_yes  # right
                elif n and s in ("yes", "no"):
                    tone = c.verdict_no  # a committed wrong verdict
                elif n:
                    tone = c.verdict_unclear  # a hedge or a decline
                else:
                    tone = None
                if tone is not None:
                    item.setBackground(QBrush(QColor(tone[0])))
                    item.setForeground(QBrush(QColor(tone[1])))
                if s == label:
                    f = QFont(item.font())
                    f.setBold(True)
                    item.setFont(f)
                self.confusion.setItem(i, j, item)
        _fit_height(self.confusion)

    def _fill_rows(self, rows: list[dict[str, Any]]) -> None:
        self.rows.setSortingEnabled(False)
        self.rows.setRowCount(0)
        c = theme.colors()
        for r in rows:
            n = self.rows.rowCount()
            self.rows.insertRow(n)
            stance = str(r.get("stance") or "")
            correct = stance == r.get("label")
            secs = r.get("seconds")
            cells = [str(r.get("policy", "")), str(r.get("qid", "")), str(r.get("question", "")),
                     BADGES.get(str(r.get("label")), str(r.get("label"))) + (" (ambiguous)" if r.get("ambiguous") else ""),
                     BADGES.get(stance, stance or "—"), "✓" if correct else "✗", _yes_no(r.get("gold_in_evidence")),
                     _yes_no(r.get("gold_in_citations")), f"{secs:.1f}" if isinstance(secs, (int, float)) else "—"]
            for j, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if j == 2:
                    item.setToolTip(text)
                if j == 4:
                    item.setToolTip(str(r.get("answer", "")))
                    bg, fg, _b = c.verdict(stance)
                    item.setBackground(QBrush(QColor(bg)))
                    item.setForeground(QBrush(QColor(fg)))
                self.rows.setItem(n, j, item)
        hdr = self.rows.horizontalHeader()
        hdr.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        self.rows.setColumnWidth(2, 280)
        self.rows.setSortingEnabled(True)

    # read-back (tests, screen readers) -----------------------------------------------------------
    def figure_text(self, key: str, unambiguous: bool = False) -> str:
        for r in range(self.figures.rowCount()):
            item = self.figures.item(r, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == key:
                cell = self.figures.item(r, 2 if unambiguous else 1)
                return cell.text() if cell is not None else ""
        return ""

    def confusion_count(self, label: str, stance: str) -> int | None:
        conf = (self.result or {}).get("confusion") or {}
        labels, stances = list(conf), list(dict.fromkeys(s for row in conf.values() for s in row))
        if label not in labels or stance not in stances:
            return None
        item = self.confusion.item(labels.index(label), stances.index(stance))
        return int(item.text()) if item is not None else None


def _fit_height(t: QTableWidget) -> None:
    """A short table as tall as its rows (no inner scroll bar)."""
    t.resizeRowsToContents()
    h = t.horizontalHeader().sizeHint().height() + sum(t.rowHeight(r) for r in range(t.rowCount())) + 2 * t.frameWidth() + 2
    t.setFixedHeight(h)
