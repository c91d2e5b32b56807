"""Settings tab: model file, GPU layers (with whether offload exists in this build), context, threads, judge, data folder."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from assistant.config import EMBEDDED_MODEL, Settings
from assistant.errors import AssistantError

from .. import theme
from ..context import AppContext
from ..widgets import Banner, heading_label, muted_label

GGUF_FILTER = "GGUF models (*.gguf);;All files (*)"
ORG, APP = "privacy-assistant", "desktop"
HOW_TO_ADD_MODEL = (
    "To use another model, download a GGUF file (for example a small instruction-tuned model in Q4_K_M quantisation) "
    "and choose it under “A GGUF file”. Choose “Embedded model” to go back to the model shipped with the app. "
    "Without a model the assistant still works: answers quote the policy word for word (extractive mode)."
)


def ui_settings() -> QSettings:
    """The app's own preferences (the data folder lives outside the data folder's settings.json)."""
    return QSettings(ORG, APP)


def saved_data_dir() -> str:
    value = ui_settings().value("data_dir", "")
    return str(value) if value else ""


class SettingsTab(QWidget):
    """Edit :class:`assistant.config.Settings`; invalid values are refused with a message."""

    applied = Signal(bool)  # True if the settings were accepted
    data_dir_changed = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        lay = QVBoxLayout(body)
        lay.addWidget(heading_label("Settings", 1.3))
        self.banner = Banner()
        lay.addWidget(self.banner)

        # model ------------------------------------------------------------------------------------
        model_box = QGroupBox("Language model")
        ml = QVBoxLayout(model_box)
        self.embedded_radio = QRadioButton("&Embedded model (shipped with the app; small and fast)")
        self.none_radio = QRadioButton("&No model: extractive mode (answers quote the policy)")
        self.file_radio = QRadioButton("A &GGUF file:")
        self.model_group = QButtonGroup(self)
        for r in (self.embedded_radio, self.none_radio, self.file_radio):
            self.model_group.addButton(r)
            ml.addWidget(r)
        frow = QHBoxLayout()
        self.model_path = QLineEdit()
        self.model_path.setPlaceholderText("/path/to/model.gguf")
        self.model_path.setAccessibleName("Model file")
        self.model_browse = QPushButton("&Browse…")
        self.model_browse.clicked.connect(self._browse_model)
        frow.addSpacing(24)
        frow.addWidget(self.model_path, 1)
        frow.addWidget(self.model_browse)
        ml.addLayout(frow)
        self.model_path.textEdited.connect(lambda _t: self.file_radio.setChecked(True))
        self.model_group.buttonToggled.connect(lambda *_: self._sync_enabled())
        self.status_label = QLabel("Checking the model…")
        self.status_label.setWordWrap(True)
        self.status_label.setAccessibleName("Model status")
        ml.addWidget(self.status_label)
        ml.addWidget(muted_label(HOW_TO_ADD_MODEL))
        lay.addWidget(model_box)

        # performance --------------------------------------------------------------------------------
        perf = QGroupBox("Performance")
        perf_lay = QVBoxLayout(perf)
        gpu_form = QFormLayout()
        form = QFormLayout()
        self.gpu_layers = QSpinBox()
        self.gpu_layers.setRange(-1, 999)
        self.gpu_layers.setSpecialValueText("All layers (-1)")
        self.gpu_layers.setToolTip("Layers to offload to the GPU: 0 = CPU only, -1 = all")
        self.gpu_label = QLabel("Checking whether this build can use a GPU…")
        self.gpu_label.setWordWrap(True)
        self.ctx_size = QSpinBox()
        self.ctx_size.setRange(256, 131072)
        self.ctx_size.setSingleStep(256)
        self.ctx_size.setSuffix(" tokens")
        self.threads = QSpinBox()
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText("Automatic")
        self.max_tokens = QSpinBox()
        self.max_tokens.setRange(8, 2048)
        self.max_tokens.setSuffix(" tokens")
        self.evidence_words = QSpinBox()
        self.evidence_words.setRange(30, 2000)
        self.evidence_words.setSuffix(" words")
        for spin in (self.gpu_layers, self.ctx_size, self.threads, self.max_tokens, self.evidence_words):
            spin.setMinimumWidth(160)
            spin.setMaximumWidth(240)
        gpu_form.addRow("GPU &layers:", self.gpu_layers)
        perf_lay.addLayout(gpu_form)
        perf_lay.addWidget(self.gpu_label)
        perf_lay.addLayout(form)
        form.addRow("&Context size:", self.ctx_size)
        form.addRow("CPU &threads:", self.threads)
        form.addRow("Longest &answer:", self.max_tokens)
        form.addRow("E&vidence per answer:", self.evidence_words)
        gpu_form.setLabelAlignment(form.labelAlignment())
        width = max(QLabel(t).sizeHint().width() for t in ("GPU layers:", "Evidence per answer:", "Longest answer:"))
        for f in (gpu_form, form):
            f.setHorizontalSpacing(12)
            for row in range(f.rowCount()):
                item = f.itemAt(row, QFormLayout.ItemRole.LabelRole)
                label = item.widget() if item is not None else None
                if label is not None:
                    label.setMinimumWidth(width)
        lay.addWidget(perf)

        # judge --------------------------------------------------------------------------------------
        judge = QGroupBox("Benchmark judge")
        jl = QVBoxLayout(judge)
        jrow = QHBoxLayout()
        self.judge_kind = QComboBox()
        self.judge_kind.addItem("No LLM judge (automatic metrics only)", "")
        self.judge_kind.addItem("Embedded model (runs, but its verdicts are not trustworthy)", EMBEDDED_MODEL)
        self.judge_kind.addItem("A GGUF file", "file")
        self.judge_kind.setAccessibleName("Judge model")
        self.judge_path = QLineEdit()
        self.judge_path.setPlaceholderText("/path/to/judge.gguf")
        self.judge_path.setAccessibleName("Judge model file")
        self.judge_path.textEdited.connect(lambda _t: self.judge_kind.setCurrentIndex(2))
        self.judge_browse = QPushButton("Bro&wse…")
        self.judge_browse.clicked.connect(self._browse_judge)
        jrow.addWidget(self.judge_kind)
        jrow.addWidget(self.judge_path, 1)
        jrow.addWidget(self.judge_browse)
        jl.addLayout(jrow)
        jl.addWidget(muted_label("The benchmark always computes its automatic metrics; an LLM judge also grades each answer against the "
                                 "expert reference on the paper's five metrics. A larger instruction-tuned judge is far more reliable "
                                 "than the small embedded model."))
        lay.addWidget(judge)

        # data ---------------------------------------------------------------------------------------
        data = QGroupBox("Data folder")
        dl = QVBoxLayout(data)
        drow = QHBoxLayout()
        self.data_dir = QLineEdit()
        self.data_dir.setAccessibleName("Data folder")
        self.data_browse = QPushButton("Choose &folder…")
        self.data_browse.clicked.connect(self._browse_data)
        drow.addWidget(self.data_dir, 1)
        drow.addWidget(self.data_browse)
        dl.addLayout(drow)
        dl.addWidget(muted_label("Bundles, conversations, benchmark results and settings are kept here, on this computer only."))
        lay.addWidget(data)

        brow = QHBoxLayout()
        self.apply_btn = QPushButton("&Apply")
        self.apply_btn.setDefault(True)
        self.revert_btn = QPushButton("&Revert")
        self.apply_btn.clicked.connect(lambda: self.apply())
        self.revert_btn.clicked.connect(self.load)
        brow.addStretch(1)
        brow.addWidget(self.revert_btn)
        brow.addWidget(self.apply_btn)
        lay.addLayout(brow)
        lay.addStretch(1)

        ctx.assistant_ready.connect(self.load)
        ctx.model_status_changed.connect(self.show_status)
        self.load()

    # fields -------------------------------------------------------------------------------------
    def load(self) -> None:
        a = self.ctx.assistant
        self.setEnabled(a is not None)
        if a is None:
            return
        s = a.settings
        if s.model_path == EMBEDDED_MODEL:
            self.embedded_radio.setChecked(True)
            self.model_path.clear()
        elif not s.model_path:
            self.none_radio.setChecked(True)
            self.model_path.clear()
        else:
            self.file_radio.setChecked(True)
            self.model_path.setText(s.model_path)
        self.gpu_layers.setValue(s.n_gpu_layers)
        self.ctx_size.setValue(s.n_ctx)
        self.threads.setValue(s.n_threads)
        self.max_tokens.setValue(s.max_answer_tokens)
        self.evidence_words.setValue(s.evidence_words)
        self.set_judge(s.judge_model_path)
        self.data_dir.setText(str(a.home))
        self._sync_enabled()
        if self.ctx.model_status:
            self._render_status(self.ctx.model_status)

    def _sync_enabled(self) -> None:
        custom = self.file_radio.isChecked()
        self.model_path.setEnabled(True)
        self.model_browse.setEnabled(True)
        if not custom:
            self.model_path.setPlaceholderText("/path/to/model.gguf (select “A GGUF file” to use it)")

    def current(self) -> Settings:
        """The settings the form shows (not yet validated)."""
        if self.embedded_radio.isChecked():
            model = EMBEDDED_MODEL
        elif self.none_radio.isChecked():
            model = ""
        else:
            model = self.model_path.text().strip()
        return Settings(model_path=model, n_gpu_layers=self.gpu_layers.value(), n_ctx=self.ctx_size.value(),
                        n_threads=self.threads.value(), max_answer_tokens=self.max_tokens.value(),
                        judge_model_path=self.judge_spec(), evidence_words=self.evidence_words.value())

    def apply(self) -> bool:
        """Validate and apply; on a bad value show why and keep the old settings."""
        a = self.ctx.assistant
        if a is None:
            return False
        s = self.current()
        if self.file_radio.isChecked() and not s.model_path:
            self.banner.show_message("choose a GGUF model file, or select the embedded model or no model", "error")
            self.applied.emit(False)
            return False
        if self.judge_kind.currentData() == "file" and not s.judge_model_path:
            self.banner.show_message("choose a GGUF file for the judge, or select no judge or the embedded model", "error")
            self.applied.emit(False)
            return False
        if s.judge_model_path not in ("", EMBEDDED_MODEL) and not Path(s.judge_model_path).expanduser().is_file():
            self.banner.show_message(f"judge model file not found: {s.judge_model_path}", "error")
            self.applied.emit(False)
            return False
        new_dir = self.data_dir.text().strip()
        try:
            a.update_settings(s)
        except AssistantError as exc:
            self.banner.show_message(str(exc), "error")
            self.applied.emit(False)
            return False
        except (OSError, ValueError) as exc:
            self.banner.show_message(f"cannot save the settings: {exc}", "error")
            self.applied.emit(False)
            return False
        self.status_label.setText("Loading the model…")
        self._checking = True
        self.load()
        if new_dir and Path(new_dir).expanduser().resolve() != Path(a.home).resolve():
            self.banner.show_message("Settings saved. Switching to the new data folder (it keeps its own bundles and settings)…", "info")
            self.data_dir_changed.emit(str(Path(new_dir).expanduser().resolve()))
        else:
            self.banner.show_message("Settings saved. Checking the model…", "info")
            self.ctx.check_model()
        self.applied.emit(True)
        return True

    def show_status(self, status: dict[str, Any]) -> None:
        """A new model status arrived (after start-up or Apply)."""
        if getattr(self, "_checking", False):
            self._checking = False
            if status.get("mode") == "generative":
                self.banner.show_message(f"Settings saved; answers are written by {status.get('model')}.", "info")
            else:
                self.banner.show_message(f"Settings saved, but no model could be loaded ({status.get('error') or 'none chosen'}): "
                                         "the assistant answers in extractive mode.", "warning")
        self._render_status(status)

    def _render_status(self, status: dict[str, Any]) -> None:
        c = theme.colors()
        if status.get("mode") == "generative":
            text = f"✔ Answers are written by <b>{html.escape(str(status.get('model')))}</b> and checked against the policy."
            if status.get("notice"):
                text += f"<br>{html.escape(status['notice'])}"
            self.status_label.setStyleSheet("")
        else:
            reason = status.get("error") or "no model configured"
            text = (f"⚠ No language model is in use (<b>{html.escape(str(reason))}</b>). The assistant runs in extractive mode: "
                    "answers quote the policy word for word, with citations.")
            self.status_label.setStyleSheet(f"color: {c.error_fg if status.get('error') not in (None, 'no model configured') else c.muted};")
        self.status_label.setText(text)
        if status.get("gpu_offload_available"):
            self.gpu_label.setText("✔ GPU offload is available in this build: set the number of layers to move to the GPU (-1 = all).")
            self.gpu_label.setStyleSheet("")
        else:
            self.gpu_label.setText("✘ GPU offload is not available in this build of llama-cpp-python: the model runs on the CPU whatever "
                                   "this is set to. Install a CUDA, Metal or Vulkan build of llama-cpp-python to use a GPU.")
            self.gpu_label.setStyleSheet(f"color: {c.muted};")

    def set_judge(self, spec: str) -> None:
        if spec in ("", EMBEDDED_MODEL):
            self.judge_kind.setCurrentIndex(self.judge_kind.findData(spec))
            self.judge_path.clear()
        else:
            self.judge_kind.setCurrentIndex(2)
            self.judge_path.setText(spec)

    def judge_spec(self) -> str:
        kind = self.judge_kind.currentData()
        return self.judge_path.text().strip() if kind == "file" else str(kind or "")

    # pickers --------------------------------------------------------------------------------------
    def _browse_model(self) -> None:
        start = self.model_path.text() or str(Path.home())
        f, _ = QFileDialog.getOpenFileName(self, "Choose a GGUF model", start, GGUF_FILTER)
        if f:
            self.model_path.setText(f)
            self.file_radio.setChecked(True)

    def _browse_judge(self) -> None:
        f, _ = QFileDialog.getOpenFileName(self, "Choose a judge model", self.judge_path.text() or str(Path.home()), GGUF_FILTER)
        if f:
            self.judge_path.setText(f)
            self.judge_kind.setCurrentIndex(2)

    def _browse_data(self) -> None:
        d = QFileDialog.getExistingDirectory(self, "Choose the data folder", self.data_dir.text() or str(Path.home()))
        if d:
            self.data_dir.setText(d)


def remember_data_dir(path: str) -> None:
    """Open ``path`` as the data folder on the next start (unless PRIVACY_ASSISTANT_HOME says otherwise)."""
    ui_settings().setValue("data_dir", path)
