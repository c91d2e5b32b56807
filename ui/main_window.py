"""The main window: a bundle picker, six tabs (Bundles, Ask, Overview, Documents, Benchmark, Settings), a job bar, About."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from . import theme
from .add_bundle_dialog import accept_locations, take_locations
from .backend import CiteTarget
from .context import AppContext
from .ops import cancel_job, run_op, show_progress
from .tabs.ask import AskTab
from .tabs.benchmark import BenchmarkTab
from .tabs.bundles import BundlesTab
from .tabs.documents import DocumentsTab
from .tabs.overview import OverviewTab
from .tabs.settings import HOW_TO_ADD_MODEL, SettingsTab, remember_data_dir
from .widgets import Banner, ProgressStrip
from .worker import Job

if TYPE_CHECKING:
    from assistant.config import Settings
    from assistant.core import Assistant
    from assistant.index_health import IndexReport

APP_TITLE = "Privacy Assistant"
ICON_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons"


def app_icon() -> QIcon:
    icon = QIcon()
    for name in ("privacy-assistant.svg", "privacy-assistant-256.png", "privacy-assistant-64.png"):
        p = ICON_DIR / name
        if p.is_file():
            icon.addFile(str(p))
    return icon


class MainWindow(QMainWindow):
    """The app. Pass an :class:`Assistant` (tests), or let the window create one on the job queue over ``home``
    (the data folder; ``None``: the default one), with ``settings`` (``None``: the folder's ``settings.json``)."""

    #: How long closing waits for the running job to notice its cancel.
    close_wait_ms = 15000

    def __init__(self, assistant: Assistant | None = None, *, home: str | Path | None = None, settings: Settings | None = None,
                 load_sample_if_empty: bool = True, check_model: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(app_icon())
        self.setAcceptDrops(True)
        self.resize(1180, 780)
        self.setMinimumSize(QSize(760, 520))
        self._owns_assistant = assistant is None
        self._load_sample_if_empty = load_sample_if_empty
        self._check_model = check_model
        self.ctx = AppContext(None, parent=self)

        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(8, 6, 8, 0)
        header = QHBoxLayout()
        self.bundle_label = QLabel("&Bundle:")
        self.bundle_combo = QComboBox()
        self.bundle_combo.setMinimumContentsLength(24)
        self.bundle_combo.setAccessibleName("Current bundle")
        self.bundle_combo.setToolTip("The bundle the Ask and Documents tabs are about")
        self.bundle_label.setBuddy(self.bundle_combo)
        self.bundle_combo.currentIndexChanged.connect(self._combo_changed)
        self.model_chip = QLabel("Starting…")
        self.model_chip.setAccessibleName("Answer mode")
        header.addWidget(self.bundle_label)
        header.addWidget(self.bundle_combo)
        header.addStretch(1)
        header.addWidget(self.model_chip)
        lay.addLayout(header)
        # the vector index disagrees with the stored documents (checked at start-up): say so, offer to rebuild it
        self.index_banner = Banner()
        self.rebuild_index_btn = QPushButton("Rebuild index")
        self.rebuild_index_btn.setToolTip("Embed the stored passages again; progress and Cancel in the status bar")
        self.rebuild_index_btn.clicked.connect(self.rebuild_index)
        banner_layout = self.index_banner.layout()
        assert isinstance(banner_layout, QHBoxLayout)
        banner_layout.insertWidget(1, self.rebuild_index_btn, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.index_banner)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.bundles_tab = BundlesTab(self.ctx)
        self.ask_tab = AskTab(self.ctx)
        self.documents_tab = DocumentsTab(self.ctx)
        self.overview_tab = OverviewTab(self.ctx)
        self.benchmark_tab = BenchmarkTab(self.ctx)
        self.settings_tab = SettingsTab(self.ctx)
        self.tabs.addTab(self.bundles_tab, "B&undles")
        self.tabs.addTab(self.ask_tab, "&Ask")
        self.tabs.addTab(self.documents_tab, "&Documents")
        self.tabs.addTab(self.overview_tab, "&Overview")
        self.tabs.addTab(self.benchmark_tab, "Ben&chmark")
        self.tabs.addTab(self.settings_tab, "Se&ttings")
        for i, tip in enumerate(["Load and manage policy bundles (Ctrl+1)", "Ask questions about the current bundle (Ctrl+2)",
                                 "Read the documents, with citations highlighted (Ctrl+3)",
                                 "The bundle's report card: legal checklist, data practices, readability (Ctrl+4)",
                                 "Grade the assistant on GenAIPABench (Ctrl+5)", "Model, performance and data folder (Ctrl+6)"]):
            self.tabs.setTabToolTip(i, tip)
        self.tabs.currentChanged.connect(self._tab_changed)
        lay.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        # status bar: messages + a job no tab shows (start-up, model check, search), with its Cancel ---------
        sb = self.statusBar()
        self.job_strip = ProgressStrip()
        self.job_strip.bar.setMaximumWidth(180)
        self.job_strip.bar.setMaximumHeight(16)
        self.job_strip.label.setMinimumWidth(0)
        sb.addPermanentWidget(self.job_strip)
        self._job: Job | None = None
        self.job_strip.cancel_requested.connect(self._status_cancel)
        self.ctx.jobs.job_started.connect(self._job_started)
        self.ctx.jobs.job_ended.connect(self._job_ended)
        self.ctx.status_message.connect(lambda m: sb.showMessage(m, 8000))
        self.ctx.error.connect(lambda m: sb.showMessage(f"Error: {m}", 15000))

        self._menus()
        self.ctx.bundles_changed.connect(self._fill_bundle_combo)
        self.ctx.current_bundle_changed.connect(self._select_combo)
        self.ctx.open_citation.connect(self.open_citation)
        self.ctx.open_trust_run.connect(self.open_trust_run)
        self.ctx.model_status_changed.connect(self._model_chip)
        self.ctx.assistant_ready.connect(self._ready)
        self.settings_tab.data_dir_changed.connect(self.switch_data_dir)

        if assistant is not None:
            self.ctx.set_assistant(assistant)
        else:
            self._start_assistant(Path(home) if home else None, settings)

    # start-up -----------------------------------------------------------------------------------
    def _start_assistant(self, home: Path | None = None, settings: Settings | None = None, switching: bool = False) -> None:
        """Open the assistant on ``home`` off the GUI thread (the facade reads that folder's settings.json)."""
        self.statusBar().showMessage("Opening the data folder…")

        def make(_c: Any) -> Any:
            from assistant.core import Assistant

            return Assistant(home=home, settings=settings)

        def made(assistant: Assistant) -> None:
            if switching:
                remember_data_dir(str(assistant.home))
                self.ctx.status_message.emit(f"Now using the data folder {assistant.home}")
            self._assistant_made(assistant)

        def failed(message: str) -> None:
            if self.ctx.assistant is not None:  # switching folders failed: keep the current one
                self.settings_tab.banner.show_message(f"cannot use that data folder: {message}", "error")
                self.settings_tab.load()
                return
            self.model_chip.setText("Not started")
            QMessageBox.critical(self, APP_TITLE, f"The assistant could not start:\n\n{message}\n\n"
                                 "Choose another data folder with PRIVACY_ASSISTANT_HOME or fix the permissions, then restart.")

        run_op(self.ctx.jobs, "Starting", make, made, on_failed=failed)

    def _assistant_made(self, assistant: Assistant) -> None:
        old = self.ctx.assistant
        self.ctx.set_assistant(assistant)
        if old is not None and self._owns_assistant:
            # close it on the queue, after any job still holding it
            run_op(self.ctx.jobs, "Closing the previous data folder", lambda _c: old.close(), on_failed=lambda _m: None)
        self._owns_assistant = True

    def _ready(self) -> None:
        self.statusBar().showMessage(f"Data folder: {self.ctx.assistant.home}" if self.ctx.assistant else "", 6000)
        self.check_index()
        if self._check_model:
            self.ctx.check_model()
        if not self.ctx.bundles and self._load_sample_if_empty:
            self.tabs.setCurrentWidget(self.bundles_tab)
            if self.bundles_tab.load_sample() is not None:
                self.bundles_tab.job_done.connect(self._first_sample_loaded)
        elif self.ctx.bundles and self.tabs.currentWidget() is self.bundles_tab:
            self.tabs.setCurrentWidget(self.ask_tab)

    # the vector index -------------------------------------------------------------------------------
    def check_index(self) -> None:
        """Compare the vector index with the stored passages in the background; a problem shows the banner."""
        a = self.ctx.assistant
        self.index_banner.hide()
        if a is not None:
            run_op(self.ctx.jobs, "Checking the index", lambda _c: a.check_index(), self._index_checked,
                   on_failed=lambda m: self._index_problem(f"the index could not be checked: {m}"), on_cancelled=lambda _m: None)

    def _index_checked(self, report: IndexReport) -> None:
        if report.healthy:
            self.index_banner.hide()
        else:
            self._index_problem("; ".join(report.problems()))

    def _index_problem(self, what: str) -> None:
        self.index_banner.show_message(f"The search index disagrees with the stored documents ({what}). Answers would miss "
                                       "passages until it is rebuilt from the stored text.", "warning")
        self.rebuild_index_btn.show()
        self.rebuild_index_btn.setEnabled(True)

    def rebuild_index(self) -> None:
        """Rebuild the vector index from the stored text, with the status bar's one progress display and Cancel."""
        a = self.ctx.assistant
        if a is None:
            return
        self.rebuild_index_btn.setEnabled(False)

        def done(report: IndexReport) -> None:
            if report.healthy:
                self.rebuild_index_btn.hide()
                self.index_banner.show_message(f"The index is rebuilt: {report.repaired} passages embedded again, "
                                               f"{report.dropped} stale entries dropped.", "info")
            else:
                self._index_problem("; ".join(report.problems()))

        def cancelled(_message: str) -> None:
            self._index_problem("rebuilding was cancelled; what was rebuilt is kept, Rebuild index finishes it")

        run_op(self.ctx.jobs, "Rebuilding the index", lambda cancel: a.repair_index(cancel), done,
               on_failed=lambda m: self._index_problem(f"rebuilding failed: {m}"), on_cancelled=cancelled)

    def _first_sample_loaded(self, state: str) -> None:
        """On first start, once the sample is in, show the chat with its starter questions."""
        self.bundles_tab.job_done.disconnect(self._first_sample_loaded)
        if state == "finished" and self.tabs.currentWidget() is self.bundles_tab:
            self.tabs.setCurrentWidget(self.ask_tab)
            self.statusBar().showMessage("The BrightCart sample is loaded: ask it a question, or add your own documents in Bundles", 10000)

    def switch_data_dir(self, path: str) -> None:
        """Use another data folder from now on (remembered for the next start)."""
        self._start_assistant(Path(path), switching=True)  # queued after any running job, which finishes on the old folder

    # menus & shortcuts ----------------------------------------------------------------------------
    def _menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        add = QAction("&Add documents…", self)
        add.setShortcut(QKeySequence(QKeySequence.StandardKey.Open))
        add.triggered.connect(self._add_documents)
        export = QAction("&Export conversation…", self)
        export.setShortcut(QKeySequence("Ctrl+E"))
        export.triggered.connect(lambda: self.ask_tab.export_conversation())
        quit_ = QAction("&Quit", self)
        quit_.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))
        quit_.triggered.connect(self.close)
        for a in (add, export):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(quit_)
        view = mb.addMenu("&View")
        for i, name in enumerate(["Bundles", "Ask", "Documents", "Overview", "Benchmark", "Settings"]):
            act = QAction(name, self)
            act.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            act.triggered.connect(lambda _=False, idx=i: self.tabs.setCurrentIndex(idx))
            view.addAction(act)
        help_menu = mb.addMenu("&Help")
        how = QAction("How to add a &model", self)
        how.triggered.connect(lambda: QMessageBox.information(self, "Adding a model", HOW_TO_ADD_MODEL))
        about = QAction("&About", self)
        about.triggered.connect(self._about)
        help_menu.addAction(how)
        help_menu.addAction(about)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self).activated.connect(self.cancel_current)

    def _add_documents(self) -> None:
        self.tabs.setCurrentWidget(self.bundles_tab)
        self.bundles_tab.open_add_dialog()

    def _about(self) -> QMessageBox:
        """The About box: what the app is, its version and data folder, and a button for the licences."""
        from assistant import __version__

        home = self.ctx.assistant.home if self.ctx.assistant else "?"
        box = QMessageBox(self)
        box.setWindowTitle(f"About {APP_TITLE}")
        box.setIconPixmap(app_icon().pixmap(64, 64))
        box.setText(f"<b>{APP_TITLE}</b> {__version__}<p>Ask a site's privacy policy, terms and notices questions; every answer "
                    f"cites the sections it rests on. Everything runs on this computer: no document or question leaves it.</p>"
                    f"<p>Data folder: {html.escape(str(home))}</p><p>MIT licence. The embedded model is Gemma 3 270M, "
                    f"provided under and subject to the Gemma Terms of Use.</p>")
        licences = box.addButton("&Licences and notices…", QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        licences.clicked.disconnect()  # keep the box open while the notices are read
        licences.clicked.connect(self.show_licences)
        box.open()
        return box

    def show_licences(self) -> QDialog:
        """The app's licence and every third-party notice it ships, one tab each."""
        from assistant.paths import licence_texts

        dialog = QDialog(self)
        dialog.setWindowTitle("Licences and notices")
        dialog.resize(820, 640)
        lay = QVBoxLayout(dialog)
        tabs = QTabWidget()
        for title, text in licence_texts():
            view = QTextBrowser()
            view.setOpenExternalLinks(True)
            if title == "Third-party notices":
                view.setMarkdown(text)
            else:
                view.setPlainText(text)
            tabs.addTab(view, title)
        lay.addWidget(tabs)
        close = QPushButton("Close")
        close.clicked.connect(dialog.accept)
        lay.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        dialog.open()
        return dialog

    def restyle(self) -> None:
        """Re-apply the app's own colours after the system switched between light and dark."""
        from .tabs.ask import MessageBubble
        from .widgets import Banner, Chip

        for bubble in self.findChildren(MessageBubble):
            bubble.restyle()
        for chip in self.findChildren(Chip):
            chip.restyle()
        for banner in self.findChildren(Banner):
            if banner.isVisible():
                banner.show_message(banner.text().removeprefix("Error: "), banner.level)
        if self.ctx.model_status:
            self._model_chip(self.ctx.model_status)
        if self.documents_tab.target is not None:
            self.documents_tab.show_citation(self.documents_tab.target)
        self.benchmark_tab.stance_results.restyle()

    # bundle picker --------------------------------------------------------------------------------
    def _fill_bundle_combo(self) -> None:
        self.bundle_combo.blockSignals(True)
        self.bundle_combo.clear()
        for b in self.ctx.bundles:
            self.bundle_combo.addItem(f"{b.company} ({b.name})" if b.company.lower() != b.name else b.company, b.name)
        idx = self.bundle_combo.findData(self.ctx.current_bundle)
        self.bundle_combo.setCurrentIndex(idx)
        self.bundle_combo.setEnabled(self.bundle_combo.count() > 0)
        if self.bundle_combo.count() == 0:
            self.bundle_combo.setPlaceholderText("no bundle loaded")
        self.bundle_combo.blockSignals(False)

    def _select_combo(self, name: str) -> None:
        idx = self.bundle_combo.findData(name)
        if idx != self.bundle_combo.currentIndex():
            self.bundle_combo.blockSignals(True)
            self.bundle_combo.setCurrentIndex(idx)
            self.bundle_combo.blockSignals(False)

    def _combo_changed(self, idx: int) -> None:
        name = self.bundle_combo.itemData(idx)
        if name:
            self.ctx.set_current_bundle(name)

    def _model_chip(self, status: dict[str, Any]) -> None:
        c = theme.colors()
        if status.get("mode") == "generative":
            self.model_chip.setText(f"● {status.get('model')}")
            self.model_chip.setToolTip("Answers are written by this local model and checked against the policy")
            self.model_chip.setStyleSheet(f"color: {c.chip_fg};")
        else:
            self.model_chip.setText("● Extractive mode (no language model)")
            self.model_chip.setToolTip(f"{status.get('error') or 'no model'} — answers quote the policy. {HOW_TO_ADD_MODEL}")
            self.model_chip.setStyleSheet(f"color: {c.silent_border};")

    # citations ------------------------------------------------------------------------------------
    def open_citation(self, target: CiteTarget) -> None:
        self.tabs.setCurrentWidget(self.documents_tab)
        # show after the tab is laid out so the scroll position is right
        self.documents_tab.show_citation(target)
        QTimer.singleShot(0, lambda: self.documents_tab._scroll_to(target.start) if self.documents_tab.target is target else None)

    def open_trust_run(self, suite: str, run: str) -> None:
        """Show the benchmark run a trust figure comes from."""
        self.tabs.setCurrentWidget(self.benchmark_tab)
        self.benchmark_tab.show_trust_run(suite, run)

    def _tab_changed(self, _idx: int) -> None:
        w = self.tabs.currentWidget()
        if w is self.ask_tab and self.ask_tab.input.isEnabled():
            self.ask_tab.input.setFocus()

    # jobs -----------------------------------------------------------------------------------------
    def _job_started(self, job: Job) -> None:
        """Show a job in the status bar, unless a tab already shows it (one progress bar, one Cancel per job)."""
        if job.display is not None:
            return
        self._job = job
        self.job_strip.start(job.name + "…")
        job.signals.progress.connect(lambda p: show_progress(self.job_strip, p) if self._job is job else None)

    def _job_ended(self, job: Job) -> None:
        if job is self._job:
            self._job = None
            self.job_strip.finish()

    def _status_cancel(self) -> None:
        cancel_job(self._job)

    def cancel_current(self) -> None:
        """Esc: cancel the running job, wherever it is shown."""
        cancel_job(self.ctx.jobs.current())

    # drag and drop --------------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        accept_locations(event, self.ctx.ready)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        locs = take_locations(event)
        if locs:
            self.tabs.setCurrentWidget(self.bundles_tab)
            QTimer.singleShot(0, lambda: self.bundles_tab.open_add_dialog(locs))

    # closing --------------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        self.ctx.jobs.cancel_all()
        self.ctx.jobs.wait(self.close_wait_ms)
        if self._owns_assistant and self.ctx.assistant is not None:
            self.ctx.assistant.close()
        event.accept()
