"""The Benchmark tab's stored runs of the suites that keep their answers (GenAIPABench, regulations): the sortable table
of scored answers, each answer with its evidence and the judge's reasons, the report's charts and the report itself.

Everything comes from ``eval.registry.StoredRuns`` (the data folder's ``eval.db``); ``eval`` is imported inside functions.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..context import AppContext
from ..ops import run_op
from ..widgets import Banner, heading_label, muted_label, summary_label, tab_page
from ..worker import Job

METRIC_COLS = ("relevance", "accuracy", "clarity", "completeness", "reference")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_ROLE = Qt.ItemDataRole.UserRole + 2


def fmt(value: Any, digits: int = 2) -> str:
    """A figure as the reports write it (``eval.registry.fmt_number``)."""
    from eval.registry import fmt_number

    return fmt_number(value, digits)


def _num(value: Any) -> float:
    try:
        return float(value) if value is not None else -1e9
    except (TypeError, ValueError):
        return -1e9


def choose_folder(parent: QWidget, title: str, folder: str | Path | None) -> Path | None:
    """``folder``, else one the user chooses (None: cancelled)."""
    if folder is None:
        folder = QFileDialog.getExistingDirectory(parent, title, str(Path.home())) or None
    return Path(folder) if folder else None


class ScoreItem(QStandardItem):
    """A table cell that sorts by its numeric value (None last)."""

    def __init__(self, text: str, sort_value: Any = None):
        super().__init__(text)
        self.setEditable(False)
        self.setData(sort_value if sort_value is not None else text, SORT_ROLE)


def _score_table(scores: dict[str, Any], extra: list[tuple[str, str]]) -> str:
    head = "".join(f"<th>{m}</th>" for m in METRIC_COLS) + "".join(f"<th>{html.escape(k)}</th>" for k, _ in extra)
    cells = "".join(f"<td>{fmt(scores.get(m))}</td>" for m in METRIC_COLS) + "".join(f"<td>{html.escape(v)}</td>" for _, v in extra)
    return f"<table border='1' cellpadding='4' cellspacing='0'><tr>{head}</tr><tr>{cells}</tr></table>"


def answer_html(row: dict[str, Any]) -> str:
    """One scored answer: question, answer, citations, evidence, reference, automatic scores, the judges' reasons."""
    e = html.escape
    parts = [f"<h3>{e(row.get('question', ''))}</h3>",
             f"<p style='color:gray'>{e(str(row.get('policy')))} · initialization {e(str(row.get('init')))} · run {row.get('run_no')} · "
             f"{e(str(row.get('category')))} · variant {e(str(row.get('variant')))} · {e(str(row.get('status')))} / {e(str(row.get('mode')))} · "
             f"model {e(str(row.get('model')))}</p>",
             "<h4>Answer</h4>", f"<p>{e(row.get('text') or '(empty)')}</p>"]
    cites = row.get("citations") or []
    if cites:
        parts.append("<h4>Citations</h4><ul>")
        parts += [f"<li><b>{e(str(c.get('id')))}</b> {e(str(c.get('heading', '')))}: {e(str(c.get('text', ''))[:400])}</li>" for c in cites]
        parts.append("</ul>")
    evidence = row.get("evidence") or []
    if evidence:
        parts.append("<h4>Evidence given to the model</h4><ol>")
        parts += [f"<li><b>{e(str(ev.get('id')))}</b> {e(str(ev.get('heading', '')))} (score {fmt(ev.get('score'), 3)}): "
                  f"{e(str(ev.get('text', ''))[:500])}</li>" for ev in evidence]
        parts.append("</ol>")
    ref = row.get("reference") or {}
    if ref:
        addressed = {True: "addressed by the document", False: "NOT addressed by the document", None: "unknown"}.get(row.get("addressed"), "unknown")
        parts.append(f"<h4>Expert reference ({e(addressed)})</h4><p>{e(str(ref.get('answer', '')))}</p>")
    free = row.get("free") or {}
    if free:
        parts.append("<h4>Automatic scores (judge-free proxy)</h4>" + _score_table(free, [("M_all", fmt(free.get("m_all"))),
                                                                                            ("band", str(free.get("band")))])
                     + f"<p>citation validity {fmt(free.get('citation_validity'))} · similarity to the reference {fmt(free.get('similarity'))} · "
                     f"coverage {fmt(free.get('coverage'))} · stance {e(str(free.get('stance')))}</p>")
    judges = row.get("judges") or {}
    for name, j in judges.items():
        reasons = j.get("reasons") or j.get("error") or "(no reasons given)"
        parts.append(f"<h4>Judge: {e(name)} ({e(str(j.get('status')))})</h4>" + _score_table(j, [("M_all", fmt(j.get("m_all")))])
                     + f"<p><b>Reasons:</b> {e(str(reasons))}</p>")
    if not judges:
        parts.append("<h4>Judge</h4><p style='color:gray'>No LLM judge scored this answer (choose a judge model before starting).</p>")
    return "".join(parts)


class AnswerDialog(QDialog):
    """One scored answer (:func:`answer_html`) in a window of its own."""

    def __init__(self, row: dict[str, Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{row.get('policy')} · {row.get('question_id')} / {row.get('variant')} · {row.get('init')}")
        self.resize(820, 640)
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setHtml(answer_html(row))
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)

    def text(self) -> str:
        return self.browser.toPlainText()


class RunsView(QWidget):
    """Stored runs: pick one, browse its scored answers, its charts and its report, export the report."""

    report_ready = Signal(list)  # the files of a report drawn or exported

    def __init__(self, ctx: AppContext, banner: Banner, busy: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx, self.banner, self.busy = ctx, banner, busy
        self.titles: dict[str, str] = {}  # suite name -> title, of the suites shown here
        self.rows: list[dict[str, Any]] = []
        self.run_id = ""
        self.charts: list[Path] = []
        self.report_job: Job | None = None
        self._stored: Any = None
        self._dialogs: list[AnswerDialog] = []
        rl = QVBoxLayout(self)
        rl.setContentsMargins(0, 0, 0, 0)
        rrow = QHBoxLayout()
        rrow.addWidget(heading_label("Results", 1.2))
        rrow.addStretch(1)
        self.run_combo = QComboBox()
        self.run_combo.setAccessibleName("Stored run")
        self.run_combo.setMinimumContentsLength(28)
        self.run_combo.activated.connect(lambda _i: self.show_run(self.run_combo.currentData()))
        self.export_btn = QPushButton("E&xport report…")
        self.export_btn.clicked.connect(lambda: self.export_report())
        rrow.addWidget(QLabel("Run:"))
        rrow.addWidget(self.run_combo)
        rrow.addWidget(self.export_btn)
        rl.addLayout(rrow)
        self.summary = summary_label("No results yet: choose the options on the left and press Start.")
        rl.addWidget(self.summary)
        self.result_tabs = QTabWidget()
        tl = tab_page(self.result_tabs, "&Answers")
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter answers (question, policy, category…)")
        self.filter.setClearButtonEnabled(True)
        tl.addWidget(self.filter)
        self.model = QStandardItemModel(0, 0, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setAccessibleName("Scored answers")
        self.table.setToolTip("Double-click (or Enter) to open an answer with its evidence and the judge's reasons")
        self.table.doubleClicked.connect(lambda idx: self.open_answer(idx.row()))
        self.table.activated.connect(lambda idx: self.open_answer(idx.row()))
        tl.addWidget(self.table, 1)
        self.charts_scroll = QScrollArea()
        self.charts_scroll.setWidgetResizable(True)
        self.charts_page = QWidget()
        self.charts_layout = QVBoxLayout(self.charts_page)
        self.charts_note = muted_label("Charts appear here when a run has results.")
        self.charts_layout.addWidget(self.charts_note)
        self.charts_layout.addStretch(1)
        self.charts_scroll.setWidget(self.charts_page)
        self.result_tabs.addTab(self.charts_scroll, "C&harts")
        self.report_view = QTextBrowser()
        self.report_view.setOpenExternalLinks(False)
        self.report_view.setAccessibleName("Report")
        self.report_view.setPlaceholderText("The report (headline figures, breakdowns, the comparison with Bard and BingAI) appears here.")
        self.result_tabs.addTab(self.report_view, "&Report")
        self.result_tabs.currentChanged.connect(self._result_tab_shown)
        rl.addWidget(self.result_tabs, 1)

    # stored runs ------------------------------------------------------------------------------------
    def stored(self) -> Any:
        """The data folder's ``eval.registry.StoredRuns`` (reopened when the folder changes); None without eval."""
        a = self.ctx.assistant
        if a is None or not self.titles:
            return None
        home = Path(a.home)
        if self._stored is None or self._stored.home != home:
            if self._stored is not None:
                self._stored.close()
            from eval.registry import StoredRuns

            self._stored = StoredRuns(home)
        return self._stored

    def refresh_runs(self, select: str | None = None) -> None:
        self.run_combo.clear()
        try:
            stored = self.stored()
            runs = stored.runs(self.titles) if stored is not None else []
        except Exception as exc:  # noqa: BLE001 - an unreadable eval.db must not break the tab
            self.banner.show_message(f"cannot read the stored benchmark runs: {exc}", "error")
            runs = []
        for r in runs:
            s = r.get("settings") or {}
            label = (f"{r['updated'][:16].replace('T', ' ')} · {self.titles.get(r['suite'], r['suite']).split(': ')[-1]} · "
                     f"{', '.join(s.get('policies') or [])} · {r.get('answers', 0)} answers · {r.get('status')}")
            self.run_combo.addItem(label, r["id"])
        if select:
            self.run_combo.setCurrentIndex(max(0, self.run_combo.findData(select)))
        self.export_btn.setEnabled(self.run_combo.count() > 0)

    def show_latest(self, build_charts: bool = False) -> None:
        if self.run_combo.count():
            self.show_run(self.run_combo.itemData(0), build_charts=build_charts)

    def show_run(self, run_id: str | None, charts: list[Path] | None = None, build_charts: bool = True) -> None:
        """Fill the table (and the charts) with a stored run."""
        stored = self.stored()
        if stored is None or not run_id:
            return
        self.run_id = run_id
        try:
            self.rows = stored.rows(run_id)
            run = stored.run(run_id)
        except Exception as exc:  # noqa: BLE001
            self.banner.show_message(f"cannot read run {run_id}: {exc}", "error")
            return
        self._fill_table(self.rows)
        self._summary(run, self.rows)
        if charts is not None:
            self._show_charts(charts)
            return
        folder = stored.home / "reports" / run_id
        existing = sorted(folder.glob("*.png")) + sorted(folder.glob("report.md")) if folder.is_dir() else []
        self._show_charts(existing)
        if not existing and (build_charts or self.result_tabs.currentIndex() > 0):
            self.make_charts(run_id)

    def _fill_table(self, rows: list[dict[str, Any]]) -> None:
        judge_names = sorted({n for r in rows for n in (r.get("judges") or {})})
        headers = ["Policy", "Init", "Run", "Question", "Category", "Variant", "Question text", "Status",
                   "Proxy M_all", *[m.capitalize() for m in METRIC_COLS], "Band", "Judge M_all", "Seconds"]
        self.model.clear()
        self.model.setHorizontalHeaderLabels(headers)
        for i, r in enumerate(rows):
            free = r.get("free") or {}
            judge = next((r["judges"][n] for n in judge_names if n in (r.get("judges") or {})), None)
            secs = (r.get("timings") or {}).get("wall_s") or (r.get("timings") or {}).get("total_s")
            cells = [ScoreItem(str(r.get("policy"))), ScoreItem(str(r.get("init"))), ScoreItem(str(r.get("run_no")), r.get("run_no")),
                     ScoreItem(str(r.get("question_id"))), ScoreItem(str(r.get("category"))), ScoreItem(str(r.get("variant"))),
                     ScoreItem(str(r.get("question"))), ScoreItem(str(r.get("status"))),
                     ScoreItem(fmt(free.get("m_all")), _num(free.get("m_all"))),
                     *[ScoreItem(fmt(free.get(m)), _num(free.get(m))) for m in METRIC_COLS],
                     ScoreItem(str(free.get("band") or fmt(None))),
                     ScoreItem(fmt(judge.get("m_all")) if judge else fmt(None), _num(judge.get("m_all")) if judge else -1e9),
                     ScoreItem(fmt(secs, 1), _num(secs))]
            cells[0].setData(i, ROW_ROLE)
            cells[6].setToolTip(str(r.get("question")))
            self.model.appendRow(cells)
        hdr = self.table.horizontalHeader()
        hdr.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hdr.setSectionResizeMode(6, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(6, 260)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)

    def _summary(self, run: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        s = run.get("settings") or {}
        try:
            agg = self._stored.figures(rows)
        except Exception:  # noqa: BLE001 - summary numbers are optional
            agg = {}
        judge = agg.get("judge")
        parts = [f"<b>{html.escape(self.titles.get(run.get('suite', ''), str(run.get('suite'))))}</b> · run <code>{html.escape(run['id'])}</code> · "
                 f"{html.escape(str(run.get('status')))} · model {html.escape(str(run.get('model') or fmt(None)))}",
                 f"{len(rows)} answers · documents {html.escape(', '.join(s.get('policies') or []))} · initializations "
                 f"{html.escape(', '.join(s.get('inits') or []))} · {s.get('runs', 1)} run(s)"
                 f"{' · with paraphrases' if s.get('paraphrases') else ''}"]
        if agg:
            parts.append(f"Proxy M_all {fmt(agg.get('proxy_m_all'))} (median {fmt(agg.get('proxy_m_all_median'))}, band "
                         f"{html.escape(str(agg.get('proxy_band')))}) · citation validity {fmt(agg.get('citation_validity'))} · "
                         f"abstention accuracy {fmt(agg.get('abstention_accuracy'))} · paraphrase consistency "
                         f"{fmt(agg.get('paraphrase_consistency'))}"
                         + (f" · judge {html.escape(str(judge))}: M_all {fmt(agg.get('judge_m_all'))}" if judge else ""))
        parts.append("<span style='color:gray'>Proxy scores are judge-free estimates; the charts set them beside the paper's "
                     "Bard and BingAI figures. Double-click an answer for its evidence and the judge's reasons.</span>")
        self.summary.setText("<br>".join(parts))

    def open_answer(self, proxy_row: int) -> AnswerDialog | None:
        src = self.proxy.mapToSource(self.proxy.index(proxy_row, 0))
        i = self.model.item(src.row(), 0).data(ROW_ROLE) if src.isValid() else None
        if i is None or not 0 <= int(i) < len(self.rows):
            return None
        dlg = AnswerDialog(self.rows[int(i)], self)
        self._dialogs = [d for d in self._dialogs if d.isVisible()] + [dlg]
        dlg.show()
        return dlg

    # charts & export ---------------------------------------------------------------------------------
    def make_charts(self, run_id: str, out_dir: Path | None = None, export: bool = False) -> Job | None:
        stored = self.stored()
        if stored is None or self.report_job is not None:
            return None
        target = out_dir or stored.home / "reports" / run_id

        def done(paths: list[Path]) -> None:
            self.report_job = None
            if export:
                self.banner.show_message(f"Report saved to {target} ({len(paths)} files)", "info")
                self.ctx.status_message.emit(f"Report exported to {target}")
            if run_id == self.run_id and not export:
                self._show_charts(paths)
            self.report_ready.emit(paths)

        def failed(message: str) -> None:
            self.report_job = None
            self.charts_note.setText(f"No charts: {message}")
            if export:
                self.banner.show_message(f"cannot export the report: {message}", "error")
            self.report_ready.emit([])

        self.charts_note.setText("Drawing the charts…")
        self.report_job = run_op(self.ctx.jobs, "Drawing the report", lambda _c: stored.report(run_id, target), done, on_failed=failed,
                                 on_cancelled=lambda _m: failed("cancelled"))
        return self.report_job

    def _result_tab_shown(self, index: int) -> None:
        """Draw a stored run's charts the first time its Charts or Report tab is opened."""
        if index > 0 and self.run_id and not self.charts and self.report_job is None and not self.busy():
            self.make_charts(self.run_id)

    def _show_charts(self, paths: list[Path]) -> None:
        while self.charts_layout.count() > 2:
            item = self.charts_layout.takeAt(1)
            w = item.widget() if item is not None else None
            if w is not None:
                w.setParent(None)
        self.charts = [p for p in paths if str(p).lower().endswith(".png")]
        md = next((p for p in paths if p.name == "report.md"), None) or (paths[0].parent / "report.md" if paths else None)
        if md is not None and md.is_file():
            self.report_view.setSearchPaths([str(md.parent)])
            self.report_view.setMarkdown(md.read_text(encoding="utf-8"))
        else:
            self.report_view.clear()
        self.charts_note.setText("" if self.charts else "No charts drawn for this run yet (they are drawn when you open this tab).")
        for p in self.charts:
            title = heading_label(p.stem.replace("_", " ").replace("-", " ").capitalize(), 1.05)
            img = QLabel()
            pix = QPixmap(str(p))
            if not pix.isNull() and pix.width() > 1000:
                pix = pix.scaledToWidth(1000, Qt.TransformationMode.SmoothTransformation)
            img.setPixmap(pix)
            img.setToolTip(str(p))
            img.setAlignment(Qt.AlignmentFlag.AlignLeft)
            self.charts_layout.insertWidget(self.charts_layout.count() - 1, title)
            self.charts_layout.insertWidget(self.charts_layout.count() - 1, img)

    def export_report(self, folder: str | Path | None = None) -> Job | None:
        run_id = self.run_combo.currentData() or self.run_id
        target = choose_folder(self, "Export the benchmark report to", folder) if run_id else None
        return self.make_charts(run_id, target / f"report-{run_id}", export=True) if target is not None else None
