"""The Benchmark tab's suite forms: the replay form (GenAIPABench's documents, initializations, runs, paraphrases, judge)
and a generic form (and result view) built from any suite's settings dataclass, so a newly registered suite shows up at once.

Each form edits a suite's settings dataclass (``suite.settings()``); the suites come from ``eval.registry``.
"""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from assistant.config import EMBEDDED_MODEL

from ..widgets import heading_label, muted_label, summary_label
from .bench_runs import fmt

INIT_LABELS = {
    "cn": "Company name only (closed book)",
    "pd": "Policy document (normal mode)",
    "pd-seg": "Policy in the paper's segments",
    "summary-cn": "Summary from the company name",
    "summary-pd": "Summary of the policy",
}
NEEDS_MODEL = {"cn", "summary-cn"}


class ReplayOptions(QWidget):
    """Documents, initializations, runs, questions, paraphrases and judge of a GenAIPABench-style replay."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.suite: Any = None
        gl = QVBoxLayout(self)
        gl.setContentsMargins(0, 0, 0, 0)
        pol_box = QGroupBox("Documents")
        pl = QVBoxLayout(pol_box)
        self.policies = QListWidget()
        self.policies.setAccessibleName("Documents to ask about")
        self.policies.setMaximumHeight(140)
        self.policies.itemChanged.connect(lambda _i: self.changed.emit())
        pl.addWidget(self.policies)
        gl.addWidget(pol_box)
        init_box = QGroupBox("Initializations")
        self.init_layout = QVBoxLayout(init_box)
        self.init_boxes: dict[str, QCheckBox] = {}
        gl.addWidget(init_box)
        form = QFormLayout()
        self.runs = QSpinBox()
        self.runs.setRange(1, 20)
        self.runs.setValue(1)
        self.runs.setToolTip("Each run shuffles the questions with its own seed (the paper uses several runs)")
        self.limit = QSpinBox()
        self.limit.setRange(0, 500)
        self.limit.setSpecialValueText("All")
        self.limit.setValue(4)
        self.limit.setToolTip("How many questions (spread over the categories); All = the whole bank")
        self.paraphrases = QCheckBox("Also ask the &paraphrases")
        self.paraphrases.setToolTip("Each question has three paraphrases: asking them too measures consistency")
        self.judge = QComboBox()
        self.judge.setAccessibleName("Judge model")
        self.runs.valueChanged.connect(lambda _v: self.changed.emit())
        self.limit.valueChanged.connect(lambda _v: self.changed.emit())
        self.judge.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.paraphrases.toggled.connect(lambda _b: self.changed.emit())
        form.addRow("&Runs:", self.runs)
        form.addRow("&Questions:", self.limit)
        form.addRow("", self.paraphrases)
        form.addRow("&Judge:", self.judge)
        gl.addLayout(form)

    def set_suite(self, suite: Any, no_model: bool) -> None:
        """Offer the suite's documents (the first one checked) and initializations (its defaults checked)."""
        self.suite = suite
        choices = suite.choices
        self.policies.blockSignals(True)
        self.policies.clear()
        for i, (key, label) in enumerate(choices.get("documents", [])):
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if i == 0 else Qt.CheckState.Unchecked)
            self.policies.addItem(item)
        self.policies.blockSignals(False)
        for box in self.init_boxes.values():
            box.setParent(None)
            box.deleteLater()
        self.init_boxes = {}
        defaults = set(choices.get("default_inits", []))
        for key, desc in choices.get("inits", []):
            box = QCheckBox(f"{INIT_LABELS.get(key, key)}  [{key}]")
            box.setToolTip(str(desc))
            box.setChecked(key in defaults)
            box.toggled.connect(lambda _b: self.changed.emit())
            self.init_layout.addWidget(box)
            self.init_boxes[key] = box
        self.update_inits_enabled(no_model)

    def update_inits_enabled(self, no_model: bool) -> None:
        """Closed-book initializations need a language model: off (and explained) without one."""
        descriptions = dict((self.suite.choices if self.suite is not None else {}).get("inits", []))
        for key, box in self.init_boxes.items():
            if key in NEEDS_MODEL and no_model:
                box.setChecked(False)
                box.setEnabled(False)
                box.setToolTip("Needs a language model (closed book); see Settings")
            else:
                box.setEnabled(True)
                box.setToolTip(str(descriptions.get(key, key)))
        self.changed.emit()

    def fill_judges(self, custom: str) -> None:
        """No judge, the embedded model, and the judge model chosen in Settings (``custom``)."""
        keep = self.judge.currentData()
        self.judge.clear()
        self.judge.addItem("No LLM judge (automatic metrics only)", "")
        self.judge.addItem("Embedded model (runs, but not a trustworthy judge)", EMBEDDED_MODEL)
        if custom and custom != EMBEDDED_MODEL:
            self.judge.addItem(f"{Path(custom).name} (from Settings)", custom)
        idx = self.judge.findData(keep if keep is not None else (custom or ""))
        self.judge.setCurrentIndex(max(0, idx))

    def settings(self) -> Any:
        """The suite's settings dataclass as the form sets it."""
        cfg = self.suite.settings()
        cfg.policies = [self.policies.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.policies.count())
                        if self.policies.item(i).checkState() == Qt.CheckState.Checked]
        cfg.inits = [k for k, b in self.init_boxes.items() if b.isChecked()]
        cfg.runs = self.runs.value()
        cfg.limit = self.limit.value() or None
        cfg.paraphrases = self.paraphrases.isChecked()
        cfg.judge = self.judge.currentData() or ""
        return cfg

    def problem(self) -> str:
        cfg = self.settings()
        return "" if cfg.policies and cfg.inits else "choose at least one document and one initialization"

    def set_options(self, *, policies: list[str] | None = None, inits: list[str] | None = None, runs: int | None = None,
                    limit: int | None = None, paraphrases: bool | None = None, judge: str | None = None) -> None:
        if policies is not None:
            for i in range(self.policies.count()):
                it = self.policies.item(i)
                it.setCheckState(Qt.CheckState.Checked if it.data(Qt.ItemDataRole.UserRole) in policies else Qt.CheckState.Unchecked)
        if inits is not None:
            for k, b in self.init_boxes.items():
                b.setChecked(k in inits)
        if runs is not None:
            self.runs.setValue(runs)
        if limit is not None:
            self.limit.setValue(limit)
        if paraphrases is not None:
            self.paraphrases.setChecked(paraphrases)
        if judge is not None:
            idx = self.judge.findData(judge)
            if idx < 0:
                self.judge.addItem(Path(judge).name, judge)
                idx = self.judge.count() - 1
            self.judge.setCurrentIndex(idx)

    def set_running(self, on: bool, no_model: bool) -> None:
        for w in (self.policies, self.runs, self.limit, self.paraphrases, self.judge, *self.init_boxes.values()):
            w.setEnabled(not on)
        if not on:
            self.update_inits_enabled(no_model)


class GenericOptions(QGroupBox):
    """A form built from a suite's settings dataclass: numbers, switches, text, paths and lists (comma-separated)."""

    changed = Signal()

    def __init__(self, suite: Any, parent: QWidget | None = None):
        super().__init__(suite.title, parent)
        self.suite = suite
        self.fields: dict[str, tuple[Any, QWidget]] = {}
        form = QFormLayout(self)
        for f in dataclasses.fields(suite.settings()):
            value = getattr(suite.settings(), f.name)
            w: QWidget
            if isinstance(value, bool):
                w = QCheckBox()
                w.setChecked(value)
                w.toggled.connect(lambda _b: self.changed.emit())
            elif isinstance(value, int) or (value is None and "limit" in f.name):
                w = QSpinBox()
                w.setRange(0, 1_000_000)
                w.setSpecialValueText("All" if value is None else "")
                w.setValue(value or 0)
                w.valueChanged.connect(lambda _v: self.changed.emit())
            else:
                w = QLineEdit(", ".join(map(str, value)) if isinstance(value, list) else "" if value is None else str(value))
                w.textChanged.connect(lambda _t: self.changed.emit())
            w.setAccessibleName(f.name.replace("_", " "))
            self.fields[f.name] = (value, w)
            form.addRow(f"{f.name.replace('_', ' ').capitalize()}:", w)

    def settings(self) -> Any:
        st = self.suite.settings()
        for name, (default, w) in self.fields.items():
            if isinstance(w, QCheckBox):
                setattr(st, name, w.isChecked())
            elif isinstance(w, QSpinBox):
                setattr(st, name, w.value() or (None if default is None else 0))
            elif isinstance(w, QLineEdit):
                text = w.text().strip()
                if isinstance(default, list):
                    items = [t.strip() for t in text.split(",") if t.strip()]
                    setattr(st, name, [Path(t) for t in items] if default and isinstance(default[0], Path) else items)
                elif isinstance(default, Path):
                    setattr(st, name, Path(text).expanduser())
                else:
                    setattr(st, name, text or (None if default is None else ""))
        return st

    def problem(self) -> str:
        return ""

    def set_running(self, on: bool) -> None:
        for _default, w in self.fields.values():
            w.setEnabled(not on)


class GenericResults(QWidget):
    """A suite's key figures (``suite.summary``) and where its report was written."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(heading_label("Results", 1.2))
        self.summary = summary_label("No results yet: choose the options on the left and press Start.")
        lay.addWidget(self.summary)
        self.note = muted_label("")
        lay.addWidget(self.note)
        lay.addStretch(1)
        self.result: Any = None

    def show_result(self, suite: Any, result: Any, folder: Path | None) -> None:
        self.result = result
        rows = "".join(f"<tr><td>{html.escape(str(k).replace('_', ' '))}</td><td>{html.escape(fmt(v, 4))}</td></tr>"
                       for k, v in suite.summary(result).items())
        self.summary.setText(f"<b>{html.escape(suite.title)}</b><table cellpadding='3'>{rows}</table>")
        self.note.setText(f"Report: {folder}" if folder is not None else "")
